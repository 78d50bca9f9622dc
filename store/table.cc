#include "store/table.h"

#include <memory>
#include <optional>
#include <utility>

#include "absl/numeric/int128.h"

#include "common/status_macros.h"

namespace dynamite {
namespace {

// The first entry of `partition` inside the range that starts at `lower`.
template <typename Partition>
auto RangeBegin(const Partition& partition, const SortKeyBound& lower) {
  return lower.inclusive ? partition.lower_bound(lower.key.view())
                         : partition.upper_bound(lower.key.view());
}

// The first entry of `partition` past the range that ends at `upper`.
template <typename Partition>
auto RangeEnd(const Partition& partition, const SortKeyBound& upper) {
  return upper.inclusive ? partition.upper_bound(upper.key.view())
                         : partition.lower_bound(upper.key.view());
}

bool Above(absl::string_view key, const SortKeyBound& upper) {
  return upper.inclusive ? key > upper.key.view() : key >= upper.key.view();
}

bool Below(absl::string_view key, const SortKeyBound& lower) {
  return lower.inclusive ? key < lower.key.view() : key <= lower.key.view();
}

}  // namespace

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

bool SortKeyRange::Contains(absl::string_view key) const {
  if (lower.has_value() && Below(key, *lower)) return false;
  if (upper.has_value() && Above(key, *upper)) return false;
  return true;
}

Table::Table(TableDefinition definition) : definition_(std::move(definition)) {}

ItemPtr Table::Get(const EncodedKey& key) const {
  return Get(key.partition, key.sort);
}

ItemPtr Table::Get(absl::string_view partition_key,
                   absl::string_view sort_key) const {
  ReaderMutexLock lock(&mu_);
  auto partition = partitions_.find(partition_key);
  if (partition == partitions_.end()) return nullptr;
  auto it = partition->second.find(sort_key);
  if (it == partition->second.end()) return nullptr;
  return ItemPtr(it->item_ref());
}

PartitionEntry Table::MakeEntry(absl::string_view sort_key,
                                PackedItemRef item) const {
  const std::optional<KeyAttribute>& attribute = schema().sort_key;
  if (!attribute.has_value()) {
    return PartitionEntry::Borrowing(absl::string_view(), std::move(item));
  }
  if (attribute->type != KeyType::kN) {
    const std::optional<ValueView> value = item->Find(attribute->name);
    // The item's bytes are its key's encoding; checked rather than assumed,
    // so that a caller breaking Mutate's REQUIRES costs a copy, not a B-tree
    // out of order.
    if (value.has_value() &&
        (value->type() == ValueType::kS || value->type() == ValueType::kB) &&
        value->s() == sort_key) {
      return PartitionEntry::Borrowing(value->s(), std::move(item));
    }
  }
  return PartitionEntry::Owning(sort_key, std::move(item));
}

absl::StatusOr<ItemPtr> Table::Mutate(const EncodedKey& key, MutateFn mutate) {
  MutexLock lock(&mu_);
  auto partition = partitions_.find(key.partition);
  const PartitionEntry* old = nullptr;
  if (partition != partitions_.end()) {
    auto it = partition->second.find(absl::string_view(key.sort));
    if (it != partition->second.end()) old = &*it;
  }
  ItemPtr previous =
      old != nullptr ? ItemPtr(old->item_ref()) : ItemPtr(nullptr);
  DYNAMITE_ASSIGN_OR_RETURN(std::optional<Item> next, mutate(previous));

  if (old != nullptr) {
    --item_count_;
    size_bytes_ -= old->size();
  }
  if (next.has_value()) {
    const int64_t size = ItemSize(*next);
    PartitionEntry entry = MakeEntry(key.sort, PackedItem::Pack(*next, size));
    ++item_count_;
    size_bytes_ += size;
    if (old != nullptr) {
      old->Replace(std::move(entry));
    } else {
      auto [slot, created] = partitions_.try_emplace(key.partition);
      if (created)
        scan_order_.emplace(PartitionHash(key.partition), key.partition);
      slot->second.insert(std::move(entry));
    }
  } else if (old != nullptr) {
    partition->second.erase(absl::string_view(key.sort));
    if (partition->second.empty()) {
      scan_order_.erase({PartitionHash(key.partition), key.partition});
      partitions_.erase(partition);
    }
  }
  return previous;
}

void Table::VisitPartition(absl::string_view partition_key,
                           const SortKeyRange& range, Direction direction,
                           VisitFn visit) const {
  ReaderMutexLock lock(&mu_);
  auto found = partitions_.find(partition_key);
  if (found == partitions_.end()) return;
  const Partition& partition = found->second;

  // The walk seeks the end it starts from. The far end is found lazily:
  // the first kBoundChecks keys are compared with the far bound, which is
  // cheaper than a second seek for the short ranges most Queries read (a
  // day of events, a page of ten); a longer walk then seeks the far end
  // once, so that each further item costs an iterator comparison rather
  // than a key comparison. An empty or inverted range stops at its first
  // key.
  constexpr int kBoundChecks = 8;
  int checks_left = kBoundChecks;
  const std::optional<SortKeyBound>& lower = range.lower;
  const std::optional<SortKeyBound>& upper = range.upper;
  if (direction == Direction::kForward) {
    auto it =
        lower.has_value() ? RangeBegin(partition, *lower) : partition.begin();
    auto end = partition.end();
    bool end_found = !upper.has_value();
    for (; it != end; ++it) {
      if (!end_found) {
        if (Above(it->key(), *upper)) return;
        if (--checks_left == 0) {
          // `it` is inside the range, so the end lies after it.
          end = RangeEnd(partition, *upper);
          end_found = true;
        }
      }
      if (!visit(it->key(), it->item())) return;
    }
    return;
  }
  auto it = upper.has_value() ? RangeEnd(partition, *upper) : partition.end();
  auto begin = partition.begin();
  bool begin_found = !lower.has_value();
  while (it != begin) {
    --it;
    if (!begin_found) {
      if (Below(it->key(), *lower)) return;
      if (--checks_left == 0) {
        // `it` is inside the range, so the range begins at or before it.
        begin = RangeBegin(partition, *lower);
        begin_found = true;
      }
    }
    if (!visit(it->key(), it->item())) return;
  }
}

void Table::VisitAll(const ScanRange& range, VisitFn visit) const {
  ReaderMutexLock lock(&mu_);
  // The first hash of the segment: ceil(segment * 2^64 / total_segments).
  const absl::uint128 total(static_cast<uint64_t>(range.total_segments));
  const uint64_t segment_start = absl::Uint128Low64(
      (absl::MakeUint128(static_cast<uint64_t>(range.segment), 0) + total - 1) /
      total);
  auto it = scan_order_.lower_bound({segment_start, std::string()});
  const std::string* start_sort = nullptr;
  if (range.exclusive_start.has_value()) {
    std::pair<uint64_t, std::string> start{
        PartitionHash(range.exclusive_start->partition),
        range.exclusive_start->partition};
    if (start > std::pair<uint64_t, std::string>{segment_start, ""}) {
      it = scan_order_.lower_bound(start);
      if (it != scan_order_.end() && *it == start) {
        start_sort = &range.exclusive_start->sort;
      }
    }
  }
  for (; it != scan_order_.end(); ++it) {
    if (SegmentOf(it->first, range.total_segments) != range.segment) return;
    auto found = partitions_.find(it->second);
    if (found == partitions_.end()) continue;  // cannot happen
    const Partition& partition = found->second;
    auto first = start_sort != nullptr
                     ? partition.upper_bound(absl::string_view(*start_sort))
                     : partition.begin();
    start_sort = nullptr;
    for (auto item = first; item != partition.end(); ++item) {
      if (!visit(item->key(), item->item())) return;
    }
  }
}

int64_t Table::item_count() const {
  ReaderMutexLock lock(&mu_);
  return item_count_;
}

int64_t Table::size_bytes() const {
  ReaderMutexLock lock(&mu_);
  return size_bytes_;
}

}  // namespace dynamite
