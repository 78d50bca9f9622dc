// CreateTable with LocalSecondaryIndexes and GlobalSecondaryIndexes: every
// validation rule at its edge, with DynamoDB's messages, and the index
// fields DescribeTable reports.

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
using ::testing::ElementsAre;
using ::testing::IsEmpty;
using ::testing::SizeIs;

constexpr ErrorKind kValidation = ErrorKind::kValidation;
constexpr KeySchemaRole kHash = KeySchemaRole::kHash;
constexpr KeySchemaRole kRange = KeySchemaRole::kRange;

GlobalSecondaryIndex Gsi(const std::string& name,
                         std::vector<KeySchemaElement> key_schema,
                         ProjectionType type = ProjectionType::kAll) {
  GlobalSecondaryIndex gsi;
  gsi.index_name = name;
  gsi.key_schema = std::move(key_schema);
  gsi.projection.projection_type = type;
  return gsi;
}

LocalSecondaryIndex Lsi(const std::string& name, const std::string& sort_key) {
  LocalSecondaryIndex lsi;
  lsi.index_name = name;
  lsi.key_schema = {{"pk", kHash}, {sort_key, kRange}};
  lsi.projection.projection_type = ProjectionType::kKeysOnly;
  return lsi;
}

// A PAY_PER_REQUEST table (pk, sk) with `attributes` defined as S as well.
CreateTableRequest Table(const std::vector<std::string>& attributes) {
  CreateTableRequest r = TableRequest("tbl", KeyType::kS, KeyType::kS);
  for (const std::string& a : attributes) {
    r.attribute_definitions.push_back({a, KeyType::kS});
  }
  return r;
}

// `n` GSIs g0..g<n-1>, each keyed by attribute "g".
CreateTableRequest TableWithGsis(int n) {
  CreateTableRequest r = Table({"g"});
  r.global_secondary_indexes.emplace();
  for (int i = 0; i < n; ++i) {
    r.global_secondary_indexes->push_back(
        Gsi("gsi" + std::to_string(i), {{"g", kHash}}));
  }
  return r;
}

std::string Invalid(const std::string& detail) {
  return "One or more parameter values were invalid: " + detail;
}

TEST(IndexSchemaTest, DescribesLocalAndGlobalIndexes) {
  Database db;
  CreateTableRequest r = Table({"l", "g", "h"});
  r.local_secondary_indexes = {Lsi("by_l", "l")};
  GlobalSecondaryIndex gsi =
      Gsi("by_g", {{"g", kHash}, {"h", kRange}}, ProjectionType::kInclude);
  gsi.projection.non_key_attributes = {"zeta", "alpha"};
  r.global_secondary_indexes = {gsi};

  auto created = db.CreateTable(r);
  auto described = db.DescribeTable({.table_name = "tbl"});

  ASSERT_THAT(created, IsOk());
  ASSERT_THAT(described, IsOk());
  const TableDescription& d = described->table;
  ASSERT_THAT(d.local_secondary_indexes, SizeIs(1));
  ASSERT_THAT(d.global_secondary_indexes, SizeIs(1));
  const IndexDescription& lsi = d.local_secondary_indexes[0];
  EXPECT_EQ(lsi.index_name, "by_l");
  EXPECT_EQ(lsi.kind, IndexKind::kLocal);
  EXPECT_EQ(lsi.index_status, "");  // DynamoDB shows none for an LSI
  EXPECT_EQ(lsi.projection_type, ProjectionType::kKeysOnly);
  EXPECT_EQ(lsi.index_arn,
            "arn:aws:dynamodb:ddblocal:000000000000:table/tbl/index/by_l");
  const IndexDescription& g = d.global_secondary_indexes[0];
  EXPECT_EQ(g.index_status, "ACTIVE");
  ASSERT_THAT(g.key_schema, SizeIs(2));
  EXPECT_EQ(g.key_schema[0].attribute_name, "g");
  EXPECT_EQ(g.key_schema[1].key_type, kRange);
  EXPECT_THAT(g.non_key_attributes, ElementsAre("alpha", "zeta"));
  EXPECT_EQ(g.provisioned_throughput.read_capacity_units, 0);
  EXPECT_EQ(g.item_count, 0);
  EXPECT_EQ(created->table_description.global_secondary_indexes[0].index_arn,
            "arn:aws:dynamodb:ddblocal:000000000000:table/tbl/index/by_g");
}

