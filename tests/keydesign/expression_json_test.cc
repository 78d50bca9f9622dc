#include "keydesign/expression_json.h"

#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include "keydesign/expression_builder.h"
#include "tests/support/database_fixtures.h"
#include "wire/json.h"

namespace dynamite {
namespace {

using ::dynamite::testing::N;
using ::dynamite::testing::S;

TEST(ExpressionJsonTest, WritesTheRequestFragmentInAFixedOrder) {
  absl::StatusOr<BuiltExpressions> built = BuildExpressions(
      {.key_condition =
           KeyConditionSpec{"pk", S("USER#1"), BeginsWithTerm{"sk", S("EVT#")}},
       .filter = {CompareTerm{"status", CompareOp::kEqual, S("OPEN")}}});
  ASSERT_TRUE(built.ok()) << built.status();

  EXPECT_EQ(ExpressionsToJson(*built, "Events"),
            R"j({"TableName":"Events",)j"
            R"j("KeyConditionExpression":"pk = :v0 AND begins_with(sk, :v1)",)j"
            R"j("FilterExpression":"#n0 = :v2",)j"
            R"j("ExpressionAttributeNames":{"#n0":"status"},)j"
            R"j("ExpressionAttributeValues":{":v0":{"S":"USER#1"},)j"
            R"j(":v1":{"S":"EVT#"},":v2":{"S":"OPEN"}}})j");
}

TEST(ExpressionJsonTest, LeavesOutEmptyMapsAndTheTableName) {
  absl::StatusOr<BuiltExpressions> built =
      BuildExpressions({.condition = {NotExistsTerm{"pk"}}});
  ASSERT_TRUE(built.ok()) << built.status();

  EXPECT_EQ(ExpressionsToJson(*built, ""),
            R"j({"ConditionExpression":"attribute_not_exists(pk)"})j");
}

TEST(ExpressionJsonTest, EscapesStringsAndEncodesEveryType) {
  absl::StatusOr<BuiltExpressions> built = BuildExpressions(
      {.update = {SetTerm{"quote\"d", S("line\nbreak \"q\" \\")},
                  AddTerm{"n", N("1.50")},
                  SetTerm{"b", AttributeValue::B(std::string("\0\xff", 2))}}});
  ASSERT_TRUE(built.ok()) << built.status();

  std::string json = ExpressionsToJson(*built, "T");

  JsonDocument doc;
  ASSERT_TRUE(ParseJson(json, doc)) << json;
  EXPECT_EQ(JsonString(doc["ExpressionAttributeNames"]["#n0"]), "quote\"d");
  EXPECT_EQ(JsonString(doc["ExpressionAttributeValues"][":v0"]["S"]),
            "line\nbreak \"q\" \\");
  EXPECT_EQ(JsonString(doc["ExpressionAttributeValues"][":v1"]["B"]), "AP8=");
  EXPECT_EQ(JsonString(doc["ExpressionAttributeValues"][":v2"]["N"]), "1.5");
}

}  // namespace
}  // namespace dynamite
