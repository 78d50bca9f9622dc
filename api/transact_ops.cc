// The transactions of Database: TransactWriteItems and TransactGetItems
// (reference §8.4; api/transact_requests.h).
//
// TransactWriteItems validates the whole request first — its constraints,
// every action prepared as its single-item operation would be
// (api/write_plan.h), no two actions on one item, the 4 MB aggregate — and
// then makes all its actions one commit (store/commit.h): every condition
// is checked and every new item computed under the locks of all the tables
// it touches, and either all are applied or none. A failed condition, or an
// action whose key does not fit its table, cancels it with one reason per
// action. TransactGetItems reads its items from one snapshot
// (store/snapshot_read.h).

#include <algorithm>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "absl/container/flat_hash_set.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

#include "api/constraint.h"
#include "api/consumed_capacity.h"
#include "api/database.h"
#include "api/expression_attributes.h"
#include "api/item_collection.h"
#include "api/write_plan.h"
#include "common/constraint_error.h"
#include "common/errors.h"
#include "common/status_macros.h"
#include "query/placeholders.h"
#include "query/projection.h"
#include "store/index_key.h"
#include "store/snapshot_read.h"

namespace dynamite {
namespace {

constexpr int64_t kMaxTransactionBytes = 4 * 1024 * 1024;

constexpr absl::string_view kOneActionPerItem =
    "Transaction request cannot include multiple operations on one item";
constexpr absl::string_view kNotOneAction =
    "TransactItems can only contain one of Check, Put, Update or Delete";

// The constraints checked before anything else: the number of actions and
// the token's length.
absl::Status CheckConstraints(size_t actions,
                              const std::optional<std::string>& token) {
  std::vector<std::string> violations;
  if (token.has_value()) {
    if (token->empty()) {
      violations.push_back(
          ConstraintViolation(*token, "clientRequestToken",
                              "Member must have length greater than or equal "
                              "to 1"));
    } else if (token->size() > kMaxClientRequestTokenLength) {
      violations.push_back(
          ConstraintViolation(*token, "clientRequestToken",
                              "Member must have length less than or equal to "
                              "36"));
    }
  }
  if (actions == 0) {
    violations.push_back(
        ConstraintViolation("[]", "transactItems",
                            "Member must have length greater than or equal "
                            "to 1"));
  } else if (actions > kMaxTransactItems) {
    violations.push_back(
        ConstraintViolation("[...]", "transactItems",
                            "Member must have length less than or equal to "
                            "100"));
  }
  if (violations.empty()) return absl::OkStatus();
  return ConstraintError(violations);
}

// One prepared action of a TransactWriteItems.
using PreparedAction =
    std::variant<PreparedCheck, PreparedPut, PreparedUpdate, PreparedDelete>;

const std::shared_ptr<Table>& TableOf(const PreparedAction& action) {
  return std::visit(
      [](const auto& prepared) -> const std::shared_ptr<Table>& {
        return prepared.table;
      },
      action);
}
const EncodedKey& KeyOf(const PreparedAction& action) {
  return std::visit(
      [](const auto& prepared) -> const EncodedKey& { return prepared.key; },
      action);
}
bool KeepsFailedItem(const TransactWriteItem& item) {
  auto all_old = [](const auto& action) {
    return action.return_values_on_condition_check_failure ==
           ReturnValuesOnConditionCheckFailure::kAllOld;
  };
  if (item.condition_check) return all_old(*item.condition_check);
  if (item.put) return all_old(*item.put);
  if (item.update) return all_old(*item.update);
  return all_old(*item.delete_item);
}
// The item whose key attributes identify the action's item (for its
// ItemCollectionMetrics), and its size in the request.
const Item& KeyedItemOf(const TransactWriteItem& item) {
  if (item.condition_check) return item.condition_check->key;
  if (item.put) return item.put->item;
  if (item.update) return item.update->key;
  return item.delete_item->key;
}

absl::StatusOr<PreparedAction> PrepareAction(const TransactWriteItem& item,
                                             const Catalog& catalog,
                                             ExpressionCache& expressions,
                                             bool& key_fault) {
  const int kinds = item.condition_check.has_value() + item.put.has_value() +
                    item.update.has_value() + item.delete_item.has_value();
  if (kinds != 1) return ValidationError(kNotOneAction);
  if (item.condition_check) {
    return PrepareConditionCheck(*item.condition_check, catalog, expressions,
                                 key_fault);
  }
  if (item.put) return PreparePut(*item.put, catalog, expressions, key_fault);
  if (item.update) {
    return PrepareUpdate(*item.update, catalog, expressions, key_fault);
  }
  return PrepareDelete(*item.delete_item, catalog, expressions, key_fault);
}

// The reason of one action of a cancelled transaction, from its status in
// the commit (or its key fault).
CancellationReason ReasonOf(const absl::Status& status, const ItemPtr& current,
                            bool keep_item) {
  if (status.ok()) return CancellationReason{"None", std::nullopt, nullptr};
  switch (ErrorKindOf(status)) {
    case ErrorKind::kConditionalCheckFailed:
      return CancellationReason{
          "ConditionalCheckFailed", std::string(status.message()),
          keep_item && current != nullptr ? ItemPtr(current.packed_ref())
                                          : nullptr};
    case ErrorKind::kItemCollectionSizeLimitExceeded:
      return CancellationReason{"ItemCollectionSizeLimitExceeded",
                                std::string(status.message()), nullptr};
    default:
      return CancellationReason{"ValidationError",
                                std::string(status.message()), nullptr};
  }
}

TransactWriteResult Cancelled(std::vector<CancellationReason> reasons) {
  std::vector<absl::string_view> codes;
  codes.reserve(reasons.size());
  for (const CancellationReason& reason : reasons) codes.push_back(reason.code);
  return TransactWriteResult(
      MakeError(ErrorKind::kTransactionCanceled,
                absl::StrCat("Transaction cancelled, please refer "
                             "cancellation reasons for specific reasons [",
                             absl::StrJoin(codes, ", "), "]")),
      std::move(reasons));
}

// An item's identity across tables, for the one-action-per-item rule.
std::string ItemIdentity(const Table& table, const EncodedKey& key) {
  std::string identity = table.name();
  AppendTupleValue(key.partition, identity);
  AppendTupleValue(key.sort, identity);
  return identity;
}

int64_t ItemBytes(const ItemPtr& item) {
  return item == nullptr ? 0 : item.packed()->size();
}

}  // namespace

TransactWriteResult Database::TransactWriteItems(
    const TransactWriteItemsRequest& request) {
  DYNAMITE_RETURN_IF_ERROR(CheckConstraints(request.transact_items.size(),
                                            request.client_request_token));
  const std::vector<TransactWriteItem>& items = request.transact_items;

  // Every action prepared; a key that does not fit its table is that
  // action's reason (the first one only: validation stops there).
  std::vector<PreparedAction> actions;
  actions.reserve(items.size());
  std::optional<size_t> key_fault_at;
  absl::Status key_fault_status;
  int64_t request_bytes = 0;
  for (size_t i = 0; i < items.size(); ++i) {
    bool key_fault = false;
    absl::StatusOr<PreparedAction> action =
        PrepareAction(items[i], catalog_, expressions_, key_fault);
    if (!action.ok()) {
      if (!key_fault) return std::move(action).status();
      if (!key_fault_at.has_value()) {
        key_fault_at = i;
        key_fault_status = std::move(action).status();
      }
      continue;
    }
    request_bytes += ItemSize(KeyedItemOf(items[i]));
    actions.push_back(*std::move(action));
  }
  if (key_fault_at.has_value()) {
    std::vector<CancellationReason> reasons(
        items.size(), CancellationReason{"None", std::nullopt, nullptr});
    reasons[*key_fault_at] = ReasonOf(key_fault_status, nullptr, false);
    return Cancelled(std::move(reasons));
  }
  absl::flat_hash_set<std::string> seen;
  for (const PreparedAction& action : actions) {
    if (!seen.insert(ItemIdentity(*TableOf(action), KeyOf(action))).second) {
      return ValidationError(kOneActionPerItem);
    }
  }
  if (request_bytes > kMaxTransactionBytes) {
    return ValidationError("Transaction request cannot be larger than 4 MB");
  }

  auto run = [&]() -> TransactionTokens::Outcome {
    std::vector<Change> changes;
    changes.reserve(actions.size());
    std::vector<std::function<absl::StatusOr<NextItem>(const ItemPtr&)>>
        computes;
    computes.reserve(actions.size());
    for (const PreparedAction& action : actions) {
      computes.emplace_back([&action](const ItemPtr& current) {
        return std::visit(
            [&](const auto& prepared) { return prepared.Compute(current); },
            action);
      });
      changes.push_back(
          Change{TableOf(action).get(), KeyOf(action), computes.back()});
    }
    CommitResult commit = Commit(changes);
    // Not a cancellation: no action failed, the log could not keep them.
    if (commit.durability_failed) return {commit.status, {}};
    if (!commit.status.ok()) {
      std::vector<CancellationReason> reasons;
      reasons.reserve(actions.size());
      for (size_t i = 0; i < actions.size(); ++i) {
        reasons.push_back(ReasonOf(commit.change_statuses[i],
                                   commit.records[i].old_image,
                                   KeepsFailedItem(items[i])));
      }
      return {Cancelled(std::move(reasons)), {}};
    }

    CapacityMeter meter(request.return_consumed_capacity);
    // What a repeat under the token answers: the read units of the items
    // (reference §10.3). Without a token there is no repeat to answer.
    CapacityMeter replay(request.client_request_token.has_value()
                             ? request.return_consumed_capacity
                             : ReturnConsumedCapacity::kNone);
    TransactWriteItemsResponse response;
    for (size_t i = 0; i < actions.size(); ++i) {
      const ChangeRecord& record = commit.records[i];
      const Table& table = *TableOf(actions[i]);
      if (replay.enabled()) {
        const int64_t bytes =
            std::max(ItemBytes(record.old_image), ItemBytes(record.new_image));
        replay.AddTableRead(table.name(),
                            ReadUnits(bytes, ReadMode::kTransactional));
      }
      // A ConditionCheck (a kept record) costs the write units of the item
      // it checked, as DynamoDB charges it (reference §10.3).
      if (meter.enabled()) {
        meter.AddWrite(*table.definition(), record, /*transactional=*/true);
      }
      if (record.kept) continue;
      if (std::optional<ItemCollectionMetrics> metrics =
              CollectionMetrics(request.return_item_collection_metrics, table,
                                KeyedItemOf(items[i]))) {
        response.item_collection_metrics[table.name()].push_back(
            *std::move(metrics));
      }
    }
    response.consumed_capacity = meter.Report();
    TransactWriteItemsResponse replayed;
    replayed.consumed_capacity = replay.Report();
    return {std::move(response), std::move(replayed)};
  };
  if (!request.client_request_token.has_value()) return run().result;
  return transaction_tokens_.Run(request, *clock_, run);
}

absl::StatusOr<TransactGetItemsResponse> Database::TransactGetItems(
    const TransactGetItemsRequest& request) {
  DYNAMITE_RETURN_IF_ERROR(
      CheckConstraints(request.transact_items.size(), std::nullopt));
  using ProjectionPaths = std::shared_ptr<const std::vector<DocumentPath>>;
  std::vector<ProjectionPaths> projections;
  std::vector<std::shared_ptr<Table>> tables;
  std::vector<SnapshotKey> keys;
  projections.reserve(request.transact_items.size());
  tables.reserve(request.transact_items.size());
  keys.reserve(request.transact_items.size());
  for (const TransactGet& get : request.transact_items) {
    DYNAMITE_RETURN_IF_ERROR(
        ValidateTableName(get.table_name, TableNameUse::kItemOperation));
    DYNAMITE_RETURN_IF_ERROR(ValidateExpressionAttributes(
        get.expression_attribute_names, std::nullopt,
        {{"ProjectionExpression", get.projection_expression.has_value()}}));
    ProjectionPaths paths;
    if (get.projection_expression.has_value()) {
      Placeholders placeholders =
          MakePlaceholders(get.expression_attribute_names, std::nullopt);
      DYNAMITE_ASSIGN_OR_RETURN(
          paths, expressions_.CompileProjection(*get.projection_expression,
                                                placeholders));
      DYNAMITE_RETURN_IF_ERROR(placeholders.CheckAllUsed());
    }
    projections.push_back(std::move(paths));
  }
  for (const TransactGet& get : request.transact_items) {
    DYNAMITE_ASSIGN_OR_RETURN(
        std::shared_ptr<Table> table,
        catalog_.FindForItems(get.table_name, kTableNotFound));
    DYNAMITE_ASSIGN_OR_RETURN(EncodedKey key,
                              ExtractKey(table->schema(), get.key));
    keys.push_back(SnapshotKey{table.get(), std::move(key)});
    tables.push_back(std::move(table));
  }
  absl::flat_hash_set<std::string> seen;
  for (const SnapshotKey& key : keys) {
    if (!seen.insert(ItemIdentity(*key.table, key.key)).second) {
      return ValidationError(kOneActionPerItem);
    }
  }

  TransactGetItemsResponse response;
  response.responses = ReadSnapshot(keys);
  CapacityMeter meter(request.return_consumed_capacity);
  for (size_t i = 0; i < keys.size(); ++i) {
    ItemPtr& item = response.responses[i];
    meter.AddTableRead(keys[i].table->name(),
                       ReadUnits(ItemBytes(item), ReadMode::kTransactional));
    // Projected outside the locks: the snapshots are immutable.
    if (item != nullptr && projections[i] != nullptr) {
      item = MakeUnpackedItemPtr(ProjectItem(*item.packed(), *projections[i]));
    }
  }
  response.consumed_capacity = meter.Report();
  return response;
}

}  // namespace dynamite
