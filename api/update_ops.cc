// Database::UpdateItem. The request is validated whole (parameters, the mix
// of legacy and expression parameters, the expression attribute maps, the
// UpdateExpression (or AttributeUpdates) and ConditionExpression (or
// Expected / ConditionalOperator) and their placeholders, the table, the key,
// the key attributes the update would touch) before the table is touched; then,
// under the table's lock, the condition is checked, the update applied to the
// item as it is, and the new item checked against the item limits before it is
// stored.

#include <memory>
#include <optional>
#include <utility>

#include "api/constraint.h"
#include "api/database.h"
#include "api/expression_attributes.h"
#include "api/write_condition.h"
#include "common/errors.h"
#include "common/status_macros.h"
#include "query/bound.h"
#include "query/legacy.h"
#include "query/placeholders.h"
#include "query/update.h"

namespace dynamite {
namespace {

// The new item, or std::nullopt when the update creates nothing (an absent
// item and only REMOVE / DELETE actions). Without an UpdateExpression an
// absent item is created from its key and a present one kept as it is
// (reference §7.7).
// A translated AttributeUpdates (`legacy`) applies with its own rules
// (query/legacy.h ApplyAttributeUpdates()).
absl::StatusOr<UpdateResult> Apply(const std::optional<BoundUpdate>& update,
                                   bool legacy, const Item* current,
                                   const Item& key) {
  if (update.has_value()) {
    if (legacy) return ApplyAttributeUpdates(*update, current, key);
    return ApplyUpdate(update->tree(), update->values(), current, key);
  }
  UpdateResult result;
  result.item = current != nullptr ? *current : key;
  return result;
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

// `attributes` as UpdateItemResponse::attributes: nullptr when empty.
ItemPtr NonEmpty(Item attributes) {
  if (attributes.empty()) return nullptr;
  return MakeUnpackedItemPtr(std::move(attributes));
}

}  // namespace

WriteResult<UpdateItemResponse> Database::UpdateItem(
    const UpdateItemRequest& request) {
  DYNAMITE_RETURN_IF_ERROR(
      ValidateTableName(request.table_name, TableNameUse::kItemOperation));
  DYNAMITE_RETURN_IF_ERROR(RejectMixedParameters(
      {{"AttributeUpdates", request.attribute_updates.has_value()},
       {"Expected", request.expected.has_value()},
       {"ConditionalOperator", request.conditional_operator.has_value()}},
      {{"UpdateExpression", request.update_expression.has_value()},
       {"ConditionExpression", request.condition_expression.has_value()}}));
  DYNAMITE_RETURN_IF_ERROR(ValidateExpressionAttributes(
      request.expression_attribute_names, request.expression_attribute_values,
      {{"UpdateExpression", request.update_expression.has_value()},
       {"ConditionExpression", request.condition_expression.has_value()}}));
  Placeholders placeholders = MakePlaceholders(
      request.expression_attribute_names, request.expression_attribute_values);
  std::optional<BoundUpdate> update;
  if (request.update_expression.has_value()) {
    DYNAMITE_ASSIGN_OR_RETURN(
        update,
        expressions_.CompileUpdate(*request.update_expression, placeholders));
  } else if (request.attribute_updates.has_value()) {
    DYNAMITE_ASSIGN_OR_RETURN(
        update, TranslateAttributeUpdates(*request.attribute_updates));
  }
  const bool legacy_update = request.attribute_updates.has_value();
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
  const KeySchema& schema = table->schema();
  DYNAMITE_ASSIGN_OR_RETURN(EncodedKey key, ExtractKey(schema, request.key));
  if (update.has_value()) {
    DYNAMITE_RETURN_IF_ERROR(CheckUpdateKeepsKey(update->tree(), schema));
  }

  // What ReturnValues asks for beyond the old item is taken inside the
  // lock, before the new item moves into the table.
  ItemPtr returned;
  absl::StatusOr<ItemPtr> old = table->Mutate(
      key, [&](const ItemPtr& stored) -> absl::StatusOr<std::optional<Item>> {
        DYNAMITE_RETURN_IF_ERROR(condition.Check(stored));
        // An update builds on the whole item: decoded here.
        const Item* current = stored.get();
        DYNAMITE_ASSIGN_OR_RETURN(
            UpdateResult result,
            Apply(update, legacy_update, current, request.key));
        if (result.item.has_value()) {
          DYNAMITE_RETURN_IF_ERROR(CheckUpdatedItem(*result.item));
        }
        switch (request.return_values) {
          case ReturnValue::kNone:
          case ReturnValue::kAllOld:
            break;
          case ReturnValue::kUpdatedOld:
            returned = NonEmpty(UpdatedOldAttributes(result, current));
            break;
          case ReturnValue::kAllNew:
            if (result.item.has_value()) returned = NonEmpty(*result.item);
            break;
          case ReturnValue::kUpdatedNew:
            returned = NonEmpty(UpdatedNewAttributes(result));
            break;
        }
        return std::move(result.item);
      });
  if (!old.ok()) {
    return std::move(condition).Failure<UpdateItemResponse>(old.status());
  }
  UpdateItemResponse response;
  response.attributes = request.return_values == ReturnValue::kAllOld
                            ? *std::move(old)
                            : std::move(returned);
  return response;
}

}  // namespace dynamite
