// Dispatch end to end: the protocol checks (malformed JSON, unknown
// operations, non-object bodies, deep nesting) and each operation's
// response shape. Request decoding errors are in request_errors_test.cc.

#include "wire/dispatch.h"

#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/time/time.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include "api/database.h"
#include "api/options.h"
#include "common/clock.h"
#include "common/errors.h"
#include "wire/error_body.h"

namespace dynamite {
namespace {

class FixedClock final : public Clock {
 public:
  explicit FixedClock(absl::Time time) : time_(time) {}
  absl::Time Now() const override { return time_; }

 private:
  absl::Time time_;
};

constexpr char kSerializationNoMessage[] =
    R"({"__type":"com.amazon.coral.service#SerializationException"})";
constexpr char kUnknownOperation[] =
    R"({"__type":"com.amazon.coral.service#UnknownOperationException"})";

// Replaces the value of "TableId" (derived from the clock and a counter)
// with "*".
std::string MaskTableId(std::string body) {
  const std::string kKey = R"("TableId":")";
  size_t start = body.find(kKey);
  if (start == std::string::npos) return body;
  start += kKey.size();
  size_t end = body.find('"', start);
  return body.replace(start, end - start, "*");
}

class DispatchTest : public ::testing::Test {
 protected:
  DispatchTest()
      : clock_(absl::FromUnixMillis(1767225600250)),
        db_(DatabaseOptions{.clock = &clock_}) {}

  WireResponse Call(absl::string_view operation, absl::string_view body) {
    return Dispatch(db_, operation, body);
  }

  // The response body of a request that must succeed.
  std::string Ok(absl::string_view operation, absl::string_view body) {
    WireResponse response = Call(operation, body);
    EXPECT_EQ(response.http_status, 200) << response.body;
    return response.body;
  }

  void CreateHashRangeTable() {
    Ok("CreateTable",
       R"({"TableName":"hash_range","BillingMode":"PAY_PER_REQUEST",)"
       R"("KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},)"
       R"({"AttributeName":"sk","KeyType":"RANGE"}],)"
       R"("AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},)"
       R"({"AttributeName":"sk","AttributeType":"N"}]})");
  }

  FixedClock clock_;
  Database db_;
};

