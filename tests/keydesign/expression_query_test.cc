// The expressions the toolkit builds, run through Dynamite's own parser and
// query engine against items at the edges of their windows: the first
// millisecond of the day, the last millisecond with the greatest suffix,
// and the neighbours just outside. This is the test that shows the window
// bounds avoid the precision and suffix traps (keydesign/key_window.h).

#include <string>
#include <vector>

#include "absl/time/civil_time.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include "api/database.h"
#include "keydesign/expression_builder.h"
#include "keydesign/key_window.h"
#include "tests/support/database_fixtures.h"
#include "tests/support/status_matchers.h"

namespace dynamite {
namespace {

using ::dynamite::testing::IsOk;
using ::dynamite::testing::N;
using ::dynamite::testing::S;
using ::dynamite::testing::TableRequest;
using ::testing::ElementsAre;

constexpr TimestampPrecision kMs = TimestampPrecision::kMilliseconds;

class ExpressionQueryTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_THAT(
        db_.CreateTable(TableRequest("Events", KeyType::kS, KeyType::kS)),
        IsOk());
    for (const char* sk : {
             "EVT#2026-05-31T23:59:59.999Z#9999",
             "EVT#2026-06-01T00:00:00.000Z#0000",
             "EVT#2026-06-22T23:59:59.999Z#9999",
             "EVT#2026-06-23T00:00:00.000Z#0001",
             "EVT#2026-06-23T00:00:00.123Z#0001",
             "EVT#2026-06-23T12:00:00.000Z#0042",
             "EVT#2026-06-23T23:59:59.999Z#0001",
             "EVT#2026-06-23T23:59:59.999Z#9999",
             "EVT#2026-06-24T00:00:00.000Z#0000",
             "EVT#2026-06-30T23:59:59.999Z#9999",
             "EVT#2026-07-01T00:00:00.000Z#0000",
         }) {
      Put("USER#1", sk, "OPEN");
      Put("USER#2", sk, "OPEN");  // another partition: never returned
    }
    Put("USER#1", "SEASON#2026-SPRING", "DONE");
  }

  void Put(const std::string& pk, const std::string& sk,
           const std::string& status) {
    PutItemRequest put{.table_name = "Events",
                       .item = {{"pk", S(pk)},
                                {"sk", S(sk)},
                                {"status", S(status)},
                                {"hit-count", N("1")}}};
    ASSERT_THAT(db_.PutItem(put), IsOk());
  }

  // The sort keys the built expressions select, in order.
  std::vector<std::string> Query(const ExpressionSpec& spec) {
    absl::StatusOr<BuiltExpressions> built = BuildExpressions(spec);
    EXPECT_TRUE(built.ok()) << built.status();
    if (!built.ok()) return {};
    QueryRequest query{
        .table_name = "Events",
        .key_condition_expression = built->key_condition_expression,
        .filter_expression = built->filter_expression};
    if (!built->names.empty()) query.expression_attribute_names = built->names;
    if (!built->values.empty()) {
      query.expression_attribute_values = built->values;
    }
    absl::StatusOr<QueryResponse> page = db_.Query(query);
    EXPECT_TRUE(page.ok()) << page.status();
    std::vector<std::string> keys;
    if (page.ok()) {
      for (const ItemPtr& item : page->items)
        keys.push_back(item->at("sk").s());
    }
    return keys;
  }

  std::vector<std::string> QueryBetween(const KeyBounds& bounds) {
    return Query({.key_condition = KeyConditionSpec{
                      "pk", S("USER#1"),
                      BetweenTerm{"sk", S(bounds.lower), S(bounds.upper)}}});
  }

  Database db_;
};

