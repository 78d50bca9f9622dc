// ApplyUpdate(), CheckUpdateKeepsKey() and the UPDATED_OLD / UPDATED_NEW
// shapes (reference §7.7, §7.8, §13).

#include "query/update.h"

#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include "common/errors.h"
#include "common/status_macros.h"
#include "query/ast.h"
#include "query/bound.h"
#include "query/parser.h"
#include "query/placeholders.h"
#include "store/key.h"
#include "store/number.h"
#include "tests/query/parser_test_support.h"
#include "tests/support/status_matchers.h"

namespace dynamite {
namespace {

using ::dynamite::testing::IsError;
using ::dynamite::testing::IsOk;
using ::dynamite::testing::IsOkAndHolds;
using ::dynamite::testing::NumberValue;
using ::dynamite::testing::TestNames;
using ::dynamite::testing::TestValues;

constexpr char kMissing[] =
    "The provided expression refers to an attribute that does not exist in "
    "the item";
constexpr char kWrongType[] =
    "An operand in the update expression has an incorrect data type";
constexpr char kBadPath[] =
    "The document path provided in the update expression is invalid for "
    "update";

AttributeValue N(int64_t n) { return AttributeValue::N(Number::FromInt(n)); }
AttributeValue S(std::string s) { return AttributeValue::S(std::move(s)); }
AttributeValue L(std::vector<AttributeValue> l) {
  return AttributeValue::L(std::move(l));
}
AttributeValue M(AttributeMap m) { return AttributeValue::M(std::move(m)); }

// A compact rendering for readable comparisons: {a: [1, "x"], s: <"a">}.
std::string Text(const AttributeValue& v);

std::string Text(const Item& item) {
  return absl::StrCat("{",
                      absl::StrJoin(item, ", ",
                                    [](std::string* out, const auto& entry) {
                                      absl::StrAppend(out, entry.first, ": ",
                                                      Text(entry.second));
                                    }),
                      "}");
}

std::string Text(const AttributeValue& v) {
  const auto quoted = [](std::string* out, const std::string& s) {
    absl::StrAppend(out, "\"", s, "\"");
  };
  const auto number = [](std::string* out, const Number& n) {
    out->append(n.ToString());
  };
  switch (v.type()) {
    case ValueType::kS:
      return absl::StrCat("\"", v.s(), "\"");
    case ValueType::kN:
      return v.n().ToString();
    case ValueType::kB:
      return absl::StrCat("b\"", v.b(), "\"");
    case ValueType::kBool:
      return v.boolean() ? "true" : "false";
    case ValueType::kNull:
      return "null";
    case ValueType::kM:
      return Text(v.m());
    case ValueType::kL:
      return absl::StrCat(
          "[",
          absl::StrJoin(v.l(), ", ",
                        [](std::string* out, const AttributeValue& e) {
                          out->append(Text(e));
                        }),
          "]");
    case ValueType::kSS:
      return absl::StrCat("<", absl::StrJoin(v.ss(), ", ", quoted), ">");
    case ValueType::kNS:
      return absl::StrCat("<", absl::StrJoin(v.ns(), ", ", number), ">");
    case ValueType::kBS:
      return absl::StrCat("b<", absl::StrJoin(v.bs(), ", ", quoted), ">");
  }
  return "";
}

AttributeMap Values() {
  AttributeMap values = TestValues();
  values.emplace(":v17", N(17));
  values.emplace(":1", N(1));
  values.emplace(":2", N(2));
  values.emplace(":3", N(3));
  values.emplace(":4", N(4));
  values.emplace(":big",
                 NumberValue("9.9999999999999999999999999999999999999E+125"));
  values.emplace(":l2", L({N(8), N(9)}));
  values.emplace(":ss_c", AttributeValue::SS({"c"}));
  values.emplace(":ss_ab", AttributeValue::SS({"a", "b"}));
  values.emplace(":ns_2", AttributeValue::NS({Number::FromInt(2)}));
  return values;
}

// `text` parsed and bound to Values() (which live as long as the test).
BoundUpdate Parse(const std::string& text) {
  static const AttributeMap* const values = new AttributeMap(Values());
  const std::map<std::string, std::string> names = TestNames();
  Placeholders placeholders(&names, values);
  absl::StatusOr<UpdateExpression> update = ParseUpdate(text, placeholders);
  EXPECT_THAT(update.status(), IsOk()) << text;
  if (!update.ok()) return BoundUpdate(UpdateExpression(), {});
  return BindParsed(*std::move(update), placeholders);
}

const Item& Key() {
  static const Item* const key = new Item{{"pk", S("k")}};
  return *key;
}

// Applies `text` to `current` (nullptr: no item) and renders the new item,
// or "none" when nothing is created.
absl::StatusOr<std::string> Apply(const std::string& text,
                                  const std::optional<Item>& current) {
  const BoundUpdate update = Parse(text);
  DYNAMITE_ASSIGN_OR_RETURN(
      UpdateResult result,
      ApplyUpdate(update.tree(), update.values(),
                  current.has_value() ? &*current : nullptr, Key()));
  if (!result.item.has_value()) return std::string("none");
  return Text(*result.item);
}

struct Case {
  std::string text;
  std::optional<Item> item;
  std::string expected;  // Text() of the new item, "none", or an error
};

void ExpectResults(const std::vector<Case>& cases) {
  for (const Case& c : cases) {
    SCOPED_TRACE(c.text);
    EXPECT_THAT(Apply(c.text, c.item), IsOkAndHolds(c.expected));
  }
}

void ExpectErrors(const std::vector<Case>& cases) {
  for (const Case& c : cases) {
    SCOPED_TRACE(c.text);
    EXPECT_THAT(Apply(c.text, c.item),
                IsError(ErrorKind::kValidation, c.expected));
  }
}

Item WithKey(AttributeMap attributes) {
  attributes.emplace("pk", S("k"));
  return attributes;
}

TEST(ApplyUpdateTest, Set) {
  const Item item = WithKey({{"a", N(5)},
                             {"m", M({{"x", N(1)}})},
                             {"l", L({N(0), N(1)})},
                             {"s", S("str")}});
  ExpectResults({
      {"SET b = :n", item,
       "{a: 5, b: 1, l: [0, 1], m: {x: 1}, pk: \"k\", s: \"str\"}"},
      {"SET a = :s", item,
       "{a: \"a\", l: [0, 1], m: {x: 1}, pk: \"k\", s: \"str\"}"},
      {"SET m.y = a, m.x = :n2", item,
       "{a: 5, l: [0, 1], m: {x: 2, y: 5}, pk: \"k\", s: \"str\"}"},
      {"SET l[1] = :s", item,
       "{a: 5, l: [0, \"a\"], m: {x: 1}, pk: \"k\", s: \"str\"}"},
      {"SET l[5] = :s", item,
       "{a: 5, l: [0, 1, \"a\"], m: {x: 1}, pk: \"k\", s: \"str\"}"},
      {"SET a = a + :n10", item,
       "{a: 15, l: [0, 1], m: {x: 1}, pk: \"k\", s: \"str\"}"},
      {"SET a = :n - a", item,
       "{a: -4, l: [0, 1], m: {x: 1}, pk: \"k\", s: \"str\"}"},
      {"SET a = if_not_exists(a, :n), b = if_not_exists(b, :n2)", item,
       "{a: 5, b: 2, l: [0, 1], m: {x: 1}, pk: \"k\", s: \"str\"}"},
      {"SET b = if_not_exists(b, :n) + a", item,
       "{a: 5, b: 6, l: [0, 1], m: {x: 1}, pk: \"k\", s: \"str\"}"},
      {"SET l = list_append(l, :l2)", item,
       "{a: 5, l: [0, 1, 8, 9], m: {x: 1}, pk: \"k\", s: \"str\"}"},
      {"SET l = list_append(:l2, l)", item,
       "{a: 5, l: [8, 9, 0, 1], m: {x: 1}, pk: \"k\", s: \"str\"}"},
      {"SET n = list_append(if_not_exists(n, :l2), :l2)", item,
       "{a: 5, l: [0, 1], m: {x: 1}, n: [8, 9, 8, 9], pk: \"k\", s: "
       "\"str\"}"},
      // Right-hand sides read the item before the update.
      {"SET a = s, s = a", item,
       "{a: \"str\", l: [0, 1], m: {x: 1}, pk: \"k\", s: 5}"},
      {"REMOVE a SET b = a", item,
       "{b: 5, l: [0, 1], m: {x: 1}, pk: \"k\", s: \"str\"}"},
      {"SET #dot = :n", item,
       "{a: 5, a.b: 1, l: [0, 1], m: {x: 1}, pk: \"k\", s: \"str\"}"},
  });
}

TEST(ApplyUpdateTest, SetErrors) {
  const Item item = WithKey({{"a", N(5)}, {"m", M({})}, {"s", S("x")}});
  ExpectErrors({
      {"SET b = c", item, kMissing},
      {"SET x = :n, y = x", item, kMissing},
      {"SET b = b + :n", item, kMissing},
      {"SET b = list_append(b, :l)", item, kMissing},
      {"SET b = c", std::nullopt, kMissing},
      {"SET a = s + :n", item, kWrongType},
      {"SET a = :n - s", item, kWrongType},
      {"SET a = list_append(a, :l)", item, kWrongType},
      {"SET a = a + :big, b = :big + :big", item,
       "Number overflow. Attempting to store a number with magnitude larger "
       "than supported range"},
      {"SET x.y = :n", item, kBadPath},
      {"SET a.y = :n", item, kBadPath},
      {"SET m.x.y = :n", item, kBadPath},
      {"SET a[0] = :n", item, kBadPath},
      {"SET m[0] = :n", item, kBadPath},
      {"SET a.b = :n", std::nullopt, kBadPath},
  });
}

TEST(ApplyUpdateTest, ListIndexesReferToPositionsBeforeTheUpdate) {
  const Item six = WithKey({{"a", L({N(2), N(3), N(4), N(5), N(6), N(7)})}});
  const Item four = WithKey({{"a", L({N(10), N(11), N(12), N(13)})}});
  ExpectResults({
      // §13
      {"REMOVE a[1] SET a[3] = :v17", six, "{a: [2, 4, 17, 6, 7], pk: \"k\"}"},
      {"SET a[84] = :1, a[37] = :2, a[17] = :3, a[50] = :4", four,
       "{a: [10, 11, 12, 13, 3, 2, 4, 1], pk: \"k\"}"},
      {"REMOVE a[0], a[2], a[5]", six, "{a: [3, 5, 6], pk: \"k\"}"},
      {"REMOVE a[5], a[0]", six, "{a: [3, 4, 5, 6], pk: \"k\"}"},
      {"REMOVE a[4] SET a[9] = :1", four,
       "{a: [10, 11, 12, 13, 1], pk: \"k\"}"},
  });
}

TEST(ApplyUpdateTest, Remove) {
  const Item item =
      WithKey({{"a", M({{"x", N(1)}, {"y", L({N(1), M({{"z", N(2)}})})}})},
               {"b", L({N(0)})},
               {"n", N(3)}});
  ExpectResults({
      {"REMOVE n", item, "{a: {x: 1, y: [1, {z: 2}]}, b: [0], pk: \"k\"}"},
      {"REMOVE q9", item,
       "{a: {x: 1, y: [1, {z: 2}]}, b: [0], n: 3, pk: \"k\"}"},
      {"REMOVE a.q, b[7]", item,
       "{a: {x: 1, y: [1, {z: 2}]}, b: [0], n: 3, pk: \"k\"}"},
      {"REMOVE a.x, a.y[1].z", item,
       "{a: {y: [1, {}]}, b: [0], n: 3, pk: \"k\"}"},
      {"REMOVE b[0]", item,
       "{a: {x: 1, y: [1, {z: 2}]}, b: [], n: 3, pk: \"k\"}"},
      // Nothing is created for REMOVE or DELETE alone.
      {"REMOVE x.y", std::nullopt, "none"},
      {"REMOVE a, b[1]", std::nullopt, "none"},
      {"DELETE s :ss", std::nullopt, "none"},
      {"REMOVE a DELETE s :ss", std::nullopt, "none"},
      // ...but SET or ADD create the item from the key.
      {"SET a = :n REMOVE x.y", std::nullopt, "{a: 1, pk: \"k\"}"},
      {"ADD n :n", std::nullopt, "{n: 1, pk: \"k\"}"},
  });
  ExpectErrors({
      {"REMOVE q.c", item, kBadPath},
      {"REMOVE n.c", item, kBadPath},
      {"REMOVE a[0]", item, kBadPath},
      {"REMOVE b.c", item, kBadPath},
      {"REMOVE a.q.r", item, kBadPath},
  });
}

TEST(ApplyUpdateTest, Add) {
  const Item item = WithKey({{"n", N(5)},
                             {"s", S("x")},
                             {"ss", AttributeValue::SS({"a", "c"})},
                             {"ns", AttributeValue::NS({Number::FromInt(1)})},
                             {"m", M({{"k", N(1)}})}});
  const std::string rest_ns = "m: {k: 1}, n: 5, ns: <1>, pk: \"k\"";
  ExpectResults({
      {"ADD n :n10", item,
       "{m: {k: 1}, n: 15, ns: <1>, pk: \"k\", s: \"x\", ss: <\"a\", "
       "\"c\">}"},
      {"ADD q :n", item,
       "{m: {k: 1}, n: 5, ns: <1>, pk: \"k\", q: 1, s: \"x\", ss: <\"a\", "
       "\"c\">}"},
      // A union comes out in order (one merge of the two sorted sets).
      {"ADD ss :ss_ab", item,
       "{m: {k: 1}, n: 5, ns: <1>, pk: \"k\", s: \"x\", ss: <\"a\", \"b\", "
       "\"c\">}"},
      {"ADD ns :ns_2", item,
       "{m: {k: 1}, n: 5, ns: <1, 2>, pk: \"k\", s: \"x\", ss: <\"a\", "
       "\"c\">}"},
      {"ADD m.k :n, m.j :bs", item,
       "{m: {j: b<\"x\">, k: 2}, n: 5, ns: <1>, pk: \"k\", s: \"x\", ss: "
       "<\"a\", \"c\">}"},
      {"ADD t :ss", std::nullopt, "{pk: \"k\", t: <\"a\", \"b\">}"},
  });
  ExpectErrors({
      {"ADD s :n", item, kWrongType},
      {"ADD n :ss", item, kWrongType},
      {"ADD ss :ns", item, kWrongType},
      {"ADD q.r :n", item, kBadPath},
  });
}

TEST(ApplyUpdateTest, AddOverflowPropagates) {
  const Item item = WithKey(
      {{"n", NumberValue("9.9999999999999999999999999999999999999E+125")}});
  EXPECT_THAT(Apply("ADD n :big", item),
              IsError(ErrorKind::kValidation,
                      "Number overflow. Attempting to store a number with "
                      "magnitude larger than supported range"));
}

TEST(ApplyUpdateTest, Delete) {
  const Item item = WithKey({{"ss", AttributeValue::SS({"a", "b", "c"})},
                             {"ns", AttributeValue::NS({Number::FromInt(2)})},
                             {"s", S("x")}});
  ExpectResults({
      {"DELETE ss :ss", item, "{ns: <2>, pk: \"k\", s: \"x\", ss: <\"c\">}"},
      {"DELETE ss :ss_c", item,
       "{ns: <2>, pk: \"k\", s: \"x\", ss: <\"a\", \"b\">}"},
      {"DELETE ns :ns_2", item,
       "{pk: \"k\", s: \"x\", ss: <\"a\", \"b\", \"c\">}"},
      {"DELETE ns :ns", item,
       "{ns: <2>, pk: \"k\", s: \"x\", ss: <\"a\", \"b\", \"c\">}"},
      {"DELETE q9 :ss", item,
       "{ns: <2>, pk: \"k\", s: \"x\", ss: <\"a\", \"b\", \"c\">}"},
  });
  ExpectErrors({
      {"DELETE s :ss", item, kWrongType},
      {"DELETE ss :ns", item, kWrongType},
  });
}

TEST(ApplyUpdateTest, KeyAttributesCannotBeUpdated) {
  KeySchema schema;
  schema.partition_key = KeyAttribute{"pk", KeyType::kS};
  schema.sort_key = KeyAttribute{"sk", KeyType::kN};
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"SET pk = :s", "pk"},
      {"REMOVE a, sk", "sk"},
      {"ADD sk :n", "sk"},
      {"DELETE pk.x :ss", "pk"},
      {"SET a = pk REMOVE sk", "sk"},
  };
  for (const auto& [text, attribute] : cases) {
    SCOPED_TRACE(text);
    EXPECT_THAT(CheckUpdateKeepsKey(Parse(text).tree(), schema),
                IsError(ErrorKind::kValidation,
                        absl::StrCat("One or more parameter values were "
                                     "invalid: Cannot update attribute ",
                                     attribute,
                                     ". This attribute is part of the key")));
  }
  EXPECT_THAT(CheckUpdateKeepsKey(Parse("SET a = pk, b = sk").tree(), schema),
              IsOk());
}

