// The DynamoDB JSON request bodies of the wire-level load driver: table
// definitions, BatchWriteItem loads and the read operations of workloads L
// and A (workloads.md), written exactly as an SDK would send them.
//
// The driver is a client, so it writes JSON text itself rather than linking
// wire/ (the server's codec, which must not be what checks itself); strings
// go through JsonString(), which escapes per RFC 8259.
//
// Thread safety: every function is thread-safe.

#ifndef DYNAMITE_BENCH_WIRE_REQUESTS_H_
#define DYNAMITE_BENCH_WIRE_REQUESTS_H_

#include <string>
#include <vector>

#include "absl/strings/string_view.h"

#include "bench/audit_log_workload.h"
#include "bench/leaderboard_workload.h"

namespace dynamite {

// DynamoDB caps a BatchWriteItem at 25 put or delete requests.
inline constexpr int kMaxBatchWriteItems = 25;

// `text` as a JSON string literal, quotes included.
std::string JsonString(absl::string_view text);

// CreateTable of a PAY_PER_REQUEST table keyed by two S attributes.
std::string CreateTableBody(absl::string_view table,
                            absl::string_view partition_key,
                            absl::string_view sort_key);

// {"TableName": `table`}: DescribeTable, DeleteTable.
std::string TableNameBody(absl::string_view table);

// An item as a DynamoDB JSON attribute map.
std::string ItemJson(const LeaderboardItem& item);
std::string ItemJson(const AuditLogItem& item);

// BatchWriteItem putting `items` (ItemJson texts) into `table`.
// REQUIRES: 1 <= items.size() <= kMaxBatchWriteItems.
std::string BatchWriteBody(absl::string_view table,
                           const std::vector<std::string>& items);

// Workload L's reads: top10, around (the 10 entries from `rank_key` on)
// and get (GetItem of `item`).
std::string Top10Body(absl::string_view season);
std::string AroundBody(absl::string_view season, absl::string_view rank_key);
std::string GetLeaderboardItemBody(const LeaderboardItem& item);

// Workload A's recent20: an actor's 20 newest events.
std::string Recent20Body(absl::string_view actor_pk);

}  // namespace dynamite

#endif  // DYNAMITE_BENCH_WIRE_REQUESTS_H_
