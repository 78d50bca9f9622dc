// DynamoDB's parameter-constraint messages, the errors of its request
// validation layer:
//
//   1 validation error detected: Value '<v>' at '<path>' failed to satisfy
//   constraint: <rule>
//
// Several violations are joined by "; " behind "<n> validation errors
// detected: ". Only wire/ and api/ build these.
//
// Thread safety: pure functions.

#ifndef DYNAMITE_API_CONSTRAINT_H_
#define DYNAMITE_API_CONSTRAINT_H_

#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"

namespace dynamite {

// One violation: "Value '<value>' at '<path>' failed to satisfy constraint:
// <rule>".
std::string ConstraintViolation(absl::string_view value, absl::string_view path,
                                absl::string_view rule);

// A kValidation error listing `violations` in DynamoDB's aggregate form.
// REQUIRES: !violations.empty()
absl::Status ConstraintError(const std::vector<std::string>& violations);

// Table names: 3..255 characters of [a-zA-Z0-9_.-] (reference §11.4).
inline constexpr size_t kMinTableNameLength = 3;
inline constexpr size_t kMaxTableNameLength = 255;

// Which message family a table-name error uses: the table operations have a
// message of their own for the length; item operations use the constraint
// form for everything.
enum class TableNameUse { kTableOperation, kItemOperation };

// DynamoDB's message for item, read, batch and transaction operations on a
// missing table (ResourceNotFoundException, reference §11.4).
inline constexpr absl::string_view kTableNotFound =
    "Requested resource not found";

// DynamoDB's message for the table operations (DescribeTable, UpdateTable,
// DeleteTable, UpdateTimeToLive, ...) on a missing table: "Requested
// resource not found: Table: <name> not found".
std::string TableNotFoundMessage(absl::string_view name);

// Validates a table name with DynamoDB's messages for `use`.
absl::Status ValidateTableName(absl::string_view name, TableNameUse use);

}  // namespace dynamite

#endif  // DYNAMITE_API_CONSTRAINT_H_
