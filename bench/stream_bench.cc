// What a DynamoDB stream costs its table's writers, and how fast a consumer
// reads it, on workload A of workloads.md (the audit log). Items, appends
// and picks are the workload's (bench/audit_log_workload.h, fixed seeds);
// each store is loaded once per scale without a stream, then the stream is
// enabled by UpdateTable (so the load leaves no records behind), and kept
// (bench/loaded_store.h).
//
//   BM_StreamAuditPut/no_stream    PutItem of a new event into AuditLog
//   BM_StreamAuditPut/keys_only    the same PutItem, the table's stream
//                                  enabled with KEYS_ONLY
//   BM_StreamAuditPut/new_and_old  ... with NEW_AND_OLD_IMAGES: its ratio
//                                  to no_stream is the stream's write cost
//   BM_StreamGetRecords            GetRecords, Limit 1000, from the trim
//                                  horizon of a NEW_AND_OLD_IMAGES stream
//                                  holding one INSERT per item of a 10^4
//                                  load, through NextShardIterator, again
//                                  from the trim horizon once drained
//
// PutItem batches are deleted again with timing paused
// (RunBatchedWriteBenchmark); the deletes append REMOVE records, so the
// stream grows as a real one does and its trimming (by the size cap,
// StreamOptions::max_retained_bytes) is part of what the writers pay.
// Counters: items_per_second (items written, or records read, per second).
// Run from a Release build:
//   build-rel/bench/stream_bench --benchmark_min_time=0.2
//       --benchmark_repetitions=3 --benchmark_report_aggregates_only=true

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "benchmark/benchmark.h"

#include "api/database.h"
#include "bench/audit_log_workload.h"
#include "bench/benchmark_loops.h"
#include "bench/dynamite_audit_log.h"

namespace dynamite {
namespace {

// The stream of each store: none, or a view type.
enum class Stream { kNone, kKeysOnly, kNewAndOld };

absl::Status EnableStream(Database& db, StreamViewType view_type) {
  UpdateTableRequest update{.table_name = std::string(kAuditLogTable)};
  update.stream_specification = StreamSpecification{
      .stream_enabled = true, .stream_view_type = view_type};
  return db.UpdateTable(update).status();
}

template <Stream stream>
struct StreamStore {
  std::unique_ptr<Database> db;
};

template <Stream stream>
LoadedAuditLog<StreamStore<stream>>& StoreFor(int64_t item_count) {
  return LoadedAuditLogFor<StreamStore<stream>>(
      item_count, [](const std::vector<AuditLogItem>& items) {
        std::unique_ptr<Database> db = LoadAuditLogDatabase(items);
        if (db == nullptr || stream == Stream::kNone) {
          return StreamStore<stream>{std::move(db)};
        }
        const StreamViewType view_type = stream == Stream::kKeysOnly
                                             ? StreamViewType::kKeysOnly
                                             : StreamViewType::kNewAndOldImages;
        if (!EnableStream(*db, view_type).ok()) db = nullptr;
        return StreamStore<stream>{std::move(db)};
      });
}

// PutItem of the data set's appends in order; each batch deleted again
// with timing paused.
template <Stream stream>
void BM_StreamAuditPut(benchmark::State& state) {
  auto& loaded = StoreFor<stream>(state.range(0));
  if (loaded.store.db == nullptr) return state.SkipWithError("load failed");
  Database& db = *loaded.store.db;
  const AuditLogDataSet& data = *loaded.data;
  RunBatchedWriteBenchmark(
      state, static_cast<int64_t>(data.appends.size()),
      [&](int64_t j) {
        return PutAuditLogItem(db, data.appends[static_cast<size_t>(j)]);
      },
      [&](int64_t count) {
        for (int64_t j = 0; j < count; ++j) {
          if (absl::Status status =
                  DeleteAuditLogItem(db, data.appends[static_cast<size_t>(j)]);
              !status.ok()) {
            return status;
          }
        }
        return absl::OkStatus();
      });
}

// A Database whose AuditLog stream (NEW_AND_OLD_IMAGES, enabled before the
// load) holds one INSERT per loaded item, and the stream's first shard.
struct StreamedLoad {
  std::unique_ptr<Database> db;
  std::string stream_arn;
  std::string shard_id;
};

absl::StatusOr<StreamedLoad> LoadWithStream(
    const std::vector<AuditLogItem>& items) {
  StreamedLoad load{.db = LoadAuditLogDatabase({})};
  if (load.db == nullptr) return absl::InternalError("CreateTable failed");
  if (absl::Status s = EnableStream(*load.db, StreamViewType::kNewAndOldImages);
      !s.ok()) {
    return s;
  }
  for (const AuditLogItem& item : items) {
    if (absl::Status s = PutAuditLogItem(*load.db, item); !s.ok()) return s;
  }
  auto streams = load.db->ListStreams({});
  if (!streams.ok()) return streams.status();
  load.stream_arn = streams->streams.front().stream_arn;
  auto described = load.db->DescribeStream({.stream_arn = load.stream_arn});
  if (!described.ok()) return described.status();
  load.shard_id = described->stream_description.shards.front().shard_id;
  return load;
}

void BM_StreamGetRecords(benchmark::State& state) {
  const AuditLogDataSet& data = AuditLogDataSetFor(state.range(0));
  absl::StatusOr<StreamedLoad> load = LoadWithStream(data.items);
  if (!load.ok()) return state.SkipWithError(load.status().ToString().c_str());
  Database& db = *load->db;
  auto trim_horizon = [&]() -> absl::StatusOr<std::string> {
    auto it = db.GetShardIterator(
        {.stream_arn = load->stream_arn,
         .shard_id = load->shard_id,
         .shard_iterator_type = ShardIteratorType::kTrimHorizon});
    if (!it.ok()) return it.status();
    return it->shard_iterator;
  };
  absl::StatusOr<std::string> iterator = trim_horizon();
  int64_t read = 0;
  for (auto _ : state) {
    if (!iterator.ok()) {
      state.SkipWithError(iterator.status().ToString().c_str());
      break;
    }
    auto page = db.GetRecords({.shard_iterator = *iterator, .limit = 1000});
    if (!page.ok()) {
      state.SkipWithError(page.status().ToString().c_str());
      break;
    }
    read += static_cast<int64_t>(page->records.size());
    // The open shard's head returns no records: start over.
    if (page->records.empty() || !page->next_shard_iterator.has_value()) {
      iterator = trim_horizon();
    } else {
      iterator = *std::move(page->next_shard_iterator);
    }
    benchmark::DoNotOptimize(page);
  }
  state.SetItemsProcessed(read);
}

BENCHMARK(BM_StreamAuditPut<Stream::kNone>)
    ->Name("BM_StreamAuditPut/no_stream")
    ->Apply(WorkloadScales);
BENCHMARK(BM_StreamAuditPut<Stream::kKeysOnly>)
    ->Name("BM_StreamAuditPut/keys_only")
    ->Apply(WorkloadScales);
BENCHMARK(BM_StreamAuditPut<Stream::kNewAndOld>)
    ->Name("BM_StreamAuditPut/new_and_old")
    ->Apply(WorkloadScales);
BENCHMARK(BM_StreamGetRecords)->ArgName("items")->Arg(10'000);

}  // namespace
}  // namespace dynamite
