// Workload A of workloads.md (the audit log) through Dynamite's embedded C++
// API, as an embedder calls it: each function builds its typed request (the
// table name, the expression strings, ExpressionAttributeValues, the item
// or key) and calls api::Database, so that a benchmark timing the call
// times request construction, validation, expression parsing and
// placeholder resolution, the table lookup and locking, and the response
// (whose items are shared snapshots, never copies).
//
// Used by bench/audit_log_bench.cc (the BM_DynamiteAudit* benchmarks) and
// by bench/audit_log_baselines_test.cc, which checks the baselines against
// these.
//
// Thread safety: as api::Database.

#ifndef DYNAMITE_BENCH_DYNAMITE_AUDIT_LOG_H_
#define DYNAMITE_BENCH_DYNAMITE_AUDIT_LOG_H_

#include <cstdint>
#include <memory>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

#include "api/database.h"
#include "bench/audit_log_workload.h"

namespace dynamite {

// The item a caller would build from an audit log event: PK, SK, action,
// target, ip (S) and details (M of the first detail_count fields).
Item AuditLogItemToItem(const AuditLogItem& item);

// Returns a Database with the AuditLog table (PK HASH, SK RANGE, both S)
// holding `items`, put one PutItem each; nullptr if a request fails.
std::unique_ptr<Database> LoadAuditLogDatabase(
    const std::vector<AuditLogItem>& items);

// PutItem of `item` (append).
absl::Status PutAuditLogItem(Database& db, const AuditLogItem& item);

// DeleteItem of `item`'s key (append's undo).
absl::Status DeleteAuditLogItem(Database& db, const AuditLogItem& item);

// recent20: Query PK = :a, ScanIndexForward false, Limit 20: one request.
absl::StatusOr<QueryResponse> QueryRecent20(Database& db, absl::string_view pk);

// The reads below may span pages (a hot actor's month is over 1 MB at
// 10^6 items), so each follows LastEvaluatedKey to the end, as an embedder
// reading the whole result does, moving the items into `items` and
// returning the summed Count.

// window: Query PK = :a AND SK BETWEEN :from AND :to for one day.
absl::StatusOr<int64_t> QueryWindow(Database& db, absl::string_view pk,
                                    std::vector<ItemPtr>& items);

// filtered: window with FilterExpression #action = :x, where #action is
// "action" (ACTION is a reserved word: workloads.md's `action = :x`, as
// written, is a ValidationException in DynamoDB and in Dynamite).
absl::StatusOr<int64_t> QueryFiltered(Database& db, absl::string_view pk,
                                      absl::string_view action,
                                      std::vector<ItemPtr>& items);

// month: Query PK = :a AND begins_with(SK, :m), Select COUNT; returns the
// count (there are no items).
absl::StatusOr<int64_t> QueryMonthCount(Database& db, absl::string_view pk);

}  // namespace dynamite

#endif  // DYNAMITE_BENCH_DYNAMITE_AUDIT_LOG_H_
