// UpdateTable: GSI Create (backfilled), Delete and Update, BillingMode and
// ProvisionedThroughput changes, and DynamoDB's message for each invalid
// update.

#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include "api/database.h"
#include "tests/support/database_fixtures.h"
#include "tests/support/status_matchers.h"

namespace dynamite {
namespace {

using ::dynamite::testing::IsError;
using ::dynamite::testing::IsOk;
using ::dynamite::testing::S;
using ::dynamite::testing::TableRequest;
using ::testing::IsEmpty;
using ::testing::SizeIs;

constexpr ErrorKind kValidation = ErrorKind::kValidation;
constexpr KeySchemaRole kHash = KeySchemaRole::kHash;
constexpr KeySchemaRole kRange = KeySchemaRole::kRange;

std::string Invalid(const std::string& detail) {
  return "One or more parameter values were invalid: " + detail;
}

GlobalSecondaryIndex Gsi(const std::string& name,
                         std::vector<KeySchemaElement> key_schema) {
  GlobalSecondaryIndex gsi;
  gsi.index_name = name;
  gsi.key_schema = std::move(key_schema);
  gsi.projection.projection_type = ProjectionType::kAll;
  return gsi;
}

GlobalSecondaryIndexUpdate Create(GlobalSecondaryIndex gsi) {
  GlobalSecondaryIndexUpdate u;
  u.create = std::move(gsi);
  return u;
}

GlobalSecondaryIndexUpdate Delete(const std::string& name) {
  GlobalSecondaryIndexUpdate u;
  u.delete_index_name = name;
  return u;
}

GlobalSecondaryIndexUpdate Update(const std::string& name,
                                  std::optional<ProvisionedThroughput> t) {
  GlobalSecondaryIndexUpdate u;
  u.update = GlobalSecondaryIndexUpdate::Update{name, t};
  return u;
}

// Creates GSI `name` keyed by attribute `key` (type S), as a client does.
UpdateTableRequest CreateIndex(const std::string& name,
                               const std::string& key) {
  return {
      .table_name = "tbl",
      .attribute_definitions =
          std::vector<AttributeDefinition>{{key, KeyType::kS}},
      .global_secondary_index_updates = std::vector<GlobalSecondaryIndexUpdate>{
          Create(Gsi(name, {{key, kHash}}))}};
}

class UpdateTableTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_THAT(db_.CreateTable(TableRequest("tbl", KeyType::kS, KeyType::kS)),
                IsOk());
  }
  void Put(const std::string& pk, std::optional<std::string> g) {
    Item item = {{"pk", S(pk)}, {"sk", S("1")}};
    if (g.has_value()) item["g"] = S(*g);
    ASSERT_THAT(db_.PutItem({.table_name = "tbl", .item = std::move(item)}),
                IsOk());
  }
  TableDescription Describe() {
    auto d = db_.DescribeTable({.table_name = "tbl"});
    EXPECT_THAT(d, IsOk());
    return d.ok() ? d->table : TableDescription{};
  }

  Database db_;
};

TEST_F(UpdateTableTest, CreatedIndexIsBackfilledAndActive) {
  Put("a", "x");
  Put("b", "y");
  Put("c", std::nullopt);

  auto updated = db_.UpdateTable(CreateIndex("by_g", "g"));

  ASSERT_THAT(updated, IsOk());
  EXPECT_EQ(updated->table_description.table_status, "ACTIVE");
  ASSERT_THAT(updated->table_description.global_secondary_indexes, SizeIs(1));
  EXPECT_EQ(updated->table_description.global_secondary_indexes[0].index_status,
            "ACTIVE");
  const TableDescription d = Describe();
  ASSERT_THAT(d.global_secondary_indexes, SizeIs(1));
  EXPECT_EQ(d.global_secondary_indexes[0].item_count, 2);
  EXPECT_EQ(d.global_secondary_indexes[0].index_arn,
            "arn:aws:dynamodb:ddblocal:000000000000:table/tbl/index/by_g");
  EXPECT_THAT(d.attribute_definitions, SizeIs(3));
}

