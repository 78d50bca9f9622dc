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
// A table owns its secondary indexes (store/secondary_index.h). Nothing
// changes the items or the indexes but a commit (store/commit.h), which
// applies a write to both under the table's lock; the definition (key
// schema, billing, indexes) is versioned and replaced whole by Redefine().
//
// Thread safety: all public methods may be called concurrently. One
// Mutex (common/mutex.h) per table guards the items, the indexes and the
// definition: reads (Get, the visits, stats, definition()) take it shared,
// a commit and Redefine take it exclusively, so writes to one table are
// serialised and every write is atomic for readers of the table and of its
// indexes alike. Callbacks run under the lock and must not call back into
// the Table.

#ifndef DYNAMITE_STORE_TABLE_H_
#define DYNAMITE_STORE_TABLE_H_

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/base/thread_annotations.h"
#include "absl/container/flat_hash_map.h"
#include "absl/functional/function_ref.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/time/time.h"

#include "common/mutex.h"
#include "store/commit_sequencer.h"
#include "store/item.h"
#include "store/item_ptr.h"
#include "store/key.h"
#include "store/key_bytes.h"
#include "store/packed_item.h"
#include "store/partition.h"
#include "store/secondary_index.h"
#include "store/sort_key_range.h"
#include "store/table_definition.h"

namespace dynamite {

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

  // Receives the table's current definition and returns the next one, or
  // an error to leave the table as it is. Runs under the lock; pure.
  using RedefineFn = absl::FunctionRef<absl::StatusOr<TableDefinition>(
      const TableDefinition& current)>;

  // A table whose commits `sequencer` numbers (its Database's), or
  // CommitSequencer::Unowned() when null.
  explicit Table(TableDefinition definition,
                 CommitSequencer* sequencer = nullptr);

  Table(const Table&) = delete;
  Table& operator=(const Table&) = delete;

  // The current definition: a snapshot that stays as it is however the
  // table is redefined after. An operation takes one per request.
  std::shared_ptr<const TableDefinition> definition() const
      ABSL_LOCKS_EXCLUDED(mu_);
  // The key schema and the name never change.
  const KeySchema& schema() const { return schema_; }
  const std::string& name() const { return name_; }
  CommitSequencer& sequencer() const { return sequencer_; }

  // Returns the item stored under `key`, or nullptr if there is none.
  ItemPtr Get(const EncodedKey& key) const ABSL_LOCKS_EXCLUDED(mu_);
  // The same, the key given as its encoded partition and sort key bytes.
  ItemPtr Get(absl::string_view partition_key, absl::string_view sort_key) const
      ABSL_LOCKS_EXCLUDED(mu_);

  // A commit of one change (store/commit.h Commit()): atomically reads the
  // item under `key`, passes it to `mutate`, and stores the result in the
  // table and its indexes. Returns the item that was there before (nullptr
  // if none). If `mutate` or the index-key check of the new item fails,
  // the table is unchanged and that error is returned. `mutate` runs with
  // the table lock held exclusively, must be pure, and must not call back
  // into this Table.
  // REQUIRES: a stored item's key attributes encode to `key`.
  absl::StatusOr<ItemPtr> Mutate(const EncodedKey& key, MutateFn mutate)
      ABSL_LOCKS_EXCLUDED(mu_);

  // Replaces the definition by `redefine`'s result, atomically: an index
  // the new definition adds (by name) is built from the items stored, one
  // it drops is freed. A table commit (store/commit_observer.h): published
  // under the lock, in order with the table's item commits. Returns the new
  // definition.
  // REQUIRES: the key schema is unchanged; an index kept by name keeps its
  // keys and projection.
  // Like a commit, it may be refused by the Database's durability, and
  // waits for it after the lock is released (store/commit.h Commit()).
  absl::StatusOr<std::shared_ptr<const TableDefinition>> Redefine(
      RedefineFn redefine) ABSL_LOCKS_EXCLUDED(mu_);

  // Stores `item` under `key`, in the items and every index, without a
  // commit: recovery rebuilds a table from a snapshot this way
  // (durability/snapshot.h), and the snapshot's sequence number covers it.
  // The item-collection limit is not checked (the snapshot's items were
  // within it). REQUIRES: nothing observes the table yet; `item` is not
  // null and its key attributes encode to `key`.
  void Restore(const EncodedKey& key, PackedItemRef item)
      ABSL_LOCKS_EXCLUDED(mu_);

  // Ends the table's life as a commit (DeleteTable; Catalog::Delete calls
  // it once the name is gone): the delete is published under the lock, in
  // order after every item commit of the table, and any commit after it
  // fails with ResourceNotFoundException "Requested resource not found"
  // (an operation may have found the table just before it was deleted).
  // Returns the commit's number (the caller awaits its durability).
  uint64_t Drop() ABSL_LOCKS_EXCLUDED(mu_);

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

  // Reads of the index `index_name`, as SecondaryIndex's VisitPartition and
  // VisitAll, under the lock shared. Return false, visiting nothing, when
  // the table has no such index (any more).
  bool VisitIndexPartition(absl::string_view index_name,
                           absl::string_view partition_key,
                           const SortKeyRange& range, Direction direction,
                           const IndexPosition* start,
                           SecondaryIndex::VisitFn visit) const
      ABSL_LOCKS_EXCLUDED(mu_);
  bool VisitIndexAll(absl::string_view index_name, int64_t segment,
                     int64_t total_segments, const IndexPosition* start,
                     SecondaryIndex::VisitFn visit) const
      ABSL_LOCKS_EXCLUDED(mu_);

