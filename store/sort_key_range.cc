#include "store/sort_key_range.h"

#include "absl/numeric/int128.h"

namespace dynamite {

bool Above(absl::string_view key, const SortKeyBound& upper) {
  return upper.inclusive ? key > upper.key.view() : key >= upper.key.view();
}

bool Below(absl::string_view key, const SortKeyBound& lower) {
  return lower.inclusive ? key < lower.key.view() : key <= lower.key.view();
}

bool SortKeyRange::Contains(absl::string_view key) const {
  if (lower.has_value() && Below(key, *lower)) return false;
  if (upper.has_value() && Above(key, *upper)) return false;
  return true;
}

uint64_t PartitionHash(absl::string_view encoded_partition_key) {
  uint64_t hash = 14695981039346656037ull;  // FNV-1a 64 offset basis
  for (char c : encoded_partition_key) {
    hash ^= static_cast<unsigned char>(c);
    hash *= 1099511628211ull;  // FNV-1a 64 prime
  }
  // fmix64 (MurmurHash3).
  hash ^= hash >> 33;
  hash *= 0xff51afd7ed558ccdull;
  hash ^= hash >> 33;
  hash *= 0xc4ceb9fe1a85ec53ull;
  hash ^= hash >> 33;
  return hash;
}

int64_t SegmentOf(uint64_t hash, int64_t total_segments) {
  const absl::uint128 product =
      absl::uint128(hash) *
      absl::uint128(static_cast<uint64_t>(total_segments));
  return static_cast<int64_t>(absl::Uint128High64(product));
}

}  // namespace dynamite
