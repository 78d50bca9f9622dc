// The condition of a write (PutItem, UpdateItem, DeleteItem): its
// ConditionExpression compiled (through the database's expression cache)
// with the request's placeholders, or its legacy
// Expected translated (query/legacy.h); checked inside the commit
// (store/commit.h) against the item as it is, and turned into DynamoDB's
// failure (reference §8.1, §7.8).
//
// Thread safety: a WriteCondition belongs to one request; Check() is const
// and runs under the table's lock.

#ifndef DYNAMITE_API_WRITE_CONDITION_H_
#define DYNAMITE_API_WRITE_CONDITION_H_

#include <memory>
#include <optional>
#include <string>
#include <utility>

#include "absl/status/status.h"
#include "absl/status/statusor.h"

#include "api/item_requests.h"
#include "api/write_result.h"
#include "common/errors.h"
#include "query/bound.h"
#include "query/expression_cache.h"
#include "query/legacy.h"
#include "query/placeholders.h"
#include "store/item.h"
#include "store/item_ptr.h"

namespace dynamite {

class WriteCondition {
 public:
  // Compiles `expression` (absent: the write is unconditional). Errors are
  // the parser's ValidationExceptions, "Invalid ConditionExpression: ...".
  static absl::StatusOr<WriteCondition> Parse(
      const std::optional<std::string>& expression,
      ReturnValuesOnConditionCheckFailure return_values,
      Placeholders& placeholders, ExpressionCache& cache);

  // The legacy form: Expected translated and joined with ConditionalOperator
  // (absent Expected and ConditionalOperator: unconditional). Errors are
  // ResolveConditionalOperator()'s and TranslateExpected()'s.
  static absl::StatusOr<WriteCondition> Translate(
      const std::optional<ExpectedAttributeValues>& expected,
      std::optional<ConditionalOperator> conditional_operator,
      ReturnValuesOnConditionCheckFailure return_values);

  // Parse() when the request has a ConditionExpression, else Translate():
  // a request has at most one of the two forms (RejectMixedParameters()).
  static absl::StatusOr<WriteCondition> FromRequest(
      const std::optional<std::string>& expression,
      const std::optional<ExpectedAttributeValues>& expected,
      std::optional<ConditionalOperator> conditional_operator,
      ReturnValuesOnConditionCheckFailure return_values,
      Placeholders& placeholders, ExpressionCache& cache);

  // No condition: the write is unconditional.
  static WriteCondition None() {
    return WriteCondition(ReturnValuesOnConditionCheckFailure::kNone);
  }

  // Returns OK if there is no condition or it holds on `current` (nullptr:
  // no item, evaluated as an item without attributes); else
  // ConditionalCheckFailedException "The conditional request failed".
  // Pure.
  absl::Status Check(const ItemPtr& current) const;

  // The result of a write whose commit failed with `status`, having found
  // `current`: the item rides along when the condition failed on it and
  // the request asked for ALL_OLD.
  template <typename Response>
  WriteResult<Response> Failure(absl::Status status,
                                const ItemPtr& current) const {
    if (!keep_failed_item_ || current == nullptr ||
        ErrorKindOf(status) != ErrorKind::kConditionalCheckFailed) {
      return WriteResult<Response>(std::move(status));
    }
    // The stored snapshot, shared: it never changes.
    return WriteResult<Response>(std::move(status),
                                 ItemPtr(current.packed_ref()));
  }

 private:
  explicit WriteCondition(ReturnValuesOnConditionCheckFailure return_values)
      : keep_failed_item_(return_values ==
                          ReturnValuesOnConditionCheckFailure::kAllOld) {}

  std::optional<BoundCondition> condition_;
  bool keep_failed_item_ = false;
};

}  // namespace dynamite

#endif  // DYNAMITE_API_WRITE_CONDITION_H_
