// Writes prepared for the commit point (store/commit.h).
//
// Each write action — a Put, an Update, a Delete — is validated whole and
// compiled once by its Prepare…() step, in DynamoDB's order (parameters,
// the mix of legacy and expression parameters, item contents and size,
// expressions and their placeholders, the table, the key), before any
// table is touched. What it yields is the table, the encoded key, and a
// pure Compute() from the item stored now to what to store next: the
// condition is checked there, and an update applied, under the table's
// lock. PutItem, UpdateItem and DeleteItem, BatchWriteItem's requests and
// each action of a TransactWriteItems (whose ConditionCheck prepares to a
// PreparedCheck, which only reads) all prepare through these and commit
// through store/commit.h, so they share one validation and one write path.
//
// A prepared write borrows from its request (the item, the expression
// values its condition and update are bound to): the request must outlive
// it.
//
// Thread safety: a prepared write belongs to one request; Compute() is
// const and pure, so a commit may evaluate it again.

#ifndef DYNAMITE_API_WRITE_PLAN_H_
#define DYNAMITE_API_WRITE_PLAN_H_

#include <memory>
#include <optional>

#include "absl/status/statusor.h"

#include "api/batch_requests.h"
#include "api/item_requests.h"
#include "api/transact_requests.h"
#include "api/write_condition.h"
#include "query/bound.h"
#include "query/expression_cache.h"
#include "store/catalog.h"
#include "store/commit.h"
#include "store/table.h"

namespace dynamite {

struct PreparedPut {
  std::shared_ptr<Table> table;
  EncodedKey key;
  WriteCondition condition;
  const Item* item = nullptr;  // the request's

  absl::StatusOr<NextItem> Compute(const ItemPtr& current) const;
};

struct PreparedDelete {
  std::shared_ptr<Table> table;
  EncodedKey key;
  WriteCondition condition;

  absl::StatusOr<NextItem> Compute(const ItemPtr& current) const;
};

struct PreparedUpdate {
  std::shared_ptr<Table> table;
  EncodedKey key;
  WriteCondition condition;
  // The UpdateExpression (or translated AttributeUpdates, `legacy`);
  // absent: the item is created from its key, or kept as it is.
  std::optional<BoundUpdate> update;
  bool legacy = false;
  const Item* key_item = nullptr;  // the request's Key

  absl::StatusOr<NextItem> Compute(const ItemPtr& current) const;
  // The update applied to `current` (nullptr: no item), checked against
  // the item limits: what Compute() stores.
  absl::StatusOr<UpdateResult> Apply(const Item* current) const;
};

// A transaction's ConditionCheck: the condition checked, the item kept.
struct PreparedCheck {
  std::shared_ptr<Table> table;
  EncodedKey key;
  WriteCondition condition;

  absl::StatusOr<NextItem> Compute(const ItemPtr& current) const;
};

absl::StatusOr<PreparedPut> PreparePut(const PutItemRequest& request,
                                       const Catalog& catalog,
                                       ExpressionCache& expressions);
absl::StatusOr<PreparedDelete> PrepareDelete(const DeleteItemRequest& request,
                                             const Catalog& catalog,
                                             ExpressionCache& expressions);
absl::StatusOr<PreparedUpdate> PrepareUpdate(const UpdateItemRequest& request,
                                             const Catalog& catalog,
                                             ExpressionCache& expressions);

// PutItem's check of the item to write (its attributes, and the 400 KB
// item size), which BatchWriteItem makes of every PutRequest before it
// looks up any table (reference §8.2).
absl::Status ValidateItemToPut(const Item& item);

// A BatchWriteItem's requests, once the batch has checked every item and
// found every table: a write without a condition, keyed as the single-item
// operations are, except that a PutRequest's missing or mistyped key
// attribute is worded as a bad Key (reference §3.2).
absl::StatusOr<PreparedPut> PreparePut(const PutRequest& request,
                                       std::shared_ptr<Table> table);
absl::StatusOr<PreparedDelete> PrepareDelete(const DeleteRequest& request,
                                             std::shared_ptr<Table> table);

// The actions of a TransactWriteItems, prepared as the single-item
// operations are. An error of the key against the table's schema (a wrong
// type, a missing key attribute, a bad index key) also sets `key_fault`:
// the transaction reports it as that action's cancellation reason
// (ValidationError), any other error as the whole request's.
absl::StatusOr<PreparedPut> PreparePut(const TransactPut& action,
                                       const Catalog& catalog,
                                       ExpressionCache& expressions,
                                       bool& key_fault);
absl::StatusOr<PreparedDelete> PrepareDelete(const TransactDelete& action,
                                             const Catalog& catalog,
                                             ExpressionCache& expressions,
                                             bool& key_fault);
absl::StatusOr<PreparedUpdate> PrepareUpdate(const TransactUpdate& action,
                                             const Catalog& catalog,
                                             ExpressionCache& expressions,
                                             bool& key_fault);
absl::StatusOr<PreparedCheck> PrepareConditionCheck(
    const ConditionCheck& action, const Catalog& catalog,
    ExpressionCache& expressions, bool& key_fault);

// Commits one prepared write: a commit of its one change (`await` as
// store/commit.h Commit()).
template <typename Prepared>
CommitResult CommitOne(const Prepared& write,
                       AwaitDurability await = AwaitDurability::kNow) {
  auto compute = [&](const ItemPtr& current) { return write.Compute(current); };
  const Change change{write.table.get(), write.key, compute};
  return Commit(absl::MakeConstSpan(&change, 1), await);
}

}  // namespace dynamite

#endif  // DYNAMITE_API_WRITE_PLAN_H_
