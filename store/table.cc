#include "store/table.h"

#include <algorithm>
#include <atomic>
#include <memory>
#include <optional>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/types/span.h"

#include "common/check.h"
#include "common/errors.h"
#include "common/status_macros.h"
#include "store/commit.h"

namespace dynamite {
namespace {

// Hands out Table::lock_order_.
std::atomic<uint64_t> next_lock_order{0};

}  // namespace

Table::Table(TableDefinition definition, CommitSequencer* sequencer)
    : name_(definition.name),
      schema_(definition.key_schema),
      lock_order_(next_lock_order.fetch_add(1, std::memory_order_relaxed)),
      sequencer_(sequencer != nullptr ? *sequencer
                                      : CommitSequencer::Unowned()) {
  for (const IndexDefinition& index : definition.indexes) {
    indexes_.push_back(std::make_unique<SecondaryIndex>(index, schema_));
  }
  definition_ = std::make_shared<const TableDefinition>(std::move(definition));
}

Table::Table(const Table& source, CommitSequencer& sequencer, ForkTag /*fork*/)
    : name_(source.name_),
      schema_(source.schema_),
      lock_order_(next_lock_order.fetch_add(1, std::memory_order_relaxed)),
      sequencer_(sequencer),
      definition_(source.definition_),
      partitions_(source.partitions_.Fork()),
      scan_order_(source.scan_order_),
      collection_bytes_(source.collection_bytes_),
      item_count_(source.item_count_),
      size_bytes_(source.size_bytes_) {
  indexes_.reserve(source.indexes_.size());
  for (const std::unique_ptr<SecondaryIndex>& index : source.indexes_) {
    indexes_.push_back(index->Fork());
  }
}

std::shared_ptr<const TableDefinition> Table::definition() const {
  ReaderMutexLock lock(&mu_);
  return definition_;
}

ItemPtr Table::Get(const EncodedKey& key) const {
  return Get(key.partition, key.sort);
}

ItemPtr Table::Get(absl::string_view partition_key,
                   absl::string_view sort_key) const {
  ReaderMutexLock lock(&mu_);
  return FindLocked(partition_key, sort_key);
}

ItemPtr Table::FindLocked(absl::string_view partition_key,
                          absl::string_view sort_key) const {
  const Partition* partition = partitions_.Find(partition_key);
  if (partition == nullptr) return nullptr;
  auto it = partition->find(sort_key);
  if (it == partition->end()) return nullptr;
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

int64_t Table::CollectionDeltaLocked(const PackedItem* old,
                                     const PackedItem* next) const {
  if (!definition_->has_local_indexes()) return 0;
  int64_t delta =
      (next != nullptr ? next->size() : 0) - (old != nullptr ? old->size() : 0);
  for (const std::unique_ptr<SecondaryIndex>& index : indexes_) {
    if (index->definition().kind != IndexKind::kLocal) continue;
    if (next != nullptr) delta += index->EntrySize(*next);
    if (old != nullptr) delta -= index->EntrySize(*old);
  }
  return delta;
}

absl::Status Table::CheckCollectionLocked(absl::string_view partition_key,
                                          int64_t delta) const {
  if (delta <= 0 || !definition_->has_local_indexes()) {
    return absl::OkStatus();
  }
  auto found = collection_bytes_.find(partition_key);
  const int64_t size = found != collection_bytes_.end() ? found->second : 0;
  if (size + delta > definition_->item_collection_limit_bytes) {
    return MakeError(ErrorKind::kItemCollectionSizeLimitExceeded,
                     "Collection size exceeded.");
  }
  return absl::OkStatus();
}

std::optional<int64_t> Table::collection_size(
    absl::string_view partition_key) const {
  ReaderMutexLock lock(&mu_);
  if (!definition_->has_local_indexes()) return std::nullopt;
  auto found = collection_bytes_.find(partition_key);
  return found != collection_bytes_.end() ? found->second : 0;
}

void Table::ApplyLocked(const EncodedKey& key, const PackedItemRef& old,
                        PackedItemRef next) {
  if (const int64_t delta = CollectionDeltaLocked(old.get(), next.get());
      delta != 0) {
    int64_t& size = collection_bytes_[key.partition];
    size += delta;
    if (size == 0) collection_bytes_.erase(key.partition);
  }
  for (const std::unique_ptr<SecondaryIndex>& index : indexes_) {
    if (old) index->Erase(key, *old);
    if (next) index->Insert(key, next);
  }
  // The partition is taken for writing (copied first if a fork shares it:
  // store/shared_partitions.h) only when this write changes it.
  Partition* partition = old ? partitions_.FindMutable(key.partition) : nullptr;
  const PartitionEntry* stored = nullptr;
  if (partition != nullptr) {
    auto it = partition->find(absl::string_view(key.sort));
    if (it != partition->end()) stored = &*it;
  }
  if (stored != nullptr) {
    --item_count_;
    size_bytes_ -= stored->size();
  }
  if (next) {
    ++item_count_;
    size_bytes_ += next->size();
    PartitionEntry entry = MakeEntry(key.sort, std::move(next));
    if (stored != nullptr) {
      stored->Replace(std::move(entry));
    } else {
      auto [target, created] = partitions_.FindOrCreate(key.partition);
      if (created) scan_order_.Add(key.partition);
      target->insert(std::move(entry));
    }
  } else if (stored != nullptr) {
    partition->erase(absl::string_view(key.sort));
    if (partition->empty()) {
      scan_order_.Remove(key.partition);
      partitions_.Erase(key.partition);
    }
  }
}

absl::StatusOr<ItemPtr> Table::Mutate(const EncodedKey& key, MutateFn mutate) {
  auto compute = [&](const ItemPtr& current) -> absl::StatusOr<NextItem> {
    DYNAMITE_ASSIGN_OR_RETURN(std::optional<Item> next, mutate(current));
    if (!next.has_value()) return NextItem::Delete();
    return NextItem::Own(*std::move(next));
  };
  const Change change{this, key, compute};
  CommitResult result = Commit(absl::MakeConstSpan(&change, 1));
  if (!result.status.ok()) return result.status;
  return std::move(result.records.front().old_image);
}

absl::StatusOr<std::shared_ptr<const TableDefinition>> Table::Redefine(
    RedefineFn redefine) {
  return sequencer_.CommitDurably<std::shared_ptr<const TableDefinition>>(
      [&](uint64_t& sequence) {
        return RedefineAndPublish(redefine, sequence);
      });
}

absl::StatusOr<std::shared_ptr<const TableDefinition>>
Table::RedefineAndPublish(RedefineFn redefine, uint64_t& sequence) {
  MutexLock lock(&mu_);
  if (dropped_) {
    return ResourceNotFoundError(absl::StrCat(
        "Requested resource not found: Table: ", name_, " not found"));
  }
  DYNAMITE_ASSIGN_OR_RETURN(TableDefinition next, redefine(*definition_));
  std::vector<std::unique_ptr<SecondaryIndex>> indexes;
  for (const IndexDefinition& index : next.indexes) {
    auto kept = std::find_if(indexes_.begin(), indexes_.end(),
                             [&](const std::unique_ptr<SecondaryIndex>& old) {
                               return old != nullptr &&
                                      old->definition().name == index.name;
                             });
    if (kept != indexes_.end()) {
      indexes.push_back(std::move(*kept));
      continue;
    }
    // A new index is built from the items as they are (a backfill).
    auto built = std::make_unique<SecondaryIndex>(index, schema_);
    partitions_.ForEach(
        [&](const std::string& partition_key, const Partition& partition) {
          for (const PartitionEntry& entry : partition) {
            built->Insert(EncodedKey{partition_key, std::string(entry.key())},
                          entry.item_ref());
          }
        });
    indexes.push_back(std::move(built));
  }
  indexes_ = std::move(indexes);
  definition_ = std::make_shared<const TableDefinition>(std::move(next));
  TableChangeRecord record{.kind = TableChangeRecord::Kind::kRedefine,
                           .table = this,
                           .definition = definition_};
  sequence = sequencer_.PublishTable(record);
  return definition_;
}

void Table::Restore(const EncodedKey& key, PackedItemRef item) {
  MutexLock lock(&mu_);
  const ItemPtr old = FindLocked(key.partition, key.sort);
  ApplyLocked(key, old.packed_ref(), std::move(item));
}

uint64_t Table::Drop() {
  MutexLock lock(&mu_);
  DYNAMITE_CHECK(!dropped_);
  dropped_ = true;
  TableChangeRecord record{.kind = TableChangeRecord::Kind::kDelete,
                           .table = this,
                           .definition = definition_};
  return sequencer_.PublishTable(record);
}

void Table::VisitPartition(absl::string_view partition_key,
                           const SortKeyRange& range, Direction direction,
                           VisitFn visit) const {
  ReaderMutexLock lock(&mu_);
  const Partition* found = partitions_.Find(partition_key);
  if (found == nullptr) return;
  const Partition& partition = *found;

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
  const EncodedKey* start =
      range.exclusive_start.has_value() ? &*range.exclusive_start : nullptr;
  // Taken here, under the lock, because the thread-safety analysis does
  // not know that the callback below runs while it is held.
  const TablePartitions* partitions = &partitions_;
  scan_order_.Walk(range.segment, range.total_segments,
                   start != nullptr ? &start->partition : nullptr,
                   [&](const std::string& key, bool resumes) {
                     const Partition* found = partitions->Find(key);
                     if (found == nullptr) return true;  // cannot happen
                     const Partition& partition = *found;
                     auto first = resumes ? partition.upper_bound(
                                                absl::string_view(start->sort))
                                          : partition.begin();
                     for (auto item = first; item != partition.end(); ++item) {
                       if (!visit(item->key(), item->item())) return false;
                     }
                     return true;
                   });
}

const SecondaryIndex* Table::FindIndexLocked(
    absl::string_view index_name) const {
  for (const std::unique_ptr<SecondaryIndex>& index : indexes_) {
    if (index->definition().name == index_name) return index.get();
  }
  return nullptr;
}

bool Table::VisitIndexPartition(absl::string_view index_name,
                                absl::string_view partition_key,
                                const SortKeyRange& range, Direction direction,
                                const IndexPosition* start,
                                SecondaryIndex::VisitFn visit) const {
  ReaderMutexLock lock(&mu_);
  const SecondaryIndex* index = FindIndexLocked(index_name);
  if (index == nullptr) return false;
  index->VisitPartition(partition_key, range, direction, start, visit);
  return true;
}

bool Table::VisitIndexAll(absl::string_view index_name, int64_t segment,
                          int64_t total_segments, const IndexPosition* start,
                          SecondaryIndex::VisitFn visit) const {
  ReaderMutexLock lock(&mu_);
  const SecondaryIndex* index = FindIndexLocked(index_name);
  if (index == nullptr) return false;
  index->VisitAll(segment, total_segments, start, visit);
  return true;
}

std::vector<Table::IndexStats> Table::index_stats() const {
  return stats().indexes;
}

Table::Stats Table::stats() const {
  ReaderMutexLock lock(&mu_);
  Stats stats{definition_, item_count_, size_bytes_, {}};
  for (const std::unique_ptr<SecondaryIndex>& index : indexes_) {
    stats.indexes.push_back({index->item_count(), index->size_bytes()});
  }
  return stats;
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
