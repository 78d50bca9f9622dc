// What keeping a Database on disk costs (api/database.h Database::Open,
// durability/write_ahead_log.h), beside the in-memory Database in the same
// process:
//
//   BM_PutItem/sync:0         in memory (the baseline)
//   BM_PutItem/sync:1         logged, SyncMode::kNever
//   BM_PutItem/sync:2         logged, SyncMode::kInterval (100 ms)
//   BM_PutItem/sync:3         logged, SyncMode::kAlways (an fsync a write:
//                             one writer, so no group to share it)
//   BM_BatchWriteItem/sync:M  a BatchWriteItem of 25 puts, per batch, in
//                             the same modes: its commits share one wait
//                             (one fsync under kAlways, where 25 PutItems
//                             take 25)
//   BM_Reopen/commits:N       Database::Open of a log of N PutItem commits
//                             (a restart's replay), per commit
//   BM_ReopenSnapshot/items:N Database::Open of a snapshot of N distinct
//                             items and an empty log, per item
//   BM_Snapshot/items:N       Database::Snapshot() of N distinct items
//
// The items are workload L's (bench/leaderboard_workload.h), cycled, so the
// table holds at most kPoolSize items while the log grows; each log lives in
// a fresh directory under /tmp, removed afterwards. Run
// from a Release build:
//   build-release/bench/durability_bench --benchmark_min_time=0.5

#include <stdlib.h>

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "benchmark/benchmark.h"

#include "api/database.h"
#include "bench/dynamite_leaderboard.h"
#include "bench/leaderboard_workload.h"
#include "common/status_macros.h"

