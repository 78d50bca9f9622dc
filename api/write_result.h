// WriteResult: what PutItem, UpdateItem and DeleteItem return — a
// StatusOr of the response, plus the item a failed ConditionExpression was
// checked against.
//
// DynamoDB answers a failed condition with ConditionalCheckFailedException
// and, when the request set ReturnValuesOnConditionCheckFailure to ALL_OLD,
// the item as it was (reference §7.8). A failed condition still consumes
// write capacity (reference §10.2); under ReturnConsumedCapacity TOTAL or
// INDEXES the result carries it (consumed_capacity()), though DynamoDB's
// ConditionalCheckFailedException body does not. An error that carries data
// gets a result type holding both (STYLE.md §5.2), not a status payload:
//
//   dynamite::WriteResult<dynamite::PutItemResponse> put = db.PutItem(request);
//   if (dynamite::ErrorKindOf(put.status()) ==
//       dynamite::ErrorKind::kConditionalCheckFailed) {
//     const dynamite::ItemPtr& current = put.condition_check_item();
//   }
//
// It reads like absl::StatusOr<Response> (ok(), status(), value(), *, ->),
// so DYNAMITE_ASSIGN_OR_RETURN and the test matchers accept it.
//
// Thread safety: a value type.

#ifndef DYNAMITE_API_WRITE_RESULT_H_
#define DYNAMITE_API_WRITE_RESULT_H_

#include <optional>
#include <utility>

#include "absl/status/status.h"
#include "absl/status/statusor.h"

#include "api/consumed_capacity.h"
#include "store/item.h"
#include "store/item_ptr.h"

namespace dynamite {

template <typename Response>
class WriteResult {
 public:
  // Success.
  WriteResult(Response response)  // NOLINT(google-explicit-constructor)
      : result_(std::move(response)) {}
  // Failure. REQUIRES: !status.ok().
  WriteResult(absl::Status status)  // NOLINT(google-explicit-constructor)
      : result_(std::move(status)) {}
  // A failed condition that returns the item it was checked against
  // (nullptr when there was no item).
  WriteResult(absl::Status status, ItemPtr condition_check_item)
      : result_(std::move(status)),
        condition_check_item_(std::move(condition_check_item)) {}

  bool ok() const { return result_.ok(); }
  const absl::Status& status() const { return result_.status(); }

  // REQUIRES: ok().
  const Response& value() const& { return result_.value(); }
  Response& value() & { return result_.value(); }
  Response&& value() && { return std::move(result_).value(); }
  const Response& operator*() const& { return *result_; }
  Response& operator*() & { return *result_; }
  const Response* operator->() const { return &*result_; }
  Response* operator->() { return &*result_; }

  // The item as it was when the ConditionExpression failed: set only when
  // status() is ConditionalCheckFailedException, the request asked for
  // ReturnValuesOnConditionCheckFailure ALL_OLD, and the item existed.
  const ItemPtr& condition_check_item() const { return condition_check_item_; }

  // The capacity a request consumed although it failed: set only when
  // status() is ConditionalCheckFailedException and the request asked for
  // ReturnConsumedCapacity TOTAL or INDEXES. (A success reports its own in
  // the response.)
  const std::optional<ConsumedCapacity>& consumed_capacity() const {
    return consumed_capacity_;
  }
  void set_consumed_capacity(std::optional<ConsumedCapacity> capacity) {
    consumed_capacity_ = std::move(capacity);
  }

 private:
  absl::StatusOr<Response> result_;
  ItemPtr condition_check_item_;
  std::optional<ConsumedCapacity> consumed_capacity_;
};

}  // namespace dynamite

#endif  // DYNAMITE_API_WRITE_RESULT_H_
