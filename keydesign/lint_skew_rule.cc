// partition-skew: how items and bytes spread over partition key values.
//
// DynamoDB serves one partition key value at most 3,000 read and 1,000
// write capacity units per second, however much the table is provisioned
// for (adaptive capacity splits partitions, never one key's items). So the
// share of the busiest partition key caps the whole table: if requests
// follow the items, a key holding a quarter of them throttles the table at
// 4,000 WCU/s. The item share is the proxy a snapshot offers.
//
// Severity: info always (the top partitions and their shares); warning for
// a hot partition (>= 20% of the items and twice its fair share among >= 2
// keys, or every item under one key) once the table has kMinItems items;
// with a local secondary index, error for an item collection past 10 GB
// and warning past 80% of it (DynamoDB: item collection size limit).
//
// On a GSI's partition key (`table.index` set) the same shares hold, of
// the items the index holds: a GSI partition has the same limits, and a
// GSI that cannot keep up throttles the table's writes. The 10 GB rule is
// the table's alone (an LSI shares the table's collections).

#include <algorithm>
#include <cmath>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

#include "keydesign/lint_rules.h"

namespace dynamite {
namespace {

constexpr int kTopPartitions = 5;
// Tables smaller than this are samples, not traffic patterns.
constexpr int64_t kMinItems = 10;
constexpr double kHotShare = 0.2;
// DynamoDB's per-partition throughput (AWS docs: partitions and data
// distribution).
constexpr int kPartitionRcu = 3000;
constexpr int kPartitionWcu = 1000;
// DynamoDB's item collection size limit with an LSI: 10 GB.
constexpr int64_t kItemCollectionLimit = int64_t{10} << 30;

std::string Items(int64_t n) {
  return absl::StrCat(n, n == 1 ? " item" : " items");
}

std::string Percent(int64_t part, int64_t whole) {
  return absl::StrFormat("%.1f%%", whole == 0 ? 0.0 : 100.0 * part / whole);
}

}  // namespace

std::vector<LintFinding> CheckPartitionSkew(const LintCollections& table,
                                            const LintTable& source) {
  if (table.item_count == 0) return {};
  std::vector<const LintCollection*> by_size;
  for (const LintCollection& c : table.collections) by_size.push_back(&c);
  std::stable_sort(by_size.begin(), by_size.end(),
                   [](const LintCollection* a, const LintCollection* b) {
                     return a->item_count > b->item_count;
                   });
  const int64_t partitions = static_cast<int64_t>(by_size.size());
  const LintCollection& top = *by_size.front();
  const double share = static_cast<double>(top.item_count) / table.item_count;
  const bool is_index = !table.index.empty();
  const absl::string_view whole = is_index ? "the index" : "the table";

  LintFinding summary{
      .severity = LintSeverity::kInfo,
      .rule = "partition-skew",
      .table = table.table,
      .collection_count = partitions,
      .message = absl::StrCat(
          Items(table.item_count), " (", table.size_bytes, " bytes) in ",
          partitions,
          partitions == 1 ? " item collection" : " item collections",
          "; the largest holds ", Percent(top.item_count, table.item_count),
          " of the items: if requests follow the items, ", whole,
          " throttles near ",
          static_cast<int64_t>(std::lround(kPartitionRcu / share)),
          " RCU/s and ",
          static_cast<int64_t>(std::lround(kPartitionWcu / share)),
          " WCU/s (DynamoDB's per-partition limits: ", kPartitionRcu,
          " RCU/s, ", kPartitionWcu, " WCU/s)",
          is_index ? "; a GSI that throttles throttles the table's writes"
                   : ""),
      .fix = "none needed unless traffic concentrates on the top partitions"};
  for (int i = 0; i < kTopPartitions && i < partitions; ++i) {
    const LintCollection& c = *by_size[i];
    summary.collections.push_back(c.partition_key);
    summary.examples.push_back(absl::StrCat(
        c.partition_key, ": ", Items(c.item_count), " (",
        Percent(c.item_count, table.item_count), "), ", c.size_bytes,
        " bytes (", Percent(c.size_bytes, table.size_bytes), ")"));
  }
  std::vector<LintFinding> findings;
  const bool hot =
      table.item_count >= kMinItems &&
      (partitions == 1 ||
       (share >= kHotShare && share * static_cast<double>(partitions) >= 2));
  if (hot) {
    LintFinding warning = summary;
    warning.severity = LintSeverity::kWarning;
    warning.collections = {top.partition_key};
    warning.collection_count = 1;
    warning.message = absl::StrCat(
        "hot partition: ", top.partition_key, " holds ",
        Percent(top.item_count, table.item_count), " of the items and ",
        Percent(top.size_bytes, table.size_bytes), " of the bytes among ",
        partitions, " partition key values; one partition key serves at most ",
        kPartitionRcu, " RCU/s and ", kPartitionWcu, " WCU/s");
    warning.fix =
        is_index
            ? "spread the index's hot key over more values (write sharding: "
              "append a suffix .0-.9 to the GSI partition key attribute and "
              "query the shards in parallel), or key the index on a wider "
              "attribute"
            : "spread the hot key's items over more partition keys (write "
              "sharding: append a suffix .0-.9 and query the shards in "
              "parallel), or move the hot access pattern to a GSI with a "
              "wider key";
    findings.push_back(std::move(warning));
  }
  summary.fix = hot ? "see the hot-partition warning" : summary.fix;
  findings.push_back(std::move(summary));

  const bool has_lsi =
      source.has_local_secondary_index ||
      std::any_of(source.indexes.begin(), source.indexes.end(),
                  [](const LintIndex& index) { return !index.global; });
  if (!is_index && has_lsi) {
    FindingBuilder over, near;
    for (const LintCollection& c : table.collections) {
      const std::string example =
          absl::StrCat(c.partition_key, ": ", c.size_bytes, " bytes");
      if (c.size_bytes > kItemCollectionLimit) {
        over.Add(c.partition_key, {example});
      } else if (c.size_bytes * 10 > kItemCollectionLimit * 8) {
        near.Add(c.partition_key, {example});
      }
    }
    const std::string fix =
        "with a local secondary index an item collection cannot pass 10 GB "
        "(writes fail with ItemCollectionSizeLimitExceededException): split "
        "the partition key, or use a global secondary index instead";
    if (!over.empty()) {
      findings.push_back(over.Build(
          LintSeverity::kError, "partition-skew", table.table,
          "item collections larger than DynamoDB's 10 GB limit for tables "
          "with a local secondary index",
          fix));
    }
    if (!near.empty()) {
      findings.push_back(near.Build(
          LintSeverity::kWarning, "partition-skew", table.table,
          "item collections past 80% of DynamoDB's 10 GB limit for tables "
          "with a local secondary index",
          fix));
    }
  }
  return findings;
}

}  // namespace dynamite
