// What a TransactWriteItems costs beside the same writes done one by one:
// TransactWriteItems of N Puts next to N PutItems of the same N items, in
// the same process, for N = 2 and N = 10.
//
//   BM_PutItemEach/puts:N         N PutItem requests, one item each
//   BM_TransactWritePuts/puts:N   one TransactWriteItems of N Puts
//
// The items are workload L's (bench/leaderboard_workload.h: two key
// attributes, playerId, score, ts, name), the first kPoolSize of its item
// stream, into an empty Leaderboard table. Each iteration writes the next N
// items of the pool, so no write overwrites an item; once the pool is
// written, its items are deleted again with timing paused and the pool
// starts over, so the table holds at most kPoolSize items. Both benchmarks
// write the same items in the same order and build their typed requests
// inside the timed loop, as an embedder does. items_per_second counts
// items written: its ratio between the two at one N is the transaction's
// cost per item. Run from a Release build:
//   build-release/bench/transact_bench --benchmark_min_time=0.5
//       --benchmark_repetitions=3 --benchmark_report_aggregates_only=true

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "benchmark/benchmark.h"

#include "api/database.h"
#include "bench/dynamite_leaderboard.h"
#include "bench/leaderboard_workload.h"
#include "store/item.h"

namespace dynamite {
namespace {

// Divisible by every N benchmarked, so each pass over the pool ends on an
// iteration boundary.
constexpr int64_t kPoolSize = kLeaderboardPoolSize;

// A Database with an empty Leaderboard table, or nullptr.
std::unique_ptr<Database> EmptyLeaderboard() {
  auto db = std::make_unique<Database>();
  if (!CreateLeaderboardTable(*db).ok()) return nullptr;
  return db;
}

absl::Status DeletePool(Database& db, int64_t count) {
  const std::vector<LeaderboardItem>& pool = LeaderboardPool();
  for (int64_t j = 0; j < count; ++j) {
    DeleteItemRequest del{
        .table_name = std::string(kLeaderboardTable),
        .key = LeaderboardKeyToItem(pool[static_cast<size_t>(j)])};
    if (absl::Status status = db.DeleteItem(del).status(); !status.ok()) {
      return status;
    }
  }
  return absl::OkStatus();
}

// Runs `write(db, first, n)`, which writes pool items first .. first+n-1,
// once per iteration, with n = state.range(0), deleting the pool's items
// (timing paused) whenever it has all been written.
template <typename Write>
void RunPoolWrites(benchmark::State& state, const Write& write) {
  const int64_t n = state.range(0);
  if (kPoolSize % n != 0) return state.SkipWithError("N must divide the pool");
  std::unique_ptr<Database> db = EmptyLeaderboard();
  if (db == nullptr) return state.SkipWithError("CreateTable failed");
  (void)LeaderboardPool();  // generated before timing
  int64_t next = 0;
  for (auto _ : state) {
    if (next == kPoolSize) {
      state.PauseTiming();
      absl::Status deleted = DeletePool(*db, next);
      next = 0;
      state.ResumeTiming();
      if (!deleted.ok()) {
        state.SkipWithError(deleted.ToString().c_str());
        break;
      }
    }
    if (absl::Status status = write(*db, next, n); !status.ok()) {
      state.SkipWithError(status.ToString().c_str());
      break;
    }
    next += n;
  }
  state.SetItemsProcessed(state.iterations() * n);
}

void BM_PutItemEach(benchmark::State& state) {
  RunPoolWrites(state, [](Database& db, int64_t first, int64_t n) {
    const std::vector<LeaderboardItem>& pool = LeaderboardPool();
    for (int64_t j = first; j < first + n; ++j) {
      PutItemRequest put{
          .table_name = std::string(kLeaderboardTable),
          .item = LeaderboardItemToItem(pool[static_cast<size_t>(j)])};
      WriteResult<PutItemResponse> result = db.PutItem(std::move(put));
      if (!result.ok()) return result.status();
      benchmark::DoNotOptimize(result);
    }
    return absl::OkStatus();
  });
}

void BM_TransactWritePuts(benchmark::State& state) {
  RunPoolWrites(state, [](Database& db, int64_t first, int64_t n) {
    const std::vector<LeaderboardItem>& pool = LeaderboardPool();
    TransactWriteItemsRequest request;
    request.transact_items.reserve(static_cast<size_t>(n));
    for (int64_t j = first; j < first + n; ++j) {
      request.transact_items.push_back(TransactWriteItem{
          .put = TransactPut{
              .table_name = std::string(kLeaderboardTable),
              .item = LeaderboardItemToItem(pool[static_cast<size_t>(j)])}});
    }
    TransactWriteResult result = db.TransactWriteItems(request);
    if (!result.ok()) return result.status();
    benchmark::DoNotOptimize(result);
    return absl::OkStatus();
  });
}

// Each transaction beside its baseline, N = 2 then N = 10.
BENCHMARK(BM_PutItemEach)->ArgName("puts")->Arg(2);
BENCHMARK(BM_TransactWritePuts)->ArgName("puts")->Arg(2);
BENCHMARK(BM_PutItemEach)->ArgName("puts")->Arg(10);
BENCHMARK(BM_TransactWritePuts)->ArgName("puts")->Arg(10);

}  // namespace
}  // namespace dynamite
