// A durable Database's streams across a restart: the records come back
// from the snapshot (durability/stream_state_codec.h) and from the log
// replayed after it, with the same sequence numbers, shards and times, so
// that a consumer's position stays valid; what follows numbers on.

#include <memory>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/time/time.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include "api/database.h"
#include "tests/durability/durable_fixture.h"
#include "tests/support/manual_clock.h"
#include "tests/support/status_matchers.h"
#include "tests/support/stream_fixtures.h"

namespace dynamite {
namespace {

using ::dynamite::testing::CreateStreamedTable;
using ::dynamite::testing::DurableDirectoryTest;
using ::dynamite::testing::IsOk;
using ::dynamite::testing::ManualClock;
using ::dynamite::testing::S;
using ::testing::ElementsAre;
using ::testing::IsEmpty;

// What a consumer sees of one record.
struct Seen {
  std::string shard_id;
  std::string sequence_number;
  std::string pk;
  StreamEventType event = StreamEventType::kInsert;
  absl::Time created;
  bool operator==(const Seen&) const = default;
};

void PrintTo(const Seen& seen, std::ostream* out) {
  *out << seen.shard_id << "/" << seen.sequence_number << " " << seen.pk << " @"
       << absl::FormatTime(seen.created);
}

class DurableStreamsTest : public DurableDirectoryTest {
 protected:
  DatabaseOptions StreamedOptions() {
    DatabaseOptions options = Options();
    options.controlled_clock = &clock_;
    // Small shards, so that a restart finds closed ones and their lineage.
    options.streams.shard_max_records = 3;
    return options;
  }

  // Every record of every shard of `arn`, oldest first.
  static std::vector<Seen> Records(Database& db, const std::string& arn) {
    std::vector<Seen> seen;
    auto stream = db.DescribeStream({.stream_arn = arn});
    EXPECT_THAT(stream, IsOk());
    if (!stream.ok()) return seen;
    for (const StreamShard& shard : stream->stream_description.shards) {
      auto iterator = db.GetShardIterator(
          {.stream_arn = arn,
           .shard_id = shard.shard_id,
           .shard_iterator_type = ShardIteratorType::kTrimHorizon});
      EXPECT_THAT(iterator, IsOk());
      if (!iterator.ok()) return seen;
      auto records =
          db.GetRecords({.shard_iterator = iterator->shard_iterator});
      EXPECT_THAT(records, IsOk());
      if (!records.ok()) return seen;
      for (const StreamEvent& event : records->records) {
        seen.push_back({.shard_id = shard.shard_id,
                        .sequence_number = event.sequence_number,
                        .pk = event.keys.at("pk").s(),
                        .event = event.event_name,
                        .created = event.approximate_creation_date_time});
      }
    }
    return seen;
  }

  void Put(Database& db, const std::string& pk) {
    clock_.Advance(absl::Seconds(1));
    ASSERT_THAT(
        db.PutItem({.table_name = "events", .item = {{"pk", S(pk)}}}).status(),
        IsOk());
  }

