// FilterExpression on Query and ProjectionExpression on GetItem and Query
// (reference §5.2, §5.4, §7.2, §7.4).

#include <optional>
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
using ::dynamite::testing::TableRequest;
using ::testing::ElementsAre;
using ::testing::IsNull;
using ::testing::NotNull;

constexpr ErrorKind kValidation = ErrorKind::kValidation;

std::vector<std::string> SortKeys(const QueryResponse& page) {
  std::vector<std::string> keys;
  for (const ItemPtr& item : page.items) keys.push_back(item->at("sk").s());
  return keys;
}

class ProjectionFilterTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_THAT(db_.CreateTable(TableRequest("tab", KeyType::kS, KeyType::kS)),
                IsOk());
    // a: x=1, b: x=2, c: no x, d: x=4, e: x=5.
    Put({{"pk", S("p")},
         {"sk", S("a")},
         {"x", N("1")},
         {"m", AttributeValue::M(
                   {{"b", AttributeValue::L({S("l0"), S("l1"), S("l2")})},
                    {"c", S("mc")}})}});
    Put({{"pk", S("p")}, {"sk", S("b")}, {"x", N("2")}});
    Put({{"pk", S("p")}, {"sk", S("c")}, {"y", S("only y")}});
    Put({{"pk", S("p")}, {"sk", S("d")}, {"x", N("4")}});
    Put({{"pk", S("p")}, {"sk", S("e")}, {"x", N("5")}});
  }

  void Put(Item item) {
    ASSERT_THAT(db_.PutItem({.table_name = "tab", .item = std::move(item)}),
                IsOk());
  }

  absl::StatusOr<GetItemResponse> Get(
      const std::string& sk, std::optional<std::string> projection,
      std::optional<ExpressionAttributeNames> names = std::nullopt) {
    return db_.GetItem({.table_name = "tab",
                        .key = {{"pk", S("p")}, {"sk", S(sk)}},
                        .projection_expression = std::move(projection),
                        .expression_attribute_names = std::move(names)});
  }

  absl::StatusOr<QueryResponse> Query(QueryRequest request) {
    if (request.table_name.empty()) request.table_name = "tab";
    request.key_condition_expression = "pk = :p";
    if (!request.expression_attribute_values.has_value()) {
      request.expression_attribute_values = ExpressionAttributeValues{};
    }
    (*request.expression_attribute_values)[":p"] = S("p");
    return db_.Query(request);
  }

  Database db_;
};

TEST_F(ProjectionFilterTest, GetItemProjectsPaths) {
  auto got = Get("a", "x, m.b[2], #c.c", ExpressionAttributeNames{{"#c", "m"}});

  ASSERT_THAT(got, IsOk());
  ASSERT_THAT(got->item, NotNull());
  EXPECT_EQ(*got->item,
            (Item{{"x", N("1")},
                  {"m", AttributeValue::M({{"b", AttributeValue::L({S("l2")})},
                                           {"c", S("mc")}})}}));
}

TEST_F(ProjectionFilterTest, GetItemWithoutThePathsIsEmptyAndMissingIsNull) {
  auto none = Get("b", "nothere");
  ASSERT_THAT(none, IsOk());
  ASSERT_THAT(none->item, NotNull());
  EXPECT_TRUE(none->item->empty());

  auto missing = Get("zz", "x");
  ASSERT_THAT(missing, IsOk());
  EXPECT_THAT(missing->item, IsNull());
}