TEST(IndexSchemaTest, DescribesAttributeDefinitionsSortedByName) {
  Database db;
  CreateTableRequest r = Table({"zz", "aa"});
  r.global_secondary_indexes = {Gsi("i_zz", {{"zz", kHash}}),
                                Gsi("i_aa", {{"aa", kHash}})};

  ASSERT_THAT(db.CreateTable(r), IsOk());
  auto d = db.DescribeTable({.table_name = "tbl"});

  ASSERT_THAT(d, IsOk());
  std::vector<std::string> names;
  for (const auto& a : d->table.attribute_definitions) {
    names.push_back(a.attribute_name);
  }
  EXPECT_THAT(names, ElementsAre("aa", "pk", "sk", "zz"));
}

TEST(IndexSchemaTest, DescribeCountsOnlyItemsWithTheIndexKeys) {
  Database db;
  CreateTableRequest r = Table({"g"});
  r.global_secondary_indexes = {Gsi("by_g", {{"g", kHash}})};
  ASSERT_THAT(db.CreateTable(r), IsOk());
  ASSERT_THAT(
      db.PutItem({.table_name = "tbl",
                  .item = {{"pk", S("a")}, {"sk", S("1")}, {"g", S("x")}}}),
      IsOk());
  ASSERT_THAT(db.PutItem({.table_name = "tbl",
                          .item = {{"pk", S("b")}, {"sk", S("1")}}}),
              IsOk());

  auto d = db.DescribeTable({.table_name = "tbl"});

  ASSERT_THAT(d, IsOk());
  EXPECT_EQ(d->table.item_count, 2);
  EXPECT_EQ(d->table.global_secondary_indexes[0].item_count, 1);
  EXPECT_GT(d->table.global_secondary_indexes[0].index_size_bytes, 0);
}

TEST(IndexSchemaTest, StoresGlobalIndexThroughputOnProvisionedTable) {
  Database db;
  CreateTableRequest r = Table({"g"});
  r.billing_mode = BillingMode::kProvisioned;
  r.provisioned_throughput = ProvisionedThroughput{5, 5};
  GlobalSecondaryIndex gsi = Gsi("by_g", {{"g", kHash}});
  gsi.provisioned_throughput = ProvisionedThroughput{3, 4};
  r.global_secondary_indexes = {gsi};

  auto created = db.CreateTable(r);

  ASSERT_THAT(created, IsOk());
  const IndexDescription& g =
      created->table_description.global_secondary_indexes[0];
  EXPECT_EQ(g.provisioned_throughput.read_capacity_units, 3);
  EXPECT_EQ(g.provisioned_throughput.write_capacity_units, 4);
}

TEST(IndexSchemaTest, RefusesGlobalIndexThroughputByBillingMode) {
  Database db;
  CreateTableRequest provisioned = Table({"g"});
  provisioned.billing_mode = BillingMode::kProvisioned;
  provisioned.provisioned_throughput = ProvisionedThroughput{5, 5};
  provisioned.global_secondary_indexes = {Gsi("by_g", {{"g", kHash}})};
  CreateTableRequest on_demand = Table({"g"});
  GlobalSecondaryIndex gsi = Gsi("by_g", {{"g", kHash}});
  gsi.provisioned_throughput = ProvisionedThroughput{1, 1};
  on_demand.global_secondary_indexes = {gsi};
  CreateTableRequest zero = provisioned;
  zero.global_secondary_indexes->at(0).provisioned_throughput =
      ProvisionedThroughput{1, 0};

  EXPECT_THAT(db.CreateTable(provisioned),
              IsError(kValidation, Invalid("ProvisionedThroughput is not "
                                           "specified for index: by_g")));
  EXPECT_THAT(db.CreateTable(on_demand),
              IsError(kValidation,
                      Invalid("ProvisionedThroughput should not be specified "
                              "for index: by_g when BillingMode is "
                              "PAY_PER_REQUEST")));
  EXPECT_THAT(db.CreateTable(zero),
              IsError(kValidation,
                      "1 validation error detected: Value '0' at "
                      "'globalSecondaryIndexes.1.member.provisionedThroughput."
                      "writeCapacityUnits' failed to satisfy constraint: "
                      "Member must have value greater than or equal to 1"));
}

