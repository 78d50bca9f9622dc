// DynamoDB Streams through the Database: StreamSpecification on
// CreateTable and UpdateTable (and DescribeTable's view of it), the records
// each kind of write makes, shards that roll over, and the Streams API
// (ListStreams, DescribeStream, GetShardIterator, GetRecords,
// WaitForStreamRecords) with its errors. The Database runs on a fake clock.

#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/time/clock.h"
#include "absl/time/time.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include "api/database.h"
#include "common/clock.h"
#include "common/errors.h"
#include "tests/support/database_fixtures.h"
#include "tests/support/manual_clock.h"
#include "tests/support/status_matchers.h"

namespace dynamite {
namespace {

using ::dynamite::testing::ManualClock;

using ::dynamite::testing::ErrorKindIs;
using ::dynamite::testing::IsError;
using ::dynamite::testing::IsOk;
using ::dynamite::testing::IsOkAndHolds;
using ::dynamite::testing::N;
using ::dynamite::testing::S;
using ::dynamite::testing::TableRequest;
using ::testing::ElementsAre;
using ::testing::Field;
using ::testing::IsEmpty;
using ::testing::SizeIs;

constexpr ErrorKind kValidation = ErrorKind::kValidation;
constexpr absl::string_view kTableArn =
    "arn:aws:dynamodb:ddblocal:000000000000:table/tbl";
constexpr absl::string_view kShardNotFound =
    "Requested resource not found: Shard does not exist";
constexpr absl::string_view kTrimmed =
    "The data you are trying to access has been trimmed.";
constexpr absl::string_view kExpired =
    "The provided iterator exceeds the maximum age allowed.";
constexpr absl::string_view kRequired =
    "SequenceNumber is required for ShardIteratorType AT_SEQUENCE_NUMBER or "
    "AFTER_SEQUENCE_NUMBER";
constexpr absl::string_view kNotAllowed =
    "SequenceNumber can only be specified for ShardIteratorType "
    "AT_SEQUENCE_NUMBER or AFTER_SEQUENCE_NUMBER";

std::string Invalid(const std::string& detail) {
  return "One or more parameter values were invalid: " + detail;
}

// Not on a second (2026-01-01T00:00:00.250Z), so flooring shows.
constexpr int64_t kStartMillis = 1767225600250;

StreamSpecification Enabled(StreamViewType view) {
  return StreamSpecification{.stream_enabled = true, .stream_view_type = view};
}
StreamSpecification Disabled() {
  return StreamSpecification{.stream_enabled = false};
}

class StreamOpsTest : public ::testing::Test {
 protected:
  void SetUp() override { MakeDatabase(StreamOptions{}); }

  void MakeDatabase(StreamOptions streams) {
    DatabaseOptions options;
    options.clock = &clock_;
    options.streams = streams;
    db_ = std::make_unique<Database>(options);
  }

  // Table `name` keyed by pk (S), with a stream of `view` (none if unset);
  // returns the stream's ARN.
  std::string CreateTable(const std::string& name,
                          std::optional<StreamViewType> view) {
    CreateTableRequest request = TableRequest(name, KeyType::kS, {});
    if (view.has_value()) request.stream_specification = Enabled(*view);
    absl::StatusOr<CreateTableResponse> created = db_->CreateTable(request);
    EXPECT_THAT(created, IsOk());
    return created.ok() ? created->table_description.latest_stream_arn : "";
  }
  TableDescription Describe(const std::string& table) {
    absl::StatusOr<DescribeTableResponse> d =
        db_->DescribeTable({.table_name = table});
    EXPECT_THAT(d, IsOk());
    return d.ok() ? d->table : TableDescription{};
  }
  absl::StatusOr<UpdateTableResponse> UpdateStream(const std::string& table,
                                                   StreamSpecification spec) {
    return db_->UpdateTable(
        {.table_name = table, .stream_specification = spec});
  }

  void Put(Item item, const std::string& table = "tbl") {
    ASSERT_THAT(db_->PutItem({.table_name = table, .item = std::move(item)}),
                IsOk());
  }
  void Delete(const std::string& pk, const std::string& table = "tbl") {
    ASSERT_THAT(
        db_->DeleteItem({.table_name = table, .key = Item{{"pk", S(pk)}}}),
        IsOk());
  }
  void Set(const std::string& pk, const std::string& n) {
    ASSERT_THAT(
        db_->UpdateItem({.table_name = "tbl",
                         .key = Item{{"pk", S(pk)}},
                         .update_expression = "SET n = :n",
                         .expression_attribute_values = Item{{":n", N(n)}}}),
        IsOk());
  }

  std::vector<StreamShard> Shards(const std::string& arn) {
    absl::StatusOr<DescribeStreamResponse> d =
        db_->DescribeStream({.stream_arn = arn});
    EXPECT_THAT(d, IsOk());
    return d.ok() ? d->stream_description.shards : std::vector<StreamShard>{};
  }
  std::string FirstShard(const std::string& arn) {
    std::vector<StreamShard> shards = Shards(arn);
    return shards.empty() ? "" : shards.front().shard_id;
  }
  std::string Iterator(const std::string& arn, const std::string& shard,
                       ShardIteratorType type = ShardIteratorType::kTrimHorizon,
                       std::optional<std::string> sequence = std::nullopt) {
    absl::StatusOr<GetShardIteratorResponse> it =
        db_->GetShardIterator({.stream_arn = arn,
                               .shard_id = shard,
                               .shard_iterator_type = type,
                               .sequence_number = sequence});
    EXPECT_THAT(it, IsOk());
    return it.ok() ? it->shard_iterator : "";
  }
  // The records of the stream's first shard from its trim horizon.
  std::vector<StreamEvent> Records(const std::string& arn) {
    absl::StatusOr<GetRecordsResponse> page =
        db_->GetRecords({.shard_iterator = Iterator(arn, FirstShard(arn))});
    EXPECT_THAT(page, IsOk());
    return page.ok() ? page->records : std::vector<StreamEvent>{};
  }

