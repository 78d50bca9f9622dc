#include "api/write_condition.h"

#include "common/errors.h"
#include "common/status_macros.h"
#include "query/evaluate.h"
#include "query/parser.h"

namespace dynamite {

absl::StatusOr<WriteCondition> WriteCondition::Parse(
    const std::optional<std::string>& expression,
    ReturnValuesOnConditionCheckFailure return_values,
    Placeholders& placeholders) {
  WriteCondition result;
  result.keep_failed_item_ =
      return_values == ReturnValuesOnConditionCheckFailure::kAllOld;
  if (expression.has_value()) {
    DYNAMITE_ASSIGN_OR_RETURN(
        result.condition_,
        ParseCondition(*expression, ExpressionKind::kConditionExpression,
                       placeholders));
  }
  return result;
}

absl::Status WriteCondition::Check(const Item* current) {
  if (!condition_.has_value()) return absl::OkStatus();
  static const Item kNoItem;
  if (EvaluateCondition(*condition_, current != nullptr ? *current : kNoItem)) {
    return absl::OkStatus();
  }
  // Copied only on this path: the caller's table lock is held, and the
  // stored snapshot is not reachable from here.
  if (keep_failed_item_ && current != nullptr) {
    failed_item_ = std::make_shared<const Item>(*current);
  }
  return ConditionalCheckFailedError("The conditional request failed");
}

}  // namespace dynamite
