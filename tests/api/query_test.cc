#include <string>
#include <vector>

#include "absl/strings/str_format.h"
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

constexpr ErrorKind kValidation = ErrorKind::kValidation;

// Sort keys of a page, as strings (S) or canonical numbers (N).
std::vector<std::string> SortKeys(const QueryResponse& page) {
  std::vector<std::string> keys;
  for (const ItemPtr& item : page.items) {
    const AttributeValue& sk = item->at("sk");
    keys.push_back(sk.type() == ValueType::kN ? sk.n().ToString() : sk.s());
  }
  return keys;
}

class QueryTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_THAT(db_.CreateTable(TableRequest("strs", KeyType::kS, KeyType::kS)),
                IsOk());
    ASSERT_THAT(db_.CreateTable(TableRequest("nums", KeyType::kS, KeyType::kN)),
                IsOk());
    ASSERT_THAT(db_.CreateTable(TableRequest("hash", KeyType::kS, {})), IsOk());
    for (const char* sk : {"10", "1500", "240", "9", "a", "ab", "abc", "b"}) {
      Put("strs", {{"pk", S("p")}, {"sk", S(sk)}});
    }
    Put("strs", {{"pk", S("other")}, {"sk", S("a")}});
    for (const char* sk : {"-5", "0", "1.5", "10", "2", "1e3"}) {
      Put("nums", {{"pk", S("p")}, {"sk", N(sk)}});
    }
    Put("hash", {{"pk", S("p")}, {"v", S("1")}});
  }

  void Put(const std::string& table, Item item) {
    ASSERT_THAT(db_.PutItem({.table_name = table, .item = std::move(item)}),
                IsOk());
  }

  absl::StatusOr<QueryResponse> Run(const std::string& table,
                                    const std::string& expression,
                                    ExpressionAttributeValues values,
                                    QueryRequest base = {}) {
    base.table_name = table;
    base.key_condition_expression = expression;
    base.expression_attribute_values = std::move(values);
    return db_.Query(base);
  }

  Database db_;
};

TEST_F(QueryTest, StringSortKeysComeBackInByteOrder) {
  auto page = Run("strs", "pk = :p", {{":p", S("p")}});

  ASSERT_THAT(page, IsOk());
  EXPECT_THAT(SortKeys(*page),
              ElementsAre("10", "1500", "240", "9", "a", "ab", "abc", "b"));
  EXPECT_EQ(page->count, 8);
  EXPECT_EQ(page->scanned_count, 8);
  EXPECT_FALSE(page->last_evaluated_key.has_value());
}

TEST_F(QueryTest, NumberSortKeysComeBackInNumericOrder) {
  auto page = Run("nums", "pk = :p", {{":p", S("p")}});

  ASSERT_THAT(page, IsOk());
  EXPECT_THAT(SortKeys(*page),
              ElementsAre("-5", "0", "1.5", "2", "10", "1000"));
}

TEST_F(QueryTest, ScanIndexForwardFalseReadsBackwards) {
  QueryRequest base;
  base.scan_index_forward = false;

  auto page = Run("nums", "pk = :p AND sk < :hi",
                  {{":p", S("p")}, {":hi", N("10")}}, base);

  ASSERT_THAT(page, IsOk());
  EXPECT_THAT(SortKeys(*page), ElementsAre("2", "1.5", "0", "-5"));
}

