// Time to live (api/ttl_ops.cc): UpdateTimeToLive and DescribeTimeToLive
// with DynamoDB's rules and messages, the sweep that deletes expired items
// through the commit point (indexes, streams), the background sweeper, and
// the controlled clock.

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/time/clock.h"
#include "absl/time/time.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include "api/database.h"
#include "common/errors.h"
#include "tests/support/database_fixtures.h"
#include "tests/support/manual_clock.h"
#include "tests/support/status_matchers.h"

namespace dynamite {
namespace {

using ::dynamite::testing::IsError;
using ::dynamite::testing::IsOk;
using ::dynamite::testing::ManualClock;
using ::dynamite::testing::N;
using ::dynamite::testing::S;
using ::dynamite::testing::TableRequest;
using ::testing::ElementsAre;
using ::testing::IsEmpty;
using ::testing::Optional;

constexpr ErrorKind kValidation = ErrorKind::kValidation;
// ManualClock's start, 2026-01-01T00:00:00Z.
constexpr int64_t kNow = 1767225600;

class TtlOpsTest : public ::testing::Test {
 protected:
  explicit TtlOpsTest(DatabaseOptions options = {}) {
    options.controlled_clock = &clock_;
    db_ = std::make_unique<Database>(options);
  }

  void SetUp() override {
    CreateTableRequest create = TableRequest("tbl", KeyType::kS, {});
    create.stream_specification =
        StreamSpecification{true, StreamViewType::kNewAndOldImages};
    ASSERT_THAT(db_->CreateTable(create), IsOk());
  }

  absl::StatusOr<UpdateTimeToLiveResponse> Update(
      std::optional<bool> enabled, std::optional<std::string> attribute,
      const std::string& table = "tbl") {
    return db_->UpdateTimeToLive(
        {.table_name = table,
         .time_to_live_specification =
             TimeToLiveSpecification{enabled, std::move(attribute)}});
  }
  TimeToLiveDescription Describe() {
    auto described = db_->DescribeTimeToLive({.table_name = "tbl"});
    EXPECT_THAT(described, IsOk());
    return described.ok() ? described->time_to_live_description
                          : TimeToLiveDescription{};
  }
  void Put(const std::string& pk, std::optional<AttributeValue> expires) {
    Item item{{"pk", S(pk)}};
    if (expires.has_value()) item.emplace("expiresAt", *expires);
    ASSERT_THAT(db_->PutItem({.table_name = "tbl", .item = std::move(item)}),
                IsOk());
  }
  bool Has(const std::string& pk) {
    auto got = db_->GetItem({.table_name = "tbl", .key = Item{{"pk", S(pk)}}});
    EXPECT_THAT(got, IsOk());
    return got.ok() && static_cast<bool>(got->item);
  }
  static AttributeValue Seconds(int64_t seconds) {
    return N(std::to_string(seconds));
  }
  // Every record of the table's stream (one shard: no roll-over here).
  std::vector<StreamEvent> Records() {
    auto table = db_->DescribeTable({.table_name = "tbl"});
    EXPECT_THAT(table, IsOk());
    const std::string arn = table->table.latest_stream_arn;
    auto stream = db_->DescribeStream({.stream_arn = arn});
    EXPECT_THAT(stream, IsOk());
    auto iterator = db_->GetShardIterator(
        {.stream_arn = arn,
         .shard_id = stream->stream_description.shards.front().shard_id,
         .shard_iterator_type = ShardIteratorType::kTrimHorizon});
    EXPECT_THAT(iterator, IsOk());
    auto page = db_->GetRecords({.shard_iterator = iterator->shard_iterator});
    EXPECT_THAT(page, IsOk());
    return page.ok() ? page->records : std::vector<StreamEvent>{};
  }

