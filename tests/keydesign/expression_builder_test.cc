#include "keydesign/expression_builder.h"

#include <string>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include "query/reserved_words.h"
#include "tests/support/database_fixtures.h"
#include "tests/support/status_matchers.h"

namespace dynamite {
namespace {

using ::dynamite::testing::N;
using ::dynamite::testing::S;
using ::dynamite::testing::StatusIs;
using ::testing::ElementsAre;
using ::testing::IsEmpty;
using ::testing::Pair;

TEST(ExpressionBuilderTest, KeyConditionWithPlainNamesNeedsNoNames) {
  ExpressionSpec spec{.key_condition = KeyConditionSpec{
                          .partition_key = "pk",
                          .partition_value = S("USER#1"),
                          .sort_key = BetweenTerm{"sk", S("A"), S("B")}}};

  absl::StatusOr<BuiltExpressions> built = BuildExpressions(spec);

  ASSERT_TRUE(built.ok()) << built.status();
  EXPECT_EQ(built->key_condition_expression,
            "pk = :v0 AND sk BETWEEN :v1 AND :v2");
  EXPECT_THAT(built->names, IsEmpty());
  EXPECT_THAT(built->values,
              ElementsAre(Pair(":v0", S("USER#1")), Pair(":v1", S("A")),
                          Pair(":v2", S("B"))));
  EXPECT_FALSE(built->filter_expression.has_value());
  EXPECT_FALSE(built->update_expression.has_value());
}

TEST(ExpressionBuilderTest, EverySortKeyConditionForm) {
  struct Case {
    SortKeyTerm term;
    std::string text;
  } cases[] = {
      {CompareTerm{"sk", CompareOp::kEqual, S("a")}, "pk = :v0 AND sk = :v1"},
      {CompareTerm{"sk", CompareOp::kLess, S("a")}, "pk = :v0 AND sk < :v1"},
      {CompareTerm{"sk", CompareOp::kLessOrEqual, S("a")},
       "pk = :v0 AND sk <= :v1"},
      {CompareTerm{"sk", CompareOp::kGreater, N("3")}, "pk = :v0 AND sk > :v1"},
      {CompareTerm{"sk", CompareOp::kGreaterOrEqual, S("a")},
       "pk = :v0 AND sk >= :v1"},
      {BeginsWithTerm{"sk", S("EVT#2026-06")},
       "pk = :v0 AND begins_with(sk, :v1)"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.text);
    absl::StatusOr<BuiltExpressions> built = BuildExpressions(
        {.key_condition = KeyConditionSpec{"pk", S("p"), c.term}});
    ASSERT_TRUE(built.ok()) << built.status();
    EXPECT_EQ(built->key_condition_expression, c.text);
  }
}

TEST(ExpressionBuilderTest, EscapesReservedWordsInAnyCase) {
  absl::StatusOr<BuiltExpressions> built = BuildExpressions(
      {.key_condition =
           KeyConditionSpec{"Name", S("x"),
                            CompareTerm{"date", CompareOp::kEqual, S("d")}},
       .filter = {CompareTerm{"STATUS", CompareOp::kNotEqual, S("DONE")}}});

  ASSERT_TRUE(built.ok()) << built.status();
  EXPECT_EQ(built->key_condition_expression, "#n0 = :v0 AND #n1 = :v1");
  EXPECT_EQ(built->filter_expression, "#n2 <> :v2");
  EXPECT_THAT(built->names,
              ElementsAre(Pair("#n0", "Name"), Pair("#n1", "date"),
                          Pair("#n2", "STATUS")));
}

TEST(ExpressionBuilderTest, EveryReservedWordNeedsAPlaceholder) {
  for (absl::string_view word : AllReservedWords()) {
    EXPECT_TRUE(NeedsNamePlaceholder(word)) << word;
    EXPECT_TRUE(NeedsNamePlaceholder(absl::AsciiStrToLower(word))) << word;
  }
  EXPECT_FALSE(NeedsNamePlaceholder("remove"));  // not on DynamoDB's list
  EXPECT_FALSE(NeedsNamePlaceholder("score_2"));
}

TEST(ExpressionBuilderTest, EscapesNamesThatAreNotBareTokens) {
  for (const char* name :
       {"a.b", "hi-there", "_x", "1a", "my name", "a#b", ":v0", "é"}) {
    EXPECT_TRUE(NeedsNamePlaceholder(name)) << name;
  }
  absl::StatusOr<BuiltExpressions> built =
      BuildExpressions({.filter = {ExistsTerm{"a.b"}, NotExistsTerm{"#n0"}}});

  ASSERT_TRUE(built.ok()) << built.status();
  EXPECT_EQ(built->filter_expression,
            "attribute_exists(#n0) AND attribute_not_exists(#n1)");
  EXPECT_THAT(built->names,
              ElementsAre(Pair("#n0", "a.b"), Pair("#n1", "#n0")));
  EXPECT_THAT(built->values, IsEmpty());
}

TEST(ExpressionBuilderTest, OneNameGetsOnePlaceholderAndValuesNeverCollide) {
  absl::StatusOr<BuiltExpressions> built = BuildExpressions(
      {.condition = {CompareTerm{"status", CompareOp::kEqual, S("OPEN")},
                     CompareTerm{"size", CompareOp::kLess, N("10")}},
       .update = {SetTerm{"status", S("DONE")}, AddTerm{"count", N("1")}}});

  ASSERT_TRUE(built.ok()) << built.status();
  EXPECT_EQ(built->condition_expression, "#n0 = :v0 AND #n1 < :v1");
  EXPECT_EQ(built->update_expression, "SET #n0 = :v2 ADD #n2 :v3");
  EXPECT_EQ(built->names.size(), 3u);
  EXPECT_EQ(built->values.size(), 4u);
}

TEST(ExpressionBuilderTest, UpdateGroupsActionsIntoClauses) {
  absl::StatusOr<BuiltExpressions> built = BuildExpressions(
      {.update = {RemoveTerm{"stale"}, SetTerm{"a", S("x")},
                  DeleteTerm{"tags", AttributeValue::SS({"t"})},
                  AddTerm{"n", N("2")}, SetTerm{"b", N("1")}}});

  ASSERT_TRUE(built.ok()) << built.status();
  EXPECT_EQ(built->update_expression,
            "SET a = :v0, b = :v1 REMOVE stale ADD n :v2 DELETE tags :v3");
}

TEST(ExpressionBuilderTest, RejectsWhatDynamoDbWouldReject) {
  struct Case {
    const char* name;
    ExpressionSpec spec;
  } cases[] = {
      {"nothing", {}},
      {"empty name", {.filter = {ExistsTerm{""}}}},
      {"<> on sort key",
       {.key_condition =
            KeyConditionSpec{"pk", S("p"),
                             CompareTerm{"sk", CompareOp::kNotEqual, S("a")}}}},
      {"partition key twice",
       {.key_condition =
            KeyConditionSpec{"pk", S("p"),
                             CompareTerm{"pk", CompareOp::kEqual, S("a")}}}},
      {"BETWEEN out of order", {.filter = {BetweenTerm{"a", S("b"), S("a")}}}},
      {"BETWEEN numbers out of order",
       {.filter = {BetweenTerm{"a", N("10"), N("9")}}}},
      {"BETWEEN mixed types", {.filter = {BetweenTerm{"a", N("1"), S("2")}}}},
      {"ordering a BOOL",
       {.filter = {CompareTerm{"a", CompareOp::kLess,
                               AttributeValue::Bool(true)}}}},
      {"begins_with a number", {.filter = {BeginsWithTerm{"a", N("1")}}}},
      {"filter on the sort key",
       {.key_condition =
            KeyConditionSpec{"pk", S("p"), BeginsWithTerm{"sk", S("a")}},
        .filter = {ExistsTerm{"sk"}}}},
      {"filter on the partition key",
       {.key_condition = KeyConditionSpec{"pk", S("p")},
        .filter = {ExistsTerm{"pk"}}}},
      {"a key equality that is not =",
       {.key_condition =
            KeyConditionSpec{
                .partition_key = "pk",
                .partition_value = S("p"),
                .equalities = {CompareTerm{"pk2", CompareOp::kLess, S("q")}}}}},
      {"a key attribute tested twice",
       {.key_condition =
            KeyConditionSpec{
                .partition_key = "pk",
                .partition_value = S("p"),
                .sort_key = CompareTerm{"s1", CompareOp::kLess, S("b")},
                .equalities = {CompareTerm{"s1", CompareOp::kEqual, S("a")}}}}},
      {"a filter on an equality's attribute",
       {.key_condition =
            KeyConditionSpec{
                .partition_key = "pk",
                .partition_value = S("p"),
                .equalities = {CompareTerm{"pk2", CompareOp::kEqual, S("q")}}},
        .filter = {ExistsTerm{"pk2"}}}},
      {"attribute updated twice",
       {.update = {SetTerm{"a", S("x")}, RemoveTerm{"a"}}}},
      {"ADD a string", {.update = {AddTerm{"a", S("x")}}}},
      {"DELETE a number", {.update = {DeleteTerm{"a", N("1")}}}},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    EXPECT_THAT(BuildExpressions(c.spec),
                StatusIs(absl::StatusCode::kInvalidArgument));
  }
}

// A multi-attribute GSI key: every partition-key attribute and a prefix of
// the sort-key attributes held equal, then one condition on the next.
TEST(ExpressionBuilderTest, WritesAMultiAttributeKeysEqualitiesInOrder) {
  absl::StatusOr<BuiltExpressions> built = BuildExpressions(
      {.key_condition = KeyConditionSpec{
           .partition_key = "tenant",
           .partition_value = S("t1"),
           .sort_key = BetweenTerm{"day", S("01"), S("07")},
           .equalities = {CompareTerm{"region", CompareOp::kEqual, S("eu")},
                          CompareTerm{"year", CompareOp::kEqual, N("2026")}}}});
  ASSERT_TRUE(built.ok()) << built.status();
  EXPECT_EQ(*built->key_condition_expression,
            "tenant = :v0 AND #n0 = :v1 AND #n1 = :v2 AND #n2 BETWEEN :v3 AND "
            ":v4");
  EXPECT_EQ(built->names,
            (ExpressionAttributeNames{
                {"#n0", "region"}, {"#n1", "year"}, {"#n2", "day"}}));
}

TEST(ExpressionBuilderTest, BetweenAcceptsEqualBounds) {
  EXPECT_TRUE(
      BuildExpressions({.filter = {BetweenTerm{"a", N("1.0"), N("1")}}}).ok());
}

}  // namespace
}  // namespace dynamite
