#include "query/evaluate.h"

#include <map>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include "query/ast.h"
#include "query/bound.h"
#include "query/parser.h"
#include "query/placeholders.h"
#include "store/item.h"
#include "store/number.h"
#include "store/packed_item.h"
#include "store/value.h"
#include "tests/support/status_matchers.h"

namespace dynamite {
namespace {

using ::dynamite::testing::IsOk;

AttributeValue N(const char* text) {
  return AttributeValue::N(*Number::Parse(text));
}
AttributeValue S(const char* text) { return AttributeValue::S(text); }

// One attribute of every type, with look-alikes for the equality rules.
Item TestItem() {
  return {
      {"s", S("abc")},
      {"s2", S("abd")},
      {"es", S("")},
      {"inv", S("\xC2\xBF")},  // "¿", bytes C2 BF: after "z" in byte order
      {"z", S("z")},
      {"e", S("\xC3\xA9\xF0\x9D\x84\x9E")},  // "é𝄞": 3 UTF-16 code units
      {"n", N("5")},
      {"n2", N("5.00")},
      {"neg", N("-1")},
      {"b7", AttributeValue::B("\x7F")},
      {"b8", AttributeValue::B("\x80")},
      {"bin", AttributeValue::B("hello")},
      {"t", AttributeValue::Bool(true)},
      {"nul", AttributeValue::Null()},
      {"ss", AttributeValue::SS({"a", "b"})},
      {"ss2", AttributeValue::SS({"b", "a"})},
      {"ns", AttributeValue::NS({*Number::Parse("1"), *Number::Parse("2.5")})},
      {"ns2",
       AttributeValue::NS({*Number::Parse("2.50"), *Number::Parse("1.0")})},
      {"bs", AttributeValue::BS({"x", "y"})},
      {"l",
       AttributeValue::L({S("a"), N("1"), AttributeValue::M({{"k", S("v")}})})},
      {"l2", AttributeValue::L(
                 {S("a"), N("1.0"), AttributeValue::M({{"k", S("v")}})})},
      {"lr",
       AttributeValue::L({N("1"), S("a"), AttributeValue::M({{"k", S("v")}})})},
      {"m", AttributeValue::M(
                {{"k", S("v")},
                 {"in1",
                  AttributeValue::M({{"st", AttributeValue::SS({"x", "y"})}})},
                 {"lst", AttributeValue::L({N("10"), S("deep")})}})},
      {"m2", AttributeValue::M(
                 {{"in1",
                   AttributeValue::M({{"st", AttributeValue::SS({"y", "x"})}})},
                  {"lst", AttributeValue::L({N("1E1"), S("deep")})},
                  {"k", S("v")}})},
      {"emptyl", AttributeValue::L({})},
      {"emptym", AttributeValue::M({})},
  };
}

AttributeMap TestValues() {
  AttributeMap values = {
      {":abc", S("abc")},
      {":ab", S("ab")},
      {":bc", S("bc")},
      {":c", S("c")},
      {":a", S("a")},
      {":v", S("v")},
      {":x", S("x")},
      {":z", S("z")},
      {":deep", S("deep")},
      {":empty", S("")},
      {":n0", N("0")},
      {":n1", N("1")},
      {":n2", N("2")},
      {":n3", N("3")},
      {":n5", N("5")},
      {":n5e0", N("5E0")},
      {":n6", N("6")},
      {":n10", N("10")},
      {":n25", N("2.5")},
      {":b7", AttributeValue::B("\x7F")},
      {":b8", AttributeValue::B("\x80")},
      {":bhe", AttributeValue::B("he")},
      {":bll", AttributeValue::B("ll")},
      {":bx", AttributeValue::B("x")},
      {":bq", AttributeValue::B("q")},
      {":true", AttributeValue::Bool(true)},
      {":false", AttributeValue::Bool(false)},
      {":null", AttributeValue::Null()},
      {":mkv", AttributeValue::M({{"k", S("v")}})},
      {":lab",
       AttributeValue::L({S("a"), N("1"), AttributeValue::M({{"k", S("v")}})})},
      {":ssba", AttributeValue::SS({"b", "a"})},
      {":ss_a", AttributeValue::SS({"a"})},
      {":ns", AttributeValue::NS({*Number::Parse("2.5"), *Number::Parse("1")})},
      {":set", AttributeValue::SS({"y", "x"})},
  };
  for (const char* type :
       {"S", "SS", "N", "NS", "B", "BS", "BOOL", "NULL", "L", "M"}) {
    values[std::string(":t") + type] = S(type);
  }
  return values;
}

struct Case {
  const char* expression;
  bool expected;
};

// Each case is evaluated on the item as built and as a table stores it
// (packed, read in place): the two must agree.
void RunCases(const std::vector<Case>& cases) {
  const Item item = TestItem();
  const PackedItemRef packed = PackedItem::Pack(item, ItemSize(item));
  const AttributeMap values = TestValues();
  const std::map<std::string, std::string> names = {{"#dot", "a.b"}};
  for (const Case& c : cases) {
    SCOPED_TRACE(c.expression);
    Placeholders placeholders(&names, &values);
    absl::StatusOr<Condition> condition = ParseCondition(
        c.expression, ExpressionKind::kConditionExpression, placeholders);
    ASSERT_THAT(condition, IsOk());
    const BoundCondition bound =
        BindParsed(*std::move(condition), placeholders);
    EXPECT_EQ(EvaluateCondition(bound.tree(), bound.values(), item),
              c.expected);
    EXPECT_EQ(EvaluateCondition(bound.tree(), bound.values(), *packed),
              c.expected)
        << "packed";
  }
}

TEST(EvaluateTest, MissingAttributesFailEveryComparisonButNotEqual) {
  RunCases({
      {"x = :n1", false},
      {"x <> :n1", true},
      {":n1 <> x", true},
      {"x < :n1", false},
      {"x <= :n1", false},
      {"x > :n1", false},
      {"x >= :n1", false},
      {"x = y", false},
      {"x <> y", true},
      {"x < y", false},
      {"x BETWEEN :n1 AND :n2", false},
      {"n BETWEEN x AND :n10", false},
      {"x IN (:n1, :n2)", false},
      {"n IN (x, y)", false},
      {"m.nope = :v", false},
      {"m.nope <> :v", true},
      {"l[7] = :a", false},
      {"s.k = :a", false},
      {"s[0] = :a", false},
      {"m[0] <> :a", true},
  });
}

TEST(EvaluateTest, DifferentTypesAreUnequalAndUnordered) {
  RunCases({
      {"n = :abc", false},
      {"n <> :abc", true},
      {"n < :abc", false},
      {"n >= :abc", false},
      {"s > :n1", false},
      {"b7 = :abc", false},
      {"t = :n1", false},
      {"nul <> :n0", true},
      {"ss = :ns", false},
      {"s BETWEEN :n1 AND :n10", false},
      {"s < n", false},
      {"s <> n", true},
  });
}

TEST(EvaluateTest, EqualityIsDeepAndSetsAreUnordered) {
  RunCases({
      {"s = :abc", true},
      {"s <> :abc", false},
      {"n = :n5", true},
      {"n = n2", true},
      {"n = :n5e0", true},
      {"n = :n6", false},
      {"t = :true", true},
      {"t = :false", false},
      {"nul = :null", true},
      {"b7 = :b7", true},
      {"b7 = b8", false},
      {"ss = :ssba", true},
      {"ss = ss2", true},
      {"ss = :ss_a", false},
      {"ns = :ns", true},
      {"ns = ns2", true},
      {"l = :lab", true},
      {"l = l2", true},
      {"l = lr", false},
      {"m.k = :v", true},
      {"m.in1 = m2.in1", true},
      {"m = m2", true},
      {"m.in1.#dot = :set", false},
      {"m.in1.st = :set", true},
      {"m.lst[0] = :n10", true},
      {"m.lst[1] = :deep", true},
      {"l[2] = :mkv", true},
      {"l[2].k = :v", true},
  });
}

// S orders by unsigned UTF-8 bytes ("¿" is C2 BF, after "z" = 7A), N
// numerically (5 < 10), B by unsigned bytes (0x80 > 0x7F).
TEST(EvaluateTest, OrderingCoversStringsNumbersAndBinaryOnly) {
  RunCases({
      {"s < s2", true},     {"s2 > s", true},     {"s <= :abc", true},
      {"s >= :abc", true},  {"s < :abc", false},  {"es < :a", true},
      {"inv > :z", true},   {"z < inv", true},    {"n > :n3", true},
      {"n < :n10", true},   {"neg < :n0", true},  {"n <= n2", true},
      {"n < n2", false},    {"b8 > b7", true},    {"b7 < :b8", true},
      {"b8 >= :b8", true},  {"t > :n0", false},   {"t <= neg", false},
      {"nul < :n1", false}, {"ss > :n0", false},  {"l < :n0", false},
      {"m >= :n0", false},  {"l[1] < :n2", true}, {"m.lst[0] > :n5", true},
  });
}

TEST(EvaluateTest, BetweenIsInclusiveAndTyped) {
  RunCases({
      {"n BETWEEN :n1 AND :n10", true},
      {"n BETWEEN :n5 AND :n5", true},
      {"n BETWEEN :n6 AND :n10", false},
      {"n BETWEEN :n1 AND :n3", false},
      {"s BETWEEN :ab AND :bc", true},
      {"s BETWEEN :abc AND :c", true},
      {"inv BETWEEN :a AND :z", false},
      {"b8 BETWEEN :b7 AND :b8", true},
      {"b7 BETWEEN :b8 AND :b8", false},
      {"n BETWEEN s AND :n10", false},
      {"t BETWEEN :n1 AND :n10", false},
      {"l[1] BETWEEN :n0 AND :n2", true},
      {"n BETWEEN n2 AND :n10", true},
      {"n BETWEEN :n1 AND s", false},
  });
}

TEST(EvaluateTest, InMatchesAnyCandidateByEquality) {
  RunCases({
      {"n IN (:n1, :n5)", true},
      {"n IN (:n1, :n2)", false},
      {"n IN (:abc, :n5e0)", true},
      {"s IN (:abc)", true},
      {"s IN (n, s2)", false},
      {"ss IN (:ss_a, :ssba)", true},
      {"m.k IN (:a, :v)", true},
      {"t IN (:false, :null)", false},
      {"nul IN (:null)", true},
  });
}

TEST(EvaluateTest, LogicalOperatorsCombine) {
  RunCases({
      {"n = :n5 AND s = :abc", true},
      {"n = :n5 AND s = :a", false},
      {"n = :n1 OR s = :abc", true},
      {"n = :n1 OR s = :a", false},
      {"NOT n = :n1", true},
      {"NOT NOT n = :n1", false},
      {"NOT x = :n1", true},
      {"NOT x <> :n1", false},
      {"n = :n1 OR n = :n5 AND s = :abc", true},
      {"(n = :n1 OR n = :n5) AND s = :a", false},
      {"attribute_not_exists(x) OR x = :n1", true},
      {"attribute_exists(x) AND x = :n1", false},
  });
}

TEST(EvaluateTest, AttributeExistenceFunctions) {
  RunCases({
      {"attribute_exists(s)", true},
      {"attribute_exists(nul)", true},
      {"attribute_exists(x)", false},
      {"attribute_exists(m.k)", true},
      {"attribute_exists(m.in1.st)", true},
      {"attribute_exists(m.nope)", false},
      {"attribute_exists(l[2].k)", true},
      {"attribute_exists(l[3])", false},
      {"attribute_exists(s.k)", false},
      {"attribute_exists(#dot)", false},
      {"attribute_not_exists(x)", true},
      {"attribute_not_exists(s)", false},
      {"attribute_not_exists(l[3])", true},
      {"attribute_not_exists(m.k)", false},
  });
}

TEST(EvaluateTest, AttributeTypeNamesEveryType) {
  RunCases({
      {"attribute_type(s, :tS)", true},
      {"attribute_type(ss, :tSS)", true},
      {"attribute_type(n, :tN)", true},
      {"attribute_type(ns, :tNS)", true},
      {"attribute_type(b7, :tB)", true},
      {"attribute_type(bs, :tBS)", true},
      {"attribute_type(t, :tBOOL)", true},
      {"attribute_type(nul, :tNULL)", true},
      {"attribute_type(l, :tL)", true},
      {"attribute_type(m, :tM)", true},
      {"attribute_type(m.lst, :tL)", true},
      {"attribute_type(s, :tSS)", false},
      {"attribute_type(n, :tS)", false},
      {"attribute_type(ss, :tS)", false},
      {"attribute_type(x, :tS)", false},
      {"attribute_type(x, :tNULL)", false},
      {"attribute_type(:abc, :tS)", true},
  });
}

TEST(EvaluateTest, BeginsWithTakesStringsAndBinary) {
  RunCases({
      {"begins_with(s, :ab)", true},
      {"begins_with(s, :abc)", true},
      {"begins_with(s, :bc)", false},
      {"begins_with(s, :empty)", true},
      {"begins_with(bin, :bhe)", true},
      {"begins_with(bin, :bll)", false},
      {"begins_with(s, s2)", false},
      {"begins_with(n, :ab)", false},
      {"begins_with(ss, :a)", false},
      {"begins_with(l, :a)", false},
      {"begins_with(s, bin)", false},
      {"begins_with(x, :ab)", false},
      {"begins_with(:abc, s)", true},
      {"begins_with(m.lst[1], :deep)", true},
  });
}

TEST(EvaluateTest, ContainsTakesSubstringsMembersAndElements) {
  RunCases({
      {"contains(s, :bc)", true},    {"contains(s, :abc)", true},
      {"contains(s, :c)", true},     {"contains(s, :x)", false},
      {"contains(bin, :bll)", true}, {"contains(bin, :bq)", false},
      {"contains(ss, :a)", true},    {"contains(ss, :c)", false},
      {"contains(ns, :n25)", true},  {"contains(ns, :n1)", true},
      {"contains(ns, :n2)", false},  {"contains(bs, :bx)", true},
      {"contains(bs, :b7)", false},  {"contains(l, :a)", true},
      {"contains(l, :n1)", true},    {"contains(l, :mkv)", true},
      {"contains(l, :v)", false},    {"contains(m, :v)", false},
      {"contains(m, :mkv)", false},  {"contains(m.lst, :deep)", true},
      {"contains(ss, :n1)", false},  {"contains(n, :n5)", false},
      {"contains(s, bin)", false},   {"contains(x, :a)", false},
      {"contains(ss, x)", false},
  });
}

TEST(EvaluateTest, SizeMeasuresEachType) {
  RunCases({
      {"size(s) = :n3", true},
      {"size(e) = :n3", true},  // UTF-16 code units, not bytes
      {"size(es) = :n0", true},
      {"size(inv) = :n1", true},
      {"size(bin) = :n5", true},
      {"size(ss) = :n2", true},
      {"size(ns) = :n2", true},
      {"size(bs) = :n2", true},
      {"size(l) = :n3", true},
      {"size(m) = :n3", true},
      {"size(emptyl) = :n0", true},
      {"size(emptym) = :n0", true},
      {"size(m.lst) = :n2", true},
      {"size(:abc) = :n3", true},
      {"size(s) < :n5", true},
      {"size(s) > :n5", false},
      {"size(s) <> :n1", true},
      {"size(s) = n2", false},
      {"size(bin) = n", true},
      {"size(s) BETWEEN :n1 AND :n3", true},
      {"size(s) IN (:n1, :n3)", true},
      {"size(s) = :abc", false},
      {"size(s) <> :abc", true},
  });
}

TEST(EvaluateTest, SizeOfWhatHasNoSizeFailsTheComparison) {
  RunCases({
      {"size(n) = :n1", false},
      {"size(n) <> :n1", false},
      {"size(t) = :n1", false},
      {"size(t) >= :n0", false},
      {"size(nul) = :n1", false},
      {"size(nul) <> :n1", false},
      {"size(x) = :n0", false},
      {"size(x) <> :n0", false},
      {"size(n) BETWEEN :n0 AND :n10", false},
      {"size(n) IN (:n0, :n1)", false},
      {"NOT size(n) = :n1", true},
  });
}

}  // namespace
}  // namespace dynamite
