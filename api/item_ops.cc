// The single-item operations of Database: PutItem, GetItem, DeleteItem
// (UpdateItem is api/update_ops.cc). A write is prepared whole
// (api/write_plan.h: validated in DynamoDB's order before any table is
// touched) and applied as one commit (store/commit.h), its condition
// checked under the table's lock, so a failed request changes nothing.
// GetItem validates the same way (parameters, the legacy AttributesToGet or
// the ProjectionExpression and its placeholders, the table, the key).

#include <algorithm>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "api/constraint.h"
#include "api/consumed_capacity.h"
#include "api/database.h"
#include "api/expression_attributes.h"
#include "api/item_collection.h"
#include "api/write_plan.h"
#include "common/errors.h"
#include "common/status_macros.h"
#include "query/legacy.h"
#include "query/parser.h"
#include "query/placeholders.h"
#include "query/projection.h"

namespace dynamite {
namespace {

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
  DYNAMITE_ASSIGN_OR_RETURN(PreparedPut put,
                            PreparePut(request, catalog_, expressions_));
  CommitResult commit = CommitOne(put);
  ChangeRecord& record = commit.records.front();
  if (!commit.status.ok()) {
    WriteResult<PutItemResponse> failure =
        put.condition.Failure<PutItemResponse>(commit.status, record.old_image);
    if (ErrorKindOf(commit.status) == ErrorKind::kConditionalCheckFailed) {
      const int64_t found = ImageSize(record.old_image);
      failure.set_consumed_capacity(FailedWriteCapacity(
          request.return_consumed_capacity, request.table_name,
          found == 0 ? 0 : std::max(found, ItemSize(request.item))));
    }
    return failure;
  }
  PutItemResponse response;
  response.consumed_capacity =
      CommittedWriteCapacity(request.return_consumed_capacity, record);
  if (request.return_values == ReturnValue::kAllOld) {
    response.attributes = std::move(record.old_image);
  }
  response.item_collection_metrics = CollectionMetrics(
      request.return_item_collection_metrics, *put.table, request.item);
  return response;
}

absl::StatusOr<GetItemResponse> Database::GetItem(
    const GetItemRequest& request) {
  DYNAMITE_ASSIGN_OR_RETURN(
      std::shared_ptr<const std::vector<DocumentPath>> paths,
      ValidateGetItem(request, expressions_));
  DYNAMITE_ASSIGN_OR_RETURN(
      std::shared_ptr<Table> table,
      catalog_.FindForItems(request.table_name, kTableNotFound));
  DYNAMITE_ASSIGN_OR_RETURN(BorrowedKey key,
                            ExtractKeyBytes(table->schema(), request.key));
  ItemPtr item = table->Get(key.partition.view(), key.sort.view());
  std::optional<ConsumedCapacity> capacity;
  if (request.return_consumed_capacity != ReturnConsumedCapacity::kNone) {
    // The whole stored item's size, whatever the projection; a missing
    // item is still one block.
    CapacityMeter meter(request.return_consumed_capacity);
    meter.AddTableRead(
        request.table_name,
        ReadUnits(
            item != nullptr ? item.packed()->size() : 0,
            request.consistent_read ? ReadMode::kStrong : ReadMode::kEventual));
    capacity = meter.ReportTable(request.table_name);
  }
  // Projected outside the table's lock: the snapshot is immutable.
  if (item != nullptr && paths != nullptr) {
    item = MakeUnpackedItemPtr(ProjectItem(*item.packed(), *paths));
  }
  return GetItemResponse{std::move(item), std::move(capacity)};
}

WriteResult<DeleteItemResponse> Database::DeleteItem(
    const DeleteItemRequest& request) {
  DYNAMITE_ASSIGN_OR_RETURN(PreparedDelete del,
                            PrepareDelete(request, catalog_, expressions_));
  CommitResult commit = CommitOne(del);
  ChangeRecord& record = commit.records.front();
  if (!commit.status.ok()) {
    WriteResult<DeleteItemResponse> failure =
        del.condition.Failure<DeleteItemResponse>(commit.status,
                                                  record.old_image);
    if (ErrorKindOf(commit.status) == ErrorKind::kConditionalCheckFailed) {
      failure.set_consumed_capacity(
          FailedWriteCapacity(request.return_consumed_capacity,
                              request.table_name, ImageSize(record.old_image)));
    }
    return failure;
  }
  DeleteItemResponse response;
  response.consumed_capacity =
      CommittedWriteCapacity(request.return_consumed_capacity, record);
  if (request.return_values == ReturnValue::kAllOld) {
    response.attributes = std::move(record.old_image);
  }
  response.item_collection_metrics = CollectionMetrics(
      request.return_item_collection_metrics, *del.table, request.key);
  return response;
}

}  // namespace dynamite
