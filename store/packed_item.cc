#include "store/packed_item.h"

#include <atomic>
#include <cstdint>
#include <new>

#include "store/packed_value.h"
#include "store/value.h"

namespace dynamite {

PackedItemRef PackedItem::Pack(const AttributeMap& item, int64_t size) {
  const size_t body_size = PackedEntriesSize(item);
  void* block = ::operator new(sizeof(PackedItem) + body_size);
  auto* packed = new (block)
      PackedItem(static_cast<int32_t>(size), static_cast<uint32_t>(item.size()),
                 static_cast<uint32_t>(body_size));
  PackEntries(item, packed->mutable_body());
  return PackedItemRef(packed, PackedItemRef::Adopt{});
}

void PackedItemRef::Release() noexcept {
  if (item_ == nullptr) return;
  if (item_->refs_.fetch_sub(1, std::memory_order_acq_rel) == 1) {
    item_->~PackedItem();
    ::operator delete(const_cast<PackedItem*>(item_));
  }
}

}  // namespace dynamite