  ManualClock clock_;
  std::unique_ptr<Database> db_;
};

// --- UpdateTimeToLive and DescribeTimeToLive ---

TEST_F(TtlOpsTest, NewTableIsDisabledWithoutAttribute) {
  TimeToLiveDescription d = Describe();
  EXPECT_EQ(d.time_to_live_status, TimeToLiveStatus::kDisabled);
  EXPECT_EQ(d.attribute_name, std::nullopt);
}

TEST_F(TtlOpsTest, EnableEchoesTheSpecificationAndIsEnabledAtOnce) {
  auto updated = Update(true, "expiresAt");
  ASSERT_THAT(updated, IsOk());
  EXPECT_TRUE(updated->enabled);
  EXPECT_THAT(updated->attribute_name, Optional(std::string("expiresAt")));
  TimeToLiveDescription d = Describe();
  EXPECT_EQ(d.time_to_live_status, TimeToLiveStatus::kEnabled);
  EXPECT_THAT(d.attribute_name, Optional(std::string("expiresAt")));
}

TEST_F(TtlOpsTest, EnablingWhenEnabledIsRefusedWhateverTheAttribute) {
  ASSERT_THAT(Update(true, "expiresAt"), IsOk());
  clock_.Advance(absl::Hours(2));
  EXPECT_THAT(Update(true, "expiresAt"),
              IsError(kValidation, "TimeToLive is already enabled"));
  EXPECT_THAT(Update(true, "other"),
              IsError(kValidation, "TimeToLive is already enabled"));
  EXPECT_THAT(Describe().attribute_name, Optional(std::string("expiresAt")));
}

TEST_F(TtlOpsTest, DisablingWhenDisabledIsRefused) {
  EXPECT_THAT(Update(false, "expiresAt"),
              IsError(kValidation, "TimeToLive is already disabled"));
}

TEST_F(TtlOpsTest, DisablingAnotherAttributeIsRefused) {
  ASSERT_THAT(Update(true, "expiresAt"), IsOk());
  clock_.Advance(absl::Hours(2));
  EXPECT_THAT(Update(false, "other"),
              IsError(kValidation,
                      "TimeToLive is active on a different AttributeName: "
                      "current AttributeName is expiresAt"));
}

TEST_F(TtlOpsTest, ASecondChangeWithinAnHourIsRefused) {
  constexpr char kTooSoon[] =
      "Time to live has been modified multiple times within a fixed interval";
  ASSERT_THAT(Update(true, "expiresAt"), IsOk());
  EXPECT_THAT(Update(false, "expiresAt"), IsError(kValidation, kTooSoon));
  clock_.Advance(absl::Minutes(59));
  EXPECT_THAT(Update(false, "expiresAt"), IsError(kValidation, kTooSoon));
  clock_.Advance(absl::Minutes(1));
  auto disabled = Update(false, "expiresAt");
  ASSERT_THAT(disabled, IsOk());
  EXPECT_FALSE(disabled->enabled);
  EXPECT_EQ(disabled->attribute_name, std::nullopt);
  TimeToLiveDescription d = Describe();
  EXPECT_EQ(d.time_to_live_status, TimeToLiveStatus::kDisabled);
  EXPECT_EQ(d.attribute_name, std::nullopt);
  // Re-enabling, on another attribute, is one more change.
  EXPECT_THAT(Update(true, "other"), IsError(kValidation, kTooSoon));
  clock_.Advance(absl::Hours(1));
  ASSERT_THAT(Update(true, "other"), IsOk());
  EXPECT_THAT(Describe().attribute_name, Optional(std::string("other")));
}

class TtlNoIntervalTest : public TtlOpsTest {
 protected:
  TtlNoIntervalTest()
      : TtlOpsTest({.time_to_live_change_interval = absl::ZeroDuration()}) {}
};

TEST_F(TtlNoIntervalTest, AZeroChangeIntervalLetsATestToggle) {
  ASSERT_THAT(Update(true, "expiresAt"), IsOk());
  ASSERT_THAT(Update(false, "expiresAt"), IsOk());
  ASSERT_THAT(Update(true, "expiresAt"), IsOk());
  EXPECT_EQ(Describe().time_to_live_status, TimeToLiveStatus::kEnabled);
}

TEST_F(TtlOpsTest, ValidatesTheRequestBeforeTheTable) {
  EXPECT_THAT(db_->UpdateTimeToLive({.table_name = "missing"}),
              IsError(kValidation,
                      "1 validation error detected: Value null at "
                      "'timeToLiveSpecification' failed to satisfy "
                      "constraint: Member must not be null"));
  EXPECT_THAT(Update(std::nullopt, std::nullopt, "missing"),
              IsError(kValidation,
                      "2 validation errors detected: Value null at "
                      "'timeToLiveSpecification.enabled' failed to satisfy "
                      "constraint: Member must not be null; Value null at "
                      "'timeToLiveSpecification.attributeName' failed to "
                      "satisfy constraint: Member must not be null"));
  EXPECT_THAT(Update(true, "", "missing"),
              IsError(kValidation,
                      "TimeToLiveSpecification.AttributeName must be non "
                      "empty"));
  const std::string long_name(256, 'a');
  EXPECT_THAT(
      Update(true, long_name, "missing"),
      IsError(kValidation, "1 validation error detected: Value '" + long_name +
                               "' at 'timeToLiveSpecification.attributeName' "
                               "failed to satisfy constraint: Member must have "
                               "length less than or equal to 255"));
  EXPECT_THAT(Update(true, std::string(255, 'a')), IsOk());
}

TEST_F(TtlOpsTest, TableNameErrorsAreTheTableOperations) {
  constexpr char kLength[] =
      "TableName must be at least 3 characters long and at most 255 "
      "characters long";
  EXPECT_THAT(Update(true, "x", "ab"), IsError(kValidation, kLength));
  EXPECT_THAT(db_->DescribeTimeToLive({.table_name = "ab"}),
              IsError(kValidation, kLength));
  EXPECT_THAT(
      Update(true, "x", "missing"),
      IsError(ErrorKind::kResourceNotFound,
              "Requested resource not found: Table: missing not found"));
  EXPECT_THAT(
      db_->DescribeTimeToLive({.table_name = "missing"}),
      IsError(ErrorKind::kResourceNotFound,
              "Requested resource not found: Table: missing not found"));
}

TEST_F(TtlOpsTest, ARecreatedTableStartsDisabled) {
  ASSERT_THAT(Update(true, "expiresAt"), IsOk());
  ASSERT_THAT(db_->DeleteTable({.table_name = "tbl"}), IsOk());
  ASSERT_THAT(db_->CreateTable(TableRequest("tbl", KeyType::kS, {})), IsOk());
  EXPECT_EQ(Describe().time_to_live_status, TimeToLiveStatus::kDisabled);
  EXPECT_THAT(Update(true, "expiresAt"), IsOk());
}

// --- Which items have expired ---

TEST_F(TtlOpsTest, SweepDeletesTheItemsWhoseTimeHasCome) {
  ASSERT_THAT(Update(true, "expiresAt"), IsOk());
  Put("past", Seconds(kNow - 60));
  Put("now", Seconds(kNow));
  Put("fraction", N(std::to_string(kNow) + ".5"));
  Put("future", Seconds(kNow + 60));
  Put("string", S(std::to_string(kNow - 60)));
  Put("none", std::nullopt);
  Put("ancient", Seconds(kNow - 6 * 365 * 24 * 3600));
  Put("millis", Seconds((kNow - 60) * 1000));
  EXPECT_EQ(db_->SweepExpiredItems().deleted_items, 2);
  EXPECT_FALSE(Has("past"));
  EXPECT_FALSE(Has("now"));
  // Not yet: 0.5 s to go.
  EXPECT_TRUE(Has("fraction"));
  EXPECT_TRUE(Has("future"));
  // Ignored, as DynamoDB ignores them: not a Number, no attribute, more
  // than five years ago, and a time in milliseconds (far in the future).
  EXPECT_TRUE(Has("string"));
  EXPECT_TRUE(Has("none"));
  EXPECT_TRUE(Has("ancient"));
  EXPECT_TRUE(Has("millis"));
  clock_.Advance(absl::Seconds(1));
  EXPECT_EQ(db_->SweepExpiredItems().deleted_items, 1);
  EXPECT_FALSE(Has("fraction"));
}

TEST_F(TtlOpsTest, ExpiredItemsAreReadUntilSwept) {
  ASSERT_THAT(Update(true, "expiresAt"), IsOk());
  Put("a", Seconds(kNow + 10));
  clock_.Advance(absl::Seconds(11));
  EXPECT_TRUE(Has("a"));
  auto scan = db_->Scan({.table_name = "tbl"});
  ASSERT_THAT(scan, IsOk());
  EXPECT_EQ(scan->count, 1);
  EXPECT_EQ(db_->SweepExpiredItems().deleted_items, 1);
  EXPECT_FALSE(Has("a"));
}

TEST_F(TtlOpsTest, NothingIsSweptWhileDisabled) {
  Put("a", Seconds(kNow - 60));
  EXPECT_EQ(db_->SweepExpiredItems().deleted_items, 0);
  ASSERT_THAT(Update(true, "expiresAt"), IsOk());
  clock_.Advance(absl::Hours(1));
  ASSERT_THAT(Update(false, "expiresAt"), IsOk());
  EXPECT_EQ(db_->SweepExpiredItems().deleted_items, 0);
  EXPECT_TRUE(Has("a"));
}

TEST_F(TtlOpsTest, AnItemGivenALaterExpiryIsKept) {
  ASSERT_THAT(Update(true, "expiresAt"), IsOk());
  Put("a", Seconds(kNow + 10));
  clock_.Advance(absl::Seconds(20));
  Put("a", Seconds(kNow + 3600));
  EXPECT_EQ(db_->SweepExpiredItems().deleted_items, 0);
  EXPECT_TRUE(Has("a"));
}

// --- Deletion through the commit point ---

TEST_F(TtlOpsTest, StreamRecordsTheDeletionAsTheService) {
  ASSERT_THAT(Update(true, "expiresAt"), IsOk());
  Put("a", Seconds(kNow - 1));
  Put("b", Seconds(kNow + 3600));
  ASSERT_THAT(
      db_->DeleteItem({.table_name = "tbl", .key = Item{{"pk", S("b")}}}),
      IsOk());
  ASSERT_EQ(db_->SweepExpiredItems().deleted_items, 1);
  std::vector<StreamEvent> records = Records();
  ASSERT_EQ(records.size(), 4u);
  // INSERT a, INSERT b, REMOVE b (a request's), REMOVE a (the sweep's).
  EXPECT_EQ(records[2].event_name, StreamEventType::kRemove);
  EXPECT_EQ(records[2].user_identity.has_value(), false);
  const StreamEvent& expired = records[3];
  EXPECT_EQ(expired.event_name, StreamEventType::kRemove);
  EXPECT_EQ(expired.keys, (Item{{"pk", S("a")}}));
  EXPECT_THAT(expired.old_image,
              Optional(Item{{"pk", S("a")}, {"expiresAt", Seconds(kNow - 1)}}));
  EXPECT_EQ(expired.new_image, std::nullopt);
  ASSERT_TRUE(expired.user_identity.has_value());
  EXPECT_EQ(expired.user_identity->type, "Service");
  EXPECT_EQ(expired.user_identity->principal_id, "dynamodb.amazonaws.com");
  for (int i = 0; i < 2; ++i) {
    EXPECT_EQ(records[i].user_identity.has_value(), false);
  }
}

TEST(TtlIndexTest, SweepRemovesTheItemFromEveryIndex) {
  ManualClock clock;
  Database db({.controlled_clock = &clock});
  CreateTableRequest create = TableRequest("tbl", KeyType::kS, KeyType::kS);
  create.attribute_definitions.push_back({"lsk", KeyType::kS});
  create.attribute_definitions.push_back({"gpk", KeyType::kS});
  create.local_secondary_indexes = std::vector<LocalSecondaryIndex>{
      {.index_name = "byLsk",
       .key_schema = {{"pk", KeySchemaRole::kHash},
                      {"lsk", KeySchemaRole::kRange}},
       .projection = {.projection_type = ProjectionType::kAll}}};
  create.global_secondary_indexes = std::vector<GlobalSecondaryIndex>{
      {.index_name = "byGpk",
       .key_schema = {{"gpk", KeySchemaRole::kHash}},
       .projection = {.projection_type = ProjectionType::kKeysOnly}}};
  ASSERT_THAT(db.CreateTable(create), IsOk());
  ASSERT_THAT(
      db.UpdateTimeToLive({.table_name = "tbl",
                           .time_to_live_specification =
                               TimeToLiveSpecification{true, "expiresAt"}}),
      IsOk());
  for (const auto& [sk, expires] :
       {std::pair{"old", kNow - 1}, std::pair{"new", kNow + 60}}) {
    ASSERT_THAT(
        db.PutItem({.table_name = "tbl",
                    .item = Item{{"pk", S("p")},
                                 {"sk", S(sk)},
                                 {"lsk", S(sk)},
                                 {"gpk", S("g")},
                                 {"expiresAt", N(std::to_string(expires))}}}),
        IsOk());
  }
  ASSERT_EQ(db.SweepExpiredItems().deleted_items, 1);
  auto lsi = db.Query({.table_name = "tbl",
                       .index_name = "byLsk",
                       .key_condition_expression = "pk = :p",
                       .expression_attribute_values = Item{{":p", S("p")}}});
  ASSERT_THAT(lsi, IsOk());
  ASSERT_EQ(lsi->items.size(), 1u);
  EXPECT_EQ(lsi->items[0]->at("sk"), S("new"));
  auto gsi = db.Query({.table_name = "tbl",
                       .index_name = "byGpk",
                       .key_condition_expression = "gpk = :g",
                       .expression_attribute_values = Item{{":g", S("g")}}});
  ASSERT_THAT(gsi, IsOk());
  ASSERT_EQ(gsi->items.size(), 1u);
  EXPECT_EQ(gsi->items[0]->at("sk"), S("new"));
  auto described = db.DescribeTable({.table_name = "tbl"});
  ASSERT_THAT(described, IsOk());
  EXPECT_EQ(described->table.item_count, 1);
}

// --- The background sweeper and the clock ---

TEST(TtlSweeperTest, TheSweeperDeletesWithoutBeingAsked) {
  ManualClock clock;
  Database db({.controlled_clock = &clock,
               .time_to_live_sweep_interval = absl::Milliseconds(5)});
  ASSERT_THAT(db.CreateTable(TableRequest("tbl", KeyType::kS, {})), IsOk());
  ASSERT_THAT(
      db.UpdateTimeToLive({.table_name = "tbl",
                           .time_to_live_specification =
                               TimeToLiveSpecification{true, "expiresAt"}}),
      IsOk());
  ASSERT_THAT(
      db.PutItem({.table_name = "tbl",
                  .item = Item{{"pk", S("a")},
                               {"expiresAt", N(std::to_string(kNow + 30))}}}),
      IsOk());
  ASSERT_THAT(db.AdvanceClock(absl::Seconds(30)), IsOk());
  // Bounded: the sweeper runs every 5 ms; ten seconds means it never did.
  const absl::Time deadline = absl::Now() + absl::Seconds(10);
  bool gone = false;
  while (!gone && absl::Now() < deadline) {
    auto got = db.GetItem({.table_name = "tbl", .key = Item{{"pk", S("a")}}});
    ASSERT_THAT(got, IsOk());
    gone = !static_cast<bool>(got->item);
    if (!gone) absl::SleepFor(absl::Milliseconds(1));
  }
  EXPECT_TRUE(gone);
}

TEST(TtlClockTest, AdvanceClockNeedsAControlledClock) {
  Database db;
  EXPECT_THAT(db.AdvanceClock(absl::Seconds(1)),
              IsError(kValidation,
                      "The clock cannot be moved: this Database runs on the "
                      "real clock (start dynamite serve with --manual-clock "
                      "or --clock-start)"));
  ManualClock clock;
  Database controlled({.controlled_clock = &clock});
  EXPECT_THAT(controlled.AdvanceClock(absl::Seconds(-1)),
              IsError(kValidation, "The clock can only be moved forward"));
  auto now = controlled.AdvanceClock(absl::Seconds(90));
  ASSERT_THAT(now, IsOk());
  EXPECT_EQ(*now, absl::FromUnixSeconds(kNow + 90));
  EXPECT_EQ(clock.Now(), absl::FromUnixSeconds(kNow + 90));
}

TEST(TtlClockTest, ARunningClockTicksFromItsStart) {
  ControlledClock clock(absl::FromUnixSeconds(kNow),
                        ControlledClock::Mode::kRunning);
  const absl::Time first = clock.Now();
  EXPECT_GE(first, absl::FromUnixSeconds(kNow));
  EXPECT_LT(first, absl::FromUnixSeconds(kNow + 60));
  clock.Advance(absl::Hours(1));
  EXPECT_GE(clock.Now(), first + absl::Hours(1));
}

}  // namespace
}  // namespace dynamite
