// DynamoDB's parameter-constraint messages, the errors of its request
// validation layer, built here for every layer that reports one (wire/,
// api/, query/, store/):
//
//   1 validation error detected: Value '<v>' at '<path>' failed to satisfy
//   constraint: <rule>
//
// Several violations are joined by "; " behind "<n> validation errors
// detected: ". A few of DynamoDB's messages carry the aggregate prefix over
// text of another form ("1 validation error detected: Attribute name is too
// large, ..."); they are one-violation errors too.
//
// Thread safety: pure functions.

#ifndef DYNAMITE_COMMON_CONSTRAINT_ERROR_H_
#define DYNAMITE_COMMON_CONSTRAINT_ERROR_H_

#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"

namespace dynamite {

// One violation: "Value '<value>' at '<path>' failed to satisfy constraint:
// <rule>".
std::string ConstraintViolation(absl::string_view value, absl::string_view path,
                                absl::string_view rule);

// A missing required member: "Value null at '<path>' failed to satisfy
// constraint: Member must not be null" (the value is not quoted).
std::string NullViolation(absl::string_view path);

// A kValidation error listing `violations` in DynamoDB's aggregate form.
// REQUIRES: !violations.empty()
absl::Status ConstraintError(const std::vector<std::string>& violations);

// A kValidation error of one violation: "1 validation error detected: " and
// `violation`.
absl::Status ConstraintError(std::string violation);

}  // namespace dynamite

#endif  // DYNAMITE_COMMON_CONSTRAINT_ERROR_H_
