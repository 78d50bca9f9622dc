#include "bench/sqlite_leaderboard.h"

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"

#include "bench/leaderboard_workload.h"

#include <sqlite3.h>

namespace dynamite {
namespace {

constexpr const char* kCreateTable =
    "CREATE TABLE leaderboard ("
    "leaderboard_id TEXT NOT NULL, rank_key TEXT NOT NULL, "
    "player_id TEXT NOT NULL, score INTEGER NOT NULL, ts INTEGER NOT NULL, "
    "name TEXT NOT NULL, "
    "PRIMARY KEY (leaderboard_id, rank_key)) WITHOUT ROWID";

constexpr const char* kPut =
    "INSERT OR REPLACE INTO leaderboard "
    "(leaderboard_id, rank_key, player_id, score, ts, name) "
    "VALUES (?1, ?2, ?3, ?4, ?5, ?6)";
constexpr const char* kDelete =
    "DELETE FROM leaderboard WHERE leaderboard_id = ?1 AND rank_key = ?2";
// Every read returns the columns of LeaderboardRow, in its order.
constexpr const char* kGet =
    "SELECT rank_key, player_id, score, ts, name FROM leaderboard "
    "WHERE leaderboard_id = ?1 AND rank_key = ?2";
constexpr const char* kFirst =
    "SELECT rank_key, player_id, score, ts, name FROM leaderboard "
    "WHERE leaderboard_id = ?1 "
    "ORDER BY rank_key LIMIT ?2";
constexpr const char* kFrom =
    "SELECT rank_key, player_id, score, ts, name FROM leaderboard "
    "WHERE leaderboard_id = ?1 AND rank_key >= ?2 "
    "ORDER BY rank_key LIMIT ?3";
constexpr const char* kAfter =
    "SELECT rank_key, player_id, score, ts, name FROM leaderboard "
    "WHERE leaderboard_id = ?1 AND rank_key > ?2 "
    "ORDER BY rank_key LIMIT ?3";
constexpr const char* kCount = "SELECT COUNT(*) FROM leaderboard";

// Binds a string parameter without copying it: the caller's string outlives
// the statement's step, and the statement is reset before the call returns.
int BindText(sqlite3_stmt* stmt, int index, absl::string_view text) {
  return sqlite3_bind_text(stmt, index, text.data(),
                           static_cast<int>(text.size()), SQLITE_STATIC);
}

std::string ColumnText(sqlite3_stmt* stmt, int column) {
  const unsigned char* text = sqlite3_column_text(stmt, column);
  return std::string(reinterpret_cast<const char*>(text),
                     static_cast<size_t>(sqlite3_column_bytes(stmt, column)));
}

}  // namespace

absl::StatusOr<std::unique_ptr<SqliteLeaderboard>> SqliteLeaderboard::Open() {
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
  std::unique_ptr<SqliteLeaderboard> table(new SqliteLeaderboard(db));
  if (absl::Status status = table->Exec(kCreateTable); !status.ok()) {
    return status;
  }
  if (absl::Status status = table->Prepare(); !status.ok()) return status;
  return table;
}

SqliteLeaderboard::~SqliteLeaderboard() {
  for (sqlite3_stmt* stmt :
       {put_, delete_, get_, first_, from_, after_, count_}) {
    sqlite3_finalize(stmt);  // a no-op on nullptr
  }
  sqlite3_close(db_);
}

absl::Status SqliteLeaderboard::Error(absl::string_view what) const {
  return absl::InternalError(absl::StrCat(what, ": ", sqlite3_errmsg(db_)));
}

absl::Status SqliteLeaderboard::Exec(const char* sql) {
  if (sqlite3_exec(db_, sql, nullptr, nullptr, nullptr) != SQLITE_OK) {
    return Error(sql);
  }
  return absl::OkStatus();
}

absl::Status SqliteLeaderboard::Prepare() {
  const std::pair<const char*, sqlite3_stmt**> statements[] = {
      {kPut, &put_},   {kDelete, &delete_}, {kGet, &get_},    {kFirst, &first_},
      {kFrom, &from_}, {kAfter, &after_},   {kCount, &count_}};
  for (const auto& [sql, stmt] : statements) {
    // SQLITE_PREPARE_PERSISTENT: the statement is kept and reused.
    if (sqlite3_prepare_v3(db_, sql, -1, SQLITE_PREPARE_PERSISTENT, stmt,
                           nullptr) != SQLITE_OK) {
      return Error(sql);
    }
  }
  return absl::OkStatus();
}

absl::Status SqliteLeaderboard::StepDone(sqlite3_stmt* stmt) {
  int rc = sqlite3_step(stmt);
  sqlite3_reset(stmt);
  if (rc != SQLITE_DONE) return Error(sqlite3_sql(stmt));
  return absl::OkStatus();
}

absl::Status SqliteLeaderboard::ReadRows(sqlite3_stmt* stmt,
                                         std::vector<LeaderboardRow>& out) {
  int rc;
  while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
    LeaderboardRow& row = out.emplace_back();
    row.rank_key = ColumnText(stmt, 0);
    row.player_id = ColumnText(stmt, 1);
    row.score = sqlite3_column_int64(stmt, 2);
    row.ts = sqlite3_column_int64(stmt, 3);
    row.name = ColumnText(stmt, 4);
  }
  sqlite3_reset(stmt);
  if (rc != SQLITE_DONE) return Error(sqlite3_sql(stmt));
  return absl::OkStatus();
}

