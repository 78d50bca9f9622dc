// Table names and the missing-table messages (reference §11.4). The
// parameter-constraint messages themselves are common/constraint_error.h.
//
// Thread safety: pure functions.

#ifndef DYNAMITE_API_CONSTRAINT_H_
#define DYNAMITE_API_CONSTRAINT_H_

#include <string>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"

namespace dynamite {

// Table names: 3..255 characters of [a-zA-Z0-9_.-] (reference §11.4).
inline constexpr size_t kMinTableNameLength = 3;
inline constexpr size_t kMaxTableNameLength = 255;

// True if `name` is one or more characters of [a-zA-Z0-9_.-], the pattern
// of table, index and backup names.
bool MatchesTableNamePattern(absl::string_view name);

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
