// The expression attribute maps of a request (reference §7.2): the checks
// DynamoDB makes on ExpressionAttributeNames / ExpressionAttributeValues
// before it reads any expression, and the Placeholders (query/) that
// resolve them for all of a request's expressions.
//
// Thread safety: pure functions.

#ifndef DYNAMITE_API_EXPRESSION_ATTRIBUTES_H_
#define DYNAMITE_API_EXPRESSION_ATTRIBUTES_H_

#include <optional>

#include "absl/status/status.h"

#include "api/item_requests.h"
#include "query/placeholders.h"

namespace dynamite {

// Checks, in DynamoDB's order:
//   - a map given to a request without any expression ("ExpressionAttribute-
//     Names can only be specified when using expressions", same for Values);
//   - an empty map ("ExpressionAttributeNames must not be empty");
//   - each value ("ExpressionAttributeValues contains invalid value: <why>
//     for key <:v>").
absl::Status ValidateExpressionAttributes(
    const std::optional<ExpressionAttributeNames>& names,
    const std::optional<ExpressionAttributeValues>& values,
    bool has_expression);

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
