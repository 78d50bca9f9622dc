// The SQLite connection every sqlite baseline (bench/sqlite_leaderboard.h,
// bench/sqlite_audit_log.h) runs on: an in-memory database (":memory:")
// opened with SQLITE_OPEN_NOMUTEX, since a baseline is used by one thread
// and so skips SQLite's per-call mutexes (SQLite at its best for an
// embedder with one thread), its statements prepared once with
// SQLITE_PREPARE_PERSISTENT and finalised with it, and the few calls each
// baseline makes on them.
//
// Thread safety: not thread-safe; give each thread its own.

#ifndef DYNAMITE_BENCH_SQLITE_DATABASE_H_
#define DYNAMITE_BENCH_SQLITE_DATABASE_H_

#include <cstdint>
#include <initializer_list>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

#include <sqlite3.h>

namespace dynamite {

class SqliteDatabase {
 public:
  // Opens an empty in-memory database and runs `schema` (CREATE TABLE ...).
  static absl::StatusOr<std::unique_ptr<SqliteDatabase>> Open(
      const char* schema);

  SqliteDatabase(const SqliteDatabase&) = delete;
  SqliteDatabase& operator=(const SqliteDatabase&) = delete;
  ~SqliteDatabase();

  // Runs `sql`, which returns no rows (BEGIN, COMMIT, CREATE ...).
  absl::Status Exec(const char* sql);

  // Prepares each `sql` into its `*stmt`, which the database finalises
  // when closed.
  absl::Status Prepare(
      std::initializer_list<std::pair<const char*, sqlite3_stmt**>> statements);

  // Steps a bound statement that returns no rows once, then resets it.
  absl::Status StepDone(sqlite3_stmt* stmt);

  // Steps a bound statement to its end, calling `row(stmt)` on each row,
  // then resets it.
  template <typename Row>
  absl::Status StepRows(sqlite3_stmt* stmt, const Row& row) {
    int rc;
    while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) row(stmt);
    sqlite3_reset(stmt);
    if (rc != SQLITE_DONE) return Error(sqlite3_sql(stmt));
    return absl::OkStatus();
  }

  // Steps a bound statement whose one row is one integer (SELECT COUNT(*)
  // ...), then resets it; returns the integer.
  absl::StatusOr<int64_t> StepCount(sqlite3_stmt* stmt);

  // Runs `body()` (an absl::Status) between BEGIN and COMMIT; rolls back
  // and returns its error if it fails.
  template <typename Body>
  absl::Status InTransaction(const Body& body) {
    if (absl::Status status = Exec("BEGIN"); !status.ok()) return status;
    if (absl::Status status = body(); !status.ok()) {
      Exec("ROLLBACK").IgnoreError();
      return status;
    }
    return Exec("COMMIT");
  }

  // An internal error: `what`, then SQLite's last error message.
  absl::Status Error(absl::string_view what) const;

 private:
  explicit SqliteDatabase(sqlite3* db) : db_(db) {}

  sqlite3* db_;
  std::vector<sqlite3_stmt*> statements_;
};

// Binds a string parameter without copying it: the caller's string outlives
// the statement's step, and the statement is reset before the call returns.
int BindText(sqlite3_stmt* stmt, int index, absl::string_view text);

// Returns a copy of a text column of the current row.
std::string ColumnText(sqlite3_stmt* stmt, int column);

}  // namespace dynamite

#endif  // DYNAMITE_BENCH_SQLITE_DATABASE_H_
