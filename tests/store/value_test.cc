#include "store/value.h"

#include <string>
#include <utility>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include "common/errors.h"
#include "store/number.h"
#include "tests/support/status_matchers.h"

namespace dynamite {
namespace {

using ::dynamite::testing::IsError;
using ::dynamite::testing::IsOk;

constexpr char kTooDeep[] =
    "Nesting Levels have exceeded supported limits: Attributes in the item "
    "have nested levels beyond supported limit";

Number Num(const std::string& text) { return *Number::Parse(text); }

AttributeValue NumValue(const std::string& text) {
  return AttributeValue::N(Num(text));
}

// `containers` nested maps (or lists) around a string; 0 gives the string.
// Each level is moved in, so deep values are built in linear time.
AttributeValue Nested(int containers, ValueType container) {
  AttributeValue value = AttributeValue::S("leaf");
  for (int i = 0; i < containers; ++i) {
    if (container == ValueType::kM) {
      AttributeMap m;
      m.emplace("x", std::move(value));
      value = AttributeValue::M(std::move(m));
    } else {
      std::vector<AttributeValue> l;
      l.push_back(std::move(value));
      value = AttributeValue::L(std::move(l));
    }
  }
  return value;
}

TEST(ValueTest, FactoriesSetTypeAndValue) {
  EXPECT_EQ(AttributeValue::S("a").type(), ValueType::kS);
  EXPECT_EQ(AttributeValue::S("a").s(), "a");
  EXPECT_EQ(NumValue("1.5").type(), ValueType::kN);
  EXPECT_EQ(NumValue("1.5").n(), Num("1.5"));
  EXPECT_EQ(AttributeValue::B(std::string("\0\xff", 2)).b(),
            std::string("\0\xff", 2));
  EXPECT_EQ(AttributeValue::B("x").type(), ValueType::kB);
  EXPECT_TRUE(AttributeValue::Bool(true).boolean());
  EXPECT_EQ(AttributeValue::Bool(false).type(), ValueType::kBool);
  EXPECT_EQ(AttributeValue::Null().type(), ValueType::kNull);
  EXPECT_EQ(AttributeValue().type(), ValueType::kNull);
  EXPECT_EQ(AttributeValue::M({{"k", AttributeValue::S("v")}}).m().size(), 1u);
  EXPECT_EQ(AttributeValue::L({AttributeValue::Null()}).l().size(), 1u);
  EXPECT_EQ(AttributeValue::SS({"a", "b"}).ss().size(), 2u);
  EXPECT_EQ(AttributeValue::NS({Num("1")}).type(), ValueType::kNS);
  EXPECT_EQ(AttributeValue::BS({"x"}).type(), ValueType::kBS);
}

TEST(ValueTest, MutableAccessorsEditInPlace) {
  AttributeValue m = AttributeValue::M({});
  m.mutable_m()["k"] = AttributeValue::Bool(true);
  EXPECT_EQ(m, AttributeValue::M({{"k", AttributeValue::Bool(true)}}));
  AttributeValue l = AttributeValue::L({});
  l.mutable_l().push_back(AttributeValue::Null());
  EXPECT_EQ(l.l().size(), 1u);
}

TEST(ValueTest, NamesEveryType) {
  const std::vector<std::pair<ValueType, std::string>> names = {
      {ValueType::kS, "S"},       {ValueType::kN, "N"},
      {ValueType::kB, "B"},       {ValueType::kBool, "BOOL"},
      {ValueType::kNull, "NULL"}, {ValueType::kM, "M"},
      {ValueType::kL, "L"},       {ValueType::kSS, "SS"},
      {ValueType::kNS, "NS"},     {ValueType::kBS, "BS"},
  };
  for (const auto& [type, name] : names) EXPECT_EQ(ValueTypeName(type), name);
}

TEST(ValueTest, EqualityRequiresTheSameType) {
  EXPECT_NE(AttributeValue::S("a"), AttributeValue::B("a"));
  EXPECT_NE(AttributeValue::S("1"), NumValue("1"));
  EXPECT_NE(AttributeValue::SS({"a"}), AttributeValue::BS({"a"}));
  EXPECT_NE(AttributeValue::L({}), AttributeValue::M({}));
  EXPECT_NE(AttributeValue::Bool(false), AttributeValue::Null());
}

TEST(ValueTest, ScalarsCompareByValue) {
  EXPECT_EQ(AttributeValue::S("a"), AttributeValue::S("a"));
  EXPECT_NE(AttributeValue::S("a"), AttributeValue::S("A"));
  EXPECT_EQ(NumValue("1"), NumValue("1.0"));
  EXPECT_EQ(NumValue("1e3"), NumValue("1000"));
  EXPECT_NE(NumValue("1"), NumValue("-1"));
  EXPECT_EQ(AttributeValue::Bool(true), AttributeValue::Bool(true));
  EXPECT_NE(AttributeValue::Bool(true), AttributeValue::Bool(false));
  EXPECT_EQ(AttributeValue::Null(), AttributeValue::Null());
}

TEST(ValueTest, SetsCompareUnordered) {
  EXPECT_EQ(AttributeValue::SS({"a", "b"}), AttributeValue::SS({"b", "a"}));
  EXPECT_NE(AttributeValue::SS({"a", "b"}), AttributeValue::SS({"a"}));
  EXPECT_EQ(AttributeValue::BS({"x", "y"}), AttributeValue::BS({"y", "x"}));
  EXPECT_NE(AttributeValue::BS({"x"}), AttributeValue::BS({"y"}));
  EXPECT_EQ(AttributeValue::NS({Num("1"), Num("2.5")}),
            AttributeValue::NS({Num("2.50"), Num("1.0")}));
  EXPECT_NE(AttributeValue::NS({Num("1")}), AttributeValue::NS({Num("2")}));
}

TEST(ValueTest, ListsAndMapsCompareDeeply) {
  EXPECT_EQ(AttributeValue::L({NumValue("1"), AttributeValue::S("x")}),
            AttributeValue::L({NumValue("1.0"), AttributeValue::S("x")}));
  EXPECT_NE(AttributeValue::L({NumValue("1"), AttributeValue::S("x")}),
            AttributeValue::L({AttributeValue::S("x"), NumValue("1")}));
  EXPECT_EQ(AttributeValue::M({{"s", AttributeValue::SS({"a", "b"})}}),
            AttributeValue::M({{"s", AttributeValue::SS({"b", "a"})}}));
  EXPECT_NE(AttributeValue::M({{"a", AttributeValue::Null()}}),
            AttributeValue::M({{"b", AttributeValue::Null()}}));
}

TEST(ValueTest, AcceptsValidValues) {
  EXPECT_THAT(ValidateAttributeValue(AttributeValue::S("")), IsOk());
  EXPECT_THAT(ValidateAttributeValue(AttributeValue::B("")), IsOk());
  EXPECT_THAT(ValidateAttributeValue(AttributeValue::L({})), IsOk());
  EXPECT_THAT(ValidateAttributeValue(AttributeValue::M({})), IsOk());
  EXPECT_THAT(ValidateAttributeValue(AttributeValue::SS({"", "a"})), IsOk());
  EXPECT_THAT(ValidateAttributeValue(AttributeValue::BS({"", "a"})), IsOk());
  EXPECT_THAT(ValidateAttributeValue(AttributeValue::NS({Num("1"), Num("2")})),
              IsOk());
}

TEST(ValueTest, RejectsEmptySets) {
  EXPECT_THAT(ValidateAttributeValue(AttributeValue::SS({})),
              IsError(ErrorKind::kValidation,
                      "One or more parameter values were invalid: An string "
                      "set  may not be empty"));
  EXPECT_THAT(ValidateAttributeValue(AttributeValue::NS({})),
              IsError(ErrorKind::kValidation,
                      "One or more parameter values were invalid: An number "
                      "set  may not be empty"));
  EXPECT_THAT(ValidateAttributeValue(AttributeValue::BS({})),
              IsError(ErrorKind::kValidation,
                      "One or more parameter values were invalid: Binary sets "
                      "should not be empty"));
}

TEST(ValueTest, RejectsDuplicateStringSetMembersListingTheCollection) {
  EXPECT_THAT(ValidateAttributeValue(AttributeValue::SS({"a", "a"})),
              IsError(ErrorKind::kValidation,
                      "One or more parameter values were invalid: Input "
                      "collection [a, a] contains duplicates."));
  EXPECT_THAT(ValidateAttributeValue(AttributeValue::SS({"b", "a", "c", "a"})),
              IsError(ErrorKind::kValidation,
                      "One or more parameter values were invalid: Input "
                      "collection [b, a, c, a] contains duplicates."));
  EXPECT_THAT(ValidateAttributeValue(AttributeValue::SS({"", ""})),
              IsError(ErrorKind::kValidation,
                      "One or more parameter values were invalid: Input "
                      "collection [, ] contains duplicates."));
}

TEST(ValueTest, RejectsDuplicateBinarySetMembersListingThemInBase64) {
  EXPECT_THAT(ValidateAttributeValue(AttributeValue::BS({"b", "b"})),
              IsError(ErrorKind::kValidation,
                      "One or more parameter values were invalid: Input "
                      "collection [Yg==, Yg==]of type BS contains "
                      "duplicates."));
  EXPECT_THAT(
      ValidateAttributeValue(AttributeValue::BS(
          {std::string("\xff\x00", 2), "abc", std::string("\xff\x00", 2)})),
      IsError(ErrorKind::kValidation,
              "One or more parameter values were invalid: Input collection "
              "[/wA=, YWJj, /wA=]of type BS contains duplicates."));
}

TEST(ValueTest, RejectsNumericallyDuplicateNumberSetMembers) {
  EXPECT_THAT(
      ValidateAttributeValue(AttributeValue::NS({Num("1"), Num("1")})),
      IsError(ErrorKind::kValidation, "Input collection contains duplicates"));
  EXPECT_THAT(
      ValidateAttributeValue(
          AttributeValue::NS({Num("1"), Num("2"), Num("1.0"), Num("10E-1")})),
      IsError(ErrorKind::kValidation, "Input collection contains duplicates"));
  EXPECT_THAT(
      ValidateAttributeValue(AttributeValue::NS({Num("0"), Num("-0")})),
      IsError(ErrorKind::kValidation, "Input collection contains duplicates"));
}

TEST(ValueTest, ValidatesSetsInsideListsAndMaps) {
  const AttributeValue nested =
      AttributeValue::M({{"ok", AttributeValue::SS({"x"})},
                         {"z", AttributeValue::L({AttributeValue::NS({})})}});
  EXPECT_THAT(ValidateAttributeValue(nested),
              IsError(ErrorKind::kValidation,
                      "One or more parameter values were invalid: An number "
                      "set  may not be empty"));
}

TEST(ValueTest, AcceptsThirtyOneNestedContainers) {
  EXPECT_THAT(ValidateAttributeValue(Nested(31, ValueType::kM)), IsOk());
  EXPECT_THAT(ValidateAttributeValue(Nested(31, ValueType::kL)), IsOk());
  // Mixed: 30 lists inside one map.
  EXPECT_THAT(ValidateAttributeValue(
                  AttributeValue::M({{"a", Nested(30, ValueType::kL)}})),
              IsOk());
}

TEST(ValueTest, RejectsThirtyTwoNestedContainers) {
  EXPECT_THAT(ValidateAttributeValue(Nested(32, ValueType::kM)),
              IsError(ErrorKind::kValidation, kTooDeep));
  EXPECT_THAT(ValidateAttributeValue(Nested(32, ValueType::kL)),
              IsError(ErrorKind::kValidation, kTooDeep));
  EXPECT_THAT(ValidateAttributeValue(AttributeValue::L(
                  {AttributeValue::Null(), Nested(31, ValueType::kM)})),
              IsError(ErrorKind::kValidation, kTooDeep));
}

TEST(ValueTest, RejectsVeryDeepNestingWithoutDescendingIntoIt) {
  EXPECT_THAT(ValidateAttributeValue(Nested(3000, ValueType::kL)),
              IsError(ErrorKind::kValidation, kTooDeep));
}

TEST(ValueTest, ReportsNestingBeforeSetErrors) {
  const AttributeValue value =
      AttributeValue::L({AttributeValue::SS({}), Nested(31, ValueType::kL)});
  EXPECT_THAT(ValidateAttributeValue(value),
              IsError(ErrorKind::kValidation, kTooDeep));
}

TEST(ValueTest, SizesScalars) {
  EXPECT_EQ(ValueSize(AttributeValue::S("abc")), 3);
  EXPECT_EQ(ValueSize(AttributeValue::S("\xc3\xa9")), 2);  // UTF-8 bytes
  EXPECT_EQ(ValueSize(AttributeValue::S("")), 0);
  EXPECT_EQ(ValueSize(AttributeValue::B(std::string("\0\1\2", 3))), 3);
  EXPECT_EQ(ValueSize(NumValue("12345")), 4);
  EXPECT_EQ(ValueSize(NumValue("0")), 1);
  EXPECT_EQ(ValueSize(AttributeValue::Bool(false)), 1);
  EXPECT_EQ(ValueSize(AttributeValue::Null()), 1);
}

TEST(ValueTest, SizesContainers) {
  EXPECT_EQ(ValueSize(AttributeValue::L({})), 3);
  EXPECT_EQ(ValueSize(AttributeValue::M({})), 3);
  // Reference §13: [S "x", BOOL true] and {"k": S "v"}.
  EXPECT_EQ(ValueSize(AttributeValue::L(
                {AttributeValue::S("x"), AttributeValue::Bool(true)})),
            7);
  EXPECT_EQ(ValueSize(AttributeValue::M({{"k", AttributeValue::S("v")}})), 6);
  EXPECT_EQ(ValueSize(AttributeValue::M(
                {{"name", AttributeValue::L({AttributeValue::M({})})}})),
            3 + 1 + 4 + (3 + 1 + 3));
}

TEST(ValueTest, SizesSetsAsTheSumOfTheirMembers) {
  EXPECT_EQ(ValueSize(AttributeValue::SS({"ab", "c"})), 3);
  EXPECT_EQ(ValueSize(AttributeValue::BS({"ab", std::string(1, '\0')})), 3);
  EXPECT_EQ(ValueSize(AttributeValue::NS({Num("1"), Num("1.5"), Num("-1")})),
            2 + 3 + 3);
}

}  // namespace
}  // namespace dynamite