TEST_F(QueryTest, EachSortKeyOperator) {
  struct Case {
    std::string expression;
    std::vector<std::string> expected;
  };
  const std::vector<Case> cases = {
      {"pk = :p AND sk = :v", {"ab"}},
      {"pk = :p AND sk < :v", {"10", "1500", "240", "9", "a"}},
      {"pk = :p AND sk <= :v", {"10", "1500", "240", "9", "a", "ab"}},
      {"pk = :p AND sk > :v", {"abc", "b"}},
      {"pk = :p AND sk >= :v", {"ab", "abc", "b"}},
      {"pk = :p AND begins_with(sk, :v)", {"ab", "abc"}},
      {":p = pk AND :v < sk", {"abc", "b"}},
      {"sk >= :v AND pk = :p", {"ab", "abc", "b"}},
      {"(pk = :p) AND (sk = :v)", {"ab"}},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.expression);
    auto page = Run("strs", c.expression, {{":p", S("p")}, {":v", S("ab")}});
    ASSERT_THAT(page, IsOk());
    EXPECT_EQ(SortKeys(*page), c.expected);
  }
}

TEST_F(QueryTest, BetweenIsInclusive) {
  auto page = Run("nums", "pk = :p AND sk BETWEEN :lo AND :hi",
                  {{":p", S("p")}, {":lo", N("0")}, {":hi", N("2.0")}});

  ASSERT_THAT(page, IsOk());
  EXPECT_THAT(SortKeys(*page), ElementsAre("0", "1.5", "2"));
}

TEST_F(QueryTest, ExpressionAttributeNamesResolve) {
  QueryRequest base;
  base.expression_attribute_names = ExpressionAttributeNames{{"#k", "sk"}};

  auto page = Run("strs", "pk = :p AND #k > :v",
                  {{":p", S("p")}, {":v", S("abc")}}, base);

  ASSERT_THAT(page, IsOk());
  EXPECT_THAT(SortKeys(*page), ElementsAre("b"));
}

TEST_F(QueryTest, MissingPartitionReturnsNothing) {
  auto page = Run("strs", "pk = :p", {{":p", S("nobody")}});

  ASSERT_THAT(page, IsOk());
  EXPECT_TRUE(page->items.empty());
  EXPECT_EQ(page->count, 0);
}

TEST_F(QueryTest, LimitPagesWithLastEvaluatedKeyInBothDirections) {
  for (bool forward : {true, false}) {
    SCOPED_TRACE(forward ? "forward" : "backward");
    std::vector<std::string> all;
    QueryRequest base;
    base.limit = 3;
    base.scan_index_forward = forward;
    int pages = 0;
    while (true) {
      auto page = Run("strs", "pk = :p", {{":p", S("p")}}, base);
      ASSERT_THAT(page, IsOk());
      ++pages;
      for (const std::string& k : SortKeys(*page)) all.push_back(k);
      if (!page->last_evaluated_key.has_value()) break;
      EXPECT_EQ(page->last_evaluated_key->size(), 2u);  // pk and sk only
      base.exclusive_start_key = page->last_evaluated_key;
    }
    std::vector<std::string> expected = {"10", "1500", "240", "9",
                                         "a",  "ab",   "abc", "b"};
    if (!forward) std::reverse(expected.begin(), expected.end());
    EXPECT_EQ(all, expected);
    EXPECT_EQ(pages, 3);
  }
}

TEST_F(QueryTest, HugeLimitReadsOnlyWhatIsThere) {
  QueryRequest base;
  base.limit = int64_t{1} << 40;

  auto page = Run("strs", "pk = :p", {{":p", S("p")}}, base);

  ASSERT_THAT(page, IsOk());
  EXPECT_EQ(page->count, 8);
  EXPECT_FALSE(page->last_evaluated_key.has_value());
}

TEST_F(QueryTest, SelectCountCountsWithoutItems) {
  QueryRequest base;
  base.select = Select::kCount;

  auto page = Run("strs", "pk = :p AND begins_with(sk, :a)",
                  {{":p", S("p")}, {":a", S("a")}}, base);

  ASSERT_THAT(page, IsOk());
  EXPECT_FALSE(page->has_items);
  EXPECT_TRUE(page->items.empty());
  EXPECT_EQ(page->count, 3);
  EXPECT_EQ(page->scanned_count, 3);
}

