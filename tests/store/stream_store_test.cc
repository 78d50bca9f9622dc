// StreamStore driven as a CommitObserver, without a Database: table commits
// that open and close streams, item commits that append records, shards
// that roll over by count and by age, trimming by age and by size, and the
// read side (StartPosition, Read, WaitForRecords, List, Describe).

#include "store/stream_store.h"

#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "absl/time/clock.h"
#include "absl/time/time.h"
#include "absl/types/span.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include "common/clock.h"
#include "common/errors.h"
#include "store/commit.h"
#include "store/item_ptr.h"
#include "store/number.h"
#include "store/table.h"
#include "tests/support/manual_clock.h"
#include "tests/support/status_matchers.h"

namespace dynamite {
namespace {

using ::dynamite::testing::ManualClock;

using ::dynamite::testing::ErrorKindIs;
using ::dynamite::testing::IsError;
using ::dynamite::testing::IsOk;
using ::dynamite::testing::IsOkAndHolds;
using ::testing::ElementsAre;
using ::testing::Field;
using ::testing::IsEmpty;
using ::testing::SizeIs;

using Start = StreamStore::Start;

constexpr absl::string_view kShardNotFound =
    "Requested resource not found: Shard does not exist";
constexpr absl::string_view kTrimmed =
    "The data you are trying to access has been trimmed.";
constexpr absl::string_view kInvalidSequence =
    "Invalid SequenceNumber for the shard";

// Not on a second (2026-01-01T00:00:00.250Z), so flooring shows.
constexpr int64_t kStartMillis = 1767225600250;

AttributeValue Str(std::string s) { return AttributeValue::S(std::move(s)); }
AttributeValue Num(int64_t n) { return AttributeValue::N(Number::FromInt(n)); }

TableDefinition Definition(const std::string& name) {
  TableDefinition def;
  def.name = name;
  def.key_schema.partition_key = {"pk", KeyType::kS};
  def.arn = "arn:aws:dynamodb:ddblocal:000000000000:table/" + name;
  return def;
}

StreamDefinition Stream(const std::string& table, const std::string& label,
                        StreamViewType view) {
  StreamDefinition stream;
  stream.enabled = true;
  stream.view_type = view;
  stream.label = label;
  stream.arn = "arn:aws:dynamodb:ddblocal:000000000000:table/" + table +
               "/stream/" + label;
  return stream;
}

ItemPtr Image(const std::string& pk, int64_t n) {
  return MakeItemPtr(Item{{"pk", Str(pk)}, {"n", Num(n)}});
}

class StreamStoreTest : public ::testing::Test {
 protected:
  void MakeStore(StreamOptions options) {
    store_ = std::make_unique<StreamStore>(clock_, options);
  }
  void SetUp() override { MakeStore(StreamOptions{}); }

  // A table commit of `kind` on `table` whose definition carries `stream`.
  void TableCommit(TableChangeRecord::Kind kind, const Table& table,
                   std::optional<StreamDefinition> stream) {
    TableDefinition def = Definition(table.definition()->name);
    def.stream = std::move(stream);
    stream_created_ = clock_.Now();
    if (def.stream.has_value()) def.stream->created = stream_created_;
    TableChangeRecord record;
    record.kind = kind;
    record.table = &table;
    record.definition = std::make_shared<const TableDefinition>(def);
    record.sequence = ++sequence_;
    record.committed = clock_.Now();
    store_->OnTableCommit(record);
  }
  std::string Enable(const Table& table, const std::string& label,
                     StreamViewType view = StreamViewType::kNewAndOldImages) {
    StreamDefinition stream = Stream(table.definition()->name, label, view);
    TableCommit(TableChangeRecord::Kind::kCreate, table, stream);
    return stream.arn;
  }
  void Disable(const Table& table, const std::string& label,
               StreamViewType view = StreamViewType::kNewAndOldImages) {
    StreamDefinition stream = Stream(table.definition()->name, label, view);
    stream.enabled = false;
    TableCommit(TableChangeRecord::Kind::kRedefine, table, stream);
  }

  // One item commit of one change to `table`.
  void Change(const Table& table, ItemPtr old_image, ItemPtr new_image,
              bool kept = false) {
    ChangeRecord record;
    record.table = &table;
    record.old_image = std::move(old_image);
    record.new_image = std::move(new_image);
    record.kept = kept;
    record.sequence = ++sequence_;
    store_->OnItemCommit(record.sequence, clock_.Now(),
                         absl::MakeConstSpan(&record, 1));
  }
  void Insert(const std::string& pk, int64_t n = 1) {
    Change(table_, nullptr, Image(pk, n));
  }

