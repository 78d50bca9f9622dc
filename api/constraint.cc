#include "api/constraint.h"

#include <string>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"

#include "common/constraint_error.h"
#include "common/errors.h"

namespace dynamite {
namespace {

constexpr absl::string_view kTableNamePattern =
    "Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+";

bool IsTableNameChar(char c) {
  return absl::ascii_isalnum(static_cast<unsigned char>(c)) || c == '_' ||
         c == '.' || c == '-';
}

}  // namespace

bool MatchesTableNamePattern(absl::string_view name) {
  if (name.empty()) return false;
  for (char c : name) {
    if (!IsTableNameChar(c)) return false;
  }
  return true;
}

std::string TableNotFoundMessage(absl::string_view name) {
  return absl::StrCat("Requested resource not found: Table: ", name,
                      " not found");
}

absl::Status ValidateTableName(absl::string_view name, TableNameUse use) {
  const bool length_ok =
      name.size() >= kMinTableNameLength && name.size() <= kMaxTableNameLength;
  if (use == TableNameUse::kTableOperation && !length_ok) {
    return ValidationError(
        "TableName must be at least 3 characters long and at most 255 "
        "characters long");
  }
  std::vector<std::string> violations;
  if (!MatchesTableNamePattern(name)) {
    violations.push_back(
        ConstraintViolation(name, "tableName", kTableNamePattern));
  }
  if (name.size() < kMinTableNameLength) {
    violations.push_back(ConstraintViolation(
        name, "tableName",
        "Member must have length greater than or equal to 3"));
  }
  if (name.size() > kMaxTableNameLength) {
    violations.push_back(ConstraintViolation(
        name, "tableName",
        "Member must have length less than or equal to 255"));
  }
  if (violations.empty()) return absl::OkStatus();
  return ConstraintError(violations);
}

}  // namespace dynamite