TEST_F(DispatchTest, MalformedJsonIsASerializationExceptionWithoutMessage) {
  const std::vector<std::string> bodies = {
      "{",
      R"({"TableName":})",
      R"({"TableName":"tab"} x)",
      "{'TableName':'t'}",
      "\xff",
      R"({"TableName":"\ud800"})",
      std::string(R"({"TableName":"a)") + "\xc3" + R"("})",
      " ",
  };
  for (const std::string& body : bodies) {
    SCOPED_TRACE(body);

    WireResponse response = Call("ListTables", body);

    EXPECT_EQ(response.http_status, 400);
    EXPECT_EQ(response.body, kSerializationNoMessage);
  }
}

TEST_F(DispatchTest, JsonIsParsedBeforeTheOperationIsLookedUp) {
  EXPECT_EQ(Call("NoSuchOperation", "{").body, kSerializationNoMessage);
}

TEST_F(DispatchTest, UnknownOperation) {
  for (absl::string_view operation :
       {"ListTable", "", "DynamoDB_20120810.ListTables", "listTables",
        "UpdateItem "}) {
    SCOPED_TRACE(operation);

    WireResponse response = Call(operation, "{}");

    EXPECT_EQ(response.http_status, 400);
    EXPECT_EQ(response.body, kUnknownOperation);
  }
}

TEST_F(DispatchTest, EmptyBodyChecksTheOperationFirst) {
  EXPECT_EQ(Call("NoSuchOperation", "").body, kUnknownOperation);
  EXPECT_EQ(Call("ListTables", "").body, kSerializationNoMessage);
}

TEST_F(DispatchTest, BodyMustBeAnObject) {
  for (absl::string_view body : {"[]", "null", "5", R"("x")", "true"}) {
    SCOPED_TRACE(body);

    WireResponse response = Call("ListTables", body);

    EXPECT_EQ(response.http_status, 400);
    EXPECT_EQ(response.body, kSerializationNoMessage);
  }
}

TEST_F(DispatchTest, DeepNestingNeverOverflowsTheStack) {
  constexpr int kDepth = 200000;
  std::string unclosed(kDepth, '[');
  std::string arrays = std::string(kDepth, '[') + std::string(kDepth, ']');
  std::string maps;
  for (int i = 0; i < kDepth; ++i) maps += R"({"":)";
  maps += "{}";
  maps += std::string(kDepth, '}');
  std::string nested_m;
  for (int i = 0; i < kDepth; ++i) nested_m += R"({"M":{"a":)";
  nested_m += R"({"S":"x"})";
  for (int i = 0; i < kDepth; ++i) nested_m += "}}";
  std::string nested_l;
  for (int i = 0; i < kDepth; ++i) nested_l += R"({"L":[)";
  nested_l += R"({"S":"x"})";
  for (int i = 0; i < kDepth; ++i) nested_l += "]}";
  CreateHashRangeTable();
  const std::string too_deep =
      ErrorResponse(
          ValidationError("Nesting Levels have exceeded supported limits: "
                          "Attributes in the item have nested levels beyond "
                          "supported limit"))
          .body;

  EXPECT_EQ(Call("ListTables", unclosed).body, kSerializationNoMessage);
  EXPECT_EQ(Call("ListTables", arrays).body, kSerializationNoMessage);
  // Unknown members, however deep, are ignored without being walked.
  EXPECT_EQ(Call("ListTables", maps).body, R"({"TableNames":["hash_range"]})");
  EXPECT_EQ(Call("ListTables", absl::StrCat(R"({"Junk":)", arrays, "}")).body,
            R"({"TableNames":["hash_range"]})");
  for (const std::string* value : {&nested_m, &nested_l}) {
    EXPECT_EQ(
        Call("PutItem",
             absl::StrCat(R"({"TableName":"hash_range","Item":{"pk":{"S":"a"},)"
                          R"("sk":{"N":"1"},"deep":)",
                          *value, "}}"))
            .body,
        too_deep);
  }
  EXPECT_EQ(Call("PutItem", absl::StrCat(R"({"TableName":"hash_range","Item":{)"
                                         R"("pk":{"S":"a"},"sk":{"N":"1"},)"
                                         R"("deep":)",
                                         maps, "}}"))
                .body,
            ErrorResponse(ValidationError(
                              "Supplied AttributeValue is empty, must contain "
                              "exactly one of the supported datatypes"))
                .body);
}

TEST_F(DispatchTest, CreateTableAnswersTheTableDescription) {
  std::string body = Ok(
      "CreateTable",
      R"({"TableName":"tab","BillingMode":"PAY_PER_REQUEST",)"
      R"("KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],)"
      R"("AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}]})");

  EXPECT_EQ(
      MaskTableId(body),
      R"({"TableDescription":{)"
      R"("AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}],)"
      R"("TableName":"tab",)"
      R"("KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],)"
      R"("TableStatus":"ACTIVE","CreationDateTime":1767225600.25,)"
      R"("ProvisionedThroughput":{"NumberOfDecreasesToday":0,)"
      R"("ReadCapacityUnits":0,"WriteCapacityUnits":0},)"
      R"("TableSizeBytes":0,"ItemCount":0,)"
      R"("TableArn":"arn:aws:dynamodb:ddblocal:000000000000:table/tab",)"
      R"("TableId":"*",)"
      R"("BillingModeSummary":{"BillingMode":"PAY_PER_REQUEST",)"
      R"("LastUpdateToPayPerRequestDateTime":1767225600.25},)"
      R"("DeletionProtectionEnabled":false}})");
}