  ManualClock clock_{absl::FromUnixMillis(kStartMillis)};
  std::unique_ptr<Database> db_;
};

// --- StreamSpecification on CreateTable, UpdateTable, DescribeTable ---

TEST_F(StreamOpsTest, CreateTableEnablesAStream) {
  CreateTableRequest request = TableRequest("tbl", KeyType::kS, {});
  request.stream_specification = Enabled(StreamViewType::kNewImage);
  absl::StatusOr<CreateTableResponse> created = db_->CreateTable(request);
  ASSERT_THAT(created, IsOk());
  const TableDescription& d = created->table_description;
  ASSERT_TRUE(d.stream_specification.has_value());
  EXPECT_TRUE(d.stream_specification->stream_enabled);
  EXPECT_EQ(d.stream_specification->stream_view_type,
            StreamViewType::kNewImage);
  // The label is the creation time, to the millisecond.
  EXPECT_EQ(d.latest_stream_label, "2026-01-01T00:00:00.250");
  EXPECT_EQ(d.latest_stream_arn,
            std::string(kTableArn) + "/stream/2026-01-01T00:00:00.250");

  const TableDescription described = Describe("tbl");
  ASSERT_TRUE(described.stream_specification.has_value());
  EXPECT_EQ(described.stream_specification->stream_view_type,
            StreamViewType::kNewImage);
  EXPECT_EQ(described.latest_stream_arn, d.latest_stream_arn);
  EXPECT_EQ(described.latest_stream_label, d.latest_stream_label);

  absl::StatusOr<DescribeStreamResponse> stream =
      db_->DescribeStream({.stream_arn = d.latest_stream_arn});
  ASSERT_THAT(stream, IsOk());
  const StreamDescription& s = stream->stream_description;
  EXPECT_EQ(s.stream_arn, d.latest_stream_arn);
  EXPECT_EQ(s.stream_label, d.latest_stream_label);
  EXPECT_EQ(s.stream_status, StreamStatus::kEnabled);
  EXPECT_EQ(s.stream_view_type, StreamViewType::kNewImage);
  EXPECT_EQ(s.table_name, "tbl");
  EXPECT_EQ(s.creation_request_date_time, absl::FromUnixMillis(1767225600250));
  ASSERT_THAT(s.key_schema, SizeIs(1));
  EXPECT_EQ(s.key_schema[0].attribute_name, "pk");
  EXPECT_EQ(s.key_schema[0].key_type, KeySchemaRole::kHash);
  ASSERT_THAT(s.shards, SizeIs(1));
  EXPECT_EQ(s.shards[0].parent_shard_id, std::nullopt);
  EXPECT_EQ(s.shards[0].sequence_number_range.ending_sequence_number,
            std::nullopt);
  EXPECT_EQ(s.last_evaluated_shard_id, std::nullopt);
}

TEST_F(StreamOpsTest, ADisabledSpecificationOnCreateTableIsNoStream) {
  CreateTableRequest request = TableRequest("tbl", KeyType::kS, {});
  request.stream_specification = Disabled();
  ASSERT_THAT(db_->CreateTable(request), IsOk());
  const TableDescription d = Describe("tbl");
  EXPECT_EQ(d.stream_specification, std::nullopt);
  EXPECT_EQ(d.latest_stream_arn, "");
  EXPECT_EQ(d.latest_stream_label, "");
  absl::StatusOr<ListStreamsResponse> list = db_->ListStreams({});
  ASSERT_THAT(list, IsOk());
  EXPECT_THAT(list->streams, IsEmpty());
}

TEST_F(StreamOpsTest, CreateTableChecksTheSpecification) {
  CreateTableRequest request = TableRequest("tbl", KeyType::kS, {});
  request.stream_specification = StreamSpecification{.stream_enabled = true};
  EXPECT_THAT(db_->CreateTable(request),
              IsError(kValidation,
                      Invalid("Table is being created with a stream enabled, "
                              "UpdateViewType is required")));
  request.stream_specification = StreamSpecification{
      .stream_enabled = false, .stream_view_type = StreamViewType::kKeysOnly};
  EXPECT_THAT(db_->CreateTable(request),
              IsError(kValidation,
                      Invalid("Table is being created with a stream disabled, "
                              "UpdateViewType should not be specified")));
}

TEST_F(StreamOpsTest, UpdateTableEnablesAStream) {
  CreateTable("tbl", std::nullopt);
  clock_.Advance(absl::Seconds(5));
  absl::StatusOr<UpdateTableResponse> updated =
      UpdateStream("tbl", Enabled(StreamViewType::kKeysOnly));
  ASSERT_THAT(updated, IsOk());
  EXPECT_EQ(updated->table_description.latest_stream_label,
            "2026-01-01T00:00:05.250");
  const TableDescription d = Describe("tbl");
  ASSERT_TRUE(d.stream_specification.has_value());
  EXPECT_EQ(d.stream_specification->stream_view_type,
            StreamViewType::kKeysOnly);
  EXPECT_EQ(d.latest_stream_arn,
            std::string(kTableArn) + "/stream/2026-01-01T00:00:05.250");

  Put({{"pk", S("a")}});
  const std::vector<StreamEvent> records = Records(d.latest_stream_arn);
  ASSERT_THAT(records, SizeIs(1));
  EXPECT_EQ(records[0].event_name, StreamEventType::kInsert);
}

TEST_F(StreamOpsTest, UpdateTableStreamErrors) {
  CreateTable("tbl", StreamViewType::kNewImage);
  CreateTable("plain", std::nullopt);
  const std::string enabled =
      "Table already has an enabled stream: TableName: tbl";
  EXPECT_THAT(UpdateStream("tbl", Enabled(StreamViewType::kNewImage)),
              IsError(kValidation, enabled));
  // A view type change needs the stream disabled first.
  EXPECT_THAT(UpdateStream("tbl", Enabled(StreamViewType::kKeysOnly)),
              IsError(kValidation, enabled));
  EXPECT_THAT(
      UpdateStream("plain", Disabled()),
      IsError(kValidation, "Table has no stream to disable: TableName: plain"));
  EXPECT_THAT(
      UpdateStream("tbl", StreamSpecification{.stream_enabled = true}),
      IsError(kValidation,
              Invalid("If stream is being enabled then UpdateViewType is "
                      "required")));
  EXPECT_THAT(
      UpdateStream("tbl", StreamSpecification{.stream_enabled = false,
                                              .stream_view_type =
                                                  StreamViewType::kKeysOnly}),
      IsError(kValidation, Invalid("If stream is being disabled, then "
                                   "UpdateViewType must not be specified")));
  EXPECT_THAT(
      db_->UpdateTable(
          {.table_name = "plain",
           .billing_mode = BillingMode::kProvisioned,
           .provisioned_throughput = ProvisionedThroughput{1, 1},
           .stream_specification = Enabled(StreamViewType::kKeysOnly)}),
      IsError(kValidation,
              Invalid("You cannot modify stream status while updating table "
                      "IOPS")));
  // None of these changed the stream.
  const TableDescription d = Describe("tbl");
  ASSERT_TRUE(d.stream_specification.has_value());
  EXPECT_EQ(d.stream_specification->stream_view_type,
            StreamViewType::kNewImage);
  EXPECT_EQ(Describe("plain").latest_stream_arn, "");
}

TEST_F(StreamOpsTest, DisablingAndEnablingAgainMakesANewStream) {
  const std::string first = CreateTable("tbl", StreamViewType::kKeysOnly);
  Put({{"pk", S("a")}});
  ASSERT_THAT(UpdateStream("tbl", Disabled()), IsOk());

  // Disabled: no StreamSpecification, but the latest stream is still named.
  TableDescription d = Describe("tbl");
  EXPECT_EQ(d.stream_specification, std::nullopt);
  EXPECT_EQ(d.latest_stream_arn, first);
  Put({{"pk", S("b")}});  // no stream: not recorded

  // Enabling again within the same millisecond still gets a new label.
  ASSERT_THAT(UpdateStream("tbl", Enabled(StreamViewType::kNewImage)), IsOk());
  d = Describe("tbl");
  const std::string second = d.latest_stream_arn;
  EXPECT_NE(second, first);
  EXPECT_EQ(d.latest_stream_label, "2026-01-01T00:00:00.251");
  ASSERT_TRUE(d.stream_specification.has_value());
  EXPECT_EQ(d.stream_specification->stream_view_type,
            StreamViewType::kNewImage);
  Put({{"pk", S("c")}});

  absl::StatusOr<ListStreamsResponse> list = db_->ListStreams({});
  ASSERT_THAT(list, IsOk());
  EXPECT_THAT(list->streams,
              ElementsAre(Field(&StreamSummary::stream_arn, second),
                          Field(&StreamSummary::stream_arn, first)));

  absl::StatusOr<DescribeStreamResponse> old =
      db_->DescribeStream({.stream_arn = first});
  ASSERT_THAT(old, IsOk());
  EXPECT_EQ(old->stream_description.stream_status, StreamStatus::kDisabled);
  ASSERT_THAT(old->stream_description.shards, SizeIs(1));
  EXPECT_EQ(old->stream_description.shards[0]
                .sequence_number_range.ending_sequence_number,
            old->stream_description.shards[0]
                .sequence_number_range.starting_sequence_number);

  const std::vector<StreamEvent> old_records = Records(first);
  ASSERT_THAT(old_records, SizeIs(1));
  EXPECT_EQ(old_records[0].keys.at("pk"), S("a"));
  const std::vector<StreamEvent> new_records = Records(second);
  ASSERT_THAT(new_records, SizeIs(1));
  EXPECT_EQ(new_records[0].keys.at("pk"), S("c"));
  EXPECT_EQ(new_records[0].stream_view_type, StreamViewType::kNewImage);
}

TEST_F(StreamOpsTest, DeleteTableClosesTheStream) {
  const std::string arn = CreateTable("tbl", StreamViewType::kKeysOnly);
  Put({{"pk", S("a")}});
  Put({{"pk", S("b")}});
  ASSERT_THAT(db_->DeleteTable({.table_name = "tbl"}), IsOk());

  absl::StatusOr<DescribeStreamResponse> d =
      db_->DescribeStream({.stream_arn = arn});
  ASSERT_THAT(d, IsOk());
  EXPECT_EQ(d->stream_description.stream_status, StreamStatus::kDisabled);
  ASSERT_THAT(d->stream_description.shards, SizeIs(1));
  EXPECT_TRUE(d->stream_description.shards[0]
                  .sequence_number_range.ending_sequence_number.has_value());
  absl::StatusOr<GetRecordsResponse> page =
      db_->GetRecords({.shard_iterator = Iterator(arn, FirstShard(arn))});
  ASSERT_THAT(page, IsOk());
  EXPECT_THAT(page->records, SizeIs(2));
  EXPECT_EQ(page->next_shard_iterator, std::nullopt);

  // A table of the same name gets a stream of its own.
  const std::string again = CreateTable("tbl", StreamViewType::kKeysOnly);
  EXPECT_NE(again, arn);
  absl::StatusOr<ListStreamsResponse> list =
      db_->ListStreams({.table_name = "tbl"});
  ASSERT_THAT(list, IsOk());
  EXPECT_THAT(list->streams, SizeIs(2));
}

// --- Records ---

class StreamViewTest : public StreamOpsTest,
                       public ::testing::WithParamInterface<StreamViewType> {};

TEST_P(StreamViewTest, InsertModifyRemoveCarryTheImagesOfTheViewType) {
  const StreamViewType view = GetParam();
  const std::string arn = CreateTable("tbl", view);
  Put({{"pk", S("a")}, {"n", N("1")}});
  Put({{"pk", S("a")}, {"n", N("2")}});
  Delete("a");

  const std::vector<StreamEvent> records = Records(arn);
  ASSERT_THAT(records, SizeIs(3));
  EXPECT_EQ(records[0].event_name, StreamEventType::kInsert);
  EXPECT_EQ(records[1].event_name, StreamEventType::kModify);
  EXPECT_EQ(records[2].event_name, StreamEventType::kRemove);
  const Item v1 = {{"pk", S("a")}, {"n", N("1")}};
  const Item v2 = {{"pk", S("a")}, {"n", N("2")}};
  const bool with_new = view == StreamViewType::kNewImage ||
                        view == StreamViewType::kNewAndOldImages;
  const bool with_old = view == StreamViewType::kOldImage ||
                        view == StreamViewType::kNewAndOldImages;
  const std::optional<AttributeMap> none;
  EXPECT_EQ(records[0].new_image, with_new ? std::optional(v1) : none);
  EXPECT_EQ(records[0].old_image, none);
  EXPECT_EQ(records[1].new_image, with_new ? std::optional(v2) : none);
  EXPECT_EQ(records[1].old_image, with_old ? std::optional(v1) : none);
  EXPECT_EQ(records[2].new_image, none);
  EXPECT_EQ(records[2].old_image, with_old ? std::optional(v2) : none);
  for (const StreamEvent& record : records) {
    EXPECT_EQ(record.keys, (Item{{"pk", S("a")}}));
    EXPECT_EQ(record.stream_view_type, view);
    EXPECT_GT(record.size_bytes, 0);
  }
  // SizeBytes: the keys ("pk" and "a", 3 bytes) and the images carried.
  EXPECT_EQ(records[0].size_bytes == 3, !with_new);
  EXPECT_EQ(records[1].size_bytes == 3, !with_new && !with_old);
  EXPECT_EQ(records[2].size_bytes == 3, !with_old);
  if (view == StreamViewType::kNewAndOldImages) {
    EXPECT_GT(records[1].size_bytes, records[0].size_bytes);
  }
}

INSTANTIATE_TEST_SUITE_P(ViewTypes, StreamViewTest,
                         ::testing::Values(StreamViewType::kKeysOnly,
                                           StreamViewType::kNewImage,
                                           StreamViewType::kOldImage,
                                           StreamViewType::kNewAndOldImages));

TEST_F(StreamOpsTest, RecordFields) {
  const std::string arn = CreateTable("tbl", StreamViewType::kKeysOnly);
  Put({{"pk", S("a")}});
  clock_.Advance(absl::Milliseconds(800));  // 00:00:01.050
  Put({{"pk", S("b")}});
  Put({{"pk", S("c")}});

  const std::vector<StreamEvent> records = Records(arn);
  ASSERT_THAT(records, SizeIs(3));
  std::set<std::string> ids;
  for (const StreamEvent& record : records) {
    EXPECT_EQ(record.aws_region, "ddblocal");
    // 21 decimal digits.
    EXPECT_THAT(record.sequence_number, SizeIs(21));
    for (char c : record.sequence_number) EXPECT_TRUE(absl::ascii_isdigit(c));
    // 32 hex digits, unique.
    EXPECT_THAT(record.event_id, SizeIs(32));
    for (char c : record.event_id) EXPECT_TRUE(absl::ascii_isxdigit(c));
    ids.insert(record.event_id);
  }
  EXPECT_THAT(ids, SizeIs(3));
  // Increasing, compared as numbers and as strings (they are zero-padded).
  EXPECT_LT(records[0].sequence_number, records[1].sequence_number);
  EXPECT_LT(records[1].sequence_number, records[2].sequence_number);
  EXPECT_LT(std::stoull(records[0].sequence_number),
            std::stoull(records[1].sequence_number));
  // Rounded down to the second.
  EXPECT_EQ(records[0].approximate_creation_date_time,
            absl::FromUnixSeconds(1767225600));
  EXPECT_EQ(records[1].approximate_creation_date_time,
            absl::FromUnixSeconds(1767225601));
  // The shard starts at the first record's sequence number.
  EXPECT_EQ(Shards(arn)[0].sequence_number_range.starting_sequence_number,
            records[0].sequence_number);
}

TEST_F(StreamOpsTest, WritesThatChangeNothingRecordNothing) {
  const std::string arn = CreateTable("tbl", StreamViewType::kNewAndOldImages);
  Put({{"pk", S("a")}, {"n", N("1")}});
  Put({{"pk", S("a")}, {"n", N("1")}});  // identical
  Set("a", "1.0");                       // the same number
  Delete("missing");
  ASSERT_THAT(
      db_->DeleteItem({.table_name = "tbl",
                       .key = Item{{"pk", S("gone")}},
                       .condition_expression = "attribute_not_exists(pk)"}),
      IsOk());

  const std::vector<StreamEvent> records = Records(arn);
  ASSERT_THAT(records, SizeIs(1));
  EXPECT_EQ(records[0].event_name, StreamEventType::kInsert);
  EXPECT_EQ(db_->stream_stats().records, 1);
}

TEST_F(StreamOpsTest, UpdateItemInsertsThenModifies) {
  const std::string arn = CreateTable("tbl", StreamViewType::kNewAndOldImages);
  Set("a", "1");
  Set("a", "2");
  ASSERT_THAT(db_->UpdateItem({.table_name = "tbl",
                               .key = Item{{"pk", S("a")}},
                               .update_expression = "REMOVE n"}),
              IsOk());

  const std::vector<StreamEvent> records = Records(arn);
  ASSERT_THAT(records, SizeIs(3));
  EXPECT_EQ(records[0].event_name, StreamEventType::kInsert);
  EXPECT_EQ(records[0].new_image, (Item{{"pk", S("a")}, {"n", N("1")}}));
  EXPECT_EQ(records[1].event_name, StreamEventType::kModify);
  EXPECT_EQ(records[1].old_image, (Item{{"pk", S("a")}, {"n", N("1")}}));
  EXPECT_EQ(records[1].new_image, (Item{{"pk", S("a")}, {"n", N("2")}}));
  EXPECT_EQ(records[2].event_name, StreamEventType::kModify);
  EXPECT_EQ(records[2].new_image, (Item{{"pk", S("a")}}));
}

TEST_F(StreamOpsTest, BatchWriteItemRecordsEachRequest) {
  const std::string arn = CreateTable("tbl", StreamViewType::kKeysOnly);
  CreateTable("plain", std::nullopt);
  Put({{"pk", S("old")}});
  BatchWriteItemRequest batch;
  batch.request_items["tbl"] = {
      WriteRequest{.put_request = PutRequest{Item{{"pk", S("x")}}}},
      WriteRequest{.put_request = PutRequest{Item{{"pk", S("y")}}}},
      WriteRequest{.delete_request = DeleteRequest{Item{{"pk", S("old")}}}},
      WriteRequest{.delete_request = DeleteRequest{Item{{"pk", S("none")}}}}};
  batch.request_items["plain"] = {
      WriteRequest{.put_request = PutRequest{Item{{"pk", S("p")}}}}};
  ASSERT_THAT(db_->BatchWriteItem(std::move(batch)), IsOk());

  const std::vector<StreamEvent> records = Records(arn);
  ASSERT_THAT(records, SizeIs(4));  // the first put, x, y, old's delete
  std::multiset<std::string> kinds;
  for (size_t i = 1; i < records.size(); ++i) {
    kinds.insert(
        records[i].keys.at("pk").s() +
        (records[i].event_name == StreamEventType::kRemove ? "-" : "+"));
  }
  EXPECT_THAT(kinds, ElementsAre("old-", "x+", "y+"));
}

TEST_F(StreamOpsTest, TransactWriteItemsRecordsEachWritingAction) {
  const std::string arn = CreateTable("tbl", StreamViewType::kNewAndOldImages);
  Put({{"pk", S("checked")}});
  Put({{"pk", S("deleted")}});
  Put({{"pk", S("updated")}, {"n", N("1")}});
  TransactWriteItemsRequest request;
  request.transact_items.resize(4);
  request.transact_items[0].condition_check =
      ConditionCheck{.table_name = "tbl",
                     .key = Item{{"pk", S("checked")}},
                     .condition_expression = "attribute_exists(pk)"};
  request.transact_items[1].put =
      TransactPut{.table_name = "tbl", .item = Item{{"pk", S("put")}}};
  request.transact_items[2].update =
      TransactUpdate{.table_name = "tbl",
                     .key = Item{{"pk", S("updated")}},
                     .update_expression = "SET n = :n",
                     .expression_attribute_values = Item{{":n", N("2")}}};
  request.transact_items[3].delete_item =
      TransactDelete{.table_name = "tbl", .key = Item{{"pk", S("deleted")}}};
  ASSERT_THAT(db_->TransactWriteItems(request).status(), IsOk());

  std::vector<StreamEvent> records = Records(arn);
  ASSERT_THAT(records, SizeIs(6));
  records.erase(records.begin(), records.begin() + 3);  // the set-up puts
  std::set<std::string> seen;
  for (const StreamEvent& record : records) {
    const std::string pk = record.keys.at("pk").s();
    seen.insert(pk);
    if (pk == "put") {
      EXPECT_EQ(record.event_name, StreamEventType::kInsert);
    }
    if (pk == "updated") {
      EXPECT_EQ(record.event_name, StreamEventType::kModify);
      EXPECT_EQ(record.old_image->at("n"), N("1"));
      EXPECT_EQ(record.new_image->at("n"), N("2"));
    }
    if (pk == "deleted") {
      EXPECT_EQ(record.event_name, StreamEventType::kRemove);
    }
  }
  EXPECT_THAT(seen, ElementsAre("deleted", "put", "updated"));

  // A cancelled transaction records nothing.
  request.transact_items[0].condition_check->condition_expression =
      "attribute_not_exists(pk)";
  EXPECT_THAT(db_->TransactWriteItems(request).status(),
              ErrorKindIs(ErrorKind::kTransactionCanceled));
  EXPECT_THAT(Records(arn), SizeIs(6));
}

// --- Shards ---

TEST_F(StreamOpsTest, ShardsRollOverByCount) {
  MakeDatabase(StreamOptions{.shard_max_records = 2});
  const std::string arn = CreateTable("tbl", StreamViewType::kKeysOnly);
  for (const char* pk : {"a", "b", "c"}) Put({{"pk", S(pk)}});

  const std::vector<StreamShard> shards = Shards(arn);
  ASSERT_THAT(shards, SizeIs(2));
  ASSERT_TRUE(
      shards[0].sequence_number_range.ending_sequence_number.has_value());
  EXPECT_EQ(shards[1].parent_shard_id, shards[0].shard_id);
  EXPECT_EQ(shards[1].sequence_number_range.ending_sequence_number,
            std::nullopt);

  // The closed shard: its two records, then no NextShardIterator.
  absl::StatusOr<GetRecordsResponse> page =
      db_->GetRecords({.shard_iterator = Iterator(arn, shards[0].shard_id)});
  ASSERT_THAT(page, IsOk());
  ASSERT_THAT(page->records, SizeIs(2));
  EXPECT_EQ(page->records[1].sequence_number,
            *shards[0].sequence_number_range.ending_sequence_number);
  EXPECT_EQ(page->next_shard_iterator, std::nullopt);
  // Read in pages: the last page of a closed shard ends it.
  page = db_->GetRecords(
      {.shard_iterator = Iterator(arn, shards[0].shard_id), .limit = 1});
  ASSERT_THAT(page, IsOk());
  ASSERT_THAT(page->records, SizeIs(1));
  ASSERT_TRUE(page->next_shard_iterator.has_value());
  page = db_->GetRecords({.shard_iterator = *page->next_shard_iterator});
  ASSERT_THAT(page, IsOk());
  ASSERT_THAT(page->records, SizeIs(1));
  EXPECT_EQ(page->records[0].keys.at("pk"), S("b"));
  EXPECT_EQ(page->next_shard_iterator, std::nullopt);

  // The open shard: its record, then empty pages that keep an iterator.
  page = db_->GetRecords({.shard_iterator = Iterator(arn, shards[1].shard_id)});
  ASSERT_THAT(page, IsOk());
  ASSERT_THAT(page->records, SizeIs(1));
  EXPECT_EQ(page->records[0].keys.at("pk"), S("c"));
  ASSERT_TRUE(page->next_shard_iterator.has_value());
  const std::string head = *page->next_shard_iterator;
  page = db_->GetRecords({.shard_iterator = head});
  ASSERT_THAT(page, IsOk());
  EXPECT_THAT(page->records, IsEmpty());
  ASSERT_TRUE(page->next_shard_iterator.has_value());
  Put({{"pk", S("d")}});  // shard 2's second record
  page = db_->GetRecords({.shard_iterator = *page->next_shard_iterator});
  ASSERT_THAT(page, IsOk());
  ASSERT_THAT(page->records, SizeIs(1));
  EXPECT_EQ(page->records[0].keys.at("pk"), S("d"));
  ASSERT_TRUE(page->next_shard_iterator.has_value());
  Put({{"pk", S("e")}});  // shard 2 is full: e opens shard 3
  EXPECT_THAT(Shards(arn), SizeIs(3));
  // Shard 2 is now closed and drained: an empty page without an iterator.
  page = db_->GetRecords({.shard_iterator = *page->next_shard_iterator});
  ASSERT_THAT(page, IsOk());
  EXPECT_THAT(page->records, IsEmpty());
  EXPECT_EQ(page->next_shard_iterator, std::nullopt);
}

TEST_F(StreamOpsTest, ShardsRollOverByAge) {
  MakeDatabase(StreamOptions{.shard_max_age = absl::Minutes(10)});
  const std::string arn = CreateTable("tbl", StreamViewType::kKeysOnly);
  Put({{"pk", S("a")}});
  clock_.Advance(absl::Minutes(9));
  Put({{"pk", S("b")}});
  EXPECT_THAT(Shards(arn), SizeIs(1));
  clock_.Advance(absl::Minutes(1));
  Put({{"pk", S("c")}});

  const std::vector<StreamShard> shards = Shards(arn);
  ASSERT_THAT(shards, SizeIs(2));
  EXPECT_TRUE(
      shards[0].sequence_number_range.ending_sequence_number.has_value());
  EXPECT_EQ(shards[1].parent_shard_id, shards[0].shard_id);
  absl::StatusOr<GetRecordsResponse> page =
      db_->GetRecords({.shard_iterator = Iterator(arn, shards[1].shard_id)});
  ASSERT_THAT(page, IsOk());
  ASSERT_THAT(page->records, SizeIs(1));
  EXPECT_EQ(page->records[0].keys.at("pk"), S("c"));
}

// --- GetShardIterator ---

TEST_F(StreamOpsTest, IteratorTypes) {
  const std::string arn = CreateTable("tbl", StreamViewType::kKeysOnly);
  for (const char* pk : {"a", "b", "c"}) Put({{"pk", S(pk)}});
  const std::string shard = FirstShard(arn);
  const std::vector<StreamEvent> all = Records(arn);
  ASSERT_THAT(all, SizeIs(3));

  auto keys = [&](const std::string& iterator) {
    std::vector<std::string> pks;
    absl::StatusOr<GetRecordsResponse> page =
        db_->GetRecords({.shard_iterator = iterator});
    EXPECT_THAT(page, IsOk());
    if (page.ok()) {
      for (const StreamEvent& e : page->records) {
        pks.push_back(e.keys.at("pk").s());
      }
    }
    return pks;
  };
  EXPECT_THAT(keys(Iterator(arn, shard, ShardIteratorType::kTrimHorizon)),
              ElementsAre("a", "b", "c"));
  EXPECT_THAT(keys(Iterator(arn, shard, ShardIteratorType::kAtSequenceNumber,
                            all[1].sequence_number)),
              ElementsAre("b", "c"));
  EXPECT_THAT(keys(Iterator(arn, shard, ShardIteratorType::kAfterSequenceNumber,
                            all[1].sequence_number)),
              ElementsAre("c"));
  const std::string latest = Iterator(arn, shard, ShardIteratorType::kLatest);
  EXPECT_THAT(keys(latest), IsEmpty());
  Put({{"pk", S("d")}});
  EXPECT_THAT(keys(latest), ElementsAre("d"));
}

TEST_F(StreamOpsTest, GetShardIteratorErrors) {
  const std::string arn = CreateTable("tbl", StreamViewType::kKeysOnly);
  Put({{"pk", S("a")}});
  const std::string shard = FirstShard(arn);
  const std::string seq = Records(arn)[0].sequence_number;
  auto get = [&](const std::string& stream, const std::string& shard_id,
                 ShardIteratorType type,
                 std::optional<std::string> sequence = std::nullopt) {
    return db_->GetShardIterator({.stream_arn = stream,
                                  .shard_id = shard_id,
                                  .shard_iterator_type = type,
                                  .sequence_number = sequence});
  };
  EXPECT_THAT(get(arn, shard, ShardIteratorType::kAtSequenceNumber),
              IsError(kValidation, kRequired));
  EXPECT_THAT(get(arn, shard, ShardIteratorType::kAfterSequenceNumber),
              IsError(kValidation, kRequired));
  EXPECT_THAT(get(arn, shard, ShardIteratorType::kLatest, seq),
              IsError(kValidation, kNotAllowed));
  EXPECT_THAT(get(arn, shard, ShardIteratorType::kTrimHorizon, seq),
              IsError(kValidation, kNotAllowed));
  EXPECT_THAT(get(arn, shard, ShardIteratorType::kAtSequenceNumber,
                  "000000000000000000099"),
              IsError(kValidation, "Invalid SequenceNumber for the shard"));
  EXPECT_THAT(get(arn, shard, ShardIteratorType::kAtSequenceNumber,
                  "00000000000000000000x"),
              IsError(kValidation, "Invalid SequenceNumber for the shard"));
  EXPECT_THAT(
      get(arn, shard, ShardIteratorType::kAtSequenceNumber, "12"),
      IsError(kValidation,
              "1 validation error detected: Value '12' at 'sequenceNumber' "
              "failed to satisfy constraint: Member must have length greater "
              "than or equal to 21"));
  const std::string unknown = std::string(kTableArn) + "/stream/nope";
  EXPECT_THAT(get(unknown, shard, ShardIteratorType::kLatest),
              IsError(ErrorKind::kResourceNotFound,
                      "Requested resource not found: Stream: " + unknown +
                          " not found"));
  EXPECT_THAT(get(arn, "shardId-00000000000000000000-ffffffff",
                  ShardIteratorType::kLatest),
              IsError(ErrorKind::kResourceNotFound, kShardNotFound));
  EXPECT_THAT(get("not-a-stream-arn-but-long-enough-for-the-shape", shard,
                  ShardIteratorType::kLatest),
              IsError(kValidation, "Invalid StreamArn"));
}

// --- GetRecords ---

TEST_F(StreamOpsTest, GetRecordsErrors) {
  const std::string arn = CreateTable("tbl", StreamViewType::kKeysOnly);
  Put({{"pk", S("a")}});
  const std::string iterator = Iterator(arn, FirstShard(arn));
  EXPECT_THAT(db_->GetRecords({.shard_iterator = "garbage"}),
              IsError(kValidation, "Invalid ShardIterator"));
  EXPECT_THAT(db_->GetRecords({.shard_iterator = arn + "|shardId-x|zz|0"}),
              IsError(kValidation, "Invalid ShardIterator"));
  EXPECT_THAT(db_->GetRecords({.shard_iterator = iterator, .limit = 0}),
              IsError(kValidation,
                      "1 validation error detected: Value '0' at 'limit' "
                      "failed to satisfy constraint: Member must have value "
                      "greater than or equal to 1"));
  EXPECT_THAT(db_->GetRecords({.shard_iterator = iterator, .limit = 1001}),
              IsError(kValidation,
                      Invalid("Limit should be less than or equal to 1000")));
  EXPECT_THAT(db_->GetRecords({.shard_iterator = iterator, .limit = 1000}),
              IsOk());
  EXPECT_THAT(db_->WaitForStreamRecords("garbage", absl::Milliseconds(1)),
              IsError(kValidation, "Invalid ShardIterator"));
  // An iterator of a stream that does not exist.
  const std::string unknown = std::string(kTableArn) + "/stream/nope";
  EXPECT_THAT(
      db_->GetRecords({.shard_iterator = unknown + "|shardId-x|0|" +
                                         std::to_string(1767225600250)}),
      ErrorKindIs(ErrorKind::kResourceNotFound));
}

TEST_F(StreamOpsTest, IteratorsExpireAfterFifteenMinutes) {
  const std::string arn = CreateTable("tbl", StreamViewType::kKeysOnly);
  Put({{"pk", S("a")}});
  const std::string iterator = Iterator(arn, FirstShard(arn));
  clock_.Advance(absl::Minutes(15));
  absl::StatusOr<GetRecordsResponse> page =
      db_->GetRecords({.shard_iterator = iterator});
  ASSERT_THAT(page, IsOk());
  ASSERT_TRUE(page->next_shard_iterator.has_value());
  clock_.Advance(absl::Milliseconds(1));
  EXPECT_THAT(db_->GetRecords({.shard_iterator = iterator}),
              IsError(ErrorKind::kExpiredIterator, kExpired));
  // The iterator GetRecords handed out is new: it has its own 15 minutes.
  EXPECT_THAT(db_->GetRecords({.shard_iterator = *page->next_shard_iterator}),
              IsOk());
}

TEST_F(StreamOpsTest, RecordsOlderThanADayAreTrimmed) {
  MakeDatabase(StreamOptions{.shard_max_age = absl::Hours(48)});
  const std::string arn = CreateTable("tbl", StreamViewType::kKeysOnly);
  Put({{"pk", S("old")}});
  clock_.Advance(absl::Hours(23));
  Put({{"pk", S("new")}});
  clock_.Advance(absl::Minutes(50));
  const std::string early = Iterator(arn, FirstShard(arn));
  clock_.Advance(absl::Minutes(10));  // "old" is 24 hours old

  EXPECT_THAT(db_->GetRecords({.shard_iterator = early}),
              IsError(ErrorKind::kTrimmedDataAccess, kTrimmed));
  const std::vector<StreamEvent> left = Records(arn);
  ASSERT_THAT(left, SizeIs(1));
  EXPECT_EQ(left[0].keys.at("pk"), S("new"));
  const StreamStoreStats stats = db_->stream_stats();
  EXPECT_EQ(stats.records, 1);
  EXPECT_EQ(stats.trimmed_records, 1);
  EXPECT_EQ(stats.retained_bytes, left[0].size_bytes);
}

TEST_F(StreamOpsTest, TheSizeCapTrimsTheOldestFirst) {
  // A KEYS_ONLY record of pk "k<i>" is 4 bytes: the cap holds 2.
  MakeDatabase(StreamOptions{.max_retained_bytes = 8});
  const std::string arn = CreateTable("tbl", StreamViewType::kKeysOnly);
  Put({{"pk", S("k0")}});
  const std::string early = Iterator(arn, FirstShard(arn));
  Put({{"pk", S("k1")}});
  Put({{"pk", S("k2")}});
  Put({{"pk", S("k3")}});

  const StreamStoreStats stats = db_->stream_stats();
  EXPECT_EQ(stats.streams, 1);
  EXPECT_EQ(stats.records, 2);
  EXPECT_EQ(stats.retained_bytes, 8);
  EXPECT_EQ(stats.trimmed_records, 2);
  EXPECT_THAT(db_->GetRecords({.shard_iterator = early}),
              IsError(ErrorKind::kTrimmedDataAccess, kTrimmed));
  const std::vector<StreamEvent> left = Records(arn);
  ASSERT_THAT(left, SizeIs(2));
  EXPECT_EQ(left[0].keys.at("pk"), S("k2"));
  EXPECT_EQ(left[1].keys.at("pk"), S("k3"));
  EXPECT_EQ(left[0].size_bytes, 4);
}

// --- ListStreams, DescribeStream ---

TEST_F(StreamOpsTest, ListStreamsFiltersAndPages) {
  const std::string a = CreateTable("aaa", StreamViewType::kKeysOnly);
  const std::string b = CreateTable("bbb", StreamViewType::kKeysOnly);
  const std::string c = CreateTable("ccc", StreamViewType::kKeysOnly);
  CreateTable("plain", std::nullopt);

  absl::StatusOr<ListStreamsResponse> list = db_->ListStreams({});
  ASSERT_THAT(list, IsOk());
  EXPECT_THAT(list->streams, ElementsAre(Field(&StreamSummary::stream_arn, c),
                                         Field(&StreamSummary::stream_arn, b),
                                         Field(&StreamSummary::stream_arn, a)));
  EXPECT_EQ(list->streams[0].table_name, "ccc");
  EXPECT_EQ(list->streams[0].stream_label, c.substr(c.rfind('/') + 1));
  EXPECT_EQ(list->last_evaluated_stream_arn, std::nullopt);

  list = db_->ListStreams({.table_name = "bbb"});
  ASSERT_THAT(list, IsOk());
  EXPECT_THAT(list->streams, ElementsAre(Field(&StreamSummary::stream_arn, b)));
  list = db_->ListStreams({.table_name = "plain"});
  ASSERT_THAT(list, IsOk());
  EXPECT_THAT(list->streams, IsEmpty());

  list = db_->ListStreams({.limit = 2});
  ASSERT_THAT(list, IsOk());
  EXPECT_THAT(list->streams, SizeIs(2));
  EXPECT_EQ(list->last_evaluated_stream_arn, b);
  list = db_->ListStreams({.limit = 2, .exclusive_start_stream_arn = b});
  ASSERT_THAT(list, IsOk());
  EXPECT_THAT(list->streams, ElementsAre(Field(&StreamSummary::stream_arn, a)));
  EXPECT_EQ(list->last_evaluated_stream_arn, std::nullopt);

  EXPECT_THAT(db_->ListStreams({.limit = 0}),
              IsError(kValidation,
                      "1 validation error detected: Value '0' at 'limit' "
                      "failed to satisfy constraint: Member must have value "
                      "greater than or equal to 1"));
  EXPECT_THAT(db_->ListStreams({.limit = 101}),
              IsError(kValidation,
                      "1 validation error detected: Value '101' at 'limit' "
                      "failed to satisfy constraint: Member must have value "
                      "less than or equal to 100"));
}

TEST_F(StreamOpsTest, DescribeStreamPagesShards) {
  MakeDatabase(StreamOptions{.shard_max_records = 1});
  const std::string arn = CreateTable("tbl", StreamViewType::kKeysOnly);
  for (const char* pk : {"a", "b", "c"}) Put({{"pk", S(pk)}});
  const std::vector<StreamShard> all = Shards(arn);
  ASSERT_THAT(all, SizeIs(3));

  absl::StatusOr<DescribeStreamResponse> d =
      db_->DescribeStream({.stream_arn = arn, .limit = 2});
  ASSERT_THAT(d, IsOk());
  ASSERT_THAT(d->stream_description.shards, SizeIs(2));
  EXPECT_EQ(d->stream_description.shards[0].shard_id, all[0].shard_id);
  EXPECT_EQ(d->stream_description.last_evaluated_shard_id, all[1].shard_id);
  d = db_->DescribeStream({.stream_arn = arn,
                           .limit = 2,
                           .exclusive_start_shard_id = all[1].shard_id});
  ASSERT_THAT(d, IsOk());
  ASSERT_THAT(d->stream_description.shards, SizeIs(1));
  EXPECT_EQ(d->stream_description.shards[0].shard_id, all[2].shard_id);
  EXPECT_EQ(d->stream_description.shards[0].parent_shard_id, all[1].shard_id);
  EXPECT_EQ(d->stream_description.last_evaluated_shard_id, std::nullopt);
  // After a shard that is not the stream's: none.
  d = db_->DescribeStream(
      {.stream_arn = arn,
       .exclusive_start_shard_id = "shardId-00000000000000000000-ffffffff"});
  ASSERT_THAT(d, IsOk());
  EXPECT_THAT(d->stream_description.shards, IsEmpty());

  const std::string unknown = std::string(kTableArn) + "/stream/nope";
  EXPECT_THAT(db_->DescribeStream({.stream_arn = unknown}),
              IsError(ErrorKind::kResourceNotFound,
                      "Requested resource not found: Stream: " + unknown +
                          " not found"));
  EXPECT_THAT(db_->DescribeStream({.stream_arn = arn, .limit = 101}),
              ErrorKindIs(kValidation));
  EXPECT_THAT(db_->DescribeStream({.stream_arn = arn, .limit = 0}),
              ErrorKindIs(kValidation));
}

// --- WaitForStreamRecords ---

TEST_F(StreamOpsTest, WaitForStreamRecordsTimesOut) {
  const std::string arn = CreateTable("tbl", StreamViewType::kKeysOnly);
  const std::string head =
      Iterator(arn, FirstShard(arn), ShardIteratorType::kLatest);
  EXPECT_THAT(db_->WaitForStreamRecords(head, absl::Milliseconds(50)),
              IsOkAndHolds(false));
}

TEST_F(StreamOpsTest, WaitForStreamRecordsWakesOnAWrite) {
  const std::string arn = CreateTable("tbl", StreamViewType::kKeysOnly);
  const std::string head =
      Iterator(arn, FirstShard(arn), ShardIteratorType::kLatest);
  std::thread writer([&] {
    absl::SleepFor(absl::Milliseconds(20));
    Put({{"pk", S("a")}});
  });
  const absl::Time start = absl::Now();
  EXPECT_THAT(db_->WaitForStreamRecords(head, absl::Seconds(10)),
              IsOkAndHolds(true));
  EXPECT_LT(absl::Now() - start, absl::Seconds(5));
  writer.join();
  absl::StatusOr<GetRecordsResponse> page =
      db_->GetRecords({.shard_iterator = head});
  ASSERT_THAT(page, IsOk());
  EXPECT_THAT(page->records, SizeIs(1));
}

TEST_F(StreamOpsTest, WaitForStreamRecordsReturnsAtOnceWhenTheShardCloses) {
  const std::string arn = CreateTable("tbl", StreamViewType::kKeysOnly);
  const std::string head =
      Iterator(arn, FirstShard(arn), ShardIteratorType::kLatest);
  ASSERT_THAT(UpdateStream("tbl", Disabled()), IsOk());
  EXPECT_THAT(db_->WaitForStreamRecords(head, absl::Seconds(10)),
              IsOkAndHolds(true));
  absl::StatusOr<GetRecordsResponse> page =
      db_->GetRecords({.shard_iterator = head});
  ASSERT_THAT(page, IsOk());
  EXPECT_THAT(page->records, IsEmpty());
  EXPECT_EQ(page->next_shard_iterator, std::nullopt);
}

}  // namespace
}  // namespace dynamite
