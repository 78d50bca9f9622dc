#include "store/packed_item.h"

#include <atomic>
#include <cstdint>
#include <cstring>
#include <new>
#include <optional>

#include "store/packed_value.h"
#include "store/value.h"

namespace dynamite {

PackedItemRef PackedItem::Pack(const AttributeMap& item, int64_t size) {
  const size_t index_bytes =
      item.size() > kIndexedAttributes ? sizeof(uint32_t) * item.size() : 0;
  ValuePacker packer;
  size_t entries_size = 0;
  for (const auto& [name, value] : item) {
    entries_size += packer.MeasureEntry(name, value);
  }
  const size_t body_size = index_bytes + entries_size;
  void* block = ::operator new(sizeof(PackedItem) + body_size);
  auto* packed = new (block)
      PackedItem(static_cast<int32_t>(size), static_cast<uint32_t>(item.size()),
                 static_cast<uint32_t>(body_size));
  char* const index = packed->mutable_body();
  char* const entries = index + index_bytes;
  char* out = entries;
  size_t i = 0;
  for (const auto& [name, value] : item) {
    if (index_bytes > 0) {
      // Offsets are written and read as bytes (memcpy), never through a
      // uint32_t pointer into the block.
      const auto offset = static_cast<uint32_t>(out - entries);
      std::memcpy(index + sizeof(uint32_t) * i++, &offset, sizeof(offset));
    }
    out = packer.WriteEntry(name, value, out);
  }
  return PackedItemRef(packed, PackedItemRef::Adopt{});
}

PackedItemRef PackedItem::FromBody(int64_t size, uint32_t count,
                                   absl::string_view body) {
  void* block = ::operator new(sizeof(PackedItem) + body.size());
  auto* packed = new (block) PackedItem(static_cast<int32_t>(size), count,
                                        static_cast<uint32_t>(body.size()));
  if (!body.empty()) {
    std::memcpy(packed->mutable_body(), body.data(), body.size());
  }
  return PackedItemRef(packed, PackedItemRef::Adopt{});
}

std::optional<ValueView> PackedItem::FindIndexed(absl::string_view name) const {
  // Binary search over the index: the attributes are in name order.
  const char* const index = body();
  const char* const first = entries();
  size_t low = 0;
  size_t high = count_;
  while (low < high) {
    const size_t mid = low + (high - low) / 2;
    uint32_t offset = 0;
    std::memcpy(&offset, index + sizeof(uint32_t) * mid, sizeof(offset));
    const char* p = first + offset;
    const absl::string_view entry = store_internal::ReadName(p);
    const int order = entry.compare(name);
    if (order == 0) return ValueView(p);
    if (order < 0) {
      low = mid + 1;
    } else {
      high = mid;
    }
  }
  return std::nullopt;
}

void PackedItemRef::Release() noexcept {
  if (item_->refs_.fetch_sub(1, std::memory_order_acq_rel) == 1) {
    item_->~PackedItem();
    ::operator delete(const_cast<PackedItem*>(item_));
  }
}

}  // namespace dynamite
