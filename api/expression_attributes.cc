#include "api/expression_attributes.h"

#include "absl/strings/str_cat.h"

#include "common/errors.h"
#include "store/value.h"

namespace dynamite {

absl::Status ValidateExpressionAttributes(
    const std::optional<ExpressionAttributeNames>& names,
    const std::optional<ExpressionAttributeValues>& values,
    bool has_expression) {
  if (!has_expression) {
    if (names.has_value()) {
      return ValidationError(
          "ExpressionAttributeNames can only be specified when using "
          "expressions");
    }
    if (values.has_value()) {
      return ValidationError(
          "ExpressionAttributeValues can only be specified when using "
          "expressions");
    }
    return absl::OkStatus();
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

}  // namespace dynamite
