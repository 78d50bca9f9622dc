// server/http_exchange: DynamoDB's HTTP rules, without a socket — methods,
// content types, the health line, body size, targets, the Authorization
// checks (and, with credentials, Signature V4 verification, compressed
// bodies included), and the headers every answer carries.

#include "server/http_exchange.h"

#include <set>
#include <string>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/time/civil_time.h"
#include "absl/time/time.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include "api/database.h"
#include "common/clock.h"
#include "server/credentials.h"
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

TEST_F(HttpExchangeTest, EveryRequestIdCharacterVaries) {
  // Each position, over many ids, takes many of the 36 characters: no
  // stretch of an id is left constant between random draws.
  std::vector<std::set<char>> seen(52);
  for (int i = 0; i < 500; ++i) {
    const std::string id = NewRequestId();
    ASSERT_EQ(id.size(), 52u);
    for (size_t at = 0; at < id.size(); ++at) seen[at].insert(id[at]);
  }
  for (size_t at = 0; at < seen.size(); ++at) {
    EXPECT_GE(seen[at].size(), 30u) << "position " << at;
  }
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
       {std::string("DynamoDBStreams_20120810.ListTables"),
        std::string("DynamoDB_20120810.ListStreams"),
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

TEST_F(HttpExchangeTest, TheStreamsTargetAnswersOnTheSameEndpoint) {
  HttpRequest request = Post("ListStreams", "{}");
  SetHeader(request, "X-Amz-Target", "DynamoDBStreams_20120810.ListStreams");
  HttpResponse response = Send(request);
  EXPECT_EQ(response.status, 200);
  EXPECT_EQ(response.body, R"({"Streams":[]})");
  EXPECT_THAT(response.Header("x-amz-crc32"), Pointee(Crc32Of(response.body)));
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

// --- Signature V4 verification (ExchangeOptions::credentials) ---

class FixedClock final : public Clock {
 public:
  explicit FixedClock(absl::Time now) : now_(now) {}
  absl::Time Now() const override { return now_; }
  void Set(absl::Time now) { now_ = now; }

 private:
  absl::Time now_;
};

absl::Time Utc(int y, int mo, int d, int h, int mi, int s) {
  return absl::FromCivil(absl::CivilSecond(y, mo, d, h, mi, s),
                         absl::UTCTimeZone());
}

constexpr char kSecret[] = "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY";
constexpr char kSignedAuth[] =
    "AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20261130/us-east-1/dynamodb/"
    "aws4_request, SignedHeaders=content-type;host;x-amz-date;x-amz-target, "
    "Signature="
    "1bbe20bf49313f62338e87372bb46e4dd51f1a648dfef85735fa6b0b4f72bc0e";

class SignatureTest : public HttpExchangeTest {
 protected:
  // ListTables with body "{}", signed with kSecret at 20261130T000000Z. The
  // signature was computed independently (Python's hashlib and hmac).
  static HttpRequest Signed() {
    HttpRequest r;
    r.method = "POST";
    r.target = "/";
    r.headers = {{"Host", "localhost:8000"},
                 {"Content-Type", "application/x-amz-json-1.0"},
                 {"X-Amz-Target", "DynamoDB_20120810.ListTables"},
                 {"X-Amz-Date", "20261130T000000Z"},
                 {"Authorization", kSignedAuth}};
    r.body = "{}";
    return r;
  }

  // `r` with the Authorization header's `from` replaced by `to`.
  static HttpRequest WithAuth(HttpRequest r, const std::string& from,
                              const std::string& to) {
    for (auto& [key, value] : r.headers) {
      if (key != "Authorization") continue;
      const size_t at = value.find(from);
      EXPECT_NE(at, std::string::npos) << from;
      if (at != std::string::npos) value.replace(at, from.size(), to);
    }
    return r;
  }

  HttpResponse SendSigned(const HttpRequest& request) {
    return HandleHttpRequest(
        db_, request,
        ExchangeOptions{.credentials = &credentials_, .clock = &clock_});
  }

  static std::string ErrorBody(const std::string& type,
                               const std::string& message) {
    return absl::StrCat(R"({"__type":"com.amazon.coral.service#)", type,
                        R"(","message":")", message, R"("})");
  }

  Credentials credentials_ = {{"AKIDEXAMPLE", kSecret}, {"other", "secret"}};
  FixedClock clock_{Utc(2026, 11, 30, 0, 5, 0)};
};

TEST_F(SignatureTest, ACorrectlySignedRequestPasses) {
  HttpResponse response = SendSigned(Signed());

  EXPECT_EQ(response.status, 200);
  EXPECT_EQ(response.body, R"({"TableNames":[]})");
}

TEST_F(SignatureTest, HeaderNamesAndSignedHeadersAreCaseInsensitive) {
  HttpRequest request = Signed();
  for (auto& [key, value] : request.headers) {
    if (key != "Authorization") key = absl::AsciiStrToLower(key);
  }
  request = WithAuth(request, "SignedHeaders=content-type;host",
                     "SignedHeaders=Content-Type;HOST");

  EXPECT_EQ(SendSigned(request).status, 200);
}

TEST_F(SignatureTest, WithoutCredentialsAnySignatureIsAccepted) {
  HttpRequest wrong = WithAuth(Signed(), "Signature=1bbe", "Signature=0bbe");
  SetHeader(wrong, "X-Amz-Date", "20010101T000000Z");

  EXPECT_EQ(Send(wrong).status, 200);
  EXPECT_EQ(SendSigned(wrong).status, 400);
}

TEST_F(SignatureTest, MissingPartsAreStillReportedFirst) {
  HttpRequest request = WithAuth(Signed(), ", Signature=1bbe", ", X=1bbe");
  RemoveHeader(request, "X-Amz-Date");

  EXPECT_THAT(SendSigned(request).body,
              HasSubstr("#IncompleteSignatureException\",\"message\":"
                        "\"Authorization header requires 'Signature' "
                        "parameter. Authorization header requires existence "
                        "of either a 'X-Amz-Date' or a 'Date' header. "));
  HttpRequest no_auth = Signed();
  RemoveHeader(no_auth, "Authorization");
  EXPECT_THAT(SendSigned(no_auth).body,
              HasSubstr("MissingAuthenticationTokenException"));
}

TEST_F(SignatureTest, DateMustBeIsoBasicFormat) {
  for (const std::string& date :
       {std::string("201"), std::string("2026-11-30T00:00:00Z"),
        std::string("20261130T000000"), std::string("20261330T000000Z")}) {
    SCOPED_TRACE(date);
    HttpRequest request = Signed();
    SetHeader(request, "X-Amz-Date", date);
    EXPECT_EQ(
        SendSigned(request).body,
        ErrorBody("IncompleteSignatureException",
                  "Date must be in ISO-8601 'basic format'. Got '" + date +
                      "'. See http://en.wikipedia.org/wiki/ISO_8601"));
  }
  // The Date header is read when X-Amz-Date is absent, in the same format.
  HttpRequest dated = Signed();
  RemoveHeader(dated, "X-Amz-Date");
  SetHeader(dated, "Date", "Mon, 30 Nov 2026 00:00:00 GMT");
  EXPECT_THAT(SendSigned(dated).body,
              HasSubstr("Got 'Mon, 30 Nov 2026 00:00:00 GMT'"));
}

TEST_F(SignatureTest, SignaturesExpireAfter15Minutes) {
  clock_.Set(Utc(2026, 11, 30, 0, 15, 1));
  EXPECT_EQ(SendSigned(Signed()).body,
            ErrorBody("InvalidSignatureException",
                      "Signature expired: 20261130T000000Z is now earlier "
                      "than 20261130T000001Z (20261130T001501Z - 15 min.)"));

  clock_.Set(Utc(2026, 11, 30, 0, 15, 0));
  EXPECT_EQ(SendSigned(Signed()).status, 200);
}

TEST_F(SignatureTest, SignaturesFromTheFutureAreNotYetCurrent) {
  clock_.Set(Utc(2026, 11, 29, 23, 44, 59));
  EXPECT_EQ(SendSigned(Signed()).body,
            ErrorBody("InvalidSignatureException",
                      "Signature not yet current: 20261130T000000Z is still "
                      "later than 20261129T235959Z (20261129T234459Z + 15 "
                      "min.)"));

  clock_.Set(Utc(2026, 11, 29, 23, 45, 0));
  EXPECT_EQ(SendSigned(Signed()).status, 200);
}

TEST_F(SignatureTest, HostMustBeSigned) {
  HttpRequest request = WithAuth(Signed(), "content-type;host;", "");
  // Also expired: the date is checked first.
  clock_.Set(Utc(2026, 11, 30, 1, 0, 0));
  EXPECT_THAT(SendSigned(request).body, HasSubstr("Signature expired"));

  clock_.Set(Utc(2026, 11, 30, 0, 0, 0));
  EXPECT_EQ(SendSigned(request).body,
            ErrorBody("InvalidSignatureException",
                      "'Host' must be a 'SignedHeader' in the AWS "
                      "Authorization."));
}

TEST_F(SignatureTest, AlgorithmMustBeHmacSha256) {
  HttpRequest request =
      WithAuth(Signed(), "AWS4-HMAC-SHA256 ", "AWS4-HMAC-SHA25 ");
  EXPECT_EQ(SendSigned(request).body,
            ErrorBody("IncompleteSignatureException",
                      "Unsupported AWS 'algorithm': 'AWS4-HMAC-SHA25' (only "
                      "AWS4-HMAC-SHA256 for now). "));
}

TEST_F(SignatureTest, CredentialMustHaveFiveParts) {
  HttpRequest request =
      WithAuth(Signed(), "AKIDEXAMPLE/20261130/us-east-1/dynamodb/aws4_request",
               "a/b/c/d");
  EXPECT_EQ(SendSigned(request).body,
            ErrorBody("IncompleteSignatureException",
                      "Credential must have exactly 5 slash-delimited "
                      "elements, e.g. keyid/date/region/service/term, got "
                      "'a/b/c/d'"));
  // Trailing slashes are ignored.
  HttpRequest trailing =
      WithAuth(Signed(), "aws4_request,", "aws4_request///,");
  EXPECT_EQ(SendSigned(trailing).status, 200);
  HttpRequest six = WithAuth(Signed(), "aws4_request,", "aws4_request/x,");
  EXPECT_THAT(SendSigned(six).body, HasSubstr("exactly 5 slash-delimited"));
}

TEST_F(SignatureTest, ScopeProblemsAreListedTogether) {
  HttpRequest request =
      WithAuth(Signed(), "AKIDEXAMPLE/20261130/us-east-1/dynamodb/aws4_request",
               "AKIDEXAMPLE/b//d/e");
  EXPECT_EQ(
      SendSigned(request).body,
      ErrorBody("InvalidSignatureException",
                "Credential should be scoped to a valid region, not ''. "
                "Credential should be scoped to correct service: 'dynamodb'. "
                "Credential should be scoped with a valid terminator: "
                "'aws4_request', not 'e'. Date in Credential scope does not "
                "match YYYYMMDD from ISO-8601 version of date from HTTP: 'b' "
                "!= '20261130', from '20261130T000000Z'. "));

  HttpRequest service = WithAuth(Signed(), "/dynamodb/", "/DynamoDB/");
  EXPECT_EQ(SendSigned(service).body,
            ErrorBody("InvalidSignatureException",
                      "Credential should be scoped to correct service: "
                      "'dynamodb'. "));
}

TEST_F(SignatureTest, UnknownAccessKeyIsUnrecognized) {
  HttpRequest request =
      WithAuth(Signed(), "Credential=AKIDEXAMPLE/", "Credential=AKIDUNKNOWN/");
  EXPECT_EQ(SendSigned(request).body,
            ErrorBody("UnrecognizedClientException",
                      "The security token included in the request is "
                      "invalid."));
}

TEST_F(SignatureTest, AWrongSignatureShowsWhatWasExpected) {
  HttpRequest tampered = Signed();
  tampered.body = R"({"Limit":1})";

  HttpResponse response = SendSigned(tampered);

  EXPECT_EQ(response.status, 400);
  EXPECT_EQ(
      response.body,
      ErrorBody(
          "InvalidSignatureException",
          "The request signature we calculated does not match the signature "
          "you provided. Check your AWS Secret Access Key and signing method. "
          "Consult the service documentation for details.\\n\\n"
          "The Canonical String for this request should have been\\n"
          "'POST\\n/\\n\\ncontent-type:application/x-amz-json-1.0\\n"
          "host:localhost:8000\\nx-amz-date:20261130T000000Z\\n"
          "x-amz-target:DynamoDB_20120810.ListTables\\n\\n"
          "content-type;host;x-amz-date;x-amz-target\\n"
          "55522f708dcfebccb7bd3e8d0001a53ecaf2beca9ca801f1e9161e24215faa99'"
          "\\n\\nThe String-to-Sign should have been\\n"
          "'AWS4-HMAC-SHA256\\n20261130T000000Z\\n"
          "20261130/us-east-1/dynamodb/aws4_request\\n"
          "d2df4adc4f2102c08a9e895750eec0e07634f3932a298dd31eae0e1978e3ceb2'"
          "\\n"));
}

TEST_F(SignatureTest, WrongSecretOrSignedHeaderChangesFail) {
  credentials_["AKIDEXAMPLE"] = "not the secret";
  EXPECT_THAT(SendSigned(Signed()).body,
              HasSubstr("The request signature we calculated does not match"));
  credentials_["AKIDEXAMPLE"] = kSecret;

  HttpRequest retargeted = Signed();
  SetHeader(retargeted, "X-Amz-Target", "DynamoDB_20120810.DescribeTable");
  EXPECT_THAT(SendSigned(retargeted).body,
              HasSubstr("InvalidSignatureException"));

  HttpRequest uppercase =
      WithAuth(Signed(), "Signature=1bbe20bf", "Signature=1BBE20BF");
  EXPECT_THAT(SendSigned(uppercase).body,
              HasSubstr("InvalidSignatureException"));
}

TEST_F(SignatureTest, PayloadHashHeaderMustMatchTheBody) {
  // Signed over X-Amz-Content-Sha256 (Python again).
  HttpRequest request = WithAuth(
      Signed(),
      "host;x-amz-date;x-amz-target, Signature=1bbe20bf49313f62338e87372bb46e4"
      "dd51f1a648dfef85735fa6b0b4f72bc0e",
      "host;x-amz-content-sha256;x-amz-date;x-amz-target, Signature=d852b9d56"
      "0a5ce40545693377ad8a48a1fc0c61b9e5ca989ad5ecf3e33d0aff6");
  SetHeader(request, "X-Amz-Content-Sha256",
            "44136fa355b3678a1146ad16f7e8649e94fb4fc21fe77e8310c060f61caaff8a");
  EXPECT_EQ(SendSigned(request).status, 200);

  // The header vouches for "{}", not for what was sent.
  request.body = R"({"Limit":1})";
  EXPECT_THAT(SendSigned(request).body, HasSubstr("InvalidSignatureException"));
  // Nor does an unsigned one stand in for the body.
  HttpRequest unsigned_header = Signed();
  unsigned_header.body = R"({"Limit":1})";
  SetHeader(unsigned_header, "X-Amz-Content-Sha256",
            "44136fa355b3678a1146ad16f7e8649e94fb4fc21fe77e8310c060f61caaff8a");
  EXPECT_THAT(SendSigned(unsigned_header).body,
              HasSubstr("InvalidSignatureException"));
}

TEST_F(SignatureTest, ACompressedBodyIsVerifiedAsItArrived) {
  // ListTables "{}" gzipped (the bytes written out, so the test does not
  // depend on a zlib version), signed over those bytes with Content-Encoding
  // signed too (Python's zlib, hashlib and hmac).
  HttpRequest request = WithAuth(
      Signed(),
      "SignedHeaders=content-type;host;x-amz-date;x-amz-target, Signature=1bb"
      "e20bf49313f62338e87372bb46e4dd51f1a648dfef85735fa6b0b4f72bc0e",
      "SignedHeaders=content-encoding;content-type;host;x-amz-date;"
      "x-amz-target, Signature=b013a809e08648293a5ae8a4e6a16e6916d6ca30b7abd70"
      "67f068c901c1d35b8");
  request.headers.emplace_back("Content-Encoding", "gzip");
  request.body = std::string(
      "\x1f\x8b\x08\x00\x00\x00\x00\x00\x02\x03\xab\xae\x05\x00\x43\xbf\xa6"
      "\xa3\x02\x00\x00\x00",
      22);

  HttpResponse response = SendSigned(request);

  EXPECT_EQ(response.status, 200) << response.body;
  EXPECT_EQ(response.body, R"({"TableNames":[]})");
}

}  // namespace
}  // namespace dynamite
