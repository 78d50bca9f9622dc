// Database::UpdateItem. The request is prepared whole (api/write_plan.h:
// parameters, the mix of legacy and expression parameters, the expression
// attribute maps, the UpdateExpression (or AttributeUpdates) and
// ConditionExpression (or Expected / ConditionalOperator) and their
// placeholders, the table, the key, the key attributes the update would
// touch) before the table is touched; then one commit checks the condition,
// applies the update to the item as it is, and checks the new item against
// the item limits before it is stored.

#include <algorithm>
#include <cstdint>
#include <utility>

#include "api/consumed_capacity.h"
#include "api/database.h"
#include "api/item_collection.h"
#include "api/write_plan.h"
#include "common/errors.h"
#include "common/status_macros.h"
#include "query/update.h"

namespace dynamite {
namespace {

// `attributes` as UpdateItemResponse::attributes: nullptr when empty.
ItemPtr NonEmpty(Item attributes) {
  if (attributes.empty()) return nullptr;
  return MakeUnpackedItemPtr(std::move(attributes));
}

// UpdateItem's ReturnValues from what the commit did: its own old and new
// images, read at the paths the update names as targets for UPDATED_OLD
// and UPDATED_NEW (the same for every item: nothing is applied again).
ItemPtr Returned(const PreparedUpdate& update, ReturnValue return_values,
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
  // Without an UpdateExpression (or with empty AttributeUpdates) nothing
  // is a target.
  if (!update.update.has_value()) return nullptr;
  const ItemPtr& image = return_values == ReturnValue::kUpdatedOld
                             ? record.old_image
                             : record.new_image;
  return NonEmpty(UpdatedAttributes(update.update->tree(), image.packed()));
}

// What an update whose condition failed costs (AddFailedWrite()): the
// larger of the item found and the item the update would have made of it
// (the update is applied again, outside the lock: Compute() is pure); 0
// when there was no item.
int64_t FailedUpdateSize(const PreparedUpdate& update,
                         const ChangeRecord& record) {
  const int64_t found = ImageSize(record.old_image);
  if (found == 0) return 0;
  absl::StatusOr<UpdateResult> result = update.Apply(record.old_image.get());
  if (!result.ok() || !result->item.has_value()) return found;
  return std::max(found, ItemSize(*result->item));
}

}  // namespace

WriteResult<UpdateItemResponse> Database::UpdateItem(
    const UpdateItemRequest& request) {
  DYNAMITE_ASSIGN_OR_RETURN(PreparedUpdate update,
                            PrepareUpdate(request, catalog_, expressions_));
  CommitResult commit = CommitOne(update);
  ChangeRecord& record = commit.records.front();
  if (!commit.status.ok()) {
    WriteResult<UpdateItemResponse> failure =
        update.condition.Failure<UpdateItemResponse>(commit.status,
                                                     record.old_image);
    if (ErrorKindOf(commit.status) == ErrorKind::kConditionalCheckFailed &&
        request.return_consumed_capacity != ReturnConsumedCapacity::kNone) {
      failure.set_consumed_capacity(FailedWriteCapacity(
          request.return_consumed_capacity, request.table_name,
          FailedUpdateSize(update, record)));
    }
    return failure;
  }
  UpdateItemResponse response;
  // Before Returned(), which may move the images out of the record.
  response.consumed_capacity =
      CommittedWriteCapacity(request.return_consumed_capacity, record);
  response.attributes = Returned(update, request.return_values, record);
  response.item_collection_metrics = CollectionMetrics(
      request.return_item_collection_metrics, *update.table, request.key);
  return response;
}

}  // namespace dynamite
