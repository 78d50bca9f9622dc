// console/: the routes `dynamite serve` offers before DynamoDB's API (the
// page, its assets, the helper endpoints), through HandleHttpRequest as the
// server calls it, and the helper endpoints' answers and errors. The page
// itself is driven in a browser by tests/clients/console/.

#include "console/console_routes.h"

#include <string>
#include <utility>

#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include "api/database.h"
#include "server/credentials.h"
#include "server/http_exchange.h"
#include "tests/support/database_fixtures.h"
#include "tests/support/status_matchers.h"

namespace dynamite {
namespace {

using ::dynamite::testing::IsOk;
using ::dynamite::testing::N;
using ::dynamite::testing::S;
using ::dynamite::testing::TableRequest;
using ::testing::HasSubstr;
using ::testing::Pointee;
using ::testing::StartsWith;

class ConsoleRoutesTest : public ::testing::Test {
 protected:
  void SetUp() override {
    CreateTableRequest scores =
        TableRequest("Scores", KeyType::kS, KeyType::kS);
    scores.key_schema[0].attribute_name = "user";  // reserved
    scores.attribute_definitions[0].attribute_name = "user";
    scores.attribute_definitions.push_back({"points", KeyType::kN});
    for (const char* name : {"region", "city"}) {
      scores.attribute_definitions.push_back({name, KeyType::kS});
    }
    for (const char* name : {"year", "day"}) {
      scores.attribute_definitions.push_back({name, KeyType::kN});
    }
    scores.global_secondary_indexes = std::vector<GlobalSecondaryIndex>{
        {.index_name = "by_points",
         .key_schema = {{"points", KeySchemaRole::kHash}},
         .projection = {.projection_type = ProjectionType::kKeysOnly}},
        // A multi-attribute key.
        {.index_name = "by_place",
         .key_schema = {{"region", KeySchemaRole::kHash},
                        {"city", KeySchemaRole::kHash},
                        {"year", KeySchemaRole::kRange},
                        {"day", KeySchemaRole::kRange}},
         .projection = {.projection_type = ProjectionType::kKeysOnly}}};
    ASSERT_THAT(db_.CreateTable(scores).status(), IsOk());
    // Two partitions; "ana" has more items and bytes. Unpadded numbers as
    // sort keys, for the linter.
    for (const char* rank : {"2", "9", "10", "11"}) {
      ASSERT_THAT(db_.PutItem({.table_name = "Scores",
                               .item = Item{{"user", S("ana")},
                                            {"sk", S(rank)},
                                            {"points", N("5")}}})
                      .status(),
                  IsOk());
    }
    ASSERT_THAT(db_.PutItem({.table_name = "Scores",
                             .item = Item{{"user", S("bea")}, {"sk", S("1")}}})
                    .status(),
                IsOk());
  }

  // A request with a well-formed Authorization header (the exchange checks
  // the helper endpoints' as DynamoDB requests'), unless `authorized` is off.
  HttpResponse Send(std::string method, std::string target,
                    std::string body = "", bool authorized = true) {
    HttpRequest request;
    request.method = std::move(method);
    request.target = std::move(target);
    request.body = std::move(body);
    if (authorized) {
      request.headers = {
          {"X-Amz-Date", "20261130T000000Z"},
          {"Authorization",
           "AWS4-HMAC-SHA256 Credential=AKID/20261130/us-east-1/dynamodb/"
           "aws4_request, SignedHeaders=host;x-amz-date, Signature=abcdef"}};
    }
    return HandleHttpRequest(db_, request, options_);
  }

