// server/http_exchange: DynamoDB's HTTP rules, without a socket — methods,
// content types, the health line, body size, targets, the Authorization
// checks, and the headers every answer carries.

#include "server/http_exchange.h"

#include <string>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include "api/database.h"
#include "zlib.h"

namespace dynamite {
namespace {

using ::testing::HasSubstr;
using ::testing::MatchesRegex;
using ::testing::NotNull;
using ::testing::Pointee;

constexpr char kAuth[] =
    "AWS4-HMAC-SHA256 Credential=AKID/20261130/us-east-1/dynamodb/"
    "aws4_request, SignedHeaders=host;x-amz-date, Signature=abcdef";

class HttpExchangeTest : public ::testing::Test {
 protected:
  // A well-formed DynamoDB request for `operation`.
  static HttpRequest Post(const std::string& operation, std::string body) {
    HttpRequest r;
    r.method = "POST";
    r.target = "/";
    r.headers = {{"Content-Type", "application/x-amz-json-1.0"},
                 {"X-Amz-Target", "DynamoDB_20120810." + operation},
                 {"X-Amz-Date", "20261130T000000Z"},
                 {"Authorization", kAuth}};
    r.body = std::move(body);
    return r;
  }

  HttpResponse Send(const HttpRequest& request) {
    return HandleHttpRequest(db_, request, ExchangeOptions{});
  }

  static void SetHeader(HttpRequest& r, const std::string& name,
                        const std::string& value) {
    for (auto& [key, v] : r.headers) {
      if (key == name) {
        v = value;
        return;
      }
    }
    r.headers.emplace_back(name, value);
  }

  static void RemoveHeader(HttpRequest& r, const std::string& name) {
    std::erase_if(r.headers, [&](const auto& h) { return h.first == name; });
  }

