#include "keydesign/expr_command.h"

#include <string>
#include <vector>

#include "absl/status/status.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include "api/database.h"
#include "tests/support/status_matchers.h"
#include "wire/dispatch.h"
#include "wire/json.h"

namespace dynamite {
namespace {

using ::dynamite::testing::IsOkAndHolds;
using ::dynamite::testing::StatusIs;
using ::testing::ElementsAre;

using Args = std::vector<std::string>;

// Golden output: the fragment exactly as `dynamite expr` prints it.
TEST(ExprCommandTest, PrintsTheDayWindowFragment) {
  Args args = {"--table",  "Events",     "--pk",        "pk=USER#1",
               "--sk",     "sk",         "--prefix",    "EVT#",
               "--day",    "2026-06-23", "--precision", "ms",
               "--suffix", "#9999",      "--filter",    "status=OPEN"};

  EXPECT_THAT(RunExprCommand(args), IsOkAndHolds(R"({
  "TableName": "Events",
  "KeyConditionExpression": "pk = :v0 AND sk BETWEEN :v1 AND :v2",
  "FilterExpression": "#n0 = :v3",
  "ExpressionAttributeNames": {
    "#n0": "status"
  },
  "ExpressionAttributeValues": {
    ":v0": {
      "S": "USER#1"
    },
    ":v1": {
      "S": "EVT#2026-06-23T00:00:00.000Z"
    },
    ":v2": {
      "S": "EVT#2026-06-23T23:59:59.999Z#9999"
    },
    ":v3": {
      "S": "OPEN"
    }
  }
}
)"));
}

TEST(ExprCommandTest, CompactOutputForEverySelector) {
  struct Case {
    Args args;
    std::string json;
  } cases[] = {
      {{"--pk", "pk=A", "--compact"},
       R"j({"KeyConditionExpression":"pk = :v0",)j"
       R"j("ExpressionAttributeValues":{":v0":{"S":"A"}}})j"},
      {{"--pk", "pk=A", "--sk", "sk", "--ge", "B", "--compact"},
       R"j({"KeyConditionExpression":"pk = :v0 AND sk >= :v1",)j"
       R"j("ExpressionAttributeValues":{":v0":{"S":"A"},":v1":{"S":"B"}}})j"},
      {{"--pk=name=A", "--sk=date", "--begins-with=2026-06#", "--compact"},
       R"j({"KeyConditionExpression":"#n0 = :v0 AND begins_with(#n1, :v1)",)j"
       R"j("ExpressionAttributeNames":{"#n0":"name","#n1":"date"},)j"
       R"j("ExpressionAttributeValues":{":v0":{"S":"A"},)j"
       R"j(":v1":{"S":"2026-06#"}}})j"},
      {{"--pk", R"j(id={"N":"7"})j", "--sk", "rank", "--sk-type", "N",
        "--between", "1", "10", "--compact"},
       R"j({"KeyConditionExpression":"id = :v0 AND #n0 BETWEEN :v1 AND :v2",)j"
       R"j("ExpressionAttributeNames":{"#n0":"rank"},)j"
       R"j("ExpressionAttributeValues":{":v0":{"N":"7"},":v1":{"N":"1"},)j"
       R"j(":v2":{"N":"10"}}})j"},
      {{"--pk", "pk=A", "--sk", "sk", "--month", "2026-06", "--precision", "s",
        "--compact"},
       R"j({"KeyConditionExpression":"pk = :v0 AND sk BETWEEN :v1 AND :v2",)j"
       R"j("ExpressionAttributeValues":{":v0":{"S":"A"},)j"
       R"j(":v1":{"S":"2026-06-01T00:00:00Z"},)j"
       R"j(":v2":{"S":"2026-06-30T23:59:59["}}})j"},
      {{"--pk", "pk=A", "--sk", "sk", "--prefix", "T#", "--from",
        "2026-06-23T10:00:00Z", "--to", "2026-06-23T11:00:00Z", "--precision",
        "ms", "--compact"},
       R"j({"KeyConditionExpression":"pk = :v0 AND sk BETWEEN :v1 AND :v2",)j"
       R"j("ExpressionAttributeValues":{":v0":{"S":"A"},)j"
       R"j(":v1":{"S":"T#2026-06-23T10:00:00.000Z"},)j"
       R"j(":v2":{"S":"T#2026-06-23T10:59:59.999["}}})j"},
      {{"--table", "T", "--condition", "attribute_not_exists(pk)", "--set",
        "status=DONE", "--add", R"j(count={"N":"1"})j", "--remove", "tmp",
        "--compact"},
       R"j({"TableName":"T","ConditionExpression":"attribute_not_exists(pk)",)j"
       R"j("UpdateExpression":"SET #n0 = :v0 REMOVE tmp ADD #n1 :v1",)j"
       R"j("ExpressionAttributeNames":{"#n0":"status","#n1":"count"},)j"
       R"j("ExpressionAttributeValues":{":v0":{"S":"DONE"},)j"
       R"j(":v1":{"N":"1"}}})j"},
      {{"--filter", "a<>x", "--filter", "b<=2", "--filter",
        "begins_with(c,p=q)", "--filter", "attribute_exists(d)", "--compact"},
       R"j({"FilterExpression":"a <> :v0 AND b <= :v1 AND )j"
       R"j(begins_with(c, :v2) AND attribute_exists(d)",)j"
       R"j("ExpressionAttributeValues":{":v0":{"S":"x"},":v1":{"S":"2"},)j"
       R"j(":v2":{"S":"p=q"}}})j"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.json);
    EXPECT_THAT(RunExprCommand(c.args), IsOkAndHolds(c.json + "\n"));
  }
}

TEST(ExprCommandTest, BadFlagsAreUsageErrors) {
  const Args cases[] = {
      {},
      {"--bogus"},
      {"--pk"},
      {"--pk", "novalue"},
      {"--pk", "pk=A", "--sk", "sk"},
      {"--pk", "pk=A", "--eq", "B"},
      {"--sk", "sk", "--eq", "B"},
      {"--pk", "pk=A", "--sk", "sk", "--eq", "B", "--lt", "C"},
      {"--pk", "pk=A", "--sk", "sk", "--day", "2026-06-23"},
      {"--pk", "pk=A", "--sk", "sk", "--day", "2026-02-30", "--precision",
       "ms"},
      {"--pk", "pk=A", "--sk", "sk", "--day", "2026-6-3", "--precision", "ms"},
      {"--pk", "pk=A", "--sk", "sk", "--month", "2026-13", "--precision", "s"},
      {"--pk", "pk=A", "--sk", "sk", "--day", "2026-06-23", "--precision",
       "us"},
      {"--pk", "pk=A", "--sk", "sk", "--from", "2026-06-23", "--precision",
       "s"},
      {"--pk", "pk=A", "--sk", "sk", "--from", "2026-06-24", "--to",
       "2026-06-23", "--precision", "s"},
      {"--pk", "pk=A", "--sk", "sk", "--eq", "B", "--precision", "s"},
      {"--pk", "pk=A", "--sk", "sk", "--eq", "B", "--suffix", "#9"},
      {"--pk", "pk=A", "--to", "2026-06-23"},
      {"--pk", "pk=A", "--sk", "sk", "--between", "B"},
      {"--pk", "pk=A", "--sk", "sk", "--between", "C", "B"},
      {"--pk", "pk=A", "--sk", "sk", "--sk-type", "N", "--eq", "x"},
      {"--pk", "pk=A", "--sk", "sk", "--sk-type", "N", "--prefix", "P", "--eq",
       "1"},
      {"--pk", "pk=A", "--sk", "sk", "--sk-type", "B", "--eq", "1"},
      {"--pk", "pk=A", "--sk", "sk", "--ne", "B"},
      {"--pk", R"j(pk={"N":)j"},
      {"--filter", "=x"},
      {"--filter", "novalue"},
      {"--pk", "pk=A", "--filter", "pk=B"},
      {"--set", "a=1", "--remove", "a"},
      {"--compact=yes"},
      {"--pk", "pk=A", "--pk", "pk=B"},
  };
  for (const Args& args : cases) {
    SCOPED_TRACE(::testing::PrintToString(args));
    EXPECT_THAT(RunExprCommand(args),
                StatusIs(absl::StatusCode::kInvalidArgument));
  }
}

// The fragment, pasted into a Query, selects exactly the day's items.
TEST(ExprCommandTest, FragmentRunsAsAQuery) {
  Database db;
  ASSERT_EQ(
      Dispatch(db, "CreateTable",
               R"j({"TableName":"Events",)j"
               R"j("KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},)j"
               R"j({"AttributeName":"sk","KeyType":"RANGE"}],)j"
               R"j("AttributeDefinitions":[)j"
               R"j({"AttributeName":"pk","AttributeType":"S"},)j"
               R"j({"AttributeName":"sk","AttributeType":"S"}],)j"
               R"j("BillingMode":"PAY_PER_REQUEST"})j")
          .http_status,
      200);
  for (const char* sk :
       {"EVT#2026-06-22T23:59:59Z#9999", "EVT#2026-06-23T00:00:00Z#0001",
        "EVT#2026-06-23T23:59:59Z#9999", "EVT#2026-06-24T00:00:00Z#0000"}) {
    ASSERT_EQ(Dispatch(db, "PutItem",
                       std::string(R"j({"TableName":"Events","Item":{)j"
                                   R"j("pk":{"S":"USER#1"},"sk":{"S":")j") +
                           sk + R"j("}}})j")
                  .http_status,
              200);
  }
  absl::StatusOr<std::string> fragment = RunExprCommand(
      Args{"--table", "Events", "--pk", "pk=USER#1", "--sk", "sk", "--prefix",
           "EVT#", "--day", "2026-06-23", "--precision", "s"});
  ASSERT_TRUE(fragment.ok()) << fragment.status();

  WireResponse response = Dispatch(db, "Query", *fragment);

  ASSERT_EQ(response.http_status, 200) << response.body;
  JsonDocument doc;
  ASSERT_TRUE(ParseJson(response.body, doc));
  std::vector<std::string> keys;
  for (const JsonValue& item : doc["Items"].GetArray()) {
    keys.emplace_back(JsonString(item["sk"]["S"]));
  }
  EXPECT_THAT(keys, ElementsAre("EVT#2026-06-23T00:00:00Z#0001",
                                "EVT#2026-06-23T23:59:59Z#9999"));
}

}  // namespace
}  // namespace dynamite
