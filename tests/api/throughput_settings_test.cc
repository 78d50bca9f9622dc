// OnDemandThroughput and WarmThroughput (api/throughput_rules.h): what
// CreateTable and UpdateTable accept, the messages for what they refuse,
// and what DescribeTable shows, as DynamoDB does (ack-api-quirks
// DDB-TABLE-028, -032, -038, -039, -051, -059, -061, -154, -178, -182).

#include <memory>
#include <string>

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
using ::dynamite::testing::TableRequest;
using ::testing::Optional;

constexpr ErrorKind kValidation = ErrorKind::kValidation;
constexpr ErrorKind kLimit = ErrorKind::kLimitExceeded;

std::string Invalid(const std::string& detail) {
  return "One or more parameter values were invalid: " + detail;
}

MATCHER_P2(Warm, read, write, "") {
  return arg.read_units_per_second == read &&
         arg.write_units_per_second == write;
}
MATCHER_P2(Caps, read, write, "") {
  return arg.max_read_request_units == read &&
         arg.max_write_request_units == write;
}

CreateTableRequest Provisioned(int64_t read, int64_t write) {
  CreateTableRequest request = TableRequest("tbl", KeyType::kS, {});
  request.billing_mode = BillingMode::kProvisioned;
  request.provisioned_throughput = ProvisionedThroughput{read, write};
  return request;
}

class ThroughputSettingsTest : public ::testing::Test {
 protected:
  ThroughputSettingsTest() { Reset(absl::ZeroDuration()); }

  void Reset(absl::Duration delay) {
    DatabaseOptions options;
    options.controlled_clock = &clock_;
    options.region = "us-west-2";
    options.transient_status_delay = delay;
    db_ = std::make_unique<Database>(options);
  }
  TableDescription Describe() {
    auto described = db_->DescribeTable({.table_name = "tbl"});
    EXPECT_THAT(described, IsOk());
    return described.ok() ? described->table : TableDescription{};
  }
  absl::StatusOr<UpdateTableResponse> Update(
      std::optional<OnDemandThroughput> caps,
      std::optional<WarmThroughputRequest> warm = std::nullopt) {
    UpdateTableRequest request;
    request.table_name = "tbl";
    request.on_demand_throughput = caps;
    request.warm_throughput = warm;
    return db_->UpdateTable(request);
  }

