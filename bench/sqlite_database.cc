#include "bench/sqlite_database.h"

#include <cstdint>
#include <initializer_list>
#include <memory>
#include <string>
#include <utility>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"

#include <sqlite3.h>

namespace dynamite {

absl::StatusOr<std::unique_ptr<SqliteDatabase>> SqliteDatabase::Open(
    const char* schema) {
  sqlite3* db = nullptr;
  int rc = sqlite3_open_v2(
      ":memory:", &db,
      SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX,
      nullptr);
  if (rc != SQLITE_OK) {
    std::string message = db != nullptr ? sqlite3_errmsg(db) : "out of memory";
    sqlite3_close(db);
    return absl::InternalError(absl::StrCat("sqlite3_open_v2: ", message));
  }
  std::unique_ptr<SqliteDatabase> database(new SqliteDatabase(db));
  if (absl::Status status = database->Exec(schema); !status.ok()) {
    return status;
  }
  return database;
}

SqliteDatabase::~SqliteDatabase() {
  for (sqlite3_stmt* stmt : statements_) sqlite3_finalize(stmt);
  sqlite3_close(db_);
}

absl::Status SqliteDatabase::Error(absl::string_view what) const {
  return absl::InternalError(absl::StrCat(what, ": ", sqlite3_errmsg(db_)));
}

absl::Status SqliteDatabase::Exec(const char* sql) {
  if (sqlite3_exec(db_, sql, nullptr, nullptr, nullptr) != SQLITE_OK) {
    return Error(sql);
  }
  return absl::OkStatus();
}

absl::Status SqliteDatabase::Prepare(
    std::initializer_list<std::pair<const char*, sqlite3_stmt**>> statements) {
  for (const auto& [sql, stmt] : statements) {
    if (sqlite3_prepare_v3(db_, sql, -1, SQLITE_PREPARE_PERSISTENT, stmt,
                           nullptr) != SQLITE_OK) {
      return Error(sql);
    }
    statements_.push_back(*stmt);
  }
  return absl::OkStatus();
}

absl::Status SqliteDatabase::StepDone(sqlite3_stmt* stmt) {
  int rc = sqlite3_step(stmt);
  sqlite3_reset(stmt);
  if (rc != SQLITE_DONE) return Error(sqlite3_sql(stmt));
  return absl::OkStatus();
}

absl::StatusOr<int64_t> SqliteDatabase::StepCount(sqlite3_stmt* stmt) {
  int64_t count = -1;
  absl::Status status = StepRows(stmt, [&count](sqlite3_stmt* row) {
    count = sqlite3_column_int64(row, 0);
  });
  if (!status.ok()) return status;
  if (count < 0) return Error(sqlite3_sql(stmt));
  return count;
}

int BindText(sqlite3_stmt* stmt, int index, absl::string_view text) {
  return sqlite3_bind_text(stmt, index, text.data(),
                           static_cast<int>(text.size()), SQLITE_STATIC);
}

std::string ColumnText(sqlite3_stmt* stmt, int column) {
  const unsigned char* text = sqlite3_column_text(stmt, column);
  return std::string(reinterpret_cast<const char*>(text),
                     static_cast<size_t>(sqlite3_column_bytes(stmt, column)));
}

}  // namespace dynamite
