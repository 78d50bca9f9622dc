// Reads LintTables from an in-memory Database: every table with all its
// items (DescribeTable for the key schema and the secondary indexes' keys,
// Scan page by page). Used for
// `dynamite lint --exec SCRIPT`, which first runs a `dynamite exec` script
// (wire/exec_script.h) into a fresh Database.
//
// Thread safety: as the Database; the tables are read one Scan page at a
// time, so writes running concurrently may or may not be seen.

#ifndef DYNAMITE_KEYDESIGN_LINT_EXEC_READER_H_
#define DYNAMITE_KEYDESIGN_LINT_EXEC_READER_H_

#include <cstdint>
#include <istream>
#include <string>
#include <vector>

#include "absl/status/statusor.h"

#include "api/database.h"
#include "keydesign/lint_table.h"

namespace dynamite {

// The table `name` of `db` (DescribeTable, then every Scan page). Returns
// the first error of a table operation (ResourceNotFoundException when
// there is no such table).
absl::StatusOr<LintTable> ReadLintTable(Database& db, const std::string& name);

// Every table of `db`, in ListTables order. Returns the first error of a
// table operation.
absl::StatusOr<std::vector<LintTable>> ReadLintDatabase(Database& db);

// The requests of a script that answered an error, which a user linting
// the script should hear about: a failed CreateTable or PutItem leaves
// less to lint than the script says.
struct ExecScriptFailures {
  int64_t count = 0;
  std::string first;  // the first error body
};

// Runs the exec script read from `in` on a fresh Database and reads every
// table it leaves. Its responses are discarded; failed requests are
// counted in *failures when it is not null. Returns kInternal if reading
// `in` fails.
absl::StatusOr<std::vector<LintTable>> ReadLintExecScript(
    std::istream& in, ExecScriptFailures* failures = nullptr);

}  // namespace dynamite

#endif  // DYNAMITE_KEYDESIGN_LINT_EXEC_READER_H_
