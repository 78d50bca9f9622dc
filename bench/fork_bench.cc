// What Database::Fork costs (api/database.h; store/shared_partitions.h),
// beside what a test suite does without it, in the same process:
//
//   BM_Seed/items:N           loading N items into a new Database, one
//                             PutItem each: the baseline, what each test
//                             would pay to start from the seeded state
//   BM_Fork/items:N           Fork() of that Database (the fork destroyed
//                             outside the timing)
//   BM_PutItem/items:N        one PutItem into the seeded Database (undone
//                             outside the timing): a write's usual cost
//   BM_FirstWriteAfterFork/items:N
//                             one PutItem into a fresh fork: it copies the
//                             partition it writes, which the fork shared
//
// The items are workload A's (bench/audit_log_workload.h): 10,000 actors
// drawn Zipf(1.1), so a load of N items has up to 10,000 partitions, a few
// of them large; each write appends an event of a Zipf-drawn actor, so the
// first write after a fork copies a partition of the size a write meets
// on average. Counters: partitions (in the seeded table), and for the
// writes the items of the partition written, on average. Run from a
// Release build:
//   build-release/bench/fork_bench --benchmark_min_time=0.5

#include <cstdint>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "benchmark/benchmark.h"

#include "api/database.h"
#include "bench/audit_log_workload.h"
#include "bench/dynamite_audit_log.h"

namespace dynamite {
namespace {

using Loaded = LoadedAuditLog<std::unique_ptr<Database>>;

Loaded& LoadedFor(int64_t item_count) {
  return LoadedAuditLogFor<std::unique_ptr<Database>>(item_count,
                                                      LoadAuditLogDatabase);
}

double PartitionsOf(const AuditLogDataSet& data) {
  std::set<std::string> actors;
  for (const AuditLogItem& item : data.items) actors.insert(item.pk);
  return static_cast<double>(actors.size());
}

// The number of loaded items of each append's actor, on average.
double WrittenPartitionSize(const AuditLogDataSet& data) {
  std::map<std::string, int64_t> sizes;
  for (const AuditLogItem& item : data.items) ++sizes[item.pk];
  double total = 0;
  for (const AuditLogItem& append : data.appends) total += sizes[append.pk];
  return data.appends.empty() ? 0 : total / data.appends.size();
}

void BM_Seed(benchmark::State& state) {
  const AuditLogDataSet& data = AuditLogDataSetFor(state.range(0));
  for (auto _ : state) {
    std::unique_ptr<Database> db = LoadAuditLogDatabase(data.items);
    if (db == nullptr) state.SkipWithError("load failed");
    state.PauseTiming();
    db.reset();
    state.ResumeTiming();
  }
  state.counters["partitions"] = PartitionsOf(data);
}

void BM_Fork(benchmark::State& state) {
  Loaded& loaded = LoadedFor(state.range(0));
  for (auto _ : state) {
    std::unique_ptr<Database> fork = loaded.store->Fork();
    benchmark::DoNotOptimize(fork.get());
    state.PauseTiming();
    fork.reset();
    state.ResumeTiming();
  }
  state.counters["partitions"] = PartitionsOf(*loaded.data);
}

void BM_PutItem(benchmark::State& state) {
  Loaded& loaded = LoadedFor(state.range(0));
  const std::vector<AuditLogItem>& appends = loaded.data->appends;
  size_t i = 0;
  for (auto _ : state) {
    const AuditLogItem& append = appends[i++ % appends.size()];
    if (!PutAuditLogItem(*loaded.store, append).ok()) {
      state.SkipWithError("put failed");
    }
    state.PauseTiming();
    if (!DeleteAuditLogItem(*loaded.store, append).ok()) {
      state.SkipWithError("delete failed");
    }
    state.ResumeTiming();
  }
  state.counters["partition_items"] = WrittenPartitionSize(*loaded.data);
}

void BM_FirstWriteAfterFork(benchmark::State& state) {
  Loaded& loaded = LoadedFor(state.range(0));
  const std::vector<AuditLogItem>& appends = loaded.data->appends;
  size_t i = 0;
  for (auto _ : state) {
    state.PauseTiming();
    std::unique_ptr<Database> fork = loaded.store->Fork();
    const AuditLogItem& append = appends[i++ % appends.size()];
    state.ResumeTiming();
    if (!PutAuditLogItem(*fork, append).ok()) {
      state.SkipWithError("put failed");
    }
    state.PauseTiming();
    fork.reset();
    state.ResumeTiming();
  }
  state.counters["partition_items"] = WrittenPartitionSize(*loaded.data);
}

void Scales(benchmark::internal::Benchmark* b) {
  b->ArgName("items")->Arg(10'000)->Arg(100'000)->Arg(1'000'000);
  b->Unit(benchmark::kMicrosecond);
}

BENCHMARK(BM_Seed)->Apply(Scales)->Iterations(1);
BENCHMARK(BM_Fork)->Apply(Scales);
BENCHMARK(BM_PutItem)->Apply(Scales);
BENCHMARK(BM_FirstWriteAfterFork)->Apply(Scales);

}  // namespace
}  // namespace dynamite
