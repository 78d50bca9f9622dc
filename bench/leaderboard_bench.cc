// Workload L of workloads.md (the seasonal leaderboard) through Dynamite's
// embedded C++ API, side by side with the "limit" baseline in the same
// process: this program links bench/limit_bench.cc, whose BM_Limit*
// benchmarks run the same operations on a bare
// absl::flat_hash_map<std::string, absl::btree_map<std::string, Entry>>.
// Compare BM_Dynamite<Op> with BM_Limit<Op> at the same `items`.
//
// Each Dynamite benchmark calls api::Database as an embedder does: it builds
// the typed request inside the timed loop (table name, expression strings,
// ExpressionAttributeValues, key items), so the times include request
// construction, validation, expression parsing and placeholder resolution,
// the table lookup and locking, and the response (whose items are shared
// snapshots, never copies). The load and the random picks are outside the
// timed loop; the seeds are the workload's (bench/leaderboard_workload.h).
//
// Run from a Release build, e.g.:
//   build-release/bench/leaderboard_bench --benchmark_repetitions=5
//       --benchmark_report_aggregates_only=true

#include <cstdint>
#include <iterator>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "benchmark/benchmark.h"

#include "api/database.h"
#include "bench/benchmark_loops.h"
#include "bench/dynamite_leaderboard.h"
#include "bench/leaderboard_workload.h"
#include "bench/load_memory.h"
#include "store/item.h"

