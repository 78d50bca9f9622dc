// RestoreTableFromBackup's overrides (api/restore_overrides.h): index
// overrides keep, rename or drop the backed-up indexes and refuse new ones;
// throughput overrides follow the restored table's billing mode; and the
// messages for what DynamoDB refuses.

#include <memory>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include "api/database.h"
#include "common/errors.h"
#include "tests/support/database_fixtures.h"
#include "tests/support/status_matchers.h"

namespace dynamite {
namespace {

using ::dynamite::testing::IsError;
using ::dynamite::testing::IsOk;
using ::dynamite::testing::S;
using ::dynamite::testing::TableRequest;
using ::testing::ElementsAre;
using ::testing::IsEmpty;
using ::testing::UnorderedElementsAre;

constexpr ErrorKind kValidation = ErrorKind::kValidation;

// DynamoDB's refusal of an index override that names no backed-up index.
std::string NoMatch(const std::string& name) {
  return absl::StrCat(
      "Invalid Request: Index ", name,
      " does not match a secondary index that existed in the source table "
      "and cannot be created during the restore operation");
}

GlobalSecondaryIndex ByOwner(const std::string& name) {
  GlobalSecondaryIndex gsi;
  gsi.index_name = name;
  gsi.key_schema = {{"owner", KeySchemaRole::kHash}};
  gsi.projection.projection_type = ProjectionType::kInclude;
  gsi.projection.non_key_attributes = {{"total", "placed"}};
  return gsi;
}

GlobalSecondaryIndex ByStatus(const std::string& name) {
  GlobalSecondaryIndex gsi;
  gsi.index_name = name;
  gsi.key_schema = {{"status", KeySchemaRole::kHash},
                    {"placed", KeySchemaRole::kRange}};
  gsi.projection.projection_type = ProjectionType::kKeysOnly;
  return gsi;
}

LocalSecondaryIndex ByPlaced(const std::string& name) {
  LocalSecondaryIndex lsi;
  lsi.index_name = name;
  lsi.key_schema = {{"pk", KeySchemaRole::kHash},
                    {"placed", KeySchemaRole::kRange}};
  lsi.projection.projection_type = ProjectionType::kAll;
  return lsi;
}

// A PROVISIONED table with an LSI and two GSIs, one item, and a backup.
class RestoreOverridesTest : public ::testing::Test {
 protected:
  RestoreOverridesTest() : db_(std::make_unique<Database>()) {
    CreateTableRequest request =
        TableRequest("orders", KeyType::kS, KeyType::kS);
    request.billing_mode = BillingMode::kProvisioned;
    request.provisioned_throughput = ProvisionedThroughput{4, 4};
    request.attribute_definitions.push_back({"owner", KeyType::kS});
    request.attribute_definitions.push_back({"status", KeyType::kS});
    request.attribute_definitions.push_back({"placed", KeyType::kS});
    GlobalSecondaryIndex by_owner = ByOwner("byOwner");
    by_owner.provisioned_throughput = ProvisionedThroughput{2, 2};
    GlobalSecondaryIndex by_status = ByStatus("byStatus");
    by_status.provisioned_throughput = ProvisionedThroughput{3, 3};
    request.global_secondary_indexes = {by_owner, by_status};
    request.local_secondary_indexes = {ByPlaced("byPlaced")};
    EXPECT_THAT(db_->CreateTable(request), IsOk());
    EXPECT_THAT(db_->PutItem({.table_name = "orders",
                              .item = Item{{"pk", S("o-1")},
                                           {"sk", S("a")},
                                           {"owner", S("ann")},
                                           {"status", S("open")},
                                           {"placed", S("2026-12-07")}}}),
                IsOk());
    auto backup =
        db_->CreateBackup({.table_name = "orders", .backup_name = "nightly"});
    EXPECT_THAT(backup, IsOk());
    if (backup.ok()) arn_ = backup->backup_details.backup_arn;
  }

  RestoreTableFromBackupRequest Restore(const std::string& target) {
    return {.target_table_name = target, .backup_arn = arn_};
  }

