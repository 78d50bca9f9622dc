// The legacy parameters (KeyConditions, QueryFilter/ScanFilter, Expected,
// ConditionalOperator, AttributeUpdates, AttributesToGet) translated onto
// expression trees: the trees equal the parser's for the equivalent
// expression, evaluate and apply as DynamoDB does (cases from alternator's
// tests, run against AWS), and every validation error carries DynamoDB's
// message.

#include "query/legacy.h"

#include <algorithm>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include "common/errors.h"
#include "query/ast.h"
#include "query/bound.h"
#include "query/evaluate.h"
#include "query/key_condition.h"
#include "query/parser.h"
#include "query/placeholders.h"
#include "query/projection.h"
#include "query/update.h"
#include "store/key.h"
#include "store/number.h"
#include "store/value.h"
#include "tests/support/status_matchers.h"

namespace dynamite {
namespace {

using ::dynamite::testing::IsError;
using ::dynamite::testing::IsOk;
using ::dynamite::testing::IsOkAndHolds;
using Op = ComparisonOperator;

constexpr ErrorKind kValidation = ErrorKind::kValidation;

AttributeValue S(std::string s) { return AttributeValue::S(std::move(s)); }
AttributeValue N(int64_t n) { return AttributeValue::N(Number::FromInt(n)); }
AttributeValue B(std::string b) { return AttributeValue::B(std::move(b)); }
AttributeValue L(std::vector<AttributeValue> l) {
  return AttributeValue::L(std::move(l));
}
AttributeValue M(AttributeMap m) { return AttributeValue::M(std::move(m)); }
AttributeValue SS(std::vector<std::string> ss) {
  return AttributeValue::SS(std::move(ss));
}
AttributeValue NS(const std::vector<int64_t>& ns) {
  std::vector<Number> numbers;
  for (int64_t n : ns) numbers.push_back(Number::FromInt(n));
  return AttributeValue::NS(std::move(numbers));
}
AttributeValue BS(std::vector<std::string> bs) {
  return AttributeValue::BS(std::move(bs));
}

std::string Invalid(absl::string_view detail) {
  return absl::StrCat("One or more parameter values were invalid: ", detail);
}

// The messages of the ComparisonOperator checks.
std::string CountError(absl::string_view op) {
  return Invalid(absl::StrCat("Invalid number of argument(s) for the ", op,
                              " ComparisonOperator"));
}
std::string TypeError(absl::string_view op, absl::string_view type) {
  return Invalid(absl::StrCat("ComparisonOperator ", op, " is not valid for ",
                              type, " AttributeValue type"));
}
const std::string kSameType =
    Invalid("AttributeValues inside AttributeValueList must be of same type");
const std::string kReversed =
    "The BETWEEN condition was provided a range where the lower bound is "
    "greater than the upper bound";

// ":v0" -> values[0], ":v1" -> values[1], ...: the names the translation
// gives its values.
AttributeMap Numbered(const std::vector<AttributeValue>& values) {
  AttributeMap map;
  for (size_t i = 0; i < values.size(); ++i) {
    map.emplace(absl::StrCat(":v", i), values[i]);
  }
  return map;
}

// A bound condition as plain data, to compare and evaluate: its tree and
// the value of each placeholder.
struct Translated {
  Condition tree;
  AttributeMap values;

