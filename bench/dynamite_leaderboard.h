// Workload L of workloads.md (the leaderboard) as an embedder builds its
// requests for api::Database: the item and the key of an entry, and the
// Leaderboard table. Shared by the benchmarks that write workload L's items
// (bench/leaderboard_bench.cc, bench/transact_bench.cc,
// bench/durability_bench.cc), so that each times
// the same requests.
//
// Thread safety: pure functions; CreateLeaderboardTable as api::Database.

#ifndef DYNAMITE_BENCH_DYNAMITE_LEADERBOARD_H_
#define DYNAMITE_BENCH_DYNAMITE_LEADERBOARD_H_

#include <cstdint>
#include <vector>

#include "absl/status/status.h"

#include "api/database.h"
#include "bench/leaderboard_workload.h"

namespace dynamite {

// The item a caller would build from a leaderboard entry: the two key
// attributes, playerId, score, ts and name.
Item LeaderboardItemToItem(const LeaderboardItem& item);

// The full primary key of a leaderboard entry, as GetItem and DeleteItem
// take it.
Item LeaderboardKeyToItem(const LeaderboardItem& item);

// The first kLeaderboardPoolSize items of workload L's item stream,
// generated once: the pool the write benchmarks cycle through.
inline constexpr int64_t kLeaderboardPoolSize = 4000;
const std::vector<LeaderboardItem>& LeaderboardPool();

// Creates the Leaderboard table (both keys S, PAY_PER_REQUEST) in `db`.
absl::Status CreateLeaderboardTable(Database& db);

}  // namespace dynamite

#endif  // DYNAMITE_BENCH_DYNAMITE_LEADERBOARD_H_