TEST(IndexSchemaTest, AllowsFiveLocalIndexesAndRefusesSix) {
  Database db;
  CreateTableRequest five = Table({"l0", "l1", "l2", "l3", "l4"});
  five.local_secondary_indexes.emplace();
  for (int i = 0; i < 5; ++i) {
    five.local_secondary_indexes->push_back(
        Lsi("lsi" + std::to_string(i), "l" + std::to_string(i)));
  }
  CreateTableRequest six = five;
  six.table_name = "six";
  six.attribute_definitions.push_back({"l5", KeyType::kS});
  six.local_secondary_indexes->push_back(Lsi("lsi5", "l5"));

  EXPECT_THAT(db.CreateTable(five), IsOk());
  EXPECT_THAT(db.CreateTable(six),
              IsError(kValidation, Invalid("Number of LocalSecondaryIndexes "
                                           "exceeds per-table limit of 5")));
}

TEST(IndexSchemaTest, AllowsTwentyGlobalIndexesAndRefusesTwentyOne) {
  Database db;
  CreateTableRequest twenty_one = TableWithGsis(21);
  twenty_one.table_name = "t21";

  EXPECT_THAT(db.CreateTable(TableWithGsis(20)), IsOk());
  EXPECT_THAT(db.CreateTable(twenty_one),
              IsError(kValidation, Invalid("GlobalSecondaryIndex count exceeds "
                                           "the per-table limit of 20")));
}

TEST(IndexSchemaTest, RefusesEmptyIndexLists) {
  Database db;
  CreateTableRequest no_lsi = Table({});
  no_lsi.local_secondary_indexes.emplace();
  CreateTableRequest no_gsi = Table({});
  no_gsi.global_secondary_indexes.emplace();

  EXPECT_THAT(
      db.CreateTable(no_lsi),
      IsError(kValidation, Invalid("List of LocalSecondaryIndexes is empty")));
  EXPECT_THAT(
      db.CreateTable(no_gsi),
      IsError(kValidation, Invalid("List of GlobalSecondaryIndexes is empty")));
}

TEST(IndexSchemaTest, IndexNameLengthEdges) {
  Database db;
  auto named = [](const std::string& table, const std::string& index) {
    CreateTableRequest r = TableWithGsis(1);
    r.table_name = table;
    r.global_secondary_indexes->at(0).index_name = index;
    return r;
  };

  EXPECT_THAT(db.CreateTable(named("tb1", "abc")), IsOk());
  EXPECT_THAT(db.CreateTable(named("tb2", std::string(255, 'n'))), IsOk());
  EXPECT_THAT(db.CreateTable(named("tb3", "ab")),
              IsError(kValidation,
                      "1 validation error detected: Value 'ab' at "
                      "'globalSecondaryIndexes.1.member.indexName' failed to "
                      "satisfy constraint: Member must have length greater "
                      "than or equal to 3"));
  EXPECT_THAT(
      db.CreateTable(named("tb4", std::string(256, 'n'))),
      IsError(kValidation,
              "1 validation error detected: Value '" + std::string(256, 'n') +
                  "' at 'globalSecondaryIndexes.1.member.indexName' "
                  "failed to satisfy constraint: Member must have "
                  "length less than or equal to 255"));
}

TEST(IndexSchemaTest, RefusesBadIndexNameCharactersAndEmptyName) {
  Database db;
  CreateTableRequest bad = Table({"l"});
  bad.local_secondary_indexes = {Lsi("by;l", "l")};
  CreateTableRequest empty = TableWithGsis(1);
  empty.global_secondary_indexes->at(0).index_name = "";

  EXPECT_THAT(db.CreateTable(bad),
              IsError(kValidation,
                      "1 validation error detected: Value 'by;l' at "
                      "'localSecondaryIndexes.1.member.indexName' failed to "
                      "satisfy constraint: Member must satisfy regular "
                      "expression pattern: [a-zA-Z0-9_.-]+"));
  EXPECT_THAT(db.CreateTable(empty),
              IsError(kValidation,
                      "2 validation errors detected: Value '' at "
                      "'globalSecondaryIndexes.1.member.indexName' failed to "
                      "satisfy constraint: Member must have length greater "
                      "than or equal to 3; Value '' at "
                      "'globalSecondaryIndexes.1.member.indexName' failed to "
                      "satisfy constraint: Member must satisfy regular "
                      "expression pattern: [a-zA-Z0-9_.-]+"));
}