  bool Matches(const Item& item) const {
    std::vector<const AttributeValue*> bound;
    for (const std::string& slot : ValueSlots(tree)) {
      bound.push_back(&values.at(slot));
    }
    return EvaluateCondition(tree, bound, item);
  }
  friend bool operator==(const Translated&, const Translated&) = default;
};

Translated Unbind(const BoundCondition& bound) {
  Translated result{bound.tree(), {}};
  const std::vector<std::string> slots = ValueSlots(bound.tree());
  for (size_t i = 0; i < slots.size(); ++i) {
    result.values.emplace(slots[i], *bound.values()[i]);
  }
  return result;
}

Translated ParseWith(absl::string_view text,
                     const std::vector<AttributeValue>& values) {
  const AttributeMap map = Numbered(values);
  Placeholders placeholders(nullptr, &map);
  absl::StatusOr<Condition> condition =
      ParseCondition(text, ExpressionKind::kConditionExpression, placeholders);
  EXPECT_THAT(condition, IsOk()) << text;
  if (!condition.ok()) return Translated{};
  return Unbind(BindParsed(*std::move(condition), placeholders));
}

// The single condition a non-empty map translates to.
Translated FilterOf(const LegacyConditions& conditions,
                    ConditionalOperator op = ConditionalOperator::kAnd) {
  absl::StatusOr<std::optional<BoundCondition>> filter =
      TranslateFilter(conditions, op);
  EXPECT_THAT(filter, IsOk());
  if (!filter.ok() || !filter->has_value()) return Translated{};
  return Unbind(**filter);
}

int Depth(const Condition& condition) {
  const Logical* logical = std::get_if<Logical>(&condition.rep);
  if (logical == nullptr) return 1;
  int depth = 0;
  for (const Condition& operand : logical->operands) {
    depth = std::max(depth, Depth(operand));
  }
  return depth + 1;
}

// An item with one attribute of each shape alternator's legacy tests use.
Item SampleItem() {
  return {
      {"a", S("hello")},
      {"b", NS({2, 4, 7})},
      {"c", L({N(2), N(4), N(7)})},
      {"d", B("hi there")},
      {"x", N(3)},
      {"n", AttributeValue::Null()},
      {"s", SS({"dog", "cat"})},
  };
}

// ---------------------------------------------------------------- parsing

TEST(LegacyOperatorTest, ParsesEveryNameExactly) {
  const std::vector<std::string> names = {
      "EQ",          "NE",       "LE",     "LT",       "GE",
      "GT",          "NOT_NULL", "NULL",   "CONTAINS", "NOT_CONTAINS",
      "BEGINS_WITH", "IN",       "BETWEEN"};
  for (const std::string& name : names) {
    const std::optional<Op> op = ParseComparisonOperator(name);
    ASSERT_TRUE(op.has_value()) << name;
    EXPECT_EQ(ComparisonOperatorName(*op), name);
  }
  for (absl::string_view bad : {"eq", "Eq", "DOG", "", "NOTNULL", "EQ "}) {
    EXPECT_EQ(ParseComparisonOperator(bad), std::nullopt) << bad;
  }
  EXPECT_EQ(ParseConditionalOperator("AND"), ConditionalOperator::kAnd);
  EXPECT_EQ(ParseConditionalOperator("OR"), ConditionalOperator::kOr);
  EXPECT_EQ(ParseConditionalOperator("and"), std::nullopt);
  EXPECT_EQ(ParseAttributeAction("PUT"), AttributeAction::kPut);
  EXPECT_EQ(ParseAttributeAction("ADD"), AttributeAction::kAdd);
  EXPECT_EQ(ParseAttributeAction("DELETE"), AttributeAction::kDelete);
  EXPECT_EQ(ParseAttributeAction("put"), std::nullopt);
  EXPECT_EQ(ParseAttributeAction("NONEXISTENT"), std::nullopt);
}

TEST(ConditionalOperatorTest, RequiresTwoConditions) {
  constexpr auto kAnd = ConditionalOperator::kAnd;
  constexpr auto kOr = ConditionalOperator::kOr;
  EXPECT_EQ(*ResolveConditionalOperator(std::nullopt, 0), kAnd);
  EXPECT_EQ(*ResolveConditionalOperator(std::nullopt, 1), kAnd);
  EXPECT_EQ(*ResolveConditionalOperator(kOr, 2), kOr);
  EXPECT_EQ(*ResolveConditionalOperator(kAnd, 3), kAnd);
  for (auto op : {kAnd, kOr}) {
    EXPECT_THAT(ResolveConditionalOperator(op, 0),
                IsError(kValidation,
                        "ConditionalOperator cannot be used without Filter or "
                        "Expected"));
    EXPECT_THAT(ResolveConditionalOperator(op, 1),
                IsError(kValidation,
                        "ConditionalOperator can only be used when Filter or "
                        "Expected has two or more elements"));
  }
}

// ---------------------------------------------------------------- filters

TEST(TranslateFilterTest, EachOperatorEqualsItsExpression) {
  struct Case {
    Op op;
    std::vector<AttributeValue> values;
    std::string expression;
  };
  const std::vector<Case> cases = {
      {Op::kEq, {S("v")}, "a = :v0"},
      {Op::kNe, {N(1)}, "a <> :v0"},
      {Op::kLt, {N(1)}, "a < :v0"},
      {Op::kLe, {B("x")}, "a <= :v0"},
      {Op::kGt, {S("v")}, "a > :v0"},
      {Op::kGe, {N(1)}, "a >= :v0"},
      {Op::kNotNull, {}, "attribute_exists(a)"},
      {Op::kNull, {}, "attribute_not_exists(a)"},
      {Op::kContains, {S("v")}, "contains(a, :v0)"},
      {Op::kNotContains,
       {N(4)},
       "attribute_exists(a) AND NOT contains(a, :v0)"},
      {Op::kBeginsWith, {S("v")}, "begins_with(a, :v0)"},
      {Op::kIn, {N(1), N(2), N(3)}, "a IN (:v0, :v1, :v2)"},
      {Op::kBetween, {N(1), N(2)}, "a BETWEEN :v0 AND :v1"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(ComparisonOperatorName(c.op));
    const Translated translated = FilterOf({{"a", {c.op, c.values}}});
    const Translated parsed = ParseWith(c.expression, c.values);

    EXPECT_TRUE(translated == parsed)
        << ConditionToString(translated.tree) << " vs "
        << ConditionToString(parsed.tree);
  }
}

TEST(TranslateFilterTest, EvaluatesAsDynamoDB) {
  // alternator test_expected.py::test_update_expected_1_* and
  // test_query_filter.py, run against AWS.
  struct Case {
    std::string attribute;
    Op op;
    std::vector<AttributeValue> values;
    bool matches;
  };
  const std::vector<Case> cases = {
      {"a", Op::kEq, {S("hello")}, true},
      {"x", Op::kEq, {S("3")}, false},  // other type: false, not an error
      {"b", Op::kEq, {NS({7, 2, 4})}, true},
      {"q", Op::kEq, {N(1)}, false},
      {"q", Op::kNe, {N(1)}, true},  // missing attribute: not equal
      {"x", Op::kNe, {S("3")}, true},
      {"x", Op::kNe, {N(3)}, false},
      {"x", Op::kLe, {N(3)}, true},
      {"x", Op::kLt, {N(3)}, false},
      {"x", Op::kGe, {N(3)}, true},
      {"x", Op::kGt, {N(2)}, true},
      {"x", Op::kLe, {S("3")}, false},
      {"n", Op::kNotNull, {}, true},  // a NULL-typed attribute exists
      {"n", Op::kNull, {}, false},
      {"q", Op::kNull, {}, true},
      {"q", Op::kNotNull, {}, false},
      {"a", Op::kContains, {S("ell")}, true},
      {"b", Op::kContains, {N(4)}, true},
      {"c", Op::kContains, {N(4)}, true},
      {"d", Op::kContains, {B("here")}, true},
      {"s", Op::kContains, {S("dog")}, true},
      {"a", Op::kContains, {N(1)}, false},
      {"q", Op::kContains, {N(1)}, false},
      {"a", Op::kNotContains, {S("dog")}, true},
      {"a", Op::kNotContains, {S("ell")}, false},
      {"a", Op::kNotContains, {N(1)}, true},
      {"b", Op::kNotContains, {N(1)}, true},
      {"b", Op::kNotContains, {N(4)}, false},
      {"c", Op::kNotContains, {N(1)}, true},
      {"c", Op::kNotContains, {N(4)}, false},
      {"q", Op::kNotContains, {N(1)}, false},  // missing: false, unlike NE
      {"a", Op::kBeginsWith, {S("hell")}, true},
      {"d", Op::kBeginsWith, {B("hi")}, true},
      {"x", Op::kBeginsWith, {S("3")}, false},
      {"q", Op::kBeginsWith, {S("a")}, false},
      {"x", Op::kIn, {N(2), N(3), N(8)}, true},
      {"x", Op::kIn, {N(1), N(2), N(4)}, false},
      {"b", Op::kIn, {N(2)}, false},  // IN is not set membership
      {"q", Op::kIn, {N(1)}, false},
      {"x", Op::kBetween, {N(1), N(3)}, true},
      {"x", Op::kBetween, {N(3), N(4)}, true},  // inclusive
      {"x", Op::kBetween, {N(4), N(5)}, false},
      {"a", Op::kBetween, {S("a"), S("z")}, true},
      {"x", Op::kBetween, {S("a"), S("z")}, false},
      {"q", Op::kBetween, {N(0), N(100)}, false},
  };
  const Item item = SampleItem();
  for (const Case& c : cases) {
    SCOPED_TRACE(absl::StrCat(c.attribute, " ", ComparisonOperatorName(c.op)));
    const Translated filter = FilterOf({{c.attribute, {c.op, c.values}}});

    EXPECT_EQ(filter.Matches(item), c.matches);
  }
}

TEST(TranslateFilterTest, JoinsConditionsInMapOrder) {
  const LegacyConditions conditions = {
      {"c", {Op::kEq, {N(3)}}},
      {"a", {Op::kNotNull, {}}},
      {"b", {Op::kLt, {N(2)}}},
  };
  const std::vector<AttributeValue> values = {N(2), N(3)};

  EXPECT_TRUE(FilterOf(conditions, ConditionalOperator::kAnd) ==
              ParseWith("attribute_exists(a) AND b < :v0 AND c = :v1", values));
  EXPECT_TRUE(FilterOf(conditions, ConditionalOperator::kOr) ==
              ParseWith("attribute_exists(a) OR b < :v0 OR c = :v1", values));
}

TEST(TranslateFilterTest, AndNeedsAllOrNeedsOne) {
  const LegacyConditions conditions = {
      {"a", {Op::kEq, {N(1)}}},
      {"b", {Op::kEq, {N(2)}}},
  };
  const Item both = {{"a", N(1)}, {"b", N(2)}};
  const Item one = {{"a", N(1)}, {"b", N(3)}};
  const Item none = {{"a", N(0)}};

  const Translated all = FilterOf(conditions, ConditionalOperator::kAnd);
  const Translated any = FilterOf(conditions, ConditionalOperator::kOr);

  EXPECT_TRUE(all.Matches(both));
  EXPECT_FALSE(all.Matches(one));
  EXPECT_TRUE(any.Matches(one));
  EXPECT_FALSE(any.Matches(none));
}

TEST(TranslateFilterTest, ManyConditionsMakeAShallowTree) {
  constexpr int kCount = 10000;
  LegacyConditions conditions;
  Item item;
  for (int i = 0; i < kCount; ++i) {
    conditions[absl::StrCat("a", i)] = {Op::kEq, {N(i)}};
    item[absl::StrCat("a", i)] = N(i);
  }
  Item one_wrong = item;
  one_wrong["a7777"] = N(-1);
  const Item only_one = {{"a9999", N(9999)}};

  const Translated all = FilterOf(conditions, ConditionalOperator::kAnd);
  const Translated any = FilterOf(conditions, ConditionalOperator::kOr);

  EXPECT_LE(Depth(all.tree), 15);  // ceil(log2(10000)) + 1
  EXPECT_TRUE(all.Matches(item));
  EXPECT_FALSE(all.Matches(one_wrong));
  EXPECT_TRUE(any.Matches(only_one));
  EXPECT_FALSE(any.Matches(Item()));
}

TEST(TranslateFilterTest, EmptyMapIsNoFilter) {
  EXPECT_THAT(TranslateFilter({}, ConditionalOperator::kAnd),
              IsOkAndHolds(::testing::Eq(std::nullopt)));
  EXPECT_THAT(TranslateExpected({}, ConditionalOperator::kOr),
              IsOkAndHolds(::testing::Eq(std::nullopt)));
}

TEST(TranslateFilterTest, DotInNameIsOneAttribute) {
  const Translated filter = FilterOf({{"a.b", {Op::kEq, {N(1)}}}});
  const Comparison& comparison = std::get<Comparison>(filter.tree.rep);

  EXPECT_EQ(comparison.lhs.path()->elements,
            std::vector<PathElement>{std::string("a.b")});
  EXPECT_TRUE(filter.Matches({{"a.b", N(1)}}));
  EXPECT_FALSE(filter.Matches({{"a", M({{"b", N(1)}})}}));
}

TEST(TranslateFilterTest, AcceptsEveryTypeDynamoDBAccepts) {
  const std::vector<LegacyCondition> accepted = {
      {Op::kEq, {L({N(1)})}},
      {Op::kEq, {M({{"k", S("v")}})}},
      {Op::kEq, {AttributeValue::Bool(true)}},
      {Op::kEq, {AttributeValue::Null()}},
      {Op::kNe, {SS({"a"})}},
      {Op::kEq, {BS({"x"})}},
      {Op::kContains, {AttributeValue::Bool(false)}},
      {Op::kContains, {AttributeValue::Null()}},
      {Op::kIn, {B("x"), B("y")}},
      {Op::kBetween, {S("10"), S("9")}},  // strings order by bytes
      {Op::kBetween, {N(5), N(5)}},       // equal bounds
      {Op::kNull, {}},                    // absent and empty lists are alike
  };
  for (const LegacyCondition& condition : accepted) {
    SCOPED_TRACE(ComparisonOperatorName(condition.op));
    EXPECT_THAT(TranslateFilter({{"a", condition}}, ConditionalOperator::kAnd),
                IsOk());
  }
}

TEST(TranslateFilterTest, RejectsWithDynamoDBMessages) {
  struct Case {
    LegacyCondition condition;
    std::string message;
  };
  const std::vector<Case> cases = {
      // Number of values (dynalite test/scan.js).
      {{Op::kEq, {}}, CountError("EQ")},
      {{Op::kEq, {S("a"), S("a")}}, CountError("EQ")},
      {{Op::kNe, {}}, CountError("NE")},
      {{Op::kLe, {S("a"), S("a")}}, CountError("LE")},
      {{Op::kLt, {}}, CountError("LT")},
      {{Op::kGe, {S("a"), S("a")}}, CountError("GE")},
      {{Op::kGt, {}}, CountError("GT")},
      {{Op::kContains, {}}, CountError("CONTAINS")},
      {{Op::kNotContains, {S("a"), S("a")}}, CountError("NOT_CONTAINS")},
      {{Op::kBeginsWith, {S("a"), S("b")}}, CountError("BEGINS_WITH")},
      {{Op::kNull, {S("a")}}, CountError("NULL")},
      {{Op::kNotNull, {S("a")}}, CountError("NOT_NULL")},
      {{Op::kIn, {}}, CountError("IN")},
      {{Op::kBetween, {N(1)}}, CountError("BETWEEN")},
      {{Op::kBetween, {N(1), N(2), N(3)}}, CountError("BETWEEN")},
      // Value types per operator.
      {{Op::kLt, {SS({"a"})}}, TypeError("LT", "SS")},
      {{Op::kLe, {NS({1})}}, TypeError("LE", "NS")},
      {{Op::kGt, {BS({"x"})}}, TypeError("GT", "BS")},
      {{Op::kGe, {AttributeValue::Bool(true)}}, TypeError("GE", "BOOL")},
      {{Op::kLt, {AttributeValue::Null()}}, TypeError("LT", "NULL")},
      {{Op::kLe, {L({})}}, TypeError("LE", "L")},
      {{Op::kGt, {M({})}}, TypeError("GT", "M")},
      {{Op::kContains, {SS({"a"})}}, TypeError("CONTAINS", "SS")},
      {{Op::kContains, {NS({1})}}, TypeError("CONTAINS", "NS")},
      {{Op::kContains, {L({N(1)})}}, TypeError("CONTAINS", "L")},
      {{Op::kNotContains, {BS({"x"})}}, TypeError("NOT_CONTAINS", "BS")},
      {{Op::kNotContains, {M({})}}, TypeError("NOT_CONTAINS", "M")},
      {{Op::kBeginsWith, {N(1)}}, TypeError("BEGINS_WITH", "N")},
      {{Op::kBeginsWith, {SS({"a"})}}, TypeError("BEGINS_WITH", "SS")},
      {{Op::kBeginsWith, {AttributeValue::Bool(true)}},
       TypeError("BEGINS_WITH", "BOOL")},
      {{Op::kIn, {SS({"a"})}}, TypeError("IN", "SS")},
      {{Op::kIn, {L({N(1)}), L({N(2)})}}, TypeError("IN", "L")},
      {{Op::kBetween, {S("a"), SS({"a"})}}, TypeError("BETWEEN", "SS")},
      {{Op::kBetween, {NS({1}), S("a")}}, TypeError("BETWEEN", "NS")},
      // Mixed types.
      {{Op::kIn, {N(3), S("dog")}}, kSameType},
      {{Op::kBetween, {N(4), S("dog")}}, kSameType},
      {{Op::kIn, {S("a"), SS({"a"})}}, TypeError("IN", "SS")},  // type first
      // BETWEEN bounds (reference §5.1).
      {{Op::kBetween, {S("b"), S("a")}}, kReversed},
      {{Op::kBetween, {N(10), N(9)}}, kReversed},           // numerically
      {{Op::kBetween, {B("\xff"), B("\x01")}}, kReversed},  // unsigned bytes
      // Values pass ValidateAttributeValue() before anything else.
      {{Op::kEq, {SS({})}}, Invalid("An string set  may not be empty")},
      {{Op::kEq, {SS({"a", "a"})}},
       Invalid("Input collection [a, a] contains duplicates.")},
      {{Op::kEq, {NS({})}}, Invalid("An number set  may not be empty")},
      {{Op::kIn, {N(1), BS({})}}, Invalid("Binary sets should not be empty")},
      {{Op::kLt, {SS({}), SS({})}},
       Invalid("An string set  may not be empty")},  // before the count
      {{Op::kLt, {SS({"a"}), SS({"b"})}},
       CountError("LT")},  // count before type
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.message);
    EXPECT_THAT(
        TranslateFilter({{"a", c.condition}}, ConditionalOperator::kAnd),
        IsError(kValidation, c.message));
  }
}

TEST(TranslateFilterTest, ReportsTheFirstBadConditionInMapOrder) {
  const LegacyConditions conditions = {
      {"b", {Op::kLt, {SS({"a"})}}},
      {"a", {Op::kEq, {N(1)}}},
      {"c", {Op::kEq, {}}},
  };
  EXPECT_THAT(TranslateFilter(conditions, ConditionalOperator::kAnd),
              IsError(kValidation, TypeError("LT", "SS")));
}

// --------------------------------------------------------------- Expected

TEST(TranslateExpectedTest, EachFormEqualsItsExpression) {
  struct Case {
    std::string name;
    ExpectedAttributeValue expected;
    std::string expression;
    std::vector<AttributeValue> values;
  };
  const std::vector<Case> cases = {
      {"Value", {.value = N(1)}, "a = :v0", {N(1)}},
      {"Exists true", {.value = N(1), .exists = true}, "a = :v0", {N(1)}},
      {"Exists false", {.exists = false}, "attribute_not_exists(a)", {}},
      {"list", {.op = Op::kEq, .values = {{N(1)}}}, "a = :v0", {N(1)}},
      {"Value as list",
       {.value = S("x"), .op = Op::kBeginsWith},
       "begins_with(a, :v0)",
       {S("x")}},
      {"NULL", {.op = Op::kNull}, "attribute_not_exists(a)", {}},
      {"NOT_NULL empty list",
       {.op = Op::kNotNull, .values = std::vector<AttributeValue>()},
       "attribute_exists(a)",
       {}},
      {"NOT_CONTAINS",
       {.op = Op::kNotContains, .values = {{S("v")}}},
       "attribute_exists(a) AND NOT contains(a, :v0)",
       {S("v")}},
      {"BETWEEN",
       {.op = Op::kBetween, .values = {{N(1), N(2)}}},
       "a BETWEEN :v0 AND :v1",
       {N(1), N(2)}},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    absl::StatusOr<std::optional<BoundCondition>> translated =
        TranslateExpected({{"a", c.expected}}, ConditionalOperator::kAnd);
    ASSERT_THAT(translated, IsOk());
    ASSERT_TRUE(translated->has_value());

    EXPECT_TRUE(Unbind(**translated) == ParseWith(c.expression, c.values))
        << ConditionToString((*translated)->tree());
  }
}

TEST(TranslateExpectedTest, EvaluatesAsDynamoDB) {
  // alternator test_expected.py::test_update_expected_1_value_*,
  // ::test_update_expected_1_exists_*, ::test_update_expected_multi_* (AWS).
  const Item item = {{"a", N(1)}, {"b", N(2)}};
  auto check = [&](const ExpectedAttributeValues& expected,
                   ConditionalOperator op) {
    absl::StatusOr<std::optional<BoundCondition>> condition =
        TranslateExpected(expected, op);
    EXPECT_THAT(condition, IsOk());
    return condition.ok() && condition->has_value() &&
           EvaluateCondition((*condition)->tree(), (*condition)->values(),
                             item);
  };
  constexpr auto kAnd = ConditionalOperator::kAnd;
  constexpr auto kOr = ConditionalOperator::kOr;

  EXPECT_TRUE(check({{"a", {.value = N(1)}}}, kAnd));
  EXPECT_FALSE(check({{"a", {.value = N(2)}}}, kAnd));
  EXPECT_FALSE(check({{"z", {.value = N(1)}}}, kAnd));  // missing
  EXPECT_TRUE(check({{"z", {.exists = false}}}, kAnd));
  EXPECT_FALSE(check({{"a", {.exists = false}}}, kAnd));
  EXPECT_FALSE(check({{"a", {.value = N(2), .exists = true}}}, kAnd));
  const ExpectedAttributeValues all_true = {
      {"a", {.value = N(1), .exists = true}},
      {"b", {.op = Op::kEq, .values = {{N(2)}}}},
      {"c", {.exists = false}},
  };
  const ExpectedAttributeValues one_true = {
      {"a", {.value = N(74), .exists = true}},
      {"b", {.op = Op::kEq, .values = {{N(999)}}}},
      {"c", {.exists = false}},
  };
  const ExpectedAttributeValues none_true = {
      {"a", {.value = N(74)}},
      {"b", {.op = Op::kEq, .values = {{N(999)}}}},
      {"c", {.op = Op::kNotNull}},
  };
  EXPECT_TRUE(check(all_true, kAnd));
  EXPECT_FALSE(check(one_true, kAnd));
  EXPECT_TRUE(check(one_true, kOr));
  EXPECT_FALSE(check(none_true, kOr));
}

TEST(TranslateExpectedTest, RejectsWithDynamoDBMessages) {
  // The attribute's name is quoted as given, dot and all.
  auto shape = [](absl::string_view detail) {
    return Invalid(absl::StrCat(detail, " for Attribute: x.y"));
  };
  struct Case {
    ExpectedAttributeValue expected;
    std::string message;
  };
  const std::vector<Case> cases = {
      {{.exists = true, .op = Op::kEq, .values = {{N(1)}}},
       shape("Exists and ComparisonOperator cannot be used together")},
      {{.exists = false, .op = Op::kNull},
       shape("Exists and ComparisonOperator cannot be used together")},
      // Exists + ComparisonOperator is reported before Value + list
      // (DynamoDB Local's order).
      {{.value = N(1), .exists = true, .op = Op::kEq, .values = {{N(1)}}},
       shape("Exists and ComparisonOperator cannot be used together")},
      {{.value = N(3), .op = Op::kEq, .values = {{N(3)}}},
       shape("Value and AttributeValueList cannot be used together")},
      {{.value = N(3), .values = {{N(3)}}},
       shape("Value and AttributeValueList cannot be used together")},
      {{.values = std::vector<AttributeValue>()},
       shape("AttributeValueList can only be used with a ComparisonOperator")},
      {{.exists = false, .values = {{N(1)}}},
       shape("AttributeValueList can only be used with a ComparisonOperator")},
      {{.value = S("a"), .exists = false},
       shape("Value cannot be used when Exists is false")},
      {{.op = Op::kLt},
       shape("Value or AttributeValueList must be used with "
             "ComparisonOperator: LT")},
      {{}, shape("Value must be provided when Exists is null")},
      {{.exists = true}, shape("Value must be provided when Exists is true")},
      // Then the ComparisonOperator's checks, as in a filter.
      {{.value = S("a"), .op = Op::kNull}, CountError("NULL")},
      {{.op = Op::kEq, .values = std::vector<AttributeValue>()},
       CountError("EQ")},
      {{.op = Op::kContains, .values = {{L({N(1)})}}},
       TypeError("CONTAINS", "L")},
      {{.op = Op::kIn, .values = {{N(3), S("dog")}}}, kSameType},
      {{.op = Op::kBetween, .values = {{N(4), N(3)}}}, kReversed},
      {{.value = N(3), .op = Op::kBeginsWith}, TypeError("BEGINS_WITH", "N")},
      // Values pass ValidateAttributeValue().
      {{.value = SS({})}, Invalid("An string set  may not be empty")},
      {{.value = NS({}), .op = Op::kEq},
       Invalid("An number set  may not be empty")},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.message);
    EXPECT_THAT(
        TranslateExpected({{"x.y", c.expected}}, ConditionalOperator::kAnd),
        IsError(kValidation, c.message));
  }
}

// ---------------------------------------------------------- KeyConditions

KeySchema Schema(KeyType partition, std::optional<KeyType> sort) {
  KeySchema schema;
  schema.partition_key = {"p", partition};
  if (sort.has_value()) schema.sort_key = KeyAttribute{"c", *sort};
  return schema;
}

const std::string kNotIndexable =
    "Attempted conditional constraint is not an indexable operation";
const std::string kLengthOneOrTwo = "Conditions can be of length 1 or 2 only";

TEST(KeyConditionsTest, BindsEveryIndexableOperator) {
  using KeyOp = SortKeyCondition::Op;
  struct Case {
    LegacyCondition sort;
    KeyOp op;
    AttributeValue upper;
  };
  const std::vector<Case> cases = {
      {{Op::kEq, {S("m")}}, KeyOp::kEq, {}},
      {{Op::kLt, {S("m")}}, KeyOp::kLt, {}},
      {{Op::kLe, {S("m")}}, KeyOp::kLe, {}},
      {{Op::kGt, {S("m")}}, KeyOp::kGt, {}},
      {{Op::kGe, {S("m")}}, KeyOp::kGe, {}},
      {{Op::kBeginsWith, {S("m")}}, KeyOp::kBeginsWith, {}},
      {{Op::kBetween, {S("m"), S("n")}}, KeyOp::kBetween, S("n")},
  };
  const KeySchema schema = Schema(KeyType::kS, KeyType::kS);
  for (const Case& c : cases) {
    SCOPED_TRACE(ComparisonOperatorName(c.sort.op));
    // The bound condition points at the conditions' values.
    const LegacyConditions conditions = {{"p", {Op::kEq, {S("x")}}},
                                         {"c", c.sort}};
    absl::StatusOr<KeyCondition> bound = BindKeyConditions(conditions, schema);
    ASSERT_THAT(bound, IsOk());

    EXPECT_EQ(*bound->partition_value, S("x"));
    ASSERT_TRUE(bound->sort.has_value());
    EXPECT_EQ(bound->sort->op, c.op);
    EXPECT_EQ(*bound->sort->value, S("m"));
    if (c.op == KeyOp::kBetween) {
      EXPECT_EQ(*bound->sort->upper, c.upper);
    } else {
      EXPECT_EQ(bound->sort->upper, nullptr);
    }
  }
  const LegacyConditions partition = {{"p", {Op::kEq, {S("x")}}}};
  absl::StatusOr<KeyCondition> partition_only =
      BindKeyConditions(partition, schema);
  ASSERT_THAT(partition_only, IsOk());
  EXPECT_EQ(*partition_only->partition_value, S("x"));
  EXPECT_FALSE(partition_only->sort.has_value());
}

TEST(KeyConditionsTest, ChecksValuesAndCountBeforeTheTable) {
  EXPECT_THAT(CheckKeyConditions({}), IsError(kValidation, kLengthOneOrTwo));
  const LegacyConditions three = {
      {"p", {Op::kEq, {S("x")}}},
      {"c", {Op::kEq, {S("y")}}},
      {"d", {Op::kEq, {S("z")}}},
  };
  // Three may suit a multi-attribute GSI key: a one-attribute key refuses
  // them against its schema.
  EXPECT_THAT(CheckKeyConditions(three), IsOk());
  EXPECT_THAT(BindKeyConditions(three, Schema(KeyType::kS, KeyType::kS)),
              IsError(kValidation, kLengthOneOrTwo));
  LegacyConditions nine;
  for (char c = 'a'; c < 'j'; ++c) {
    nine[std::string(1, c)] = {Op::kEq, {S("x")}};
  }
  EXPECT_THAT(CheckKeyConditions(nine), IsError(kValidation, kLengthOneOrTwo));
  LegacyConditions three_with_bad_value = three;
  three_with_bad_value["d"].values.clear();
  EXPECT_THAT(CheckKeyConditions(three_with_bad_value),
              IsError(kValidation, CountError("EQ")));
  // alternator test_key_conditions.py::test_key_conditions_num_begins (AWS).
  EXPECT_THAT(CheckKeyConditions({{"p", {Op::kEq, {S("x")}}},
                                  {"c", {Op::kBeginsWith, {N(3)}}}}),
              IsError(kValidation, TypeError("BEGINS_WITH", "N")));
  EXPECT_THAT(CheckKeyConditions({{"c", {Op::kBetween, {S("b"), S("a")}}}}),
              IsError(kValidation, kReversed));
  // Non-indexable operators pass this step; the schema walk rejects them.
  EXPECT_THAT(CheckKeyConditions({{"p", {Op::kNull, {}}}}), IsOk());
  // BindKeyConditions() makes the same checks first.
  EXPECT_THAT(BindKeyConditions({}, Schema(KeyType::kS, std::nullopt)),
              IsError(kValidation, kLengthOneOrTwo));
}

TEST(KeyConditionsTest, RejectsNonIndexableOperators) {
  const std::vector<LegacyCondition> non_indexable = {
      {Op::kNe, {S("a")}},       {Op::kIn, {S("a")}},
      {Op::kContains, {S("a")}}, {Op::kNotContains, {S("a")}},
      {Op::kNull, {}},           {Op::kNotNull, {}},
  };
  const KeySchema schema = Schema(KeyType::kS, KeyType::kS);
  for (const LegacyCondition& condition : non_indexable) {
    SCOPED_TRACE(ComparisonOperatorName(condition.op));
    EXPECT_THAT(BindKeyConditions({{"p", condition}}, schema),
                IsError(kValidation, kNotIndexable));
    EXPECT_THAT(BindKeyConditions(
                    {{"p", {Op::kEq, {S("x")}}}, {"c", condition}}, schema),
                IsError(kValidation, kNotIndexable));
  }
}

TEST(KeyConditionsTest, ChecksTheSchemaInDynamoDBOrder) {
  const KeySchema string_number = Schema(KeyType::kS, KeyType::kN);
  const KeySchema hash_only = Schema(KeyType::kS, std::nullopt);
  const std::string not_supported = "Query key condition not supported";
  const std::string type_mismatch =
      Invalid("Condition parameter type does not match schema type");
  struct Case {
    std::string name;
    LegacyConditions conditions;
    const KeySchema* schema;
    std::string message;
  };
  const std::vector<Case> cases = {
      {"range operator on the partition key",
       {{"p", {Op::kLe, {S("x")}}}},
       &string_number,
       not_supported},
      {"BETWEEN on the partition key",
       {{"p", {Op::kBetween, {S("a"), S("b")}}}},
       &string_number,
       not_supported},
      {"missing partition key",
       {{"c", {Op::kEq, {N(3)}}}},
       &string_number,
       "Query condition missed key schema element: p"},
      {"missing partition key before the operator",
       {{"z", {Op::kNull, {}}}},
       &string_number,
       "Query condition missed key schema element: p"},
      {"non-key attribute",
       {{"p", {Op::kEq, {S("x")}}}, {"a", {Op::kEq, {N(5)}}}},
       &string_number,
       "Query condition missed key schema element: c"},
      {"non-key attribute before its operator",
       {{"p", {Op::kEq, {S("x")}}}, {"a", {Op::kNull, {}}}},
       &string_number,
       "Query condition missed key schema element: c"},
      {"two conditions on a hash-only table before the operator",
       {{"p", {Op::kNe, {S("x")}}}, {"c", {Op::kEq, {S("y")}}}},
       &hash_only,
       not_supported},
      {"partition type before the sort operator",
       {{"p", {Op::kEq, {N(1)}}}, {"c", {Op::kNull, {}}}},
       &string_number,
       type_mismatch},
      {"partition operator before the sort operator",
       {{"p", {Op::kGt, {S("x")}}}, {"c", {Op::kIn, {N(1)}}}},
       &string_number,
       not_supported},
      {"sort operator",
       {{"p", {Op::kEq, {S("x")}}}, {"c", {Op::kIn, {N(1)}}}},
       &string_number,
       kNotIndexable},
      {"sort type",
       {{"p", {Op::kEq, {S("x")}}}, {"c", {Op::kEq, {S("s")}}}},
       &string_number,
       type_mismatch},
      {"empty partition value",
       {{"p", {Op::kEq, {S("")}}}},
       &hash_only,
       "One or more parameter values are not valid. The AttributeValue for a "
       "key attribute cannot contain an empty string value. Key: p"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    EXPECT_THAT(BindKeyConditions(c.conditions, *c.schema),
                IsError(kValidation, c.message));
  }
}

// ------------------------------------------------------- AttributeUpdates

const Item kKey = {{"p", S("k")}};

absl::StatusOr<UpdateResult> Apply(const AttributeValueUpdates& updates,
                                   const Item* current) {
  absl::StatusOr<BoundUpdate> update = TranslateAttributeUpdates(updates);
  if (!update.ok()) return update.status();
  return ApplyAttributeUpdates(*update, current, kKey);
}

// The item after `updates`, or an empty item when the update failed or
// created nothing.
Item Updated(const AttributeValueUpdates& updates, const Item* current) {
  absl::StatusOr<UpdateResult> result = Apply(updates, current);
  EXPECT_THAT(result, IsOk());
  if (!result.ok() || !result->item.has_value()) return Item();
  return *result->item;
}

TEST(AttributeUpdatesTest, EachActionEqualsItsUpdateExpression) {
  const AttributeValueUpdates updates = {
      {"a", {.value = N(1)}},  // Action defaults to PUT
      {"b", {.action = AttributeAction::kDelete}},
      {"c", {.action = AttributeAction::kDelete, .value = SS({"x"})}},
      {"d", {.action = AttributeAction::kAdd, .value = N(2)}},
      {"e", {.action = AttributeAction::kAdd, .value = NS({3})}},
      {"f", {.action = AttributeAction::kPut, .value = L({})}},
  };
  const AttributeMap values = Numbered({N(1), SS({"x"}), N(2), NS({3}), L({})});
  Placeholders placeholders(nullptr, &values);
  absl::StatusOr<UpdateExpression> parsed =
      ParseUpdate("SET a = :v0, f = :v4 REMOVE b ADD d :v2, e :v3 DELETE c :v1",
                  placeholders);
  ASSERT_THAT(parsed, IsOk());

  absl::StatusOr<BoundUpdate> translated = TranslateAttributeUpdates(updates);

  ASSERT_THAT(translated, IsOk());
  // The same clauses, and each placeholder bound to the same value (the
  // slots are numbered in text order, the translation's in map order).
  EXPECT_EQ(UpdateToString(translated->tree()), UpdateToString(*parsed));
  const std::vector<std::string> slots = ValueSlots(translated->tree());
  ASSERT_EQ(slots.size(), values.size());
  for (size_t i = 0; i < slots.size(); ++i) {
    EXPECT_EQ(*translated->values()[i], values.at(slots[i])) << slots[i];
  }
}

TEST(AttributeUpdatesTest, AddOfAListAppends) {
  absl::StatusOr<BoundUpdate> translated = TranslateAttributeUpdates(
      {{"a", {.action = AttributeAction::kAdd, .value = L({N(3)})}}});
  ASSERT_THAT(translated, IsOk());
  EXPECT_EQ(UpdateToString(translated->tree()),
            "SET a = list_append(if_not_exists(a, :v0), :v1)");
  // alternator test_item.py::test_update_item_add (AWS): lists append,
  // duplicates and mixed types included.
  const Item list = {{"p", S("k")}, {"a", L({N(1), N(2)})}};
  const Item appended = Updated(
      {{"a", {.action = AttributeAction::kAdd, .value = L({N(3), N(4)})}}},
      &list);
  EXPECT_EQ(appended.at("a"), L({N(1), N(2), N(3), N(4)}));
  const Item twice = Updated(
      {{"a", {.action = AttributeAction::kAdd, .value = L({N(3), S("x")})}}},
      &appended);
  EXPECT_EQ(twice.at("a"), L({N(1), N(2), N(3), N(4), N(3), S("x")}));
  // A missing attribute, or a missing item, starts the list.
  const Item started = Updated(
      {{"b", {.action = AttributeAction::kAdd, .value = L({N(7)})}}}, &list);
  EXPECT_EQ(started.at("b"), L({N(7)}));
  const Item created = Updated(
      {{"a", {.action = AttributeAction::kAdd, .value = L({N(1)})}}}, nullptr);
  EXPECT_EQ(created, (Item{{"p", S("k")}, {"a", L({N(1)})}}));
}

TEST(AttributeUpdatesTest, AddAndDeleteWorkOnNumbersAndSets) {
  const Item item = {{"p", S("k")}, {"n", N(7)}, {"s", NS({1, 2, 3, 4, 5})}};
  const Item updated = Updated(
      {
          {"n", {.action = AttributeAction::kAdd, .value = N(2)}},
          {"m", {.action = AttributeAction::kAdd, .value = N(2)}},
          {"s", {.action = AttributeAction::kDelete, .value = NS({2, 4, 9})}},
          {"t", {.action = AttributeAction::kAdd, .value = SS({"a"})}},
      },
      &item);
  EXPECT_EQ(updated, (Item{{"p", S("k")},
                           {"n", N(9)},
                           {"m", N(2)},
                           {"s", NS({1, 3, 5})},
                           {"t", SS({"a"})}}));
  // Deleting every member removes the attribute (alternator test_item.py
  // ::test_update_item_delete).
  const Item emptied = Updated(
      {{"s", {.action = AttributeAction::kDelete, .value = NS({1, 3, 5})}}},
      &updated);
  EXPECT_FALSE(emptied.contains("s"));
}

TEST(AttributeUpdatesTest, CreatesTheItemUnlessItOnlyDeletes) {
  // alternator test_item.py::test_update_item_non_existent (AWS).
  absl::StatusOr<UpdateResult> deleted =
      Apply({{"a", {.action = AttributeAction::kDelete}},
             {"b", {.action = AttributeAction::kDelete, .value = SS({"x"})}}},
            nullptr);
  ASSERT_THAT(deleted, IsOk());
  EXPECT_FALSE(deleted->item.has_value());

  EXPECT_EQ(Updated({{"a", {.value = N(3)}}}, nullptr),
            (Item{{"p", S("k")}, {"a", N(3)}}));
  EXPECT_EQ(Updated({}, nullptr), kKey);
  const Item existing = {{"p", S("k")}, {"a", N(1)}};
  EXPECT_EQ(Updated({}, &existing), existing);
}

TEST(AttributeUpdatesTest, DotInNameIsOneAttribute) {
  // alternator test_nested.py::test_attribute_updates_dot (AWS).
  const Item item = {{"p", S("k")}, {"a", M({{"b", N(1)}})}};
  const Item updated = Updated({{"a.b", {.value = N(2)}}}, &item);
  EXPECT_EQ(updated,
            (Item{{"p", S("k")}, {"a", M({{"b", N(1)}})}, {"a.b", N(2)}}));
}

TEST(AttributeUpdatesTest, ReportsTypeMismatchOnTheItem) {
  // dynalite test/updateItem.js; alternator test_item.py
  // ::test_update_item_add / ::test_update_item_delete ("mismatch", AWS).
  const std::string mismatch = "Type mismatch for attribute to update";
  const Item item = {{"p", S("k")},
                     {"n", N(2)},
                     {"ss", SS({"dog"})},
                     {"l", L({S("dog")})},
                     {"ns", NS({1})}};
  struct Case {
    std::string attribute;
    AttributeValueUpdate update;
  };
  const std::vector<Case> cases = {
      {"ss", {.action = AttributeAction::kAdd, .value = N(2)}},
      {"ss", {.action = AttributeAction::kAdd, .value = L({S("cat")})}},
      {"ss", {.action = AttributeAction::kAdd, .value = NS({2})}},
      {"l", {.action = AttributeAction::kAdd, .value = SS({"cat"})}},
      {"l", {.action = AttributeAction::kAdd, .value = N(3)}},
      {"n", {.action = AttributeAction::kAdd, .value = L({S("dog")})}},
      {"n", {.action = AttributeAction::kAdd, .value = SS({"dog"})}},
      {"ss", {.action = AttributeAction::kDelete, .value = NS({1})}},
      {"n", {.action = AttributeAction::kDelete, .value = NS({1})}},
      {"l", {.action = AttributeAction::kDelete, .value = SS({"dog"})}},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.attribute);
    EXPECT_THAT(Apply({{c.attribute, c.update}}, &item),
                IsError(kValidation, mismatch));
  }
  // Other ApplyUpdate() errors pass through unchanged.
  const Item big = {{"p", S("k")},
                    {"n", AttributeValue::N(*Number::Parse("9e125"))}};
  absl::StatusOr<UpdateResult> overflow =
      Apply({{"n",
              {.action = AttributeAction::kAdd,
               .value = AttributeValue::N(*Number::Parse("9e125"))}}},
            &big);
  EXPECT_THAT(overflow, ::dynamite::testing::ErrorKindIs(kValidation));
  EXPECT_NE(overflow.status().message(), mismatch);
}

TEST(AttributeUpdatesTest, RejectsWithDynamoDBMessages) {
  const std::string no_value = Invalid(
      "Only DELETE action is allowed when no attribute value is specified");
  auto del = [](absl::string_view type) {
    return Invalid(absl::StrCat(
        "DELETE action with value is not supported for the type ", type));
  };
  auto add = [](absl::string_view type) {
    return Invalid(
        absl::StrCat("ADD action is not supported for the type ", type));
  };
  constexpr auto kDelete = AttributeAction::kDelete;
  constexpr auto kAdd = AttributeAction::kAdd;
  struct Case {
    AttributeValueUpdate update;
    std::string message;
  };
  const std::vector<Case> cases = {
      {{.action = AttributeAction::kPut}, no_value},
      {{.action = kAdd}, no_value},
      {{.action = kDelete, .value = S("1")}, del("S")},
      {{.action = kDelete, .value = N(1)}, del("N")},
      {{.action = kDelete, .value = B("b")}, del("B")},
      {{.action = kDelete, .value = AttributeValue::Null()}, del("NULL")},
      {{.action = kDelete, .value = AttributeValue::Bool(true)}, del("BOOL")},
      {{.action = kDelete, .value = M({})}, del("M")},
      {{.action = kDelete, .value = L({})}, del("L")},
      {{.action = kAdd, .value = S("1")}, add("S")},
      {{.action = kAdd, .value = B("b")}, add("B")},
      {{.action = kAdd, .value = AttributeValue::Null()}, add("NULL")},
      {{.action = kAdd, .value = AttributeValue::Bool(true)}, add("BOOL")},
      {{.action = kAdd, .value = M({})}, add("M")},
      // The value is validated first (alternator test_item.py
      // ::test_update_item_empty_attribute, ::test_update_item_delete).
      {{.value = SS({})}, Invalid("An string set  may not be empty")},
      {{.action = kDelete, .value = NS({})},
       Invalid("An number set  may not be empty")},
      {{.action = kAdd, .value = BS({"x", "x"})},
       Invalid("Input collection [eA==, eA==]of type BS contains duplicates.")},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.message);
    EXPECT_THAT(TranslateAttributeUpdates({{"a", c.update}}),
                IsError(kValidation, c.message));
  }
  // The first bad entry in map order.
  EXPECT_THAT(
      TranslateAttributeUpdates({{"z", {.action = kAdd, .value = S("x")}},
                                 {"b", {.action = kDelete, .value = N(1)}},
                                 {"a", {.value = N(1)}}}),
      IsError(kValidation, del("N")));
}

