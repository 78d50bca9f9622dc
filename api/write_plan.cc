// The Prepare…() steps of the write actions and their Compute()s
// (api/write_plan.h). Validation follows DynamoDB's order (reference §4,
// §7.7, §8.1): parameters, the mix of legacy and expression parameters,
// item contents and size, expressions (or their legacy forms) and their
// placeholders, then the table, then the key against its schema.

#include "api/write_plan.h"

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

// PutItem: the 400 KB check comes during request validation, before the
// table lookup (reference §4).
absl::Status ValidatePutItem(const PutItemRequest& request) {
  DYNAMITE_RETURN_IF_ERROR(
      ValidateTableName(request.table_name, TableNameUse::kItemOperation));
  DYNAMITE_RETURN_IF_ERROR(RejectMixedConditions(request));
  if (request.return_values != ReturnValue::kNone &&
      request.return_values != ReturnValue::kAllOld) {
    return ValidationError("ReturnValues can only be ALL_OLD or NONE");
  }
  DYNAMITE_RETURN_IF_ERROR(ValidateItemAttributes(request.item));
  if (ItemSize(request.item) > kMaxItemSizeBytes) {
    return ValidationError("Item size has exceeded the maximum allowed size");
  }
  return ValidateExpressionAttributes(
      request.expression_attribute_names, request.expression_attribute_values,
      {{"ConditionExpression", request.condition_expression.has_value()}});
}

absl::Status ValidateDeleteItem(const DeleteItemRequest& request) {
  DYNAMITE_RETURN_IF_ERROR(
      ValidateTableName(request.table_name, TableNameUse::kItemOperation));
  DYNAMITE_RETURN_IF_ERROR(RejectMixedConditions(request));
  if (request.return_values != ReturnValue::kNone &&
      request.return_values != ReturnValue::kAllOld) {
    return ValidationError("Return values set to invalid value");
  }
  return ValidateExpressionAttributes(
      request.expression_attribute_names, request.expression_attribute_values,
      {{"ConditionExpression", request.condition_expression.has_value()}});
}

absl::Status ValidateUpdateItem(const UpdateItemRequest& request) {
  DYNAMITE_RETURN_IF_ERROR(
      ValidateTableName(request.table_name, TableNameUse::kItemOperation));
  DYNAMITE_RETURN_IF_ERROR(RejectMixedParameters(
      {{"AttributeUpdates", request.attribute_updates.has_value()},
       {"Expected", request.expected.has_value()},
       {"ConditionalOperator", request.conditional_operator.has_value()}},
      {{"UpdateExpression", request.update_expression.has_value()},
       {"ConditionExpression", request.condition_expression.has_value()}}));
  return ValidateExpressionAttributes(
      request.expression_attribute_names, request.expression_attribute_values,
      {{"UpdateExpression", request.update_expression.has_value()},
       {"ConditionExpression", request.condition_expression.has_value()}});
}

// The request's condition, compiled with its placeholders.
template <typename Request>
absl::StatusOr<WriteCondition> CompileCondition(const Request& request,
                                                Placeholders& placeholders,
                                                ExpressionCache& expressions) {
  return WriteCondition::FromRequest(
      request.condition_expression, request.expected,
      request.conditional_operator,
      request.return_values_on_condition_check_failure, placeholders,
      expressions);
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

absl::StatusOr<PreparedPut> PreparePut(const PutItemRequest& request,
                                       const Catalog& catalog,
                                       ExpressionCache& expressions) {
  DYNAMITE_RETURN_IF_ERROR(ValidatePutItem(request));
  Placeholders placeholders = MakePlaceholders(
      request.expression_attribute_names, request.expression_attribute_values);
  DYNAMITE_ASSIGN_OR_RETURN(
      WriteCondition condition,
      CompileCondition(request, placeholders, expressions));
  DYNAMITE_RETURN_IF_ERROR(placeholders.CheckAllUsed());
  DYNAMITE_ASSIGN_OR_RETURN(std::shared_ptr<Table> table,
                            catalog.Find(request.table_name, kTableNotFound));
  DYNAMITE_ASSIGN_OR_RETURN(EncodedKey key,
                            ExtractItemKey(table->schema(), request.item));
  // The commit checks the index keys again under the lock; checking them
  // here too reports a bad one before a failed condition, as DynamoDB's
  // validation does.
  DYNAMITE_RETURN_IF_ERROR(CheckIndexKeys(*table->definition(), request.item));
  return PreparedPut{std::move(table), std::move(key), std::move(condition),
                     &request.item};
}

absl::StatusOr<PreparedDelete> PrepareDelete(const DeleteItemRequest& request,
                                             const Catalog& catalog,
                                             ExpressionCache& expressions) {
  DYNAMITE_RETURN_IF_ERROR(ValidateDeleteItem(request));
  Placeholders placeholders = MakePlaceholders(
      request.expression_attribute_names, request.expression_attribute_values);
  DYNAMITE_ASSIGN_OR_RETURN(
      WriteCondition condition,
      CompileCondition(request, placeholders, expressions));
  DYNAMITE_RETURN_IF_ERROR(placeholders.CheckAllUsed());
  DYNAMITE_ASSIGN_OR_RETURN(std::shared_ptr<Table> table,
                            catalog.Find(request.table_name, kTableNotFound));
  DYNAMITE_ASSIGN_OR_RETURN(EncodedKey key,
                            ExtractKey(table->schema(), request.key));
  return PreparedDelete{std::move(table), std::move(key), std::move(condition)};
}

absl::StatusOr<PreparedUpdate> PrepareUpdate(const UpdateItemRequest& request,
                                             const Catalog& catalog,
                                             ExpressionCache& expressions) {
  DYNAMITE_RETURN_IF_ERROR(ValidateUpdateItem(request));
  Placeholders placeholders = MakePlaceholders(
      request.expression_attribute_names, request.expression_attribute_values);
  std::optional<BoundUpdate> update;
  if (request.update_expression.has_value()) {
    DYNAMITE_ASSIGN_OR_RETURN(
        update,
        expressions.CompileUpdate(*request.update_expression, placeholders));
  } else if (request.attribute_updates.has_value()) {
    DYNAMITE_ASSIGN_OR_RETURN(
        update, TranslateAttributeUpdates(*request.attribute_updates));
  }
  DYNAMITE_ASSIGN_OR_RETURN(
      WriteCondition condition,
      CompileCondition(request, placeholders, expressions));
  DYNAMITE_RETURN_IF_ERROR(placeholders.CheckAllUsed());
  DYNAMITE_ASSIGN_OR_RETURN(std::shared_ptr<Table> table,
                            catalog.Find(request.table_name, kTableNotFound));
  DYNAMITE_ASSIGN_OR_RETURN(EncodedKey key,
                            ExtractKey(table->schema(), request.key));
  if (update.has_value()) {
    DYNAMITE_RETURN_IF_ERROR(
        CheckUpdateKeepsKey(update->tree(), table->schema()));
  }
  return PreparedUpdate{std::move(table),
                        std::move(key),
                        std::move(condition),
                        std::move(update),
                        request.attribute_updates.has_value(),
                        &request.key};
}

}  // namespace dynamite