  static std::vector<std::string> IndexNames(const TableDescription& table) {
    std::vector<std::string> names;
    for (const IndexDescription& index : table.local_secondary_indexes) {
      names.push_back(index.index_name);
    }
    for (const IndexDescription& index : table.global_secondary_indexes) {
      names.push_back(index.index_name);
    }
    return names;
  }

  static std::vector<std::string> DefinedAttributes(
      const TableDescription& table) {
    std::vector<std::string> names;
    for (const AttributeDefinition& d : table.attribute_definitions) {
      names.push_back(d.attribute_name);
    }
    return names;
  }

  size_t QueryCount(const std::string& table, const std::string& index) {
    auto queried =
        db_->Query({.table_name = table,
                    .index_name = index,
                    .key_condition_expression = "#o = :o",
                    .expression_attribute_names = {{{"#o", "owner"}}},
                    .expression_attribute_values = {{{":o", S("ann")}}}});
    EXPECT_THAT(queried, IsOk());
    return queried.ok() ? queried->items.size() : 0;
  }

  std::unique_ptr<Database> db_;
  std::string arn_;
};

TEST_F(RestoreOverridesTest, AbsentOverridesRestoreEveryIndex) {
  auto restored = db_->RestoreTableFromBackup(Restore("copy"));
  ASSERT_THAT(restored, IsOk());
  EXPECT_THAT(IndexNames(restored->table_description),
              ElementsAre("byPlaced", "byOwner", "byStatus"));
}

TEST_F(RestoreOverridesTest, ATableThroughputOverrideLeavesTheGsisTheirOwn) {
  RestoreTableFromBackupRequest request = Restore("copy");
  request.provisioned_throughput_override = ProvisionedThroughput{9, 8};
  auto restored = db_->RestoreTableFromBackup(request);
  ASSERT_THAT(restored, IsOk());
  const TableDescription& table = restored->table_description;
  EXPECT_EQ(table.provisioned_throughput.read_capacity_units, 9);
  EXPECT_EQ(table.provisioned_throughput.write_capacity_units, 8);
  ASSERT_EQ(table.global_secondary_indexes.size(), 2u);
  EXPECT_EQ(table.global_secondary_indexes[0]
                .provisioned_throughput.read_capacity_units,
            2);
  EXPECT_EQ(table.global_secondary_indexes[1]
                .provisioned_throughput.write_capacity_units,
            3);
}

TEST_F(RestoreOverridesTest, AnOverrideRenamesAnIndexAndDropsTheOthers) {
  RestoreTableFromBackupRequest request = Restore("copy");
  GlobalSecondaryIndex owners = ByOwner("owners");
  // NonKeyAttributes compare as a set.
  owners.projection.non_key_attributes = {{"placed", "total"}};
  owners.provisioned_throughput = ProvisionedThroughput{7, 8};
  request.global_secondary_index_override = {{owners}};
  request.local_secondary_index_override = std::vector<LocalSecondaryIndex>{};
  auto restored = db_->RestoreTableFromBackup(request);
  ASSERT_THAT(restored, IsOk());
  const TableDescription& table = restored->table_description;
  EXPECT_THAT(IndexNames(table), ElementsAre("owners"));
  EXPECT_EQ(table.global_secondary_indexes[0]
                .provisioned_throughput.read_capacity_units,
            7);
  EXPECT_EQ(table.global_secondary_indexes[0]
                .provisioned_throughput.write_capacity_units,
            8);
  // "status" no longer keys anything; "placed" still keys nothing either
  // once the LSI is gone.
  EXPECT_THAT(DefinedAttributes(table),
              UnorderedElementsAre("pk", "sk", "owner"));
  // The renamed index holds the backed-up items.
  EXPECT_EQ(QueryCount("copy", "owners"), 1u);
  EXPECT_THAT(db_->Query({.table_name = "copy",
                          .index_name = "byOwner",
                          .key_condition_expression = "#o = :o",
                          .expression_attribute_names = {{{"#o", "owner"}}},
                          .expression_attribute_values = {{{":o", S("ann")}}}}),
              IsError(kValidation,
                      "The table does not have the specified index: byOwner"));
}

TEST_F(RestoreOverridesTest, EmptyListsRestoreNoIndexes) {
  RestoreTableFromBackupRequest request = Restore("plain");
  request.global_secondary_index_override = std::vector<GlobalSecondaryIndex>{};
  request.local_secondary_index_override = std::vector<LocalSecondaryIndex>{};
  auto restored = db_->RestoreTableFromBackup(request);
  ASSERT_THAT(restored, IsOk());
  EXPECT_THAT(IndexNames(restored->table_description), IsEmpty());
  EXPECT_THAT(DefinedAttributes(restored->table_description),
              UnorderedElementsAre("pk", "sk"));
  auto got = db_->GetItem(
      {.table_name = "plain", .key = Item{{"pk", S("o-1")}, {"sk", S("a")}}});
  ASSERT_THAT(got, IsOk());
  EXPECT_NE(got->item, nullptr);
}

TEST_F(RestoreOverridesTest, AnIndexThatWasNotBackedUpIsRefused) {
  RestoreTableFromBackupRequest request = Restore("copy");
  GlobalSecondaryIndex other_projection = ByOwner("byOwner");
  other_projection.projection.projection_type = ProjectionType::kAll;
  other_projection.projection.non_key_attributes.reset();
  other_projection.provisioned_throughput = ProvisionedThroughput{1, 1};
  request.global_secondary_index_override = {{other_projection}};
  EXPECT_THAT(db_->RestoreTableFromBackup(request),
              IsError(kValidation, NoMatch("byOwner")));
  // An LSI's keys as a GSI's are not that LSI.
  GlobalSecondaryIndex lsi_as_gsi;
  lsi_as_gsi.index_name = "byPlaced";
  lsi_as_gsi.key_schema = ByPlaced("").key_schema;
  lsi_as_gsi.projection.projection_type = ProjectionType::kAll;
  lsi_as_gsi.provisioned_throughput = ProvisionedThroughput{1, 1};
  request.global_secondary_index_override = {{lsi_as_gsi}};
  EXPECT_THAT(db_->RestoreTableFromBackup(request),
              IsError(kValidation, NoMatch("byPlaced")));
  request = Restore("copy");
  LocalSecondaryIndex reversed = ByPlaced("mine");
  reversed.key_schema[1].attribute_name = "owner";
  request.local_secondary_index_override = {{reversed}};
  EXPECT_THAT(db_->RestoreTableFromBackup(request),
              IsError(kValidation, NoMatch("mine")));
  // Two overrides may not share a name.
  request = Restore("copy");
  GlobalSecondaryIndex first = ByOwner("same");
  first.provisioned_throughput = ProvisionedThroughput{1, 1};
  GlobalSecondaryIndex second = ByStatus("same");
  second.provisioned_throughput = ProvisionedThroughput{1, 1};
  request.global_secondary_index_override = {{first, second}};
  EXPECT_THAT(db_->RestoreTableFromBackup(request),
              IsError(kValidation,
                      "One or more parameter values were invalid: Duplicate "
                      "index name: same"));
  // Nothing was made by the refusals.
  auto tables = db_->ListTables({});
  ASSERT_THAT(tables, IsOk());
  EXPECT_THAT(tables->table_names, ElementsAre("orders"));
}

TEST_F(RestoreOverridesTest, AGlobalOverridesThroughputFollowsTheBillingMode) {
  RestoreTableFromBackupRequest request = Restore("copy");
  request.global_secondary_index_override = {{ByOwner("byOwner")}};
  EXPECT_THAT(db_->RestoreTableFromBackup(request),
              IsError(kValidation,
                      "Invalid Request: Must specify provisioned throughput "
                      "for index byOwner"));
  request.billing_mode_override = BillingMode::kPayPerRequest;
  GlobalSecondaryIndex provisioned = ByOwner("byOwner");
  provisioned.provisioned_throughput = ProvisionedThroughput{1, 1};
  request.global_secondary_index_override = {{provisioned}};
  EXPECT_THAT(db_->RestoreTableFromBackup(request),
              IsError(kValidation,
                      "Invalid Request: Cannot override ProvisionedThroughput "
                      "if BillingMode is overridden to PAY_PER_REQUEST for "
                      "index byOwner"));
  // On demand, an override's GSI takes its own cap.
  GlobalSecondaryIndex capped = ByOwner("byOwner");
  capped.on_demand_throughput = OnDemandThroughput{5, 6};
  request.global_secondary_index_override = {{capped}};
  auto restored = db_->RestoreTableFromBackup(request);
  ASSERT_THAT(restored, IsOk());
  const IndexDescription& gsi =
      restored->table_description.global_secondary_indexes[0];
  ASSERT_TRUE(gsi.on_demand_throughput.has_value());
  EXPECT_EQ(gsi.on_demand_throughput->max_read_request_units, 5);
  EXPECT_EQ(gsi.on_demand_throughput->max_write_request_units, 6);
  EXPECT_EQ(QueryCount("copy", "byOwner"), 1u);
}

TEST_F(RestoreOverridesTest, TheTablesThroughputOverridesFollowTheBillingMode) {
  RestoreTableFromBackupRequest request = Restore("copy");
  request.billing_mode_override = BillingMode::kPayPerRequest;
  request.provisioned_throughput_override = ProvisionedThroughput{1, 1};
  EXPECT_THAT(db_->RestoreTableFromBackup(request),
              IsError(kValidation,
                      "Invalid Request: Cannot override ProvisionedThroughput "
                      "if BillingMode is overridden to PAY_PER_REQUEST"));
  request = Restore("copy");
  request.on_demand_throughput_override = OnDemandThroughput{10, 10};
  EXPECT_THAT(db_->RestoreTableFromBackup(request),
              IsError(kValidation,
                      "Invalid Request: Cannot override MaxReadRequestUnits "
                      "for OnDemandThroughput unless BillingModeOverride is "
                      "PAY_PER_REQUEST"));
  request.billing_mode_override = BillingMode::kPayPerRequest;
  request.on_demand_throughput_override = OnDemandThroughput{10, 0};
  EXPECT_THAT(db_->RestoreTableFromBackup(request),
              IsError(kValidation,
                      "Invalid Request: Requested MaxWriteRequestUnits for "
                      "OnDemandThroughput is outside of valid range"));
  request.on_demand_throughput_override = OnDemandThroughput{50000, 10};
  EXPECT_THAT(db_->RestoreTableFromBackup(request),
              IsError(ErrorKind::kLimitExceeded,
                      "Subscriber limit exceeded: Requested "
                      "MaxReadRequestUnits for OnDemandThroughput for table "
                      "exceeds TableMaxReadCapacityUnits of the account in "
                      "region ddblocal"));
  request.on_demand_throughput_override = OnDemandThroughput{10, 20};
  auto restored = db_->RestoreTableFromBackup(request);
  ASSERT_THAT(restored, IsOk());
  const TableDescription& table = restored->table_description;
  EXPECT_EQ(table.billing_mode, BillingMode::kPayPerRequest);
  ASSERT_TRUE(table.on_demand_throughput.has_value());
  EXPECT_EQ(table.on_demand_throughput->max_read_request_units, 10);
  EXPECT_EQ(table.on_demand_throughput->max_write_request_units, 20);
  // Restored on demand, the GSIs show no throughput of their own.
  EXPECT_EQ(table.global_secondary_indexes[0]
                .provisioned_throughput.read_capacity_units,
            0);
}

TEST_F(RestoreOverridesTest, OverridesBreakingTheRequestModelAreListed) {
  RestoreTableFromBackupRequest request = Restore("copy");
  GlobalSecondaryIndex unnamed;
  unnamed.index_name = "x";
  unnamed.key_schema = {{"owner", KeySchemaRole::kHash}};
  unnamed.projection.projection_type = ProjectionType::kAll;
  request.global_secondary_index_override = {{unnamed}};
  EXPECT_THAT(
      db_->RestoreTableFromBackup(request),
      IsError(kValidation,
              "1 validation error detected: Value 'x' at "
              "'globalSecondaryIndexOverride.1.member.indexName' failed to "
              "satisfy constraint: Member must have length greater than or "
              "equal to 3"));
}

}  // namespace
}  // namespace dynamite
