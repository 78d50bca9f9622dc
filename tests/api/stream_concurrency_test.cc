// Writers commit to a table with a stream while a reader follows the stream
// (GetRecords, WaitForStreamRecords when it is at the head, a child shard
// found by its ParentShardId when a shard ends). Checks what the stream
// promises its consumers: every committed change exactly once, in commit
// order, across shard roll-overs. Built and run under ThreadSanitizer by
// scripts/test.sh.
//
// Commit order is checked by chaining: the writers race on a few counters
// (UpdateItem ADD), so each record's OldImage must be the NewImage of the
// previous record of the same item. A record out of order, lost or seen
// twice breaks the chain.

#include <atomic>
#include <map>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include "api/database.h"
#include "tests/support/database_fixtures.h"
#include "tests/support/status_matchers.h"

namespace dynamite {
namespace {

using ::dynamite::testing::IsOk;
using ::dynamite::testing::N;
using ::dynamite::testing::S;
using ::dynamite::testing::TableRequest;

constexpr int kWriters = 3;
constexpr int kUpdatesPerWriter = 300;
constexpr int kCounters = 4;
constexpr int kShardRecords = 64;

// The counter's value in an image, or -1 when there is no image.
int64_t CountOf(const std::optional<AttributeMap>& image) {
  if (!image.has_value()) return -1;
  return std::stoll(image->at("n").n().ToString());
}

// Follows the table's stream from the trim horizon of its first shard,
// shard by shard, until it has read `expected` records.
class StreamFollower {
 public:
  StreamFollower(Database& db, std::string stream_arn)
      : db_(db), arn_(std::move(stream_arn)) {}

  // The records read, in stream order; false on any error (reported).
  bool Follow(size_t expected, std::vector<StreamEvent>& out) {
    auto described = db_.DescribeStream({.stream_arn = arn_});
    if (!described.ok()) return Fail(described.status());
    const std::string first =
        described->stream_description.shards.front().shard_id;
    std::optional<std::string> iterator = IteratorAt(first);
    std::string shard = first;
    while (out.size() < expected && iterator.has_value()) {
      auto page = db_.GetRecords({.shard_iterator = *iterator});
      if (!page.ok()) return Fail(page.status());
      for (StreamEvent& event : page->records) out.push_back(std::move(event));
      if (!page->next_shard_iterator.has_value()) {
        // The shard is closed and drained: its child carries on.
        std::optional<std::string> child = ChildOf(shard);
        if (!child.has_value()) return false;
        shard = *child;
        iterator = IteratorAt(shard);
        ++shards_followed_;
        continue;
      }
      iterator = *page->next_shard_iterator;
      if (page->records.empty()) {
        auto waited = db_.WaitForStreamRecords(*iterator, absl::Seconds(5));
        if (!waited.ok()) return Fail(waited.status());
        if (!*waited) return false;  // five seconds without a commit
      }
    }
    return out.size() == expected;
  }

  int shards_followed() const { return shards_followed_; }

 private:
  bool Fail(const absl::Status& status) {
    ADD_FAILURE() << status;
    return false;
  }

  std::optional<std::string> IteratorAt(const std::string& shard) {
    auto it = db_.GetShardIterator(
        {.stream_arn = arn_,
         .shard_id = shard,
         .shard_iterator_type = ShardIteratorType::kTrimHorizon});
    if (!it.ok()) {
      Fail(it.status());
      return std::nullopt;
    }
    return it->shard_iterator;
  }

  // The shard whose parent is `shard`; a closed shard's child is opened
  // with it, so it is there.
  std::optional<std::string> ChildOf(const std::string& shard) {
    auto described = db_.DescribeStream({.stream_arn = arn_});
    if (!described.ok()) {
      Fail(described.status());
      return std::nullopt;
    }
    for (const StreamShard& s : described->stream_description.shards) {
      if (s.parent_shard_id == shard) return s.shard_id;
    }
    ADD_FAILURE() << "shard " << shard << " has no child";
    return std::nullopt;
  }

  Database& db_;
  const std::string arn_;
  int shards_followed_ = 0;
};

TEST(StreamConcurrencyTest, AReaderSeesEveryCommitOnceInCommitOrder) {
  DatabaseOptions options;
  options.streams.shard_max_records = kShardRecords;
  Database db(options);
  CreateTableRequest create = TableRequest("counters", KeyType::kS, {});
  create.stream_specification =
      StreamSpecification{.stream_enabled = true,
                          .stream_view_type = StreamViewType::kNewAndOldImages};
  ASSERT_THAT(db.CreateTable(create), IsOk());
  auto table = db.DescribeTable({.table_name = "counters"});
  ASSERT_THAT(table, IsOk());
  const std::string arn = table->table.latest_stream_arn;

  // Every update is a change (the counter grows), so each is one record.
  const size_t expected = size_t{kWriters} * kUpdatesPerWriter;
  std::vector<StreamEvent> events;
  bool followed = false;
  StreamFollower follower(db, arn);
  std::thread reader([&] { followed = follower.Follow(expected, events); });

  std::atomic<int> failures{0};
  std::vector<std::thread> writers;
  for (int w = 0; w < kWriters; ++w) {
    writers.emplace_back([&, w] {
      for (int i = 0; i < kUpdatesPerWriter; ++i) {
        UpdateItemRequest update{
            .table_name = "counters",
            .key = {{"pk", S(absl::StrCat("c", (w + i) % kCounters))}},
            .update_expression = "ADD n :one",
            .expression_attribute_values =
                ExpressionAttributeValues{{":one", N("1")}}};
        if (!db.UpdateItem(update).ok()) ++failures;
      }
    });
  }
  for (std::thread& t : writers) t.join();
  reader.join();
  ASSERT_EQ(failures.load(), 0);
  ASSERT_TRUE(followed) << "read " << events.size() << " of " << expected;
  ASSERT_EQ(events.size(), expected);
  EXPECT_GE(follower.shards_followed(),
            static_cast<int>(expected / kShardRecords) - 1);

  std::map<std::string, int64_t> last;  // each counter's latest NewImage
  for (size_t i = 0; i < events.size(); ++i) {
    const StreamEvent& e = events[i];
    SCOPED_TRACE(absl::StrCat("record ", i, " ", e.sequence_number));
    if (i > 0) {
      // Same width, so the strings compare as the numbers do.
      EXPECT_LT(events[i - 1].sequence_number, e.sequence_number);
    }
    const std::string key = e.keys.at("pk").s();
    auto [it, first] = last.emplace(key, 0);
    EXPECT_EQ(e.event_name,
              first ? StreamEventType::kInsert : StreamEventType::kModify);
    EXPECT_EQ(CountOf(e.old_image), first ? -1 : it->second);
    EXPECT_EQ(CountOf(e.new_image), it->second + 1);
    it->second = CountOf(e.new_image);
  }
  int64_t total = 0;
  for (const auto& [key, count] : last) total += count;
  EXPECT_EQ(total, static_cast<int64_t>(expected));
}

}  // namespace
}  // namespace dynamite
