// Query on a GSI with a multi-attribute key (query/multi_key_condition.h):
// every partition-key attribute with `=`, the sort-key attributes left to
// right, `=` on a prefix and one range condition on the last one named.

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
using ::dynamite::testing::N;
using ::dynamite::testing::S;
using ::testing::ElementsAre;

constexpr ErrorKind kValidation = ErrorKind::kValidation;

// Orders: pk id; GSI "byPlace" HASH (tenant, region), RANGE (status,
// created N).
class MultiKeyQueryTest : public ::testing::Test {
 protected:
  void SetUp() override {
    CreateTableRequest r;
    r.table_name = "orders";
    r.key_schema = {{"pk", KeySchemaRole::kHash}};
    r.attribute_definitions = {{"pk", KeyType::kS},
                               {"tenant", KeyType::kS},
                               {"region", KeyType::kS},
                               {"status", KeyType::kS},
                               {"created", KeyType::kN}};
    r.billing_mode = BillingMode::kPayPerRequest;
    GlobalSecondaryIndex gsi;
    gsi.index_name = "byPlace";
    gsi.key_schema = {{"tenant", KeySchemaRole::kHash},
                      {"region", KeySchemaRole::kHash},
                      {"status", KeySchemaRole::kRange},
                      {"created", KeySchemaRole::kRange}};
    gsi.projection.projection_type = ProjectionType::kAll;
    r.global_secondary_indexes = std::vector<GlobalSecondaryIndex>{gsi};
    ASSERT_THAT(db_.CreateTable(r), IsOk());

    Put("o1", "acme", "eu", "open", "10");
    Put("o2", "acme", "eu", "open", "9");
    Put("o3", "acme", "eu", "opened", "1");
    Put("o4", "acme", "eu", "closed", "5");
    Put("o5", "acme", "us", "open", "7");
    Put("o6", "acme", "eu", "op", "3");
    Put("o7", "acme", "eu", "open", "");  // no created: not in the index
  }

  void Put(const std::string& pk, const std::string& tenant,
           const std::string& region, const std::string& status,
           const std::string& created) {
    Item item{{"pk", S(pk)},
              {"tenant", S(tenant)},
              {"region", S(region)},
              {"status", S(status)}};
    if (!created.empty()) item.emplace("created", N(created));
    ASSERT_THAT(db_.PutItem({.table_name = "orders", .item = std::move(item)}),
                IsOk());
  }

  absl::StatusOr<QueryResponse> Query(const std::string& expression,
                                      ExpressionAttributeValues values,
                                      QueryRequest base = {}) {
    base.table_name = "orders";
    if (!base.index_name.has_value()) base.index_name = "byPlace";
    base.key_condition_expression = expression;
    values.emplace(":t", S("acme"));
    values.emplace(":r", S("eu"));
    // Table-driven cases share one value map: keep what the case uses.
    ExpressionAttributeValues used;
    for (auto& [name, value] : values) {
      if (expression.find(name) != std::string::npos) {
        used.emplace(name, std::move(value));
      }
    }
    base.expression_attribute_values = std::move(used);
    // region and status are reserved words.
    ExpressionAttributeNames names{{"#g", "region"}};
    if (expression.find("#s") != std::string::npos) {
      names.emplace("#s", "status");
    }
    base.expression_attribute_names = std::move(names);
    return db_.Query(base);
  }

  static std::vector<std::string> Ids(const QueryResponse& page) {
    std::vector<std::string> ids;
    for (const ItemPtr& item : page.items) ids.push_back(item->at("pk").s());
    return ids;
  }

  Database db_;
};

TEST_F(MultiKeyQueryTest, PartitionOrdersItemsByTheSortKeyTuple) {
  auto page = Query("tenant = :t AND #g = :r", {});

  ASSERT_THAT(page, IsOk());
  // (closed,5) (op,3) (open,9) (open,10) (opened,1): a value sorts before
  // the longer values it begins, numbers numerically.
  EXPECT_THAT(Ids(*page), ElementsAre("o4", "o6", "o2", "o1", "o3"));
}

