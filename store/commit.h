// The commit point: the one place where writes change tables.
//
// PutItem, UpdateItem, DeleteItem, each request of a BatchWriteItem, every
// TransactWriteItems and each TTL deletion are commits. A commit is
// a set of changes, each (table, key, a pure function from the item stored
// under the key to the item to store there, or to its deletion); the
// operation validates its request and builds the functions first
// (api/write_plan.h), then Commit():
//   1. locks every table the changes touch, exclusively, in one fixed order
//      (Table::lock_order_, unique per table), so two commits can never
//      deadlock;
//   2. runs every change's function on the item as it is now, and checks
//      each new item's secondary-index keys (store/index_key.h
//      CheckIndexKeys()) and, on a table with LSIs, the item-collection
//      limit (with what the commit's earlier changes added to the same
//      collection); if any fails, nothing is applied;
//   3. applies every change to its table and to the table's secondary
//      indexes; then its Database's sequencer (store/commit_sequencer.h)
//      gives the commit the next sequence number and hands its change
//      records to the registered observers (store/commit_observer.h);
//   4. releases the locks and returns the commit's change records, one per
//      change in the order given: (table, key, old image, new image,
//      sequence).
// Readers (which take a table's lock shared) never see part of a commit, in
// a table or in its indexes. Secondary indexes are maintained inside step
// 3; streams and durability are observers of the same records rather
// than of any operation, so every write path gets them and none can
// disagree with the table.
//
// Thread safety: Commit() may be called concurrently from any thread. The
// change functions run under the locks and must be pure (a commit may in
// principle evaluate them again) and must not call into any Table.

#ifndef DYNAMITE_STORE_COMMIT_H_
#define DYNAMITE_STORE_COMMIT_H_

#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "absl/functional/function_ref.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/types/span.h"

#include "store/item.h"
#include "store/item_ptr.h"
#include "store/key.h"
#include "store/table.h"

namespace dynamite {

// What a change stores under its key: nothing (a deletion), an item it
// points at (a PutItem's, which the commit packs without copying), an item
// it built (an UpdateItem's), or what is there already (a transaction's
// ConditionCheck, which only reads).
class NextItem {
 public:
  static NextItem Delete() { return NextItem(); }
  static NextItem Keep() {
    NextItem next;
    next.keep_ = true;
    return next;
  }
  // REQUIRES: `item` outlives the commit.
  static NextItem Borrow(const Item& item) { return NextItem(&item); }
  static NextItem Own(Item item);

  // The item to store, or nullptr to delete. REQUIRES: !keep().
  const Item* get() const { return owned_ ? &*owned_ : borrowed_; }
  // The change leaves the item as it is.
  bool keep() const { return keep_; }

 private:
  NextItem() = default;
  explicit NextItem(const Item* item) : borrowed_(item) {}

  bool keep_ = false;
  const Item* borrowed_ = nullptr;
  std::optional<Item> owned_;
};

// Receives the item stored under the change's key (nullptr if none;
// decoded only if dereferenced) and returns what to store, or an error.
// Pure: it may be evaluated more than once.
using ComputeFn =
    absl::FunctionRef<absl::StatusOr<NextItem>(const ItemPtr& current)>;

// Who asked for a change: a request (PutItem, ..., a transaction), or
// DynamoDB itself, deleting an expired item (the TTL sweeper's rounds,
// api/ttl_ops.cc). Streams tell the two apart: a TTL deletion's record
// carries the service's userIdentity.
enum class ChangeSource { kRequest, kTimeToLive };

// One change of a commit. `table` and `compute` must outlive the Commit()
// call; no two changes may name one (table, key), and every table must
// belong to one sequencer (DYNAMITE_CHECK aborts). A change to a dropped
// table (DeleteTable ran after the operation found it) fails with
// ResourceNotFoundException "Requested resource not found".
struct Change {
  Table* table;
  EncodedKey key;
  ComputeFn compute;
  ChangeSource source = ChangeSource::kRequest;
};

// What a commit did to one item (or, for a commit that failed, what it
// found).
struct ChangeRecord {
  const Table* table = nullptr;
  EncodedKey key;
  // The item stored before the commit (nullptr: there was none). For a
  // failed commit, the item the change was evaluated against.
  ItemPtr old_image;
  // The item stored by the commit (nullptr: deleted, or never there, or
  // the commit failed; for a kept item, the old image).
  ItemPtr new_image;
  // The change only read the item (NextItem::Keep(), a ConditionCheck):
  // nothing was written, and consumers of writes (indexes, streams) skip
  // the record.
  bool kept = false;
  // The change's Change::source.
  ChangeSource source = ChangeSource::kRequest;
  // The commit's number from its Database's sequencer: 1, 2, 3, ... in
  // commit order across every table of the Database (table commits
  // included), so two commits that touch one table are numbered in the
  // order they were applied. 0 for a failed commit.
  uint64_t sequence = 0;
};

struct CommitResult {
  // OK when the commit applied; else the first failing change's error, and
  // nothing was applied.
  absl::Status status;
  // One per change, in the order given (see ChangeRecord).
  std::vector<ChangeRecord> records;
  // One per change: OK, or the change's own error (a transaction reports
  // each action's reason).
  std::vector<absl::Status> change_statuses;
  // `status` is the Database's durability's error
  // (store/commit_observer.h CommitDurability), not a change's: the commit
  // was refused before anything was applied, or it was applied and could
  // not be made durable. No change failed; the writer is told of the error
  // as it is, never acknowledged.
  bool durability_failed = false;
};

// Applies `changes` as one commit (see the header comment). Every change is
// evaluated, even after one fails, so that each gets its status. Before the
// locks are taken the Database's durability may refuse the commit, and
// after they are released Commit() waits until the commit is durable
// (CommitResult::durability_failed).
//
// With AwaitDurability::kDeferred it does not wait: the caller, which makes
// several commits for one request (a BatchWriteItem), must call its
// sequencer's AwaitDurable() with the last commit's number before it
// answers, so that the commits share one wait (one fsync with
// SyncMode::kAlways) instead of one each.
enum class AwaitDurability { kNow, kDeferred };
CommitResult Commit(absl::Span<const Change> changes,
                    AwaitDurability await = AwaitDurability::kNow);

}  // namespace dynamite

#endif  // DYNAMITE_STORE_COMMIT_H_
