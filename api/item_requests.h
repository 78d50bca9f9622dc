// Request and response structs of the single-item operations: PutItem,
// GetItem, DeleteItem. Items in responses are shared immutable snapshots
// (ItemPtr, store/item.h): reading them never copies the stored item.
//
// Thread safety: plain structs.

#ifndef DYNAMITE_API_ITEM_REQUESTS_H_
#define DYNAMITE_API_ITEM_REQUESTS_H_

#include <map>
#include <optional>
#include <string>

#include "store/item.h"

namespace dynamite {

// DynamoDB's ReturnValue enum. PutItem and DeleteItem accept only kNone and
// kAllOld.
enum class ReturnValue { kNone, kAllOld, kUpdatedOld, kAllNew, kUpdatedNew };

struct PutItemRequest {
  std::string table_name;
  Item item;
  ReturnValue return_values = ReturnValue::kNone;
};
struct PutItemResponse {
  // The replaced item, with ReturnValues ALL_OLD and an item existed.
  ItemPtr attributes;
};

struct GetItemRequest {
  std::string table_name;
  Item key;
  std::optional<std::string> projection_expression;
  std::optional<std::map<std::string, std::string>> expression_attribute_names;
  // Accepted; every read of an in-memory table is strongly consistent.
  bool consistent_read = false;
};
struct GetItemResponse {
  // nullptr when there is no such item; projected (possibly to {}) when the
  // request has a ProjectionExpression.
  ItemPtr item;
};

struct DeleteItemRequest {
  std::string table_name;
  Item key;
  ReturnValue return_values = ReturnValue::kNone;
};
struct DeleteItemResponse {
  // The deleted item, with ReturnValues ALL_OLD and an item existed.
  ItemPtr attributes;
};

}  // namespace dynamite

#endif  // DYNAMITE_API_ITEM_REQUESTS_H_
