// The "sqlite" baseline of workload L (workloads.md): the leaderboard's
// operations on SQLite in memory, a WITHOUT ROWID table keyed (leaderboard_id,
// rank_key) and prepared statements prepared once and reused
// (bench/sqlite_leaderboard.h). The Dynamite benchmarks of the same workload
// report their times as a ratio to these and to the limit baseline's.
//
// Each benchmark does what its BM_Limit<Op> twin (bench/limit_bench.cc) does,
// with the same item counts, the same data set and the same random picks (the
// workload's fixed seeds, bench/leaderboard_workload.h), and copies each
// returned row out of SQLite as the limit baseline copies its entries. The
// times include binding, stepping and resetting the statement; they exclude
// preparing it, the load and drawing the picks.
// bench/sqlite_leaderboard_test.cc checks that the operations return what
// the ordered map returns for the same picks.
//
// This file is linked into two programs: sqlite_bench (the baseline alone)
// and leaderboard_bench (side by side with the limit baseline and with the
// same operations through api::Database). Run from a Release build:
//   build-release/bench/sqlite_bench --benchmark_filter=BM_SqliteTop10

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "benchmark/benchmark.h"

#include "bench/benchmark_loops.h"
#include "bench/leaderboard_workload.h"
#include "bench/load_memory.h"
#include "bench/sqlite_leaderboard.h"

