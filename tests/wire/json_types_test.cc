#include "wire/json_types.h"

#include <cstdint>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include "common/errors.h"
#include "tests/support/status_matchers.h"
#include "wire/json.h"

namespace dynamite {
namespace {

using ::dynamite::testing::IsError;
using ::dynamite::testing::IsOkAndHolds;

constexpr ErrorKind kSer = ErrorKind::kSerialization;

// Parses `json`; the document lives as long as the returned holder.
struct Json {
  explicit Json(const std::string& text) { EXPECT_TRUE(ParseJson(text, doc)); }
  JsonDocument doc;
};

TEST(JsonTypesTest, IntegerAcceptsAnyNumberLikeJava) {
  const std::vector<std::pair<std::string, int64_t>> cases = {
      {"5", 5},
      {"-5", -5},
      {"5.9", 5},
      {"-5.9", -5},
      {"1e2", 100},
      {"2147483647", 2147483647},
      {"2147483648", -2147483648LL},  // low 32 bits
      {"99999999999", 1215752191},    // low 32 bits
      {"18446744073709551615", -1},   // uint64, low 32 bits
      {"36893488147419103232", 0},    // 2^65 as a double
  };
  for (const auto& [text, expected] : cases) {
    SCOPED_TRACE(text);
    Json json(text);

    EXPECT_THAT(JsonToInteger(json.doc), IsOkAndHolds(expected));
  }
}

TEST(JsonTypesTest, LongKeepsSixtyFourBits) {
  Json big("99999999999");
  Json wrapped("9223372036854775808");
  Json fraction("-7.5");

  EXPECT_THAT(JsonToLong(big.doc), IsOkAndHolds(99999999999LL));
  EXPECT_THAT(JsonToLong(wrapped.doc), IsOkAndHolds(INT64_MIN));
  EXPECT_THAT(JsonToLong(fraction.doc), IsOkAndHolds(-7));
}

TEST(JsonTypesTest, NumberTypeErrorsNameTheJsonToken) {
  Json s(R"("23")");
  Json t("true");
  Json f("false");
  Json l("[]");
  Json o("{}");

  EXPECT_THAT(JsonToInteger(s.doc),
              IsError(kSer, "STRING_VALUE cannot be converted to Integer"));
  EXPECT_THAT(JsonToInteger(t.doc),
              IsError(kSer, "TRUE_VALUE cannot be converted to Integer"));
  EXPECT_THAT(JsonToLong(f.doc),
              IsError(kSer, "FALSE_VALUE cannot be converted to Long"));
  EXPECT_THAT(JsonToInteger(l.doc),
              IsError(kSer,
                      "Unrecognized collection type class "
                      "java.lang.Integer"));
  EXPECT_THAT(JsonToLong(l.doc), IsError(kSer,
                                         "Unrecognized collection type class "
                                         "java.lang.Long"));
  EXPECT_THAT(
      JsonToLong(o.doc),
      IsError(kSer, "Start of structure or map found where not expected"));
}

TEST(JsonTypesTest, BooleanAcceptsDynamoDbsStrings) {
  const std::vector<std::pair<std::string, bool>> cases = {
      {"true", true},        {"false", false},   {R"("true")", true},
      {R"("FALSE")", false}, {R"("yes")", true}, {R"("No")", false},
      {R"("1")", true},      {R"("0")", false},
  };
  for (const auto& [text, expected] : cases) {
    SCOPED_TRACE(text);
    Json json(text);

    EXPECT_THAT(JsonToBoolean(json.doc), IsOkAndHolds(expected));
  }
}

TEST(JsonTypesTest, StructureErrorsDependOnPosition) {
  Json scalar("5");
  Json list("[]");

  EXPECT_THAT(CheckJsonStructure(scalar.doc, "ProvisionedThroughput",
                                 StructurePosition::kField),
              IsError(kSer, "Unexpected field type"));
  EXPECT_THAT(CheckJsonStructure(scalar.doc, "KeySchemaElement",
                                 StructurePosition::kValue),
              IsError(kSer, "Unexpected value type in payload"));
  EXPECT_THAT(CheckJsonStructure(list.doc, "KeySchemaElement",
                                 StructurePosition::kValue),
              IsError(kSer,
                      "Unrecognized collection type class "
                      "com.amazonaws.dynamodb.v20120810."
                      "KeySchemaElement"));
}

TEST(JsonTypesTest, MapAndListErrors) {
  Json list("[]");
  Json object("{}");
  Json scalar(R"("23")");

  EXPECT_THAT(CheckJsonMap(list.doc, "java.lang.String"),
              IsError(kSer,
                      "Unrecognized collection type "
                      "java.util.Map<java.lang.String, "
                      "java.lang.String>"));
  EXPECT_THAT(CheckJsonMap(scalar.doc, "java.lang.String"),
              IsError(kSer, "Unexpected field type"));
  EXPECT_THAT(
      CheckJsonList(object.doc),
      IsError(kSer, "Start of structure or map found where not expected"));
  EXPECT_THAT(CheckJsonList(scalar.doc),
              IsError(kSer, "Unexpected field type"));
}

TEST(JsonTypesTest, FindMemberTreatsNullAsAbsentAndKeepsTheLast) {
  Json json(R"({"a":1,"b":null,"a":2})");

  ASSERT_NE(FindMember(json.doc, "a"), nullptr);
  EXPECT_EQ(FindMember(json.doc, "a")->GetInt(), 2);
  EXPECT_EQ(FindMember(json.doc, "b"), nullptr);
  EXPECT_EQ(FindMember(json.doc, "c"), nullptr);
}

}  // namespace
}  // namespace dynamite