namespace dynamite {
namespace {

constexpr int64_t kPoolSize = kLeaderboardPoolSize;

// A fresh directory, removed when it goes.
class ScratchDirectory {
 public:
  ScratchDirectory() {
    std::string pattern = "/tmp/dynamite-bench-XXXXXX";
    if (::mkdtemp(pattern.data()) != nullptr) path_ = pattern;
  }
  ~ScratchDirectory() {
    if (!path_.empty()) std::filesystem::remove_all(path_);
  }
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

DatabaseOptions OptionsFor(int64_t mode, const std::string& directory) {
  DatabaseOptions options;
  if (mode == 0) return options;
  options.durability.directory = directory;
  options.durability.sync = mode == 1   ? SyncMode::kNever
                            : mode == 2 ? SyncMode::kInterval
                                        : SyncMode::kAlways;
  return options;
}

absl::Status Put(Database& db, int64_t i) {
  PutItemRequest put{
      .table_name = std::string(kLeaderboardTable),
      .item = LeaderboardItemToItem(
          LeaderboardPool()[static_cast<size_t>(i % kPoolSize)])};
  return db.PutItem(std::move(put)).status();
}

// Workload L's items, each pool's worth again under new sort keys, so that
// the table holds `count` distinct items; in sync mode never.
absl::Status FillDistinct(Database& db, int64_t count) {
  for (int64_t i = 0; i < count; ++i) {
    Item item = LeaderboardItemToItem(
        LeaderboardPool()[static_cast<size_t>(i % kPoolSize)]);
    AttributeValue& sort = item[std::string(kLeaderboardSortKey)];
    sort = AttributeValue::S(absl::StrCat(sort.s(), "#", i / kPoolSize));
    DYNAMITE_RETURN_IF_ERROR(
        db.PutItem({.table_name = std::string(kLeaderboardTable),
                    .item = std::move(item)})
            .status());
  }
  return absl::OkStatus();
}

// A Database in `directory`, in the mode state.range(0), with workload L's
// table and its item pool made; null (the benchmark skipped) on an error.
std::unique_ptr<Database> OpenWithTable(benchmark::State& state,
                                        const ScratchDirectory& directory) {
  auto db = Database::Open(OptionsFor(state.range(0), directory.path()));
  if (!db.ok()) {
    state.SkipWithError(db.status().ToString().c_str());
    return nullptr;
  }
  if (!CreateLeaderboardTable(**db).ok()) {
    state.SkipWithError("CreateTable failed");
    return nullptr;
  }
  (void)LeaderboardPool();
  return *std::move(db);
}

void BM_PutItem(benchmark::State& state) {
  ScratchDirectory directory;
  std::unique_ptr<Database> db = OpenWithTable(state, directory);
  if (db == nullptr) return;
  int64_t i = 0;
  for (auto _ : state) {
    if (absl::Status status = Put(*db, i++); !status.ok()) {
      return state.SkipWithError(status.ToString().c_str());
    }
  }
  state.SetItemsProcessed(state.iterations());
}

void BM_BatchWriteItem(benchmark::State& state) {
  constexpr int64_t kBatch = 25;
  ScratchDirectory directory;
  std::unique_ptr<Database> db = OpenWithTable(state, directory);
  if (db == nullptr) return;
  int64_t i = 0;
  for (auto _ : state) {
    BatchWriteItemRequest batch;
    std::vector<WriteRequest>& writes =
        batch.request_items[std::string(kLeaderboardTable)];
    for (int64_t k = 0; k < kBatch; ++k, ++i) {
      writes.push_back(
          {.put_request = PutRequest{
               .item = LeaderboardItemToItem(
                   LeaderboardPool()[static_cast<size_t>(i % kPoolSize)])}});
    }
    if (absl::Status status = db->BatchWriteItem(std::move(batch)).status();
        !status.ok()) {
      return state.SkipWithError(status.ToString().c_str());
    }
  }
  state.SetItemsProcessed(state.iterations() * kBatch);
}

void BM_Reopen(benchmark::State& state) {
  const int64_t commits = state.range(0);
  ScratchDirectory directory;
  DatabaseOptions options = OptionsFor(1, directory.path());
  {
    auto db = Database::Open(options);
    if (!db.ok() || !CreateLeaderboardTable(**db).ok()) {
      return state.SkipWithError("could not write the log");
    }
    for (int64_t i = 0; i < commits; ++i) {
      if (!Put(**db, i).ok()) return state.SkipWithError("PutItem failed");
    }
  }
  for (auto _ : state) {
    auto db = Database::Open(options);
    if (!db.ok()) return state.SkipWithError(db.status().ToString().c_str());
    benchmark::DoNotOptimize(db);
  }
  state.SetItemsProcessed(state.iterations() * commits);
}

// A durable database of `items` distinct items in `directory`, opened
// afresh; null (the benchmark skipped) on an error.
std::unique_ptr<Database> OpenFilled(benchmark::State& state,
                                     const ScratchDirectory& directory,
                                     int64_t items) {
  DatabaseOptions options = OptionsFor(1, directory.path());
  options.durability.snapshot_log_bytes = 0;
  auto db = Database::Open(options);
  absl::Status filled = db.ok() ? CreateLeaderboardTable(**db) : db.status();
  if (filled.ok()) filled = FillDistinct(**db, items);
  if (!filled.ok()) {
    state.SkipWithError(filled.ToString().c_str());
    return nullptr;
  }
  return *std::move(db);
}

void BM_Snapshot(benchmark::State& state) {
  ScratchDirectory directory;
  std::unique_ptr<Database> db = OpenFilled(state, directory, state.range(0));
  if (db == nullptr) return;
  for (auto _ : state) {
    if (absl::Status status = db->Snapshot(); !status.ok()) {
      return state.SkipWithError(status.ToString().c_str());
    }
  }
  state.SetItemsProcessed(state.iterations() * state.range(0));
}

void BM_ReopenSnapshot(benchmark::State& state) {
  ScratchDirectory directory;
  {
    std::unique_ptr<Database> db = OpenFilled(state, directory, state.range(0));
    if (db == nullptr) return;
    if (absl::Status status = db->Snapshot(); !status.ok()) {
      return state.SkipWithError(status.ToString().c_str());
    }
  }
  DatabaseOptions options = OptionsFor(1, directory.path());
  options.durability.snapshot_log_bytes = 0;
  for (auto _ : state) {
    auto db = Database::Open(options);
    if (!db.ok()) return state.SkipWithError(db.status().ToString().c_str());
    benchmark::DoNotOptimize(db);
  }
  state.SetItemsProcessed(state.iterations() * state.range(0));
}

BENCHMARK(BM_PutItem)->ArgName("sync")->DenseRange(0, 3);
BENCHMARK(BM_BatchWriteItem)->ArgName("sync")->DenseRange(0, 3);
BENCHMARK(BM_Reopen)->ArgName("commits")->Arg(10000)->Arg(100000)->Unit(
    benchmark::kMillisecond);
BENCHMARK(BM_Snapshot)
    ->ArgName("items")
    ->Arg(100000)
    ->Arg(1000000)
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ReopenSnapshot)
    ->ArgName("items")
    ->Arg(100000)
    ->Arg(1000000)
    ->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace dynamite
