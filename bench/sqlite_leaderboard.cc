#include "bench/sqlite_leaderboard.h"

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

#include "bench/leaderboard_workload.h"
#include "bench/sqlite_database.h"

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

}  // namespace

absl::StatusOr<std::unique_ptr<SqliteLeaderboard>> SqliteLeaderboard::Open() {
  absl::StatusOr<std::unique_ptr<SqliteDatabase>> db =
      SqliteDatabase::Open(kCreateTable);
  if (!db.ok()) return db.status();
  std::unique_ptr<SqliteLeaderboard> table(
      new SqliteLeaderboard(*std::move(db)));
  if (absl::Status status = table->Prepare(); !status.ok()) return status;
  return table;
}

absl::Status SqliteLeaderboard::Prepare() {
  return db_->Prepare({{kPut, &put_},
                       {kDelete, &delete_},
                       {kGet, &get_},
                       {kFirst, &first_},
                       {kFrom, &from_},
                       {kAfter, &after_},
                       {kCount, &count_}});
}

absl::Status SqliteLeaderboard::ReadRows(sqlite3_stmt* stmt,
                                         std::vector<LeaderboardRow>& out) {
  return db_->StepRows(stmt, [&out](sqlite3_stmt* row) {
    LeaderboardRow& entry = out.emplace_back();
    entry.rank_key = ColumnText(row, 0);
    entry.player_id = ColumnText(row, 1);
    entry.score = sqlite3_column_int64(row, 2);
    entry.ts = sqlite3_column_int64(row, 3);
    entry.name = ColumnText(row, 4);
  });
}

absl::Status SqliteLeaderboard::BindItem(const LeaderboardItem& item) {
  if (BindText(put_, 1, item.leaderboard_id) != SQLITE_OK ||
      BindText(put_, 2, item.rank_key) != SQLITE_OK ||
      BindText(put_, 3, item.player_id) != SQLITE_OK ||
      sqlite3_bind_int64(put_, 4, item.score) != SQLITE_OK ||
      sqlite3_bind_int64(put_, 5, item.ts) != SQLITE_OK ||
      BindText(put_, 6, item.name) != SQLITE_OK) {
    return db_->Error("bind");
  }
  return absl::OkStatus();
}

absl::Status SqliteLeaderboard::Load(
    const std::vector<LeaderboardItem>& items) {
  return db_->InTransaction([this, &items]() {
    for (const LeaderboardItem& item : items) {
      if (absl::Status status = Put(item); !status.ok()) return status;
    }
    return absl::OkStatus();
  });
}

absl::Status SqliteLeaderboard::Put(const LeaderboardItem& item) {
  if (absl::Status status = BindItem(item); !status.ok()) return status;
  return db_->StepDone(put_);
}

absl::Status SqliteLeaderboard::Delete(const LeaderboardItem& item) {
  if (BindText(delete_, 1, item.leaderboard_id) != SQLITE_OK ||
      BindText(delete_, 2, item.rank_key) != SQLITE_OK) {
    return db_->Error("bind");
  }
  return db_->StepDone(delete_);
}

absl::StatusOr<bool> SqliteLeaderboard::Get(absl::string_view leaderboard_id,
                                            absl::string_view rank_key,
                                            std::vector<LeaderboardRow>& out) {
  if (BindText(get_, 1, leaderboard_id) != SQLITE_OK ||
      BindText(get_, 2, rank_key) != SQLITE_OK) {
    return db_->Error("bind");
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
    return db_->Error("bind");
  }
  return ReadRows(first_, out);
}

absl::Status SqliteLeaderboard::From(absl::string_view leaderboard_id,
                                     absl::string_view rank_key, int limit,
                                     std::vector<LeaderboardRow>& out) {
  if (BindText(from_, 1, leaderboard_id) != SQLITE_OK ||
      BindText(from_, 2, rank_key) != SQLITE_OK ||
      sqlite3_bind_int(from_, 3, limit) != SQLITE_OK) {
    return db_->Error("bind");
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
    return db_->Error("bind");
  }
  return ReadRows(after_, out);
}

absl::StatusOr<int64_t> SqliteLeaderboard::Count() {
  return db_->StepCount(count_);
}

}  // namespace dynamite
