// What expressions cost: compiling (parse, resolve placeholders, check
// unused ones; through the expression cache, as a request does, and without
// it, as the first request with a text does) and evaluating a typical
// FilterExpression and applying a typical UpdateExpression, next to a Query
// that returns 100 items through api::Database, with and without that filter.
// The question it answers is whether compiling an expression on every request
// is cheap next to the work of a request: compare BM_CompileFilter and
// BM_CompileUpdate (and the cache misses BM_ParseFilter and BM_ParseUpdate)
// with BM_Query100.
//
// The expressions are the ones a game backend might send:
//
//   FilterExpression  #st = :active AND score BETWEEN :lo AND :hi
//                     AND attribute_exists(profile.country)
//                     AND NOT contains(tags, :banned)
//   UpdateExpression  SET score = score + :delta, updatedAt = :now,
//                     history = list_append(if_not_exists(history, :empty),
//                     :entry) REMOVE tmp ADD plays :one DELETE tags :old
//
// on items of eleven attributes (keys, strings, numbers, a nested map, a
// string set and a list of maps), 232 bytes each by DynamoDB's item size.
// The Query table holds 10,000 such items in 100 partitions of 100; whether
// an item passes the filter is drawn from a fixed seed, so half of them
// pass, in no pattern a branch predictor could learn.
//
// The expression maps, items and the loaded table are built outside the
// timed loops. The Query benchmarks build the typed request inside the loop,
// as an embedder does (see bench/leaderboard_bench.cc), and cycle through
// the 100 partitions, as requests to a table with many partitions would, so
// the items a Query reads are usually not in the CPU caches. That matters
// for the filter, which reads every item; an unfiltered Query never looks
// inside an item (it returns shared snapshots).
//
// Run from a Release build, e.g.:
//   build-release/bench/expression_bench --benchmark_repetitions=5
//       --benchmark_report_aggregates_only=true

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_format.h"
#include "benchmark/benchmark.h"

#include "api/database.h"
#include "bench/leaderboard_workload.h"
#include "query/ast.h"
#include "query/bound.h"
#include "query/evaluate.h"
#include "query/expression_cache.h"
#include "query/parser.h"
#include "query/placeholders.h"
#include "query/update.h"
#include "store/item.h"
#include "store/number.h"
#include "store/value.h"