TEST_F(MultiKeyQueryTest, EqualityOnTheFirstSortAttributeIsAPrefix) {
  auto page = Query("tenant = :t AND #g = :r AND #s = :s", {{":s", S("open")}});

  ASSERT_THAT(page, IsOk());
  EXPECT_THAT(Ids(*page), ElementsAre("o2", "o1"));
}

TEST_F(MultiKeyQueryTest, RangeOnTheLastSortAttributeNamed) {
  QueryRequest base;
  for (const auto& [condition, expected] :
       std::vector<std::pair<std::string, std::vector<std::string>>>{
           {"created > :c", {"o1"}},
           {"created >= :c", {"o2", "o1"}},
           {"created < :c", {}},
           {"created <= :c", {"o2"}},
           {"created = :c", {"o2"}},
           {"created BETWEEN :c AND :d", {"o2", "o1"}},
       }) {
    SCOPED_TRACE(condition);
    auto page =
        Query("tenant = :t AND #g = :r AND #s = :s AND " + condition,
              {{":s", S("open")}, {":c", N("9")}, {":d", N("10")}}, base);
    ASSERT_THAT(page, IsOk());
    EXPECT_EQ(Ids(*page), expected);
  }
}

TEST_F(MultiKeyQueryTest, RangeOnTheFirstSortAttribute) {
  QueryRequest base;
  for (const auto& [condition, expected] :
       std::vector<std::pair<std::string, std::vector<std::string>>>{
           {"begins_with(#s, :s)", {"o6", "o2", "o1", "o3"}},
           {"#s > :s", {"o2", "o1", "o3"}},
           {"#s >= :s", {"o6", "o2", "o1", "o3"}},
           {"#s < :s", {"o4"}},
           {"#s <= :s", {"o4", "o6"}},
           {"#s BETWEEN :s AND :e", {"o6", "o2", "o1"}},
       }) {
    SCOPED_TRACE(condition);
    auto page = Query("tenant = :t AND #g = :r AND " + condition,
                      {{":s", S("op")}, {":e", S("open")}}, base);
    ASSERT_THAT(page, IsOk());
    EXPECT_EQ(Ids(*page), expected);
  }
}

// A multi-attribute partition key beside a single sort-key attribute: that
// one is stored as its plain value, not as a tuple, and each condition on it
// must read it so (found by the console's browser test: `>=` left out the
// equal item, `<` took it in).
TEST_F(MultiKeyQueryTest, OneSortAttributeBesideAMultiAttributePartitionKey) {
  GlobalSecondaryIndex by_day{
      .index_name = "byDay",
      .key_schema = {{"tenant", KeySchemaRole::kHash},
                     {"region", KeySchemaRole::kHash},
                     {"created", KeySchemaRole::kRange}},
      .projection = {.projection_type = ProjectionType::kKeysOnly}};
  ASSERT_THAT(
      db_.UpdateTable(
          {.table_name = "orders",
           .attribute_definitions =
               std::vector<AttributeDefinition>{{"tenant", KeyType::kS},
                                                {"region", KeyType::kS},
                                                {"created", KeyType::kN}},
           .global_secondary_index_updates =
               std::vector<GlobalSecondaryIndexUpdate>{{.create = by_day}}}),
      IsOk());
  // acme/eu: o3 (1), o6 (3), o4 (5), o2 (9), o1 (10).
  for (const auto& [condition, expected] :
       std::vector<std::pair<std::string, std::vector<std::string>>>{
           {"created = :c", {"o4"}},
           {"created < :c", {"o3", "o6"}},
           {"created <= :c", {"o3", "o6", "o4"}},
           {"created > :c", {"o2", "o1"}},
           {"created >= :c", {"o4", "o2", "o1"}},
           {"created BETWEEN :c AND :d", {"o4", "o2"}},
           {"created BETWEEN :c AND :c", {"o4"}},
       }) {
    SCOPED_TRACE(condition);
    QueryRequest request;
    request.index_name = "byDay";
    auto page = Query("tenant = :t AND #g = :r AND " + condition,
                      {{":c", N("5")}, {":d", N("9")}}, request);
    ASSERT_THAT(page, IsOk());
    EXPECT_EQ(Ids(*page), expected);
  }
  // Pages of one resume after their LastEvaluatedKey, inside the range.
  QueryRequest first;
  first.index_name = "byDay";
  first.limit = 1;
  auto page = Query("tenant = :t AND #g = :r AND created >= :c",
                    {{":c", N("5")}}, first);
  ASSERT_THAT(page, IsOk());
  EXPECT_EQ(Ids(*page), std::vector<std::string>{"o4"});
  ASSERT_TRUE(page->last_evaluated_key.has_value());
  QueryRequest rest;
  rest.index_name = "byDay";
  rest.exclusive_start_key = page->last_evaluated_key;
  page = Query("tenant = :t AND #g = :r AND created >= :c", {{":c", N("5")}},
               rest);
  ASSERT_THAT(page, IsOk());
  EXPECT_EQ(Ids(*page), (std::vector<std::string>{"o2", "o1"}));
}

