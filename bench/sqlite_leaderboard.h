// The "sqlite" baseline of workload L (workloads.md): the leaderboard table
// in an in-memory SQLite database (":memory:"), one WITHOUT ROWID table whose
// primary key is (leaderboard_id, rank_key), as the Leaderboard table's
// partition and sort key, and the workload's operations as prepared
// statements, each prepared once when the database opens and reset after
// every use.
//
//   CREATE TABLE leaderboard (
//     leaderboard_id TEXT NOT NULL, rank_key TEXT NOT NULL,
//     player_id TEXT NOT NULL, score INTEGER NOT NULL, ts INTEGER NOT NULL,
//     name TEXT NOT NULL,
//     PRIMARY KEY (leaderboard_id, rank_key)) WITHOUT ROWID
//
// The keys use SQLite's default BINARY collation (memcmp), the order
// DynamoDB and std::string give S keys. The connection is the sqlite
// baselines' SqliteDatabase (bench/sqlite_database.h): one thread, no
// mutexes.
//
// Every read copies each returned row out of SQLite into a LeaderboardRow,
// as the limit baseline copies its entries (a response owns its items).
// Loads run in one transaction; Put and Delete are one autocommit statement
// each, as a PutItem is one request.
//
// Used by bench/sqlite_bench.cc (the BM_Sqlite* benchmarks) and checked
// against an ordered map by bench/sqlite_leaderboard_test.cc.
//
// Thread safety: a SqliteLeaderboard is not thread-safe; give each thread
// its own.

#ifndef DYNAMITE_BENCH_SQLITE_LEADERBOARD_H_
#define DYNAMITE_BENCH_SQLITE_LEADERBOARD_H_

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

// One row a read returns: the sort key and the non-key attributes (the
// partition key is the one asked for).
struct LeaderboardRow {
  std::string rank_key;
  std::string player_id;
  int64_t score = 0;
  int64_t ts = 0;
  std::string name;

  friend bool operator==(const LeaderboardRow&,
                         const LeaderboardRow&) = default;
};

class SqliteLeaderboard {
 public:
  // Opens an empty in-memory database, creates the table and prepares the
  // statements.
  static absl::StatusOr<std::unique_ptr<SqliteLeaderboard>> Open();

  // Inserts (or replaces) `items` in one transaction.
  absl::Status Load(const std::vector<LeaderboardItem>& items);

  // Inserts `item`, or replaces the row with its key (PutItem).
  absl::Status Put(const LeaderboardItem& item);

  // Deletes the row with `item`'s key, if any (DeleteItem).
  absl::Status Delete(const LeaderboardItem& item);

  // Appends to `out` the row with key (`leaderboard_id`, `rank_key`);
  // returns whether there was one (GetItem).
  absl::StatusOr<bool> Get(absl::string_view leaderboard_id,
                           absl::string_view rank_key,
                           std::vector<LeaderboardRow>& out);

  // Appends to `out` the first `limit` rows of partition `leaderboard_id`
  // in rank key order (Query leaderboardId = :s, Limit `limit`).
  absl::Status First(absl::string_view leaderboard_id, int limit,
                     std::vector<LeaderboardRow>& out);

  // Appends to `out` the first `limit` rows of the partition whose rank key
  // is >= `rank_key` (Query ... AND rankKey >= :k).
  absl::Status From(absl::string_view leaderboard_id,
                    absl::string_view rank_key, int limit,
                    std::vector<LeaderboardRow>& out);

  // Appends to `out` the first `limit` rows of the partition whose rank key
  // is > `exclusive_start_key` (a Query page after ExclusiveStartKey).
  absl::Status After(absl::string_view leaderboard_id,
                     absl::string_view exclusive_start_key, int limit,
                     std::vector<LeaderboardRow>& out);

  // Returns the number of rows in the table (SELECT COUNT(*)).
  absl::StatusOr<int64_t> Count();

 private:
  explicit SqliteLeaderboard(std::unique_ptr<SqliteDatabase> db)
      : db_(std::move(db)) {}

  absl::Status Prepare();
  // Steps `stmt` (bound by the caller) to the end, appending each row
  // (rank_key, player_id, score, ts, name) to `out`, then resets it.
  absl::Status ReadRows(sqlite3_stmt* stmt, std::vector<LeaderboardRow>& out);
  absl::Status BindItem(const LeaderboardItem& item);

  std::unique_ptr<SqliteDatabase> db_;
  sqlite3_stmt* put_ = nullptr;
  sqlite3_stmt* delete_ = nullptr;
  sqlite3_stmt* get_ = nullptr;
  sqlite3_stmt* first_ = nullptr;
  sqlite3_stmt* from_ = nullptr;
  sqlite3_stmt* after_ = nullptr;
  sqlite3_stmt* count_ = nullptr;
};

}  // namespace dynamite

#endif  // DYNAMITE_BENCH_SQLITE_LEADERBOARD_H_
