#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include "api/database.h"
#include "tests/support/database_fixtures.h"
#include "tests/support/status_matchers.h"

namespace dynamite {
namespace {

using ::dynamite::testing::IsError;
using ::dynamite::testing::IsOk;
using ::dynamite::testing::TableRequest;
using ::testing::ElementsAre;

constexpr ErrorKind kValidation = ErrorKind::kValidation;

TEST(CreateTableTest, CreatesActiveTableWithDescription) {
  Database db;

  auto created =
      db.CreateTable(TableRequest("scores", KeyType::kS, KeyType::kN));

  ASSERT_THAT(created, IsOk());
  const TableDescription& d = created->table_description;
  EXPECT_EQ(d.table_name, "scores");
  EXPECT_EQ(d.table_status, "ACTIVE");
  EXPECT_EQ(d.table_arn, "arn:aws:dynamodb:ddblocal:000000000000:table/scores");
  EXPECT_EQ(d.table_id.size(), 36u);
  EXPECT_EQ(d.billing_mode, BillingMode::kPayPerRequest);
  ASSERT_EQ(d.key_schema.size(), 2u);
  EXPECT_EQ(d.key_schema[1].attribute_name, "sk");
  EXPECT_EQ(d.key_schema[1].key_type, KeySchemaRole::kRange);
  EXPECT_EQ(d.item_count, 0);
}

TEST(CreateTableTest, DuplicateTableIsResourceInUse) {
  Database db;
  ASSERT_THAT(db.CreateTable(TableRequest("scores", KeyType::kS, {})), IsOk());

  EXPECT_THAT(
      db.CreateTable(TableRequest("scores", KeyType::kS, {})),
      IsError(ErrorKind::kResourceInUse, "Table already exists: scores"));
}

TEST(CreateTableTest, TableNamesAreCaseSensitive) {
  Database db;
  ASSERT_THAT(db.CreateTable(TableRequest("scores", KeyType::kS, {})), IsOk());

  EXPECT_THAT(db.CreateTable(TableRequest("Scores", KeyType::kS, {})), IsOk());
}

TEST(CreateTableTest, RejectsBadTableNames) {
  Database db;
  const std::string too_long(256, 'a');

  EXPECT_THAT(db.CreateTable(TableRequest("ab", KeyType::kS, {})),
              IsError(kValidation,
                      "TableName must be at least 3 characters long and at "
                      "most 255 characters long"));
  EXPECT_THAT(db.CreateTable(TableRequest(too_long, KeyType::kS, {})),
              IsError(kValidation,
                      "TableName must be at least 3 characters long and at "
                      "most 255 characters long"));
  EXPECT_THAT(db.CreateTable(TableRequest("abc;", KeyType::kS, {})),
              IsError(kValidation,
                      "1 validation error detected: Value 'abc;' at "
                      "'tableName' failed to satisfy constraint: Member must "
                      "satisfy regular expression pattern: [a-zA-Z0-9_.-]+"));
  EXPECT_THAT(
      db.CreateTable(TableRequest(std::string(255, 'a'), KeyType::kS, {})),
      IsOk());
  EXPECT_THAT(db.CreateTable(TableRequest("a.b-c_9", KeyType::kS, {})), IsOk());
}

TEST(CreateTableTest, RejectsBadKeySchemas) {
  Database db;
  CreateTableRequest range_first =
      TableRequest("t1x", KeyType::kS, KeyType::kS);
  std::swap(range_first.key_schema[0], range_first.key_schema[1]);
  CreateTableRequest two_hash = TableRequest("t2x", KeyType::kS, KeyType::kS);
  two_hash.key_schema[1].key_type = KeySchemaRole::kHash;
  CreateTableRequest same_name = TableRequest("t3x", KeyType::kS, KeyType::kS);
  same_name.key_schema[1].attribute_name = "pk";
  CreateTableRequest no_key = TableRequest("t4x", KeyType::kS, {});
  no_key.key_schema.clear();

  EXPECT_THAT(db.CreateTable(range_first),
              IsError(kValidation,
                      "Invalid KeySchema: The first KeySchemaElement is not a "
                      "HASH key type"));
  EXPECT_THAT(db.CreateTable(two_hash),
              IsError(kValidation,
                      "Invalid KeySchema: The second KeySchemaElement is not a "
                      "RANGE key type"));
  EXPECT_THAT(db.CreateTable(same_name),
              IsError(kValidation,
                      "Both the Hash Key and the Range Key element in the "
                      "KeySchema have the same name"));
  EXPECT_THAT(db.CreateTable(no_key),
              IsError(kValidation,
                      "1 validation error detected: Value '[]' at 'keySchema' "
                      "failed to satisfy constraint: Member must have length "
                      "greater than or equal to 1"));
}

TEST(CreateTableTest, RejectsMismatchedAttributeDefinitions) {
  Database db;
  CreateTableRequest missing = TableRequest("t1x", KeyType::kS, KeyType::kS);
  missing.attribute_definitions.pop_back();
  CreateTableRequest extra = TableRequest("t2x", KeyType::kS, {});
  extra.attribute_definitions.push_back({"other", KeyType::kN});
  CreateTableRequest duplicate = TableRequest("t3x", KeyType::kS, {});
  duplicate.attribute_definitions.push_back({"pk", KeyType::kN});

  EXPECT_THAT(db.CreateTable(missing),
              IsError(kValidation,
                      "One or more parameter values were invalid: Some index "
                      "key attributes are not defined in AttributeDefinitions. "
                      "Keys: [sk], AttributeDefinitions: [pk]"));
  EXPECT_THAT(db.CreateTable(extra),
              IsError(kValidation,
                      "One or more parameter values were invalid: Number of "
                      "attributes in KeySchema does not exactly match number "
                      "of attributes defined in AttributeDefinitions"));
  EXPECT_THAT(db.CreateTable(duplicate),
              ::dynamite::testing::ErrorKindIs(kValidation));
}

TEST(CreateTableTest, KeyAttributeNamesAreAtMost255Bytes) {
  Database db;
  CreateTableRequest ok = TableRequest("t1x", KeyType::kS, {});
  ok.key_schema[0].attribute_name = std::string(255, 'k');
  ok.attribute_definitions[0].attribute_name = std::string(255, 'k');
  CreateTableRequest bad = ok;
  bad.table_name = "t2x";
  bad.key_schema[0].attribute_name = std::string(256, 'k');
  bad.attribute_definitions[0].attribute_name = std::string(256, 'k');

  EXPECT_THAT(db.CreateTable(ok), IsOk());
  EXPECT_THAT(db.CreateTable(bad),
              ::dynamite::testing::ErrorKindIs(kValidation));
}

TEST(CreateTableTest, BillingModeRules) {
  Database db;
  CreateTableRequest provisioned_without = TableRequest("t1x", KeyType::kS, {});
  provisioned_without.billing_mode.reset();
  CreateTableRequest on_demand_with = TableRequest("t2x", KeyType::kS, {});
  on_demand_with.provisioned_throughput = ProvisionedThroughput{5, 5};
  CreateTableRequest provisioned = TableRequest("t3x", KeyType::kS, {});
  provisioned.billing_mode = BillingMode::kProvisioned;
  provisioned.provisioned_throughput = ProvisionedThroughput{5, 7};
  CreateTableRequest zero = provisioned;
  zero.table_name = "t4x";
  zero.provisioned_throughput = ProvisionedThroughput{0, 1};

  EXPECT_THAT(db.CreateTable(provisioned_without),
              IsError(kValidation,
                      "One or more parameter values were invalid: "
                      "ReadCapacityUnits and WriteCapacityUnits must both be "
                      "specified when BillingMode is PROVISIONED"));
  EXPECT_THAT(db.CreateTable(on_demand_with),
              IsError(kValidation,
                      "One or more parameter values were invalid: Neither "
                      "ReadCapacityUnits nor WriteCapacityUnits can be "
                      "specified when BillingMode is PAY_PER_REQUEST"));
  auto created = db.CreateTable(provisioned);
  ASSERT_THAT(created, IsOk());
  EXPECT_EQ(
      created->table_description.provisioned_throughput.write_capacity_units,
      7);
  EXPECT_THAT(db.CreateTable(zero),
              IsError(kValidation,
                      "1 validation error detected: Value '0' at "
                      "'provisionedThroughput.readCapacityUnits' failed to "
                      "satisfy constraint: Member must have value greater "
                      "than or equal to 1"));
}

TEST(DescribeTableTest, ReportsItemCountAndSize) {
  Database db;
  ASSERT_THAT(db.CreateTable(TableRequest("scores", KeyType::kS, {})), IsOk());
  PutItemRequest put{.table_name = "scores",
                     .item = {{"pk", ::dynamite::testing::S("abc")}}};
  ASSERT_THAT(db.PutItem(put), IsOk());

  auto described = db.DescribeTable({"scores"});

  ASSERT_THAT(described, IsOk());
  EXPECT_EQ(described->table.item_count, 1);
  EXPECT_EQ(described->table.table_size_bytes, 5);  // "pk" + "abc"
}

TEST(DescribeTableTest, MissingTableIsResourceNotFound) {
  Database db;

  EXPECT_THAT(
      db.DescribeTable({"nothere"}),
      IsError(ErrorKind::kResourceNotFound,
              "Requested resource not found: Table: nothere not found"));
}

TEST(ListTablesTest, PagesWithLimitAndExclusiveStart) {
  Database db;
  for (const char* name : {"ccc", "aaa", "bbb"}) {
    ASSERT_THAT(db.CreateTable(TableRequest(name, KeyType::kS, {})), IsOk());
  }

  auto first = db.ListTables({.limit = 2});
  ASSERT_THAT(first, IsOk());
  EXPECT_THAT(first->table_names, ElementsAre("aaa", "bbb"));
  EXPECT_EQ(first->last_evaluated_table_name, "bbb");

  auto second =
      db.ListTables({.exclusive_start_table_name = "bbb", .limit = 2});
  ASSERT_THAT(second, IsOk());
  EXPECT_THAT(second->table_names, ElementsAre("ccc"));
  EXPECT_FALSE(second->last_evaluated_table_name.has_value());

  auto all = db.ListTables({});
  ASSERT_THAT(all, IsOk());
  EXPECT_EQ(all->table_names.size(), 3u);
  EXPECT_FALSE(all->last_evaluated_table_name.has_value());
}

TEST(ListTablesTest, LimitMustBeOneToHundred) {
  Database db;

  EXPECT_THAT(db.ListTables({.limit = 0}),
              IsError(kValidation,
                      "1 validation error detected: Value '0' at 'limit' "
                      "failed to satisfy constraint: Member must have value "
                      "greater than or equal to 1"));
  EXPECT_THAT(db.ListTables({.limit = 101}),
              IsError(kValidation,
                      "1 validation error detected: Value '101' at 'limit' "
                      "failed to satisfy constraint: Member must have value "
                      "less than or equal to 100"));
  EXPECT_THAT(db.ListTables({.limit = 100}), IsOk());
}

TEST(DeleteTableTest, DeletesAndReportsDeleting) {
  Database db;
  ASSERT_THAT(db.CreateTable(TableRequest("scores", KeyType::kS, {})), IsOk());

  auto deleted = db.DeleteTable({"scores"});

  ASSERT_THAT(deleted, IsOk());
  EXPECT_EQ(deleted->table_description.table_status, "DELETING");
  EXPECT_THAT(db.DescribeTable({"scores"}),
              ::dynamite::testing::ErrorKindIs(ErrorKind::kResourceNotFound));
  EXPECT_THAT(db.DeleteTable({"scores"}),
              IsError(ErrorKind::kResourceNotFound,
                      "Requested resource not found: Table: scores not found"));
}

}  // namespace
}  // namespace dynamite
