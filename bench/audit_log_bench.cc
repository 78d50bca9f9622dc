// Workload A of workloads.md (the actor-scoped audit log) in one process:
// through Dynamite's embedded C++ API (BM_DynamiteAudit<Op>,
// bench/dynamite_audit_log.h), beside the "limit" baseline, a bare
// absl::flat_hash_map of absl::btree_map (BM_LimitAudit<Op>,
// bench/limit_audit_log.h), and the "sqlite" baseline, SQLite in memory
// with prepared statements (BM_SqliteAudit<Op>, bench/sqlite_audit_log.h).
// Compare the three at the same `items`; bench/summarize.py prints the
// ratios.
//
// Every store gets the same data set and the same picks (the workload's
// fixed seeds, bench/audit_log_workload.h), each loaded once per scale and
// kept (bench/loaded_store.h); bench/audit_log_baselines_test.cc checks
// that the three return the same rows. The Dynamite benchmarks build their
// typed requests inside the timed loop; the baselines copy each returned
// row out, as a response owns its items. The loads and the picks are
// outside the timed loops. Counters: items_per_second and `returned` (items
// returned, or counted by month, per request); the loads' rss_per_item and
// heap_per_item (bench/load_memory.h).
//
// recent20 and window also run at 10^3 items, for the scaling curve
// (bench/plot_scaling.py). Run from a Release build, e.g.:
//   build-release/bench/audit_log_bench --benchmark_min_time=0.2
//       --benchmark_out=audit.json --benchmark_out_format=json

#include <cstdint>
#include <memory>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "benchmark/benchmark.h"

#include "api/database.h"
#include "bench/audit_log_workload.h"
#include "bench/benchmark_loops.h"
#include "bench/dynamite_audit_log.h"
#include "bench/limit_audit_log.h"
#include "bench/load_memory.h"
#include "bench/sqlite_audit_log.h"
#include "store/item.h"
#include "store/item_ptr.h"

