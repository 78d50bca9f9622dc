#include "store/attribute_map.h"

#include <algorithm>
#include <cstddef>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"

#include "store/value.h"

namespace dynamite {
namespace {

// One entry is a name and a value; keep it small, it is most of an item.
static_assert(sizeof(AttributeMap::value_type) <= 72,
              "an attribute grew: see store/attribute_map.h");

absl::string_view NameOf(const AttributeMap::value_type& entry) {
  return entry.first;
}

bool NameLess(const AttributeMap::value_type& a,
              const AttributeMap::value_type& b) {
  return NameOf(a) < NameOf(b);
}

}  // namespace

AttributeMap::AttributeMap(std::initializer_list<ListEntry> entries) {
  entries_.reserve(entries.size());
  for (const ListEntry& entry : entries) {
    // The members are mutable: moving out of the const list is defined.
    entries_.emplace_back(std::move(entry.name), std::move(entry.value));
  }
  SortUnique(entries_, KeepDuplicate::kFirst);
}

AttributeMap::AttributeMap(const AttributeMap& other) = default;

AttributeMap& AttributeMap::operator=(const AttributeMap& other) = default;

AttributeMap::AttributeMap(AttributeMap&& other) noexcept
    : entries_(std::move(other.entries_)) {
  other.entries_.clear();
}

AttributeMap& AttributeMap::operator=(AttributeMap&& other) noexcept {
  if (this != &other) {
    entries_ = std::move(other.entries_);
    other.entries_.clear();
  }
  return *this;
}

AttributeMap::~AttributeMap() = default;

AttributeMap AttributeMap::FromEntries(std::vector<value_type> entries) {
  SortUnique(entries, KeepDuplicate::kLast);
  AttributeMap map;
  map.entries_ = std::move(entries);
  return map;
}

void AttributeMap::SortUnique(std::vector<value_type>& entries,
                              KeepDuplicate keep) {
  // Already strictly ascending (an encoder's output, a projection): done.
  if (std::adjacent_find(entries.begin(), entries.end(),
                         [](const value_type& a, const value_type& b) {
                           return !NameLess(a, b);
                         }) == entries.end()) {
    return;
  }
  // Stable, so entries with one name stay in input order and `keep` can
  // pick the first or the last of each run.
  std::stable_sort(entries.begin(), entries.end(), NameLess);
  size_t kept = 0;
  for (size_t i = 0; i < entries.size(); ++i) {
    if (kept > 0 && NameOf(entries[kept - 1]) == NameOf(entries[i])) {
      if (keep == KeepDuplicate::kLast) {
        entries[kept - 1].second = std::move(entries[i].second);
      }
      continue;
    }
    if (kept != i) entries[kept] = std::move(entries[i]);
    ++kept;
  }
  if (kept < entries.size()) {
    entries.erase(entries.begin() + static_cast<std::ptrdiff_t>(kept),
                  entries.end());
    entries.shrink_to_fit();
  }
}

bool AttributeMap::empty() const { return entries_.empty(); }

AttributeMap::size_type AttributeMap::size() const { return entries_.size(); }

AttributeMap::size_type AttributeMap::capacity() const {
  return entries_.capacity();
}

void AttributeMap::reserve(size_type n) { entries_.reserve(n); }

void AttributeMap::clear() { entries_.clear(); }

void AttributeMap::swap(AttributeMap& other) noexcept {
  entries_.swap(other.entries_);
}

AttributeMap::size_type AttributeMap::LowerBound(absl::string_view name) const {
  return static_cast<size_type>(
      std::partition_point(
          entries_.begin(), entries_.end(),
          [name](const value_type& entry) { return NameOf(entry) < name; }) -
      entries_.begin());
}

AttributeMap::size_type AttributeMap::UpperBound(absl::string_view name) const {
  return static_cast<size_type>(
      std::partition_point(
          entries_.begin(), entries_.end(),
          [name](const value_type& entry) { return NameOf(entry) <= name; }) -
      entries_.begin());
}

AttributeMap::size_type AttributeMap::FindIndex(absl::string_view name) const {
  // Most maps (an item's attributes, a request's placeholders) are a
  // handful of names of different lengths: a scan that compares lengths
  // first rarely calls memcmp, where a binary search calls it at every
  // step.
  constexpr size_type kScanAtMost = 8;
  if (entries_.size() <= kScanAtMost) {
    for (size_type i = 0; i < entries_.size(); ++i) {
      if (NameOf(entries_[i]) == name) return i;
    }
    return entries_.size();
  }
  const size_type index = LowerBound(name);
  if (index < entries_.size() && NameOf(entries_[index]) == name) return index;
  return entries_.size();
}

AttributeMap::size_type AttributeMap::AtIndex(absl::string_view name) const {
  const size_type index = FindIndex(name);
  if (index == entries_.size()) {
    throw std::out_of_range(
        absl::StrCat("AttributeMap::at: no attribute \"", name, "\""));
  }
  return index;
}

std::pair<AttributeMap::size_type, bool> AttributeMap::Locate(
    absl::string_view name) const {
  // Builders mostly add names in order: append without a search.
  if (entries_.empty() || NameOf(entries_.back()) < name) {
    return {entries_.size(), false};
  }
  const size_type index = LowerBound(name);
  return {index, NameOf(entries_[index]) == name};
}

AttributeMap::iterator AttributeMap::InsertAt(size_type index, std::string name,
                                              AttributeValue value) {
  if (index == entries_.size()) {
    entries_.emplace_back(std::move(name), std::move(value));
    return entries_.end() - 1;
  }
  return entries_.emplace(entries_.begin() + static_cast<std::ptrdiff_t>(index),
                          std::move(name), std::move(value));
}

std::pair<AttributeMap::iterator, bool> AttributeMap::insert(value_type entry) {
  const auto [index, found] = Locate(entry.first);
  if (found)
    return {entries_.begin() + static_cast<std::ptrdiff_t>(index), false};
  return {InsertAt(index, std::move(entry.first), std::move(entry.second)),
          true};
}

AttributeMap::size_type AttributeMap::EraseName(absl::string_view name) {
  const size_type index = FindIndex(name);
  if (index == entries_.size()) return 0;
  entries_.erase(entries_.begin() + static_cast<std::ptrdiff_t>(index));
  return 1;
}

AttributeMap::iterator AttributeMap::erase(const_iterator position) {
  return entries_.erase(position);
}

bool operator==(const AttributeMap& a, const AttributeMap& b) {
  return a.entries_.size() == b.entries_.size() &&
         std::equal(a.entries_.begin(), a.entries_.end(), b.entries_.begin(),
                    [](const AttributeMap::value_type& x,
                       const AttributeMap::value_type& y) {
                      return x.first == y.first && x.second == y.second;
                    });
}

}  // namespace dynamite
