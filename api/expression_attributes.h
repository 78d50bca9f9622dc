// The expression attribute maps of a request (reference §7.2): the checks
// DynamoDB makes on ExpressionAttributeNames / ExpressionAttributeValues
// before it reads any expression, and the Placeholders (query/) that
// resolve them for all of a request's expressions.
//
// Thread safety: pure functions.

#ifndef DYNAMITE_API_EXPRESSION_ATTRIBUTES_H_
#define DYNAMITE_API_EXPRESSION_ATTRIBUTES_H_

#include <initializer_list>
#include <optional>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"

#include "api/item_requests.h"
#include "query/placeholders.h"

namespace dynamite {

// A request parameter and whether the request has it.
using NamedParameter = std::pair<absl::string_view, bool>;

// Checks, in DynamoDB's order (reference §7.2; dynalite
// validations/index.js validateExpressionParams, recorded against
// DynamoDB), given the operation's expression parameters in DynamoDB's
// order (e.g. {ProjectionExpression, FilterExpression}):
//   - names without any of them: "ExpressionAttributeNames can only be
//     specified when using expressions";
//   - values without any of them that can use a value (all but
//     ProjectionExpression): "ExpressionAttributeValues can only be
//     specified when using expressions: FilterExpression is null", or
//     "... UpdateExpression and ConditionExpression are null";
//   - an empty map ("ExpressionAttributeNames must not be empty");
//   - each value ("ExpressionAttributeValues contains invalid value: <why>
//     for key <:v>").
absl::Status ValidateExpressionAttributes(
    const std::optional<ExpressionAttributeNames>& names,
    const std::optional<ExpressionAttributeValues>& values,
    std::initializer_list<NamedParameter> expressions);

// DynamoDB's rejection of a request that has both legacy (non-expression)
// and expression parameters (reference §7.2), checked before any other
// request check: "Can not use both expression and non-expression parameters
// in the same request: Non-expression parameters: {AttributesToGet}
// Expression parameters: {ProjectionExpression}". Each list names the
// operation's parameters in DynamoDB's order; the present ones are listed,
// joined by ", " (dynalite validations/index.js validateExpressionParams and
// its tests, recorded against DynamoDB). OK unless both lists have a
// present parameter.
absl::Status RejectMixedParameters(
    std::initializer_list<NamedParameter> non_expression,
    std::initializer_list<NamedParameter> expression);

// Placeholders over the request's maps (absent maps resolve nothing). The
// maps must outlive the result.
inline Placeholders MakePlaceholders(
    const std::optional<ExpressionAttributeNames>& names,
    const std::optional<ExpressionAttributeValues>& values) {
  return Placeholders(names.has_value() ? &*names : nullptr,
                      values.has_value() ? &*values : nullptr);
}

}  // namespace dynamite

#endif  // DYNAMITE_API_EXPRESSION_ATTRIBUTES_H_
