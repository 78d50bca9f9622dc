// AttributeMap: attribute name -> AttributeValue, in name order. It is an
// Item (store/item.h) and the contents of an M value (store/value.h).
//
// A flat sorted map: the entries are (name, value) pairs in ONE contiguous
// std::vector, sorted by name in byte order (as std::string's operator<, so
// "a" < "a#" < "ab", and bytes >= 0x80 sort after ASCII), names unique. Why
// not std::map: memory and cache. A std::map costs one heap allocation per
// attribute (a 112-byte tree node: pointers, colour, then the entry); this
// costs one allocation per map, 72 bytes per entry (a std::string and a
// 40-byte AttributeValue), with no node headers or per-node malloc
// overhead (issue 5 measures resident bytes per item). Lookups during
// filter evaluation binary-search one array instead of chasing tree
// pointers across the heap.
//
// The interface is the part of std::map's the code base uses, with
// std::map's semantics: emplace / try_emplace / insert never overwrite an
// existing name, insert_or_assign and operator[] do; at() throws
// std::out_of_range for a missing name; lookups take any string-like name
// (std::string, absl::string_view, std::string_view, const char*) without
// building a std::string.
//
// Differences from std::map a caller must know:
//  - ANY insert or erase (and reserve, clear) invalidates
//    every iterator, pointer and reference into the map: entries move inside
//    the vector. Re-find after a mutation; erase() and the inserting
//    functions return valid iterators. Assigning to a value in place
//    (insert_or_assign or operator[] of a present name) moves nothing.
//  - Inserting at the end (a name greater than every name present) is O(1)
//    amortised; inserting elsewhere moves the later entries, O(n). To build
//    a map from names in no particular order use FromEntries(), which sorts
//    once: O(n log n) instead of O(n^2).
//  - value_type's name is not const; never change it through an iterator.
//
// AttributeValue is incomplete in this header (a map is one of its
// alternatives); include store/value.h to use an AttributeMap.
//
// Thread safety: a value type; const methods may be called concurrently.

#ifndef DYNAMITE_STORE_ATTRIBUTE_MAP_H_
#define DYNAMITE_STORE_ATTRIBUTE_MAP_H_

#include <cstddef>
#include <functional>
#include <initializer_list>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "absl/strings/string_view.h"

namespace dynamite {

class AttributeValue;

namespace store_internal {

// A name a map can be searched by without building a std::string.
template <typename K>
inline constexpr bool kIsAttributeName =
    std::is_convertible_v<const K&, absl::string_view> ||
    std::is_convertible_v<const K&, std::string_view>;

template <typename K>
concept AttributeNameLike = kIsAttributeName<std::remove_cvref_t<K>>;

// `name` as an absl::string_view, which in this abseil build is not
// std::string_view.
template <AttributeNameLike K>
absl::string_view NameView(const K& name) {
  if constexpr (std::is_convertible_v<const K&, absl::string_view>) {
    return name;
  } else {
    const std::string_view view = name;
    return absl::string_view(view.data(), view.size());
  }
}

}  // namespace store_internal

class AttributeMap {
 public:
  using key_type = std::string;
  using mapped_type = AttributeValue;
  using value_type = std::pair<std::string, AttributeValue>;
  using size_type = size_t;
  using difference_type = std::ptrdiff_t;
  using key_compare = std::less<>;
  using reference = value_type&;
  using const_reference = const value_type&;
  using iterator = std::vector<value_type>::iterator;
  using const_iterator = std::vector<value_type>::const_iterator;

  // One entry of a braced list, `{"name", value}`: see the constructor.
  // Defined in store/value.h, where AttributeValue is complete.
  struct ListEntry;

  AttributeMap() noexcept = default;
  // As std::map: of entries with the same name, the first is kept.
  //
  // The entries are MOVED out of the list. A list of value_type could only
  // be copied (an initializer_list's elements are const), so every long
  // string of a braced map or request would be allocated twice; ListEntry's
  // members are `mutable`, which makes moving them out well-defined. The
  // one consequence: a std::initializer_list<ListEntry> object kept in a
  // variable and passed to a second map gives it moved-from entries.
  AttributeMap(std::initializer_list<ListEntry> entries);
  AttributeMap(const AttributeMap& other);
  AttributeMap& operator=(const AttributeMap& other);
  // A moved-from map is empty.
  AttributeMap(AttributeMap&& other) noexcept;
  AttributeMap& operator=(AttributeMap&& other) noexcept;
  ~AttributeMap();

  // Builds a map from entries in any order in O(n log n). Of entries with
  // the same name the LAST is kept, as inserting them in order with
  // insert_or_assign would (and as DynamoDB's JSON decoding does).
  static AttributeMap FromEntries(std::vector<value_type> entries);

  iterator begin() { return entries_.begin(); }
  iterator end() { return entries_.end(); }
  const_iterator begin() const { return entries_.begin(); }
  const_iterator end() const { return entries_.end(); }
  const_iterator cbegin() const { return entries_.begin(); }
  const_iterator cend() const { return entries_.end(); }

