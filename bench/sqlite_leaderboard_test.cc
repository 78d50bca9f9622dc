// The sqlite baseline of workload L (bench/sqlite_leaderboard.h) answers the
// workload's operations exactly as the limit baseline (bench/limit_bench.cc)
// does: for the same data set and the same picks, every read returns the
// same rows, in the same order, as an
// absl::flat_hash_map<std::string, absl::btree_map<std::string, Entry>>
// loaded and read the way limit_bench.cc loads and reads it.

#include "bench/sqlite_leaderboard.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "absl/container/btree_map.h"
#include "absl/container/flat_hash_map.h"
#include "absl/status/statusor.h"
#include "gtest/gtest.h"

#include "bench/leaderboard_workload.h"

namespace dynamite {
namespace {

// 2,500 items a season: enough for ten full pages of 100.
constexpr int64_t kItems = 10'000;
constexpr int kPageSize = 100;
constexpr int kPagedEntries = 1000;
constexpr int kQueryLimit = 10;

LeaderboardRow RowOf(const LeaderboardItem& item) {
  return LeaderboardRow{item.rank_key, item.player_id, item.score, item.ts,
                        item.name};
}

// The limit baseline's table, holding whole rows for ease of comparison.
using Partition = absl::btree_map<std::string, LeaderboardRow>;
using LimitTable = absl::flat_hash_map<std::string, Partition>;

LimitTable LimitLoad(const std::vector<LeaderboardItem>& items) {
  LimitTable table;
  for (const LeaderboardItem& item : items) {
    table[item.leaderboard_id].insert_or_assign(item.rank_key, RowOf(item));
  }
  return table;
}

// Up to `limit` rows of `partition` from `it` on, as limit_bench's CopyRows.
std::vector<LeaderboardRow> LimitRows(const Partition& partition,
                                      Partition::const_iterator it, int limit) {
  std::vector<LeaderboardRow> rows;
  for (int i = 0; i < limit && it != partition.end(); ++i, ++it) {
    rows.push_back(it->second);
  }
  return rows;
}

class SqliteLeaderboardTest : public testing::Test {
 protected:
  void SetUp() override {
    data_ = &LeaderboardDataSetFor(kItems);
    limit_ = LimitLoad(data_->items);
    absl::StatusOr<std::unique_ptr<SqliteLeaderboard>> opened =
        SqliteLeaderboard::Open();
    ASSERT_TRUE(opened.ok()) << opened.status();
    sqlite_ = *std::move(opened);
    ASSERT_TRUE(sqlite_->Load(data_->items).ok());
  }