TEST_F(QueryTest, HashOnlyTableReturnsAtMostOneItem) {
  auto page = Run("hash", "pk = :p", {{":p", S("p")}});

  ASSERT_THAT(page, IsOk());
  EXPECT_EQ(page->count, 1);
}

TEST_F(QueryTest, HashOnlyTableHasNoSecondPage) {
  QueryRequest limited;
  limited.limit = 1;
  auto page = Run("hash", "pk = :p", {{":p", S("p")}}, limited);
  ASSERT_THAT(page, IsOk());
  EXPECT_EQ(page->count, 1);
  EXPECT_FALSE(page->last_evaluated_key.has_value());

  QueryRequest resumed;
  resumed.exclusive_start_key = Item{{"pk", S("p")}};
  EXPECT_THAT(
      Run("hash", "pk = :p", {{":p", S("p")}}, resumed),
      IsError(ErrorKind::kValidation, "The provided starting key is invalid"));
}

TEST_F(QueryTest, OneMegabytePageCut) {
  ASSERT_THAT(db_.CreateTable(TableRequest("big", KeyType::kS, KeyType::kN)),
              IsOk());
  // 30 items of ~100 KB: a page holds ~10 of them.
  for (int i = 0; i < 30; ++i) {
    Put("big", {{"pk", S("p")},
                {"sk", N(std::to_string(i))},
                {"v", S(std::string(100 * 1024, 'x'))}});
  }
  int64_t total = 0;
  int pages = 0;
  QueryRequest base;
  while (true) {
    auto page = Run("big", "pk = :p", {{":p", S("p")}}, base);
    ASSERT_THAT(page, IsOk());
    ++pages;
    total += page->count;
    EXPECT_LE(page->count, 11);
    if (!page->last_evaluated_key.has_value()) break;
    base.exclusive_start_key = page->last_evaluated_key;
  }
  EXPECT_EQ(total, 30);
  EXPECT_GE(pages, 3);
}

TEST_F(QueryTest, ExclusiveStartKeyErrors) {
  QueryRequest wrong_shape;
  wrong_shape.exclusive_start_key = Item{{"pk", S("p")}};
  QueryRequest other_partition;
  other_partition.exclusive_start_key = Item{{"pk", S("q")}, {"sk", S("a")}};
  QueryRequest outside_range;
  outside_range.exclusive_start_key = Item{{"pk", S("p")}, {"sk", S("zzz")}};

  EXPECT_THAT(Run("strs", "pk = :p", {{":p", S("p")}}, wrong_shape),
              IsError(kValidation,
                      "The provided starting key is invalid: The provided key "
                      "element does not match the schema"));
  EXPECT_THAT(Run("strs", "pk = :p", {{":p", S("p")}}, other_partition),
              IsError(kValidation,
                      "The provided starting key is outside query boundaries "
                      "based on provided conditions"));
  EXPECT_THAT(Run("strs", "pk = :p AND sk < :v",
                  {{":p", S("p")}, {":v", S("b")}}, outside_range),
              IsError(kValidation,
                      "The provided starting key does not match the range key "
                      "predicate"));
}

TEST_F(QueryTest, ParameterErrors) {
  QueryRequest zero_limit;
  zero_limit.limit = 0;
  QueryRequest specific;
  specific.select = Select::kSpecificAttributes;

  EXPECT_THAT(Run("strs", "pk = :p", {{":p", S("p")}}, zero_limit),
              IsError(kValidation,
                      "1 validation error detected: Value '0' at 'limit' "
                      "failed to satisfy constraint: Member must have value "
                      "greater than or equal to 1"));
  EXPECT_THAT(Run("strs", "pk = :p", {{":p", S("p")}}, specific),
              ::dynamite::testing::ErrorKindIs(kValidation));
  EXPECT_THAT(db_.Query({.table_name = "strs"}),
              IsError(kValidation,
                      "Either the KeyConditions or KeyConditionExpression "
                      "parameter must be specified in the request."));
  EXPECT_THAT(
      Run("nothere", "pk = :p", {{":p", S("p")}}),
      IsError(ErrorKind::kResourceNotFound, "Requested resource not found"));
  // Expression errors come before the table lookup, key-schema errors after.
  EXPECT_THAT(Run("nothere", "pk = :p", {{":p", S("p")}, {":q", S("q")}}),
              IsError(kValidation,
                      "Value provided in ExpressionAttributeValues unused in "
                      "expressions: keys: {:q}"));
  EXPECT_THAT(
      Run("nothere", "pk = :p AND attr1 = :p", {{":p", S("p")}}),
      IsError(ErrorKind::kResourceNotFound, "Requested resource not found"));
}