TEST_F(DispatchTest, ProvisionedTableHasThroughputAndNoBillingSummary) {
  std::string body = Ok(
      "CreateTable",
      R"({"TableName":"prov","ProvisionedThroughput":)"
      R"({"ReadCapacityUnits":5,"WriteCapacityUnits":7},)"
      R"("KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],)"
      R"("AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"B"}]})");

  EXPECT_THAT(body, ::testing::HasSubstr(
                        R"("ProvisionedThroughput":{"NumberOfDecreasesToday":)"
                        R"(0,"ReadCapacityUnits":5,"WriteCapacityUnits":7})"));
  EXPECT_THAT(body, ::testing::HasSubstr(R"("AttributeType":"B")"));
  EXPECT_THAT(body, ::testing::Not(::testing::HasSubstr("BillingModeSummary")));
}

TEST_F(DispatchTest, DescribeTableAnswersTable) {
  CreateHashRangeTable();
  Ok("PutItem",
     R"({"TableName":"hash_range","Item":{"pk":{"S":"a"},"sk":{"N":"1"}}})");

  std::string body = Ok("DescribeTable", R"({"TableName":"hash_range"})");

  EXPECT_EQ(
      MaskTableId(body),
      R"({"Table":{)"
      R"("AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},)"
      R"({"AttributeName":"sk","AttributeType":"N"}],)"
      R"("TableName":"hash_range",)"
      R"("KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},)"
      R"({"AttributeName":"sk","KeyType":"RANGE"}],)"
      R"("TableStatus":"ACTIVE","CreationDateTime":1767225600.25,)"
      R"("ProvisionedThroughput":{"NumberOfDecreasesToday":0,)"
      R"("ReadCapacityUnits":0,"WriteCapacityUnits":0},)"
      R"("TableSizeBytes":7,"ItemCount":1,)"  // pk 2+1, sk 2+2
      R"("TableArn":"arn:aws:dynamodb:ddblocal:000000000000:table/hash_range",)"
      R"("TableId":"*",)"
      R"("BillingModeSummary":{"BillingMode":"PAY_PER_REQUEST",)"
      R"("LastUpdateToPayPerRequestDateTime":1767225600.25},)"
      R"("DeletionProtectionEnabled":false,)"
      R"("WarmThroughput":{"ReadUnitsPerSecond":12000,)"
      R"("WriteUnitsPerSecond":4000,"Status":"ACTIVE"}}})");
}

TEST_F(DispatchTest, DeleteTableAnswersAShortDescription) {
  CreateHashRangeTable();

  std::string body = Ok("DeleteTable", R"({"TableName":"hash_range"})");

  EXPECT_EQ(
      MaskTableId(body),
      R"({"TableDescription":{"TableName":"hash_range","TableStatus":"DELETING",)"
      R"("ProvisionedThroughput":{"NumberOfDecreasesToday":0,)"
      R"("ReadCapacityUnits":0,"WriteCapacityUnits":0},)"
      R"("TableSizeBytes":0,"ItemCount":0,)"
      R"("TableArn":"arn:aws:dynamodb:ddblocal:000000000000:table/hash_range",)"
      R"("TableId":"*",)"
      R"("BillingModeSummary":{"BillingMode":"PAY_PER_REQUEST",)"
      R"("LastUpdateToPayPerRequestDateTime":1767225600.25}}})");
  EXPECT_EQ(Ok("ListTables", "{}"), R"({"TableNames":[]})");
}

TEST_F(DispatchTest, ListTablesAnswersNamesAndWhereToContinue) {
  CreateHashRangeTable();
  Ok("CreateTable",
     R"({"TableName":"abc","BillingMode":"PAY_PER_REQUEST",)"
     R"("KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],)"
     R"("AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}]})");

  EXPECT_EQ(Ok("ListTables", "{}"), R"({"TableNames":["abc","hash_range"]})");
  EXPECT_EQ(Ok("ListTables", R"({"Limit":1})"),
            R"({"TableNames":["abc"],"LastEvaluatedTableName":"abc"})");
  EXPECT_EQ(Ok("ListTables", R"({"ExclusiveStartTableName":"abc"})"),
            R"({"TableNames":["hash_range"]})");
}