TEST(IndexSchemaTest, RefusesDuplicateNamesAcrossLocalAndGlobal) {
  Database db;
  CreateTableRequest r = Table({"l", "g"});
  r.local_secondary_indexes = {Lsi("same", "l")};
  r.global_secondary_indexes = {Gsi("same", {{"g", kHash}})};

  EXPECT_THAT(db.CreateTable(r),
              IsError(kValidation, Invalid("Duplicate index name: same")));
}

TEST(IndexSchemaTest, LocalIndexNeedsTableSortKey) {
  Database db;
  CreateTableRequest r = TableRequest("tbl", KeyType::kS, {});
  r.attribute_definitions.push_back({"l", KeyType::kS});
  r.local_secondary_indexes = {Lsi("by_l", "l")};

  EXPECT_THAT(
      db.CreateTable(r),
      IsError(kValidation, Invalid("Table KeySchema does not have a range key, "
                                   "which is required when specifying a "
                                   "LocalSecondaryIndex")));
}

TEST(IndexSchemaTest, LocalIndexKeySchemaRules) {
  Database db;
  CreateTableRequest other_hash = Table({"l"});
  other_hash.local_secondary_indexes = {Lsi("by_l", "l")};
  other_hash.local_secondary_indexes->at(0).key_schema[0].attribute_name = "sk";
  CreateTableRequest hash_only = Table({});
  hash_only.local_secondary_indexes = {Lsi("by_l", "l")};
  hash_only.local_secondary_indexes->at(0).key_schema.pop_back();
  CreateTableRequest three = Table({"l"});
  three.local_secondary_indexes = {Lsi("by_l", "l")};
  three.local_secondary_indexes->at(0).key_schema.push_back({"sk", kRange});

  EXPECT_THAT(db.CreateTable(other_hash),
              IsError(kValidation,
                      Invalid("Index KeySchema does not have the same leading "
                              "hash key as table KeySchema for index: by_l. "
                              "index hash key: sk, table hash key: pk")));
  EXPECT_THAT(db.CreateTable(hash_only),
              IsError(kValidation, Invalid("Index KeySchema does not have a "
                                           "range key for index: by_l")));
  EXPECT_THAT(db.CreateTable(three),
              IsError(kValidation,
                      "1 validation error detected: Value '[...]' at "
                      "'localSecondaryIndexes.1.member.keySchema' failed to "
                      "satisfy constraint: Member must have length less than "
                      "or equal to 2"));
}

TEST(IndexSchemaTest, GlobalKeySchemaAllowsFourHashAndFourRange) {
  Database db;
  CreateTableRequest r =
      Table({"h1", "h2", "h3", "h4", "r1", "r2", "r3", "r4"});
  r.global_secondary_indexes = {Gsi("multi", {{"h1", kHash},
                                              {"h2", kHash},
                                              {"h3", kHash},
                                              {"h4", kHash},
                                              {"r1", kRange},
                                              {"r2", kRange},
                                              {"r3", kRange},
                                              {"r4", kRange}})};

  auto created = db.CreateTable(r);

  ASSERT_THAT(created, IsOk());
  EXPECT_THAT(created->table_description.global_secondary_indexes[0].key_schema,
              SizeIs(8));
}

TEST(IndexSchemaTest, GlobalKeySchemaRefusesFiveHashOrFiveRange) {
  Database db;
  CreateTableRequest hashes = Table({"a", "b", "c", "d", "e"});
  hashes.global_secondary_indexes = {Gsi(
      "multi",
      {{"a", kHash}, {"b", kHash}, {"c", kHash}, {"d", kHash}, {"e", kHash}})};
  CreateTableRequest ranges = Table({"a", "b", "c", "d", "e", "f"});
  ranges.global_secondary_indexes = {Gsi("multi", {{"f", kHash},
                                                   {"a", kRange},
                                                   {"b", kRange},
                                                   {"c", kRange},
                                                   {"d", kRange},
                                                   {"e", kRange}})};

  EXPECT_THAT(
      db.CreateTable(hashes),
      IsError(kValidation, Invalid("The KeySchema exceeds the maximum allowed "
                                   "number of HASH key attributes")));
  EXPECT_THAT(
      db.CreateTable(ranges),
      IsError(kValidation, Invalid("The KeySchema exceeds the maximum allowed "
                                   "number of RANGE key attributes")));
}