  ManualClock clock_;
};

TEST_F(DurableStreamsTest, RecordsComeBackFromTheLogAsTheyWere) {
  std::string arn;
  std::vector<Seen> before;
  {
    std::unique_ptr<Database> db = OpenOrDie(StreamedOptions());
    ASSERT_NE(db, nullptr);
    arn = CreateStreamedTable(*db, "events");
    for (const char* pk : {"a", "b", "c", "d"}) Put(*db, pk);
    ASSERT_THAT(
        db->DeleteItem({.table_name = "events", .key = {{"pk", S("a")}}})
            .status(),
        IsOk());
    before = Records(*db, arn);
  }
  ASSERT_EQ(before.size(), 5u);
  clock_.Advance(absl::Minutes(5));
  std::unique_ptr<Database> db = OpenOrDie(StreamedOptions());
  ASSERT_NE(db, nullptr);
  EXPECT_GT(db->recovery().commits_replayed, 0u);
  EXPECT_EQ(Records(*db, arn), before);
  // A consumer's position from before the restart is still good, and the
  // next record numbers on after it in the open shard.
  Put(*db, "e");
  const std::vector<Seen> after = Records(*db, arn);
  ASSERT_EQ(after.size(), 6u);
  EXPECT_EQ(after.back().pk, "e");
  EXPECT_EQ(after.back().shard_id, before.back().shard_id);
  auto iterator = db->GetShardIterator(
      {.stream_arn = arn,
       .shard_id = before.back().shard_id,
       .shard_iterator_type = ShardIteratorType::kAfterSequenceNumber,
       .sequence_number = before.back().sequence_number});
  ASSERT_THAT(iterator, IsOk());
  auto records = db->GetRecords({.shard_iterator = iterator->shard_iterator});
  ASSERT_THAT(records, IsOk());
  ASSERT_EQ(records->records.size(), 1u);
  EXPECT_EQ(records->records[0].keys.at("pk").s(), "e");
}

TEST_F(DurableStreamsTest, RecordsComeBackFromASnapshotAndTheLogAfterIt) {
  std::string arn;
  std::vector<Seen> before;
  {
    std::unique_ptr<Database> db = OpenOrDie(StreamedOptions());
    ASSERT_NE(db, nullptr);
    arn = CreateStreamedTable(*db, "events");
    for (const char* pk : {"a", "b", "c", "d"}) Put(*db, pk);
    ASSERT_THAT(db->Snapshot(), IsOk());
    for (const char* pk : {"e", "f"}) Put(*db, pk);
    before = Records(*db, arn);
  }
  ASSERT_EQ(before.size(), 6u);
  {
    std::unique_ptr<Database> db = OpenOrDie(StreamedOptions());
    ASSERT_NE(db, nullptr);
    EXPECT_GT(db->recovery().snapshot_sequence, 0u);
    EXPECT_EQ(db->recovery().commits_replayed, 2u);
    EXPECT_EQ(Records(*db, arn), before);
    // A snapshot of the recovered database keeps them too.
    Put(*db, "g");
    before = Records(*db, arn);
    ASSERT_THAT(db->Snapshot(), IsOk());
  }
  std::unique_ptr<Database> db = OpenOrDie(StreamedOptions());
  ASSERT_NE(db, nullptr);
  EXPECT_EQ(db->recovery().commits_replayed, 0u);
  EXPECT_EQ(Records(*db, arn), before);
}

TEST_F(DurableStreamsTest, ADeletedTablesStreamStaysReadableAfterARestart) {
  std::string arn;
  {
    std::unique_ptr<Database> db = OpenOrDie(StreamedOptions());
    ASSERT_NE(db, nullptr);
    arn = CreateStreamedTable(*db, "events");
    Put(*db, "a");
    ASSERT_THAT(db->Snapshot(), IsOk());
    Put(*db, "b");
    ASSERT_THAT(db->DeleteTable({.table_name = "events"}).status(), IsOk());
  }
  std::unique_ptr<Database> db = OpenOrDie(StreamedOptions());
  ASSERT_NE(db, nullptr);
  auto stream = db->DescribeStream({.stream_arn = arn});
  ASSERT_THAT(stream, IsOk());
  EXPECT_EQ(stream->stream_description.stream_status, StreamStatus::kDisabled);
  std::vector<std::string> keys;
  for (const Seen& seen : Records(*db, arn)) keys.push_back(seen.pk);
  EXPECT_THAT(keys, ElementsAre("a", "b"));
  // A table of the same name gets a new stream of its own.
  const std::string next = CreateStreamedTable(*db, "events");
  EXPECT_NE(next, arn);
  EXPECT_THAT(Records(*db, next), IsEmpty());
}

TEST_F(DurableStreamsTest, ANewStreamAfterARestartNeverReusesAnArn) {
  std::string arn;
  {
    std::unique_ptr<Database> db = OpenOrDie(StreamedOptions());
    ASSERT_NE(db, nullptr);
    arn = CreateStreamedTable(*db, "events");
    ASSERT_THAT(db->DeleteTable({.table_name = "events"}).status(), IsOk());
  }
  // The clock has not moved: the new stream's label must still be later.
  std::unique_ptr<Database> db = OpenOrDie(StreamedOptions());
  ASSERT_NE(db, nullptr);
  const std::string next = CreateStreamedTable(*db, "events");
  EXPECT_NE(next, arn);
  EXPECT_THAT(db->DescribeStream({.stream_arn = arn}).status(), IsOk());
}

TEST_F(DurableStreamsTest, RecordsPastTheRetentionAreTrimmedAtTheRestart) {
  std::string arn;
  {
    std::unique_ptr<Database> db = OpenOrDie(StreamedOptions());
    ASSERT_NE(db, nullptr);
    arn = CreateStreamedTable(*db, "events");
    Put(*db, "old");
    ASSERT_THAT(db->Snapshot(), IsOk());
    Put(*db, "logged");
  }
  clock_.Advance(absl::Hours(25));
  std::unique_ptr<Database> db = OpenOrDie(StreamedOptions());
  ASSERT_NE(db, nullptr);
  Put(*db, "new");
  std::vector<std::string> keys;
  for (const Seen& seen : Records(*db, arn)) keys.push_back(seen.pk);
  EXPECT_THAT(keys, ElementsAre("new"));
}

}  // namespace
}  // namespace dynamite
