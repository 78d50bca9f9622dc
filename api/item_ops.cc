// The single-item operations of Database: PutItem, GetItem, DeleteItem
// (UpdateItem is api/update_ops.cc). Each validates the whole request
// (DynamoDB's order: parameters, the mix of legacy and expression parameters,
// item contents and size, expressions (or the legacy Expected /
// AttributesToGet) and their placeholders, then the table, then the key against
// its schema) before it touches the table, and writes through Table::Mutate,
// checking the ConditionExpression under the table's lock, so a failed request
// changes nothing.

#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "api/constraint.h"
#include "api/database.h"
#include "api/expression_attributes.h"
#include "api/write_condition.h"
#include "common/errors.h"
#include "common/status_macros.h"
#include "query/legacy.h"
#include "query/parser.h"
#include "query/placeholders.h"
#include "query/projection.h"

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

// GetItem: the ProjectionExpression (or AttributesToGet) and its
// ExpressionAttributeNames are checked before the table lookup (reference
// §7.2). Returns the paths to project, nullptr when the request has no
// projection.
absl::StatusOr<std::shared_ptr<const std::vector<DocumentPath>>>
ValidateGetItem(const GetItemRequest& request, ExpressionCache& cache) {
  DYNAMITE_RETURN_IF_ERROR(
      ValidateTableName(request.table_name, TableNameUse::kItemOperation));
  DYNAMITE_RETURN_IF_ERROR(RejectMixedParameters(
      {{"AttributesToGet", request.attributes_to_get.has_value()}},
      {{"ProjectionExpression", request.projection_expression.has_value()}}));
  DYNAMITE_RETURN_IF_ERROR(ValidateExpressionAttributes(
      request.expression_attribute_names, std::nullopt,
      {{"ProjectionExpression", request.projection_expression.has_value()}}));
  if (request.attributes_to_get.has_value()) {
    DYNAMITE_ASSIGN_OR_RETURN(
        std::vector<DocumentPath> paths,
        TranslateAttributesToGet(*request.attributes_to_get));
    return std::make_shared<const std::vector<DocumentPath>>(std::move(paths));
  }
  if (!request.projection_expression.has_value()) return nullptr;
  Placeholders placeholders =
      MakePlaceholders(request.expression_attribute_names, std::nullopt);
  DYNAMITE_ASSIGN_OR_RETURN(
      std::shared_ptr<const std::vector<DocumentPath>> paths,
      cache.CompileProjection(*request.projection_expression, placeholders));
  DYNAMITE_RETURN_IF_ERROR(placeholders.CheckAllUsed());
  return paths;
}

}  // namespace

WriteResult<PutItemResponse> Database::PutItem(PutItemRequest request) {
  DYNAMITE_RETURN_IF_ERROR(ValidatePutItem(request));
  Placeholders placeholders = MakePlaceholders(
      request.expression_attribute_names, request.expression_attribute_values);
  DYNAMITE_ASSIGN_OR_RETURN(
      WriteCondition condition,
      WriteCondition::FromRequest(
          request.condition_expression, request.expected,
          request.conditional_operator,
          request.return_values_on_condition_check_failure, placeholders,
          expressions_));
  DYNAMITE_RETURN_IF_ERROR(placeholders.CheckAllUsed());
  DYNAMITE_ASSIGN_OR_RETURN(std::shared_ptr<Table> table,
                            catalog_.Find(request.table_name, kTableNotFound));
  DYNAMITE_ASSIGN_OR_RETURN(EncodedKey key,
                            ExtractItemKey(table->schema(), request.item));

  // Moved out of the request (validated above, and read no more) before
  // the table lock is taken, so the lock covers only the condition and the
  // swap.
  Item item = std::move(request.item);
  absl::StatusOr<ItemPtr> old = table->Mutate(
      key, [&](const ItemPtr& current) -> absl::StatusOr<std::optional<Item>> {
        DYNAMITE_RETURN_IF_ERROR(condition.Check(current));
        return std::move(item);
      });
  if (!old.ok()) {
    return std::move(condition).Failure<PutItemResponse>(old.status());
  }
  PutItemResponse response;
  if (request.return_values == ReturnValue::kAllOld) {
    response.attributes = *std::move(old);
  }
  return response;
}

absl::StatusOr<GetItemResponse> Database::GetItem(
    const GetItemRequest& request) {
  DYNAMITE_ASSIGN_OR_RETURN(
      std::shared_ptr<const std::vector<DocumentPath>> paths,
      ValidateGetItem(request, expressions_));
  DYNAMITE_ASSIGN_OR_RETURN(std::shared_ptr<Table> table,
                            catalog_.Find(request.table_name, kTableNotFound));
  DYNAMITE_ASSIGN_OR_RETURN(BorrowedKey key,
                            ExtractKeyBytes(table->schema(), request.key));
  ItemPtr item = table->Get(key.partition.view(), key.sort.view());
  // Projected outside the table's lock: the snapshot is immutable.
  if (item != nullptr && paths != nullptr) {
    item = MakeUnpackedItemPtr(ProjectItem(*item.packed(), *paths));
  }
  return GetItemResponse{std::move(item)};
}

WriteResult<DeleteItemResponse> Database::DeleteItem(
    const DeleteItemRequest& request) {
  DYNAMITE_RETURN_IF_ERROR(
      ValidateTableName(request.table_name, TableNameUse::kItemOperation));
  DYNAMITE_RETURN_IF_ERROR(RejectMixedConditions(request));
  if (request.return_values != ReturnValue::kNone &&
      request.return_values != ReturnValue::kAllOld) {
    return ValidationError("Return values set to invalid value");
  }
  DYNAMITE_RETURN_IF_ERROR(ValidateExpressionAttributes(
      request.expression_attribute_names, request.expression_attribute_values,
      {{"ConditionExpression", request.condition_expression.has_value()}}));
  Placeholders placeholders = MakePlaceholders(
      request.expression_attribute_names, request.expression_attribute_values);
  DYNAMITE_ASSIGN_OR_RETURN(
      WriteCondition condition,
      WriteCondition::FromRequest(
          request.condition_expression, request.expected,
          request.conditional_operator,
          request.return_values_on_condition_check_failure, placeholders,
          expressions_));
  DYNAMITE_RETURN_IF_ERROR(placeholders.CheckAllUsed());
  DYNAMITE_ASSIGN_OR_RETURN(std::shared_ptr<Table> table,
                            catalog_.Find(request.table_name, kTableNotFound));
  DYNAMITE_ASSIGN_OR_RETURN(EncodedKey key,
                            ExtractKey(table->schema(), request.key));

  absl::StatusOr<ItemPtr> old = table->Mutate(
      key, [&](const ItemPtr& current) -> absl::StatusOr<std::optional<Item>> {
        DYNAMITE_RETURN_IF_ERROR(condition.Check(current));
        return std::nullopt;
      });
  if (!old.ok()) {
    return std::move(condition).Failure<DeleteItemResponse>(old.status());
  }
  DeleteItemResponse response;
  if (request.return_values == ReturnValue::kAllOld) {
    response.attributes = *std::move(old);
  }
  return response;
}

}  // namespace dynamite