absl::Status SqliteLeaderboard::BindItem(const LeaderboardItem& item) {
  if (BindText(put_, 1, item.leaderboard_id) != SQLITE_OK ||
      BindText(put_, 2, item.rank_key) != SQLITE_OK ||
      BindText(put_, 3, item.player_id) != SQLITE_OK ||
      sqlite3_bind_int64(put_, 4, item.score) != SQLITE_OK ||
      sqlite3_bind_int64(put_, 5, item.ts) != SQLITE_OK ||
      BindText(put_, 6, item.name) != SQLITE_OK) {
    return Error("bind");
  }
  return absl::OkStatus();
}

absl::Status SqliteLeaderboard::Load(
    const std::vector<LeaderboardItem>& items) {
  if (absl::Status status = Exec("BEGIN"); !status.ok()) return status;
  for (const LeaderboardItem& item : items) {
    absl::Status status = BindItem(item);
    if (status.ok()) status = StepDone(put_);
    if (!status.ok()) {
      Exec("ROLLBACK").IgnoreError();
      return status;
    }
  }
  return Exec("COMMIT");
}

absl::Status SqliteLeaderboard::Put(const LeaderboardItem& item) {
  if (absl::Status status = BindItem(item); !status.ok()) return status;
  return StepDone(put_);
}

absl::Status SqliteLeaderboard::Delete(const LeaderboardItem& item) {
  if (BindText(delete_, 1, item.leaderboard_id) != SQLITE_OK ||
      BindText(delete_, 2, item.rank_key) != SQLITE_OK) {
    return Error("bind");
  }
  return StepDone(delete_);
}

absl::StatusOr<bool> SqliteLeaderboard::Get(absl::string_view leaderboard_id,
                                            absl::string_view rank_key,
                                            std::vector<LeaderboardRow>& out) {
  if (BindText(get_, 1, leaderboard_id) != SQLITE_OK ||
      BindText(get_, 2, rank_key) != SQLITE_OK) {
    return Error("bind");
  }
  size_t before = out.size();
  if (absl::Status status = ReadRows(get_, out); !status.ok()) return status;
  return out.size() > before;
}

absl::Status SqliteLeaderboard::First(absl::string_view leaderboard_id,
                                      int limit,
                                      std::vector<LeaderboardRow>& out) {
  if (BindText(first_, 1, leaderboard_id) != SQLITE_OK ||
      sqlite3_bind_int(first_, 2, limit) != SQLITE_OK) {
    return Error("bind");
  }
  return ReadRows(first_, out);
}

absl::Status SqliteLeaderboard::From(absl::string_view leaderboard_id,
                                     absl::string_view rank_key, int limit,
                                     std::vector<LeaderboardRow>& out) {
  if (BindText(from_, 1, leaderboard_id) != SQLITE_OK ||
      BindText(from_, 2, rank_key) != SQLITE_OK ||
      sqlite3_bind_int(from_, 3, limit) != SQLITE_OK) {
    return Error("bind");
  }
  return ReadRows(from_, out);
}

absl::Status SqliteLeaderboard::After(absl::string_view leaderboard_id,
                                      absl::string_view exclusive_start_key,
                                      int limit,
                                      std::vector<LeaderboardRow>& out) {
  if (BindText(after_, 1, leaderboard_id) != SQLITE_OK ||
      BindText(after_, 2, exclusive_start_key) != SQLITE_OK ||
      sqlite3_bind_int(after_, 3, limit) != SQLITE_OK) {
    return Error("bind");
  }
  return ReadRows(after_, out);
}

absl::StatusOr<int64_t> SqliteLeaderboard::Count() {
  int rc = sqlite3_step(count_);
  int64_t count = rc == SQLITE_ROW ? sqlite3_column_int64(count_, 0) : -1;
  sqlite3_reset(count_);
  if (rc != SQLITE_ROW) return Error(kCount);
  return count;
}

}  // namespace dynamite
