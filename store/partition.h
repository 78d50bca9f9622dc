// Partition: the items of one partition key, ordered by encoded sort key.
//
// A B-tree (absl::btree_set) of PartitionEntry: a packed item
// (store/packed_item.h, which knows its DynamoDB size) and its encoded sort
// key (store/key_codec.h), compared with memcmp.
//
// Why not btree_map<std::string, ...>: memory (issue 5 measures resident
// bytes per item). An S or B sort key encodes as its own bytes, which the
// packed item already holds, immutable and kept alive by the entry's
// reference; so the entry points at them instead of copying them into a
// std::string (32 bytes in the slot, plus a heap block for every key longer
// than 15 bytes: all of the workloads' keys). Only an N sort key, whose
// encoding is not the item's bytes, owns a copy. An entry is 24 bytes where
// a (std::string, std::shared_ptr, int64_t) slot was 56, so a 256-byte
// B-tree node holds 10 items instead of 4.
//
// Thread safety: a value type; Table (store/table.h) guards it.

#ifndef DYNAMITE_STORE_PARTITION_H_
#define DYNAMITE_STORE_PARTITION_H_

#include <cstdint>

#include "absl/container/btree_set.h"
#include "absl/strings/string_view.h"
#include "absl/types/compare.h"

#include "store/packed_item.h"
#include "store/shared_partitions.h"

namespace dynamite {

class PartitionEntry {
 public:
  // An entry whose key is `key`, bytes inside `*item` (an S or B sort
  // key's value, or empty for a table without a sort key): borrowed for the
  // item's lifetime, which the entry shares.
  static PartitionEntry Borrowing(absl::string_view key, PackedItemRef item);
  // An entry that keeps its own copy of `key` (an N sort key's encoding).
  static PartitionEntry Owning(absl::string_view key, PackedItemRef item);

  PartitionEntry(PartitionEntry&& other) noexcept;
  PartitionEntry& operator=(PartitionEntry&& other) noexcept;
  PartitionEntry(const PartitionEntry&) = delete;
  PartitionEntry& operator=(const PartitionEntry&) = delete;
  ~PartitionEntry();

  absl::string_view key() const { return {key_data_, KeySize()}; }
  const PackedItem& item() const { return *item_; }
  const PackedItemRef& item_ref() const { return item_; }
  int64_t size() const { return item_->size(); }

  // An entry with the same key and item: the item shared, the key shared
  // too when borrowed from it, copied when owned. A fork's copy of a
  // partition is made of these (store/shared_partitions.h).
  PartitionEntry Clone() const;

  // Replaces this entry's item and key by `next`'s, whose key is the same
  // bytes (so the entry keeps its place in the B-tree). Const because a
  // btree_set hands out only const elements; the members are mutable.
  // REQUIRES: next.key() == key()
  void Replace(PartitionEntry next) const;

  // Orders entries, and entries against encoded keys, by memcmp of the
  // key bytes. Three-way, so that a B-tree search compares each key once.
  struct Compare {
    using is_transparent = void;
    absl::weak_ordering operator()(absl::string_view a,
                                   absl::string_view b) const {
      const int c = a.compare(b);
      return c < 0    ? absl::weak_ordering::less
             : c == 0 ? absl::weak_ordering::equivalent
                      : absl::weak_ordering::greater;
    }
    absl::weak_ordering operator()(const PartitionEntry& a,
                                   const PartitionEntry& b) const {
      return (*this)(a.key(), b.key());
    }
    absl::weak_ordering operator()(const PartitionEntry& a,
                                   absl::string_view b) const {
      return (*this)(a.key(), b);
    }
    absl::weak_ordering operator()(absl::string_view a,
                                   const PartitionEntry& b) const {
      return (*this)(a, b.key());
    }
  };

 private:
  // The high bit of key_size_ says the entry owns key_data_ (new[]); keys
  // are at most kMaxSortKeyBytes, far below it.
  static constexpr uint32_t kOwned = uint32_t{1} << 31;

  PartitionEntry(const char* key_data, uint32_t key_size, PackedItemRef item);
  size_t KeySize() const { return key_size_ & ~kOwned; }
  void FreeKey() const;
  // Frees this entry's key and takes `other`'s key, size and item, leaving
  // `other` empty. Const for Replace(); the members are mutable.
  void TakeFrom(PartitionEntry& other) const;

  mutable const char* key_data_;
  mutable uint32_t key_size_;
  mutable PackedItemRef item_;
};

using Partition = absl::btree_set<PartitionEntry, PartitionEntry::Compare>;
// A table's partitions, by encoded partition key, shared with its forks
// until written.
using TablePartitions = SharedPartitions<Partition>;

}  // namespace dynamite

#endif  // DYNAMITE_STORE_PARTITION_H_
