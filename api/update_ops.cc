// Database::UpdateItem. The request is prepared whole (api/write_plan.h:
// parameters, the mix of legacy and expression parameters, the expression
// attribute maps, the UpdateExpression (or AttributeUpdates) and
// ConditionExpression (or Expected / ConditionalOperator) and their
// placeholders, the table, the key, the key attributes the update would
// touch) before the table is touched; then one commit checks the condition,
// applies the update to the item as it is, and checks the new item against
// the item limits before it is stored.

#include <utility>

#include "api/database.h"
#include "api/item_collection.h"
#include "api/write_plan.h"
#include "common/status_macros.h"
#include "query/update.h"

namespace dynamite {
namespace {

// `attributes` as UpdateItemResponse::attributes: nullptr when empty.
ItemPtr NonEmpty(Item attributes) {
  if (attributes.empty()) return nullptr;
  return MakeUnpackedItemPtr(std::move(attributes));
}

// UpdateItem's ReturnValues from what the commit did. UPDATED_OLD and
// UPDATED_NEW need the paths the update modified: the update is applied
// again to the old image, outside the lock (Compute() is pure, so this is
// what the commit stored).
absl::StatusOr<ItemPtr> Returned(const PreparedUpdate& update,
                                 ReturnValue return_values,
                                 ChangeRecord& record) {
  switch (return_values) {
    case ReturnValue::kNone:
      return nullptr;
    case ReturnValue::kAllOld:
      return std::move(record.old_image);
    case ReturnValue::kAllNew:
      return std::move(record.new_image);
    case ReturnValue::kUpdatedOld:
    case ReturnValue::kUpdatedNew:
      break;
  }
  const Item* old_item = record.old_image.get();
  DYNAMITE_ASSIGN_OR_RETURN(UpdateResult result, update.Apply(old_item));
  if (return_values == ReturnValue::kUpdatedOld) {
    return NonEmpty(UpdatedOldAttributes(result, old_item));
  }
  return NonEmpty(UpdatedNewAttributes(result));
}

}  // namespace

WriteResult<UpdateItemResponse> Database::UpdateItem(
    const UpdateItemRequest& request) {
  DYNAMITE_ASSIGN_OR_RETURN(PreparedUpdate update,
                            PrepareUpdate(request, catalog_, expressions_));
  CommitResult commit = CommitOne(update);
  ChangeRecord& record = commit.records.front();
  if (!commit.status.ok()) {
    return update.condition.Failure<UpdateItemResponse>(commit.status,
                                                        record.old_image);
  }
  UpdateItemResponse response;
  DYNAMITE_ASSIGN_OR_RETURN(response.attributes,
                            Returned(update, request.return_values, record));
  response.item_collection_metrics = CollectionMetrics(
      request.return_item_collection_metrics, *update.table, request.key);
  return response;
}

}  // namespace dynamite