namespace dynamite {
namespace {

constexpr int64_t kPickCount = kLeaderboardPickCount;
constexpr int kPageSize = 100;
constexpr int kPagedEntries = 1000;
constexpr int kQueryLimit = 10;
// submit puts this many new items, then (timing paused) deletes them, so the
// table stays within kSubmitBatch items of its scale.
constexpr int64_t kSubmitBatch = kLeaderboardSubmitBatch;

// Creates a Database with the Leaderboard table and puts `items` into it,
// one PutItem each. Returns nullptr if any request fails.
std::unique_ptr<Database> Load(const std::vector<LeaderboardItem>& items) {
  auto db = std::make_unique<Database>();
  if (!CreateLeaderboardTable(*db).ok()) return nullptr;
  for (const LeaderboardItem& item : items) {
    PutItemRequest put{.table_name = std::string(kLeaderboardTable),
                       .item = LeaderboardItemToItem(item)};
    if (!db->PutItem(std::move(put)).ok()) return nullptr;
  }
  return db;
}

using Loaded = LoadedLeaderboard<std::unique_ptr<Database>>;

Loaded& LoadedFor(int64_t item_count) {
  return LoadedLeaderboardFor<std::unique_ptr<Database>>(item_count, Load);
}

// Measures creating a Database with the table and loading n items, one
// PutItem each, requests built from the generated items (which are generated
// outside the timed loop).
void BM_DynamiteLoad(benchmark::State& state) {
  const Loaded& loaded = LoadedFor(state.range(0));
  const auto items = static_cast<int64_t>(loaded.data->items.size());
  RunLoadBenchmark(state, items, [&] { return Load(loaded.data->items); });
  // The items' DynamoDB size, which the per-item overhead is counted beyond.
  int64_t item_bytes = 0;
  for (const LeaderboardItem& item : loaded.data->items) {
    item_bytes += ItemSize(LeaderboardItemToItem(item));
  }
  state.counters["item_bytes"] =
      static_cast<double>(item_bytes) / static_cast<double>(items);
}

// top10: Query leaderboardId = :s, Limit 10, cycling through the four
// seasons.
void BM_DynamiteTop10(benchmark::State& state) {
  Loaded& loaded = LoadedFor(state.range(0));
  if (loaded.store == nullptr) return state.SkipWithError("load failed");
  int64_t returned = 0;
  size_t season = 0;
  for (auto _ : state) {
    QueryRequest query{
        .table_name = std::string(kLeaderboardTable),
        .key_condition_expression = "leaderboardId = :s",
        .expression_attribute_values =
            ExpressionAttributeValues{
                {":s",
                 AttributeValue::S(std::string(kLeaderboardSeasons[season]))}},
        .limit = kQueryLimit};
    absl::StatusOr<QueryResponse> page = loaded.store->Query(query);
    if (!page.ok()) {
      state.SkipWithError(page.status().ToString().c_str());
      break;
    }
    returned += static_cast<int64_t>(page->items.size());
    benchmark::DoNotOptimize(page);
    season = (season + 1) % kLeaderboardSeasons.size();
  }
  state.SetItemsProcessed(returned);
}

// get: GetItem of one random existing item by its full key. Excludes drawing
// the random pick.
void BM_DynamiteGet(benchmark::State& state) {
  Loaded& loaded = LoadedFor(state.range(0));
  if (loaded.store == nullptr) return state.SkipWithError("load failed");
  int64_t returned = 0;
  int64_t i = 0;
  for (auto _ : state) {
    const LeaderboardItem& key = loaded.data->items[static_cast<size_t>(
        loaded.data->picks[i & (kPickCount - 1)])];
    ++i;
    GetItemRequest get{.table_name = std::string(kLeaderboardTable),
                       .key = LeaderboardKeyToItem(key)};
    absl::StatusOr<GetItemResponse> got = loaded.store->GetItem(get);
    if (!got.ok()) {
      state.SkipWithError(got.status().ToString().c_str());
      break;
    }
    returned += got->item != nullptr ? 1 : 0;
    benchmark::DoNotOptimize(got);
  }
  if (returned != state.iterations()) state.SkipWithError("missing item");
  state.SetItemsProcessed(returned);
}

// page100: the first 1,000 items of a partition in ten Queries of Limit 100
// (leaderboardId = :s), each passing the previous page's LastEvaluatedKey as
// ExclusiveStartKey, cycling through the four seasons. One iteration is ten
// requests.
void BM_DynamitePage100(benchmark::State& state) {
  Loaded& loaded = LoadedFor(state.range(0));
  if (loaded.store == nullptr) return state.SkipWithError("load failed");
  int64_t returned = 0;
  size_t season = 0;
  for (auto _ : state) {
    std::optional<Item> exclusive_start_key;
    for (int page = 0; page < kPagedEntries / kPageSize; ++page) {
      QueryRequest query{.table_name = std::string(kLeaderboardTable),
                         .key_condition_expression = "leaderboardId = :s",
                         .expression_attribute_values =
                             ExpressionAttributeValues{
                                 {":s", AttributeValue::S(std::string(
                                            kLeaderboardSeasons[season]))}},
                         .limit = kPageSize,
                         .exclusive_start_key = std::move(exclusive_start_key)};
      absl::StatusOr<QueryResponse> result = loaded.store->Query(query);
      if (!result.ok()) {
        state.SkipWithError(result.status().ToString().c_str());
        return;
      }
      returned += static_cast<int64_t>(result->items.size());
      exclusive_start_key = std::move(result->last_evaluated_key);
      benchmark::DoNotOptimize(result);
      if (!exclusive_start_key.has_value()) break;
    }
    season = (season + 1) % kLeaderboardSeasons.size();
  }
  state.SetItemsProcessed(returned);
}

// around: Query leaderboardId = :s AND rankKey >= :k, Limit 10, from a
// random existing rank key. Excludes drawing the random pick.
void BM_DynamiteAround(benchmark::State& state) {
  Loaded& loaded = LoadedFor(state.range(0));
  if (loaded.store == nullptr) return state.SkipWithError("load failed");
  int64_t returned = 0;
  int64_t i = 0;
  for (auto _ : state) {
    const LeaderboardItem& from = loaded.data->items[static_cast<size_t>(
        loaded.data->picks[i & (kPickCount - 1)])];
    ++i;
    QueryRequest query{
        .table_name = std::string(kLeaderboardTable),
        .key_condition_expression = "leaderboardId = :s AND rankKey >= :k",
        .expression_attribute_values =
            ExpressionAttributeValues{
                {":s", AttributeValue::S(from.leaderboard_id)},
                {":k", AttributeValue::S(from.rank_key)}},
        .limit = kQueryLimit};
    absl::StatusOr<QueryResponse> page = loaded.store->Query(query);
    if (!page.ok()) {
      state.SkipWithError(page.status().ToString().c_str());
      break;
    }
    returned += static_cast<int64_t>(page->items.size());
    benchmark::DoNotOptimize(page);
  }
  state.SetItemsProcessed(returned);
}

// submit: PutItem of a new score (a new rank key), the request built from
// the generator's item inside the timed loop. Every kSubmitBatch puts, the
// new items are deleted with timing paused.
void BM_DynamiteSubmit(benchmark::State& state) {
  Loaded& loaded = LoadedFor(state.range(0));
  if (loaded.store == nullptr) return state.SkipWithError("load failed");
  auto delete_submitted = [&loaded](int64_t count) {
    for (int64_t j = 0; j < count; ++j) {
      DeleteItemRequest del{.table_name = std::string(kLeaderboardTable),
                            .key = LeaderboardKeyToItem(
                                loaded.data->submits[static_cast<size_t>(j)])};
      if (!loaded.store->DeleteItem(del).ok()) return false;
    }
    return true;
  };
  int64_t pending = 0;  // put since the last delete
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
    PutItemRequest put{.table_name = std::string(kLeaderboardTable),
                       .item = LeaderboardItemToItem(item)};
    WriteResult<PutItemResponse> result = loaded.store->PutItem(std::move(put));
    if (!result.ok()) {
      state.SkipWithError(result.status().ToString().c_str());
      break;
    }
    benchmark::DoNotOptimize(result);
  }
  if (!delete_submitted(pending)) state.SkipWithError("delete failed");
  state.SetItemsProcessed(state.iterations());
}

// top10 and around also run at 10^3 items, for the scaling curve
// (bench/plot_scaling.py).
BENCHMARK(BM_DynamiteTop10)->Apply(ScalingScales)->Apply(LargeScaleIfAsked);
BENCHMARK(BM_DynamiteGet)->Apply(WorkloadScales)->Apply(LargeScaleIfAsked);
BENCHMARK(BM_DynamitePage100)->Apply(WorkloadScales)->Apply(LargeScaleIfAsked);
BENCHMARK(BM_DynamiteAround)->Apply(ScalingScales)->Apply(LargeScaleIfAsked);
BENCHMARK(BM_DynamiteSubmit)->Apply(WorkloadScales);
// Last: freeing a loaded Database leaves glibc's malloc a heap to
// consolidate, which the next benchmark's first allocation would pay for.
BENCHMARK(BM_DynamiteLoad)->Apply(WorkloadScales)->Repetitions(1);

}  // namespace
}  // namespace dynamite