  // Every record of the shard from the start.
  std::vector<StreamRecord> ReadAll(const std::string& arn,
                                    const std::string& shard) {
    absl::StatusOr<StreamBatch> batch = store_->Read(arn, shard, 0, 1000);
    EXPECT_THAT(batch, IsOk());
    return batch.ok() ? batch->records : std::vector<StreamRecord>{};
  }
  std::vector<StreamShardInfo> Shards(const std::string& arn) {
    absl::StatusOr<StreamInfo> info = store_->Describe(arn);
    EXPECT_THAT(info, IsOk());
    return info.ok() ? info->shards : std::vector<StreamShardInfo>{};
  }

  ManualClock clock_{absl::FromUnixMillis(kStartMillis)};
  std::unique_ptr<StreamStore> store_;
  Table table_{Definition("tbl")};
  Table other_{Definition("other")};
  uint64_t sequence_ = 0;
  absl::Time stream_created_;
};

TEST_F(StreamStoreTest, NothingIsRecordedWithoutAStream) {
  Insert("a");
  EXPECT_THAT(store_->List(""), IsEmpty());
  EXPECT_EQ(store_->stats().records, 0);
  EXPECT_EQ(store_->stats().streams, 0);
}

TEST_F(StreamStoreTest, EnablingOpensAStreamWithOneOpenShard) {
  const std::string arn =
      Enable(table_, "2026-01-01T00:00:00.250", StreamViewType::kOldImage);

  absl::StatusOr<StreamInfo> info = store_->Describe(arn);
  ASSERT_THAT(info, IsOk());
  EXPECT_EQ(info->arn, arn);
  EXPECT_EQ(info->label, "2026-01-01T00:00:00.250");
  EXPECT_EQ(info->table_name, "tbl");
  EXPECT_EQ(info->key_schema.partition_key.name, "pk");
  EXPECT_EQ(info->view_type, StreamViewType::kOldImage);
  EXPECT_TRUE(info->enabled);
  EXPECT_EQ(info->created, stream_created_);
  ASSERT_THAT(info->shards, SizeIs(1));
  // "shardId-", 20 digits of Unix milliseconds, "-", 8 hex digits.
  EXPECT_EQ(info->shards[0].shard_id, "shardId-00000001767225600250-00000001");
  EXPECT_EQ(info->shards[0].parent_shard_id, "");
  EXPECT_EQ(info->shards[0].starting_sequence_number, 1u);
  EXPECT_EQ(info->shards[0].ending_sequence_number, std::nullopt);
  EXPECT_EQ(store_->stats().streams, 1);
}

TEST_F(StreamStoreTest, DescribeOfAnUnknownStreamIsResourceNotFound) {
  EXPECT_THAT(store_->Describe("arn:nope"),
              IsError(ErrorKind::kResourceNotFound,
                      "Requested resource not found: Stream: arn:nope not "
                      "found"));
}

TEST_F(StreamStoreTest, EachChangeThatWritesIsOneRecordInOrder) {
  const std::string arn = Enable(table_, "L");
  const std::string shard = Shards(arn)[0].shard_id;
  const ItemPtr v1 = Image("a", 1);
  const ItemPtr v2 = Image("a", 2);
  Change(table_, nullptr, v1);             // INSERT
  Change(table_, v1, Image("a", 1));       // the same item: nothing
  Change(table_, v1, v1, /*kept=*/true);   // a ConditionCheck: nothing
  Change(table_, nullptr, nullptr);        // a missing item deleted
  Change(table_, v1, v2);                  // MODIFY
  Change(other_, nullptr, Image("x", 1));  // another table: no stream
  Change(table_, v2, nullptr);             // REMOVE

  const std::vector<StreamRecord> records = ReadAll(arn, shard);
  ASSERT_THAT(records, SizeIs(3));
  EXPECT_EQ(records[0].event_name, StreamEventName::kInsert);
  EXPECT_EQ(records[1].event_name, StreamEventName::kModify);
  EXPECT_EQ(records[2].event_name, StreamEventName::kRemove);
  EXPECT_FALSE(records[0].old_image);
  EXPECT_EQ(records[0].new_image->Decode().at("n"), Num(1));
  EXPECT_EQ(records[1].old_image->Decode().at("n"), Num(1));
  EXPECT_EQ(records[1].new_image->Decode().at("n"), Num(2));
  EXPECT_EQ(records[2].old_image->Decode().at("n"), Num(2));
  EXPECT_FALSE(records[2].new_image);
  EXPECT_LT(records[0].sequence_number, records[1].sequence_number);
  EXPECT_LT(records[1].sequence_number, records[2].sequence_number);
  for (const StreamRecord& record : records) {
    EXPECT_EQ(record.created, clock_.Now());
    EXPECT_GT(record.size_bytes, 0);
  }
  EXPECT_EQ(store_->stats().records, 3);
}

TEST_F(StreamStoreTest, OneCommitOfSeveralChangesAppendsEach) {
  const std::string arn = Enable(table_, "L");
  std::vector<ChangeRecord> changes(3);
  changes[0] = {.table = &table_, .new_image = Image("a", 1)};
  changes[1] = {.table = &table_, .old_image = Image("b", 1), .kept = true};
  changes[2] = {.table = &table_, .new_image = Image("c", 1)};
  store_->OnItemCommit(1, clock_.Now(), changes);

  const std::vector<StreamRecord> records =
      ReadAll(arn, Shards(arn)[0].shard_id);
  ASSERT_THAT(records, SizeIs(2));
  EXPECT_EQ(records[0].new_image->Find("pk")->s(), "a");
  EXPECT_EQ(records[1].new_image->Find("pk")->s(), "c");
}

class StreamStoreSizeTest
    : public StreamStoreTest,
      public ::testing::WithParamInterface<StreamViewType> {};

TEST_P(StreamStoreSizeTest, SizeBytesCountsTheKeysAndTheImagesTheViewCarries) {
  const StreamViewType view = GetParam();
  const std::string arn = Enable(table_, "L", view);
  const ItemPtr v1 = Image("abc", 1);
  const ItemPtr v2 = Image("abc", 22);
  Change(table_, nullptr, v1);
  Change(table_, v1, v2);
  Change(table_, v2, nullptr);

  const std::vector<StreamRecord> records =
      ReadAll(arn, Shards(arn)[0].shard_id);
  ASSERT_THAT(records, SizeIs(3));
  const int64_t keys = 2 + 3;  // "pk" and "abc"
  const bool with_new = view == StreamViewType::kNewImage ||
                        view == StreamViewType::kNewAndOldImages;
  const bool with_old = view == StreamViewType::kOldImage ||
                        view == StreamViewType::kNewAndOldImages;
  const int64_t s1 = v1.packed()->size();
  const int64_t s2 = v2.packed()->size();
  EXPECT_EQ(records[0].size_bytes, keys + (with_new ? s1 : 0));
  EXPECT_EQ(records[1].size_bytes,
            keys + (with_new ? s2 : 0) + (with_old ? s1 : 0));
  EXPECT_EQ(records[2].size_bytes, keys + (with_old ? s2 : 0));
  EXPECT_EQ(
      store_->stats().retained_bytes,
      records[0].size_bytes + records[1].size_bytes + records[2].size_bytes);
}

INSTANTIATE_TEST_SUITE_P(ViewTypes, StreamStoreSizeTest,
                         ::testing::Values(StreamViewType::kKeysOnly,
                                           StreamViewType::kNewImage,
                                           StreamViewType::kOldImage,
                                           StreamViewType::kNewAndOldImages));

TEST_F(StreamStoreTest, SequenceNumbersIncreaseAcrossStreams) {
  const std::string a = Enable(table_, "A");
  const std::string b = Enable(other_, "B");
  Insert("1");
  Change(other_, nullptr, Image("2", 1));
  Insert("3");
  const std::vector<StreamRecord> ra = ReadAll(a, Shards(a)[0].shard_id);
  const std::vector<StreamRecord> rb = ReadAll(b, Shards(b)[0].shard_id);
  ASSERT_THAT(ra, SizeIs(2));
  ASSERT_THAT(rb, SizeIs(1));
  EXPECT_EQ(ra[0].sequence_number, 1u);
  EXPECT_EQ(rb[0].sequence_number, 2u);
  EXPECT_EQ(ra[1].sequence_number, 3u);
}

TEST_F(StreamStoreTest, AShardRollsOverAfterMaxRecords) {
  MakeStore(StreamOptions{.shard_max_records = 2});
  const std::string arn = Enable(table_, "L");
  for (int i = 0; i < 5; ++i) Insert("k" + std::to_string(i));

  const std::vector<StreamShardInfo> shards = Shards(arn);
  ASSERT_THAT(shards, SizeIs(3));
  EXPECT_EQ(shards[0].starting_sequence_number, 1u);
  EXPECT_EQ(shards[0].ending_sequence_number, 2u);
  EXPECT_EQ(shards[1].parent_shard_id, shards[0].shard_id);
  EXPECT_EQ(shards[1].starting_sequence_number, 3u);
  EXPECT_EQ(shards[1].ending_sequence_number, 4u);
  EXPECT_EQ(shards[2].parent_shard_id, shards[1].shard_id);
  EXPECT_EQ(shards[2].starting_sequence_number, 5u);
  EXPECT_EQ(shards[2].ending_sequence_number, std::nullopt);
  EXPECT_NE(shards[0].shard_id, shards[1].shard_id);
  EXPECT_NE(shards[1].shard_id, shards[2].shard_id);
  EXPECT_THAT(ReadAll(arn, shards[0].shard_id), SizeIs(2));
  EXPECT_THAT(ReadAll(arn, shards[2].shard_id), SizeIs(1));

  // A closed shard read to its end has ended; the open one never does.
  absl::StatusOr<StreamBatch> closed =
      store_->Read(arn, shards[0].shard_id, 0, 1000);
  ASSERT_THAT(closed, IsOk());
  EXPECT_TRUE(closed->shard_ended);
  EXPECT_EQ(closed->after, 2u);
  absl::StatusOr<StreamBatch> partial =
      store_->Read(arn, shards[0].shard_id, 0, 1);
  ASSERT_THAT(partial, IsOk());
  EXPECT_FALSE(partial->shard_ended);
  absl::StatusOr<StreamBatch> open =
      store_->Read(arn, shards[2].shard_id, 5, 1000);
  ASSERT_THAT(open, IsOk());
  EXPECT_THAT(open->records, IsEmpty());
  EXPECT_FALSE(open->shard_ended);
  EXPECT_EQ(open->after, 5u);
}

TEST_F(StreamStoreTest, AShardRollsOverAfterMaxRecordsEvenWhenTrimmed) {
  // Each record is trimmed as soon as the next arrives (a KEYS_ONLY record
  // of "k0" is 4 bytes; the cap holds one): the shard still closes after
  // its second record.
  MakeStore(StreamOptions{.shard_max_records = 2, .max_retained_bytes = 4});
  const std::string arn = Enable(table_, "L", StreamViewType::kKeysOnly);
  for (int i = 0; i < 5; ++i) Insert("k" + std::to_string(i));

  EXPECT_EQ(store_->stats().records, 1);
  const std::vector<StreamShardInfo> shards = Shards(arn);
  ASSERT_THAT(shards, SizeIs(3));
  EXPECT_EQ(shards[0].ending_sequence_number, 2u);
  EXPECT_EQ(shards[1].ending_sequence_number, 4u);
  EXPECT_EQ(shards[2].starting_sequence_number, 5u);
}

TEST_F(StreamStoreTest, AShardRollsOverAtMaxAge) {
  MakeStore(StreamOptions{.shard_max_age = absl::Hours(1)});
  const std::string arn = Enable(table_, "L");
  Insert("a");
  clock_.Advance(absl::Minutes(59));
  Insert("b");
  EXPECT_THAT(Shards(arn), SizeIs(1));
  clock_.Advance(absl::Minutes(1));  // the shard was opened an hour ago
  Insert("c");

  const std::vector<StreamShardInfo> shards = Shards(arn);
  ASSERT_THAT(shards, SizeIs(2));
  EXPECT_EQ(shards[0].ending_sequence_number, 2u);
  EXPECT_EQ(shards[1].parent_shard_id, shards[0].shard_id);
  EXPECT_EQ(shards[1].starting_sequence_number, 3u);
  EXPECT_EQ(shards[1].ending_sequence_number, std::nullopt);
  // The child's id carries its opening time.
  EXPECT_EQ(shards[1].shard_id, "shardId-00000001767229200250-00000002");
}

TEST_F(StreamStoreTest, AnOldEmptyShardTakesOneRecordBeforeRollingOver) {
  // The age counts from the shard's opening, but a shard never closes
  // empty: the first record goes in, and the next one rolls it over.
  MakeStore(StreamOptions{.shard_max_age = absl::Hours(1)});
  const std::string arn = Enable(table_, "L");
  clock_.Advance(absl::Hours(2));
  Insert("a");
  EXPECT_THAT(Shards(arn), SizeIs(1));
  Insert("b");
  const std::vector<StreamShardInfo> shards = Shards(arn);
  ASSERT_THAT(shards, SizeIs(2));
  EXPECT_EQ(shards[0].ending_sequence_number, 1u);
  EXPECT_EQ(shards[1].starting_sequence_number, 2u);
}

TEST_F(StreamStoreTest, DisablingClosesTheStreamWhichStaysReadable) {
  const std::string arn = Enable(table_, "L");
  Insert("a");
  Insert("b");
  Disable(table_, "L");
  Insert("c");  // no stream now

  absl::StatusOr<StreamInfo> info = store_->Describe(arn);
  ASSERT_THAT(info, IsOk());
  EXPECT_FALSE(info->enabled);
  ASSERT_THAT(info->shards, SizeIs(1));
  EXPECT_EQ(info->shards[0].ending_sequence_number, 2u);
  absl::StatusOr<StreamBatch> batch =
      store_->Read(arn, info->shards[0].shard_id, 0, 1000);
  ASSERT_THAT(batch, IsOk());
  EXPECT_THAT(batch->records, SizeIs(2));
  EXPECT_TRUE(batch->shard_ended);
  EXPECT_EQ(store_->stats().records, 2);
}

TEST_F(StreamStoreTest, AnEmptyShardClosesAtItsStart) {
  const std::string arn = Enable(table_, "L");
  Disable(table_, "L");
  const std::vector<StreamShardInfo> shards = Shards(arn);
  ASSERT_THAT(shards, SizeIs(1));
  EXPECT_EQ(shards[0].ending_sequence_number,
            shards[0].starting_sequence_number);
  absl::StatusOr<StreamBatch> batch =
      store_->Read(arn, shards[0].shard_id, 0, 1000);
  ASSERT_THAT(batch, IsOk());
  EXPECT_THAT(batch->records, IsEmpty());
  EXPECT_TRUE(batch->shard_ended);
}

TEST_F(StreamStoreTest, ARedefinitionThatKeepsTheStreamKeepsItOpen) {
  const std::string arn = Enable(table_, "L");
  Insert("a");
  TableCommit(TableChangeRecord::Kind::kRedefine, table_,
              Stream("tbl", "L", StreamViewType::kNewAndOldImages));
  Insert("b");
  const std::vector<StreamShardInfo> shards = Shards(arn);
  ASSERT_THAT(shards, SizeIs(1));
  EXPECT_EQ(shards[0].ending_sequence_number, std::nullopt);
  EXPECT_THAT(ReadAll(arn, shards[0].shard_id), SizeIs(2));
}

TEST_F(StreamStoreTest, EnablingAgainOpensANewStream) {
  const std::string first = Enable(table_, "L1");
  Insert("a");
  Disable(table_, "L1");
  clock_.Advance(absl::Seconds(1));
  const std::string second = Enable(table_, "L2");
  Insert("b");

  const std::vector<StreamInfo> list = store_->List("tbl");
  ASSERT_THAT(list, SizeIs(2));
  EXPECT_EQ(list[0].arn, second);  // newest first
  EXPECT_TRUE(list[0].enabled);
  EXPECT_EQ(list[1].arn, first);
  EXPECT_FALSE(list[1].enabled);
  EXPECT_THAT(list[0].shards, IsEmpty());  // List carries no shards
  const std::vector<StreamRecord> old =
      ReadAll(first, Shards(first)[0].shard_id);
  ASSERT_THAT(old, SizeIs(1));
  EXPECT_EQ(old[0].new_image->Find("pk")->s(), "a");
  const std::vector<StreamRecord> now =
      ReadAll(second, Shards(second)[0].shard_id);
  ASSERT_THAT(now, SizeIs(1));
  EXPECT_EQ(now[0].new_image->Find("pk")->s(), "b");
}

TEST_F(StreamStoreTest, DeletingTheTableClosesItsStream) {
  const std::string arn = Enable(table_, "L");
  Insert("a");
  TableCommit(TableChangeRecord::Kind::kDelete, table_,
              Stream("tbl", "L", StreamViewType::kNewAndOldImages));
  Insert("b");
  absl::StatusOr<StreamInfo> info = store_->Describe(arn);
  ASSERT_THAT(info, IsOk());
  EXPECT_FALSE(info->enabled);
  ASSERT_THAT(info->shards, SizeIs(1));
  EXPECT_EQ(info->shards[0].ending_sequence_number, 1u);
  EXPECT_THAT(ReadAll(arn, info->shards[0].shard_id), SizeIs(1));
}

TEST_F(StreamStoreTest, ListFiltersByTableNewestFirst) {
  const std::string a = Enable(table_, "A");
  clock_.Advance(absl::Milliseconds(1));
  const std::string b = Enable(other_, "B");
  EXPECT_THAT(store_->List(""), ElementsAre(Field(&StreamInfo::arn, b),
                                            Field(&StreamInfo::arn, a)));
  EXPECT_THAT(store_->List("other"), ElementsAre(Field(&StreamInfo::arn, b)));
  EXPECT_THAT(store_->List("nope"), IsEmpty());
}

TEST_F(StreamStoreTest, StartPositions) {
  MakeStore(StreamOptions{.shard_max_records = 3});
  const std::string arn = Enable(table_, "L");
  Insert("a");
  Insert("b");
  Insert("c");
  Insert("d");
  const std::vector<StreamShardInfo> shards = Shards(arn);
  ASSERT_THAT(shards, SizeIs(2));
  const std::string& closed = shards[0].shard_id;  // 1..3
  const std::string& open = shards[1].shard_id;    // 4..

  EXPECT_THAT(store_->StartPosition(arn, closed, Start::kTrimHorizon, 0),
              IsOkAndHolds(0u));
  EXPECT_THAT(store_->StartPosition(arn, closed, Start::kLatest, 0),
              IsOkAndHolds(3u));
  EXPECT_THAT(store_->StartPosition(arn, open, Start::kTrimHorizon, 0),
              IsOkAndHolds(3u));
  EXPECT_THAT(store_->StartPosition(arn, open, Start::kLatest, 0),
              IsOkAndHolds(4u));
  EXPECT_THAT(store_->StartPosition(arn, closed, Start::kAtSequence, 2),
              IsOkAndHolds(1u));
  EXPECT_THAT(store_->StartPosition(arn, closed, Start::kAfterSequence, 2),
              IsOkAndHolds(2u));
  EXPECT_THAT(store_->StartPosition(arn, closed, Start::kAtSequence, 3),
              IsOkAndHolds(2u));
  // Outside the shard's range.
  EXPECT_THAT(store_->StartPosition(arn, closed, Start::kAtSequence, 4),
              IsError(ErrorKind::kValidation, kInvalidSequence));
  EXPECT_THAT(store_->StartPosition(arn, open, Start::kAfterSequence, 3),
              IsError(ErrorKind::kValidation, kInvalidSequence));
  EXPECT_THAT(store_->StartPosition(arn, open, Start::kAtSequence, 5),
              IsError(ErrorKind::kValidation, kInvalidSequence));
  EXPECT_THAT(store_->StartPosition(arn, closed, Start::kAtSequence, 0),
              IsError(ErrorKind::kValidation, kInvalidSequence));
  // Unknown stream or shard.
  EXPECT_THAT(store_->StartPosition(arn, "shardId-nope", Start::kLatest, 0),
              IsError(ErrorKind::kResourceNotFound, kShardNotFound));
  EXPECT_THAT(store_->StartPosition("arn:x", closed, Start::kLatest, 0),
              ErrorKindIs(ErrorKind::kResourceNotFound));
  EXPECT_THAT(store_->Read(arn, "shardId-nope", 0, 10),
              IsError(ErrorKind::kResourceNotFound, kShardNotFound));
  EXPECT_THAT(store_->Read("arn:x", closed, 0, 10),
              ErrorKindIs(ErrorKind::kResourceNotFound));
}

TEST_F(StreamStoreTest, ReadPagesByLimit) {
  const std::string arn = Enable(table_, "L");
  for (int i = 0; i < 5; ++i) Insert("k" + std::to_string(i));
  const std::string shard = Shards(arn)[0].shard_id;
  absl::StatusOr<StreamBatch> first = store_->Read(arn, shard, 0, 2);
  ASSERT_THAT(first, IsOk());
  ASSERT_THAT(first->records, SizeIs(2));
  EXPECT_EQ(first->after, 2u);
  EXPECT_EQ(first->view_type, StreamViewType::kNewAndOldImages);
  EXPECT_EQ(first->key_schema.partition_key.name, "pk");
  absl::StatusOr<StreamBatch> rest = store_->Read(arn, shard, first->after, 10);
  ASSERT_THAT(rest, IsOk());
  ASSERT_THAT(rest->records, SizeIs(3));
  EXPECT_EQ(rest->records[0].sequence_number, 3u);
  EXPECT_EQ(rest->after, 5u);
}

TEST_F(StreamStoreTest, RecordsAgeOutAfterTheRetention) {
  // One shard throughout (no roll-over by age).
  MakeStore(StreamOptions{.shard_max_age = absl::Hours(48)});
  const std::string arn = Enable(table_, "L");
  Insert("old");
  clock_.Advance(absl::Hours(12));
  Insert("new");
  const std::string shard = Shards(arn)[0].shard_id;
  clock_.Advance(absl::Hours(12));  // "old" is 24 hours old: trimmed

  // An iterator from before the trim can no longer read.
  EXPECT_THAT(store_->Read(arn, shard, 0, 10),
              IsError(ErrorKind::kTrimmedDataAccess, kTrimmed));
  EXPECT_THAT(store_->StartPosition(arn, shard, Start::kAtSequence, 1),
              IsError(ErrorKind::kTrimmedDataAccess, kTrimmed));
  // The trim horizon is past the trimmed record; reading after it is fine.
  EXPECT_THAT(store_->StartPosition(arn, shard, Start::kTrimHorizon, 0),
              IsOkAndHolds(1u));
  EXPECT_THAT(store_->StartPosition(arn, shard, Start::kAfterSequence, 1),
              IsOkAndHolds(1u));
  absl::StatusOr<StreamBatch> batch = store_->Read(arn, shard, 1, 10);
  ASSERT_THAT(batch, IsOk());
  ASSERT_THAT(batch->records, SizeIs(1));
  EXPECT_EQ(batch->records[0].new_image->Find("pk")->s(), "new");
  const StreamStoreStats stats = store_->stats();
  EXPECT_EQ(stats.records, 1);
  EXPECT_EQ(stats.trimmed_records, 1);
  EXPECT_EQ(stats.retained_bytes, batch->records[0].size_bytes);
}

TEST_F(StreamStoreTest, ADisabledStreamIsForgottenOnceEmptyAndOld) {
  const std::string arn = Enable(table_, "L");
  Insert("a");
  Disable(table_, "L");
  clock_.Advance(absl::Hours(23));
  EXPECT_THAT(store_->Describe(arn), IsOk());
  clock_.Advance(absl::Hours(1));
  // Reading trims; the stream is then gone.
  EXPECT_THAT(store_->Read(arn, "shardId-x", 0, 1),
              ErrorKindIs(ErrorKind::kResourceNotFound));
  EXPECT_THAT(store_->Describe(arn), ErrorKindIs(ErrorKind::kResourceNotFound));
  EXPECT_THAT(store_->List(""), IsEmpty());
  EXPECT_EQ(store_->stats().streams, 0);
  EXPECT_EQ(store_->stats().trimmed_records, 1);
}

TEST_F(StreamStoreTest, AnEnabledStreamForgetsItsOldEmptyClosedShards) {
  MakeStore(StreamOptions{.shard_max_records = 1});
  const std::string arn = Enable(table_, "L");
  Insert("a");
  Insert("b");  // closes shard 1, opens shard 2
  ASSERT_THAT(Shards(arn), SizeIs(2));
  clock_.Advance(absl::Hours(24));
  Insert("c");  // trims a and b, closes shard 2, opens shard 3

  // Shards 1 and 2, closed and empty, are forgotten; their child carries
  // on.
  const std::vector<StreamShardInfo> shards = Shards(arn);
  ASSERT_THAT(shards, SizeIs(1));
  EXPECT_EQ(shards[0].starting_sequence_number, 3u);
  EXPECT_FALSE(shards[0].parent_shard_id.empty());
  EXPECT_EQ(store_->stats().trimmed_records, 2);
}

TEST_F(StreamStoreTest, TheSizeCapTrimsTheOldestRecordsFirst) {
  // KEYS_ONLY records of pk "k0".."k9" are 4 bytes each; the cap holds 3.
  MakeStore(StreamOptions{.max_retained_bytes = 12});
  const std::string a = Enable(table_, "A", StreamViewType::kKeysOnly);
  const std::string b = Enable(other_, "B", StreamViewType::kKeysOnly);
  Insert("k0");                             // 1
  Change(other_, nullptr, Image("k1", 1));  // 2
  Insert("k2");                             // 3
  EXPECT_EQ(store_->stats().trimmed_records, 0);
  Change(other_, nullptr, Image("k3", 1));  // 4
  Insert("k4");                             // 5

  const StreamStoreStats stats = store_->stats();
  EXPECT_EQ(stats.records, 3);
  EXPECT_EQ(stats.retained_bytes, 12);
  EXPECT_EQ(stats.trimmed_records, 2);
  const std::string shard_a = Shards(a)[0].shard_id;
  const std::string shard_b = Shards(b)[0].shard_id;
  EXPECT_THAT(store_->Read(a, shard_a, 0, 10),
              IsError(ErrorKind::kTrimmedDataAccess, kTrimmed));
  EXPECT_THAT(store_->Read(b, shard_b, 0, 10),
              IsError(ErrorKind::kTrimmedDataAccess, kTrimmed));
  EXPECT_THAT(store_->StartPosition(a, shard_a, Start::kTrimHorizon, 0),
              IsOkAndHolds(1u));
  absl::StatusOr<StreamBatch> batch_a = store_->Read(a, shard_a, 1, 10);
  ASSERT_THAT(batch_a, IsOk());
  ASSERT_THAT(batch_a->records, SizeIs(2));
  EXPECT_EQ(batch_a->records[0].sequence_number, 3u);
  EXPECT_EQ(batch_a->records[1].sequence_number, 5u);
  absl::StatusOr<StreamBatch> batch_b = store_->Read(b, shard_b, 2, 10);
  ASSERT_THAT(batch_b, IsOk());
  ASSERT_THAT(batch_b->records, SizeIs(1));
  EXPECT_EQ(batch_b->records[0].sequence_number, 4u);
}

TEST_F(StreamStoreTest, WaitForRecordsTimesOutWithNothingNew) {
  const std::string arn = Enable(table_, "L");
  Insert("a");
  const std::string shard = Shards(arn)[0].shard_id;
  const absl::Time start = absl::Now();
  EXPECT_FALSE(store_->WaitForRecords(arn, shard, 1, absl::Milliseconds(30)));
  EXPECT_GE(absl::Now() - start, absl::Milliseconds(29));
  // A record after `after` is there already: no wait.
  EXPECT_TRUE(store_->WaitForRecords(arn, shard, 0, absl::Milliseconds(30)));
  // An unknown stream or shard ends the wait.
  EXPECT_TRUE(store_->WaitForRecords("arn:x", shard, 0, absl::Seconds(10)));
  EXPECT_TRUE(store_->WaitForRecords(arn, "shardId-x", 0, absl::Seconds(10)));
}

TEST_F(StreamStoreTest, WaitForRecordsWakesOnAnAppend) {
  const std::string arn = Enable(table_, "L");
  const std::string shard = Shards(arn)[0].shard_id;
  std::thread writer([&] {
    absl::SleepFor(absl::Milliseconds(20));
    Insert("a");
  });
  EXPECT_TRUE(store_->WaitForRecords(arn, shard, 0, absl::Seconds(10)));
  writer.join();
  EXPECT_THAT(ReadAll(arn, shard), SizeIs(1));
}

TEST_F(StreamStoreTest, WaitForRecordsWakesWhenTheShardCloses) {
  const std::string arn = Enable(table_, "L");
  const std::string shard = Shards(arn)[0].shard_id;
  std::thread closer([&] {
    absl::SleepFor(absl::Milliseconds(20));
    Disable(table_, "L");
  });
  EXPECT_TRUE(store_->WaitForRecords(arn, shard, 0, absl::Seconds(10)));
  closer.join();
}

}  // namespace
}  // namespace dynamite