struct ReturnCase {
  std::string text;
  std::optional<Item> item;
  std::string updated_old;
  std::string updated_new;
};

TEST(ApplyUpdateTest, UpdatedOldAndNew) {
  const Item item = WithKey(
      {{"a", M({{"b", N(1)}, {"c", L({N(0), N(1), N(2)})}})}, {"x", N(7)}});
  const std::vector<ReturnCase> cases = {
      {"SET a.b = :n2", item, "{a: {b: 1}}", "{a: {b: 2}}"},
      {"SET y = :n", item, "{}", "{y: 1}"},
      {"SET x = x", item, "{x: 7}", "{x: 7}"},
      {"REMOVE x", item, "{x: 7}", "{}"},
      {"REMOVE a.c[1]", item, "{a: {c: [1]}}", "{a: {c: [2]}}"},
      {"SET a.c[100] = :n", item, "{}", "{}"},
      {"SET a.c[0] = :n, x = :n2", item, "{a: {c: [0]}, x: 7}",
       "{a: {c: [1]}, x: 2}"},
      {"ADD n :n", std::nullopt, "{}", "{n: 1}"},
      {"REMOVE n", std::nullopt, "{}", "{}"},
  };
  for (const ReturnCase& c : cases) {
    SCOPED_TRACE(c.text);
    const Item* current = c.item.has_value() ? &*c.item : nullptr;
    const BoundUpdate update = Parse(c.text);
    absl::StatusOr<UpdateResult> result =
        ApplyUpdate(update.tree(), update.values(), current, Key());
    ASSERT_THAT(result.status(), IsOk());
    const Item* updated = result->item.has_value() ? &*result->item : nullptr;
    EXPECT_EQ(Text(UpdatedAttributes(update.tree(), current)), c.updated_old);
    EXPECT_EQ(Text(UpdatedAttributes(update.tree(), updated)), c.updated_new);
  }
}

}  // namespace
}  // namespace dynamite
