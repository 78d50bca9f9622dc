// Time to live under concurrency (run under ThreadSanitizer in CI): writers
// keep rewriting keys, now expired, now live, while the background sweeper
// and explicit sweeps delete expired items. A sweep must delete only what
// is expired when it commits (never a version a writer made live
// meanwhile), every deletion must reach the stream as the service's
// REMOVE, and once the writers stop a last sweep leaves exactly the live
// items.

#include <atomic>
#include <cstdint>
#include <string>
#include <thread>
#include <vector>

#include "absl/time/time.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include "api/database.h"
#include "tests/support/database_fixtures.h"
#include "tests/support/manual_clock.h"
#include "tests/support/status_matchers.h"

namespace dynamite {
namespace {

using ::dynamite::testing::IsOk;
using ::dynamite::testing::ManualClock;
using ::dynamite::testing::N;
using ::dynamite::testing::S;
using ::dynamite::testing::TableRequest;

constexpr int64_t kNow = 1767225600;  // ManualClock's start
constexpr int kWriters = 3;
constexpr int kKeys = 16;
constexpr int kRoundsPerWriter = 300;

// Writer w's round r stores key (w, r % kKeys): expired on even rounds,
// live on odd ones. The value says which (and never repeats, so no write
// is a no-op).
int64_t ExpiresAt(int round) {
  return round % 2 == 0 ? kNow - 1 - round : kNow + 3600 + round;
}

TEST(TtlConcurrencyTest, SweepsDeleteOnlyExpiredVersions) {
  ManualClock clock;
  Database db({.controlled_clock = &clock,
               .time_to_live_sweep_interval = absl::Milliseconds(1)});
  CreateTableRequest create = TableRequest("tbl", KeyType::kS, {});
  create.stream_specification =
      StreamSpecification{true, StreamViewType::kNewAndOldImages};
  ASSERT_THAT(db.CreateTable(create), IsOk());
  ASSERT_THAT(db.UpdateTimeToLive({.table_name = "tbl",
                                   .time_to_live_specification =
                                       TimeToLiveSpecification{true, "exp"}}),
              IsOk());

  std::atomic<bool> writing{true};
  std::vector<std::thread> threads;
  for (int w = 0; w < kWriters; ++w) {
    threads.emplace_back([&db, w] {
      for (int r = 0; r < kRoundsPerWriter; ++r) {
        const std::string key =
            "w" + std::to_string(w) + "k" + std::to_string(r % kKeys);
        EXPECT_THAT(
            db.PutItem(
                {.table_name = "tbl",
                 .item = Item{{"pk", S(key)},
                              {"exp", N(std::to_string(ExpiresAt(r)))}}}),
            IsOk());
      }
    });
  }
  std::atomic<int64_t> swept{0};
  std::thread sweeper([&] {
    while (writing.load()) swept += db.SweepExpiredItems().deleted_items;
  });
  for (std::thread& t : threads) t.join();
  writing = false;
  sweeper.join();
  swept += db.SweepExpiredItems().deleted_items;

  // Each key's last write was round kRoundsPerWriter - kKeys + k: live for
  // odd k. Those remain; the even ones are gone.
  auto scan = db.Scan({.table_name = "tbl"});
  ASSERT_THAT(scan, IsOk());
  EXPECT_EQ(scan->count, kWriters * kKeys / 2);
  for (const ItemPtr& item : scan->items) {
    const Number exp = item->at("exp").n();
    EXPECT_GT(exp, Number::FromInt(kNow)) << item->at("pk").s();
  }

  // The stream: every REMOVE is the service's and removed an expired
  // version; the explicit sweeps' count is at most the REMOVEs (the
  // background sweeper deleted the rest).
  auto table = db.DescribeTable({.table_name = "tbl"});
  ASSERT_THAT(table, IsOk());
  const std::string arn = table->table.latest_stream_arn;
  auto stream = db.DescribeStream({.stream_arn = arn});
  ASSERT_THAT(stream, IsOk());
  int64_t removes = 0;
  for (const StreamShard& shard : stream->stream_description.shards) {
    auto iterator = db.GetShardIterator(
        {.stream_arn = arn,
         .shard_id = shard.shard_id,
         .shard_iterator_type = ShardIteratorType::kTrimHorizon});
    ASSERT_THAT(iterator, IsOk());
    std::optional<std::string> next = iterator->shard_iterator;
    while (next.has_value()) {
      auto page = db.GetRecords({.shard_iterator = *next});
      ASSERT_THAT(page, IsOk());
      for (const StreamEvent& event : page->records) {
        if (event.event_name != StreamEventType::kRemove) continue;
        ++removes;
        ASSERT_TRUE(event.user_identity.has_value());
        ASSERT_TRUE(event.old_image.has_value());
        EXPECT_LE(event.old_image->at("exp").n(), Number::FromInt(kNow));
      }
      if (page->records.empty()) break;  // the open shard's head
      next = page->next_shard_iterator;
    }
  }
  EXPECT_GT(removes, 0);
  EXPECT_LE(swept.load(), removes);
}

}  // namespace
}  // namespace dynamite
