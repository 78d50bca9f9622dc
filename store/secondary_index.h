// SecondaryIndex: the entries of one LSI or GSI, the same shape as a table.
//
// A hash map from the encoded index partition key to a B-tree of entries
// ordered by (encoded index sort key, encoded table key): index keys are not
// unique, so the table's key keeps entries apart and gives equal index keys
// a stable order for pagination. An entry holds its item's data: the
// table's stored item itself, shared, when the index projects ALL or is an
// LSI (which DynamoDB lets a Query read through to the table), else a
// packed copy of just the projected attributes, so a GSI Query can never
// return, or filter on, what the index does not hold. Items without every
// index key attribute have no entry (a sparse index).
//
// Entries are added and removed only from a commit's change records
// (store/commit.h), under the lock of the table that owns the index, so a
// reader holding that lock shared never sees an entry without its item or
// the reverse.
//
// Thread safety: none of its own; its Table's lock guards it
// (store/table.h).

#ifndef DYNAMITE_STORE_SECONDARY_INDEX_H_
#define DYNAMITE_STORE_SECONDARY_INDEX_H_

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "absl/container/btree_set.h"
#include "absl/functional/function_ref.h"
#include "absl/strings/string_view.h"
#include "absl/types/compare.h"

#include "store/index_key.h"
#include "store/key.h"
#include "store/packed_item.h"
#include "store/scan_order.h"
#include "store/shared_partitions.h"
#include "store/sort_key_range.h"
#include "store/table_definition.h"

namespace dynamite {

// The size of `item`'s entry in `index`, on a table keyed by
// `table_schema`: its projected size (the whole item's under ALL; the
// index and table keys and the NonKeyAttributes otherwise), or 0 when the
// item has no entry (it lacks an index key). What the index counts the
// entry for (SecondaryIndex::EntrySize) and what writing it costs
// (api/consumed_capacity.h).
int64_t IndexEntrySize(const IndexDefinition& index,
                       const KeySchema& table_schema, const PackedItem& item);

// True if `a` and `b` hold the same attributes that `index` projects (on a
// table keyed by `table_schema`), with equal values: their entries in the
// index would hold the same data. Says nothing of the index keys beyond
// that (they are projected, so differing keys make the entries differ).
bool SameIndexProjection(const IndexDefinition& index,
                         const KeySchema& table_schema, const PackedItem& a,
                         const PackedItem& b);

// Where an index read resumes: strictly after this entry.
struct IndexPosition {
  std::string partition;  // the encoded index partition key
  std::string sort;       // the encoded index sort key ("" without one)
  EncodedKey table_key;
};

class SecondaryIndex {
 public:
  // Receives an entry's data (see above) and the size it counts for in the
  // index (its projected size); returns false to stop.
  using VisitFn = absl::FunctionRef<bool(const PackedItem& data, int64_t size)>;

  SecondaryIndex(IndexDefinition definition, KeySchema table_schema);

  SecondaryIndex(const SecondaryIndex&) = delete;
  SecondaryIndex& operator=(const SecondaryIndex&) = delete;

  const IndexDefinition& definition() const { return definition_; }

  // An index with the same entries, sharing its partitions with this one
  // until either writes to one (store/shared_partitions.h): a fork's.
  // O(partitions).
  std::unique_ptr<SecondaryIndex> Fork() const;

  // Adds the entry of `item`, stored in the table under `table_key`, if the
  // item has the index's keys. REQUIRES: it has no entry yet.
  void Insert(const EncodedKey& table_key, const PackedItemRef& item);
  // Removes the entry of `item` (stored under `table_key`), if it has one.
  void Erase(const EncodedKey& table_key, const PackedItem& item);
  // The size `item` would count for in the index: its projected size, or 0
  // when it has no entry (it lacks an index key).
  int64_t EntrySize(const PackedItem& item) const;

  // Visits the entries of one index partition whose sort keys lie in
  // `range`, in `direction` order, starting strictly after `start` when
  // given, until `visit` returns false. O(log n) to the first entry, O(1)
  // per entry after it.
  void VisitPartition(absl::string_view partition_key,
                      const SortKeyRange& range, Direction direction,
                      const IndexPosition* start, VisitFn visit) const;

  // Visits every entry of the segment in scan order (index partitions by
  // PartitionHash of their key, entries by index sort key then table key),
  // starting strictly after `start` when given.
  void VisitAll(int64_t segment, int64_t total_segments,
                const IndexPosition* start, VisitFn visit) const;

  int64_t item_count() const { return item_count_; }
  int64_t size_bytes() const { return size_bytes_; }

 private:
  // One heap block holds the entry's encoded index sort key followed by its
  // encoded table key (EncodeTableKey()), so an entry is 32 bytes and a
  // B-tree node holds several of them.
  struct Entry {
    std::unique_ptr<char[]> bytes;
    uint32_t sort_size = 0;
    uint32_t total_size = 0;
    PackedItemRef data;
    // The projected size; an item is at most 400 KB.
    int32_t size = 0;

    // The same key bytes (copied) and data (shared): a fork's copy of a
    // partition is made of these (store/shared_partitions.h).
    Entry Clone() const;

    absl::string_view sort() const { return {bytes.get(), sort_size}; }
    absl::string_view table_key() const {
      return {bytes.get() + sort_size, total_size - sort_size};
    }
  };
  // An entry's key to look up, without building its bytes: the index sort
  // key and the table key, which compares as EncodeTableKey() would encode
  // it.
  struct Probe {
    absl::string_view sort;
    absl::string_view partition;  // of the table key
    absl::string_view table_sort;
  };
  // Orders entries (and probes) by (sort, table_key); against a bare sort
  // key, by sort alone, so that lower_bound / upper_bound of a sort key find
  // the run of entries with that index sort key.
  struct EntryCompare {
    using is_transparent = void;
    absl::weak_ordering operator()(const Entry& a, const Entry& b) const;
    absl::weak_ordering operator()(const Entry& a, const Probe& b) const;
    absl::weak_ordering operator()(const Probe& a, const Entry& b) const;
    absl::weak_ordering operator()(const Entry& a, absl::string_view b) const;
    absl::weak_ordering operator()(absl::string_view a, const Entry& b) const;
  };
  using IndexPartition = absl::btree_set<Entry, EntryCompare>;

  // The table key as one string: a 2-byte big-endian length of the
  // partition key, the partition key, the sort key. Writes it to `out`,
  // which has room for TableKeySize(key) bytes.
  static size_t TableKeySize(const EncodedKey& key);
  static void EncodeTableKey(const EncodedKey& key, char* out);
  // Compares `encoded`, an EncodeTableKey(), with the table key of `probe`.
  static int CompareTableKey(absl::string_view encoded, const Probe& probe);
  // The entry's data and size for `item`: see the header comment.
  std::pair<PackedItemRef, int64_t> EntryData(const PackedItemRef& item) const;
  // Visits `partition` from `first` to `last` (exclusive) in `direction`.
  static bool VisitRange(IndexPartition::const_iterator first,
                         IndexPartition::const_iterator last,
                         Direction direction, VisitFn visit);

  const IndexDefinition definition_;
  const KeySchema table_schema_;
  SharedPartitions<IndexPartition> partitions_;
  ScanOrder scan_order_;
  int64_t item_count_ = 0;
  int64_t size_bytes_ = 0;
};

}  // namespace dynamite

#endif  // DYNAMITE_STORE_SECONDARY_INDEX_H_
