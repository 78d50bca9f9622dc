#include "bench/leaderboard_workload.h"

#include <array>
#include <cstdint>
#include <iterator>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/string_view.h"

namespace dynamite {
namespace {

// Season starts in epoch millis, UTC: 2026-03-01, 2026-06-01, 2026-09-01,
// 2026-12-01 (`date -u -d 2026-03-01 +%s`, times 1000).
constexpr std::array<int64_t, 4> kSeasonStartMillis = {
    1772323200000, 1780272000000, 1788220800000, 1796083200000};
constexpr int64_t kSeasonLengthMillis = int64_t{90} * 24 * 60 * 60 * 1000;

constexpr int kMinNameLength = 8;
constexpr int kMaxNameLength = 24;

int64_t PowerOfTen(int exponent) {
  int64_t result = 1;
  for (int i = 0; i < exponent; ++i) result *= 10;
  return result;
}

// Skewed score: the number of digits is uniform, so low scores are as likely
// as a whole decade of high ones and many players tie on them.
int64_t SkewedScore(WorkloadRandom& random) {
  const int digits = static_cast<int>(random.Uniform(8));  // 0..7
  return static_cast<int64_t>(random.Uniform(PowerOfTen(digits)));
}

std::string PlayerName(WorkloadRandom& random) {
  const int length =
      kMinNameLength +
      static_cast<int>(random.Uniform(kMaxNameLength - kMinNameLength + 1));
  std::string name;
  name.reserve(length);
  bool word_start = true;
  for (int i = 0; i < length; ++i) {
    // A space now and then, never first, last or doubled.
    if (!word_start && i > 0 && i + 1 < length && random.Uniform(8) == 0) {
      name.push_back(' ');
      word_start = true;
      continue;
    }
    const char letter = static_cast<char>(random.Uniform(26));
    name.push_back(static_cast<char>((word_start ? 'A' : 'a') + letter));
    word_start = false;
  }
  return name;
}

}  // namespace

std::string LeaderboardRankKey(int64_t score, int64_t ts,
                               absl::string_view player_id) {
  return absl::StrFormat("%010d#%016d#%s", 9'999'999'999 - score, ts,
                         player_id);
}

uint64_t WorkloadRandom::Next() {
  uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

uint64_t WorkloadRandom::Uniform(uint64_t n) {
  // Rejects the top sliver of the range that would bias `% n`.
  const uint64_t limit = UINT64_MAX - UINT64_MAX % n;
  uint64_t bits;
  do {
    bits = Next();
  } while (bits >= limit);
  return bits % n;
}

LeaderboardItem LeaderboardGenerator::Next() {
  const int64_t index = count_++;
  const size_t season = static_cast<size_t>(index % 4);
  LeaderboardItem item;
  item.leaderboard_id = std::string(kLeaderboardSeasons[season]);
  item.player_id = absl::StrCat("p_", index);
  item.score = SkewedScore(random_);
  item.ts = kSeasonStartMillis[season] +
            static_cast<int64_t>(random_.Uniform(kSeasonLengthMillis));
  item.name = PlayerName(random_);
  item.rank_key = LeaderboardRankKey(item.score, item.ts, item.player_id);
  return item;
}

std::vector<LeaderboardItem> GenerateLeaderboard(int64_t count, uint64_t seed) {
  LeaderboardGenerator generator(seed);
  std::vector<LeaderboardItem> items;
  items.reserve(static_cast<size_t>(count));
  for (int64_t i = 0; i < count; ++i) items.push_back(generator.Next());
  return items;
}

std::vector<int64_t> LeaderboardPicks(int64_t item_count, int64_t count,
                                      uint64_t seed) {
  WorkloadRandom random(seed);
  std::vector<int64_t> picks;
  picks.reserve(static_cast<size_t>(count));
  for (int64_t i = 0; i < count; ++i) {
    picks.push_back(static_cast<int64_t>(
        random.Uniform(static_cast<uint64_t>(item_count))));
  }
  return picks;
}

const LeaderboardDataSet& LeaderboardDataSetFor(int64_t item_count) {
  static auto* const cache =
      new std::map<int64_t, std::unique_ptr<LeaderboardDataSet>>();
  std::unique_ptr<LeaderboardDataSet>& data = (*cache)[item_count];
  if (data == nullptr) {
    data = std::make_unique<LeaderboardDataSet>();
    std::vector<LeaderboardItem> stream =
        GenerateLeaderboard(item_count + kLeaderboardSubmitBatch);
    data->submits.assign(std::make_move_iterator(stream.begin() + item_count),
                         std::make_move_iterator(stream.end()));
    stream.resize(static_cast<size_t>(item_count));
    data->items = std::move(stream);
    data->picks = LeaderboardPicks(item_count, kLeaderboardPickCount);
  }
  return *data;
}

}  // namespace dynamite