TEST_F(UpdateTableTest, CreatedMultiAttributeIndexNeedsOnlyNewDefinitions) {
  // "sk" is already defined by the table, so only "g" is sent.
  UpdateTableRequest r = CreateIndex("multi", "g");
  r.global_secondary_index_updates->at(0).create->key_schema = {
      {"g", kHash}, {"sk", kHash}, {"pk", kRange}};

  auto updated = db_.UpdateTable(r);

  ASSERT_THAT(updated, IsOk());
  EXPECT_THAT(updated->table_description.global_secondary_indexes[0].key_schema,
              SizeIs(3));
}

TEST_F(UpdateTableTest, DeleteRemovesIndexAndItsDefinitions) {
  ASSERT_THAT(db_.UpdateTable(CreateIndex("by_g", "g")), IsOk());

  auto updated = db_.UpdateTable(
      {.table_name = "tbl",
       .global_secondary_index_updates =
           std::vector<GlobalSecondaryIndexUpdate>{Delete("by_g")}});

  ASSERT_THAT(updated, IsOk());
  EXPECT_THAT(updated->table_description.global_secondary_indexes, IsEmpty());
  EXPECT_THAT(Describe().attribute_definitions, SizeIs(2));
  EXPECT_THAT(db_.UpdateTable(CreateIndex("by_g", "g")), IsOk());
}

TEST_F(UpdateTableTest, NothingToUpdate) {
  const std::string message =
      "At least one of ProvisionedThroughput, BillingMode, "
      "UpdateStreamEnabled, GlobalSecondaryIndexUpdates, SSESpecification, "
      "ReplicaUpdates, MultiAccountReplicaReady, ReplicaTransitRoleArn, "
      "MultiRegionConsistency, DeletionProtectionEnabled, OnDemandThroughput, "
      "WarmThroughput or TableClass is required";

  EXPECT_THAT(db_.UpdateTable({.table_name = "tbl"}),
              IsError(kValidation, message));
  EXPECT_THAT(db_.UpdateTable({.table_name = "tbl",
                               .global_secondary_index_updates =
                                   std::vector<GlobalSecondaryIndexUpdate>{}}),
              IsError(kValidation, message));
  EXPECT_THAT(
      db_.UpdateTable({.table_name = "tbl",
                       .billing_mode = BillingMode::kPayPerRequest,
                       .global_secondary_index_updates =
                           std::vector<GlobalSecondaryIndexUpdate>{}}),
      IsError(kValidation, Invalid("List of GlobalSecondaryIndexUpdates is "
                                   "empty")));
}

TEST_F(UpdateTableTest, TableNameAndMissingTable) {
  EXPECT_THAT(db_.UpdateTable({.table_name = "ab"}),
              IsError(kValidation,
                      "TableName must be at least 3 characters long and at "
                      "most 255 characters long"));
  EXPECT_THAT(db_.UpdateTable({.table_name = "nope",
                               .billing_mode = BillingMode::kPayPerRequest}),
              IsError(ErrorKind::kResourceNotFound,
                      "Requested resource not found: Table: nope not found"));
}

TEST_F(UpdateTableTest, OneIndexCreateOrDeletePerCall) {
  UpdateTableRequest two = CreateIndex("one", "g");
  two.global_secondary_index_updates->push_back(
      Create(Gsi("two", {{"g", kHash}})));
  UpdateTableRequest create_delete = CreateIndex("one", "g");
  create_delete.global_secondary_index_updates->push_back(Delete("other"));
  const std::string message =
      "Subscriber limit exceeded: Only 1 online index can be created or "
      "deleted simultaneously per table";

  EXPECT_THAT(db_.UpdateTable(two),
              IsError(ErrorKind::kLimitExceeded, message));
  EXPECT_THAT(db_.UpdateTable(create_delete),
              IsError(ErrorKind::kLimitExceeded, message));
  EXPECT_THAT(Describe().global_secondary_indexes, IsEmpty());
}

