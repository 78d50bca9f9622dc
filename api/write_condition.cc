#include "api/write_condition.h"

#include <utility>

#include "common/errors.h"
#include "common/status_macros.h"
#include "query/evaluate.h"
#include "query/parser.h"

namespace dynamite {

absl::StatusOr<WriteCondition> WriteCondition::Parse(
    const std::optional<std::string>& expression,
    ReturnValuesOnConditionCheckFailure return_values,
    Placeholders& placeholders, ExpressionCache& cache) {
  WriteCondition result(return_values);
  if (expression.has_value()) {
    DYNAMITE_ASSIGN_OR_RETURN(
        result.condition_,
        cache.CompileCondition(
            *expression, ExpressionKind::kConditionExpression, placeholders));
  }
  return result;
}

absl::StatusOr<WriteCondition> WriteCondition::Translate(
    const std::optional<ExpectedAttributeValues>& expected,
    std::optional<ConditionalOperator> conditional_operator,
    ReturnValuesOnConditionCheckFailure return_values) {
  DYNAMITE_ASSIGN_OR_RETURN(
      ConditionalOperator op,
      ResolveConditionalOperator(conditional_operator,
                                 expected.has_value() ? expected->size() : 0));
  WriteCondition result(return_values);
  if (expected.has_value()) {
    DYNAMITE_ASSIGN_OR_RETURN(result.condition_,
                              TranslateExpected(*expected, op));
  }
  return result;
}

absl::StatusOr<WriteCondition> WriteCondition::FromRequest(
    const std::optional<std::string>& expression,
    const std::optional<ExpectedAttributeValues>& expected,
    std::optional<ConditionalOperator> conditional_operator,
    ReturnValuesOnConditionCheckFailure return_values,
    Placeholders& placeholders, ExpressionCache& cache) {
  if (expression.has_value()) {
    return Parse(expression, return_values, placeholders, cache);
  }
  return Translate(expected, conditional_operator, return_values);
}

absl::Status WriteCondition::Check(const ItemPtr& current) const {
  if (!condition_.has_value()) return absl::OkStatus();
  static const Item kNoItem;
  const bool holds =
      current != nullptr
          ? EvaluateCondition(condition_->tree(), condition_->values(),
                              *current.packed())
          : EvaluateCondition(condition_->tree(), condition_->values(),
                              kNoItem);
  if (holds) return absl::OkStatus();
  return ConditionalCheckFailedError("The conditional request failed");
}

}  // namespace dynamite
