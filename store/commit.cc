#include "store/commit.h"

#include <algorithm>
#include <optional>
#include <tuple>
#include <utility>

#include "absl/container/flat_hash_set.h"
#include "absl/strings/string_view.h"

#include "common/check.h"
#include "common/errors.h"
#include "store/commit_sequencer.h"
#include "store/index_key.h"

namespace dynamite {

// Table's friend: locks the tables of a commit and applies its changes.
//
// Clang's thread-safety analysis cannot follow a set of locks that is only
// known at run time (the distinct tables of a commit, taken in a loop and
// held across calls), so the constructor and the destructor, which take and
// release that set, are outside it. Everything done under the locks is
// checked: each step asserts its table's lock (Mutex::AssertHeld(), which
// also aborts at run time if it is not held) and then calls the Table's
// annotated *Locked methods.
class CommitApplier {
 public:
  // Locks the distinct tables of `changes` in lock order.
  explicit CommitApplier(absl::Span<const Change> changes)
      ABSL_NO_THREAD_SAFETY_ANALYSIS {
    for (const Change& change : changes) tables_.push_back(change.table);
    std::sort(tables_.begin(), tables_.end(), [](Table* a, Table* b) {
      return a->lock_order_ < b->lock_order_;
    });
    tables_.erase(std::unique(tables_.begin(), tables_.end()), tables_.end());
    for (Table* table : tables_) table->mu_.Lock();
  }
  ~CommitApplier() ABSL_NO_THREAD_SAFETY_ANALYSIS {
    for (auto it = tables_.rbegin(); it != tables_.rend(); ++it) {
      (*it)->mu_.Unlock();
    }
  }
  CommitApplier(const CommitApplier&) = delete;
  CommitApplier& operator=(const CommitApplier&) = delete;

  // The packed item a change stores (null to delete), unless it keeps the
  // item as it is; and what it adds to its item collection (LSI tables).
  struct Computed {
    PackedItemRef next;
    bool keep = false;
    int64_t collection_delta = 0;
  };
  static absl::StatusOr<Computed> Compute(const Change& change,
                                          ItemPtr& current) {
    Table& table = *change.table;
    table.mu_.AssertHeld();
    if (table.dropped_) {
      return ResourceNotFoundError("Requested resource not found");
    }
    current = table.FindLocked(change.key.partition, change.key.sort);
    absl::StatusOr<NextItem> next = change.compute(current);
    if (!next.ok()) return std::move(next).status();
    Computed computed;
    if (next->keep()) {
      computed.keep = true;
      return computed;
    }
    if (const Item* item = next->get()) {
      absl::Status keys = CheckIndexKeys(*table.definition_, *item);
      if (!keys.ok()) return keys;
      computed.next = PackedItem::Pack(*item, ItemSize(*item));
    }
    computed.collection_delta =
        table.CollectionDeltaLocked(current.packed(), computed.next.get());
    return computed;
  }

  // The item-collection limit, over the whole commit: a change is checked
  // with what every change before it in the commit added to the same
  // collection, so that several writes to one partition key cannot each
  // fit and together overflow it.
  absl::Status CheckCollection(const Change& change, int64_t delta) {
    if (delta == 0) return absl::OkStatus();
    Table& table = *change.table;
    table.mu_.AssertHeld();
    int64_t* total = nullptr;
    for (CollectionGrowth& growth : collection_growth_) {
      if (growth.table == &table && growth.partition == change.key.partition) {
        total = &growth.bytes;
        break;
      }
    }
    if (total == nullptr) {
      collection_growth_.push_back({&table, change.key.partition, 0});
      total = &collection_growth_.back().bytes;
    }
    *total += delta;
    return table.CheckCollectionLocked(change.key.partition, *total);
  }

  static void Apply(const Change& change, const ItemPtr& current,
                    const Computed& computed) {
    if (computed.keep) return;
    Table& table = *change.table;
    table.mu_.AssertHeld();
    table.ApplyLocked(change.key, current.packed_ref(), computed.next);
  }

 private:
  struct CollectionGrowth {
    const Table* table;
    absl::string_view partition;
    int64_t bytes;
  };