TEST_F(QueryTest, PlaceholderErrors) {
  QueryRequest unused_name;
  unused_name.expression_attribute_names =
      ExpressionAttributeNames{{"#x", "x"}};
  QueryRequest empty_names;
  empty_names.expression_attribute_names = ExpressionAttributeNames{};

  EXPECT_THAT(Run("strs", "pk = :p", {{":p", S("p")}, {":q", S("q")}}),
              IsError(kValidation,
                      "Value provided in ExpressionAttributeValues unused in "
                      "expressions: keys: {:q}"));
  EXPECT_THAT(Run("strs", "pk = :p", {{":p", S("p")}}, unused_name),
              IsError(kValidation,
                      "Value provided in ExpressionAttributeNames unused in "
                      "expressions: keys: {#x}"));
  EXPECT_THAT(
      Run("strs", "pk = :p", {{":p", S("p")}}, empty_names),
      IsError(kValidation, "ExpressionAttributeNames must not be empty"));
  EXPECT_THAT(
      Run("strs", "pk = :p", {}),
      IsError(kValidation, "ExpressionAttributeValues must not be empty"));
  EXPECT_THAT(Run("strs", "pk = :nope", {{":p", S("p")}}),
              IsError(kValidation,
                      "Invalid KeyConditionExpression: An expression attribute "
                      "value used in expression is not defined; attribute "
                      "value: :nope"));
}

TEST_F(QueryTest, KeyConditionErrors) {
  struct Case {
    std::string expression;
    ExpressionAttributeValues values;
    std::string message;
  };
  const std::vector<Case> cases = {
      {"pk = :p AND begins_with(sk, :n)",
       {{":p", S("p")}, {":n", N("1")}},
       "Invalid KeyConditionExpression: Incorrect operand type for operator "
       "or function; operator or function: begins_with, operand type: N"},
      {"pk = :p AND sk BETWEEN :b AND :a",
       {{":p", S("p")}, {":a", S("a")}, {":b", S("b")}},
       "Invalid KeyConditionExpression: The BETWEEN operator requires upper "
       "bound to be greater than or equal to lower bound; lower bound "
       "operand: AttributeValue: {S:b}, upper bound operand: AttributeValue: "
       "{S:a}"},
      {"pk = :p AND attr1 = :a",
       {{":p", S("p")}, {":a", S("a")}},
       "Query condition missed key schema element: sk"},
      {"pk = :p AND sk > :a AND sk < :b",
       {{":p", S("p")}, {":a", S("a")}, {":b", S("b")}},
       "Invalid KeyConditionExpression: KeyConditionExpressions must only "
       "contain one condition per key"},
      {"pk = :n",
       {{":n", N("1")}},
       "One or more parameter values were invalid: Condition parameter type "
       "does not match schema type"},
      {"pk < :p", {{":p", S("p")}}, "Query key condition not supported"},
      {"name = :p",
       {{":p", S("p")}},
       "Invalid KeyConditionExpression: Attribute name is a reserved keyword; "
       "reserved keyword: name"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.expression);
    EXPECT_THAT(Run("strs", c.expression, c.values),
                IsError(kValidation, c.message));
  }
}

}  // namespace
}  // namespace dynamite
