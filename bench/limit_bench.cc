// The "limit" baseline of workload L (workloads.md): the leaderboard's
// operations on a bare
// absl::flat_hash_map<std::string, absl::btree_map<std::string, Entry>>,
// the fastest an ordered in-memory index can be. The Dynamite benchmarks of
// the same workload report their times as a ratio to these.
//
// Every operation does what a DynamoDB request must at the least: one hash
// lookup for the partition, one B-tree seek, and a copy of each returned
// entry (a response owns its items). There is no request parsing, no
// expression, no locking.
//
// This file is linked into two programs: limit_bench (the baseline alone)
// and leaderboard_bench (the baseline side by side with the same operations
// through api::Database, bench/leaderboard_bench.cc), so both measure the
// same code. Run from a Release build:
//   build-release/bench/limit_bench --benchmark_filter=BM_LimitTop10

#include <cstdint>
#include <iterator>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/container/btree_map.h"
#include "absl/container/flat_hash_map.h"
#include "benchmark/benchmark.h"

#include "bench/benchmark_loops.h"
#include "bench/leaderboard_workload.h"
#include "bench/load_memory.h"

namespace dynamite {
namespace {

// The non-key attributes of a leaderboard item, as a plain struct.
struct Entry {
  std::string player_id;
  int64_t score = 0;
  int64_t ts = 0;
  std::string name;
};

using Partition = absl::btree_map<std::string, Entry>;
using LimitTable = absl::flat_hash_map<std::string, Partition>;
using Row = std::pair<std::string, Entry>;  // rank key, attributes

constexpr int64_t kPickCount = kLeaderboardPickCount;
constexpr int kPageSize = 100;
constexpr int kPagedEntries = 1000;
constexpr int kQueryLimit = 10;
// submit inserts this many new entries, then (timing paused) erases them,
// so the table stays within kSubmitBatch entries of its scale.
constexpr int64_t kSubmitBatch = kLeaderboardSubmitBatch;

LimitTable Load(const std::vector<LeaderboardItem>& items) {
  LimitTable table;
  for (const LeaderboardItem& item : items) {
    table[item.leaderboard_id].insert_or_assign(
        item.rank_key, Entry{item.player_id, item.score, item.ts, item.name});
  }
  return table;
}

using Loaded = LoadedLeaderboard<LimitTable>;

Loaded& LoadedFor(int64_t item_count) {
  return LoadedLeaderboardFor<LimitTable>(item_count, Load);
}

// Copies up to `limit` entries starting at `it` into `out`; returns the
// position after the last one copied.
Partition::const_iterator CopyRows(const Partition& partition,
                                   Partition::const_iterator it, int limit,
                                   std::vector<Row>& out) {
  for (int i = 0; i < limit && it != partition.end(); ++i, ++it) {
    out.emplace_back(it->first, it->second);
  }
  return it;
}

// Measures loading n items into an empty table (the items are generated
// outside the timed loop).
void BM_LimitLoad(benchmark::State& state) {
  const Loaded& loaded = LoadedFor(state.range(0));
  RunLoadBenchmark(state, static_cast<int64_t>(loaded.data->items.size()),
                   [&] { return Load(loaded.data->items); });
}

// top10: the first 10 entries of a partition (Query leaderboardId = :s,
// Limit 10), cycling through the four seasons.
void BM_LimitTop10(benchmark::State& state) {
  const Loaded& loaded = LoadedFor(state.range(0));
  int64_t returned = 0;
  size_t season = 0;
  for (auto _ : state) {
    std::vector<Row> rows;
    rows.reserve(kQueryLimit);
    auto found = loaded.store.find(kLeaderboardSeasons[season]);
    if (found != loaded.store.end()) {
      CopyRows(found->second, found->second.begin(), kQueryLimit, rows);
    }
    returned += static_cast<int64_t>(rows.size());
    benchmark::DoNotOptimize(rows);
    season = (season + 1) % kLeaderboardSeasons.size();
  }
  state.SetItemsProcessed(returned);
}

// get: one random existing item by its full key (GetItem). Excludes drawing
// the random pick.
void BM_LimitGet(benchmark::State& state) {
  const Loaded& loaded = LoadedFor(state.range(0));
  int64_t returned = 0;
  int64_t i = 0;
  for (auto _ : state) {
    const LeaderboardItem& key = loaded.data->items[static_cast<size_t>(
        loaded.data->picks[i & (kPickCount - 1)])];
    ++i;
    std::unique_ptr<Entry> entry;
    auto found = loaded.store.find(key.leaderboard_id);
    if (found != loaded.store.end()) {
      auto it = found->second.find(key.rank_key);
      if (it != found->second.end()) {
        entry = std::make_unique<Entry>(it->second);
      }
    }
    returned += entry != nullptr ? 1 : 0;
    benchmark::DoNotOptimize(entry);
  }
  if (returned != state.iterations()) state.SkipWithError("missing item");
  state.SetItemsProcessed(returned);
}

// page100: the first 1,000 entries of a partition in pages of 100, each page
// a new request that resumes after the previous page's last key (the
// ExclusiveStartKey), cycling through the four seasons. One iteration is ten
// requests.
void BM_LimitPage100(benchmark::State& state) {
  const Loaded& loaded = LoadedFor(state.range(0));
  int64_t returned = 0;
  size_t season = 0;
  for (auto _ : state) {
    std::string exclusive_start_key;
    for (int page = 0; page < kPagedEntries / kPageSize; ++page) {
      std::vector<Row> rows;
      rows.reserve(kPageSize);
      auto found = loaded.store.find(kLeaderboardSeasons[season]);
      if (found == loaded.store.end()) break;
      const Partition& partition = found->second;
      auto start = exclusive_start_key.empty()
                       ? partition.begin()
                       : partition.upper_bound(exclusive_start_key);
      CopyRows(partition, start, kPageSize, rows);
      if (rows.empty()) break;
      returned += static_cast<int64_t>(rows.size());
      exclusive_start_key = rows.back().first;
      benchmark::DoNotOptimize(rows);
    }
    season = (season + 1) % kLeaderboardSeasons.size();
  }
  state.SetItemsProcessed(returned);
}

// around: the 10 entries from a random existing rank key on (Query
// leaderboardId = :s AND rankKey >= :k, Limit 10). Excludes drawing the
// random pick.
void BM_LimitAround(benchmark::State& state) {
  const Loaded& loaded = LoadedFor(state.range(0));
  int64_t returned = 0;
  int64_t i = 0;
  for (auto _ : state) {
    const LeaderboardItem& from = loaded.data->items[static_cast<size_t>(
        loaded.data->picks[i & (kPickCount - 1)])];
    ++i;
    std::vector<Row> rows;
    rows.reserve(kQueryLimit);
    auto found = loaded.store.find(from.leaderboard_id);
    if (found != loaded.store.end()) {
      const Partition& partition = found->second;
      CopyRows(partition, partition.lower_bound(from.rank_key), kQueryLimit,
               rows);
    }
    returned += static_cast<int64_t>(rows.size());
    benchmark::DoNotOptimize(rows);
  }
  state.SetItemsProcessed(returned);
}

// submit: one new entry (PutItem of a new score, a new rank key), built
// from the generator's item inside the timed loop. Every kSubmitBatch
// inserts, the inserted entries are erased with timing paused.
void BM_LimitSubmit(benchmark::State& state) {
  Loaded& loaded = LoadedFor(state.range(0));
  auto erase_submitted = [&loaded](int64_t count) {
    for (int64_t j = 0; j < count; ++j) {
      const LeaderboardItem& item =
          loaded.data->submits[static_cast<size_t>(j)];
      loaded.store[item.leaderboard_id].erase(item.rank_key);
    }
  };
  int64_t pending = 0;  // inserted since the last erase
  for (auto _ : state) {
    if (pending == kSubmitBatch) {
      state.PauseTiming();
      erase_submitted(pending);
      pending = 0;
      state.ResumeTiming();
    }
    const LeaderboardItem& item =
        loaded.data->submits[static_cast<size_t>(pending)];
    ++pending;
    auto inserted = loaded.store[item.leaderboard_id].insert_or_assign(
        item.rank_key, Entry{item.player_id, item.score, item.ts, item.name});
    benchmark::DoNotOptimize(inserted);
  }
  erase_submitted(pending);
  state.SetItemsProcessed(state.iterations());
}

// top10 and around also run at 10^3 items, for the scaling curve
// (bench/plot_scaling.py).
BENCHMARK(BM_LimitTop10)->Apply(ScalingScales)->Apply(LargeScaleIfAsked);
BENCHMARK(BM_LimitGet)->Apply(WorkloadScales)->Apply(LargeScaleIfAsked);
BENCHMARK(BM_LimitPage100)->Apply(WorkloadScales)->Apply(LargeScaleIfAsked);
BENCHMARK(BM_LimitAround)->Apply(ScalingScales)->Apply(LargeScaleIfAsked);
BENCHMARK(BM_LimitSubmit)->Apply(WorkloadScales);
// Last: freeing its 10^6-item table right before a small read benchmark
// made that benchmark's first iterations pay for the frees.
BENCHMARK(BM_LimitLoad)->Apply(WorkloadScales)->Repetitions(1);

}  // namespace
}  // namespace dynamite
