// A GSI's OnDemandThroughput and WarmThroughput (api/throughput_rules.h):
// CreateTable's GlobalSecondaryIndexes, UpdateTable's Create and Update
// actions, and what DescribeTable shows for each GSI.

#include <memory>
#include <optional>
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

using ::dynamite::testing::ErrorKindIs;
using ::dynamite::testing::IsError;
using ::dynamite::testing::IsOk;
using ::dynamite::testing::ManualClock;
using ::dynamite::testing::TableRequest;

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

GlobalSecondaryIndex ByOwner() {
  GlobalSecondaryIndex gsi;
  gsi.index_name = "byOwner";
  gsi.key_schema = {{"owner", KeySchemaRole::kHash}};
  gsi.projection.projection_type = ProjectionType::kAll;
  return gsi;
}

// "tbl" with the GSI `gsi` on "owner", on demand unless `provisioned`.
CreateTableRequest WithIndex(const GlobalSecondaryIndex& gsi,
                             bool provisioned = false) {
  CreateTableRequest request = TableRequest("tbl", KeyType::kS, {});
  request.attribute_definitions.push_back({"owner", KeyType::kS});
  if (provisioned) {
    request.billing_mode = BillingMode::kProvisioned;
    request.provisioned_throughput = ProvisionedThroughput{4, 2};
  }
  request.global_secondary_indexes = {gsi};
  return request;
}

class IndexThroughputSettingsTest : public ::testing::Test {
 protected:
  IndexThroughputSettingsTest() { Reset(absl::ZeroDuration()); }

  void Reset(absl::Duration delay) {
    DatabaseOptions options;
    options.controlled_clock = &clock_;
    options.region = "us-west-2";
    options.transient_status_delay = delay;
    db_ = std::make_unique<Database>(options);
  }
  IndexDescription DescribeIndex() {
    auto described = db_->DescribeTable({.table_name = "tbl"});
    EXPECT_THAT(described, IsOk());
    if (!described.ok() || described->table.global_secondary_indexes.empty()) {
      ADD_FAILURE() << "no GSI";
      return IndexDescription{};
    }
    return described->table.global_secondary_indexes[0];
  }
  absl::StatusOr<UpdateTableResponse> UpdateIndex(
      std::optional<OnDemandThroughput> caps,
      std::optional<WarmThroughputRequest> warm = std::nullopt,
      std::optional<ProvisionedThroughput> provisioned = std::nullopt) {
    UpdateTableRequest request;
    request.table_name = "tbl";
    GlobalSecondaryIndexUpdate update;
    update.update = GlobalSecondaryIndexUpdate::Update{
        .index_name = "byOwner",
        .provisioned_throughput = provisioned,
        .on_demand_throughput = caps,
        .warm_throughput = warm};
    request.global_secondary_index_updates = {update};
    return db_->UpdateTable(request);
  }

