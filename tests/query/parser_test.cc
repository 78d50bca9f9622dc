#include "query/parser.h"

#include <map>
#include <string>
#include <variant>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include "common/errors.h"
#include "query/ast.h"
#include "query/placeholders.h"
#include "store/value.h"
#include "tests/query/parser_test_support.h"
#include "tests/support/status_matchers.h"

namespace dynamite {
namespace {

using ::dynamite::testing::ErrorKindIs;
using ::dynamite::testing::IsError;
using ::dynamite::testing::IsOk;
using ::dynamite::testing::IsOkAndHolds;
using ::dynamite::testing::ParseToString;
using ::testing::StartsWith;

constexpr ErrorKind kValidation = ErrorKind::kValidation;

// `count` copies of `piece`, joined by `separator`.
std::string Repeat(const std::string& piece, int count,
                   const std::string& separator = "") {
  std::string out;
  for (int i = 0; i < count; ++i) {
    if (i > 0) out += separator;
    out += piece;
  }
  return out;
}

struct TreeCase {
  std::string text;
  std::string tree;
};

void ExpectTrees(const std::vector<TreeCase>& cases) {
  for (const TreeCase& c : cases) {
    SCOPED_TRACE(c.text);
    EXPECT_THAT(ParseToString(c.text), IsOkAndHolds(c.tree));
  }
}

TEST(ParserTest, ParsesComparisons) {
  ExpectTrees({
      {"a = :s", "(a = :s)"},
      {"a <> :s", "(a <> :s)"},
      {"a < :n", "(a < :n)"},
      {"a <= :n", "(a <= :n)"},
      {"a > :n", "(a > :n)"},
      {"a >= :n", "(a >= :n)"},
      {":s = a", "(:s = a)"},
      {"a = b", "(a = b)"},
      {":s = :s", "(:s = :s)"},
      {"a=:s", "(a = :s)"},
      {" \ta\n=\r:s  ", "(a = :s)"},
      {"a = :l", "(a = :l)"},
      {"a <> :m", "(a <> :m)"},
      {"size(a) > :n", "(size(a) > :n)"},
      {"size(:s) = :n", "(size(:s) = :n)"},
      {":n < size(a.b)", "(:n < size(a.b))"},
  });
}

TEST(ParserTest, ParsesDocumentPaths) {
  ExpectTrees({
      {"a.b[2].c = :s", "(a.b[2].c = :s)"},
      {"a [ 0 ] . b = :s", "(a[0].b = :s)"},
      {"a[0][1] = :s", "(a[0][1] = :s)"},
      {"a[2147483647] = :s", "(a[2147483647] = :s)"},
      {"#n = :s", "(name = :s)"},
      {"a.#n[1] = :s", "(a.name[1] = :s)"},
      {"#dot = :s", "(a.b = :s)"},
      {"A_b9.Zz = :s", "(A_b9.Zz = :s)"},
  });
}

TEST(ParserTest, PlaceholderNamesAreSinglePathElements) {
  const std::map<std::string, std::string> names = {{"#dot", "a.b"}};
  const AttributeMap values = {{":v", AttributeValue::S("x")}};
  Placeholders placeholders(&names, &values);

  absl::StatusOr<Condition> condition = ParseCondition(
      "#dot[1] = :v", ExpressionKind::kConditionExpression, placeholders);

  ASSERT_THAT(condition, IsOk());
  const Comparison& comparison = std::get<Comparison>(condition->rep);
  ASSERT_NE(comparison.lhs.path(), nullptr);
  EXPECT_EQ(*comparison.lhs.path(),
            (DocumentPath{{std::string("a.b"), ListIndex{1}}}));
  ASSERT_NE(comparison.rhs.value(), nullptr);
  EXPECT_EQ(comparison.rhs.value()->slot, 0u);
  EXPECT_EQ(comparison.rhs.value()->placeholder, ":v");
  EXPECT_EQ(DocumentPathToString(*comparison.lhs.path()), "[a.b, [1]]");
  EXPECT_THAT(placeholders.CheckAllUsed(), IsOk());
}

TEST(ParserTest, ValuesAreSlotsNumberedByFirstAppearance) {
  const AttributeMap values = {{":a", AttributeValue::S("x")},
                               {":b", AttributeValue::S("y")},
                               {":c", AttributeValue::S("z")}};
  Placeholders placeholders(nullptr, &values);

  absl::StatusOr<Condition> condition =
      ParseCondition("x IN (:c, :a, :c) AND y BETWEEN :a AND :b",
                     ExpressionKind::kConditionExpression, placeholders);

  ASSERT_THAT(condition, IsOk());
  EXPECT_EQ(ValueSlots(*condition),
            (std::vector<std::string>{":c", ":a", ":b"}));
  const std::optional<Placeholders::ValueList> bound =
      placeholders.Bind(ValueSlots(*condition));
  ASSERT_TRUE(bound.has_value());
  EXPECT_EQ(*(*bound)[0], AttributeValue::S("z"));
  EXPECT_EQ(*(*bound)[2], AttributeValue::S("y"));
  EXPECT_EQ(placeholders.Bind({":a", ":nope"}), std::nullopt);
}

TEST(ParserTest, ParsesBetweenInAndFunctions) {
  ExpectTrees({
      {"a BETWEEN :n AND :n2", "(a BETWEEN :n AND :n2)"},
      {"a between :n and :n2", "(a BETWEEN :n AND :n2)"},
      {"a BeTwEeN :n aNd :n", "(a BETWEEN :n AND :n)"},
      {"a BETWEEN :s AND :s2", "(a BETWEEN :s AND :s2)"},
      {"a BETWEEN :b AND :b2", "(a BETWEEN :b AND :b2)"},
      {"a BETWEEN b AND c", "(a BETWEEN b AND c)"},
      {"a BETWEEN :s AND b", "(a BETWEEN :s AND b)"},
      {"a IN (:s)", "(a IN (:s))"},
      {"a in (:s, :n, b, :l)", "(a IN (:s, :n, b, :l))"},
      {"attribute_exists(a)", "attribute_exists(a)"},
      {"attribute_exists (a)", "attribute_exists(a)"},
      {"attribute_not_exists(a.b[1])", "attribute_not_exists(a.b[1])"},
      {"attribute_type(a, :t)", "attribute_type(a, :t)"},
      {"attribute_type(:s, :t)", "attribute_type(:s, :t)"},
      {"begins_with(a, :s)", "begins_with(a, :s)"},
      {"begins_with(:s, a)", "begins_with(:s, a)"},
      {"begins_with(a, :b)", "begins_with(a, :b)"},
      {"begins_with(a, b)", "begins_with(a, b)"},
      {"contains(a, :n)", "contains(a, :n)"},
      {"contains(a, b)", "contains(a, b)"},
      {"contains(a, a.b)", "contains(a, a.b)"},
      {"contains(:ss, :s)", "contains(:ss, :s)"},
      {"size(a) BETWEEN :n AND :n2", "(size(a) BETWEEN :n AND :n2)"},
      {"size(a) IN (:n, :n2)", "(size(a) IN (:n, :n2))"},
  });
}

TEST(ParserTest, AppliesPrecedenceNotOverAndOverOr) {
  ExpectTrees({
      {"a = :s AND b = :s OR c = :s", "(((a = :s) AND (b = :s)) OR (c = :s))"},
      {"a = :s OR b = :s AND c = :s", "((a = :s) OR ((b = :s) AND (c = :s)))"},
      {"a = :s OR b = :s OR c = :s", "(((a = :s) OR (b = :s)) OR (c = :s))"},
      {"NOT a = :s AND b = :s", "((NOT (a = :s)) AND (b = :s))"},
      {"NOT a = :s OR b = :s", "((NOT (a = :s)) OR (b = :s))"},
      {"NOT NOT a = :s", "(NOT (NOT (a = :s)))"},
      {"not attribute_exists(a)", "(NOT attribute_exists(a))"},
      {"NOT (a = :s OR b = :s)", "(NOT ((a = :s) OR (b = :s)))"},
      {"(a = :s OR b = :s) AND c = :s",
       "(((a = :s) OR (b = :s)) AND (c = :s))"},
      {"a BETWEEN :n AND :n2 AND b = :s",
       "((a BETWEEN :n AND :n2) AND (b = :s))"},
      {"a = :s and b = :s", "((a = :s) AND (b = :s))"},
  });
}

TEST(ParserTest, AcceptsOnePairOfParenthesesPerLevel) {
  ExpectTrees({
      {"(a = :s)", "(a = :s)"},
      {"((c = :s) AND (p = :s))", "((c = :s) AND (p = :s))"},
      {"(a) = :s", "(a = :s)"},
      {"(a) = (:s)", "(a = :s)"},
      {"((a) = :s)", "(a = :s)"},
      {"(size(a)) > :n", "(size(a) > :n)"},
      {"size((a)) > :n", "(size(a) > :n)"},
      {"(begins_with(a, :s))", "begins_with(a, :s)"},
      {"(begins_with(a, :s)) AND (b = :s)",
       "(begins_with(a, :s) AND (b = :s))"},
      {"(begins_with(a, :s) AND b = :s)", "(begins_with(a, :s) AND (b = :s))"},
      {"NOT (a = :s)", "(NOT (a = :s))"},
      {"(NOT a = :s)", "(NOT (a = :s))"},
      {"a IN ((:s), b)", "(a IN (:s, b))"},
      {"(a = :s) OR ((b = :s) AND c = :s)",
       "((a = :s) OR ((b = :s) AND (c = :s)))"},
  });
}

TEST(ParserTest, AcceptsLimitsAtTheEdge) {
  // 32 path elements, 99 IN candidates, 300 operators, 4096 bytes.
  const std::string path32 = Repeat("a", 32, ".");
  const std::string in99 = absl::StrCat("a IN (", Repeat(":s", 99, ", "), ")");
  const std::string ops300 =
      absl::StrCat("NOT ", Repeat("a = :s", 150, " AND "));
  const std::string bytes4096 =
      absl::StrCat("a = :s", std::string(4096 - 6, ' '));

  for (const std::string& text : {path32 + " = :s", in99, ops300, bytes4096}) {
    SCOPED_TRACE(text.substr(0, 60));
    EXPECT_THAT(ParseToString(text), IsOk());
  }
}

TEST(ParserTest, RejectsLimitsOnePast) {
  struct Case {
    std::string text;
    std::string message;
  };
  const std::vector<Case> cases = {
      {Repeat("a", 33, ".") + " = :s",
       "The document path has too many nesting levels; nesting levels: 33"},
      {absl::StrCat("a IN (", Repeat(":s", 100, ", "), ")"),
       "The IN operator is provided with too many operands; number of "
       "operands: 101"},
      {absl::StrCat("NOT NOT ", Repeat("a = :s", 150, " AND ")),
       "The expression contains too many operators; operator count: 301"},
      {absl::StrCat("a = :s", std::string(4097 - 6, ' ')),
       "Expression size has exceeded the maximum allowed size; expression "
       "size: 4097"},
      {"", "The expression can not be empty;"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.text.substr(0, 60));
    EXPECT_THAT(
        ParseToString(c.text),
        IsError(kValidation,
                absl::StrCat("Invalid ConditionExpression: ", c.message)));
  }
}

TEST(ParserTest, CountsOperatorsAndStopsAtThe301st) {
  // alternator test_limits.py::test_deeply_nested_expression_2: 909
  // operators in under 4096 bytes; DynamoDB reports the count at 301.
  const std::string nested =
      absl::StrCat("a<b ", Repeat("or (a<b ", 454), std::string(454, ')'));
  ASSERT_LT(nested.size(), 4096u);
  const std::string nots = absl::StrCat(Repeat("not ", 1000), "a<b");
  const std::string flat = absl::StrCat("a<b", Repeat(" or a<b", 200));

  for (const std::string& text : {nested, nots, flat}) {
    SCOPED_TRACE(text.substr(0, 40));
    EXPECT_THAT(ParseToString(text),
                IsError(kValidation,
                        "Invalid ConditionExpression: The expression contains "
                        "too many operators; operator count: 301"));
  }
  // 149 levels hold 299 operators and are fine.
  EXPECT_THAT(ParseToString(absl::StrCat("a<b ", Repeat("or (a<b ", 149),
                                         std::string(149, ')'))),
              IsOk());
}

TEST(ParserTest, DeepNestingIsAnErrorNotACrash) {
  const std::vector<std::string> texts = {
      std::string(4096, '('),
      std::string(100000, '('),
      absl::StrCat(std::string(2046, '('), "a<b", std::string(2046, ')')),
      absl::StrCat("a < ", Repeat("f(", 1355), "b", std::string(1355, ')')),
      absl::StrCat("a < ", Repeat("size(", 680), "b", std::string(680, ')')),
      absl::StrCat("a = ", std::string(2000, '('), ":s",
                   std::string(2000, ')')),
  };
  for (const std::string& text : texts) {
    SCOPED_TRACE(text.substr(0, 40));
    absl::StatusOr<std::string> result =
        ParseToString(text, ExpressionKind::kFilterExpression);
    EXPECT_THAT(result, ErrorKindIs(kValidation));
    EXPECT_THAT(std::string(result.status().message()),
                StartsWith("Invalid FilterExpression: "));
  }
}

TEST(ParserTest, PrefixesErrorsWithTheParameterName) {
  EXPECT_THAT(ParseToString("", ExpressionKind::kFilterExpression),
              IsError(kValidation,
                      "Invalid FilterExpression: The expression can not be "
                      "empty;"));
  EXPECT_THAT(ParseToString("a", ExpressionKind::kKeyConditionExpression),
              IsError(kValidation,
                      "Invalid KeyConditionExpression: Syntax error; token: "
                      "\"<EOF>\", near: \"a\""));
  EXPECT_THAT(ParseToString("name = :s", ExpressionKind::kConditionExpression),
              IsError(kValidation,
                      "Invalid ConditionExpression: Attribute name is a "
                      "reserved keyword; reserved keyword: name"));
}

TEST(ParserTest, RecordsPlaceholderUse) {
  const std::map<std::string, std::string> names = {{"#a", "a"}, {"#b", "b"}};
  const AttributeMap values = {{":x", AttributeValue::S("x")},
                               {":y", AttributeValue::S("y")}};
  Placeholders placeholders(&names, &values);

  ASSERT_THAT(ParseCondition("#a = :x", ExpressionKind::kFilterExpression,
                             placeholders),
              IsOk());
  EXPECT_THAT(placeholders.CheckAllUsed(),
              IsError(kValidation,
                      "Value provided in ExpressionAttributeNames unused in "
                      "expressions: keys: {#b}"));
  ASSERT_THAT(ParseCondition("#b IN (:y)", ExpressionKind::kConditionExpression,
                             placeholders),
              IsOk());
  EXPECT_THAT(placeholders.CheckAllUsed(), IsOk());
}

}  // namespace
}  // namespace dynamite