  Database db_;
  ConsoleRoutes routes_;
  ExchangeOptions options_{.routes = &routes_};
};

TEST_F(ConsoleRoutesTest, ServesThePageAndItsAssets) {
  for (const char* target :
       {"/console", "/console/", "/console/index.html", "/console?x=1"}) {
    SCOPED_TRACE(target);
    HttpResponse page = Send("GET", target);
    EXPECT_EQ(page.status, 200);
    EXPECT_THAT(page.Header("Content-Type"),
                Pointee(std::string("text/html; charset=utf-8")));
    EXPECT_THAT(page.body, HasSubstr("<title>Dynamite console</title>"));
  }
  HttpResponse script = Send("GET", "/console/console.js");
  EXPECT_EQ(script.status, 200);
  EXPECT_THAT(script.Header("Content-Type"),
              Pointee(std::string("text/javascript; charset=utf-8")));
  EXPECT_THAT(script.body, HasSubstr("DynamoDB_20120810."));
  EXPECT_EQ(Send("GET", "/console/console.css").status, 200);
  EXPECT_EQ(Send("GET", "/console/missing.js").status, 404);
}

TEST_F(ConsoleRoutesTest, LeavesEverythingElseToDynamoDbsRules) {
  EXPECT_EQ(Send("GET", "/").body, "healthy: dynamodb.ddblocal.amazonaws.com ");
  // Not the console's: a path that only starts with its name, another GET.
  for (const char* target : {"/consoles", "/other"}) {
    HttpResponse answer = Send("GET", target);
    EXPECT_EQ(answer.status, 404);
    EXPECT_EQ(answer.body, "<UnknownOperationException/>\n");
  }
  // Without the routes, /console is just another GET.
  options_.routes = nullptr;
  EXPECT_EQ(Send("GET", "/console").body, "<UnknownOperationException/>\n");
  EXPECT_EQ(Send("POST", "/console/api/lint", R"({"TableName":"Scores"})").body,
            "<UnknownOperationException/>\n");
}

TEST_F(ConsoleRoutesTest, HelperEndpointsTakePostOnly) {
  EXPECT_EQ(Send("GET", "/console/api/lint").status, 405);
  HttpResponse unknown = Send("POST", "/console/api/nothing", "{}");
  EXPECT_EQ(unknown.status, 404);
  EXPECT_THAT(unknown.body, HasSubstr("UnknownOperationException"));
}

TEST_F(ConsoleRoutesTest, HelperEndpointsCheckAuthorizationAsDynamoDbDoes) {
  // The page and its assets are public.
  EXPECT_EQ(Send("GET", "/console", "", /*authorized=*/false).status, 200);
  HttpResponse missing =
      Send("POST", "/console/api/lint", R"({"TableName":"Scores"})",
           /*authorized=*/false);
  EXPECT_EQ(missing.status, 400);
  EXPECT_THAT(missing.body, HasSubstr("MissingAuthenticationTokenException"));
  // With --auth's credentials the signature is verified, in DynamoDB's
  // order: the request's date (days ago here) comes first.
  const Credentials credentials = {{"AKIDEXAMPLE", "secret"}};
  options_.credentials = &credentials;
  HttpResponse expired =
      Send("POST", "/console/api/lint", R"({"TableName":"Scores"})");
  EXPECT_EQ(expired.status, 400);
  EXPECT_THAT(expired.body, HasSubstr("InvalidSignatureException\",\"message\":"
                                      "\"Signature expired: 20261130T000000Z"));
}

TEST_F(ConsoleRoutesTest, ExpressionEscapesReservedNamesAndTypesValues) {
  HttpResponse answer = Send("POST", "/console/api/expression", R"({
      "TableName": "Scores", "PartitionValue": {"S": "ana"},
      "SortKeyCondition": {"Operator": "BETWEEN",
                           "Values": [{"S": "10"}, {"S": "2"}]}})");
  EXPECT_EQ(answer.status, 200);
  EXPECT_EQ(
      answer.body,
      R"({"TableName":"Scores",)"
      R"("KeyConditionExpression":"#n0 = :v0 AND sk BETWEEN :v1 AND :v2",)"
      R"("ExpressionAttributeNames":{"#n0":"user"},)"
      R"("ExpressionAttributeValues":{":v0":{"S":"ana"},":v1":{"S":"10"},)"
      R"(":v2":{"S":"2"}}})");
  // An index's key, and no sort-key condition.
  answer = Send("POST", "/console/api/expression",
                R"({"TableName": "Scores", "IndexName": "by_points",
                    "PartitionValue": {"N": "5"}})");
  EXPECT_EQ(answer.status, 200);
  EXPECT_THAT(answer.body,
              HasSubstr(R"("KeyConditionExpression":"points = :v0")"));
}