TEST_F(UpdateTableTest, MalformedUpdateEntries) {
  UpdateTableRequest empty_entry = {
      .table_name = "tbl",
      .global_secondary_index_updates =
          std::vector<GlobalSecondaryIndexUpdate>{{}}};
  UpdateTableRequest two_actions = CreateIndex("one", "g");
  two_actions.global_secondary_index_updates->at(0).delete_index_name = "xyz";
  UpdateTableRequest same_index = CreateIndex("one", "g");
  same_index.global_secondary_index_updates->push_back(
      Update("one", ProvisionedThroughput{1, 1}));

  EXPECT_THAT(db_.UpdateTable(empty_entry),
              IsError(kValidation,
                      Invalid("One of GlobalSecondaryIndexUpdate.Update, "
                              "GlobalSecondaryIndexUpdate.Create, "
                              "GlobalSecondaryIndexUpdate.Delete must not be "
                              "null")));
  EXPECT_THAT(
      db_.UpdateTable(two_actions),
      IsError(kValidation,
              Invalid("Only one global secondary index action is "
                      "allowed per GlobalSecondaryIndexUpdate object")));
  EXPECT_THAT(db_.UpdateTable(same_index),
              IsError(kValidation,
                      Invalid("Only one global secondary index update per "
                              "index is allowed simultaneously. Index: one")));
}

TEST_F(UpdateTableTest, CreateRefusesExistingName) {
  CreateTableRequest with_lsi = TableRequest("lsi", KeyType::kS, KeyType::kS);
  with_lsi.attribute_definitions.push_back({"l", KeyType::kS});
  with_lsi.local_secondary_indexes = {
      {"by_l", {{"pk", kHash}, {"l", kRange}}, {ProjectionType::kAll, {}}}};
  ASSERT_THAT(db_.CreateTable(with_lsi), IsOk());
  ASSERT_THAT(db_.UpdateTable(CreateIndex("by_g", "g")), IsOk());
  UpdateTableRequest over_lsi = CreateIndex("by_l", "g");
  over_lsi.table_name = "lsi";

  EXPECT_THAT(db_.UpdateTable(CreateIndex("by_g", "g")),
              IsError(kValidation,
                      "Attempting to create an index which already exists"));
  EXPECT_THAT(db_.UpdateTable(over_lsi),
              IsError(kValidation,
                      "Attempting to create an index which already exists"));
}

TEST_F(UpdateTableTest, DeleteOrUpdateOfUnknownOrLocalIndex) {
  CreateTableRequest with_lsi = TableRequest("lsi", KeyType::kS, KeyType::kS);
  with_lsi.attribute_definitions.push_back({"l", KeyType::kS});
  with_lsi.local_secondary_indexes = {
      {"by_l", {{"pk", kHash}, {"l", kRange}}, {ProjectionType::kAll, {}}}};
  ASSERT_THAT(db_.CreateTable(with_lsi), IsOk());
  auto updates = [](const std::string& table, GlobalSecondaryIndexUpdate u) {
    return UpdateTableRequest{
        .table_name = table,
        .global_secondary_index_updates =
            std::vector<GlobalSecondaryIndexUpdate>{std::move(u)}};
  };

  EXPECT_THAT(db_.UpdateTable(updates("tbl", Delete("ghost"))),
              IsError(ErrorKind::kResourceNotFound,
                      "Requested resource not found: Index ghost for table "
                      "tbl"));
  EXPECT_THAT(db_.UpdateTable(updates("lsi", Delete("by_l"))),
              IsError(kValidation,
                      "Cannot delete an index that is not a "
                      "GlobalSecondaryIndex: by_l"));
  EXPECT_THAT(
      db_.UpdateTable(
          updates("lsi", Update("by_l", ProvisionedThroughput{1, 1}))),
      IsError(kValidation,
              "Cannot update an index that is not a GlobalSecondaryIndex: "
              "by_l"));
}

