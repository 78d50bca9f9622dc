#include "store/table.h"

#include <memory>
#include <utility>

#include "common/status_macros.h"

namespace dynamite {
namespace {

// Visits [first, last) of `partition` in the given direction. The iterators
// come from lower_bound/upper_bound, so the walk touches only the range.
template <typename Iterator>
void VisitRange(Iterator first, Iterator last, Direction direction,
                Table::VisitFn visit) {
  if (direction == Direction::kForward) {
    for (auto it = first; it != last; ++it) {
      if (!visit(it->first, it->second.item, it->second.size)) return;
    }
    return;
  }
  for (auto it = last; it != first;) {
    --it;
    if (!visit(it->first, it->second.item, it->second.size)) return;
  }
}

}  // namespace

bool SortKeyRange::Contains(absl::string_view key) const {
  if (lower.has_value()) {
    if (lower->inclusive ? key < lower->key : key <= lower->key) return false;
  }
  if (upper.has_value()) {
    if (upper->inclusive ? key > upper->key : key >= upper->key) return false;
  }
  return true;
}

Table::Table(TableDefinition definition) : definition_(std::move(definition)) {}

ItemPtr Table::Get(const EncodedKey& key) const {
  ReaderMutexLock lock(&mu_);
  auto partition = partitions_.find(key.partition);
  if (partition == partitions_.end()) return nullptr;
  auto it = partition->second.find(key.sort);
  if (it == partition->second.end()) return nullptr;
  return it->second.item;
}

absl::StatusOr<ItemPtr> Table::Mutate(const EncodedKey& key, MutateFn mutate) {
  MutexLock lock(&mu_);
  auto partition = partitions_.find(key.partition);
  Entry old;
  if (partition != partitions_.end()) {
    auto it = partition->second.find(key.sort);
    if (it != partition->second.end()) old = it->second;
  }
  DYNAMITE_ASSIGN_OR_RETURN(std::optional<Item> next, mutate(old.item.get()));

  if (old.item != nullptr) {
    --item_count_;
    size_bytes_ -= old.size;
  }
  if (next.has_value()) {
    Entry entry;
    entry.size = ItemSize(*next);
    entry.item = std::make_shared<const Item>(*std::move(next));
    ++item_count_;
    size_bytes_ += entry.size;
    partitions_[key.partition].insert_or_assign(key.sort, std::move(entry));
  } else if (old.item != nullptr) {
    partition->second.erase(key.sort);
    if (partition->second.empty()) partitions_.erase(partition);
  }
  return old.item;
}

void Table::VisitPartition(absl::string_view partition_key,
                           const SortKeyRange& range, Direction direction,
                           VisitFn visit) const {
  ReaderMutexLock lock(&mu_);
  auto found = partitions_.find(partition_key);
  if (found == partitions_.end()) return;
  const Partition& partition = found->second;

  auto first = partition.begin();
  if (range.lower.has_value()) {
    first = range.lower->inclusive ? partition.lower_bound(range.lower->key)
                                   : partition.upper_bound(range.lower->key);
  }
  auto last = partition.end();
  if (range.upper.has_value()) {
    last = range.upper->inclusive ? partition.upper_bound(range.upper->key)
                                  : partition.lower_bound(range.upper->key);
  }
  // An empty or inverted range (lower bound past the upper) visits nothing.
  if (first == partition.end()) return;
  if (last != partition.end() && !(first->first < last->first)) return;
  VisitRange(first, last, direction, visit);
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