  // The number of items and DynamoDB's total item size of the table.
  int64_t item_count() const ABSL_LOCKS_EXCLUDED(mu_);
  int64_t size_bytes() const ABSL_LOCKS_EXCLUDED(mu_);

  struct IndexStats {
    int64_t item_count = 0;
    int64_t size_bytes = 0;
  };
  // The entries and projected bytes of each index, in definition order.
  std::vector<IndexStats> index_stats() const ABSL_LOCKS_EXCLUDED(mu_);

  // What DescribeTable reports, read under one lock: the definition and the
  // counts of the table and of each of its indexes (in definition order),
  // never from two versions of the table.
  struct Stats {
    std::shared_ptr<const TableDefinition> definition;
    int64_t item_count = 0;
    int64_t size_bytes = 0;
    std::vector<IndexStats> indexes;
  };
  Stats stats() const ABSL_LOCKS_EXCLUDED(mu_);

  // The size of the item collection of `partition_key` (its items and their
  // LSI entries) on a table with LSIs; std::nullopt on a table without.
  std::optional<int64_t> collection_size(absl::string_view partition_key) const
      ABSL_LOCKS_EXCLUDED(mu_);

 private:
  // Redefine() under the lock: validates, publishes the table commit and
  // sets `sequence` to its number.
  absl::StatusOr<std::shared_ptr<const TableDefinition>> RedefineAndPublish(
      RedefineFn redefine, uint64_t& sequence) ABSL_LOCKS_EXCLUDED(mu_);

  // A fork of `source`: its definition, items and indexes, their
  // partitions shared with it until either writes to one
  // (store/shared_partitions.h); commits numbered by `sequencer`.
  // O(partitions). REQUIRES: source's lock is held, at least shared.
  struct ForkTag {};
  Table(const Table& source, CommitSequencer& sequencer,
        ForkTag) ABSL_NO_THREAD_SAFETY_ANALYSIS;

  // The commit (store/commit.cc) reads and writes under locks it takes.
  friend class CommitApplier;
  // Reads of several tables at one instant take their locks in lock order
  // (store/tables_read_lock.h), and then read under them: snapshot reads
  // (store/snapshot_read.cc) and a capture of the whole database
  // (store/database_capture.cc).
  friend class TablesReadLock;
  friend class SnapshotReader;
  friend class DatabaseCapturer;
  // A fork of the whole database forks every table under their locks
  // (store/database_fork.cc).
  friend class DatabaseForker;

  // The stored item under `key`, or nullptr.
  ItemPtr FindLocked(absl::string_view partition_key,
                     absl::string_view sort_key) const
      ABSL_SHARED_LOCKS_REQUIRED(mu_);
  // Stores `next` (null: deletes) under `key` in place of `old` (null: none),
  // in the items and in every index.
  void ApplyLocked(const EncodedKey& key, const PackedItemRef& old,
                   PackedItemRef next) ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_);
  // What replacing `old` by `next` (either may be null) under one
  // partition key adds to its item collection: the items' sizes and their
  // LSI entries'. 0 on a table without LSIs.
  int64_t CollectionDeltaLocked(const PackedItem* old,
                                const PackedItem* next) const
      ABSL_SHARED_LOCKS_REQUIRED(mu_);
  // ItemCollectionSizeLimitExceededException "Collection size exceeded."
  // when a change that grows the collection of `partition_key` by `delta`
  // takes it past the limit (a shrinking one is always allowed).
  absl::Status CheckCollectionLocked(absl::string_view partition_key,
                                     int64_t delta) const
      ABSL_SHARED_LOCKS_REQUIRED(mu_);
  // The index named `index_name`, or nullptr.
  const SecondaryIndex* FindIndexLocked(absl::string_view index_name) const
      ABSL_SHARED_LOCKS_REQUIRED(mu_);

  // The entry storing `item` under the encoded sort key `sort_key`: it
  // borrows the item's own bytes when they are the encoding (S and B sort
  // keys), else owns a copy of `sort_key`.
  PartitionEntry MakeEntry(absl::string_view sort_key,
                           PackedItemRef item) const;

  const std::string name_;
  const KeySchema schema_;
  // Tables touched by one commit are locked in this order (store/commit.h):
  // unique, from a process-wide counter.
  const uint64_t lock_order_;
  CommitSequencer& sequencer_;
  mutable Mutex mu_;
  // Drop() was called: commits fail.
  bool dropped_ ABSL_GUARDED_BY(mu_) = false;
  std::shared_ptr<const TableDefinition> definition_ ABSL_GUARDED_BY(mu_);
  // One per definition_->indexes, in that order.
  std::vector<std::unique_ptr<SecondaryIndex>> indexes_ ABSL_GUARDED_BY(mu_);
  TablePartitions partitions_ ABSL_GUARDED_BY(mu_);
  ScanOrder scan_order_ ABSL_GUARDED_BY(mu_);
  // Tables with LSIs only: partition key -> item-collection bytes.
  absl::flat_hash_map<std::string, int64_t> collection_bytes_
      ABSL_GUARDED_BY(mu_);
  int64_t item_count_ ABSL_GUARDED_BY(mu_) = 0;
  int64_t size_bytes_ ABSL_GUARDED_BY(mu_) = 0;
};

}  // namespace dynamite

#endif  // DYNAMITE_STORE_TABLE_H_
