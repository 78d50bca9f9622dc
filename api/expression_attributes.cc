#include "api/expression_attributes.h"

#include "absl/container/inlined_vector.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

#include "common/errors.h"
#include "store/value.h"

namespace dynamite {

absl::Status ValidateExpressionAttributes(
    const std::optional<ExpressionAttributeNames>& names,
    const std::optional<ExpressionAttributeValues>& values,
    std::initializer_list<NamedParameter> expressions) {
  bool any_expression = false;
  bool any_value_expression = false;
  // For the error message only; inline, as every request passes here.
  absl::InlinedVector<absl::string_view, 4> value_expressions;
  for (const auto& [name, given] : expressions) {
    any_expression = any_expression || given;
    if (name == "ProjectionExpression") continue;
    any_value_expression = any_value_expression || given;
    value_expressions.push_back(name);
  }
  if (names.has_value() && !any_expression) {
    return ValidationError(
        "ExpressionAttributeNames can only be specified when using "
        "expressions");
  }
  if (values.has_value() && !any_value_expression) {
    return ValidationError(absl::StrCat(
        "ExpressionAttributeValues can only be specified when using "
        "expressions: ",
        absl::StrJoin(value_expressions, " and "),
        value_expressions.size() > 1 ? " are null" : " is null"));
  }
  if (names.has_value() && names->empty()) {
    return ValidationError("ExpressionAttributeNames must not be empty");
  }
  if (values.has_value()) {
    if (values->empty()) {
      return ValidationError("ExpressionAttributeValues must not be empty");
    }
    for (const auto& [name, value] : *values) {
      if (absl::Status s = ValidateAttributeValue(value); !s.ok()) {
        return ValidationError(absl::StrCat(
            "ExpressionAttributeValues contains invalid value: ", s.message(),
            " for key ", name));
      }
    }
  }
  return absl::OkStatus();
}

absl::Status RejectMixedParameters(
    std::initializer_list<NamedParameter> non_expression,
    std::initializer_list<NamedParameter> expression) {
  using Names = absl::InlinedVector<absl::string_view, 8>;
  auto present = [](std::initializer_list<NamedParameter> parameters) {
    Names names;
    for (const auto& [name, given] : parameters) {
      if (given) names.push_back(name);
    }
    return names;
  };
  const Names legacy = present(non_expression);
  const Names expressions = present(expression);
  if (legacy.empty() || expressions.empty()) return absl::OkStatus();
  return ValidationError(absl::StrCat(
      "Can not use both expression and non-expression parameters in the same "
      "request: Non-expression parameters: {",
      absl::StrJoin(legacy, ", "), "} Expression parameters: {",
      absl::StrJoin(expressions, ", "), "}"));
}

}  // namespace dynamite
