#include "wire/error_body.h"

#include <string>
#include <vector>

#include "absl/status/status.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include "common/errors.h"

namespace dynamite {
namespace {

struct Case {
  std::string name;
  absl::Status status;
  int http_status;
  std::string body;
};

TEST(ErrorBodyTest, WritesDynamoDbsErrorBodies) {
  const std::vector<Case> cases = {
      {"Validation",
       ValidationError("The provided key element does not "
                       "match the schema"),
       400,
       R"({"__type":"com.amazonaws.dynamodb.v20120810#ValidationException",)"
       R"("message":"The provided key element does not match the schema"})"},
      {"ResourceNotFound",
       ResourceNotFoundError("Requested resource not found"), 400,
       R"({"__type":"com.amazonaws.dynamodb.v20120810#)"
       R"(ResourceNotFoundException","message":"Requested resource not found"})"},
      {"ResourceInUse", ResourceInUseError("Table already exists: t"), 400,
       R"({"__type":"com.amazonaws.dynamodb.v20120810#ResourceInUseException",)"
       R"("message":"Table already exists: t"})"},
      {"ConditionalCheckFailed",
       ConditionalCheckFailedError("The conditional request failed"), 400,
       R"({"__type":"com.amazonaws.dynamodb.v20120810#)"
       R"(ConditionalCheckFailedException",)"
       R"("message":"The conditional request failed"})"},
      {"SerializationWithMessage",
       SerializationError("NUMBER_VALUE cannot be converted to String"), 400,
       R"({"__type":"com.amazon.coral.service#SerializationException",)"
       R"("Message":"NUMBER_VALUE cannot be converted to String"})"},
      {"SerializationWithoutMessage", SerializationError(""), 400,
       R"({"__type":"com.amazon.coral.service#SerializationException"})"},
      {"UnknownOperation", UnknownOperationError(""), 400,
       R"({"__type":"com.amazon.coral.service#UnknownOperationException"})"},
      {"MissingAuthenticationToken",
       MakeError(ErrorKind::kMissingAuthenticationToken,
                 "Request is missing Authentication Token"),
       400,
       R"({"__type":"com.amazon.coral.service#)"
       R"(MissingAuthenticationTokenException",)"
       R"("message":"Request is missing Authentication Token"})"},
      {"UnrecognizedClient",
       MakeError(ErrorKind::kUnrecognizedClient,
                 "The security token included in the request is invalid."),
       400,
       R"({"__type":"com.amazon.coral.service#UnrecognizedClientException",)"
       R"("message":"The security token included in the request is invalid."})"},
      {"LimitExceeded",
       MakeError(ErrorKind::kLimitExceeded,
                 "Too many operations for a given subscriber."),
       400,
       R"({"__type":"com.amazonaws.dynamodb.v20120810#LimitExceededException",)"
       R"("message":"Too many operations for a given subscriber."})"},
      {"Internal", InternalError("boom"), 500,
       R"({"__type":"com.amazonaws.dynamodb.v20120810#InternalServerError",)"
       R"("message":"boom"})"},
      {"PlainInvalidArgumentIsValidation", absl::InvalidArgumentError("bad"),
       400,
       R"({"__type":"com.amazonaws.dynamodb.v20120810#ValidationException",)"
       R"("message":"bad"})"},
      {"PlainUnknownIsInternal", absl::UnknownError("odd"), 500,
       R"({"__type":"com.amazonaws.dynamodb.v20120810#InternalServerError",)"
       R"("message":"odd"})"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);

    WireResponse response = ErrorResponse(c.status);

    EXPECT_EQ(response.http_status, c.http_status);
    EXPECT_EQ(response.body, c.body);
  }
}

TEST(ErrorBodyTest, EscapesMessages) {
  WireResponse response =
      ErrorResponse(ValidationError("a \"quoted\" \\ name\n\t\x01 \xc3\xa9"));

  EXPECT_EQ(
      response.body,
      R"({"__type":"com.amazonaws.dynamodb.v20120810#ValidationException",)"
      R"("message":"a \"quoted\" \\ name\n\t\u0001 )"
      "\xc3\xa9\"}");
}

TEST(ErrorBodyTest, OkStatusIsAnInternalError) {
  WireResponse response = ErrorResponse(absl::OkStatus());

  EXPECT_EQ(response.http_status, 500);
  EXPECT_THAT(response.body, ::testing::HasSubstr("#InternalServerError"));
}

TEST(ErrorBodyTest, TypesUseTheRightNamespace) {
  EXPECT_EQ(ErrorType(ErrorKind::kValidation),
            "com.amazonaws.dynamodb.v20120810#ValidationException");
  EXPECT_EQ(ErrorType(ErrorKind::kSerialization),
            "com.amazon.coral.service#SerializationException");
  EXPECT_EQ(ErrorType(ErrorKind::kAccessDenied),
            "com.amazon.coral.service#AccessDeniedException");
  EXPECT_EQ(ErrorType(ErrorKind::kTransactionCanceled),
            "com.amazonaws.dynamodb.v20120810#TransactionCanceledException");
}

}  // namespace
}  // namespace dynamite