  ManualClock clock_{absl::FromUnixSeconds(1'800'000'000)};
  std::unique_ptr<Database> db_;
};

TEST_F(IndexThroughputSettingsTest, CreateTableKeepsWhatEachGsiWasGiven) {
  GlobalSecondaryIndex gsi = ByOwner();
  gsi.on_demand_throughput = OnDemandThroughput{std::nullopt, 50};
  gsi.warm_throughput = WarmThroughputRequest{15000, std::nullopt};
  ASSERT_THAT(db_->CreateTable(WithIndex(gsi)), IsOk());
  const IndexDescription index = DescribeIndex();
  ASSERT_TRUE(index.on_demand_throughput.has_value());
  EXPECT_THAT(*index.on_demand_throughput, Caps(std::nullopt, 50));
  ASSERT_TRUE(index.warm_throughput.has_value());
  EXPECT_THAT(*index.warm_throughput, Warm(15000, 4000));
  EXPECT_EQ(index.warm_throughput->status, "ACTIVE");
}

TEST_F(IndexThroughputSettingsTest, AGsiWithoutACapShowsNone) {
  ASSERT_THAT(db_->CreateTable(WithIndex(ByOwner())), IsOk());
  const IndexDescription index = DescribeIndex();
  EXPECT_FALSE(index.on_demand_throughput.has_value());
  EXPECT_THAT(*index.warm_throughput, Warm(12000, 4000));
}

TEST_F(IndexThroughputSettingsTest, CreateTableRefusesBadGsiSettings) {
  GlobalSecondaryIndex capped = ByOwner();
  capped.provisioned_throughput = ProvisionedThroughput{7, 6};
  capped.on_demand_throughput = OnDemandThroughput{10, std::nullopt};
  EXPECT_THAT(db_->CreateTable(WithIndex(capped, /*provisioned=*/true)),
              IsError(kValidation,
                      Invalid("MaxReadRequestUnits for OnDemandThroughput "
                              "cannot be specified when table BillingMode is "
                              "PROVISIONED.")));

  GlobalSecondaryIndex zero = ByOwner();
  zero.on_demand_throughput = OnDemandThroughput{std::nullopt, 0};
  EXPECT_THAT(
      db_->CreateTable(WithIndex(zero)),
      IsError(kValidation, Invalid("Requested MaxWriteRequestUnits for "
                                   "OnDemandThroughput for index is outside "
                                   "of valid range")));

  GlobalSecondaryIndex above = ByOwner();
  above.on_demand_throughput = OnDemandThroughput{40001, std::nullopt};
  EXPECT_THAT(db_->CreateTable(WithIndex(above)),
              IsError(kLimit,
                      "Subscriber limit exceeded: Requested "
                      "MaxReadRequestUnits for OnDemandThroughput for table "
                      "exceeds TableMaxReadCapacityUnits of the account in "
                      "region us-west-2"));

  GlobalSecondaryIndex cold = ByOwner();
  cold.warm_throughput = WarmThroughputRequest{std::nullopt, 3999};
  EXPECT_THAT(db_->CreateTable(WithIndex(cold)),
              IsError(kValidation,
                      Invalid("Requested WriteUnitsPerSecond for "
                              "WarmThroughput for index is lower than initial "
                              "throughput for OnDemand. See: "
                              "https://docs.aws.amazon.com/amazondynamodb/"
                              "latest/developerguide/"
                              "on-demand-capacity-mode.html#on-demand-"
                              "capacity-mode-initial")));

  GlobalSecondaryIndex below_capacity = ByOwner();
  below_capacity.provisioned_throughput = ProvisionedThroughput{7, 6};
  below_capacity.warm_throughput = WarmThroughputRequest{6, std::nullopt};
  EXPECT_THAT(
      db_->CreateTable(WithIndex(below_capacity, /*provisioned=*/true)),
      IsError(kValidation, Invalid("Requested ReadUnitsPerSecond for "
                                   "WarmThroughput for index is lower than "
                                   "ReadCapacityUnits of "
                                   "ProvisionedThroughput")));
  // Nothing was created.
  EXPECT_THAT(db_->DescribeTable({.table_name = "tbl"}),
              ErrorKindIs(ErrorKind::kResourceNotFound));
}

TEST_F(IndexThroughputSettingsTest, UpdateMergesCapsAndMinusOneClears) {
  ASSERT_THAT(db_->CreateTable(WithIndex(ByOwner())), IsOk());
  ASSERT_THAT(UpdateIndex(OnDemandThroughput{100, 200}), IsOk());
  EXPECT_THAT(*DescribeIndex().on_demand_throughput, Caps(100, 200));
  ASSERT_THAT(UpdateIndex(OnDemandThroughput{-1, std::nullopt}), IsOk());
  EXPECT_THAT(*DescribeIndex().on_demand_throughput, Caps(std::nullopt, 200));
  ASSERT_THAT(UpdateIndex(OnDemandThroughput{std::nullopt, -1}), IsOk());
  EXPECT_FALSE(DescribeIndex().on_demand_throughput.has_value());
}

TEST_F(IndexThroughputSettingsTest, UpdateRaisesWarmThroughputOnly) {
  ASSERT_THAT(db_->CreateTable(WithIndex(ByOwner())), IsOk());
  ASSERT_THAT(UpdateIndex(std::nullopt, WarmThroughputRequest{20000, 5000}),
              IsOk());
  EXPECT_THAT(*DescribeIndex().warm_throughput, Warm(20000, 5000));
  EXPECT_THAT(
      UpdateIndex(std::nullopt, WarmThroughputRequest{19999, std::nullopt}),
      IsError(kValidation,
              Invalid("Requested ReadUnitsPerSecond for WarmThroughput for "
                      "index is lower than current WarmThroughput, "
                      "decreasing WarmThroughput is not supported")));
  EXPECT_THAT(*DescribeIndex().warm_throughput, Warm(20000, 5000));
}

TEST_F(IndexThroughputSettingsTest, UpdateRefusesBadShapesAndModes) {
  ASSERT_THAT(db_->CreateTable(WithIndex(ByOwner())), IsOk());
  EXPECT_THAT(UpdateIndex(OnDemandThroughput{}),
              IsError(kValidation,
                      Invalid("OnDemandThroughput must specify "
                              "MaxReadRequestUnits, MaxWriteRequestUnits or "
                              "both")));
  EXPECT_THAT(
      UpdateIndex(std::nullopt, WarmThroughputRequest{}),
      IsError(kValidation, Invalid("WarmThroughput must specify "
                                   "ReadUnitsPerSecond, WriteUnitsPerSecond or "
                                   "both")));
  EXPECT_THAT(
      UpdateIndex(OnDemandThroughput{0, std::nullopt}),
      IsError(kValidation, Invalid("Requested MaxReadRequestUnits for "
                                   "OnDemandThroughput for index is outside of "
                                   "valid range")));
  // An on-demand table's GSI has no ProvisionedThroughput to change.
  EXPECT_THAT(UpdateIndex(OnDemandThroughput{5, std::nullopt}, std::nullopt,
                          ProvisionedThroughput{1, 1}),
              IsError(kValidation,
                      Invalid("The only Updates for index: byOwner when "
                              "TableThroughputMode is PAY_PER_REQUEST can be "
                              "to OnDemandThroughput, WarmThroughput")));
  EXPECT_FALSE(DescribeIndex().on_demand_throughput.has_value());
}

TEST_F(IndexThroughputSettingsTest, AProvisionedTablesGsiTakesWarmNotCaps) {
  GlobalSecondaryIndex gsi = ByOwner();
  gsi.provisioned_throughput = ProvisionedThroughput{7, 6};
  ASSERT_THAT(db_->CreateTable(WithIndex(gsi, /*provisioned=*/true)), IsOk());
  EXPECT_THAT(UpdateIndex(OnDemandThroughput{5, std::nullopt}),
              IsError(kValidation,
                      Invalid("MaxReadRequestUnits for OnDemandThroughput "
                              "cannot be specified when the table BillingMode "
                              "is PROVISIONED")));
  ASSERT_THAT(UpdateIndex(std::nullopt, WarmThroughputRequest{100, 50}),
              IsOk());
  EXPECT_THAT(*DescribeIndex().warm_throughput, Warm(100, 50));
  // Warm and capacity together.
  ASSERT_THAT(UpdateIndex(std::nullopt, WarmThroughputRequest{200, 50},
                          ProvisionedThroughput{8, 6}),
              IsOk());
  const IndexDescription index = DescribeIndex();
  EXPECT_THAT(*index.warm_throughput, Warm(200, 50));
  EXPECT_EQ(index.provisioned_throughput.read_capacity_units, 8);
}

TEST_F(IndexThroughputSettingsTest, GoingProvisionedDropsTheGsiCap) {
  GlobalSecondaryIndex gsi = ByOwner();
  gsi.on_demand_throughput = OnDemandThroughput{10, 20};
  ASSERT_THAT(db_->CreateTable(WithIndex(gsi)), IsOk());
  UpdateTableRequest request;
  request.table_name = "tbl";
  request.billing_mode = BillingMode::kProvisioned;
  request.provisioned_throughput = ProvisionedThroughput{3, 3};
  GlobalSecondaryIndexUpdate update;
  update.update = GlobalSecondaryIndexUpdate::Update{
      .index_name = "byOwner",
      .provisioned_throughput = ProvisionedThroughput{2, 2}};
  request.global_secondary_index_updates = {update};
  ASSERT_THAT(db_->UpdateTable(request), IsOk());
  EXPECT_FALSE(DescribeIndex().on_demand_throughput.has_value());
}

TEST_F(IndexThroughputSettingsTest, UpdateTablesCreateTakesTheSettings) {
  ASSERT_THAT(db_->CreateTable(TableRequest("tbl", KeyType::kS, {})), IsOk());
  UpdateTableRequest request;
  request.table_name = "tbl";
  request.attribute_definitions =
      std::vector<AttributeDefinition>{{"owner", KeyType::kS}};
  GlobalSecondaryIndexUpdate create;
  create.create = ByOwner();
  create.create->on_demand_throughput = OnDemandThroughput{0, std::nullopt};
  request.global_secondary_index_updates = {create};
  EXPECT_THAT(
      db_->UpdateTable(request),
      IsError(kValidation, Invalid("Requested MaxReadRequestUnits for "
                                   "OnDemandThroughput for index is outside of "
                                   "valid range")));
  create.create->on_demand_throughput = OnDemandThroughput{30, std::nullopt};
  create.create->warm_throughput = WarmThroughputRequest{12500, 4500};
  request.global_secondary_index_updates = {create};
  ASSERT_THAT(db_->UpdateTable(request), IsOk());
  const IndexDescription index = DescribeIndex();
  EXPECT_THAT(*index.on_demand_throughput, Caps(30, std::nullopt));
  EXPECT_THAT(*index.warm_throughput, Warm(12500, 4500));
}

TEST_F(IndexThroughputSettingsTest, DelayedStatusesShowTheGsiWarmUpdating) {
  Reset(absl::Seconds(2));
  ASSERT_THAT(db_->CreateTable(WithIndex(ByOwner())), IsOk());
  clock_.Advance(absl::Seconds(3));
  absl::StatusOr<UpdateTableResponse> raised =
      UpdateIndex(std::nullopt, WarmThroughputRequest{13000, std::nullopt});
  ASSERT_THAT(raised, IsOk());
  // The table stays ACTIVE; the GSI's warm throughput is UPDATING meanwhile.
  EXPECT_EQ(raised->table_description.table_status, "ACTIVE");
  IndexDescription index = DescribeIndex();
  EXPECT_EQ(index.index_status, "ACTIVE");
  EXPECT_EQ(index.warm_throughput->status, "UPDATING");
  clock_.Advance(absl::Seconds(3));
  EXPECT_EQ(DescribeIndex().warm_throughput->status, "ACTIVE");
}

}  // namespace
}  // namespace dynamite
