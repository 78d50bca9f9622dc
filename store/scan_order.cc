#include "store/scan_order.h"

#include "absl/numeric/int128.h"

#include "store/sort_key_range.h"

namespace dynamite {

void ScanOrder::Add(absl::string_view key) {
  keys_.emplace(PartitionHash(key), std::string(key));
}

void ScanOrder::Remove(absl::string_view key) {
  keys_.erase({PartitionHash(key), std::string(key)});
}

void ScanOrder::Walk(int64_t segment, int64_t total_segments,
                     const std::string* start_partition, WalkFn walk) const {
  // The first hash of the segment: ceil(segment * 2^64 / total_segments).
  const absl::uint128 total(static_cast<uint64_t>(total_segments));
  const uint64_t segment_start = absl::Uint128Low64(
      (absl::MakeUint128(static_cast<uint64_t>(segment), 0) + total - 1) /
      total);
  auto it = keys_.lower_bound({segment_start, std::string()});
  bool resumes = false;
  if (start_partition != nullptr) {
    std::pair<uint64_t, std::string> start{PartitionHash(*start_partition),
                                           *start_partition};
    if (start > std::pair<uint64_t, std::string>{segment_start, ""}) {
      it = keys_.lower_bound(start);
      resumes = it != keys_.end() && *it == start;
    }
  }
  for (; it != keys_.end(); ++it) {
    if (SegmentOf(it->first, total_segments) != segment) return;
    if (!walk(it->second, resumes)) return;
    resumes = false;
  }
}

}  // namespace dynamite
