// Workload A of workloads.md, the actor-scoped audit log: a deterministic
// generator of its items, shared by every benchmark of the workload so that
// all of them do the same work.
//
//   item i     actor n drawn Zipf(s = 1.1) over 10,000 actors (a few are
//              hot); PK "ACTOR#u_<n>"
//   SK         "EVT#" ISO-8601 UTC time with milliseconds "#" 4-digit
//              sequence (i mod 10,000), e.g.
//              "EVT#2026-06-23T10:15:30.123Z#0001"; the time is uniform
//              over 2026
//   action     one of eight verbs; target "doc_<k>"; ip "10.a.b.c"
//   details    a map of 3 to 5 small fields (S, N and BOOL)
//
// An item is about 200 bytes. Two items collide (same PK and SK) only if
// one actor gets two events in the same millisecond whose indexes are equal
// modulo 10,000: so rare at the workload's scales that a load of n items
// stores n items, but not impossible.
//
// Determinism: integer arithmetic on WorkloadRandom's splitmix64 stream,
// except the Zipf table, built once from std::pow (IEEE arithmetic, so the
// same on every platform this builds on).
//
// Thread safety: AuditLogGenerator is not thread-safe; give each thread its
// own. The free functions are thread-safe.

#ifndef DYNAMITE_BENCH_AUDIT_LOG_WORKLOAD_H_
#define DYNAMITE_BENCH_AUDIT_LOG_WORKLOAD_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/strings/string_view.h"

#include "bench/leaderboard_workload.h"
#include "bench/loaded_store.h"

namespace dynamite {

// The seed of the item stream; every benchmark of workload A loads with it.
inline constexpr uint64_t kAuditLogSeed = 20260101;

inline constexpr absl::string_view kAuditLogTable = "AuditLog";
inline constexpr absl::string_view kAuditLogPartitionKey = "PK";
inline constexpr absl::string_view kAuditLogSortKey = "SK";

inline constexpr int kAuditLogActors = 10'000;
inline constexpr double kAuditLogZipfExponent = 1.1;

// One item of the AuditLog table; `details` holds the first
// `detail_count` (3..5) of agent (S), region (S), session (S), bytes (N)
// and ok (BOOL). The fields past `detail_count` hold their defaults.
struct AuditLogItem {
  std::string pk;
  std::string sk;
  std::string action;
  std::string target;
  std::string ip;
  int detail_count = 3;
  std::string agent;
  std::string region;
  std::string session;
  int64_t bytes = 0;
  bool ok = true;

  friend bool operator==(const AuditLogItem&, const AuditLogItem&) = default;
};

// Generates the items of workload A, one at a time.
class AuditLogGenerator {
 public:
  explicit AuditLogGenerator(uint64_t seed = kAuditLogSeed);

  AuditLogItem Next();

 private:
  WorkloadRandom random_;
  int64_t count_ = 0;
};

// Returns the first `count` items of the stream of `seed`.
std::vector<AuditLogItem> GenerateAuditLog(int64_t count,
                                           uint64_t seed = kAuditLogSeed);

// Returns the actor number (1-based rank: 1 is the hottest) that a uniform
// 64-bit draw maps to under the workload's Zipf distribution.
int AuditLogActorForDraw(uint64_t draw);

// The operations' fixed arguments (workloads.md): recent20's Limit; the day
// of window and filtered, at the stored precision and past the sequence
// suffix, so that BETWEEN takes the day's first and last millisecond; the
// month that month counts with begins_with.
inline constexpr int kAuditLogRecentLimit = 20;
inline constexpr absl::string_view kAuditLogWindowFrom =
    "EVT#2026-06-23T00:00:00.000Z";
inline constexpr absl::string_view kAuditLogWindowTo =
    "EVT#2026-06-23T23:59:59.999Z#9999";
inline constexpr absl::string_view kAuditLogMonthPrefix = "EVT#2026-06";

// The benchmarks' shared data set for a load of n items.
inline constexpr int64_t kAuditLogPickCount = 4096;    // a power of two
inline constexpr int64_t kAuditLogAppendBatch = 4096;  // new items kept

struct AuditLogDataSet {
  std::vector<AuditLogItem> items;  // the first n items: the load
  // kAuditLogPickCount indexes into `items`, uniform (LeaderboardPicks, the
  // seed wire_load uses): the reads ask for the actor items[pick].pk, so
  // actors are read as often as they write, and filtered for the action
  // items[pick].action.
  std::vector<int64_t> picks;
  // The generator's next kAuditLogAppendBatch items after the load, less
  // any whose key a loaded item (or an earlier append) has: new events of
  // Zipf-drawn actors (append), which an undo can delete without touching
  // the load.
  std::vector<AuditLogItem> appends;
};

// Returns the data set of a load of `item_count` items, built on first use
// and kept for the life of the process (as LeaderboardDataSetFor). Not
// thread-safe.
const AuditLogDataSet& AuditLogDataSetFor(int64_t item_count);

// The item whose actor (and action) read number `i` asks for: the data
// set's picks, cycled.
inline const AuditLogItem& AuditLogPick(const AuditLogDataSet& data,
                                        int64_t i) {
  return data.items[static_cast<size_t>(
      data.picks[static_cast<size_t>(i & (kAuditLogPickCount - 1))])];
}

// A store (Dynamite or a baseline) loaded with the data set of one scale,
// and its per-scale cache (bench/loaded_store.h).
template <typename Store>
using LoadedAuditLog = LoadedStore<AuditLogDataSet, Store>;

template <typename Store, typename Load>
LoadedAuditLog<Store>& LoadedAuditLogFor(int64_t item_count, const Load& load) {
  return LoadedStoreFor<Store>(item_count, &AuditLogDataSetFor, load);
}

}  // namespace dynamite

#endif  // DYNAMITE_BENCH_AUDIT_LOG_WORKLOAD_H_