namespace dynamite {
namespace {

using DynamiteLoaded = LoadedAuditLog<std::unique_ptr<Database>>;
using LimitLoaded = LoadedAuditLog<LimitAuditLog>;
using SqliteLoaded = LoadedAuditLog<std::unique_ptr<SqliteAuditLog>>;

std::unique_ptr<SqliteAuditLog> LoadSqlite(
    const std::vector<AuditLogItem>& items) {
  absl::StatusOr<std::unique_ptr<SqliteAuditLog>> table =
      SqliteAuditLog::Open();
  if (!table.ok() || !(*table)->Load(items).ok()) return nullptr;
  return *std::move(table);
}

DynamiteLoaded& DynamiteFor(int64_t item_count) {
  return LoadedAuditLogFor<std::unique_ptr<Database>>(item_count,
                                                      LoadAuditLogDatabase);
}

LimitLoaded& LimitFor(int64_t item_count) {
  return LoadedAuditLogFor<LimitAuditLog>(item_count, LimitAuditLog::Load);
}

SqliteLoaded& SqliteFor(int64_t item_count) {
  return LoadedAuditLogFor<std::unique_ptr<SqliteAuditLog>>(item_count,
                                                            LoadSqlite);
}

// The items' mean DynamoDB size (ItemSize).
double MeanItemBytes(const std::vector<AuditLogItem>& items) {
  if (items.empty()) return 0;
  int64_t total = 0;
  for (const AuditLogItem& item : items) {
    total += ItemSize(AuditLogItemToItem(item));
  }
  return static_cast<double>(total) / static_cast<double>(items.size());
}

// Removes new items 0 .. count - 1 of the data set's appends with `erase`.
template <typename Erase>
absl::Status UndoAppends(const AuditLogDataSet& data, int64_t count,
                         const Erase& erase) {
  for (int64_t j = 0; j < count; ++j) {
    if (absl::Status status = erase(data.appends[static_cast<size_t>(j)]);
        !status.ok()) {
      return status;
    }
  }
  return absl::OkStatus();
}

// The number of rows a baseline's read copied out, kept from the
// optimiser.
int64_t Returned(std::vector<AuditLogItem>& rows) {
  benchmark::DoNotOptimize(rows);
  return static_cast<int64_t>(rows.size());
}

// ---- recent20: Query PK = :a, ScanIndexForward false, Limit 20, for the
// actor of a random pick.

void BM_DynamiteAuditRecent20(benchmark::State& state) {
  DynamiteLoaded& loaded = DynamiteFor(state.range(0));
  if (loaded.store == nullptr) return state.SkipWithError("load failed");
  RunReadBenchmark(state, [&loaded](int64_t i) -> absl::StatusOr<int64_t> {
    absl::StatusOr<QueryResponse> page =
        QueryRecent20(*loaded.store, AuditLogPick(*loaded.data, i).pk);
    if (!page.ok()) return page.status();
    benchmark::DoNotOptimize(page);
    return static_cast<int64_t>(page->items.size());
  });
}

void BM_LimitAuditRecent20(benchmark::State& state) {
  const LimitLoaded& loaded = LimitFor(state.range(0));
  RunReadBenchmark(state, [&loaded](int64_t i) -> absl::StatusOr<int64_t> {
    std::vector<AuditLogItem> rows;
    rows.reserve(kAuditLogRecentLimit);
    loaded.store.Newest(AuditLogPick(*loaded.data, i).pk, kAuditLogRecentLimit,
                        rows);
    return Returned(rows);
  });
}

void BM_SqliteAuditRecent20(benchmark::State& state) {
  SqliteLoaded& loaded = SqliteFor(state.range(0));
  if (loaded.store == nullptr) return state.SkipWithError("load failed");
  RunReadBenchmark(state, [&loaded](int64_t i) -> absl::StatusOr<int64_t> {
    std::vector<AuditLogItem> rows;
    rows.reserve(kAuditLogRecentLimit);
    absl::Status status = loaded.store->Newest(AuditLogPick(*loaded.data, i).pk,
                                               kAuditLogRecentLimit, rows);
    if (!status.ok()) return status;
    return Returned(rows);
  });
}

// ---- window: Query PK = :a AND SK BETWEEN :from AND :to, one day
// (2026-06-23), every page, for the actor of a random pick.

void BM_DynamiteAuditWindow(benchmark::State& state) {
  DynamiteLoaded& loaded = DynamiteFor(state.range(0));
  if (loaded.store == nullptr) return state.SkipWithError("load failed");
  RunReadBenchmark(state, [&loaded](int64_t i) -> absl::StatusOr<int64_t> {
    std::vector<ItemPtr> items;
    absl::StatusOr<int64_t> count =
        QueryWindow(*loaded.store, AuditLogPick(*loaded.data, i).pk, items);
    benchmark::DoNotOptimize(items);
    return count;
  });
}

void BM_LimitAuditWindow(benchmark::State& state) {
  const LimitLoaded& loaded = LimitFor(state.range(0));
  RunReadBenchmark(state, [&loaded](int64_t i) -> absl::StatusOr<int64_t> {
    std::vector<AuditLogItem> rows;
    loaded.store.Between(AuditLogPick(*loaded.data, i).pk, kAuditLogWindowFrom,
                         kAuditLogWindowTo, rows);
    return Returned(rows);
  });
}

void BM_SqliteAuditWindow(benchmark::State& state) {
  SqliteLoaded& loaded = SqliteFor(state.range(0));
  if (loaded.store == nullptr) return state.SkipWithError("load failed");
  RunReadBenchmark(state, [&loaded](int64_t i) -> absl::StatusOr<int64_t> {
    std::vector<AuditLogItem> rows;
    absl::Status status =
        loaded.store->Between(AuditLogPick(*loaded.data, i).pk,
                              kAuditLogWindowFrom, kAuditLogWindowTo, rows);
    if (!status.ok()) return status;
    return Returned(rows);
  });
}

// ---- month: Query PK = :a AND begins_with(SK, "EVT#2026-06"), Select
// COUNT, every page, for the actor of a random pick; `returned` is the
// count.

void BM_DynamiteAuditMonth(benchmark::State& state) {
  DynamiteLoaded& loaded = DynamiteFor(state.range(0));
  if (loaded.store == nullptr) return state.SkipWithError("load failed");
  RunReadBenchmark(state, [&loaded](int64_t i) {
    return QueryMonthCount(*loaded.store, AuditLogPick(*loaded.data, i).pk);
  });
}

void BM_LimitAuditMonth(benchmark::State& state) {
  const LimitLoaded& loaded = LimitFor(state.range(0));
  RunReadBenchmark(state, [&loaded](int64_t i) -> absl::StatusOr<int64_t> {
    int64_t count = loaded.store.CountWithPrefix(
        AuditLogPick(*loaded.data, i).pk, kAuditLogMonthPrefix);
    benchmark::DoNotOptimize(count);
    return count;
  });
}

void BM_SqliteAuditMonth(benchmark::State& state) {
  SqliteLoaded& loaded = SqliteFor(state.range(0));
  if (loaded.store == nullptr) return state.SkipWithError("load failed");
  RunReadBenchmark(state, [&loaded](int64_t i) {
    return loaded.store->CountWithPrefix(AuditLogPick(*loaded.data, i).pk,
                                         kAuditLogMonthPrefix);
  });
}

// ---- filtered: window plus FilterExpression action = :x, for the actor
// and the action of a random pick.

void BM_DynamiteAuditFiltered(benchmark::State& state) {
  DynamiteLoaded& loaded = DynamiteFor(state.range(0));
  if (loaded.store == nullptr) return state.SkipWithError("load failed");
  RunReadBenchmark(state, [&loaded](int64_t i) -> absl::StatusOr<int64_t> {
    const AuditLogItem& pick = AuditLogPick(*loaded.data, i);
    std::vector<ItemPtr> items;
    absl::StatusOr<int64_t> count =
        QueryFiltered(*loaded.store, pick.pk, pick.action, items);
    benchmark::DoNotOptimize(items);
    return count;
  });
}

void BM_LimitAuditFiltered(benchmark::State& state) {
  const LimitLoaded& loaded = LimitFor(state.range(0));
  RunReadBenchmark(state, [&loaded](int64_t i) -> absl::StatusOr<int64_t> {
    const AuditLogItem& pick = AuditLogPick(*loaded.data, i);
    std::vector<AuditLogItem> rows;
    loaded.store.BetweenWithAction(pick.pk, kAuditLogWindowFrom,
                                   kAuditLogWindowTo, pick.action, rows);
    return Returned(rows);
  });
}

void BM_SqliteAuditFiltered(benchmark::State& state) {
  SqliteLoaded& loaded = SqliteFor(state.range(0));
  if (loaded.store == nullptr) return state.SkipWithError("load failed");
  RunReadBenchmark(state, [&loaded](int64_t i) -> absl::StatusOr<int64_t> {
    const AuditLogItem& pick = AuditLogPick(*loaded.data, i);
    std::vector<AuditLogItem> rows;
    absl::Status status = loaded.store->BetweenWithAction(
        pick.pk, kAuditLogWindowFrom, kAuditLogWindowTo, pick.action, rows);
    if (!status.ok()) return status;
    return Returned(rows);
  });
}

// ---- append: PutItem of a new event of a Zipf-drawn actor (the data
// set's appends, in order), built inside the timed loop; every batch of
// appends is deleted again with timing paused.

void BM_DynamiteAuditAppend(benchmark::State& state) {
  DynamiteLoaded& loaded = DynamiteFor(state.range(0));
  if (loaded.store == nullptr) return state.SkipWithError("load failed");
  Database& db = *loaded.store;
  const AuditLogDataSet& data = *loaded.data;
  RunBatchedWriteBenchmark(
      state, static_cast<int64_t>(data.appends.size()),
      [&](int64_t j) {
        return PutAuditLogItem(db, data.appends[static_cast<size_t>(j)]);
      },
      [&](int64_t count) {
        return UndoAppends(data, count, [&db](const AuditLogItem& item) {
          return DeleteAuditLogItem(db, item);
        });
      });
}

void BM_LimitAuditAppend(benchmark::State& state) {
  LimitLoaded& loaded = LimitFor(state.range(0));
  LimitAuditLog& table = loaded.store;
  const AuditLogDataSet& data = *loaded.data;
  RunBatchedWriteBenchmark(
      state, static_cast<int64_t>(data.appends.size()),
      [&](int64_t j) {
        table.Put(data.appends[static_cast<size_t>(j)]);
        return absl::OkStatus();
      },
      [&](int64_t count) {
        return UndoAppends(data, count, [&table](const AuditLogItem& item) {
          table.Erase(item);
          return absl::OkStatus();
        });
      });
}

void BM_SqliteAuditAppend(benchmark::State& state) {
  SqliteLoaded& loaded = SqliteFor(state.range(0));
  if (loaded.store == nullptr) return state.SkipWithError("load failed");
  SqliteAuditLog& table = *loaded.store;
  const AuditLogDataSet& data = *loaded.data;
  RunBatchedWriteBenchmark(
      state, static_cast<int64_t>(data.appends.size()),
      [&](int64_t j) {
        return table.Put(data.appends[static_cast<size_t>(j)]);
      },
      [&](int64_t count) {
        return UndoAppends(data, count, [&table](const AuditLogItem& item) {
          return table.Delete(item);
        });
      });
}

// ---- load: a new store of n items (Dynamite: a Database, the table and
// one PutItem each; sqlite: open, prepare, one transaction), with the
// memory counters of bench/load_memory.h; Dynamite's adds item_bytes, the
// items' mean DynamoDB size, which bench/summarize.py counts the overhead
// beyond.

void BM_DynamiteAuditLoad(benchmark::State& state) {
  const DynamiteLoaded& loaded = DynamiteFor(state.range(0));
  const std::vector<AuditLogItem>& items = loaded.data->items;
  RunLoadBenchmark(state, static_cast<int64_t>(items.size()),
                   [&items] { return LoadAuditLogDatabase(items); });
  state.counters["item_bytes"] = MeanItemBytes(items);
}

void BM_LimitAuditLoad(benchmark::State& state) {
  const std::vector<AuditLogItem>& items = LimitFor(state.range(0)).data->items;
  RunLoadBenchmark(state, static_cast<int64_t>(items.size()),
                   [&items] { return LimitAuditLog::Load(items); });
}

void BM_SqliteAuditLoad(benchmark::State& state) {
  const std::vector<AuditLogItem>& items =
      SqliteFor(state.range(0)).data->items;
  RunLoadBenchmark(state, static_cast<int64_t>(items.size()),
                   [&items] { return LoadSqlite(items); });
}

// The scaling curve's queries first, each store after the other at every
// scale.
BENCHMARK(BM_DynamiteAuditRecent20)->Apply(ScalingScales);
BENCHMARK(BM_LimitAuditRecent20)->Apply(ScalingScales);
BENCHMARK(BM_SqliteAuditRecent20)->Apply(ScalingScales);
BENCHMARK(BM_DynamiteAuditWindow)->Apply(ScalingScales);
BENCHMARK(BM_LimitAuditWindow)->Apply(ScalingScales);
BENCHMARK(BM_SqliteAuditWindow)->Apply(ScalingScales);
BENCHMARK(BM_DynamiteAuditMonth)->Apply(WorkloadScales);
BENCHMARK(BM_LimitAuditMonth)->Apply(WorkloadScales);
BENCHMARK(BM_SqliteAuditMonth)->Apply(WorkloadScales);
BENCHMARK(BM_DynamiteAuditFiltered)->Apply(WorkloadScales);
BENCHMARK(BM_LimitAuditFiltered)->Apply(WorkloadScales);
BENCHMARK(BM_SqliteAuditFiltered)->Apply(WorkloadScales);
BENCHMARK(BM_DynamiteAuditAppend)->Apply(WorkloadScales);
BENCHMARK(BM_LimitAuditAppend)->Apply(WorkloadScales);
BENCHMARK(BM_SqliteAuditAppend)->Apply(WorkloadScales);
// Last: freeing a new 10^6-item store leaves malloc a heap to consolidate,
// which the next benchmark's first allocations would pay for. One
// repetition whatever --benchmark_repetitions says: a 10^6-item load is
// seconds long (Dynamite's, tens of seconds on a busy 2-core machine), so
// one is a steady figure, and repeating it would double the run.
BENCHMARK(BM_DynamiteAuditLoad)->Apply(WorkloadScales)->Repetitions(1);
BENCHMARK(BM_LimitAuditLoad)->Apply(WorkloadScales)->Repetitions(1);
BENCHMARK(BM_SqliteAuditLoad)->Apply(WorkloadScales)->Repetitions(1);

}  // namespace
}  // namespace dynamite
