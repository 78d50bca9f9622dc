// A Table holds the items of one table in memory.
//
// Items are grouped by encoded partition key in an absl::flat_hash_map; inside
// a partition they are ordered by encoded sort key (store/key_codec.h) in a
// B-tree (store/partition.h), so memcmp order of the keys is DynamoDB's
// order. Items are held packed (store/packed_item.h): stored items are
// immutable, a write swaps the reference, and a reader that got an ItemPtr
// keeps a consistent snapshot of that item without copying it. A partition
// emptied by deletes is removed. Tables without a sort key keep their one
// item per partition under the empty sort key.
//
// Thread safety: all public methods may be called concurrently. One
// Mutex (common/mutex.h) per table: reads (Get, VisitPartition, stats) take it
// shared, Mutate takes it exclusively, so writes to one table are serialised
// and every write is atomic for readers. Callbacks run under the lock and
// must not call back into the Table.

#ifndef DYNAMITE_STORE_TABLE_H_
#define DYNAMITE_STORE_TABLE_H_

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/base/thread_annotations.h"
#include "absl/container/btree_set.h"
#include "absl/container/flat_hash_map.h"
#include "absl/functional/function_ref.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/time/time.h"

#include "common/mutex.h"
#include "store/item.h"
#include "store/item_ptr.h"
#include "store/key.h"
#include "store/key_bytes.h"
#include "store/packed_item.h"
#include "store/partition.h"

namespace dynamite {

enum class BillingMode { kProvisioned, kPayPerRequest };

// What CreateTable fixed about a table: everything DescribeTable reports that
// does not change with the data.
struct TableDefinition {
  std::string name;
  KeySchema key_schema;
  // The AttributeDefinitions as given (the key attributes, with types).
  std::vector<KeyAttribute> attribute_definitions;
  BillingMode billing_mode = BillingMode::kProvisioned;
  int64_t read_capacity_units = 0;   // 0 under PAY_PER_REQUEST
  int64_t write_capacity_units = 0;  // 0 under PAY_PER_REQUEST
  absl::Time creation_time;
  std::string table_id;  // a UUID
  std::string arn;
};

// One end of a range of encoded sort keys. A Query's bounds borrow the
// request's S and B values (store/key_bytes.h).
struct SortKeyBound {
  KeyBytes key;
  bool inclusive = true;
};

// A range of encoded sort keys; an absent bound is unbounded.
struct SortKeyRange {
  std::optional<SortKeyBound> lower;
  std::optional<SortKeyBound> upper;

  // True if the encoded sort key `key` lies inside the range.
  bool Contains(absl::string_view key) const;
};

enum class Direction { kForward, kBackward };

// The stable 64-bit hash of an encoded partition key that orders a Scan and
// assigns parallel-scan segments: FNV-1a 64 over the key bytes, then
// MurmurHash3's fmix64 finaliser so that the high bits (which pick the
// segment) are well mixed even for short keys differing in their last byte.
// It never depends on a process seed or on insertion history.
uint64_t PartitionHash(absl::string_view encoded_partition_key);

// The parallel-scan segment of a partition with hash `hash`:
// floor(hash * total_segments / 2^64), so segment s holds one contiguous
// range of hashes, the segments are disjoint and they cover every hash.
// REQUIRES: total_segments >= 1
int64_t SegmentOf(uint64_t hash, int64_t total_segments);

// Where a Scan walks: the items strictly after `exclusive_start` (if any)
// in scan order, restricted to partitions of `segment` of `total_segments`.
struct ScanRange {
  std::optional<EncodedKey> exclusive_start;
  int64_t segment = 0;
  int64_t total_segments = 1;
};

class Table {
 public:
  // Receives the current item (null if absent; decoded only if the
  // function dereferences it) and returns the item to store, std::nullopt
  // to delete it, or an error to leave it unchanged.
  using MutateFn = absl::FunctionRef<absl::StatusOr<std::optional<Item>>(
      const ItemPtr& current)>;
  // Receives one item in key order (its DynamoDB size is item.size(), kept
  // with the item so a read never recomputes it); returns false to stop. A
  // visitor that keeps the item takes a PackedItemRef to it.
  using VisitFn = absl::FunctionRef<bool(absl::string_view sort_key,
                                         const PackedItem& item)>;