// -------------------------------------------------------- AttributesToGet

TEST(AttributesToGetTest, SelectsTopLevelAttributesInOrder) {
  absl::StatusOr<std::vector<DocumentPath>> paths =
      TranslateAttributesToGet({"b.c", "a", "missing"});
  ASSERT_THAT(paths, IsOk());
  ASSERT_EQ(paths->size(), 3u);
  EXPECT_EQ((*paths)[0].elements, std::vector<PathElement>{std::string("b.c")});
  EXPECT_EQ((*paths)[1].elements, std::vector<PathElement>{std::string("a")});

  const Item item = {{"a", N(1)}, {"b.c", N(2)}, {"b", M({{"c", N(3)}})}};
  EXPECT_EQ(ProjectItem(item, *paths), (Item{{"a", N(1)}, {"b.c", N(2)}}));
}

TEST(AttributesToGetTest, RejectsEmptyAndDuplicates) {
  EXPECT_THAT(TranslateAttributesToGet({}),
              IsError(kValidation,
                      "1 validation error detected: Value '[]' at "
                      "'attributesToGet' failed to satisfy constraint: Member "
                      "must have length greater than or equal to 1"));
  EXPECT_THAT(
      TranslateAttributesToGet({"a", "b", "c", "b", "a"}),
      IsError(kValidation, Invalid("Duplicate value in attribute name: b")));
}

}  // namespace
}  // namespace dynamite
