#include "store/commit.h"

#include <algorithm>
#include <atomic>
#include <optional>
#include <tuple>
#include <utility>

#include "absl/container/flat_hash_set.h"
#include "absl/strings/string_view.h"

#include "common/check.h"
#include "store/index_key.h"

namespace dynamite {
namespace {

// Numbers commits (ChangeRecord::sequence).
std::atomic<uint64_t> next_sequence{1};

}  // namespace

// Table's friend: locks the tables of a commit and applies its changes.
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
  // item as it is.
  struct Computed {
    PackedItemRef next;
    bool keep = false;
  };
  static absl::StatusOr<Computed> Compute(
      const Change& change, ItemPtr& current) ABSL_NO_THREAD_SAFETY_ANALYSIS {
    Table& table = *change.table;
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
    absl::Status collection = table.CheckCollectionLocked(
        change.key.partition,
        table.CollectionDeltaLocked(current.packed(), computed.next.get()));
    if (!collection.ok()) return collection;
    return computed;
  }

  static void Apply(const Change& change, const ItemPtr& current,
                    const Computed& computed) ABSL_NO_THREAD_SAFETY_ANALYSIS {
    if (computed.keep) return;
    change.table->ApplyLocked(change.key, current.packed_ref(), computed.next);
  }

 private:
  std::vector<Table*> tables_;
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

}  // namespace

CommitResult Commit(absl::Span<const Change> changes) {
  CheckDistinctKeys(changes);
  CommitResult result;
  result.records.resize(changes.size());
  result.change_statuses.reserve(changes.size());
  std::vector<CommitApplier::Computed> computed(changes.size());
  CommitApplier applier(changes);
  for (size_t i = 0; i < changes.size(); ++i) {
    ChangeRecord& record = result.records[i];
    record.table = changes[i].table;
    record.key = changes[i].key;
    absl::StatusOr<CommitApplier::Computed> next =
        CommitApplier::Compute(changes[i], record.old_image);
    result.change_statuses.push_back(next.status());
    if (!next.ok()) {
      if (result.status.ok()) result.status = next.status();
      continue;
    }
    computed[i] = *std::move(next);
  }
  if (!result.status.ok()) return result;

  const uint64_t sequence = next_sequence.fetch_add(1);
  for (size_t i = 0; i < changes.size(); ++i) {
    ChangeRecord& record = result.records[i];
    CommitApplier::Apply(changes[i], record.old_image, computed[i]);
    if (computed[i].keep) {
      record.kept = true;
      record.new_image = record.old_image;
    } else {
      record.new_image = ItemPtr(std::move(computed[i].next));
    }
    record.sequence = sequence;
  }
  return result;
}

}  // namespace dynamite