  explicit Table(TableDefinition definition);

  Table(const Table&) = delete;
  Table& operator=(const Table&) = delete;

  const TableDefinition& definition() const { return definition_; }
  const KeySchema& schema() const { return definition_.key_schema; }

  // Returns the item stored under `key`, or nullptr if there is none.
  ItemPtr Get(const EncodedKey& key) const ABSL_LOCKS_EXCLUDED(mu_);
  // The same, the key given as its encoded partition and sort key bytes.
  ItemPtr Get(absl::string_view partition_key, absl::string_view sort_key) const
      ABSL_LOCKS_EXCLUDED(mu_);

  // Atomically reads the item under `key`, passes it to `mutate`, and stores
  // the result. Returns the item that was there before (nullptr if none). If
  // `mutate` returns an error, the table is unchanged and that error is
  // returned. `mutate` runs with the table lock held exclusively, must be
  // pure, and must not call back into this Table.
  // REQUIRES: a stored item's key attributes encode to `key`.
  absl::StatusOr<ItemPtr> Mutate(const EncodedKey& key, MutateFn mutate)
      ABSL_LOCKS_EXCLUDED(mu_);

  // Visits the items of one partition whose sort keys lie in `range`, in
  // `direction` order, until `visit` returns false. O(log n) to find the
  // first item, then O(1) per item (the far end is compared against for a
  // few items, then sought once); the partition is never copied. Holds the
  // lock shared while visiting.
  void VisitPartition(absl::string_view partition_key,
                      const SortKeyRange& range, Direction direction,
                      VisitFn visit) const ABSL_LOCKS_EXCLUDED(mu_);

  // Visits the items of the whole table in scan order until `visit` returns
  // false: partitions by (PartitionHash, encoded partition key), items of a
  // partition by sort key. The order is stable: it depends only on the keys
  // stored. Only the partitions of `range`'s segment are visited, starting
  // strictly after `range.exclusive_start`. Cost: O(log P) to find the first
  // partition (P partitions, kept in a sorted index that costs O(log P) and
  // one copy of the partition key per partition created or removed), then
  // O(1) hash lookup per partition and O(1) per item; nothing is copied or
  // sorted per scan. Holds the lock shared while visiting.
  // REQUIRES: 0 <= range.segment < range.total_segments
  void VisitAll(const ScanRange& range, VisitFn visit) const
      ABSL_LOCKS_EXCLUDED(mu_);

  // The number of items and DynamoDB's total item size of the table.
  int64_t item_count() const ABSL_LOCKS_EXCLUDED(mu_);
  int64_t size_bytes() const ABSL_LOCKS_EXCLUDED(mu_);

 private:
  // The entry storing `item` under the encoded sort key `sort_key`: it
  // borrows the item's own bytes when they are the encoding (S and B sort
  // keys), else owns a copy of `sort_key`.
  PartitionEntry MakeEntry(absl::string_view sort_key,
                           PackedItemRef item) const;

  const TableDefinition definition_;
  mutable Mutex mu_;
  absl::flat_hash_map<std::string, Partition> partitions_ ABSL_GUARDED_BY(mu_);
  // The keys of partitions_ in scan order: (PartitionHash, key).
  absl::btree_set<std::pair<uint64_t, std::string>> scan_order_
      ABSL_GUARDED_BY(mu_);
  int64_t item_count_ ABSL_GUARDED_BY(mu_) = 0;
  int64_t size_bytes_ ABSL_GUARDED_BY(mu_) = 0;
};

}  // namespace dynamite

#endif  // DYNAMITE_STORE_TABLE_H_