  std::vector<Table*> tables_;
  // Per (table, partition key) of the commit that grows a collection: a
  // commit has at most a hundred changes, so a vector searched in order.
  std::vector<CollectionGrowth> collection_growth_;
};

NextItem NextItem::Own(Item item) {
  NextItem next;
  next.owned_ = std::move(item);
  return next;
}

namespace {

// No two changes of a commit may name one (table, key): the second would
// be computed against the item as it was before the first, and one would
// silently overwrite the other. Requests that could (a transaction) refuse
// them with DynamoDB's error before committing; here it is a bug.
void CheckDistinctKeys(absl::Span<const Change> changes) {
  if (changes.size() < 2) return;
  absl::flat_hash_set<
      std::tuple<const Table*, absl::string_view, absl::string_view>>
      seen;
  seen.reserve(changes.size());
  for (const Change& change : changes) {
    DYNAMITE_CHECK(
        seen.emplace(change.table, change.key.partition, change.key.sort)
            .second);
  }
}

// Every table of a commit belongs to one Database's sequencer.
CommitSequencer& SequencerOf(absl::Span<const Change> changes) {
  DYNAMITE_CHECK(!changes.empty());
  CommitSequencer& sequencer = changes.front().table->sequencer();
  for (const Change& change : changes) {
    DYNAMITE_CHECK(&change.table->sequencer() == &sequencer);
  }
  return sequencer;
}

// Steps 1 to 4 of the header comment: returns with the locks released.
CommitResult ApplyCommit(absl::Span<const Change> changes,
                         CommitSequencer& sequencer) {
  CommitResult result;
  result.records.resize(changes.size());
  result.change_statuses.reserve(changes.size());
  std::vector<CommitApplier::Computed> computed(changes.size());
  CommitApplier applier(changes);
  for (size_t i = 0; i < changes.size(); ++i) {
    ChangeRecord& record = result.records[i];
    record.table = changes[i].table;
    record.key = changes[i].key;
    record.source = changes[i].source;
    absl::StatusOr<CommitApplier::Computed> next =
        CommitApplier::Compute(changes[i], record.old_image);
    if (next.ok()) {
      absl::Status collection =
          applier.CheckCollection(changes[i], next->collection_delta);
      if (!collection.ok()) next = std::move(collection);
    }
    result.change_statuses.push_back(next.status());
    if (!next.ok()) {
      if (result.status.ok()) result.status = next.status();
      continue;
    }
    computed[i] = *std::move(next);
  }
  if (!result.status.ok()) return result;

  for (size_t i = 0; i < changes.size(); ++i) {
    ChangeRecord& record = result.records[i];
    CommitApplier::Apply(changes[i], record.old_image, computed[i]);
    if (computed[i].keep) {
      record.kept = true;
      record.new_image = record.old_image;
    } else {
      record.new_image = ItemPtr(std::move(computed[i].next));
    }
  }
  // Numbered and observed while the tables are still locked.
  sequencer.PublishItems(absl::MakeSpan(result.records));
  return result;
}

CommitResult RefusedCommit(absl::Span<const Change> changes,
                           absl::Status refusal) {
  CommitResult result;
  result.records.resize(changes.size());
  for (size_t i = 0; i < changes.size(); ++i) {
    result.records[i].table = changes[i].table;
    result.records[i].key = changes[i].key;
    result.records[i].source = changes[i].source;
  }
  result.change_statuses.assign(changes.size(), absl::OkStatus());
  result.status = std::move(refusal);
  result.durability_failed = true;
  return result;
}

}  // namespace

CommitResult Commit(absl::Span<const Change> changes, AwaitDurability await) {
  CheckDistinctKeys(changes);
  CommitSequencer& sequencer = SequencerOf(changes);
  if (absl::Status writable = sequencer.CheckWritable(); !writable.ok()) {
    return RefusedCommit(changes, std::move(writable));
  }
  CommitResult result = ApplyCommit(changes, sequencer);
  if (!result.status.ok() || await == AwaitDurability::kDeferred) {
    return result;
  }
  // Outside the locks, so that concurrent commits share the wait.
  if (absl::Status durable =
          sequencer.AwaitDurable(result.records.front().sequence);
      !durable.ok()) {
    result.status = std::move(durable);
    result.durability_failed = true;
  }
  return result;
}

}  // namespace dynamite