TEST_F(MultiKeyQueryTest, EveryPartitionAttributeIsRequired) {
  QueryRequest base;
  base.key_condition_expression = "tenant = :t";
  base.table_name = "orders";
  base.index_name = "byPlace";
  base.expression_attribute_values = ExpressionAttributeValues{{":t", S("a")}};

  EXPECT_THAT(db_.Query(base),
              IsError(kValidation,
                      "HASH key attributes region must have equality "
                      "conditions specified in the query"));
}

TEST_F(MultiKeyQueryTest, SortAttributesCannotBeSkipped) {
  EXPECT_THAT(
      Query("tenant = :t AND #g = :r AND created = :c", {{":c", N("1")}}),
      IsError(kValidation,
              "RANGE key attributes status must have equality "
              "conditions specified in the query because a condition "
              "is present on key attribute created"));
}

TEST_F(MultiKeyQueryTest, OnlyTheLastSortAttributeMayHaveARange) {
  QueryRequest base;
  EXPECT_THAT(Query("tenant = :t AND #g = :r AND #s > :s AND created = :c",
                    {{":s", S("a")}, {":c", N("1")}}, base),
              IsError(kValidation,
                      "RANGE key attributes status must have equality "
                      "conditions specified in the query because a condition "
                      "is present on key attribute created"));
}

TEST_F(MultiKeyQueryTest, PartitionAttributesNeedEquality) {
  EXPECT_THAT(Query("tenant = :t AND #g > :r", {}),
              IsError(kValidation,
                      "HASH key attributes region must have equality "
                      "conditions specified in the query"));
}

TEST_F(MultiKeyQueryTest, LegacyKeyConditionsWorkToo) {
  QueryRequest base;
  base.table_name = "orders";
  base.index_name = "byPlace";
  LegacyConditions conditions;
  conditions["tenant"] = {ComparisonOperator::kEq, {S("acme")}};
  conditions["region"] = {ComparisonOperator::kEq, {S("eu")}};
  conditions["status"] = {ComparisonOperator::kEq, {S("open")}};
  conditions["created"] = {ComparisonOperator::kGt, {N("9")}};
  base.key_conditions = conditions;

  auto page = db_.Query(base);

  ASSERT_THAT(page, IsOk());
  EXPECT_THAT(Ids(*page), ElementsAre("o1"));
}

TEST_F(MultiKeyQueryTest, PagesResumeFromAKeyWithEveryIndexAttribute) {
  QueryRequest base;
  base.limit = 2;
  std::vector<std::string> seen;
  for (int i = 0; i < 5; ++i) {
    auto page = Query("tenant = :t AND #g = :r", {}, base);
    ASSERT_THAT(page, IsOk());
    for (const std::string& id : Ids(*page)) seen.push_back(id);
    if (!page->last_evaluated_key.has_value()) break;
    EXPECT_EQ(page->last_evaluated_key->size(), 5u);
    base.exclusive_start_key = page->last_evaluated_key;
  }

  EXPECT_THAT(seen, ElementsAre("o4", "o6", "o2", "o1", "o3"));
}

}  // namespace
}  // namespace dynamite
