// The Prepare…() steps of the write actions and their Compute()s
// (api/write_plan.h). Validation follows DynamoDB's order (reference §4,
// §7.7, §8.1): parameters, the mix of legacy and expression parameters,
// item contents and size, expressions (or their legacy forms) and their
// placeholders, then the table, then the key against its schema.

#include "api/write_plan.h"

#include <optional>
#include <string>
#include <utility>

#include "api/constraint.h"
#include "api/expression_attributes.h"
#include "common/errors.h"
#include "common/status_macros.h"
#include "query/legacy.h"
#include "query/placeholders.h"
#include "query/update.h"
#include "store/index_key.h"

namespace dynamite {
namespace {

// Expected / ConditionalOperator next to ConditionExpression (PutItem and
// DeleteItem).
template <typename Request>
absl::Status RejectMixedConditions(const Request& request) {
  return RejectMixedParameters(
      {{"Expected", request.expected.has_value()},
       {"ConditionalOperator", request.conditional_operator.has_value()}},
      {{"ConditionExpression", request.condition_expression.has_value()}});
}

// A PutItem, DeleteItem or UpdateItem request, or a transaction's Put,
// Delete or Update action (which have no legacy parameters and no
// ReturnValues, and are otherwise validated alike).
template <typename Request>
constexpr bool kHasLegacyParameters = requires(const Request& request) {
  request.expected;
};

// PutItem: the 400 KB check comes during request validation, before the
// table lookup (reference §4).
template <typename Put>
absl::Status ValidatePut(const Put& put) {
  DYNAMITE_RETURN_IF_ERROR(
      ValidateTableName(put.table_name, TableNameUse::kItemOperation));
  if constexpr (kHasLegacyParameters<Put>) {
    DYNAMITE_RETURN_IF_ERROR(RejectMixedConditions(put));
    if (put.return_values != ReturnValue::kNone &&
        put.return_values != ReturnValue::kAllOld) {
      return ValidationError("ReturnValues can only be ALL_OLD or NONE");
    }
  }
  DYNAMITE_RETURN_IF_ERROR(ValidateItemToPut(put.item));
  return ValidateExpressionAttributes(
      put.expression_attribute_names, put.expression_attribute_values,
      {{"ConditionExpression", put.condition_expression.has_value()}});
}

template <typename Delete>
absl::Status ValidateDelete(const Delete& del) {
  DYNAMITE_RETURN_IF_ERROR(
      ValidateTableName(del.table_name, TableNameUse::kItemOperation));
  if constexpr (kHasLegacyParameters<Delete>) {
    DYNAMITE_RETURN_IF_ERROR(RejectMixedConditions(del));
    if (del.return_values != ReturnValue::kNone &&
        del.return_values != ReturnValue::kAllOld) {
      return ValidationError("Return values set to invalid value");
    }
  }
  return ValidateExpressionAttributes(
      del.expression_attribute_names, del.expression_attribute_values,
      {{"ConditionExpression", del.condition_expression.has_value()}});
}

template <typename Update>
absl::Status ValidateUpdate(const Update& update) {
  DYNAMITE_RETURN_IF_ERROR(
      ValidateTableName(update.table_name, TableNameUse::kItemOperation));
  bool has_update_expression = true;  // a transaction's Update requires one
  if constexpr (kHasLegacyParameters<Update>) {
    has_update_expression = update.update_expression.has_value();
    DYNAMITE_RETURN_IF_ERROR(RejectMixedParameters(
        {{"AttributeUpdates", update.attribute_updates.has_value()},
         {"Expected", update.expected.has_value()},
         {"ConditionalOperator", update.conditional_operator.has_value()}},
        {{"UpdateExpression", has_update_expression},
         {"ConditionExpression", update.condition_expression.has_value()}}));
  }
  return ValidateExpressionAttributes(
      update.expression_attribute_names, update.expression_attribute_values,
      {{"UpdateExpression", has_update_expression},
       {"ConditionExpression", update.condition_expression.has_value()}});
}

absl::Status ValidateConditionCheck(const ConditionCheck& action) {
  DYNAMITE_RETURN_IF_ERROR(
      ValidateTableName(action.table_name, TableNameUse::kItemOperation));
  return ValidateExpressionAttributes(action.expression_attribute_names,
                                      action.expression_attribute_values,
                                      {{"ConditionExpression", true}});
}

// The request's condition, compiled with its placeholders: its
// ConditionExpression, or for a single-item operation the legacy Expected.
template <typename Request>
absl::StatusOr<WriteCondition> CompileCondition(const Request& request,
                                                Placeholders& placeholders,
                                                ExpressionCache& expressions) {
  if constexpr (kHasLegacyParameters<Request>) {
    return WriteCondition::FromRequest(
        request.condition_expression, request.expected,
        request.conditional_operator,
        request.return_values_on_condition_check_failure, placeholders,
        expressions);
  } else {
    return WriteCondition::Parse(
        request.condition_expression,
        request.return_values_on_condition_check_failure, placeholders,
        expressions);
  }
}

// The condition of a request whose only expression it is (a put, a delete,
// a ConditionCheck), compiled with its placeholders, every one of which it
// must use.
template <typename Request>
absl::StatusOr<WriteCondition> CompileConditionOnly(
    const Request& request, ExpressionCache& expressions) {
  Placeholders placeholders = MakePlaceholders(
      request.expression_attribute_names, request.expression_attribute_values);
  DYNAMITE_ASSIGN_OR_RETURN(
      WriteCondition condition,
      CompileCondition(request, placeholders, expressions));
  DYNAMITE_RETURN_IF_ERROR(placeholders.CheckAllUsed());
  return condition;
}

// The update of an UpdateItem (its UpdateExpression, or translated
// AttributeUpdates) or of a transaction's Update, if any.
absl::StatusOr<std::optional<BoundUpdate>> CompileUpdate(
    const UpdateItemRequest& request, Placeholders& placeholders,
    ExpressionCache& expressions) {
  if (request.update_expression.has_value()) {
    return expressions.CompileUpdate(*request.update_expression, placeholders);
  }
  if (request.attribute_updates.has_value()) {
    return TranslateAttributeUpdates(*request.attribute_updates);
  }
  return std::nullopt;
}
absl::StatusOr<std::optional<BoundUpdate>> CompileUpdate(
    const TransactUpdate& action, Placeholders& placeholders,
    ExpressionCache& expressions) {
  return expressions.CompileUpdate(action.update_expression, placeholders);
}

bool IsLegacyUpdate(const UpdateItemRequest& request) {
  return request.attribute_updates.has_value();
}
bool IsLegacyUpdate(const TransactUpdate&) { return false; }

// Marks the key checks' failures: a transaction reports them as its
// action's cancellation reason, not as an error of the whole request.
absl::Status KeyFault(absl::Status status, bool* key_fault) {
  if (!status.ok() && key_fault != nullptr) *key_fault = true;
  return status;
}

// How a write names its item's key: a Key, a whole item, or a
// BatchWriteItem PutRequest's item (whose missing or mistyped key
// attribute is worded as a bad Key, reference §3.2; empty and oversized key
// values keep their own messages).
enum class KeyForm { kKey, kItem, kBatchItem };

absl::StatusOr<EncodedKey> ExtractKeyAs(KeyForm form, const KeySchema& schema,
                                        const Item& keyed) {
  switch (form) {
    case KeyForm::kKey:
      return ExtractKey(schema, keyed);
    case KeyForm::kItem:
      return ExtractItemKey(schema, keyed);
    case KeyForm::kBatchItem:
      break;
  }
  auto has_typed = [&](const KeyAttribute& attribute) {
    auto it = keyed.find(attribute.name);
    return it != keyed.end() &&
           it->second.type() == ValueTypeOf(attribute.type);
  };
  if (!has_typed(schema.partition_key) ||
      (schema.has_sort_key() && !has_typed(*schema.sort_key))) {
    return ValidationError(
        "The provided key element does not match the schema");
  }
  return ExtractItemKey(schema, keyed);
}

// The table a write names and the key its Key or item holds, checked
// against the table's schema.
struct Target {
  std::shared_ptr<Table> table;
  EncodedKey key;
};
absl::StatusOr<Target> AimAt(std::shared_ptr<Table> table, const Item& keyed,
                             KeyForm form, bool* key_fault) {
  absl::StatusOr<EncodedKey> key = ExtractKeyAs(form, table->schema(), keyed);
  if (!key.ok()) return KeyFault(std::move(key).status(), key_fault);
  if (form != KeyForm::kKey) {
    // The commit checks the index keys again under the lock; checking them
    // here too reports a bad one before a failed condition, as DynamoDB's
    // validation does.
    DYNAMITE_RETURN_IF_ERROR(
        KeyFault(CheckIndexKeys(*table->definition(), keyed), key_fault));
  }
  return Target{std::move(table), *std::move(key)};
}
absl::StatusOr<Target> FindTarget(const std::string& table_name,
                                  const Item& keyed, KeyForm form,
                                  const Catalog& catalog, bool* key_fault) {
  DYNAMITE_ASSIGN_OR_RETURN(std::shared_ptr<Table> table,
                            catalog.FindForItems(table_name, kTableNotFound));
  return AimAt(std::move(table), keyed, form, key_fault);
}

template <typename Request>
absl::StatusOr<PreparedPut> PreparePutAction(const Request& request,
                                             const Catalog& catalog,
                                             ExpressionCache& expressions,
                                             bool* key_fault) {
  DYNAMITE_RETURN_IF_ERROR(ValidatePut(request));
  DYNAMITE_ASSIGN_OR_RETURN(WriteCondition condition,
                            CompileConditionOnly(request, expressions));
  DYNAMITE_ASSIGN_OR_RETURN(Target target,
                            FindTarget(request.table_name, request.item,
                                       KeyForm::kItem, catalog, key_fault));
  return PreparedPut{std::move(target.table), std::move(target.key),
                     std::move(condition), &request.item};
}

template <typename Request>
absl::StatusOr<PreparedDelete> PrepareDeleteAction(const Request& request,
                                                   const Catalog& catalog,
                                                   ExpressionCache& expressions,
                                                   bool* key_fault) {
  DYNAMITE_RETURN_IF_ERROR(ValidateDelete(request));
  DYNAMITE_ASSIGN_OR_RETURN(WriteCondition condition,
                            CompileConditionOnly(request, expressions));
  DYNAMITE_ASSIGN_OR_RETURN(
      Target target, FindTarget(request.table_name, request.key, KeyForm::kKey,
                                catalog, key_fault));
  return PreparedDelete{std::move(target.table), std::move(target.key),
                        std::move(condition)};
}

template <typename Request>
absl::StatusOr<PreparedUpdate> PrepareUpdateAction(const Request& request,
                                                   const Catalog& catalog,
                                                   ExpressionCache& expressions,
                                                   bool* key_fault) {
  DYNAMITE_RETURN_IF_ERROR(ValidateUpdate(request));
  Placeholders placeholders = MakePlaceholders(
      request.expression_attribute_names, request.expression_attribute_values);
  DYNAMITE_ASSIGN_OR_RETURN(std::optional<BoundUpdate> update,
                            CompileUpdate(request, placeholders, expressions));
  DYNAMITE_ASSIGN_OR_RETURN(
      WriteCondition condition,
      CompileCondition(request, placeholders, expressions));
  DYNAMITE_RETURN_IF_ERROR(placeholders.CheckAllUsed());
  DYNAMITE_ASSIGN_OR_RETURN(
      Target target, FindTarget(request.table_name, request.key, KeyForm::kKey,
                                catalog, key_fault));
  if (update.has_value()) {
    DYNAMITE_RETURN_IF_ERROR(
        CheckUpdateKeepsKey(update->tree(), target.table->schema()));
  }
  return PreparedUpdate{std::move(target.table), std::move(target.key),
                        std::move(condition),    std::move(update),
                        IsLegacyUpdate(request), &request.key};
}

// Checks an updated item as PutItem checks a new one; only the size and
// the nesting depth can have changed, since every value written came from
// the validated ExpressionAttributeValues.
absl::Status CheckUpdatedItem(const Item& item) {
  DYNAMITE_RETURN_IF_ERROR(ValidateItemAttributes(item));
  if (ItemSize(item) > kMaxItemSizeBytes) {
    return ValidationError(
        "Item size to update has exceeded the maximum allowed size");
  }
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<NextItem> PreparedPut::Compute(const ItemPtr& current) const {
  DYNAMITE_RETURN_IF_ERROR(condition.Check(current));
  return NextItem::Borrow(*item);
}

absl::StatusOr<NextItem> PreparedDelete::Compute(const ItemPtr& current) const {
  DYNAMITE_RETURN_IF_ERROR(condition.Check(current));
  return NextItem::Delete();
}

absl::StatusOr<UpdateResult> PreparedUpdate::Apply(const Item* current) const {
  UpdateResult result;
  if (!update.has_value()) {
    // Without an UpdateExpression an absent item is created from its key
    // and a present one kept as it is (reference §7.7).
    result.item = current != nullptr ? *current : *key_item;
    return result;
  }
  if (legacy) {
    DYNAMITE_ASSIGN_OR_RETURN(
        result, ApplyAttributeUpdates(*update, current, *key_item));
  } else {
    DYNAMITE_ASSIGN_OR_RETURN(
        result,
        ApplyUpdate(update->tree(), update->values(), current, *key_item));
  }
  if (result.item.has_value()) {
    DYNAMITE_RETURN_IF_ERROR(CheckUpdatedItem(*result.item));
  }
  return result;
}

absl::StatusOr<NextItem> PreparedUpdate::Compute(const ItemPtr& current) const {
  DYNAMITE_RETURN_IF_ERROR(condition.Check(current));
  // An update builds on the whole item: decoded here.
  DYNAMITE_ASSIGN_OR_RETURN(UpdateResult result, Apply(current.get()));
  if (!result.item.has_value()) return NextItem::Delete();
  return NextItem::Own(*std::move(result.item));
}

absl::StatusOr<NextItem> PreparedCheck::Compute(const ItemPtr& current) const {
  DYNAMITE_RETURN_IF_ERROR(condition.Check(current));
  return NextItem::Keep();
}

absl::Status ValidateItemToPut(const Item& item) {
  DYNAMITE_RETURN_IF_ERROR(ValidateItemAttributes(item));
  if (ItemSize(item) > kMaxItemSizeBytes) {
    return ValidationError("Item size has exceeded the maximum allowed size");
  }
  return absl::OkStatus();
}

absl::StatusOr<PreparedPut> PreparePut(const PutItemRequest& request,
                                       const Catalog& catalog,
                                       ExpressionCache& expressions) {
  return PreparePutAction(request, catalog, expressions, nullptr);
}

absl::StatusOr<PreparedDelete> PrepareDelete(const DeleteItemRequest& request,
                                             const Catalog& catalog,
                                             ExpressionCache& expressions) {
  return PrepareDeleteAction(request, catalog, expressions, nullptr);
}

absl::StatusOr<PreparedUpdate> PrepareUpdate(const UpdateItemRequest& request,
                                             const Catalog& catalog,
                                             ExpressionCache& expressions) {
  return PrepareUpdateAction(request, catalog, expressions, nullptr);
}

absl::StatusOr<PreparedPut> PreparePut(const TransactPut& action,
                                       const Catalog& catalog,
                                       ExpressionCache& expressions,
                                       bool& key_fault) {
  return PreparePutAction(action, catalog, expressions, &key_fault);
}

absl::StatusOr<PreparedDelete> PrepareDelete(const TransactDelete& action,
                                             const Catalog& catalog,
                                             ExpressionCache& expressions,
                                             bool& key_fault) {
  return PrepareDeleteAction(action, catalog, expressions, &key_fault);
}

absl::StatusOr<PreparedUpdate> PrepareUpdate(const TransactUpdate& action,
                                             const Catalog& catalog,
                                             ExpressionCache& expressions,
                                             bool& key_fault) {
  return PrepareUpdateAction(action, catalog, expressions, &key_fault);
}

absl::StatusOr<PreparedPut> PreparePut(const PutRequest& request,
                                       std::shared_ptr<Table> table) {
  DYNAMITE_ASSIGN_OR_RETURN(Target target, AimAt(std::move(table), request.item,
                                                 KeyForm::kBatchItem, nullptr));
  return PreparedPut{std::move(target.table), std::move(target.key),
                     WriteCondition::None(), &request.item};
}

absl::StatusOr<PreparedDelete> PrepareDelete(const DeleteRequest& request,
                                             std::shared_ptr<Table> table) {
  DYNAMITE_ASSIGN_OR_RETURN(Target target, AimAt(std::move(table), request.key,
                                                 KeyForm::kKey, nullptr));
  return PreparedDelete{std::move(target.table), std::move(target.key),
                        WriteCondition::None()};
}

absl::StatusOr<PreparedCheck> PrepareConditionCheck(
    const ConditionCheck& action, const Catalog& catalog,
    ExpressionCache& expressions, bool& key_fault) {
  DYNAMITE_RETURN_IF_ERROR(ValidateConditionCheck(action));
  DYNAMITE_ASSIGN_OR_RETURN(WriteCondition condition,
                            CompileConditionOnly(action, expressions));
  DYNAMITE_ASSIGN_OR_RETURN(
      Target target, FindTarget(action.table_name, action.key, KeyForm::kKey,
                                catalog, &key_fault));
  return PreparedCheck{std::move(target.table), std::move(target.key),
                       std::move(condition)};
}

}  // namespace dynamite