TEST_F(ExpressionQueryTest, DayWindowReturnsExactlyTheDay) {
  for (const char* suffix : {"#9999", ""}) {
    SCOPED_TRACE(suffix);
    absl::StatusOr<KeyBounds> bounds = DayWindowBounds(
        absl::CivilDay(2026, 6, 23),
        {.prefix = "EVT#", .precision = kMs, .max_suffix = suffix});
    ASSERT_TRUE(bounds.ok()) << bounds.status();

    EXPECT_THAT(QueryBetween(*bounds),
                ElementsAre("EVT#2026-06-23T00:00:00.000Z#0001",
                            "EVT#2026-06-23T00:00:00.123Z#0001",
                            "EVT#2026-06-23T12:00:00.000Z#0042",
                            "EVT#2026-06-23T23:59:59.999Z#0001",
                            "EVT#2026-06-23T23:59:59.999Z#9999"));
  }
}

TEST_F(ExpressionQueryTest, NaiveDayBoundsMissTheEdges) {
  // What the window bounds avoid: a lower bound at second precision skips
  // the day's first second, an upper bound without the suffix skips its
  // last millisecond.
  EXPECT_THAT(QueryBetween({.lower = "EVT#2026-06-23T00:00:00Z",
                            .upper = "EVT#2026-06-23T23:59:59.999Z"}),
              ElementsAre("EVT#2026-06-23T12:00:00.000Z#0042"));
}

TEST_F(ExpressionQueryTest, MonthWindowAndMonthPrefixAgree) {
  absl::StatusOr<KeyBounds> bounds = MonthWindowBounds(
      absl::CivilMonth(2026, 6), {.prefix = "EVT#", .precision = kMs});
  ASSERT_TRUE(bounds.ok()) << bounds.status();

  std::vector<std::string> window = QueryBetween(*bounds);
  std::vector<std::string> prefix =
      Query({.key_condition = KeyConditionSpec{
                 "pk", S("USER#1"), BeginsWithTerm{"sk", S("EVT#2026-06")}}});

  EXPECT_EQ(window.size(), 9u);
  EXPECT_EQ(window.front(), "EVT#2026-06-01T00:00:00.000Z#0000");
  EXPECT_EQ(window.back(), "EVT#2026-06-30T23:59:59.999Z#9999");
  EXPECT_EQ(window, prefix);
}

TEST_F(ExpressionQueryTest, ReservedAndUnusualNamesAreAccepted) {
  std::vector<std::string> keys = Query(
      {.key_condition =
           KeyConditionSpec{
               "pk", S("USER#1"),
               CompareTerm{"sk", CompareOp::kGreaterOrEqual, S("SEASON#")}},
       .filter = {CompareTerm{"status", CompareOp::kEqual, S("DONE")},
                  CompareTerm{"hit-count", CompareOp::kLessOrEqual, N("1")}}});

  EXPECT_THAT(keys, ElementsAre("SEASON#2026-SPRING"));
}

TEST_F(ExpressionQueryTest, ConditionAndUpdateAreAccepted) {
  absl::StatusOr<BuiltExpressions> built = BuildExpressions(
      {.condition = {CompareTerm{"status", CompareOp::kEqual, S("DONE")},
                     ExistsTerm{"hit-count"}},
       .update = {SetTerm{"status", S("ARCHIVED")},
                  AddTerm{"hit-count", N("2")}, RemoveTerm{"data"}}});
  ASSERT_TRUE(built.ok()) << built.status();
  UpdateItemRequest update{
      .table_name = "Events",
      .key = {{"pk", S("USER#1")}, {"sk", S("SEASON#2026-SPRING")}},
      .update_expression = built->update_expression,
      .return_values = ReturnValue::kAllNew,
      .condition_expression = built->condition_expression,
      .expression_attribute_names = built->names,
      .expression_attribute_values = built->values};

  auto result = db_.UpdateItem(update);

  ASSERT_THAT(result, IsOk());
  EXPECT_EQ(result->attributes->at("status"), S("ARCHIVED"));
  EXPECT_EQ(result->attributes->at("hit-count"), N("3"));
}

}  // namespace
}  // namespace dynamite
