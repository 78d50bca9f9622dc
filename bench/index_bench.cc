// Workload A of workloads.md (the audit log) with a global secondary index
// on the action, the single-table way: every item also carries
// GSI1PK = its action and GSI1SK = its SK (the timestamp key,
// "EVT#2026-06-23T10:15:30.123Z#0001"), and index GSI1 (projection ALL)
// is keyed on them. Items, appends and picks are the workload's
// (bench/audit_log_workload.h, fixed seeds); each store is loaded once per
// scale, outside the timed loops, and kept (bench/loaded_store.h).
//
//   BM_IndexAuditPut/no_index   PutItem of a new event into AuditLog
//                               (PK, SK), no index
//   BM_IndexAuditPut/gsi        the same PutItem (the same items, GSI1PK
//                               and GSI1SK included in both) into AuditLog
//                               with GSI1: their ratio is the index's
//                               write cost
//   BM_IndexAuditQuery/gsi      Query IndexName GSI1, GSI1PK = :x AND
//                               GSI1SK BETWEEN :from AND :to, Limit 20
//   BM_IndexAuditQuery/table    the same Query on AuditByAction, a table
//                               whose primary key is (GSI1PK, GSI1SK)
//                               holding the same items: the index's read
//                               cost beside a table keyed that way
//
// The Query's :x is the action of a random pick and its range that pick's
// day, at the stored precision and past the sequence suffix (as window's);
// at 10^5 items an action has ~34 events a day, so most Queries stop at
// the Limit. The typed requests are built inside the timed loop, as
// bench/dynamite_audit_log.h builds them; PutItem batches are deleted again
// with timing paused (RunBatchedWriteBenchmark). Counters: items_per_second
// and `returned` (items per Query). Run from a Release build:
//   build-rel/bench/index_bench --benchmark_min_time=0.2
//       --benchmark_repetitions=3 --benchmark_report_aggregates_only=true

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "benchmark/benchmark.h"

#include "api/database.h"
#include "bench/audit_log_workload.h"
#include "bench/benchmark_loops.h"
#include "bench/dynamite_audit_log.h"
#include "store/item.h"