namespace dynamite {
namespace {

constexpr char kFilterExpression[] =
    "#st = :active AND score BETWEEN :lo AND :hi AND "
    "attribute_exists(profile.country) AND NOT contains(tags, :banned)";
constexpr char kUpdateExpression[] =
    "SET score = score + :delta, updatedAt = :now, "
    "history = list_append(if_not_exists(history, :empty), :entry) "
    "REMOVE tmp ADD plays :one DELETE tags :old";

constexpr char kTable[] = "Players";
constexpr char kPartitionKey[] = "teamId";
constexpr char kSortKey[] = "playerId";
constexpr int kPartitions = 100;
constexpr int kItemsPerPartition = 100;
// The seed of the pass/fail draw and of the scores of the Query table.
constexpr uint64_t kItemSeed = 20260701;

// The filter's bounds: a passing item scores in [kLowScore, kHighScore].
constexpr int64_t kLowScore = 1000;
constexpr int64_t kHighScore = 9000;
constexpr int64_t kUpdatedAt = 1'782'864'000'000;  // 2026-07-01, epoch ms
constexpr int64_t kDayMillis = 86'400'000;

// Why an item of the Query table fails the filter, if it does: each of the
// filter's four terms fails for an eighth of the items, so evaluation stops
// at every depth of the AND chain.
enum class FilterOutcome {
  kPass,
  kInactive,    // #st = :active is false
  kOutOfRange,  // score BETWEEN :lo AND :hi is false
  kNoCountry,   // attribute_exists(profile.country) is false
  kBannedTag,   // NOT contains(tags, :banned) is false
};

AttributeValue HistoryEntry(int64_t at, int64_t delta) {
  return AttributeValue::M(
      {{"at", AttributeValue::N(Number::FromInt(at))},
       {"delta", AttributeValue::N(Number::FromInt(delta))}});
}

// A player item of eleven attributes; `outcome` decides which term of the
// filter it fails, if any.
Item PlayerItem(const std::string& team_id, const std::string& player_id,
                int64_t score, FilterOutcome outcome) {
  AttributeMap profile = {{"city", AttributeValue::S("Lyon")},
                          {"level", AttributeValue::N(Number::FromInt(42))}};
  if (outcome != FilterOutcome::kNoCountry) {
    profile.emplace("country", AttributeValue::S("FR"));
  }
  std::vector<std::string> tags = {"pvp", "ranked", "weekend"};
  if (outcome == FilterOutcome::kBannedTag) tags.push_back("banned");
  return Item{
      {kPartitionKey, AttributeValue::S(team_id)},
      {kSortKey, AttributeValue::S(player_id)},
      {"status",
       AttributeValue::S(outcome == FilterOutcome::kInactive ? "inactive"
                                                             : "active")},
      {"score", AttributeValue::N(Number::FromInt(score))},
      {"name", AttributeValue::S("Ada Lovelace")},
      {"profile", AttributeValue::M(std::move(profile))},
      {"tags", AttributeValue::SS(std::move(tags))},
      {"plays", AttributeValue::N(Number::FromInt(17))},
      {"updatedAt",
       AttributeValue::N(Number::FromInt(kUpdatedAt - kDayMillis))},
      {"history",
       AttributeValue::L({HistoryEntry(kUpdatedAt - 3 * kDayMillis, 120),
                          HistoryEntry(kUpdatedAt - 2 * kDayMillis, -40),
                          HistoryEntry(kUpdatedAt - kDayMillis, 75)})},
      {"tmp", AttributeValue::S("session-7f3a")},
  };
}

// The item BM_EvaluateFilter and BM_ApplyUpdate work on; it passes the
// filter.
Item TypicalItem() {
  return PlayerItem("TEAM#042", "p_4242", 5000, FilterOutcome::kPass);
}

Item KeyOf(const Item& item) {
  return Item{{kPartitionKey, item.at(kPartitionKey)},
              {kSortKey, item.at(kSortKey)}};
}

// The filter's ExpressionAttributeNames and ExpressionAttributeValues
// (without the key condition's :t).
ExpressionAttributeNames FilterNames() { return {{"#st", "status"}}; }
ExpressionAttributeValues FilterValues() {
  return {{":active", AttributeValue::S("active")},
          {":lo", AttributeValue::N(Number::FromInt(kLowScore))},
          {":hi", AttributeValue::N(Number::FromInt(kHighScore))},
          {":banned", AttributeValue::S("banned")}};
}

ExpressionAttributeValues UpdateValues() {
  return {{":delta", AttributeValue::N(Number::FromInt(25))},
          {":now", AttributeValue::N(Number::FromInt(kUpdatedAt))},
          {":empty", AttributeValue::L({})},
          {":entry", AttributeValue::L({HistoryEntry(kUpdatedAt, 25)})},
          {":one", AttributeValue::N(Number::FromInt(1))},
          {":old", AttributeValue::SS({"weekend"})}};
}

std::string PartitionName(int partition) {
  return absl::StrFormat("TEAM#%03d", partition);
}

// Creates the Players table and puts kPartitions * kItemsPerPartition items
// into it, half of them passing the filter. Returns nullptr if any request
// fails.
std::unique_ptr<Database> LoadPlayers() {
  auto db = std::make_unique<Database>();
  CreateTableRequest create{
      .table_name = kTable,
      .key_schema = {{kPartitionKey, KeySchemaRole::kHash},
                     {kSortKey, KeySchemaRole::kRange}},
      .attribute_definitions = {{kPartitionKey, KeyType::kS},
                                {kSortKey, KeyType::kS}},
      .billing_mode = BillingMode::kPayPerRequest};
  if (!db->CreateTable(create).ok()) return nullptr;
  WorkloadRandom random(kItemSeed);
  for (int partition = 0; partition < kPartitions; ++partition) {
    const std::string team_id = PartitionName(partition);
    for (int i = 0; i < kItemsPerPartition; ++i) {
      // 0..3 pass, 4..7 fail one term each.
      const auto outcome = static_cast<FilterOutcome>(
          random.Uniform(8) < 4 ? 0 : 1 + random.Uniform(4));
      int64_t score =
          kLowScore +
          static_cast<int64_t>(random.Uniform(kHighScore - kLowScore + 1));
      if (outcome == FilterOutcome::kOutOfRange) {
        score =
            random.Uniform(2) == 0
                ? static_cast<int64_t>(random.Uniform(kLowScore))
                : kHighScore + 1 + static_cast<int64_t>(random.Uniform(1000));
      }
      PutItemRequest put{
          .table_name = kTable,
          .item = PlayerItem(team_id, absl::StrFormat("p_%05d", i), score,
                             outcome)};
      if (!db->PutItem(std::move(put)).ok()) return nullptr;
    }
  }
  return db;
}

// The loaded table, built on first use. Benchmarks run one at a time, on one
// thread, and only read it.
Database* Players() {
  static Database* db = LoadPlayers().release();
  return db;
}

// BM_ParseFilter: compiling the FilterExpression without the cache (a
// request whose text the cache has not seen): ParseCondition (lexing,
// parsing, resolving #names and :values, the parse-time checks) with a
// fresh Placeholders, binding the values, then CheckAllUsed. Excludes
// building the names and values maps (the request owns them).
void BM_ParseFilter(benchmark::State& state) {
  const ExpressionAttributeNames names = FilterNames();
  const ExpressionAttributeValues values = FilterValues();
  for (auto _ : state) {
    Placeholders placeholders(&names, &values);
    absl::StatusOr<Condition> filter = ParseCondition(
        kFilterExpression, ExpressionKind::kFilterExpression, placeholders);
    absl::Status used = placeholders.CheckAllUsed();
    if (!filter.ok() || !used.ok()) {
      state.SkipWithError(
          (filter.ok() ? used : filter.status()).ToString().c_str());
      break;
    }
    BoundCondition bound = BindParsed(*std::move(filter), placeholders);
    benchmark::DoNotOptimize(bound);
  }
}

// Requests that repeat the filter with other values: the score bounds
// change from one request to the next, as they would in an application.
std::vector<ExpressionAttributeValues> FilterValueVariants() {
  std::vector<ExpressionAttributeValues> variants;
  for (int i = 0; i < 16; ++i) {
    ExpressionAttributeValues values = FilterValues();
    values[":lo"] = AttributeValue::N(Number::FromInt(kLowScore + i));
    values[":hi"] = AttributeValue::N(Number::FromInt(kHighScore + i));
    variants.push_back(std::move(values));
  }
  return variants;
}

// BM_CompileFilter: what a request pays to compile its FilterExpression:
// ExpressionCache::CompileCondition, which finds the tree parsed for an
// earlier request with the same text and names and binds this request's
// values (re-checking their types and the BETWEEN bounds), then
// CheckAllUsed. The values differ from one iteration to the next.
void BM_CompileFilter(benchmark::State& state) {
  const ExpressionAttributeNames names = FilterNames();
  const std::vector<ExpressionAttributeValues> variants = FilterValueVariants();
  ExpressionCache cache;
  size_t i = 0;
  for (auto _ : state) {
    Placeholders placeholders(&names, &variants[i]);
    absl::StatusOr<BoundCondition> filter = cache.CompileCondition(
        kFilterExpression, ExpressionKind::kFilterExpression, placeholders);
    absl::Status used = placeholders.CheckAllUsed();
    if (!filter.ok() || !used.ok()) {
      state.SkipWithError(
          (filter.ok() ? used : filter.status()).ToString().c_str());
      break;
    }
    benchmark::DoNotOptimize(filter);
    i = (i + 1) % variants.size();
  }
  if (cache.size() != 1) state.SkipWithError("the cache must hold one tree");
}

// BM_EvaluateFilter: EvaluateCondition of the compiled filter on one typical
// item that passes (so every term of the AND chain runs). Excludes
// compiling.
void BM_EvaluateFilter(benchmark::State& state) {
  const ExpressionAttributeNames names = FilterNames();
  const ExpressionAttributeValues values = FilterValues();
  Placeholders placeholders(&names, &values);
  absl::StatusOr<Condition> filter = ParseCondition(
      kFilterExpression, ExpressionKind::kFilterExpression, placeholders);
  if (!filter.ok()) {
    return state.SkipWithError(filter.status().ToString().c_str());
  }
  const BoundCondition bound = BindParsed(*std::move(filter), placeholders);
  const Item item = TypicalItem();
  int64_t passed = 0;
  for (auto _ : state) {
    const bool passes = EvaluateCondition(bound.tree(), bound.values(), item);
    benchmark::DoNotOptimize(passes);
    passed += passes ? 1 : 0;
  }
  if (passed != state.iterations()) state.SkipWithError("the item must pass");
  state.SetItemsProcessed(state.iterations());
}

// BM_ParseUpdate: compiling the UpdateExpression without the cache:
// ParseUpdate (including the overlapping-path checks) with a fresh
// Placeholders, binding the values, then CheckAllUsed. Excludes building the
// values map.
void BM_ParseUpdate(benchmark::State& state) {
  const ExpressionAttributeValues values = UpdateValues();
  for (auto _ : state) {
    Placeholders placeholders(nullptr, &values);
    absl::StatusOr<UpdateExpression> update =
        ParseUpdate(kUpdateExpression, placeholders);
    absl::Status used = placeholders.CheckAllUsed();
    if (!update.ok() || !used.ok()) {
      state.SkipWithError(
          (update.ok() ? used : update.status()).ToString().c_str());
      break;
    }
    BoundUpdate bound = BindParsed(*std::move(update), placeholders);
    benchmark::DoNotOptimize(bound);
  }
}

// BM_CompileUpdate: what a request pays to compile its UpdateExpression:
// ExpressionCache::CompileUpdate (a hit, the :delta value changing per
// iteration), then CheckAllUsed.
void BM_CompileUpdate(benchmark::State& state) {
  std::vector<ExpressionAttributeValues> variants;
  for (int i = 0; i < 16; ++i) {
    ExpressionAttributeValues values = UpdateValues();
    values[":delta"] = AttributeValue::N(Number::FromInt(i + 1));
    variants.push_back(std::move(values));
  }
  ExpressionCache cache;
  size_t i = 0;
  for (auto _ : state) {
    Placeholders placeholders(nullptr, &variants[i]);
    absl::StatusOr<BoundUpdate> update =
        cache.CompileUpdate(kUpdateExpression, placeholders);
    absl::Status used = placeholders.CheckAllUsed();
    if (!update.ok() || !used.ok()) {
      state.SkipWithError(
          (update.ok() ? used : update.status()).ToString().c_str());
      break;
    }
    benchmark::DoNotOptimize(update);
    i = (i + 1) % variants.size();
  }
  if (cache.size() != 1) state.SkipWithError("the cache must hold one tree");
}

// BM_ApplyUpdate: ApplyUpdate of the compiled update to the typical item,
// which builds the new item (a copy with every action applied) and the list
// of modified paths. Excludes compiling; the input item is never changed, so
// every iteration does the same work.
void BM_ApplyUpdate(benchmark::State& state) {
  const ExpressionAttributeValues values = UpdateValues();
  Placeholders placeholders(nullptr, &values);
  absl::StatusOr<UpdateExpression> update =
      ParseUpdate(kUpdateExpression, placeholders);
  if (!update.ok()) {
    return state.SkipWithError(update.status().ToString().c_str());
  }
  const BoundUpdate bound = BindParsed(*std::move(update), placeholders);
  const Item item = TypicalItem();
  const Item key = KeyOf(item);
  for (auto _ : state) {
    absl::StatusOr<UpdateResult> result =
        ApplyUpdate(bound.tree(), bound.values(), &item, key);
    if (!result.ok() || !result->item.has_value()) {
      state.SkipWithError(result.ok() ? "no item"
                                      : result.status().ToString().c_str());
      break;
    }
    benchmark::DoNotOptimize(result);
  }
  state.SetItemsProcessed(state.iterations());
}

// Whether a Query of RunQuery100 carries the FilterExpression.
enum class QueryFilter { kNone, kFilterExpression };

// Runs Database::Query for a whole partition of 100 items, cycling through
// the partitions, with or without the filter; items processed are the items
// read (ScannedCount), and the "returned" counter is the items per Query
// that passed the filter.
void RunQuery100(benchmark::State& state, QueryFilter filter) {
  Database* db = Players();
  if (db == nullptr) return state.SkipWithError("load failed");
  std::vector<std::string> partitions;
  for (int p = 0; p < kPartitions; ++p) partitions.push_back(PartitionName(p));
  int64_t scanned = 0;
  int64_t returned = 0;
  size_t partition = 0;
  for (auto _ : state) {
    QueryRequest query{.table_name = kTable,
                       .key_condition_expression = "teamId = :t"};
    if (filter == QueryFilter::kFilterExpression) {
      query.filter_expression = kFilterExpression;
      query.expression_attribute_names = FilterNames();
      query.expression_attribute_values = FilterValues();
      query.expression_attribute_values->emplace(
          ":t", AttributeValue::S(partitions[partition]));
    } else {
      query.expression_attribute_values = ExpressionAttributeValues{
          {":t", AttributeValue::S(partitions[partition])}};
    }
    absl::StatusOr<QueryResponse> page = db->Query(query);
    if (!page.ok()) {
      state.SkipWithError(page.status().ToString().c_str());
      break;
    }
    if (page->scanned_count != kItemsPerPartition) {
      state.SkipWithError("a partition must hold 100 items");
      break;
    }
    scanned += page->scanned_count;
    returned += static_cast<int64_t>(page->items.size());
    benchmark::DoNotOptimize(page);
    partition = (partition + 1) % partitions.size();
  }
  state.SetItemsProcessed(scanned);
  state.counters["returned"] = benchmark::Counter(
      static_cast<double>(returned), benchmark::Counter::kAvgIterations);
}

// BM_Query100: Query teamId = :t returning all 100 items of a partition:
// request construction, validation, key-condition parsing and binding, the
// table lookup and locking, the B-tree walk and the response (shared
// snapshots, no item copies). The baseline the compile costs are measured
// against.
void BM_Query100(benchmark::State& state) {
  RunQuery100(state, QueryFilter::kNone);
}

// BM_Query100Filtered: BM_Query100 plus the FilterExpression (compiled once
// per request, evaluated on each of the 100 items; about 50 are returned).
void BM_Query100Filtered(benchmark::State& state) {
  RunQuery100(state, QueryFilter::kFilterExpression);
}

BENCHMARK(BM_ParseFilter);
BENCHMARK(BM_CompileFilter);
BENCHMARK(BM_EvaluateFilter);
BENCHMARK(BM_ParseUpdate);
BENCHMARK(BM_CompileUpdate);
BENCHMARK(BM_ApplyUpdate);
BENCHMARK(BM_Query100);
BENCHMARK(BM_Query100Filtered);

}  // namespace
}  // namespace dynamite
