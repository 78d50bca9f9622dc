#include "common/constraint_error.h"

#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

#include "common/errors.h"

namespace dynamite {

std::string ConstraintViolation(absl::string_view value, absl::string_view path,
                                absl::string_view rule) {
  return absl::StrCat("Value '", value, "' at '", path,
                      "' failed to satisfy constraint: ", rule);
}

std::string NullViolation(absl::string_view path) {
  return absl::StrCat(
      "Value null at '", path,
      "' failed to satisfy constraint: Member must not be null");
}

absl::Status ConstraintError(const std::vector<std::string>& violations) {
  const size_t n = violations.size();
  return ValidationError(
      absl::StrCat(n, n == 1 ? " validation error" : " validation errors",
                   " detected: ", absl::StrJoin(violations, "; ")));
}

absl::Status ConstraintError(std::string violation) {
  return ConstraintError(std::vector<std::string>{std::move(violation)});
}

}  // namespace dynamite
