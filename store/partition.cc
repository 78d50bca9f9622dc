#include "store/partition.h"

#include <cstring>
#include <utility>

namespace dynamite {

PartitionEntry::PartitionEntry(const char* key_data, uint32_t key_size,
                               PackedItemRef item)
    : key_data_(key_data), key_size_(key_size), item_(std::move(item)) {}

PartitionEntry PartitionEntry::Borrowing(absl::string_view key,
                                         PackedItemRef item) {
  return PartitionEntry(key.data(), static_cast<uint32_t>(key.size()),
                        std::move(item));
}

PartitionEntry PartitionEntry::Owning(absl::string_view key,
                                      PackedItemRef item) {
  char* copy = new char[key.size()];
  std::memcpy(copy, key.data(), key.size());
  return PartitionEntry(copy, static_cast<uint32_t>(key.size()) | kOwned,
                        std::move(item));
}

PartitionEntry::PartitionEntry(PartitionEntry&& other) noexcept
    : key_data_(std::exchange(other.key_data_, nullptr)),
      key_size_(std::exchange(other.key_size_, 0)),
      item_(std::move(other.item_)) {}

PartitionEntry& PartitionEntry::operator=(PartitionEntry&& other) noexcept {
  if (this != &other) TakeFrom(other);
  return *this;
}

PartitionEntry::~PartitionEntry() { FreeKey(); }

PartitionEntry PartitionEntry::Clone() const {
  if ((key_size_ & kOwned) != 0) return Owning(key(), item_);
  return Borrowing(key(), item_);
}

void PartitionEntry::Replace(PartitionEntry next) const { TakeFrom(next); }

void PartitionEntry::TakeFrom(PartitionEntry& other) const {
  // The old key may point into the old item, so both change together.
  FreeKey();
  key_data_ = std::exchange(other.key_data_, nullptr);
  key_size_ = std::exchange(other.key_size_, 0);
  item_ = std::move(other.item_);
}

void PartitionEntry::FreeKey() const {
  if ((key_size_ & kOwned) != 0) delete[] key_data_;
}

}  // namespace dynamite