TEST(IndexSchemaTest, GlobalKeySchemaOrderAndDuplicates) {
  Database db;
  CreateTableRequest hash_after_range = Table({"a", "b", "c"});
  hash_after_range.global_secondary_indexes = {
      Gsi("idx", {{"a", kHash}, {"b", kRange}, {"c", kHash}})};
  CreateTableRequest range_first = Table({"a", "b"});
  range_first.global_secondary_indexes = {
      Gsi("idx", {{"b", kRange}, {"a", kHash}})};
  CreateTableRequest twice = Table({"a", "b"});
  twice.global_secondary_indexes = {
      Gsi("idx", {{"a", kHash}, {"b", kHash}, {"a", kRange}})};
  CreateTableRequest pair = Table({"a"});
  pair.global_secondary_indexes = {Gsi("idx", {{"a", kHash}, {"a", kRange}})};

  EXPECT_THAT(db.CreateTable(hash_after_range),
              IsError(kValidation,
                      Invalid("All HASH key attributes must precede RANGE key "
                              "attributes in the KeySchema")));
  EXPECT_THAT(db.CreateTable(range_first),
              IsError(kValidation,
                      "Invalid KeySchema: The first "
                      "KeySchemaElement is not a HASH key type"));
  EXPECT_THAT(db.CreateTable(twice),
              IsError(kValidation,
                      "The KeySchema contains multiple key "
                      "attributes with the same name"));
  EXPECT_THAT(db.CreateTable(pair),
              IsError(kValidation,
                      "Both the Hash Key and the Range Key "
                      "element in the KeySchema have the same "
                      "name"));
}

TEST(IndexSchemaTest, IndexKeysMustBeDefinedAndDefinitionsUsed) {
  Database db;
  CreateTableRequest undefined = Table({});
  undefined.global_secondary_indexes = {
      Gsi("idx", {{"g", kHash}, {"h", kRange}})};
  CreateTableRequest unused = Table({"g", "extra"});
  unused.global_secondary_indexes = {Gsi("idx", {{"g", kHash}})};

  EXPECT_THAT(db.CreateTable(undefined),
              IsError(kValidation,
                      Invalid("Some index key attributes are not defined in "
                              "AttributeDefinitions. Keys: [g, h], "
                              "AttributeDefinitions: [pk, sk]")));
  EXPECT_THAT(db.CreateTable(unused),
              IsError(kValidation,
                      Invalid("Some AttributeDefinitions are not used. "
                              "AttributeDefinitions: [pk, sk, g, extra], keys "
                              "used: [pk, sk, g]")));
}

TEST(IndexSchemaTest, UnusedDefinitionHidesOtherIndexErrors) {
  Database db;
  CreateTableRequest r = Table({"g", "extra"});
  r.global_secondary_indexes = {Gsi("idx", {{"g", kHash}})};
  r.global_secondary_indexes->at(0).projection.projection_type.reset();

  EXPECT_THAT(db.CreateTable(r),
              IsError(kValidation,
                      Invalid("Some AttributeDefinitions are not used. "
                              "AttributeDefinitions: [pk, sk, g, extra], keys "
                              "used: [pk, sk, g]")));
}

TEST(IndexSchemaTest, DuplicateAttributeDefinitionIsRefused) {
  Database db;
  CreateTableRequest r = Table({"g", "g"});
  r.global_secondary_indexes = {Gsi("by_g", {{"g", kHash}})};

  EXPECT_THAT(db.CreateTable(r),
              IsError(kValidation, "Attribute Name is duplicated: g"));
}

