// ItemPtr: how an item read from a table is handed out.
//
// A table stores items packed (store/packed_item.h); a reader gets an
// ItemPtr, which shares the packed item (no copy, and a consistent snapshot:
// later writes replace the table's item, never this one) and reads like a
// std::shared_ptr<const Item>: `*item`, `item->find("name")`, `if (item)`,
// `item == nullptr`. The first dereference decodes the packed item into an
// Item that this ItemPtr keeps; code on a hot path that reads only a few
// attributes, or writes the item out, uses packed() instead and never
// decodes (the query engine's filters, the wire encoder).
//
// Copies share the packed item but not the decoded one: a copy decodes
// again if it is dereferenced.
//
// An item built for one answer and never stored (a projection, UpdateItem's
// ReturnValues) is held as it was built, unpacked (MakeUnpackedItemPtr):
// packing it would only be undone by whoever reads it. Such an ItemPtr has
// no packed() form, and its copies copy the Item.
//
// Thread safety: const methods may be called concurrently (the first
// dereferences race to publish their decoding; one wins, the others free
// theirs). Non-const methods need external synchronisation, as for any value.

#ifndef DYNAMITE_STORE_ITEM_PTR_H_
#define DYNAMITE_STORE_ITEM_PTR_H_

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <utility>

#include "store/item.h"
#include "store/packed_item.h"

namespace dynamite {

class ItemPtr {
 public:
  using element_type = const Item;  // as std::shared_ptr's (gMock's Pointee)

  ItemPtr() noexcept = default;
  // NOLINTNEXTLINE(google-explicit-constructor): as std::shared_ptr's.
  ItemPtr(std::nullptr_t) noexcept {}
  explicit ItemPtr(PackedItemRef packed) noexcept
      : packed_(std::move(packed)) {}
  ItemPtr(const ItemPtr& other) : packed_(other.packed_) {
    if (!packed_) {
      const Item* unpacked = other.decoded_.load(std::memory_order_relaxed);
      if (unpacked != nullptr) {
        decoded_.store(new Item(*unpacked), std::memory_order_relaxed);
      }
    }
  }
  ItemPtr(ItemPtr&& other) noexcept
      : packed_(std::move(other.packed_)),
        decoded_(other.decoded_.exchange(nullptr, std::memory_order_relaxed)) {}
  ItemPtr& operator=(ItemPtr other) noexcept {
    std::swap(packed_, other.packed_);
    const Item* mine = decoded_.load(std::memory_order_relaxed);
    decoded_.store(other.decoded_.exchange(mine, std::memory_order_relaxed),
                   std::memory_order_relaxed);
    return *this;
  }
  ~ItemPtr() { delete decoded_.load(std::memory_order_relaxed); }

  // The item, decoded on first use. REQUIRES: *this is not null.
  const Item& operator*() const { return *Decoded(); }
  const Item* operator->() const { return Decoded(); }
  // The decoded item, or nullptr for a null ItemPtr.
  const Item* get() const {
    return packed_ ? Decoded() : decoded_.load(std::memory_order_relaxed);
  }

  explicit operator bool() const { return get_if_held() != nullptr; }
  friend bool operator==(const ItemPtr& item, std::nullptr_t) {
    return item.get_if_held() == nullptr;
  }

  // The packed item, read in place; nullptr for a null ItemPtr and for an
  // unpacked one (then get() is the item).
  const PackedItem* packed() const { return packed_.get(); }
  const PackedItemRef& packed_ref() const { return packed_; }

 private:
  friend ItemPtr MakeItemPtr(Item item);
  friend ItemPtr MakeUnpackedItemPtr(Item item);

  // Non-null when an item is held, packed or not, without decoding it.
  const void* get_if_held() const {
    if (packed_) return packed_.get();
    return decoded_.load(std::memory_order_relaxed);
  }

  const Item* Decoded() const;

  PackedItemRef packed_;
  mutable std::atomic<const Item*> decoded_{nullptr};
};

// An ItemPtr holding `item`, packed (as a table would store it), its
// decoding already made: `item` itself.
ItemPtr MakeItemPtr(Item item);

// An ItemPtr holding `item` as it is, unpacked: for an item an answer
// carries that no table stores.
ItemPtr MakeUnpackedItemPtr(Item item);

}  // namespace dynamite

#endif  // DYNAMITE_STORE_ITEM_PTR_H_