  ManualClock clock_{absl::FromUnixSeconds(1'800'000'000)};
  std::unique_ptr<Database> db_;
};

TEST_F(ThroughputSettingsTest, DefaultsAsDynamoDbDescribesThem) {
  ASSERT_THAT(db_->CreateTable(TableRequest("tbl", KeyType::kS, {})), IsOk());
  TableDescription on_demand = Describe();
  EXPECT_EQ(on_demand.on_demand_throughput, std::nullopt);
  ASSERT_TRUE(on_demand.warm_throughput.has_value());
  EXPECT_THAT(*on_demand.warm_throughput, Warm(12000, 4000));
  EXPECT_EQ(on_demand.warm_throughput->status, "ACTIVE");

  Reset(absl::ZeroDuration());
  auto created = db_->CreateTable(Provisioned(5, 3));
  ASSERT_THAT(created, IsOk());
  // CreateTable's answer has no WarmThroughput unless it was asked for.
  EXPECT_EQ(created->table_description.warm_throughput, std::nullopt);
  EXPECT_THAT(Describe().warm_throughput, Optional(Warm(5, 3)));
}

TEST_F(ThroughputSettingsTest, CreateTableKeepsWhatItWasGiven) {
  CreateTableRequest request = TableRequest("tbl", KeyType::kS, {});
  request.on_demand_throughput = OnDemandThroughput{100, std::nullopt};
  request.warm_throughput = WarmThroughputRequest{12001, std::nullopt};
  auto created = db_->CreateTable(request);
  ASSERT_THAT(created, IsOk());
  EXPECT_THAT(created->table_description.warm_throughput,
              Optional(Warm(12001, 4000)));
  TableDescription described = Describe();
  EXPECT_THAT(described.on_demand_throughput,
              Optional(Caps(std::optional<int64_t>(100), std::nullopt)));
  EXPECT_THAT(described.warm_throughput, Optional(Warm(12001, 4000)));
}

TEST_F(ThroughputSettingsTest, CreateTableRefusesBadValues) {
  CreateTableRequest caps_on_provisioned = Provisioned(1, 1);
  caps_on_provisioned.on_demand_throughput =
      OnDemandThroughput{std::nullopt, 10};
  EXPECT_THAT(db_->CreateTable(caps_on_provisioned),
              IsError(kValidation,
                      Invalid("MaxWriteRequestUnits for OnDemandThroughput "
                              "cannot be specified when table BillingMode is "
                              "PROVISIONED.")));
  for (int64_t bad : {0, -1, -2}) {
    CreateTableRequest request = TableRequest("tbl", KeyType::kS, {});
    request.on_demand_throughput = OnDemandThroughput{bad, bad};
    EXPECT_THAT(db_->CreateTable(request),
                IsError(kValidation,
                        Invalid("Requested MaxReadRequestUnits for "
                                "OnDemandThroughput for table is outside of "
                                "valid range")))
        << bad;
  }
  CreateTableRequest above_quota = TableRequest("tbl", KeyType::kS, {});
  above_quota.on_demand_throughput = OnDemandThroughput{40001, std::nullopt};
  EXPECT_THAT(db_->CreateTable(above_quota),
              IsError(kLimit,
                      "Subscriber limit exceeded: Requested "
                      "MaxReadRequestUnits for OnDemandThroughput for table "
                      "exceeds TableMaxReadCapacityUnits of the account in "
                      "region us-west-2"));
  CreateTableRequest cold = TableRequest("tbl", KeyType::kS, {});
  cold.warm_throughput = WarmThroughputRequest{12000, 3999};
  EXPECT_THAT(
      db_->CreateTable(cold),
      IsError(kValidation,
              Invalid("Requested WriteUnitsPerSecond for WarmThroughput for "
                      "table is lower than initial throughput for OnDemand. "
                      "See: https://docs.aws.amazon.com/amazondynamodb/latest/"
                      "developerguide/on-demand-capacity-mode.html"
                      "#on-demand-capacity-mode-initial")));
  CreateTableRequest below_capacity = Provisioned(10, 10);
  below_capacity.warm_throughput = WarmThroughputRequest{5, 5};
  EXPECT_THAT(db_->CreateTable(below_capacity),
              IsError(kValidation,
                      Invalid("Requested ReadUnitsPerSecond for WarmThroughput "
                              "for table is lower than ReadCapacityUnits of "
                              "ProvisionedThroughput")));
  // Nothing was created by the refused requests.
  EXPECT_THAT(db_->DescribeTable({.table_name = "tbl"}),
              IsError(ErrorKind::kResourceNotFound,
                      "Requested resource not found: Table: tbl not found"));
}

TEST_F(ThroughputSettingsTest, UpdateTableMergesCapsAndMinusOneClears) {
  ASSERT_THAT(db_->CreateTable(TableRequest("tbl", KeyType::kS, {})), IsOk());
  auto set = Update(OnDemandThroughput{1000, 500});
  ASSERT_THAT(set, IsOk());
  EXPECT_THAT(set->table_description.on_demand_throughput,
              Optional(Caps(std::optional<int64_t>(1000),
                            std::optional<int64_t>(500))));
  ASSERT_THAT(Update(OnDemandThroughput{2000, std::nullopt}), IsOk());
  EXPECT_THAT(Describe().on_demand_throughput,
              Optional(Caps(std::optional<int64_t>(2000),
                            std::optional<int64_t>(500))));
  // The answer shows the cleared member as -1; DescribeTable omits it.
  auto cleared = Update(OnDemandThroughput{-1, std::nullopt});
  ASSERT_THAT(cleared, IsOk());
  EXPECT_THAT(
      cleared->table_description.on_demand_throughput,
      Optional(Caps(std::optional<int64_t>(-1), std::optional<int64_t>(500))));
  EXPECT_THAT(Describe().on_demand_throughput,
              Optional(Caps(std::nullopt, std::optional<int64_t>(500))));
  ASSERT_THAT(Update(OnDemandThroughput{std::nullopt, -1}), IsOk());
  EXPECT_EQ(Describe().on_demand_throughput, std::nullopt);
}

TEST_F(ThroughputSettingsTest, UpdateTableRefusesBadCaps) {
  ASSERT_THAT(db_->CreateTable(TableRequest("tbl", KeyType::kS, {})), IsOk());
  EXPECT_THAT(
      Update(OnDemandThroughput{std::nullopt, 0}),
      IsError(kValidation, Invalid("Requested MaxWriteRequestUnits for "
                                   "OnDemandThroughput for table is outside of "
                                   "valid range")));
  EXPECT_THAT(
      Update(OnDemandThroughput{-2, std::nullopt}),
      IsError(kValidation, Invalid("Requested MaxReadRequestUnits for "
                                   "OnDemandThroughput for table is outside of "
                                   "valid range")));
  EXPECT_THAT(Update(OnDemandThroughput{}),
              IsError(kValidation,
                      Invalid("OnDemandThroughput must specify "
                              "MaxReadRequestUnits, MaxWriteRequestUnits or "
                              "both")));
  Reset(absl::ZeroDuration());
  ASSERT_THAT(db_->CreateTable(Provisioned(1, 1)), IsOk());
  EXPECT_THAT(Update(OnDemandThroughput{100, 100}),
              IsError(kValidation,
                      Invalid("MaxReadRequestUnits for OnDemandThroughput "
                              "cannot be specified when the table BillingMode "
                              "is PROVISIONED")));
  // Going on demand in the same request is how a cap is set at the switch.
  UpdateTableRequest switch_with_caps;
  switch_with_caps.table_name = "tbl";
  switch_with_caps.billing_mode = BillingMode::kPayPerRequest;
  switch_with_caps.on_demand_throughput = OnDemandThroughput{100, 100};
  ASSERT_THAT(db_->UpdateTable(switch_with_caps), IsOk());
  TableDescription described = Describe();
  EXPECT_THAT(
      described.on_demand_throughput,
      Optional(Caps(std::optional<int64_t>(100), std::optional<int64_t>(100))));
  EXPECT_THAT(described.warm_throughput, Optional(Warm(12000, 4000)));
}

TEST_F(ThroughputSettingsTest, WarmThroughputOnlyRises) {
  ASSERT_THAT(db_->CreateTable(Provisioned(1, 1)), IsOk());
  UpdateTableRequest raise_capacity;
  raise_capacity.table_name = "tbl";
  raise_capacity.provisioned_throughput = ProvisionedThroughput{3, 3};
  ASSERT_THAT(db_->UpdateTable(raise_capacity), IsOk());
  raise_capacity.provisioned_throughput = ProvisionedThroughput{1, 1};
  ASSERT_THAT(db_->UpdateTable(raise_capacity), IsOk());
  // The highest capacity ever provisioned stays warm.
  EXPECT_THAT(Describe().warm_throughput, Optional(Warm(3, 3)));
  EXPECT_THAT(Update(std::nullopt, WarmThroughputRequest{2, std::nullopt}),
              IsError(kValidation,
                      Invalid("Requested ReadUnitsPerSecond for WarmThroughput "
                              "for table is lower than current WarmThroughput, "
                              "decreasing WarmThroughput is not supported")));
  auto raised = Update(std::nullopt, WarmThroughputRequest{50, 50});
  ASSERT_THAT(raised, IsOk());
  EXPECT_THAT(raised->table_description.warm_throughput,
              Optional(Warm(50, 50)));
  // Re-asserting the current value is accepted; one member keeps the other.
  ASSERT_THAT(Update(std::nullopt, WarmThroughputRequest{std::nullopt, 50}),
              IsOk());
  EXPECT_THAT(Describe().warm_throughput, Optional(Warm(50, 50)));
  EXPECT_THAT(Update(std::nullopt, WarmThroughputRequest{}),
              IsError(kValidation,
                      Invalid("WarmThroughput must specify ReadUnitsPerSecond, "
                              "WriteUnitsPerSecond or both")));
}

TEST_F(ThroughputSettingsTest, DelayedStatusesShowWarmThroughputUpdating) {
  Reset(absl::Seconds(2));
  ASSERT_THAT(db_->CreateTable(TableRequest("tbl", KeyType::kS, {})), IsOk());
  clock_.Advance(absl::Seconds(3));
  auto raised = Update(std::nullopt, WarmThroughputRequest{13000, 5000});
  ASSERT_THAT(raised, IsOk());
  // The table stays ACTIVE; its warm throughput is UPDATING meanwhile.
  EXPECT_EQ(raised->table_description.table_status, "ACTIVE");
  EXPECT_EQ(raised->table_description.warm_throughput->status, "UPDATING");
  clock_.Advance(absl::Seconds(3));
  EXPECT_EQ(Describe().warm_throughput->status, "ACTIVE");
}

TEST_F(ThroughputSettingsTest, GlobalIndexesShowTheirWarmThroughput) {
  CreateTableRequest request = Provisioned(4, 2);
  request.attribute_definitions.push_back({"owner", KeyType::kS});
  GlobalSecondaryIndex gsi;
  gsi.index_name = "byOwner";
  gsi.key_schema = {{"owner", KeySchemaRole::kHash}};
  gsi.projection.projection_type = ProjectionType::kAll;
  gsi.provisioned_throughput = ProvisionedThroughput{7, 6};
  request.global_secondary_indexes = {gsi};
  ASSERT_THAT(db_->CreateTable(request), IsOk());
  const TableDescription described = Describe();
  ASSERT_EQ(described.global_secondary_indexes.size(), 1u);
  const IndexDescription& index = described.global_secondary_indexes[0];
  ASSERT_TRUE(index.warm_throughput.has_value());
  EXPECT_THAT(*index.warm_throughput, Warm(7, 6));
  EXPECT_EQ(index.warm_throughput->status, "ACTIVE");
}

}  // namespace
}  // namespace dynamite