TEST(IndexSchemaTest, ProjectionRules) {
  Database db;
  auto with = [](Projection projection) {
    CreateTableRequest r = TableWithGsis(1);
    r.global_secondary_indexes->at(0).projection = std::move(projection);
    return r;
  };

  EXPECT_THAT(db.CreateTable(with({})),
              IsError(kValidation, Invalid("Unknown ProjectionType: null")));
  EXPECT_THAT(db.CreateTable(
                  with({ProjectionType::kAll, std::vector<std::string>{"x"}})),
              IsError(kValidation,
                      Invalid("ProjectionType is ALL, but NonKeyAttributes is "
                              "specified")));
  EXPECT_THAT(
      db.CreateTable(
          with({ProjectionType::kKeysOnly, std::vector<std::string>{"x"}})),
      IsError(kValidation,
              Invalid("ProjectionType is KEYS_ONLY, but NonKeyAttributes is "
                      "specified")));
  EXPECT_THAT(db.CreateTable(with({ProjectionType::kInclude, {}})),
              IsError(kValidation, Invalid("ProjectionType is INCLUDE, but "
                                           "NonKeyAttributes is not "
                                           "specified")));
  EXPECT_THAT(db.CreateTable(with({ProjectionType::kInclude,
                                   std::vector<std::string>{"x", "y", "x"}})),
              IsError(kValidation,
                      Invalid("Duplicate element in NonKeyAttributes: x")));
  EXPECT_THAT(db.CreateTable(
                  with({ProjectionType::kInclude, std::vector<std::string>{}})),
              IsError(kValidation,
                      "1 validation error detected: Value '[]' at "
                      "'globalSecondaryIndexes.1.member.projection."
                      "nonKeyAttributes' failed to satisfy constraint: Member "
                      "must have length greater than or equal to 1"));
}

std::vector<std::string> Attributes(int first, int count) {
  std::vector<std::string> names;
  for (int i = first; i < first + count; ++i) {
    names.push_back("a" + std::to_string(i));
  }
  return names;
}

TEST(IndexSchemaTest, NonKeyAttributesPerIndexAtMostTwenty) {
  Database db;
  CreateTableRequest twenty = TableWithGsis(1);
  twenty.global_secondary_indexes->at(0).projection = {ProjectionType::kInclude,
                                                       Attributes(0, 20)};
  CreateTableRequest twenty_one = twenty;
  twenty_one.table_name = "t21";
  twenty_one.global_secondary_indexes->at(0).projection.non_key_attributes =
      Attributes(0, 21);

  EXPECT_THAT(db.CreateTable(twenty), IsOk());
  auto refused = db.CreateTable(twenty_one);
  EXPECT_THAT(refused, ::dynamite::testing::ErrorKindIs(kValidation));
  EXPECT_THAT(std::string(refused.status().message()),
              ::testing::EndsWith("at 'globalSecondaryIndexes.1.member."
                                  "projection.nonKeyAttributes' failed to "
                                  "satisfy constraint: Member must have "
                                  "length less than or equal to 20"));
}

TEST(IndexSchemaTest, NonKeyAttributesAtMostOneHundredPerTable) {
  Database db;
  // Five indexes of 20 make 100; a sixth with one more makes 101.
  CreateTableRequest hundred = TableWithGsis(5);
  for (int i = 0; i < 5; ++i) {
    hundred.global_secondary_indexes->at(i).projection = {
        ProjectionType::kInclude, Attributes(20 * i, 20)};
  }
  CreateTableRequest hundred_one = hundred;
  hundred_one.table_name = "t101";
  hundred_one.global_secondary_indexes->push_back(
      Gsi("gsi5", {{"g", kHash}}, ProjectionType::kInclude));
  hundred_one.global_secondary_indexes->back().projection.non_key_attributes =
      Attributes(0, 1);

  EXPECT_THAT(db.CreateTable(hundred), IsOk());
  EXPECT_THAT(db.CreateTable(hundred_one),
              IsError(kValidation, Invalid("Number of projected attributes in "
                                           "all indexes exceeds limit of "
                                           "100")));
}

TEST(IndexSchemaTest, DeleteTableDescribesIndexes) {
  Database db;
  ASSERT_THAT(db.CreateTable(TableWithGsis(1)), IsOk());

  auto deleted = db.DeleteTable({.table_name = "tbl"});

  ASSERT_THAT(deleted, IsOk());
  EXPECT_THAT(deleted->table_description.global_secondary_indexes, SizeIs(1));
  EXPECT_THAT(deleted->table_description.local_secondary_indexes, IsEmpty());
}

}  // namespace
}  // namespace dynamite
