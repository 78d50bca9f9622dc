// Request and response structs of the transactions: TransactWriteItems and
// TransactGetItems (reference §8.4).
//
// A TransactWriteItems is one commit (store/commit.h) of up to 100 actions
// over one or more tables, all applied or none: a failed condition, or an
// action that cannot be applied, cancels the whole transaction with
// TransactionCanceledException and one CancellationReason per action
// (TransactWriteResult). A TransactGetItems reads up to 100 items from one
// consistent snapshot of every table it names.
//
// Thread safety: plain structs.

#ifndef DYNAMITE_API_TRANSACT_REQUESTS_H_
#define DYNAMITE_API_TRANSACT_REQUESTS_H_

#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"

#include "api/consumed_capacity.h"
#include "api/item_requests.h"
#include "store/item.h"
#include "store/item_ptr.h"

namespace dynamite {

inline constexpr size_t kMaxTransactItems = 100;
inline constexpr size_t kMaxClientRequestTokenLength = 36;

// The actions of a TransactWriteItems. Each has its own expression
// attributes, which serve its expressions only, and its own
// ReturnValuesOnConditionCheckFailure (kAllOld: a failed condition's
// CancellationReason carries the item it was checked against).
struct ConditionCheck {
  std::string table_name;
  Item key;
  std::string condition_expression;  // required
  std::optional<ExpressionAttributeNames> expression_attribute_names;
  std::optional<ExpressionAttributeValues> expression_attribute_values;
  ReturnValuesOnConditionCheckFailure return_values_on_condition_check_failure =
      ReturnValuesOnConditionCheckFailure::kNone;

  bool operator==(const ConditionCheck&) const = default;
};
struct TransactPut {
  std::string table_name;
  Item item;
  std::optional<std::string> condition_expression;
  std::optional<ExpressionAttributeNames> expression_attribute_names;
  std::optional<ExpressionAttributeValues> expression_attribute_values;
  ReturnValuesOnConditionCheckFailure return_values_on_condition_check_failure =
      ReturnValuesOnConditionCheckFailure::kNone;

  bool operator==(const TransactPut&) const = default;
};
struct TransactUpdate {
  std::string table_name;
  Item key;
  std::string update_expression;  // required
  std::optional<std::string> condition_expression;
  std::optional<ExpressionAttributeNames> expression_attribute_names;
  std::optional<ExpressionAttributeValues> expression_attribute_values;
  ReturnValuesOnConditionCheckFailure return_values_on_condition_check_failure =
      ReturnValuesOnConditionCheckFailure::kNone;

  bool operator==(const TransactUpdate&) const = default;
};
struct TransactDelete {
  std::string table_name;
  Item key;
  std::optional<std::string> condition_expression;
  std::optional<ExpressionAttributeNames> expression_attribute_names;
  std::optional<ExpressionAttributeValues> expression_attribute_values;
  ReturnValuesOnConditionCheckFailure return_values_on_condition_check_failure =
      ReturnValuesOnConditionCheckFailure::kNone;

  bool operator==(const TransactDelete&) const = default;
};

// Exactly one of the four must be set ("TransactItems can only contain one
// of Check, Put, Update or Delete").
struct TransactWriteItem {
  std::optional<ConditionCheck> condition_check;
  std::optional<TransactPut> put;
  std::optional<TransactUpdate> update;
  std::optional<TransactDelete> delete_item;

  bool operator==(const TransactWriteItem&) const = default;
};

struct TransactWriteItemsRequest {
  // 1..100 actions, no two on one item.
  std::vector<TransactWriteItem> transact_items;
  // 1..36 characters: a request repeated with the same token within 10
  // minutes (by the Database's clock) of its success succeeds again without
  // applying twice; a different request under the token is
  // IdempotentParameterMismatchException.
  std::optional<std::string> client_request_token;
  ReturnConsumedCapacity return_consumed_capacity =
      ReturnConsumedCapacity::kNone;
  ReturnItemCollectionMetrics return_item_collection_metrics =
      ReturnItemCollectionMetrics::kNone;

  bool operator==(const TransactWriteItemsRequest&) const = default;
};
struct TransactWriteItemsResponse {
  // One entry per table written, under ReturnConsumedCapacity.
  std::vector<ConsumedCapacity> consumed_capacity;
  // With ReturnItemCollectionMetrics SIZE: per table with LSIs, one per
  // write to it, in request order.
  std::map<std::string, std::vector<ItemCollectionMetrics>>
      item_collection_metrics;
};

// Why one action of a cancelled transaction did not apply: its Code
// ("None" for an action that was not at fault, "ConditionalCheckFailed",
// "ValidationError", "ItemCollectionSizeLimitExceeded"), DynamoDB's Message
// (none for "None"), and, for a failed condition under ALL_OLD, the item it
// was checked against.
struct CancellationReason {
  std::string code;
  std::optional<std::string> message;
  ItemPtr item;
};

// What TransactWriteItems returns: a StatusOr of the response that reads
// like api/write_result.h's WriteResult, plus, when the status is
// TransactionCanceledException, one reason per action in request order.
class TransactWriteResult {
 public:
  TransactWriteResult(  // NOLINT(google-explicit-constructor)
      TransactWriteItemsResponse response)
      : result_(std::move(response)) {}
  // REQUIRES: !status.ok().
  TransactWriteResult(
      absl::Status status)  // NOLINT(google-explicit-constructor)
      : result_(std::move(status)) {}
  TransactWriteResult(absl::Status status,
                      std::vector<CancellationReason> reasons)
      : result_(std::move(status)), reasons_(std::move(reasons)) {}

  bool ok() const { return result_.ok(); }
  const absl::Status& status() const { return result_.status(); }

  // REQUIRES: ok().
  const TransactWriteItemsResponse& value() const& { return result_.value(); }
  TransactWriteItemsResponse& value() & { return result_.value(); }
  TransactWriteItemsResponse&& value() && { return std::move(result_).value(); }
  const TransactWriteItemsResponse& operator*() const& { return *result_; }
  TransactWriteItemsResponse& operator*() & { return *result_; }
  const TransactWriteItemsResponse* operator->() const { return &*result_; }
  TransactWriteItemsResponse* operator->() { return &*result_; }

  // Set when status() is TransactionCanceledException.
  const std::vector<CancellationReason>& cancellation_reasons() const {
    return reasons_;
  }

 private:
  absl::StatusOr<TransactWriteItemsResponse> result_;
  std::vector<CancellationReason> reasons_;
};

struct TransactGet {
  std::string table_name;
  Item key;
  std::optional<std::string> projection_expression;
  std::optional<ExpressionAttributeNames> expression_attribute_names;
};

struct TransactGetItemsRequest {
  // 1..100 gets, no item twice.
  std::vector<TransactGet> transact_items;
  ReturnConsumedCapacity return_consumed_capacity =
      ReturnConsumedCapacity::kNone;
};
struct TransactGetItemsResponse {
  // One per get, in request order: the item (projected), or nullptr.
  std::vector<ItemPtr> responses;
  // One entry per table read, under ReturnConsumedCapacity.
  std::vector<ConsumedCapacity> consumed_capacity;
};

}  // namespace dynamite

#endif  // DYNAMITE_API_TRANSACT_REQUESTS_H_
