// Request and response structs of the single-item operations: PutItem,
// GetItem, UpdateItem, DeleteItem. Items in responses are shared immutable
// snapshots (ItemPtr, store/item.h): reading them never copies the stored
// item. The writes return WriteResult (api/write_result.h).
//
// Thread safety: plain structs.

#ifndef DYNAMITE_API_ITEM_REQUESTS_H_
#define DYNAMITE_API_ITEM_REQUESTS_H_

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "api/consumed_capacity.h"
#include "query/legacy.h"
#include "store/item.h"
#include "store/item_ptr.h"

namespace dynamite {

// `#name` -> attribute name, and `:value` -> value, for every expression of
// one request (reference §7.2).
using ExpressionAttributeNames = std::map<std::string, std::string>;
using ExpressionAttributeValues = AttributeMap;

// DynamoDB's ReturnValue enum. PutItem and DeleteItem accept only kNone and
// kAllOld.
enum class ReturnValue { kNone, kAllOld, kUpdatedOld, kAllNew, kUpdatedNew };

// DynamoDB's ReturnItemCollectionMetrics enum.
enum class ReturnItemCollectionMetrics { kNone, kSize };

// The size of the item collection a write touched, on a table with LSIs
// (ReturnItemCollectionMetrics SIZE): its partition key, and an estimate
// range in GB, [lower, upper].
struct ItemCollectionMetrics {
  Item item_collection_key;
  double size_estimate_lower_gb = 0;
  double size_estimate_upper_gb = 0;
};

// DynamoDB's ReturnValuesOnConditionCheckFailure enum.
enum class ReturnValuesOnConditionCheckFailure { kNone, kAllOld };

struct PutItemRequest {
  std::string table_name;
  Item item;
  // TOTAL or INDEXES: the response reports the capacity the request
  // consumed (api/consumed_capacity.h).
  ReturnConsumedCapacity return_consumed_capacity =
      ReturnConsumedCapacity::kNone;
  ReturnValue return_values = ReturnValue::kNone;
  ReturnItemCollectionMetrics return_item_collection_metrics =
      ReturnItemCollectionMetrics::kNone;
  // The write happens only if this condition holds on the item as it is
  // (an absent item has no attributes); otherwise the request fails with
  // ConditionalCheckFailedException "The conditional request failed".
  std::optional<std::string> condition_expression;
  std::optional<ExpressionAttributeNames> expression_attribute_names;
  std::optional<ExpressionAttributeValues> expression_attribute_values;
  // kAllOld: a failed condition returns the item it was checked against
  // (WriteResult::condition_check_item()).
  ReturnValuesOnConditionCheckFailure return_values_on_condition_check_failure =
      ReturnValuesOnConditionCheckFailure::kNone;
  // Legacy alternatives to ConditionExpression (query/legacy.h): Expected,
  // combined with ConditionalOperator (AND by default). A request may not
  // mix them with the expression parameters.
  std::optional<ExpectedAttributeValues> expected;
  std::optional<ConditionalOperator> conditional_operator;
};
struct PutItemResponse {
  // The replaced item, with ReturnValues ALL_OLD and an item existed.
  ItemPtr attributes;
  // With ReturnItemCollectionMetrics SIZE, on a table with LSIs.
  std::optional<ItemCollectionMetrics> item_collection_metrics;
  // Under ReturnConsumedCapacity TOTAL or INDEXES.
  std::optional<ConsumedCapacity> consumed_capacity;
};

struct GetItemRequest {
  std::string table_name;
  Item key;
  std::optional<std::string> projection_expression;
  std::optional<ExpressionAttributeNames> expression_attribute_names;
  // Accepted; every read of an in-memory table is strongly consistent.
  bool consistent_read = false;
  // Legacy alternative to ProjectionExpression: top-level attribute names
  // (non-empty, no duplicates).
  std::optional<std::vector<std::string>> attributes_to_get;
  // TOTAL or INDEXES: the response reports the capacity the request
  // consumed (api/consumed_capacity.h).
  ReturnConsumedCapacity return_consumed_capacity =
      ReturnConsumedCapacity::kNone;
};
struct GetItemResponse {
  // nullptr when there is no such item; projected (possibly to {}) when the
  // request has a ProjectionExpression.
  ItemPtr item;
  // Under ReturnConsumedCapacity TOTAL or INDEXES.
  std::optional<ConsumedCapacity> consumed_capacity;
};

struct DeleteItemRequest {
  std::string table_name;
  Item key;
  // TOTAL or INDEXES: the response reports the capacity the request
  // consumed (api/consumed_capacity.h).
  ReturnConsumedCapacity return_consumed_capacity =
      ReturnConsumedCapacity::kNone;
  ReturnValue return_values = ReturnValue::kNone;
  ReturnItemCollectionMetrics return_item_collection_metrics =
      ReturnItemCollectionMetrics::kNone;
  // The write happens only if this condition holds on the item as it is
  // (an absent item has no attributes); otherwise the request fails with
  // ConditionalCheckFailedException "The conditional request failed".
  std::optional<std::string> condition_expression;
  std::optional<ExpressionAttributeNames> expression_attribute_names;
  std::optional<ExpressionAttributeValues> expression_attribute_values;
  // kAllOld: a failed condition returns the item it was checked against
  // (WriteResult::condition_check_item()).
  ReturnValuesOnConditionCheckFailure return_values_on_condition_check_failure =
      ReturnValuesOnConditionCheckFailure::kNone;
  // Legacy alternatives to ConditionExpression (query/legacy.h): Expected,
  // combined with ConditionalOperator (AND by default). A request may not
  // mix them with the expression parameters.
  std::optional<ExpectedAttributeValues> expected;
  std::optional<ConditionalOperator> conditional_operator;
};
struct DeleteItemResponse {
  // The deleted item, with ReturnValues ALL_OLD and an item existed.
  ItemPtr attributes;
  // With ReturnItemCollectionMetrics SIZE, on a table with LSIs.
  std::optional<ItemCollectionMetrics> item_collection_metrics;
  // Under ReturnConsumedCapacity TOTAL or INDEXES.
  std::optional<ConsumedCapacity> consumed_capacity;
};

// UpdateItem merges: it applies the UpdateExpression (reference §7.7) to
// the item under `key`, creating the item when it is absent — unless the
// update only removes (REMOVE, DELETE). With no UpdateExpression it creates
// an item holding just the key, or leaves an existing item as it is.
struct UpdateItemRequest {
  std::string table_name;
  Item key;
  // TOTAL or INDEXES: the response reports the capacity the request
  // consumed (api/consumed_capacity.h).
  ReturnConsumedCapacity return_consumed_capacity =
      ReturnConsumedCapacity::kNone;
  std::optional<std::string> update_expression;
  ReturnValue return_values = ReturnValue::kNone;
  ReturnItemCollectionMetrics return_item_collection_metrics =
      ReturnItemCollectionMetrics::kNone;
  // The expression attribute maps serve both expressions.
  // The write happens only if this condition holds on the item as it is
  // (an absent item has no attributes); otherwise the request fails with
  // ConditionalCheckFailedException "The conditional request failed".
  std::optional<std::string> condition_expression;
  std::optional<ExpressionAttributeNames> expression_attribute_names;
  std::optional<ExpressionAttributeValues> expression_attribute_values;
  // kAllOld: a failed condition returns the item it was checked against
  // (WriteResult::condition_check_item()).
  ReturnValuesOnConditionCheckFailure return_values_on_condition_check_failure =
      ReturnValuesOnConditionCheckFailure::kNone;
  // Legacy alternatives to ConditionExpression (query/legacy.h): Expected,
  // combined with ConditionalOperator (AND by default). A request may not
  // mix them with the expression parameters.
  std::optional<ExpectedAttributeValues> expected;
  std::optional<ConditionalOperator> conditional_operator;
  // Legacy alternative to UpdateExpression: PUT / ADD / DELETE per
  // attribute (query/legacy.h TranslateAttributeUpdates()).
  std::optional<AttributeValueUpdates> attribute_updates;
};
struct UpdateItemResponse {
  // Per ReturnValues: ALL_OLD the whole old item, ALL_NEW the whole new
  // one, UPDATED_OLD / UPDATED_NEW the updated attributes before / after
  // (query/update.h); nullptr when that is nothing, as DynamoDB then sends
  // no Attributes.
  ItemPtr attributes;
  // With ReturnItemCollectionMetrics SIZE, on a table with LSIs.
  std::optional<ItemCollectionMetrics> item_collection_metrics;
  // Under ReturnConsumedCapacity TOTAL or INDEXES.
  std::optional<ConsumedCapacity> consumed_capacity;
};

}  // namespace dynamite

#endif  // DYNAMITE_API_ITEM_REQUESTS_H_