TEST_F(ProjectionFilterTest, GetItemProjectionErrors) {
  EXPECT_THAT(Get("a", "m, m.b[0]"),
              IsError(kValidation,
                      "Invalid ProjectionExpression: Two document paths "
                      "overlap with each other; must remove or rewrite one of "
                      "these paths; path one: [m], path two: [m, b, [0]]"));
  EXPECT_THAT(Get("a", "x", ExpressionAttributeNames{{"#u", "u"}}),
              IsError(kValidation,
                      "Value provided in ExpressionAttributeNames unused in "
                      "expressions: keys: {#u}"));
  EXPECT_THAT(Get("a", std::nullopt, ExpressionAttributeNames{{"#u", "u"}}),
              IsError(kValidation,
                      "ExpressionAttributeNames can only be specified when "
                      "using expressions"));
  EXPECT_THAT(Get("a", "name"),
              IsError(kValidation,
                      "Invalid ProjectionExpression: Attribute name is a "
                      "reserved keyword; reserved keyword: name"));
  EXPECT_THAT(Get("a", "#n"),
              IsError(kValidation,
                      "Invalid ProjectionExpression: An expression attribute "
                      "name used in the document path is not defined; "
                      "attribute name: #n"));
  // Expression errors come before the table lookup.
  EXPECT_THAT(db_.GetItem({.table_name = "nothere",
                           .key = {{"pk", S("p")}},
                           .projection_expression = "a, a"}),
              ::dynamite::testing::ErrorKindIs(kValidation));
}

TEST_F(ProjectionFilterTest, FilterCountsEvaluatedAndMatchedItems) {
  QueryRequest request;
  request.filter_expression = "x > :two";
  request.expression_attribute_values =
      ExpressionAttributeValues{{":two", N("2")}};

  auto page = Query(request);

  ASSERT_THAT(page, IsOk());
  EXPECT_THAT(SortKeys(*page), ElementsAre("d", "e"));
  EXPECT_EQ(page->count, 2);
  EXPECT_EQ(page->scanned_count, 5);
  EXPECT_FALSE(page->last_evaluated_key.has_value());
}

TEST_F(ProjectionFilterTest, LimitCountsItemsBeforeTheFilter) {
  QueryRequest request;
  request.filter_expression = "x > :two";
  request.expression_attribute_values =
      ExpressionAttributeValues{{":two", N("2")}};
  request.limit = 3;

  auto page = Query(request);

  ASSERT_THAT(page, IsOk());
  EXPECT_TRUE(page->items.empty());
  EXPECT_EQ(page->count, 0);
  EXPECT_EQ(page->scanned_count, 3);
  // The last item evaluated, though the filter dropped it.
  ASSERT_TRUE(page->last_evaluated_key.has_value());
  EXPECT_EQ(*page->last_evaluated_key, (Item{{"pk", S("p")}, {"sk", S("c")}}));

  request.exclusive_start_key = page->last_evaluated_key;
  auto next = Query(request);
  ASSERT_THAT(next, IsOk());
  EXPECT_THAT(SortKeys(*next), ElementsAre("d", "e"));
  EXPECT_EQ(next->scanned_count, 2);
}

TEST_F(ProjectionFilterTest, FilterWithCount) {
  QueryRequest request;
  request.filter_expression = "attribute_not_exists(x) OR x = :one";
  request.expression_attribute_values =
      ExpressionAttributeValues{{":one", N("1")}};
  request.select = Select::kCount;

  auto page = Query(request);

  ASSERT_THAT(page, IsOk());
  EXPECT_FALSE(page->has_items);
  EXPECT_EQ(page->count, 2);
  EXPECT_EQ(page->scanned_count, 5);
}

TEST_F(ProjectionFilterTest, QueryProjectionWithAndWithoutSelect) {
  for (std::optional<Select> select :
       {std::optional<Select>(),
        std::optional<Select>(Select::kSpecificAttributes)}) {
    QueryRequest request;
    request.projection_expression = "#x";
    request.expression_attribute_names = ExpressionAttributeNames{{"#x", "x"}};
    request.filter_expression = "#x < :five";
    request.expression_attribute_values =
        ExpressionAttributeValues{{":five", N("5")}};
    request.select = select;

    auto page = Query(request);

    ASSERT_THAT(page, IsOk());
    ASSERT_EQ(page->items.size(), 3u);
    EXPECT_EQ(*page->items[0], (Item{{"x", N("1")}}));
    EXPECT_EQ(*page->items[2], (Item{{"x", N("4")}}));
    EXPECT_EQ(page->count, 3);
    EXPECT_EQ(page->scanned_count, 5);
  }
}