TEST_F(ConsoleRoutesTest, ExpressionCoversAMultiAttributeKey) {
  HttpResponse answer = Send("POST", "/console/api/expression", R"({
      "TableName": "Scores", "IndexName": "by_place",
      "PartitionValues": [{"S": "eu"}, {"S": "paris"}],
      "SortKeyEqualities": [{"N": "2026"}],
      "SortKeyCondition": {"Operator": ">=", "Values": [{"N": "5"}]}})");
  EXPECT_EQ(answer.status, 200);
  EXPECT_THAT(answer.body, HasSubstr(R"("KeyConditionExpression":")"
                                     R"(#n0 = :v0 AND city = :v1 AND )"
                                     R"(#n1 = :v2 AND #n2 >= :v3")"));
  EXPECT_THAT(answer.body, HasSubstr(R"("ExpressionAttributeNames":{"#n0":)"
                                     R"("region","#n1":"year","#n2":"day"})"));
  // And the Query it describes runs.
  Item item{{"user", S("cleo")},  {"sk", S("1")},      {"region", S("eu")},
            {"city", S("paris")}, {"year", N("2026")}, {"day", N("6")}};
  ASSERT_THAT(db_.PutItem({.table_name = "Scores", .item = item}).status(),
              IsOk());
  QueryRequest query{
      .table_name = "Scores",
      .index_name = "by_place",
      .key_condition_expression =
          "#n0 = :v0 AND city = :v1 AND #n1 = :v2 AND #n2 >= :v3",
      .expression_attribute_names =
          ExpressionAttributeNames{
              {"#n0", "region"}, {"#n1", "year"}, {"#n2", "day"}},
      .expression_attribute_values =
          ExpressionAttributeValues{{":v0", S("eu")},
                                    {":v1", S("paris")},
                                    {":v2", N("2026")},
                                    {":v3", N("5")}}};
  absl::StatusOr<QueryResponse> read = db_.Query(query);
  ASSERT_THAT(read.status(), IsOk());
  EXPECT_EQ(read->count, 1);
}

TEST_F(ConsoleRoutesTest, ExpressionErrorsAreDynamoDbErrors) {
  struct Case {
    const char* body;
    const char* error;
  };
  const Case cases[] = {
      {R"({"TableName": "Nope", "PartitionValue": {"S": "a"}})",
       "ResourceNotFoundException"},
      {R"({"PartitionValue": {"S": "a"}})", "TableName is required"},
      {R"({"TableName": "Scores"})",
       "The key has 1 partition-key attribute: give one value for each "
       "(user)"},
      {R"({"TableName": "Scores", "IndexName": "by_x",
           "PartitionValue": {"S": "a"}})",
       "The table does not have the specified index: by_x"},
      {R"({"TableName": "Scores", "PartitionValue": {"S": "a"},
           "SortKeyCondition": {"Operator": "BETWEEN", "Values": [{"S": "a"}]}})",
       "The operator BETWEEN takes 2 values"},
      {R"({"TableName": "Scores", "PartitionValue": {"S": "a"},
           "SortKeyCondition": {"Operator": "<>", "Values": [{"S": "a"}]}})",
       "Unknown sort key operator: <>"},
      {R"({"TableName": "Scores", "IndexName": "by_points",
           "PartitionValue": {"N": "5"},
           "SortKeyCondition": {"Operator": "=", "Values": [{"N": "1"}]}})",
       "The key has 0 sort-key attributes, and the request tests 1"},
      {R"({"TableName": "Scores", "IndexName": "by_place",
           "PartitionValues": [{"S": "eu"}]})",
       "The key has 2 partition-key attributes: give one value for each "
       "(region, city)"},
      {R"({"TableName": "Scores", "PartitionValue": {"Q": "a"}})",
       "Supplied AttributeValue is empty, must contain exactly one of the "
       "supported datatypes"},
      {"not json", "SerializationException"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.body);
    HttpResponse answer = Send("POST", "/console/api/expression", c.body);
    EXPECT_EQ(answer.status, 400);
    EXPECT_THAT(answer.body, HasSubstr(c.error));
  }
}

TEST_F(ConsoleRoutesTest, LintReportsTheTablesFindings) {
  HttpResponse answer =
      Send("POST", "/console/api/lint", R"({"TableName": "Scores"})");
  EXPECT_EQ(answer.status, 200);
  EXPECT_THAT(answer.body, StartsWith(R"({"tables":[{"table":"Scores")"));
  EXPECT_THAT(answer.body, HasSubstr(R"("findings":[{)"));
  EXPECT_THAT(
      Send("POST", "/console/api/lint", R"({"TableName": "Nope"})").body,
      HasSubstr("ResourceNotFoundException"));
}

TEST_F(ConsoleRoutesTest, PartitionsComeLargestFirst) {
  HttpResponse answer =
      Send("POST", "/console/api/partitions", R"({"TableName": "Scores"})");
  EXPECT_EQ(answer.status, 200);
  // ana: 4 items of user(4+3) + sk + points(6+2); bea: one of 7 + 3.
  EXPECT_THAT(answer.body, StartsWith(R"({"ItemCount":5,"SizeBytes":)"));
  EXPECT_THAT(
      answer.body,
      HasSubstr(R"("PartitionCount":2,"Partitions":[{"Key":{"S":"ana"},)"
                R"("ItemCount":4,)"));
  EXPECT_THAT(answer.body, HasSubstr(R"({"Key":{"S":"bea"},"ItemCount":1,)"));
}

}  // namespace
}  // namespace dynamite
