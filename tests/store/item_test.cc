#include "store/item.h"

#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include "common/errors.h"
#include "store/number.h"
#include "store/value.h"
#include "tests/support/status_matchers.h"

namespace dynamite {
namespace {

using ::dynamite::testing::IsError;
using ::dynamite::testing::IsOk;

constexpr char kEmptyName[] =
    "One or more parameter values were invalid: An attribute name cannot be "
    "empty";

AttributeValue NumValue(const std::string& text) {
  return AttributeValue::N(*Number::Parse(text));
}

TEST(ItemTest, SizeOfTheDocumentationExample) {
  // AWS docs: shirt-color="R", shirt-size="M" is 23 bytes.
  const Item item = {{"shirt-color", AttributeValue::S("R")},
                     {"shirt-size", AttributeValue::S("M")}};

  EXPECT_EQ(ItemSize(item), 23);
}

TEST(ItemTest, SizeOfTheWorkedExample) {
  // Reference §13: 5 + 5 + 8 + 7 = 25 bytes.
  const Item item = {
      {"pk", AttributeValue::S("abc")},
      {"n", NumValue("12345")},
      {"l",
       AttributeValue::L({AttributeValue::S("x"), AttributeValue::Bool(true)})},
      {"m", AttributeValue::M({{"k", AttributeValue::S("v")}})},
  };

  EXPECT_EQ(ItemSize(item), 25);
}

TEST(ItemTest, SizeOfAnEmptyItemIsZero) { EXPECT_EQ(ItemSize(Item()), 0); }

TEST(ItemTest, SizeCountsNamesInUtf8Bytes) {
  const Item item = {{"\xc3\xa9", AttributeValue::Null()}};  // "é"

  EXPECT_EQ(ItemSize(item), 3);
}

TEST(ItemTest, SizeCanReachTheLimitExactly) {
  // One name byte plus a string filling the rest: exactly kMaxItemSizeBytes.
  const Item item = {
      {"a", AttributeValue::S(std::string(kMaxItemSizeBytes - 1, 'x'))}};

  EXPECT_EQ(ItemSize(item), 409600);
}

TEST(ItemTest, AcceptsAValidItem) {
  const Item item = {
      {"pk", AttributeValue::S("abc")},
      {"tags", AttributeValue::SS({"a", "b"})},
      {"doc", AttributeValue::M({{"inner", AttributeValue::L({})}})},
  };

  EXPECT_THAT(ValidateItemAttributes(item), IsOk());
  EXPECT_THAT(ValidateItemAttributes(Item()), IsOk());
}

TEST(ItemTest, RejectsAnEmptyAttributeName) {
  const Item item = {{"", AttributeValue::S("x")}};

  EXPECT_THAT(ValidateItemAttributes(item),
              IsError(ErrorKind::kValidation, kEmptyName));
}

TEST(ItemTest, RejectsAnEmptyNameInsideAMap) {
  const Item item = {
      {"doc",
       AttributeValue::L({AttributeValue::M({{"", AttributeValue::Null()}})})}};

  EXPECT_THAT(ValidateItemAttributes(item),
              IsError(ErrorKind::kValidation, kEmptyName));
}

TEST(ItemTest, AcceptsNamesOfExactly65535Bytes) {
  const std::string name(kMaxAttributeNameBytes, 'n');
  const Item item = {
      {name, AttributeValue::M({{name, AttributeValue::Null()}})}};

  EXPECT_THAT(ValidateItemAttributes(item), IsOk());
}

TEST(ItemTest, RejectsNamesOf65536Bytes) {
  const std::string name(kMaxAttributeNameBytes + 1, 'n');
  const Item top = {{name, AttributeValue::Null()}};
  const Item nested = {
      {"doc", AttributeValue::M({{name, AttributeValue::Null()}})}};

  for (const Item& item : {top, nested}) {
    EXPECT_THAT(ValidateItemAttributes(item),
                IsError(ErrorKind::kValidation,
                        "1 validation error detected: Attribute name is too "
                        "large, must be less than 65536 bytes"));
  }
}

TEST(ItemTest, ReportsInvalidValues) {
  const Item item = {{"ok", AttributeValue::S("x")},
                     {"set", AttributeValue::SS({})}};

  EXPECT_THAT(ValidateItemAttributes(item),
              IsError(ErrorKind::kValidation,
                      "One or more parameter values were invalid: An string "
                      "set  may not be empty"));
}

TEST(ItemTest, ReportsNestingBeyondTheLimit) {
  AttributeValue value = AttributeValue::Null();
  for (int i = 0; i < 32; ++i) value = AttributeValue::L({value});
  const Item item = {{"deep", value}};

  EXPECT_THAT(ValidateItemAttributes(item),
              IsError(ErrorKind::kValidation,
                      "Nesting Levels have exceeded supported limits: "
                      "Attributes in the item have nested levels beyond "
                      "supported limit"));
}

}  // namespace
}  // namespace dynamite
