#include "store/item_ptr.h"

#include <atomic>
#include <utility>

#include "store/item.h"
#include "store/packed_item.h"

namespace dynamite {

const Item* ItemPtr::Decoded() const {
  const Item* decoded = decoded_.load(std::memory_order_acquire);
  if (decoded != nullptr) return decoded;
  const Item* mine = new Item(packed_->Decode());
  if (decoded_.compare_exchange_strong(decoded, mine, std::memory_order_acq_rel,
                                       std::memory_order_acquire)) {
    return mine;
  }
  // Another thread published its decoding first; `decoded` is it.
  delete mine;
  return decoded;
}

ItemPtr MakeItemPtr(Item item) {
  const int64_t size = ItemSize(item);
  ItemPtr result(PackedItem::Pack(item, size));
  result.decoded_.store(new Item(std::move(item)), std::memory_order_relaxed);
  return result;
}

ItemPtr MakeUnpackedItemPtr(Item item) {
  ItemPtr result;
  result.decoded_.store(new Item(std::move(item)), std::memory_order_relaxed);
  return result;
}

}  // namespace dynamite