namespace dynamite {
namespace {

constexpr int64_t kPickCount = kLeaderboardPickCount;
constexpr int kPageSize = 100;
constexpr int kPagedEntries = 1000;
constexpr int kQueryLimit = 10;
// submit inserts this many new rows, then (timing paused) deletes them, so
// the table stays within kSubmitBatch rows of its scale.
constexpr int64_t kSubmitBatch = kLeaderboardSubmitBatch;

// Opens a database and loads `items` into it; nullptr on failure.
std::unique_ptr<SqliteLeaderboard> Load(
    const std::vector<LeaderboardItem>& items) {
  absl::StatusOr<std::unique_ptr<SqliteLeaderboard>> table =
      SqliteLeaderboard::Open();
  if (!table.ok() || !(*table)->Load(items).ok()) return nullptr;
  return *std::move(table);
}

using Loaded = LoadedLeaderboard<std::unique_ptr<SqliteLeaderboard>>;

Loaded& LoadedFor(int64_t item_count) {
  return LoadedLeaderboardFor<std::unique_ptr<SqliteLeaderboard>>(item_count,
                                                                  Load);
}

// Measures opening a database, creating the table, preparing the statements
// and loading n items in one transaction (the items are generated outside
// the timed loop).
void BM_SqliteLoad(benchmark::State& state) {
  const Loaded& loaded = LoadedFor(state.range(0));
  RunLoadBenchmark(state, static_cast<int64_t>(loaded.data->items.size()),
                   [&] { return Load(loaded.data->items); });
}

// top10: the first 10 rows of a partition (Query leaderboardId = :s,
// Limit 10), cycling through the four seasons.
void BM_SqliteTop10(benchmark::State& state) {
  Loaded& loaded = LoadedFor(state.range(0));
  if (loaded.store == nullptr) return state.SkipWithError("load failed");
  int64_t returned = 0;
  size_t season = 0;
  for (auto _ : state) {
    std::vector<LeaderboardRow> rows;
    rows.reserve(kQueryLimit);
    if (!loaded.store->First(kLeaderboardSeasons[season], kQueryLimit, rows)
             .ok()) {
      state.SkipWithError("query failed");
      break;
    }
    returned += static_cast<int64_t>(rows.size());
    benchmark::DoNotOptimize(rows);
    season = (season + 1) % kLeaderboardSeasons.size();
  }
  state.SetItemsProcessed(returned);
}

// get: one random existing row by its full key (GetItem). Excludes drawing
// the random pick.
void BM_SqliteGet(benchmark::State& state) {
  Loaded& loaded = LoadedFor(state.range(0));
  if (loaded.store == nullptr) return state.SkipWithError("load failed");
  int64_t returned = 0;
  int64_t i = 0;
  for (auto _ : state) {
    const LeaderboardItem& key = loaded.data->items[static_cast<size_t>(
        loaded.data->picks[i & (kPickCount - 1)])];
    ++i;
    std::vector<LeaderboardRow> rows;
    rows.reserve(1);
    absl::StatusOr<bool> found =
        loaded.store->Get(key.leaderboard_id, key.rank_key, rows);
    if (!found.ok()) {
      state.SkipWithError("query failed");
      break;
    }
    returned += *found ? 1 : 0;
    benchmark::DoNotOptimize(rows);
  }
  if (returned != state.iterations()) state.SkipWithError("missing item");
  state.SetItemsProcessed(returned);
}

// page100: the first 1,000 rows of a partition in pages of 100, each page a
// new statement run that resumes after the previous page's last rank key
// (the ExclusiveStartKey), cycling through the four seasons. One iteration
// is ten requests.
void BM_SqlitePage100(benchmark::State& state) {
  Loaded& loaded = LoadedFor(state.range(0));
  if (loaded.store == nullptr) return state.SkipWithError("load failed");
  int64_t returned = 0;
  size_t season = 0;
  for (auto _ : state) {
    std::string exclusive_start_key;
    for (int page = 0; page < kPagedEntries / kPageSize; ++page) {
      std::vector<LeaderboardRow> rows;
      rows.reserve(kPageSize);
      absl::Status status =
          page == 0 ? loaded.store->First(kLeaderboardSeasons[season],
                                          kPageSize, rows)
                    : loaded.store->After(kLeaderboardSeasons[season],
                                          exclusive_start_key, kPageSize, rows);
      if (!status.ok()) {
        state.SkipWithError("query failed");
        return;
      }
      if (rows.empty()) break;
      returned += static_cast<int64_t>(rows.size());
      exclusive_start_key = rows.back().rank_key;
      benchmark::DoNotOptimize(rows);
    }
    season = (season + 1) % kLeaderboardSeasons.size();
  }
  state.SetItemsProcessed(returned);
}

// around: the 10 rows from a random existing rank key on (Query
// leaderboardId = :s AND rankKey >= :k, Limit 10). Excludes drawing the
// random pick.
void BM_SqliteAround(benchmark::State& state) {
  Loaded& loaded = LoadedFor(state.range(0));
  if (loaded.store == nullptr) return state.SkipWithError("load failed");
  int64_t returned = 0;
  int64_t i = 0;
  for (auto _ : state) {
    const LeaderboardItem& from = loaded.data->items[static_cast<size_t>(
        loaded.data->picks[i & (kPickCount - 1)])];
    ++i;
    std::vector<LeaderboardRow> rows;
    rows.reserve(kQueryLimit);
    if (!loaded.store
             ->From(from.leaderboard_id, from.rank_key, kQueryLimit, rows)
             .ok()) {
      state.SkipWithError("query failed");
      break;
    }
    returned += static_cast<int64_t>(rows.size());
    benchmark::DoNotOptimize(rows);
  }
  state.SetItemsProcessed(returned);
}

// submit: one new row (INSERT OR REPLACE of a new score, a new rank key, in
// its own autocommit transaction), bound from the generator's item inside
// the timed loop. Every kSubmitBatch inserts, the inserted rows are deleted
// with timing paused.
void BM_SqliteSubmit(benchmark::State& state) {
  Loaded& loaded = LoadedFor(state.range(0));
  if (loaded.store == nullptr) return state.SkipWithError("load failed");
  auto delete_submitted = [&loaded](int64_t count) {
    for (int64_t j = 0; j < count; ++j) {
      if (!loaded.store->Delete(loaded.data->submits[static_cast<size_t>(j)])
               .ok()) {
        return false;
      }
    }
    return true;
  };
  int64_t pending = 0;  // inserted since the last delete
  for (auto _ : state) {
    if (pending == kSubmitBatch) {
      state.PauseTiming();
      if (!delete_submitted(pending)) {
        state.SkipWithError("delete failed");
        break;
      }
      pending = 0;
      state.ResumeTiming();
    }
    const LeaderboardItem& item =
        loaded.data->submits[static_cast<size_t>(pending)];
    ++pending;
    if (!loaded.store->Put(item).ok()) {
      state.SkipWithError("insert failed");
      break;
    }
  }
  if (!delete_submitted(pending)) state.SkipWithError("delete failed");
  state.SetItemsProcessed(state.iterations());
}

// top10 and around also run at 10^3 items, for the scaling curve
// (bench/plot_scaling.py).
BENCHMARK(BM_SqliteTop10)->Apply(ScalingScales)->Apply(LargeScaleIfAsked);
BENCHMARK(BM_SqliteGet)->Apply(WorkloadScales)->Apply(LargeScaleIfAsked);
BENCHMARK(BM_SqlitePage100)->Apply(WorkloadScales)->Apply(LargeScaleIfAsked);
BENCHMARK(BM_SqliteAround)->Apply(ScalingScales)->Apply(LargeScaleIfAsked);
BENCHMARK(BM_SqliteSubmit)->Apply(WorkloadScales);
// Last: freeing a loaded database leaves glibc's malloc a heap to
// consolidate, which the next benchmark's first allocation would pay for.
BENCHMARK(BM_SqliteLoad)->Apply(WorkloadScales)->Repetitions(1);

}  // namespace
}  // namespace dynamite
