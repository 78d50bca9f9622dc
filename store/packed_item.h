// PackedItem: a stored item as one immutable block of bytes, and
// PackedItemRef, the reference-counted pointer the store holds it by.
//
// A table keeps every item packed (store/packed_value.h has the format):
// a 16-byte header (reference count, DynamoDB size, attribute count, body
// length) and then the attributes in name order, each its name and its
// packed value. An item of more than kIndexedAttributes attributes also
// has an index, the offset of each attribute (4 bytes an attribute), before
// them, so that a lookup is a binary search and not a walk: an item may
// hold 200,000 one-byte attributes, and a filter or projection names up to
// hundreds of paths. One allocation an item, and nothing in it but the item's
// bytes and about three bytes of framing a value: a leaderboard item of 128
// DynamoDB bytes is a 176-byte block, where as an AttributeMap it was about
// 600 bytes in five blocks.
//
// Reads use the item in place (Find, ForEach) or decode it into an Item
// (Decode). The public read API hands items out as ItemPtr
// (store/item_ptr.h), which decodes only when dereferenced.
//
// Thread safety: a PackedItem never changes after Pack(); the reference
// count is atomic, so PackedItemRefs to one item may be copied and dropped
// on any thread.

#ifndef DYNAMITE_STORE_PACKED_ITEM_H_
#define DYNAMITE_STORE_PACKED_ITEM_H_

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>
#include <utility>

#include "absl/functional/function_ref.h"
#include "absl/strings/string_view.h"

#include "store/packed_value.h"
#include "store/value.h"

namespace dynamite {

class PackedItemRef;

class PackedItem {
 public:
  // Packs `item`, whose DynamoDB size (ItemSize()) is `size`.
  static PackedItemRef Pack(const AttributeMap& item, int64_t size);

  PackedItem(const PackedItem&) = delete;
  PackedItem& operator=(const PackedItem&) = delete;

  // DynamoDB's size of the item (ItemSize()).
  int64_t size() const { return size_; }
  // The number of attributes.
  size_t count() const { return count_; }
  // The bytes of the block, header included (what the item costs the heap,
  // before the allocator's rounding).
  size_t block_bytes() const { return sizeof(PackedItem) + body_size_; }

  // Items of more attributes than this carry an index of their offsets.
  static constexpr size_t kIndexedAttributes = 16;

  // The attribute `name`, if present: O(attributes before it), or
  // O(log attributes) for an indexed item.
  std::optional<ValueView> Find(absl::string_view name) const {
    if (!indexed()) {
      return store_internal::FindPackedEntry(entries(), count_, name);
    }
    return FindIndexed(name);
  }
  // Calls `visit` for each attribute in name order.
  void ForEach(
      absl::FunctionRef<void(absl::string_view, ValueView)> visit) const {
    store_internal::ForEachPackedEntry(entries(), count_, visit);
  }
  // True if `other` holds the same attributes with the same values: the
  // packing is canonical (attributes in name order, sets sorted, numbers
  // normalised), so equal items have equal bytes.
  bool SameContent(const PackedItem& other) const {
    return size_ == other.size_ && count_ == other.count_ &&
           body_size_ == other.body_size_ &&
           std::memcmp(body(), other.body(), body_size_) == 0;
  }
  // The item as an AttributeMap (copies it).
  AttributeMap Decode() const {
    return store_internal::DecodePackedEntries(entries(), count_);
  }

  // The body (index and attributes) as bytes, and an item rebuilt from
  // them: how durability writes an item and reads it back without decoding
  // it (durability/commit_codec.h). The bytes are only as trustworthy as
  // their source: FromBody trusts `body` to be one that body_bytes() gave
  // for `count` attributes (the log's CRCs check that).
  absl::string_view body_bytes() const { return {body(), body_size_}; }
  static PackedItemRef FromBody(int64_t size, uint32_t count,
                                absl::string_view body);

 private:
  friend class PackedItemRef;

  PackedItem(int32_t size, uint32_t count, uint32_t body_size)
      : size_(size), count_(count), body_size_(body_size) {}
  ~PackedItem() = default;

  // The body follows the header in the same block: the index, if any, then
  // the packed attributes.
  const char* body() const { return reinterpret_cast<const char*>(this + 1); }
  char* mutable_body() { return reinterpret_cast<char*>(this + 1); }
  bool indexed() const { return count_ > kIndexedAttributes; }
  // Find() through the index. REQUIRES: indexed().
  std::optional<ValueView> FindIndexed(absl::string_view name) const;
  size_t index_bytes() const { return indexed() ? 4 * count_ : 0; }
  const char* entries() const { return body() + index_bytes(); }

  mutable std::atomic<uint32_t> refs_{1};
  // An item is at most kMaxItemSizeBytes (400 KB), so 32 bits hold the
  // size, the count and the body (whose framing is a few bytes a value).
  int32_t size_;
  uint32_t count_;
  uint32_t body_size_;
};

// A shared, counted reference to a PackedItem: 8 bytes, where a
// std::shared_ptr is 16 and its control block 16 more.
class PackedItemRef {
 public:
  PackedItemRef() noexcept = default;
  // Shares `item` (adds a reference); `item` may be nullptr.
  explicit PackedItemRef(const PackedItem* item) noexcept : item_(item) {
    if (item_ != nullptr) item_->refs_.fetch_add(1, std::memory_order_relaxed);
  }
  PackedItemRef(const PackedItemRef& other) noexcept
      : PackedItemRef(other.item_) {}
  PackedItemRef(PackedItemRef&& other) noexcept
      : item_(std::exchange(other.item_, nullptr)) {}
  PackedItemRef& operator=(PackedItemRef other) noexcept {
    std::swap(item_, other.item_);
    return *this;
  }
  ~PackedItemRef() {
    if (item_ != nullptr) Release();
  }

  const PackedItem* get() const { return item_; }
  const PackedItem& operator*() const { return *item_; }
  const PackedItem* operator->() const { return item_; }
  explicit operator bool() const { return item_ != nullptr; }
  // The number of references to the item (0 for none), as
  // std::shared_ptr::use_count: approximate while other threads share it.
  long use_count() const {  // NOLINT(google-runtime-int): as shared_ptr's
    return item_ == nullptr ? 0
                            : static_cast<long>(
                                  item_->refs_.load(std::memory_order_relaxed));
  }

 private:
  friend class PackedItem;
  struct Adopt {};
  // Takes over the reference Pack() created.
  PackedItemRef(const PackedItem* item, Adopt) noexcept : item_(item) {}

  // Drops this reference. REQUIRES: item_ is not null.
  void Release() noexcept;

  const PackedItem* item_ = nullptr;
};

}  // namespace dynamite

#endif  // DYNAMITE_STORE_PACKED_ITEM_H_
