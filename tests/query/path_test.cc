#include "query/path.h"

#include <string>
#include <vector>

#include "gtest/gtest.h"

#include "query/ast.h"
#include "store/item.h"
#include "store/number.h"
#include "store/packed_item.h"
#include "store/value.h"

namespace dynamite {
namespace {

AttributeValue S(const char* text) { return AttributeValue::S(text); }
AttributeValue N(int64_t n) { return AttributeValue::N(Number::FromInt(n)); }

// {"a": {"b": [2, 4, {"y": "deep"}], "c": 5}, "s": "str", "l": ["x"],
//  "a.b": "dotted"}
Item TestItem() {
  return {
      {"a",
       AttributeValue::M(
           {{"b", AttributeValue::L(
                      {N(2), N(4), AttributeValue::M({{"y", S("deep")}})})},
            {"c", N(5)}})},
      {"s", S("str")},
      {"l", AttributeValue::L({S("x")})},
      {"a.b", S("dotted")},
  };
}

DocumentPath Path(std::vector<PathElement> elements) {
  return DocumentPath{std::move(elements)};
}

TEST(PathTest, ResolvesOrReadsAsAbsent) {
  const Item item = TestItem();
  const AttributeValue deep_map = AttributeValue::M({{"y", S("deep")}});
  struct Case {
    DocumentPath path;
    const AttributeValue* expected;  // nullptr: absent
  };
  const AttributeValue two = N(2), five = N(5), deep = S("deep"), x = S("x"),
                       dotted = S("dotted");
  const std::vector<Case> cases = {
      {Path({"a"}), &item.at("a")},
      {Path({"a", "b"}), &item.at("a").m().at("b")},
      {Path({"a", "b", ListIndex{0}}), &two},
      {Path({"a", "b", ListIndex{2}}), &deep_map},
      {Path({"a", "b", ListIndex{2}, "y"}), &deep},
      {Path({"a", "c"}), &five},
      {Path({"l", ListIndex{0}}), &x},
      {Path({"a.b"}), &dotted},  // one name that contains a dot
      {Path({"x"}), nullptr},
      {Path({"a", "x"}), nullptr},
      {Path({"a", "b", ListIndex{3}}), nullptr},
      {Path({"a", "b", ListIndex{3}, "x"}), nullptr},
      {Path({"a", "b", ListIndex{-1}}), nullptr},
      {Path({"a", ListIndex{0}}), nullptr},  // index on a map
      {Path({"a", "b", "y"}), nullptr},      // name on a list
      {Path({"s", "x"}), nullptr},           // name on a string
      {Path({"s", ListIndex{0}}), nullptr},  // index on a string
      {Path({"a", "c", "x"}), nullptr},      // name on a number
      {Path({"l", ListIndex{0}, ListIndex{0}}), nullptr},
  };
  // The same paths in the item as a table stores it (packed).
  const PackedItemRef packed = PackedItem::Pack(item, ItemSize(item));
  for (const Case& c : cases) {
    SCOPED_TRACE(DocumentPathToString(c.path));
    const AttributeValue* got = ResolvePath(item, c.path);
    const std::optional<ValueView> in_packed = ResolvePath(*packed, c.path);
    if (c.expected == nullptr) {
      EXPECT_EQ(got, nullptr);
      EXPECT_FALSE(in_packed.has_value());
    } else {
      ASSERT_NE(got, nullptr);
      EXPECT_EQ(*got, *c.expected);
      ASSERT_TRUE(in_packed.has_value());
      EXPECT_EQ(in_packed->Decode(), *c.expected);
    }
  }
}

TEST(PathTest, ReturnsPointerIntoTheItem) {
  const Item item = TestItem();

  const AttributeValue* got = ResolvePath(item, Path({"a", "c"}));

  EXPECT_EQ(got, &item.at("a").m().at("c"));
}

TEST(PathTest, EmptyItemHasNoPaths) {
  EXPECT_EQ(ResolvePath(Item(), Path({"a"})), nullptr);
  EXPECT_EQ(ResolvePath(Item(), Path({"a", ListIndex{0}})), nullptr);
}

}  // namespace
}  // namespace dynamite
