// ScanOrder: the partition keys of a table (or of a secondary index) in
// scan order, (PartitionHash, key), so that a Scan finds its segment's
// first partition in O(log P) and walks on in a stable order that depends
// only on the keys stored.
//
// Thread safety: none of its own; its owner's lock guards it.

#ifndef DYNAMITE_STORE_SCAN_ORDER_H_
#define DYNAMITE_STORE_SCAN_ORDER_H_

#include <cstdint>
#include <string>
#include <utility>

#include "absl/container/btree_set.h"
#include "absl/functional/function_ref.h"
#include "absl/strings/string_view.h"

namespace dynamite {

class ScanOrder {
 public:
  // Receives a partition key; `resumes` is true for the partition of the
  // walk's start key, whose first entries the caller skips. Returns false
  // to stop.
  using WalkFn = absl::FunctionRef<bool(const std::string& key, bool resumes)>;

  // A partition was created / removed.
  void Add(absl::string_view key);
  void Remove(absl::string_view key);

  // Walks the partitions of `segment` of `total_segments` in scan order:
  // from the partition `start_partition` (when given, and inside the
  // segment; it comes with `resumes` true if it still exists) or from the
  // segment's first partition.
  // REQUIRES: 0 <= segment < total_segments
  void Walk(int64_t segment, int64_t total_segments,
            const std::string* start_partition, WalkFn walk) const;

 private:
  absl::btree_set<std::pair<uint64_t, std::string>> keys_;
};

}  // namespace dynamite

#endif  // DYNAMITE_STORE_SCAN_ORDER_H_