  const LeaderboardDataSet* data_ = nullptr;
  LimitTable limit_;
  std::unique_ptr<SqliteLeaderboard> sqlite_;
};

TEST_F(SqliteLeaderboardTest, LoadStoresEveryItem) {
  absl::StatusOr<int64_t> count = sqlite_->Count();
  ASSERT_TRUE(count.ok()) << count.status();
  EXPECT_EQ(*count, kItems);
}

TEST_F(SqliteLeaderboardTest, Top10MatchesLimit) {
  for (absl::string_view season : kLeaderboardSeasons) {
    SCOPED_TRACE(season);
    const Partition& partition = limit_.at(season);
    std::vector<LeaderboardRow> rows;
    ASSERT_TRUE(sqlite_->First(season, kQueryLimit, rows).ok());
    EXPECT_EQ(rows.size(), static_cast<size_t>(kQueryLimit));
    EXPECT_EQ(rows, LimitRows(partition, partition.begin(), kQueryLimit));
  }
}

TEST_F(SqliteLeaderboardTest, GetMatchesLimitForEveryPick) {
  for (int64_t pick : data_->picks) {
    const LeaderboardItem& key = data_->items[static_cast<size_t>(pick)];
    std::vector<LeaderboardRow> rows;
    absl::StatusOr<bool> found =
        sqlite_->Get(key.leaderboard_id, key.rank_key, rows);
    ASSERT_TRUE(found.ok()) << found.status();
    ASSERT_TRUE(*found) << key.rank_key;
    ASSERT_EQ(rows.size(), 1u);
    EXPECT_EQ(rows[0], limit_.at(key.leaderboard_id).at(key.rank_key));
  }
}

TEST_F(SqliteLeaderboardTest, GetOfAMissingKeyFindsNothing) {
  std::vector<LeaderboardRow> rows;
  absl::StatusOr<bool> found =
      sqlite_->Get(kLeaderboardSeasons[0], "no such rank key", rows);
  ASSERT_TRUE(found.ok()) << found.status();
  EXPECT_FALSE(*found);
  EXPECT_TRUE(rows.empty());
}

TEST_F(SqliteLeaderboardTest, AroundMatchesLimitForEveryPick) {
  for (int64_t pick : data_->picks) {
    const LeaderboardItem& from = data_->items[static_cast<size_t>(pick)];
    const Partition& partition = limit_.at(from.leaderboard_id);
    std::vector<LeaderboardRow> rows;
    ASSERT_TRUE(
        sqlite_->From(from.leaderboard_id, from.rank_key, kQueryLimit, rows)
            .ok());
    ASSERT_EQ(rows, LimitRows(partition, partition.lower_bound(from.rank_key),
                              kQueryLimit))
        << from.rank_key;
    EXPECT_EQ(rows.front().rank_key, from.rank_key);
  }
}

TEST_F(SqliteLeaderboardTest, Page100MatchesLimit) {
  for (absl::string_view season : kLeaderboardSeasons) {
    SCOPED_TRACE(season);
    const Partition& partition = limit_.at(season);
    std::string exclusive_start_key;
    int returned = 0;
    for (int page = 0; page < kPagedEntries / kPageSize; ++page) {
      std::vector<LeaderboardRow> rows;
      ASSERT_TRUE((page == 0 ? sqlite_->First(season, kPageSize, rows)
                             : sqlite_->After(season, exclusive_start_key,
                                              kPageSize, rows))
                      .ok());
      auto start = page == 0 ? partition.begin()
                             : partition.upper_bound(exclusive_start_key);
      ASSERT_EQ(rows, LimitRows(partition, start, kPageSize)) << page;
      ASSERT_EQ(rows.size(), static_cast<size_t>(kPageSize));
      returned += static_cast<int>(rows.size());
      exclusive_start_key = rows.back().rank_key;
    }
    EXPECT_EQ(returned, kPagedEntries);
  }
}

TEST_F(SqliteLeaderboardTest, AfterTheLastKeyIsEmpty) {
  for (absl::string_view season : kLeaderboardSeasons) {
    const Partition& partition = limit_.at(season);
    std::vector<LeaderboardRow> rows;
    ASSERT_TRUE(
        sqlite_->After(season, partition.rbegin()->first, kPageSize, rows)
            .ok());
    EXPECT_TRUE(rows.empty()) << season;
  }
}

TEST_F(SqliteLeaderboardTest, SubmitInsertsNewRowsAndDeleteRestores) {
  constexpr size_t kSubmits = 100;
  for (size_t j = 0; j < kSubmits; ++j) {
    ASSERT_TRUE(sqlite_->Put(data_->submits[j]).ok());
  }
  // Putting an existing key again replaces its row.
  ASSERT_TRUE(sqlite_->Put(data_->submits[0]).ok());
  absl::StatusOr<int64_t> count = sqlite_->Count();
  ASSERT_TRUE(count.ok()) << count.status();
  EXPECT_EQ(*count, kItems + static_cast<int64_t>(kSubmits));
  for (size_t j = 0; j < kSubmits; ++j) {
    const LeaderboardItem& item = data_->submits[j];
    std::vector<LeaderboardRow> rows;
    absl::StatusOr<bool> found =
        sqlite_->Get(item.leaderboard_id, item.rank_key, rows);
    ASSERT_TRUE(found.ok()) << found.status();
    ASSERT_TRUE(*found);
    EXPECT_EQ(rows[0], RowOf(item));
  }
  for (size_t j = 0; j < kSubmits; ++j) {
    ASSERT_TRUE(sqlite_->Delete(data_->submits[j]).ok());
  }
  count = sqlite_->Count();
  ASSERT_TRUE(count.ok()) << count.status();
  EXPECT_EQ(*count, kItems);
}

}  // namespace
}  // namespace dynamite