namespace dynamite {
namespace {

constexpr absl::string_view kIndexName = "GSI1";
constexpr absl::string_view kGsiPartitionKey = "GSI1PK";
constexpr absl::string_view kGsiSortKey = "GSI1SK";
constexpr absl::string_view kByActionTable = "AuditByAction";
constexpr int kQueryLimit = 20;

// The three stores of this benchmark; each Database holds one table.
enum class Layout {
  kNoIndex,   // AuditLog (PK, SK)
  kGsi,       // AuditLog (PK, SK) with GSI1 (GSI1PK, GSI1SK)
  kByAction,  // AuditByAction (GSI1PK, GSI1SK)
};

// The workload's item with GSI1PK = action and GSI1SK = SK.
Item IndexedItem(const AuditLogItem& event) {
  Item item = AuditLogItemToItem(event);
  item.emplace(std::string(kGsiPartitionKey), AttributeValue::S(event.action));
  item.emplace(std::string(kGsiSortKey), AttributeValue::S(event.sk));
  return item;
}

absl::string_view TableOf(Layout layout) {
  return layout == Layout::kByAction ? kByActionTable : kAuditLogTable;
}

absl::Status CreateTable(Database& db, Layout layout) {
  auto key = [](absl::string_view hash, absl::string_view range) {
    return std::vector<KeySchemaElement>{
        {std::string(hash), KeySchemaRole::kHash},
        {std::string(range), KeySchemaRole::kRange}};
  };
  auto attribute = [](absl::string_view name) {
    return AttributeDefinition{std::string(name), KeyType::kS};
  };
  CreateTableRequest create{.table_name = std::string(TableOf(layout)),
                            .billing_mode = BillingMode::kPayPerRequest};
  if (layout == Layout::kByAction) {
    create.key_schema = key(kGsiPartitionKey, kGsiSortKey);
    create.attribute_definitions = {attribute(kGsiPartitionKey),
                                    attribute(kGsiSortKey)};
  } else {
    create.key_schema = key(kAuditLogPartitionKey, kAuditLogSortKey);
    create.attribute_definitions = {attribute(kAuditLogPartitionKey),
                                    attribute(kAuditLogSortKey)};
  }
  if (layout == Layout::kGsi) {
    create.attribute_definitions.push_back(attribute(kGsiPartitionKey));
    create.attribute_definitions.push_back(attribute(kGsiSortKey));
    create.global_secondary_indexes = std::vector<GlobalSecondaryIndex>{
        {.index_name = std::string(kIndexName),
         .key_schema = key(kGsiPartitionKey, kGsiSortKey),
         .projection = {.projection_type = ProjectionType::kAll}}};
  }
  return db.CreateTable(create).status();
}

absl::Status Put(Database& db, Layout layout, const AuditLogItem& event) {
  PutItemRequest put{.table_name = std::string(TableOf(layout)),
                     .item = IndexedItem(event)};
  return db.PutItem(std::move(put)).status();
}

absl::Status Delete(Database& db, Layout layout, const AuditLogItem& event) {
  DeleteItemRequest del{.table_name = std::string(TableOf(layout))};
  if (layout == Layout::kByAction) {
    del.key =
        Item{{std::string(kGsiPartitionKey), AttributeValue::S(event.action)},
             {std::string(kGsiSortKey), AttributeValue::S(event.sk)}};
  } else {
    del.key =
        Item{{std::string(kAuditLogPartitionKey), AttributeValue::S(event.pk)},
             {std::string(kAuditLogSortKey), AttributeValue::S(event.sk)}};
  }
  return db.DeleteItem(del).status();
}

// A Database holding `items` in `layout`, one PutItem each; nullptr if a
// request fails (the benchmark then reports the error).
template <Layout layout>
std::unique_ptr<Database> Load(const std::vector<AuditLogItem>& items) {
  auto db = std::make_unique<Database>();
  if (!CreateTable(*db, layout).ok()) return nullptr;
  for (const AuditLogItem& item : items) {
    if (!Put(*db, layout, item).ok()) return nullptr;
  }
  return db;
}

// One store per layout and scale. LoadedStoreFor keys its cache on the
// Store type, so each layout gets its own type.
template <Layout layout>
struct LayoutStore {
  std::unique_ptr<Database> db;
};

template <Layout layout>
LoadedAuditLog<LayoutStore<layout>>& StoreFor(int64_t item_count) {
  return LoadedAuditLogFor<LayoutStore<layout>>(
      item_count, [](const std::vector<AuditLogItem>& items) {
        return LayoutStore<layout>{Load<layout>(items)};
      });
}

// The day of each pick, as BETWEEN bounds (workloads.md's window, on the
// pick's date): built once, outside the timed loops.
struct DayBounds {
  std::string from;
  std::string to;
};

const std::vector<DayBounds>& PickDays(const AuditLogDataSet& data) {
  static auto* cache =
      new std::map<const AuditLogDataSet*, std::vector<DayBounds>>();
  std::vector<DayBounds>& days = (*cache)[&data];
  if (days.empty()) {
    for (int64_t i = 0; i < kAuditLogPickCount; ++i) {
      // "EVT#2026-06-23": the first 14 characters of the SK.
      absl::string_view day =
          absl::string_view(AuditLogPick(data, i).sk).substr(0, 14);
      days.push_back({absl::StrCat(day, "T00:00:00.000Z"),
                      absl::StrCat(day, "T23:59:59.999Z#9999")});
    }
  }
  return days;
}

// PutItem of the data set's appends in order; each batch deleted again
// with timing paused.
template <Layout layout>
void BM_IndexAuditPut(benchmark::State& state) {
  auto& loaded = StoreFor<layout>(state.range(0));
  if (loaded.store.db == nullptr) return state.SkipWithError("load failed");
  Database& db = *loaded.store.db;
  const AuditLogDataSet& data = *loaded.data;
  RunBatchedWriteBenchmark(
      state, static_cast<int64_t>(data.appends.size()),
      [&](int64_t j) {
        return Put(db, layout, data.appends[static_cast<size_t>(j)]);
      },
      [&](int64_t count) {
        for (int64_t j = 0; j < count; ++j) {
          if (absl::Status status =
                  Delete(db, layout, data.appends[static_cast<size_t>(j)]);
              !status.ok()) {
            return status;
          }
        }
        return absl::OkStatus();
      });
}

// Query GSI1PK = :x AND GSI1SK BETWEEN :from AND :to, Limit 20: on GSI1 of
// AuditLog (kGsi) or on AuditByAction's primary key (kByAction).
template <Layout layout>
void BM_IndexAuditQuery(benchmark::State& state) {
  auto& loaded = StoreFor<layout>(state.range(0));
  if (loaded.store.db == nullptr) return state.SkipWithError("load failed");
  Database& db = *loaded.store.db;
  const AuditLogDataSet& data = *loaded.data;
  const std::vector<DayBounds>& days = PickDays(data);
  RunReadBenchmark(state, [&](int64_t i) -> absl::StatusOr<int64_t> {
    const DayBounds& day =
        days[static_cast<size_t>(i & (kAuditLogPickCount - 1))];
    QueryRequest query{
        .table_name = std::string(TableOf(layout)),
        .key_condition_expression =
            "GSI1PK = :x AND GSI1SK BETWEEN :from AND :to",
        .expression_attribute_values =
            ExpressionAttributeValues{
                {":x", AttributeValue::S(AuditLogPick(data, i).action)},
                {":from", AttributeValue::S(day.from)},
                {":to", AttributeValue::S(day.to)}},
        .limit = kQueryLimit};
    if (layout == Layout::kGsi) query.index_name = std::string(kIndexName);
    absl::StatusOr<QueryResponse> page = db.Query(query);
    if (!page.ok()) return page.status();
    benchmark::DoNotOptimize(page);
    return static_cast<int64_t>(page->items.size());
  });
}

// Put first, each layout after the other at every scale, then Query.
BENCHMARK(BM_IndexAuditPut<Layout::kNoIndex>)
    ->Name("BM_IndexAuditPut/no_index")
    ->Apply(WorkloadScales);
BENCHMARK(BM_IndexAuditPut<Layout::kGsi>)
    ->Name("BM_IndexAuditPut/gsi")
    ->Apply(WorkloadScales);
BENCHMARK(BM_IndexAuditQuery<Layout::kGsi>)
    ->Name("BM_IndexAuditQuery/gsi")
    ->Apply(WorkloadScales);
BENCHMARK(BM_IndexAuditQuery<Layout::kByAction>)
    ->Name("BM_IndexAuditQuery/table")
    ->Apply(WorkloadScales);

}  // namespace
}  // namespace dynamite