  Database db_;
};

std::string Crc32Of(const std::string& body) {
  return absl::StrCat(crc32(0L, reinterpret_cast<const Bytef*>(body.data()),
                            static_cast<uInt>(body.size())));
}

TEST_F(HttpExchangeTest, AnswersAnOperationWithDynamoDbsHeaders) {
  HttpResponse response = Send(Post("ListTables", "{}"));

  EXPECT_EQ(response.status, 200);
  EXPECT_EQ(response.body, R"({"TableNames":[]})");
  EXPECT_THAT(response.Header("content-type"),
              Pointee(std::string("application/x-amz-json-1.0")));
  EXPECT_THAT(response.Header("x-amz-crc32"), Pointee(Crc32Of(response.body)));
  ASSERT_THAT(response.Header("x-amzn-RequestId"), NotNull());
  EXPECT_THAT(*response.Header("x-amzn-RequestId"),
              MatchesRegex("[0-9A-Z]{52}"));
}

TEST_F(HttpExchangeTest, RequestIdsDiffer) {
  EXPECT_NE(NewRequestId(), NewRequestId());
}

TEST_F(HttpExchangeTest, ApplicationJsonIsAcceptedAndEchoed) {
  HttpRequest request = Post("ListTables", "{}");
  SetHeader(request, "Content-Type", "application/json");

  HttpResponse response = Send(request);

  EXPECT_EQ(response.status, 200);
  EXPECT_THAT(response.Header("Content-Type"),
              Pointee(std::string("application/json")));
}

TEST_F(HttpExchangeTest, ErrorsCarryTheSameHeaders) {
  HttpResponse response =
      Send(Post("DescribeTable", R"({"TableName":"nothere"})"));

  EXPECT_EQ(response.status, 400);
  EXPECT_THAT(response.body, HasSubstr("ResourceNotFoundException"));
  EXPECT_THAT(response.Header("x-amz-crc32"), Pointee(Crc32Of(response.body)));
  EXPECT_THAT(response.Header("Content-Type"),
              Pointee(std::string("application/x-amz-json-1.0")));
}

TEST_F(HttpExchangeTest, HealthLine) {
  HttpRequest request;
  request.method = "GET";
  request.target = "/";

  HttpResponse response =
      HandleHttpRequest(db_, request, ExchangeOptions{.region = "us-east-1"});

  EXPECT_EQ(response.status, 200);
  EXPECT_EQ(response.body, "healthy: dynamodb.us-east-1.amazonaws.com ");
}

TEST_F(HttpExchangeTest, OtherMethodsAndContentTypesAre404) {
  HttpRequest put = Post("ListTables", "{}");
  put.method = "PUT";
  HttpRequest get_other = Post("ListTables", "");
  get_other.method = "GET";
  get_other.target = "/tables";
  HttpRequest wrong_type = Post("ListTables", "{}");
  SetHeader(wrong_type, "Content-Type", "application/x-amz-json-1.1");
  HttpRequest no_type = Post("ListTables", "{}");
  RemoveHeader(no_type, "Content-Type");

  for (const HttpRequest& request : {put, get_other, wrong_type, no_type}) {
    SCOPED_TRACE(request.method + " " + request.target);
    HttpResponse response = Send(request);
    EXPECT_EQ(response.status, 404);
    EXPECT_EQ(response.body, "<UnknownOperationException/>\n");
    // dynalite's capture of DynamoDB: the fixed crc32 of that body.
    EXPECT_THAT(response.Header("x-amz-crc32"),
                Pointee(std::string("3552371480")));
  }
}

TEST_F(HttpExchangeTest, BodiesOver16MegabytesAre413) {
  HttpResponse response =
      Send(Post("ListTables", std::string(kMaxRequestBodyBytes + 1, ' ')));

  EXPECT_EQ(response.status, 413);
  EXPECT_EQ(response.body, "");
  // Exactly 16 MB is still read (and here fails as JSON).
  EXPECT_EQ(
      Send(Post("ListTables", std::string(kMaxRequestBodyBytes, ' '))).status,
      400);
}

TEST_F(HttpExchangeTest, JsonIsCheckedBeforeTheTargetAndTheTargetBeforeAuth) {
  HttpRequest bad_json = Post("NoSuchOperation", "{");
  RemoveHeader(bad_json, "Authorization");
  EXPECT_EQ(Send(bad_json).body,
            R"({"__type":"com.amazon.coral.service#SerializationException"})");

  HttpRequest unknown = Post("NoSuchOperation", "{}");
  RemoveHeader(unknown, "Authorization");
  EXPECT_EQ(
      Send(unknown).body,
      R"({"__type":"com.amazon.coral.service#UnknownOperationException"})");
}

TEST_F(HttpExchangeTest, UnknownTargetsAreUnknownOperations) {
  for (const std::string& target :
       {std::string("DynamoDBStreams_20120810.ListStreams"),
        std::string("DynamoDB_20120810.ListTable"), std::string("whatever"),
        std::string("DynamoDB_20111205.ListTables")}) {
    SCOPED_TRACE(target);
    HttpRequest request = Post("ListTables", "{}");
    SetHeader(request, "X-Amz-Target", target);
    HttpResponse response = Send(request);
    EXPECT_EQ(response.status, 400);
    EXPECT_EQ(
        response.body,
        R"({"__type":"com.amazon.coral.service#UnknownOperationException"})");
  }
  HttpRequest missing = Post("ListTables", "{}");
  RemoveHeader(missing, "X-Amz-Target");
  EXPECT_THAT(Send(missing).body, HasSubstr("UnknownOperationException"));
}

TEST_F(HttpExchangeTest, MissingAuthorization) {
  HttpRequest request = Post("ListTables", "{}");
  RemoveHeader(request, "Authorization");
  HttpRequest not_sigv4 = Post("ListTables", "{}");
  SetHeader(not_sigv4, "Authorization", "Basic abc");

  for (const HttpRequest& r : {request, not_sigv4}) {
    HttpResponse response = Send(r);
    EXPECT_EQ(response.status, 400);
    EXPECT_EQ(response.body,
              R"({"__type":"com.amazon.coral.service#)"
              R"(MissingAuthenticationTokenException",)"
              R"("message":"Request is missing Authentication Token"})");
  }
}

TEST_F(HttpExchangeTest, IncompleteSignature) {
  HttpRequest request = Post("ListTables", "{}");
  SetHeader(request, "Authorization", "AWS4-HMAC-SHA256 Credential=a/b/c/d/e");
  RemoveHeader(request, "X-Amz-Date");

  HttpResponse response = Send(request);

  EXPECT_EQ(response.status, 400);
  EXPECT_EQ(
      response.body,
      R"({"__type":"com.amazon.coral.service#IncompleteSignatureException",)"
      R"("message":"Authorization header requires 'Signature' parameter. )"
      R"(Authorization header requires 'SignedHeaders' parameter. )"
      R"(Authorization header requires existence of either a 'X-Amz-Date' or )"
      R"(a 'Date' header. Authorization=AWS4-HMAC-SHA256 )"
      R"(Credential=a/b/c/d/e"})");

  // A Date header serves as well as X-Amz-Date.
  HttpRequest dated = Post("ListTables", "{}");
  RemoveHeader(dated, "X-Amz-Date");
  SetHeader(dated, "Date", "Mon, 30 Nov 2026 00:00:00 GMT");
  EXPECT_EQ(Send(dated).status, 200);
}

TEST_F(HttpExchangeTest, AuthIsCheckedBeforeTheBodysShape) {
  HttpRequest empty = Post("ListTables", "");
  RemoveHeader(empty, "Authorization");
  EXPECT_THAT(Send(empty).body,
              HasSubstr("MissingAuthenticationTokenException"));

  EXPECT_EQ(Send(Post("ListTables", "")).body,
            R"({"__type":"com.amazon.coral.service#SerializationException"})");
  EXPECT_EQ(Send(Post("ListTables", "[]")).body,
            R"({"__type":"com.amazon.coral.service#SerializationException"})");
}

TEST_F(HttpExchangeTest, HeaderNamesAreCaseInsensitive) {
  HttpRequest request;
  request.method = "POST";
  request.target = "/";
  request.headers = {{"content-type", "application/x-amz-json-1.0"},
                     {"x-amz-target", "DynamoDB_20120810.ListTables"},
                     {"x-amz-date", "20261130T000000Z"},
                     {"authorization", kAuth}};
  request.body = "{}";

  EXPECT_EQ(Send(request).status, 200);
}

TEST_F(HttpExchangeTest, ConditionFailureReturnsTheItemInTheBody) {
  ASSERT_EQ(
      Send(Post("CreateTable",
                R"({"TableName":"tab","BillingMode":"PAY_PER_REQUEST",)"
                R"("KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],)"
                R"("AttributeDefinitions":[{"AttributeName":"pk",)"
                R"("AttributeType":"S"}]})"))
          .status,
      200);
  const std::string put =
      R"({"TableName":"tab","Item":{"pk":{"S":"a"}},)"
      R"j("ConditionExpression":"attribute_not_exists(pk)",)j"
      R"("ReturnValuesOnConditionCheckFailure":"ALL_OLD"})";
  ASSERT_EQ(Send(Post("PutItem", put)).status, 200);

  HttpResponse response = Send(Post("PutItem", put));

  EXPECT_EQ(response.status, 400);
  EXPECT_EQ(response.body,
            R"({"__type":"com.amazonaws.dynamodb.v20120810#)"
            R"(ConditionalCheckFailedException","message":"The conditional )"
            R"(request failed","Item":{"pk":{"S":"a"}}})");
}

}  // namespace
}  // namespace dynamite
