// Ranges of encoded sort keys, read directions, and the partition hash
// that orders a Scan: what a table and its secondary indexes share about
// where a read walks.
//
// Thread safety: value types and pure functions.

#ifndef DYNAMITE_STORE_SORT_KEY_RANGE_H_
#define DYNAMITE_STORE_SORT_KEY_RANGE_H_

#include <cstdint>
#include <optional>

#include "absl/strings/string_view.h"

#include "store/key_bytes.h"

namespace dynamite {

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

// True if `key` lies past `upper` / before `lower`.
bool Above(absl::string_view key, const SortKeyBound& upper);
bool Below(absl::string_view key, const SortKeyBound& lower);

// The first entry of a B-tree ordered by sort key (a Partition, a
// secondary index's partition) inside the range that starts at `lower`,
// and the first entry past the range that ends at `upper`.
template <typename Tree>
auto RangeBegin(const Tree& tree, const SortKeyBound& lower) {
  return lower.inclusive ? tree.lower_bound(lower.key.view())
                         : tree.upper_bound(lower.key.view());
}
template <typename Tree>
auto RangeEnd(const Tree& tree, const SortKeyBound& upper) {
  return upper.inclusive ? tree.upper_bound(upper.key.view())
                         : tree.lower_bound(upper.key.view());
}

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

}  // namespace dynamite

#endif  // DYNAMITE_STORE_SORT_KEY_RANGE_H_
