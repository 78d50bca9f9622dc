// Workload L of workloads.md, the seasonal leaderboard: a deterministic
// generator of its items and of the random picks its operations need, shared
// by every benchmark of the workload (the "limit" and "sqlite" baselines and
// the Dynamite benchmarks through api::Database), so that all of them do the
// same work.
//
// Determinism: the generator uses only integer arithmetic on a splitmix64
// stream (no <random> distributions, whose results differ between standard
// libraries), so a seed gives the same items on every platform and compiler.
//
//   item i            season kLeaderboardSeasons[i % 4], player "p_<i>"
//   score             d uniform in [0, 7], then uniform in [0, 10^d): one
//                     item in eight scores 0, one in four scores below 10,
//                     so many players tie on low scores; max 9,999,999
//   ts                epoch millis, uniform in the 90 days from the season's
//                     start (2026-03-01, -06-01, -09-01, -12-01, UTC)
//   rankKey           LeaderboardRankKey(score, ts, player id)
//   name              8..24 characters, a capital letter then lower case
//                     letters with the odd space
//
// Player ids are unique per item, so rank keys never collide and a load of n
// items stores exactly n items.
//
// Thread safety: LeaderboardGenerator and WorkloadRandom are not thread-safe;
// give each thread its own. The free functions are thread-safe.

#ifndef DYNAMITE_BENCH_LEADERBOARD_WORKLOAD_H_
#define DYNAMITE_BENCH_LEADERBOARD_WORKLOAD_H_

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "absl/strings/string_view.h"

#include "bench/loaded_store.h"

namespace dynamite {

// The seed of the item stream; every benchmark of workload L loads with it.
inline constexpr uint64_t kLeaderboardSeed = 20260623;
// The seed of the operations' random picks (which item to get, which rank key
// to start "around" from).
inline constexpr uint64_t kLeaderboardPickSeed = 4242;

// The table's name and key attribute names, as workloads.md spells them.
inline constexpr absl::string_view kLeaderboardTable = "Leaderboard";
inline constexpr absl::string_view kLeaderboardPartitionKey = "leaderboardId";
inline constexpr absl::string_view kLeaderboardSortKey = "rankKey";

// The four partitions; items are spread over them evenly (item i goes to
// season i % 4).
inline constexpr std::array<absl::string_view, 4> kLeaderboardSeasons = {
    "SEASON#2026-SPRING", "SEASON#2026-SUMMER", "SEASON#2026-AUTUMN",
    "SEASON#2026-WINTER"};

inline constexpr int64_t kLeaderboardMaxScore = 10'000'000;

// One item of the Leaderboard table. `score` and `ts` are N attributes, the
// rest are S attributes.
struct LeaderboardItem {
  std::string leaderboard_id;
  std::string rank_key;
  std::string player_id;
  int64_t score = 0;
  int64_t ts = 0;
  std::string name;
};

// Returns the sort key of a score: the inverted score zero-padded to 10
// digits, '#', `ts` zero-padded to 16 digits, '#', `player_id`, e.g.
// "9999998499#0000001719100800#p_8842". Ascending order is best score first;
// ties go to the earlier timestamp.
// REQUIRES: 0 <= score <= kLeaderboardMaxScore, 0 <= ts < 10^16.
std::string LeaderboardRankKey(int64_t score, int64_t ts,
                               absl::string_view player_id);

// A small deterministic random number generator (splitmix64).
class WorkloadRandom {
 public:
  explicit WorkloadRandom(uint64_t seed) : state_(seed) {}

  // Returns the next 64 random bits.
  uint64_t Next();

  // Returns a number uniform in [0, n), without modulo bias.
  // REQUIRES: n > 0.
  uint64_t Uniform(uint64_t n);

 private:
  uint64_t state_;
};

// Generates the items of workload L, one at a time. A benchmark loads the
// first n items, then keeps calling Next() for the new scores of "submit",
// which therefore never collide with a loaded item.
class LeaderboardGenerator {
 public:
  explicit LeaderboardGenerator(uint64_t seed = kLeaderboardSeed)
      : random_(seed) {}

  // Returns the next item.
  LeaderboardItem Next();

  // Returns how many items Next() has returned.
  int64_t count() const { return count_; }

 private:
  WorkloadRandom random_;
  int64_t count_ = 0;
};

// Returns the first `count` items of the stream of `seed`.
std::vector<LeaderboardItem> GenerateLeaderboard(
    int64_t count, uint64_t seed = kLeaderboardSeed);

// Returns `count` indexes into a load of `item_count` items, uniform, drawn
// from `seed`: the items that "get" reads and the rank keys "around" starts
// from. Benchmarks cycle through them, so the draw is outside the timed loop.
// REQUIRES: item_count > 0.
std::vector<int64_t> LeaderboardPicks(int64_t item_count, int64_t count,
                                      uint64_t seed = kLeaderboardPickSeed);

// The benchmarks' shared data set for a load of n items.
inline constexpr int64_t kLeaderboardPickCount = 4096;    // a power of two
inline constexpr int64_t kLeaderboardSubmitBatch = 4096;  // new items kept

struct LeaderboardDataSet {
  std::vector<LeaderboardItem> items;  // the first n items: the load
  // kLeaderboardPickCount indexes into `items` (get, around).
  std::vector<int64_t> picks;
  // The generator's next kLeaderboardSubmitBatch items after the load: new
  // scores that collide with no loaded item (submit).
  std::vector<LeaderboardItem> submits;
};

// Returns the data set of a load of `item_count` items, built on first use
// and kept for the life of the process, so every benchmark of a binary (the
// baselines and Dynamite alike) shares one copy per scale. Not thread-safe:
// benchmarks run one at a time.
const LeaderboardDataSet& LeaderboardDataSetFor(int64_t item_count);

// A store (Dynamite or a baseline) loaded with the shared data set of one
// scale (bench/loaded_store.h).
template <typename Store>
using LoadedLeaderboard = LoadedStore<LeaderboardDataSet, Store>;

// Returns the store of `item_count` items, loaded by `load(items)` on first
// use and kept for the life of the process, one per scale and Store type.
template <typename Store, typename Load>
LoadedLeaderboard<Store>& LoadedLeaderboardFor(int64_t item_count,
                                               const Load& load) {
  return LoadedStoreFor<Store>(item_count, &LeaderboardDataSetFor, load);
}

}  // namespace dynamite

#endif  // DYNAMITE_BENCH_LEADERBOARD_WORKLOAD_H_