TEST_F(UpdateTableTest, CreateNeedsAttributeDefinitionsWithTheSameTypes) {
  UpdateTableRequest none = CreateIndex("by_g", "g");
  none.attribute_definitions.reset();
  UpdateTableRequest undefined = CreateIndex("by_g", "g");
  undefined.attribute_definitions->at(0).attribute_name = "other";
  UpdateTableRequest retyped = CreateIndex("by_sk", "sk");
  retyped.attribute_definitions->at(0).attribute_type = KeyType::kN;

  EXPECT_THAT(db_.UpdateTable(none),
              IsError(kValidation, Invalid("AttributeDefinitions is not "
                                           "specified for index: by_g")));
  EXPECT_THAT(db_.UpdateTable(undefined),
              IsError(kValidation,
                      Invalid("Some index key attributes are not defined in "
                              "AttributeDefinitions. Keys: [g], "
                              "AttributeDefinitions: [other, pk, sk]")));
  EXPECT_THAT(
      db_.UpdateTable(retyped),
      IsError(
          kValidation,
          Invalid("Attributes cannot be redefined. Please check that your "
                  "attribute has the same type as previously defined. "
                  "Existing schema: Schema:[SchemaElement: key{sk:S:RANGE}] "
                  "New schema: Schema:[SchemaElement: key{sk:N:HASH}]")));
}

TEST_F(UpdateTableTest, CreateRefusesDuplicateDefinitions) {
  UpdateTableRequest r = CreateIndex("by_g", "g");
  r.attribute_definitions->push_back({"g", KeyType::kS});

  EXPECT_THAT(db_.UpdateTable(r),
              IsError(kValidation, "Attribute Name is duplicated: g"));
}

TEST_F(UpdateTableTest, AllowsTwentyGlobalIndexesAndRefusesTheTwentyFirst) {
  for (int i = 0; i < 20; ++i) {
    ASSERT_THAT(db_.UpdateTable(CreateIndex("gsi" + std::to_string(i), "g")),
                IsOk());
  }

  EXPECT_THAT(db_.UpdateTable(CreateIndex("gsi20", "g")),
              IsError(ErrorKind::kLimitExceeded,
                      "Subscriber limit exceeded: Number of global secondary "
                      "indexes exceeds per-table limit of 20"));
  EXPECT_THAT(Describe().global_secondary_indexes, SizeIs(20));
}

TEST_F(UpdateTableTest, SwitchesToProvisionedWithIndexThroughput) {
  ASSERT_THAT(db_.UpdateTable(CreateIndex("by_g", "g")), IsOk());
  UpdateTableRequest bare = {.table_name = "tbl",
                             .billing_mode = BillingMode::kProvisioned};
  UpdateTableRequest no_index = bare;
  no_index.provisioned_throughput = ProvisionedThroughput{5, 6};
  UpdateTableRequest full = no_index;
  full.global_secondary_index_updates = std::vector<GlobalSecondaryIndexUpdate>{
      Update("by_g", ProvisionedThroughput{2, 3})};

  EXPECT_THAT(db_.UpdateTable(bare),
              IsError(kValidation, Invalid("ProvisionedThroughput must be "
                                           "specified when BillingMode is "
                                           "PROVISIONED")));
  EXPECT_THAT(db_.UpdateTable(no_index),
              IsError(kValidation, Invalid("ProvisionedThroughput must be "
                                           "specified for index: by_g")));
  auto updated = db_.UpdateTable(full);
  ASSERT_THAT(updated, IsOk());
  const TableDescription& d = updated->table_description;
  EXPECT_EQ(d.billing_mode, BillingMode::kProvisioned);
  EXPECT_EQ(d.provisioned_throughput.write_capacity_units, 6);
  EXPECT_EQ(
      d.global_secondary_indexes[0].provisioned_throughput.read_capacity_units,
      2);
}

TEST_F(UpdateTableTest, ThroughputRulesOnPayPerRequest) {
  ASSERT_THAT(db_.UpdateTable(CreateIndex("by_g", "g")), IsOk());
  UpdateTableRequest table_throughput = {
      .table_name = "tbl",
      .provisioned_throughput = ProvisionedThroughput{1, 1}};
  UpdateTableRequest index_throughput = {
      .table_name = "tbl",
      .global_secondary_index_updates = std::vector<GlobalSecondaryIndexUpdate>{
          Update("by_g", ProvisionedThroughput{1, 1})}};

  EXPECT_THAT(
      db_.UpdateTable(table_throughput),
      IsError(kValidation, Invalid("Neither ReadCapacityUnits nor "
                                   "WriteCapacityUnits can be specified when "
                                   "BillingMode is PAY_PER_REQUEST")));
  EXPECT_THAT(db_.UpdateTable(index_throughput),
              IsError(kValidation,
                      Invalid("The only Updates for index: by_g when "
                              "TableThroughputMode is PAY_PER_REQUEST can be "
                              "to OnDemandThroughput, WarmThroughput")));
}