  // Out of line, as size(): comparing vector iterators here would need the
  // complete AttributeValue.
  bool empty() const;
  size_type size() const;
  size_type capacity() const;
  void reserve(size_type n);
  void clear();
  // Out of line: std::vector::swap instantiates the entry type, which needs
  // the complete AttributeValue (clang insists; gcc defers it).
  void swap(AttributeMap& other) noexcept;
  friend void swap(AttributeMap& a, AttributeMap& b) noexcept { a.swap(b); }

  // Lookups: O(log n). Any string-like name.
  template <store_internal::AttributeNameLike K>
  iterator find(const K& name) {
    return entries_.begin() + FindIndex(store_internal::NameView(name));
  }
  template <store_internal::AttributeNameLike K>
  const_iterator find(const K& name) const {
    return entries_.begin() + FindIndex(store_internal::NameView(name));
  }
  template <store_internal::AttributeNameLike K>
  bool contains(const K& name) const {
    return FindIndex(store_internal::NameView(name)) != size();
  }
  template <store_internal::AttributeNameLike K>
  size_type count(const K& name) const {
    return contains(name) ? 1 : 0;
  }
  // Throws std::out_of_range if `name` is absent, as std::map::at does.
  template <store_internal::AttributeNameLike K>
  AttributeValue& at(const K& name) {
    return entries_[AtIndex(store_internal::NameView(name))].second;
  }
  template <store_internal::AttributeNameLike K>
  const AttributeValue& at(const K& name) const {
    return entries_[AtIndex(store_internal::NameView(name))].second;
  }
  template <store_internal::AttributeNameLike K>
  iterator lower_bound(const K& name) {
    return entries_.begin() + LowerBound(store_internal::NameView(name));
  }
  template <store_internal::AttributeNameLike K>
  const_iterator lower_bound(const K& name) const {
    return entries_.begin() + LowerBound(store_internal::NameView(name));
  }
  template <store_internal::AttributeNameLike K>
  iterator upper_bound(const K& name) {
    return entries_.begin() + UpperBound(store_internal::NameView(name));
  }
  template <store_internal::AttributeNameLike K>
  const_iterator upper_bound(const K& name) const {
    return entries_.begin() + UpperBound(store_internal::NameView(name));
  }

  // Inserts `name` -> AttributeValue(args...) unless `name` is present.
  // Returns the entry of `name` and whether it was inserted. The name is
  // copied or moved only when inserted.
  template <store_internal::AttributeNameLike K, typename... Args>
  std::pair<iterator, bool> try_emplace(K&& name, Args&&... args) {
    const auto [index, found] = Locate(store_internal::NameView(name));
    if (found) return {entries_.begin() + index, false};
    return {InsertAt(index, std::string(std::forward<K>(name)),
                     AttributeValue(std::forward<Args>(args)...)),
            true};
  }
  // As try_emplace (std::map::emplace(name, value) never overwrites).
  template <store_internal::AttributeNameLike K, typename... Args>
  std::pair<iterator, bool> emplace(K&& name, Args&&... args) {
    return try_emplace(std::forward<K>(name), std::forward<Args>(args)...);
  }
  std::pair<iterator, bool> insert(value_type entry);
  // Inserts `name` -> `value`, or replaces the value if `name` is present.
  template <store_internal::AttributeNameLike K, typename V>
  std::pair<iterator, bool> insert_or_assign(K&& name, V&& value) {
    const auto [index, found] = Locate(store_internal::NameView(name));
    if (found) {
      entries_[index].second = std::forward<V>(value);
      return {entries_.begin() + index, false};
    }
    return {InsertAt(index, std::string(std::forward<K>(name)),
                     AttributeValue(std::forward<V>(value))),
            true};
  }
  // Returns the value of `name`, inserting NULL if it is absent.
  template <store_internal::AttributeNameLike K>
  AttributeValue& operator[](K&& name) {
    return try_emplace(std::forward<K>(name)).first->second;
  }

  // Removes `name`; returns the number of entries removed (0 or 1).
  template <store_internal::AttributeNameLike K>
  size_type erase(const K& name) {
    return EraseName(store_internal::NameView(name));
  }
  // Removes the entry at `position`; returns the entry after it.
  iterator erase(const_iterator position);

  // Same names in the same order, with equal values (AttributeValue's
  // DynamoDB equality).
  friend bool operator==(const AttributeMap& a, const AttributeMap& b);

 private:
  enum class KeepDuplicate { kFirst, kLast };

  // Sorts `entries` by name (stably) and keeps one entry per name.
  static void SortUnique(std::vector<value_type>& entries, KeepDuplicate keep);

  size_type LowerBound(absl::string_view name) const;
  size_type UpperBound(absl::string_view name) const;
  // The index of `name`, or size() if it is absent.
  size_type FindIndex(absl::string_view name) const;
  // The index of `name`; throws std::out_of_range if it is absent.
  size_type AtIndex(absl::string_view name) const;
  // Where `name` is or belongs, and whether it is there. O(1) when `name`
  // sorts after every name present.
  std::pair<size_type, bool> Locate(absl::string_view name) const;
  // REQUIRES: `index` is where `name` belongs and `name` is absent.
  iterator InsertAt(size_type index, std::string name, AttributeValue value);
  size_type EraseName(absl::string_view name);

  std::vector<value_type> entries_;
};

}  // namespace dynamite

#endif  // DYNAMITE_STORE_ATTRIBUTE_MAP_H_