TEST_F(ProjectionFilterTest, QueryProjectionOfMissingPathsGivesEmptyItems) {
  QueryRequest request;
  request.projection_expression = "y";
  auto page = Query(request);
  ASSERT_THAT(page, IsOk());
  ASSERT_EQ(page->items.size(), 5u);
  EXPECT_TRUE(page->items[0]->empty());
  EXPECT_EQ(*page->items[2], (Item{{"y", S("only y")}}));
}

TEST_F(ProjectionFilterTest, SelectConflicts) {
  QueryRequest request;
  request.projection_expression = "x";
  request.select = Select::kAllAttributes;
  EXPECT_THAT(Query(request),
              IsError(kValidation,
                      "1 validation error detected: Cannot specify the "
                      "ProjectionExpression when choosing to get "
                      "ALL_ATTRIBUTES"));
  request.select = Select::kCount;
  EXPECT_THAT(Query(request),
              IsError(kValidation,
                      "1 validation error detected: Cannot specify the "
                      "ProjectionExpression when choosing to get only the "
                      "Count"));
  request.select = Select::kAllProjectedAttributes;
  EXPECT_THAT(Query(request),
              IsError(kValidation,
                      "1 validation error detected: Cannot specify the "
                      "ProjectionExpression when choosing to get "
                      "ALL_PROJECTED_ATTRIBUTES"));
  request.projection_expression.reset();
  request.select = Select::kSpecificAttributes;
  EXPECT_THAT(Query(request),
              IsError(kValidation,
                      "1 validation error detected: Must specify the "
                      "AttributesToGet or ProjectionExpression when choosing "
                      "to get SPECIFIC_ATTRIBUTES"));
}

TEST_F(ProjectionFilterTest, FilterErrors) {
  QueryRequest on_key;
  on_key.filter_expression = "x = :p OR begins_with(#s, :p)";
  on_key.expression_attribute_names = ExpressionAttributeNames{{"#s", "sk"}};
  EXPECT_THAT(Query(on_key),
              IsError(kValidation,
                      "Filter Expression can only contain non-primary key "
                      "attributes: Primary key attribute: sk"));
  QueryRequest on_pk;
  on_pk.filter_expression = "size(pk) > :n";
  on_pk.expression_attribute_values = ExpressionAttributeValues{{":n", N("1")}};
  EXPECT_THAT(Query(on_pk),
              IsError(kValidation,
                      "Filter Expression can only contain non-primary key "
                      "attributes: Primary key attribute: pk"));

  QueryRequest syntax;
  syntax.filter_expression = "x = ";
  EXPECT_THAT(Query(syntax), ::dynamite::testing::ErrorKindIs(kValidation));
  QueryRequest undefined;
  undefined.filter_expression = "x = :nope";
  EXPECT_THAT(Query(undefined),
              IsError(kValidation,
                      "Invalid FilterExpression: An expression attribute value "
                      "used in expression is not defined; attribute value: "
                      ":nope"));
  QueryRequest empty;
  empty.filter_expression = "";
  EXPECT_THAT(Query(empty),
              IsError(kValidation,
                      "Invalid FilterExpression: The expression can not be "
                      "empty;"));
  // Placeholders are shared by all three expressions; unused ones are
  // reported only after all are parsed, and before the table lookup.
  QueryRequest unused;
  unused.table_name = "nothere";
  unused.filter_expression = "x = :p";
  unused.projection_expression = "#a";
  unused.expression_attribute_names =
      ExpressionAttributeNames{{"#a", "a"}, {"#b", "b"}};
  EXPECT_THAT(Query(unused),
              IsError(kValidation,
                      "Value provided in ExpressionAttributeNames unused in "
                      "expressions: keys: {#b}"));
  QueryRequest overlap;
  overlap.projection_expression = "a.b, a";
  EXPECT_THAT(Query(overlap),
              IsError(kValidation,
                      "Invalid ProjectionExpression: Two document paths "
                      "overlap with each other; must remove or rewrite one of "
                      "these paths; path one: [a, b], path two: [a]"));
}

}  // namespace
}  // namespace dynamite