class ProvisionedTableTest : public UpdateTableTest {
 protected:
  void SetUp() override {
    CreateTableRequest r = TableRequest("prov", KeyType::kS, {});
    r.billing_mode = BillingMode::kProvisioned;
    r.provisioned_throughput = ProvisionedThroughput{5, 5};
    r.attribute_definitions.push_back({"g", KeyType::kS});
    GlobalSecondaryIndex gsi = Gsi("by_g", {{"g", kHash}});
    gsi.provisioned_throughput = ProvisionedThroughput{2, 2};
    r.global_secondary_indexes = {gsi};
    ASSERT_THAT(db_.CreateTable(r), IsOk());
  }
  UpdateTableRequest Updates(std::vector<GlobalSecondaryIndexUpdate> u) {
    return {.table_name = "prov",
            .attribute_definitions =
                std::vector<AttributeDefinition>{{"h", KeyType::kS}},
            .global_secondary_index_updates = std::move(u)};
  }
};

TEST_F(ProvisionedTableTest, UnchangedThroughputIsRefused) {
  EXPECT_THAT(
      db_.UpdateTable({.table_name = "prov",
                       .provisioned_throughput = ProvisionedThroughput{5, 5}}),
      IsError(kValidation,
              "The provisioned throughput for the table will not change. The "
              "requested value equals the current value. Current "
              "ReadCapacityUnits provisioned for the table: 5. Requested "
              "ReadCapacityUnits: 5. Current WriteCapacityUnits provisioned "
              "for the table: 5. Requested WriteCapacityUnits: 5. Refer to the "
              "Amazon DynamoDB Developer Guide for current limits and how to "
              "request higher limits."));
}

TEST_F(ProvisionedTableTest, UpdatesIndexThroughput) {
  auto updated =
      db_.UpdateTable(Updates({Update("by_g", ProvisionedThroughput{7, 8})}));

  ASSERT_THAT(updated, IsOk());
  const ProvisionedThroughput& t =
      updated->table_description.global_secondary_indexes[0]
          .provisioned_throughput;
  EXPECT_EQ(t.read_capacity_units, 7);
  EXPECT_EQ(t.write_capacity_units, 8);
}

TEST_F(ProvisionedTableTest, CreateNeedsIndexThroughputAndNoTableChange) {
  UpdateTableRequest without = Updates({Create(Gsi("by_h", {{"h", kHash}}))});
  UpdateTableRequest with_table = without;
  with_table.global_secondary_index_updates->at(0)
      .create->provisioned_throughput = ProvisionedThroughput{1, 1};
  with_table.provisioned_throughput = ProvisionedThroughput{9, 9};

  EXPECT_THAT(db_.UpdateTable(without),
              IsError(kValidation,
                      Invalid("Both ReadCapacityUnits and WriteCapacityUnits "
                              "must be specified for index: by_h")));
  EXPECT_THAT(db_.UpdateTable(with_table),
              IsError(kValidation, Invalid("You cannot create or delete index "
                                           "while updating table IOPS")));
}

TEST_F(ProvisionedTableTest, SwitchToPayPerRequestZeroesThroughput) {
  auto updated = db_.UpdateTable(
      {.table_name = "prov", .billing_mode = BillingMode::kPayPerRequest});

  ASSERT_THAT(updated, IsOk());
  const TableDescription& d = updated->table_description;
  EXPECT_EQ(d.billing_mode, BillingMode::kPayPerRequest);
  EXPECT_EQ(d.provisioned_throughput.read_capacity_units, 0);
  EXPECT_EQ(
      d.global_secondary_indexes[0].provisioned_throughput.read_capacity_units,
      0);
}

}  // namespace
}  // namespace dynamite
