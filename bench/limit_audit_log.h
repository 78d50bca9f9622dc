// The "limit" baseline of workload A (workloads.md): the audit log in a bare
// absl::flat_hash_map<std::string, absl::btree_map<std::string, Entry>>,
// partition key to sort key to the item's other attributes, the fastest an
// ordered in-memory index can be.
//
// Every read does what a DynamoDB Query must at the least: one hash lookup
// for the partition, one B-tree seek, a walk, and a copy of each returned
// item into an AuditLogItem (a response owns its items). There is no
// request parsing, no expression, no 1 MB page, no locking.
//
// Used by bench/audit_log_bench.cc (the BM_LimitAudit* benchmarks) and, as
// the reference, by bench/audit_log_baselines_test.cc.
//
// Thread safety: a value type; const access may be concurrent.

#ifndef DYNAMITE_BENCH_LIMIT_AUDIT_LOG_H_
#define DYNAMITE_BENCH_LIMIT_AUDIT_LOG_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/container/btree_map.h"
#include "absl/container/flat_hash_map.h"
#include "absl/strings/string_view.h"

#include "bench/audit_log_workload.h"

namespace dynamite {

class LimitAuditLog {
 public:
  // Returns a table holding `items` (a later item replaces an earlier one
  // with its key, as PutItem does).
  static LimitAuditLog Load(const std::vector<AuditLogItem>& items);

  // Inserts `item`, or replaces the entry with its key (PutItem).
  void Put(const AuditLogItem& item);

  // Erases the entry with `item`'s key, if any (DeleteItem).
  void Erase(const AuditLogItem& item);

  // Appends to `out` the last `limit` entries of partition `pk`, newest
  // first (Query PK = :a, ScanIndexForward false, Limit `limit`).
  void Newest(absl::string_view pk, int limit,
              std::vector<AuditLogItem>& out) const;

  // Appends to `out` the entries of partition `pk` whose sort key is in
  // [from, to], in key order (Query PK = :a AND SK BETWEEN :from AND :to).
  void Between(absl::string_view pk, absl::string_view from,
               absl::string_view to, std::vector<AuditLogItem>& out) const;

  // Between, keeping only the entries whose action is `action` (the same
  // Query with FilterExpression action = :x).
  void BetweenWithAction(absl::string_view pk, absl::string_view from,
                         absl::string_view to, absl::string_view action,
                         std::vector<AuditLogItem>& out) const;

  // Returns the number of entries of partition `pk` whose sort key begins
  // with `prefix` (Query PK = :a AND begins_with(SK, :m), Select COUNT).
  int64_t CountWithPrefix(absl::string_view pk, absl::string_view prefix) const;

  // Returns the number of entries in the table.
  int64_t size() const;

 private:
  // An item's attributes other than its key.
  struct Entry {
    std::string action;
    std::string target;
    std::string ip;
    int detail_count = 3;
    std::string agent;
    std::string region;
    std::string session;
    int64_t bytes = 0;
    bool ok = true;
  };
  using Partition = absl::btree_map<std::string, Entry>;

  static Entry EntryOf(const AuditLogItem& item);
  static void CopyRow(absl::string_view pk, const std::string& sk,
                      const Entry& entry, std::vector<AuditLogItem>& out);
  // The partition `pk`, or nullptr.
  const Partition* Find(absl::string_view pk) const;

  absl::flat_hash_map<std::string, Partition> partitions_;
};

}  // namespace dynamite

#endif  // DYNAMITE_BENCH_LIMIT_AUDIT_LOG_H_