TEST_F(DispatchTest, TagOperationsAnswerDynamoDbsShapes) {
  CreateHashRangeTable();
  const std::string arn =
      R"("ResourceArn":"arn:aws:dynamodb:ddblocal:000000000000:table/hash_range")";

  // TagResource and UntagResource answer an empty body, as DynamoDB does.
  EXPECT_EQ(Ok("TagResource", "{" + arn +
                                  R"(,"Tags":[{"Key":"team","Value":"a"},)"
                                  R"({"Key":"env","Value":""}]})"),
            "");
  EXPECT_EQ(
      Ok("ListTagsOfResource", "{" + arn + "}"),
      R"({"Tags":[{"Key":"env","Value":""},{"Key":"team","Value":"a"}]})");
  EXPECT_EQ(Ok("UntagResource", "{" + arn + R"(,"TagKeys":["env","x"]})"), "");
  EXPECT_EQ(Ok("ListTagsOfResource", "{" + arn + R"(,"NextToken":"t"})"),
            R"({"Tags":[{"Key":"team","Value":"a"}]})");
}

TEST_F(DispatchTest, CreateTableTakesTags) {
  Ok("CreateTable",
     R"({"TableName":"tagged","BillingMode":"PAY_PER_REQUEST",)"
     R"("KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],)"
     R"("AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}],)"
     R"("Tags":[{"Key":"env","Value":"prod"}]})");

  EXPECT_EQ(
      Ok("ListTagsOfResource",
         R"({"ResourceArn":"arn:aws:dynamodb:ddblocal:000000000000:table/tagged"})"),
      R"({"Tags":[{"Key":"env","Value":"prod"}]})");
}

TEST_F(DispatchTest, ItemOperationsAnswerDynamoDbsShapes) {
  CreateHashRangeTable();
  const std::string item =
      R"({"pk":{"S":"a"},"sk":{"N":"1"},"n":{"N":"1.50"},)"
      R"("b":{"B":"AAE="},"l":{"L":[{"NULL":true},{"BOOL":false}]}})";
  const std::string canonical =
      R"({"b":{"B":"AAE="},"l":{"L":[{"NULL":true},{"BOOL":false}]},)"
      R"("n":{"N":"1.5"},"pk":{"S":"a"},"sk":{"N":"1"}})";
  const std::string key = R"({"pk":{"S":"a"},"sk":{"N":"1.0"}})";

  EXPECT_EQ(Ok("PutItem",
               absl::StrCat(R"({"TableName":"hash_range","Item":)", item, "}")),
            "{}");
  EXPECT_EQ(Ok("GetItem",
               absl::StrCat(R"({"TableName":"hash_range","Key":)", key, "}")),
            absl::StrCat(R"({"Item":)", canonical, "}"));
  EXPECT_EQ(Ok("PutItem", absl::StrCat(R"({"TableName":"hash_range","Item":)",
                                       item, R"(,"ReturnValues":"ALL_OLD"})")),
            absl::StrCat(R"({"Attributes":)", canonical, "}"));
  EXPECT_EQ(
      Ok("DeleteItem", absl::StrCat(R"({"TableName":"hash_range","Key":)", key,
                                    R"(,"ReturnValues":"ALL_OLD"})")),
      absl::StrCat(R"({"Attributes":)", canonical, "}"));
  EXPECT_EQ(Ok("GetItem", absl::StrCat(R"({"TableName":"hash_range","Key":)",
                                       key, R"(,"ConsistentRead":true})")),
            "{}");
  EXPECT_EQ(Ok("DeleteItem",
               absl::StrCat(R"({"TableName":"hash_range","Key":)", key, "}")),
            "{}");
}

// A request's JSON tree starts in a buffer on the stack and goes on in
// allocated blocks: bodies of every size around and far past the buffer
// parse whole. Attributes in name order ("a0000" ...), as they come back.
TEST_F(DispatchTest, BodiesOfEverySizeParseWhole) {
  CreateHashRangeTable();
  for (int attributes : {1, 40, 100, 400, 3000}) {
    SCOPED_TRACE(attributes);
    std::string item = R"({"pk":{"S":"a"},"sk":{"N":"1"})";
    std::string values;
    for (int i = 0; i < attributes; ++i) {
      const std::string attribute =
          absl::StrCat(R"("a)", 10000 + i, R"(":{"S":")",
                       std::string(i % 200, 'x'), R"("})");
      absl::StrAppend(&item, ",", attribute);
      absl::StrAppend(&values, attribute, ",");
    }
    item += "}";

    Ok("PutItem",
       absl::StrCat(R"({"TableName":"hash_range","Item":)", item, "}"));

    EXPECT_EQ(Ok("GetItem", R"({"TableName":"hash_range","Key":)"
                            R"({"pk":{"S":"a"},"sk":{"N":"1"}}})"),
              absl::StrCat(R"({"Item":{)", values,
                           R"("pk":{"S":"a"},"sk":{"N":"1"}}})"));
  }
}

