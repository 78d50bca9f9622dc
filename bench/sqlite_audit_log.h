// The "sqlite" baseline of workload A (workloads.md): the audit log in an
// in-memory SQLite database (bench/sqlite_database.h), one WITHOUT ROWID
// table whose primary key is (pk, sk), as the AuditLog table's partition
// and sort key, the details map as columns, and the workload's operations
// as prepared statements, prepared once when the database opens.
//
//   CREATE TABLE audit_log (
//     pk TEXT NOT NULL, sk TEXT NOT NULL, action TEXT NOT NULL,
//     target TEXT NOT NULL, ip TEXT NOT NULL, agent TEXT NOT NULL,
//     region TEXT NOT NULL, session TEXT NOT NULL,
//     bytes INTEGER, ok INTEGER,          -- NULL when not in the details
//     PRIMARY KEY (pk, sk)) WITHOUT ROWID
//
// The keys use SQLite's default BINARY collation (memcmp), the order
// DynamoDB and std::string give S keys. begins_with is the key range
// [prefix, prefix's successor), which the primary key index answers.
// Every read copies each returned row out of SQLite into an AuditLogItem,
// as the limit baseline copies its entries. Loads run in one transaction;
// Put and Delete are one autocommit statement each, as a PutItem is one
// request.
//
// Used by bench/audit_log_bench.cc (the BM_SqliteAudit* benchmarks) and
// checked against the limit baseline and Dynamite by
// bench/audit_log_baselines_test.cc.
//
// Thread safety: not thread-safe; give each thread its own.

#ifndef DYNAMITE_BENCH_SQLITE_AUDIT_LOG_H_
#define DYNAMITE_BENCH_SQLITE_AUDIT_LOG_H_

#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

#include "bench/audit_log_workload.h"
#include "bench/sqlite_database.h"

#include <sqlite3.h>

namespace dynamite {

class SqliteAuditLog {
 public:
  // Opens an empty in-memory database, creates the table and prepares the
  // statements.
  static absl::StatusOr<std::unique_ptr<SqliteAuditLog>> Open();

  // Inserts (or replaces) `items` in one transaction.
  absl::Status Load(const std::vector<AuditLogItem>& items);

  // Inserts `item`, or replaces the row with its key (PutItem).
  absl::Status Put(const AuditLogItem& item);

  // Deletes the row with `item`'s key, if any (DeleteItem).
  absl::Status Delete(const AuditLogItem& item);

  // The reads of LimitAuditLog (bench/limit_audit_log.h), with the same
  // arguments and results.
  absl::Status Newest(absl::string_view pk, int limit,
                      std::vector<AuditLogItem>& out);
  absl::Status Between(absl::string_view pk, absl::string_view from,
                       absl::string_view to, std::vector<AuditLogItem>& out);
  absl::Status BetweenWithAction(absl::string_view pk, absl::string_view from,
                                 absl::string_view to, absl::string_view action,
                                 std::vector<AuditLogItem>& out);
  absl::StatusOr<int64_t> CountWithPrefix(absl::string_view pk,
                                          absl::string_view prefix);

  // Returns the number of rows in the table (SELECT COUNT(*)).
  absl::StatusOr<int64_t> Count();

 private:
  explicit SqliteAuditLog(std::unique_ptr<SqliteDatabase> db)
      : db_(std::move(db)) {}

  absl::Status Prepare();
  // Steps a bound read to its end, appending each row to `out` with `pk`.
  absl::Status ReadRows(sqlite3_stmt* stmt, absl::string_view pk,
                        std::vector<AuditLogItem>& out);

  std::unique_ptr<SqliteDatabase> db_;
  sqlite3_stmt* put_ = nullptr;
  sqlite3_stmt* delete_ = nullptr;
  sqlite3_stmt* newest_ = nullptr;
  sqlite3_stmt* between_ = nullptr;
  sqlite3_stmt* between_with_action_ = nullptr;
  sqlite3_stmt* count_range_ = nullptr;
  sqlite3_stmt* count_ = nullptr;
};

}  // namespace dynamite

#endif  // DYNAMITE_BENCH_SQLITE_AUDIT_LOG_H_
