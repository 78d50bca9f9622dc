// Request and response structs of the batch operations: BatchWriteItem
// (puts and deletes across tables, reference §8.2) and BatchGetItem (reads
// by key across tables, reference §8.3).
//
// A batch is validated whole before any table is touched, so a rejected
// batch changes nothing. Once valid, each write is atomic on its own; the
// batch as a whole is not (as in DynamoDB). An in-memory table always
// processes every request, so the Unprocessed* maps come back empty, which
// is what DynamoDB sends when it has done everything.
//
// Thread safety: plain structs.

#ifndef DYNAMITE_API_BATCH_REQUESTS_H_
#define DYNAMITE_API_BATCH_REQUESTS_H_

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "api/consumed_capacity.h"
#include "api/item_requests.h"
#include "store/item.h"
#include "store/item_ptr.h"

namespace dynamite {

// DynamoDB's batch limits (reference §8.2, §8.3, §12).
inline constexpr size_t kMaxBatchWriteRequests = 25;
inline constexpr size_t kMaxBatchGetKeys = 100;

struct PutRequest {
  Item item;
};
struct DeleteRequest {
  Item key;
};

// Exactly one of the two must be set.
struct WriteRequest {
  std::optional<PutRequest> put_request;
  std::optional<DeleteRequest> delete_request;
};

struct BatchWriteItemRequest {
  // Table name -> 1..25 writes; at most 25 in total, each item at most once
  // per table.
  std::map<std::string, std::vector<WriteRequest>> request_items;
  ReturnItemCollectionMetrics return_item_collection_metrics =
      ReturnItemCollectionMetrics::kNone;
  // TOTAL or INDEXES: the response reports the capacity the request
  // consumed (api/consumed_capacity.h).
  ReturnConsumedCapacity return_consumed_capacity =
      ReturnConsumedCapacity::kNone;
};
struct BatchWriteItemResponse {
  // Always empty: every write was applied.
  std::map<std::string, std::vector<WriteRequest>> unprocessed_items;
  // With ReturnItemCollectionMetrics SIZE: per table with LSIs, one per
  // write, in request order.
  std::map<std::string, std::vector<ItemCollectionMetrics>>
      item_collection_metrics;
  // Under ReturnConsumedCapacity TOTAL or INDEXES: one entry per table,
  // in the order of RequestItems.
  std::vector<ConsumedCapacity> consumed_capacity;
};

// The keys to read from one table and how to read them (DynamoDB's
// KeysAndAttributes).
struct KeysAndAttributes {
  // 1..100 keys, no key twice.
  std::vector<Item> keys;
  std::optional<std::string> projection_expression;
  std::optional<ExpressionAttributeNames> expression_attribute_names;
  // Accepted; every read of an in-memory table is strongly consistent.
  bool consistent_read = false;
  // Legacy alternative to ProjectionExpression (non-empty, no duplicates).
  std::optional<std::vector<std::string>> attributes_to_get;
};

struct BatchGetItemRequest {
  // Table name -> keys; at most 100 keys in total.
  std::map<std::string, KeysAndAttributes> request_items;
  // TOTAL or INDEXES: the response reports the capacity the request
  // consumed (api/consumed_capacity.h).
  ReturnConsumedCapacity return_consumed_capacity =
      ReturnConsumedCapacity::kNone;
};
struct BatchGetItemResponse {
  // Table name -> the items found, in the order their keys were given
  // (DynamoDB leaves the order unspecified), projected when the table's
  // request has a projection. Every requested table is present, with no
  // items when none was found.
  std::map<std::string, std::vector<ItemPtr>> responses;
  // Always empty: every key was read.
  std::map<std::string, KeysAndAttributes> unprocessed_keys;
  // Under ReturnConsumedCapacity TOTAL or INDEXES: one entry per table,
  // in the order of RequestItems.
  std::vector<ConsumedCapacity> consumed_capacity;
};

}  // namespace dynamite

#endif  // DYNAMITE_API_BATCH_REQUESTS_H_
