#include "query/key_range.h"

#include <deque>
#include <optional>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include "query/key_condition.h"
#include "store/key_codec.h"
#include "store/value.h"
#include "tests/query/parser_test_support.h"

namespace dynamite {
namespace {

using ::dynamite::testing::NumberValue;
using Op = SortKeyCondition::Op;

std::string Key(const AttributeValue& value) { return EncodeKeyValue(value); }

// A SortKeyCondition points at its values; the tests keep them here, in a
// deque so that they never move.
SortKeyCondition Sort(Op op, AttributeValue value,
                      std::optional<AttributeValue> upper = std::nullopt) {
  static std::deque<AttributeValue>& values = *new std::deque<AttributeValue>;
  values.push_back(std::move(value));
  const AttributeValue* lower = &values.back();
  const AttributeValue* high = nullptr;
  if (upper.has_value()) {
    values.push_back(*std::move(upper));
    high = &values.back();
  }
  return SortKeyCondition{op, lower, high};
}

TEST(KeyRangeTest, NoSortConditionCoversThePartition) {
  const KeyRange range = PlanKeyRange(std::nullopt);

  EXPECT_FALSE(range.lower.has_value());
  EXPECT_FALSE(range.upper.has_value());
  EXPECT_TRUE(range.Contains(""));
  EXPECT_TRUE(range.Contains("\xFF\xFF"));
}

TEST(KeyRangeTest, PlansEachOperator) {
  const std::string k = Key(NumberValue("5"));
  const std::string hi = Key(NumberValue("9"));
  struct Case {
    const char* name;
    SortKeyCondition sort;
    std::optional<KeyBound> lower, upper;
  };
  const std::vector<Case> cases = {
      {"eq", Sort(Op::kEq, NumberValue("5")), KeyBound{k, true},
       KeyBound{k, true}},
      {"lt", Sort(Op::kLt, NumberValue("5")), std::nullopt, KeyBound{k, false}},
      {"le", Sort(Op::kLe, NumberValue("5")), std::nullopt, KeyBound{k, true}},
      {"gt", Sort(Op::kGt, NumberValue("5")), KeyBound{k, false}, std::nullopt},
      {"ge", Sort(Op::kGe, NumberValue("5")), KeyBound{k, true}, std::nullopt},
      {"between", Sort(Op::kBetween, NumberValue("5"), NumberValue("9")),
       KeyBound{k, true}, KeyBound{hi, true}},
      {"begins_with", Sort(Op::kBeginsWith, AttributeValue::S("ab")),
       KeyBound{"ab", true}, KeyBound{"ac", false}},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    const KeyRange range = PlanKeyRange(c.sort);
    ASSERT_EQ(range.lower.has_value(), c.lower.has_value());
    ASSERT_EQ(range.upper.has_value(), c.upper.has_value());
    if (c.lower.has_value()) {
      EXPECT_EQ(range.lower->key, c.lower->key);
      EXPECT_EQ(range.lower->inclusive, c.lower->inclusive);
    }
    if (c.upper.has_value()) {
      EXPECT_EQ(range.upper->key, c.upper->key);
      EXPECT_EQ(range.upper->inclusive, c.upper->inclusive);
    }
  }
}

TEST(KeyRangeTest, StringBoundsBorrowTheConditionsValues) {
  const AttributeValue from = AttributeValue::S("EVT#2026-06-23T00:00:00.000Z");
  const AttributeValue to =
      AttributeValue::S("EVT#2026-06-23T23:59:59.999Z#9999");
  SortKeyCondition between;
  between.op = Op::kBetween;
  between.value = &from;
  between.upper = &to;

  const KeyRange range = PlanKeyRange(between);

  ASSERT_TRUE(range.lower.has_value() && range.upper.has_value());
  EXPECT_EQ(range.lower->key.view().data(), from.s().data());
  EXPECT_EQ(range.upper->key.view().data(), to.s().data());
  EXPECT_TRUE(range.Contains("EVT#2026-06-23T10:15:30.123Z#0001"));
  EXPECT_FALSE(range.Contains("EVT#2026-06-24T00:00:00.000Z#0001"));
}

TEST(KeyRangeTest, RangesContainExactlyTheMatchingKeys) {
  const std::vector<std::string> numbers = {"-10",  "-1", "0",    "0.5", "1",
                                            "4.99", "5",  "5.01", "9",   "10"};
  struct Case {
    SortKeyCondition sort;
    std::vector<std::string> expected;
  };
  const std::vector<Case> cases = {
      {Sort(Op::kEq, NumberValue("5")), {"5"}},
      {Sort(Op::kLt, NumberValue("1")), {"-10", "-1", "0", "0.5"}},
      {Sort(Op::kLe, NumberValue("0")), {"-10", "-1", "0"}},
      {Sort(Op::kGt, NumberValue("5")), {"5.01", "9", "10"}},
      {Sort(Op::kGe, NumberValue("9")), {"9", "10"}},
      {Sort(Op::kBetween, NumberValue("-1"), NumberValue("1")),
       {"-1", "0", "0.5", "1"}},
  };
  for (const Case& c : cases) {
    const KeyRange range = PlanKeyRange(c.sort);
    std::vector<std::string> got;
    for (const std::string& n : numbers) {
      if (range.Contains(Key(NumberValue(n)))) got.push_back(n);
    }
    EXPECT_EQ(got, c.expected);
  }
}

TEST(KeyRangeTest, BeginsWithCoversThePrefixOnly) {
  const KeyRange range =
      PlanKeyRange(Sort(Op::kBeginsWith, AttributeValue::S("ab")));

  for (const char* in : {"ab", "ab\x00", "abz", "ab\xFF\xFF", "ab~"}) {
    EXPECT_TRUE(range.Contains(in)) << in;
  }
  EXPECT_TRUE(range.Contains(std::string("ab\0", 3)));
  for (const char* out : {"a", "aa\xFF", "ac", "b", "", "AB"}) {
    EXPECT_FALSE(range.Contains(out)) << out;
  }
}

TEST(KeyRangeTest, BeginsWithOnBinaryHandlesTrailingFf) {
  const KeyRange range =
      PlanKeyRange(Sort(Op::kBeginsWith, AttributeValue::B("a\xFF")));

  ASSERT_TRUE(range.upper.has_value());
  EXPECT_EQ(range.upper->key, "b");
  EXPECT_FALSE(range.upper->inclusive);
  EXPECT_TRUE(range.Contains("a\xFF"));
  EXPECT_TRUE(range.Contains("a\xFF\xFF\xFF"));
  EXPECT_FALSE(range.Contains("a\xFE\xFF"));
  EXPECT_FALSE(range.Contains("b"));

  const KeyRange all_ff =
      PlanKeyRange(Sort(Op::kBeginsWith, AttributeValue::B("\xFF\xFF")));
  EXPECT_FALSE(all_ff.upper.has_value());
  EXPECT_TRUE(all_ff.Contains("\xFF\xFF\xFF"));
  EXPECT_FALSE(all_ff.Contains("\xFF\xFE"));
}

TEST(KeyRangeTest, PrefixSuccessor) {
  struct Case {
    std::string prefix;
    std::optional<std::string> successor;
  };
  const std::vector<Case> cases = {
      {"a", "b"},
      {"ab", "ac"},
      {"a\xFF", "b"},
      {"a\xFF\xFF", "b"},
      {"\xFE", "\xFF"},
      {std::string("\0", 1), std::string("\x01", 1)},
      {"\xFF", std::nullopt},
      {"\xFF\xFF\xFF", std::nullopt},
      {"", std::nullopt},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.prefix);
    EXPECT_EQ(PrefixSuccessor(c.prefix), c.successor);
  }
}

}  // namespace
}  // namespace dynamite