TEST_F(DispatchTest, QueryAnswersItemsCountsAndLastEvaluatedKey) {
  CreateHashRangeTable();
  for (absl::string_view sk : {"3", "1", "2"}) {
    Ok("PutItem",
       absl::StrCat(R"({"TableName":"hash_range","Item":{"pk":{"S":"a"},)",
                    R"("sk":{"N":")", sk, R"("}}})"));
  }
  const std::string query =
      R"({"TableName":"hash_range","KeyConditionExpression":"pk = :p",)"
      R"("ExpressionAttributeValues":{":p":{"S":"a"}})";

  EXPECT_EQ(Ok("Query", absl::StrCat(query, "}")),
            R"({"Items":[{"pk":{"S":"a"},"sk":{"N":"1"}},)"
            R"({"pk":{"S":"a"},"sk":{"N":"2"}},)"
            R"({"pk":{"S":"a"},"sk":{"N":"3"}}],"Count":3,"ScannedCount":3})");
  EXPECT_EQ(Ok("Query", absl::StrCat(query, R"(,"Limit":1,)",
                                     R"("ScanIndexForward":false})")),
            R"({"Items":[{"pk":{"S":"a"},"sk":{"N":"3"}}],"Count":1,)"
            R"("ScannedCount":1,)"
            R"("LastEvaluatedKey":{"pk":{"S":"a"},"sk":{"N":"3"}}})");
  EXPECT_EQ(Ok("Query", absl::StrCat(query, R"(,"Select":"COUNT"})")),
            R"({"Count":3,"ScannedCount":3})");
  EXPECT_EQ(
      Ok("Query", absl::StrCat(query, R"(,"Limit":2,"ExclusiveStartKey":)",
                               R"({"pk":{"S":"a"},"sk":{"N":"1"}}})")),
      R"({"Items":[{"pk":{"S":"a"},"sk":{"N":"2"}},)"
      R"({"pk":{"S":"a"},"sk":{"N":"3"}}],"Count":2,"ScannedCount":2,)"
      R"("LastEvaluatedKey":{"pk":{"S":"a"},"sk":{"N":"3"}}})");
}

TEST_F(DispatchTest, QueryPassesNamesThrough) {
  CreateHashRangeTable();
  Ok("PutItem",
     R"({"TableName":"hash_range","Item":{"pk":{"S":"a"},"sk":{"N":"1"}}})");

  EXPECT_EQ(Ok("Query", R"({"TableName":"hash_range","KeyConditionExpression":)"
                        R"("#k = :p AND #s BETWEEN :lo AND :hi",)"
                        R"("ExpressionAttributeNames":{"#k":"pk","#s":"sk"},)"
                        R"("ExpressionAttributeValues":{":p":{"S":"a"},)"
                        R"(":lo":{"N":"0"},":hi":{"N":"10"}}})"),
            R"({"Items":[{"pk":{"S":"a"},"sk":{"N":"1"}}],"Count":1,)"
            R"("ScannedCount":1})");
}

TEST_F(DispatchTest, ApiErrorsBecomeErrorBodies) {
  WireResponse response =
      Call("GetItem", R"({"TableName":"missing","Key":{"pk":{"S":"a"}}})");

  EXPECT_EQ(response.http_status, 400);
  EXPECT_EQ(response.body, R"({"__type":"com.amazonaws.dynamodb.v20120810#)"
                           R"(ResourceNotFoundException",)"
                           R"("message":"Requested resource not found"})");
}

}  // namespace
}  // namespace dynamite
