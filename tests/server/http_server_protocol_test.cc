// The HTTP protocol features of `dynamite serve` over real loopback
// sockets, checked on the bytes a client reads: compressed request bodies
// (gzip, deflate, corrupt, bombs), gzip answers and their x-amz-crc32,
// Accept-Encoding's q-values and repeated headers, the oversized header
// block, CORS (preflights, error and transport answers, disallowed
// origins), the health line, and the newest SDKs' protocol headers.

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/time/time.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include "api/database.h"
#include "server/http_exchange.h"
#include "server/http_server.h"
#include "tests/server/http_test_client.h"
#include "tests/server/zlib_test_codec.h"

#include <boost/beast/http.hpp>

namespace dynamite {
namespace {

namespace http = boost::beast::http;
using ::testing::HasSubstr;
using ::testing::StartsWith;

constexpr char kCreateTable[] = R"({"TableName": "things",
    "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
    "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}],
    "BillingMode": "PAY_PER_REQUEST"})";

// A PutItem of item `pk` with a `size`-character attribute.
std::string PutItemBody(const std::string& pk, size_t size) {
  return absl::StrCat(R"({"TableName":"things","Item":{"pk":{"S":")", pk,
                      R"("},"text":{"S":")", std::string(size, 'x'), R"("}}})");
}

std::string GetItemBody(const std::string& pk) {
  return absl::StrCat(R"({"TableName":"things","Key":{"pk":{"S":")", pk,
                      R"("}},"ConsistentRead":true})");
}

std::string Header(const TestResponse& response, const std::string& name) {
  const auto field = response.find(name);
  return field == response.end() ? "" : std::string(field->value());
}

bool HasHeader(const TestResponse& response, const std::string& name) {
  return response.find(name) != response.end();
}

class HttpServerProtocolTest : public ::testing::Test {
 protected:
  // Serves db_ allowing `origins` (a --cors list; "" keeps the default,
  // every origin), replacing any server running.
  void Serve(const std::string& origins = "") {
    // A short idle timeout makes the deadline sweep (a tenth of it) short,
    // so that stopping the server between tests takes milliseconds.
    HttpServerOptions options{.host = "127.0.0.1",
                              .port = 0,
                              .threads = 1,
                              .idle_timeout = absl::Seconds(2)};
    if (!origins.empty()) {
      options.exchange.cors = *ParseCorsOrigins(origins);
    }
    server_.reset();
    server_.emplace(db_, std::move(options));
    ASSERT_TRUE(server_->ok());
  }

  void Start() {
    Serve();
    std::optional<TestResponse> created =
        Send(Post("CreateTable", kCreateTable));
    ASSERT_TRUE(created.has_value());
    ASSERT_EQ(created->result_int(), 200) << created->body();
  }

  void SetUp() override { Start(); }

  std::optional<TestResponse> Send(const TestRequest& request) {
    TestHttpClient client(server_->port());
    std::optional<TestResponse> response = client.RoundTrip(request);
    EXPECT_TRUE(response.has_value()) << client.error().message();
    return response;
  }

  // A POST whose body is sent in `coding` (a Content-Encoding value).
  static TestRequest Encoded(const std::string& operation, std::string body,
                             const std::string& coding) {
    TestRequest request = Post(operation, std::move(body));
    request.set(http::field::content_encoding, coding);
    request.prepare_payload();
    return request;
  }

  // The text of item `pk`, or "" when it is absent.
  std::string StoredText(const std::string& pk) {
    std::optional<TestResponse> got = Send(Post("GetItem", GetItemBody(pk)));
    if (!got.has_value() || got->result_int() != 200) return "";
    const std::string& body = got->body();
    const size_t at = body.find(R"("text":{"S":")");
    if (at == std::string::npos) return "";
    const size_t start = at + 13;
    return body.substr(start, body.find('"', start) - start);
  }

  Database db_;
  std::optional<RunningServer> server_;
};

// --- Compressed request bodies.

TEST_F(HttpServerProtocolTest, AcceptsAGzipRequestBody) {
  std::optional<TestResponse> put =
      Send(Encoded("PutItem", TestGzip(PutItemBody("gz", 100)), "gzip"));

  ASSERT_TRUE(put.has_value());
  EXPECT_EQ(put->result_int(), 200) << put->body();
  EXPECT_EQ(StoredText("gz"), std::string(100, 'x'));
}

TEST_F(HttpServerProtocolTest, AcceptsADeflateRequestBody) {
  std::optional<TestResponse> put =
      Send(Encoded("PutItem", TestDeflate(PutItemBody("df", 100)), "deflate"));

  ASSERT_TRUE(put.has_value());
  EXPECT_EQ(put->result_int(), 200) << put->body();
  EXPECT_EQ(StoredText("df"), std::string(100, 'x'));
}

TEST_F(HttpServerProtocolTest, ACorruptGzipBodyIsAnInternalServerError) {
  std::string gzip = TestGzip(PutItemBody("bad", 100));
  gzip.resize(gzip.size() - 1);

  std::optional<TestResponse> put = Send(Encoded("PutItem", gzip, "gzip"));
  std::optional<TestResponse> plain =
      Send(Encoded("PutItem", PutItemBody("bad", 100), "gzip"));

  ASSERT_TRUE(put.has_value() && plain.has_value());
  // DynamoDB answers a body it cannot inflate with a 500 (http_exchange.h).
  EXPECT_EQ(put->result_int(), 500);
  EXPECT_THAT(put->body(), HasSubstr("#InternalServerError"));
  EXPECT_THAT(put->body(), HasSubstr("ends before its stream does"));
  EXPECT_EQ(Header(*put, "x-amz-crc32"), TestCrc32(put->body()));
  EXPECT_EQ(plain->result_int(), 500);
  EXPECT_THAT(plain->body(), HasSubstr("not a valid gzip stream"));
  EXPECT_EQ(StoredText("bad"), "");  // nothing was written
}

TEST_F(HttpServerProtocolTest, AnUnknownContentCodingIsRefusedByName) {
  std::optional<TestResponse> put =
      Send(Encoded("PutItem", PutItemBody("br", 10), "br"));

  ASSERT_TRUE(put.has_value());
  EXPECT_EQ(put->result_int(), 500);
  EXPECT_THAT(put->body(), HasSubstr("Content-Encoding 'br' is not supported"));
  EXPECT_EQ(StoredText("br"), "");
}

TEST_F(HttpServerProtocolTest, ADecompressionBombIsRefusedWith413) {
  // 17 MB of blanks inside the JSON: about 17 KB on the wire.
  std::string body = PutItemBody("bomb", 10);
  body.insert(1, kMaxRequestBodyBytes + (1 << 20), ' ');
  const std::string bomb = TestGzip(body);
  ASSERT_LT(bomb.size(), size_t{1} << 20);

  std::optional<TestResponse> put = Send(Encoded("PutItem", bomb, "gzip"));

  ASSERT_TRUE(put.has_value());
  EXPECT_EQ(put->result_int(), 413);
  EXPECT_EQ(StoredText("bomb"), "");
}

TEST_F(HttpServerProtocolTest, AGzipBodyInflatingToExactlyTheLimitIsRead) {
  std::string body = "{}";
  body.resize(kMaxRequestBodyBytes, ' ');

  std::optional<TestResponse> listed =
      Send(Encoded("ListTables", TestGzip(body), "gzip"));

  ASSERT_TRUE(listed.has_value());
  EXPECT_EQ(listed->result_int(), 200) << listed->body();
}

// --- Compressed answers.

TEST_F(HttpServerProtocolTest, LargeAnswersAreGzipWithTheWireCrc) {
  ASSERT_EQ(Send(Post("PutItem", PutItemBody("big", 20000)))->result_int(),
            200);
  TestRequest get = Post("GetItem", GetItemBody("big"));
  get.set(http::field::accept_encoding, "gzip, deflate");

  std::optional<TestResponse> got = Send(get);

  ASSERT_TRUE(got.has_value());
  EXPECT_EQ(got->result_int(), 200);
  EXPECT_EQ(Header(*got, "Content-Encoding"), "gzip");
  EXPECT_THAT(Header(*got, "Vary"), HasSubstr("Accept-Encoding"));
  EXPECT_LT(got->body().size(), 20000u);
  EXPECT_EQ(Header(*got, "Content-Length"), absl::StrCat(got->body().size()));
  // The CRC-32 is over the bytes on the wire, as the SDKs check it.
  EXPECT_EQ(Header(*got, "x-amz-crc32"), TestCrc32(got->body()));
  std::optional<std::string> json = TestGunzip(got->body());
  ASSERT_TRUE(json.has_value());
  TestRequest plain = Post("GetItem", GetItemBody("big"));
  std::optional<TestResponse> uncompressed = Send(plain);
  ASSERT_TRUE(uncompressed.has_value());
  EXPECT_EQ(*json, uncompressed->body());
  EXPECT_THAT(*json, StartsWith(R"({"Item":)"));
}

TEST_F(HttpServerProtocolTest, SmallAnswersAreNotCompressed) {
  TestRequest list = Post("ListTables", "{}");
  list.set(http::field::accept_encoding, "gzip");

  std::optional<TestResponse> listed = Send(list);

  ASSERT_TRUE(listed.has_value());
  EXPECT_FALSE(HasHeader(*listed, "Content-Encoding"));
  EXPECT_FALSE(HasHeader(*listed, "Vary"));
  EXPECT_EQ(listed->body(), R"({"TableNames":["things"]})");
  EXPECT_EQ(Header(*listed, "x-amz-crc32"), TestCrc32(listed->body()));
}

TEST_F(HttpServerProtocolTest, GzipWithQZeroOrNoAcceptEncodingIsNotCompressed) {
  ASSERT_EQ(Send(Post("PutItem", PutItemBody("big", 20000)))->result_int(),
            200);
  for (const char* accept : {"", "gzip;q=0", "identity", "*;q=0", "br"}) {
    SCOPED_TRACE(accept);
    TestRequest get = Post("GetItem", GetItemBody("big"));
    if (*accept != '\0') get.set(http::field::accept_encoding, accept);

    std::optional<TestResponse> got = Send(get);

    ASSERT_TRUE(got.has_value());
    EXPECT_FALSE(HasHeader(*got, "Content-Encoding"));
    EXPECT_THAT(Header(*got, "Vary"), HasSubstr("Accept-Encoding"));
    EXPECT_THAT(got->body(), StartsWith(R"({"Item":)"));
    EXPECT_EQ(Header(*got, "x-amz-crc32"), TestCrc32(got->body()));
  }
}

TEST_F(HttpServerProtocolTest, RepeatedAcceptEncodingHeadersAreCombined) {
  ASSERT_EQ(Send(Post("PutItem", PutItemBody("big", 20000)))->result_int(),
            200);
  TestRequest take = Post("GetItem", GetItemBody("big"));
  take.insert(http::field::accept_encoding, "br");
  take.insert(http::field::accept_encoding, "gzip");
  TestRequest refuse = Post("GetItem", GetItemBody("big"));
  refuse.insert(http::field::accept_encoding, "*");
  refuse.insert(http::field::accept_encoding, "gzip;q=0");

  std::optional<TestResponse> taken = Send(take);
  std::optional<TestResponse> refused = Send(refuse);

  ASSERT_TRUE(taken.has_value() && refused.has_value());
  EXPECT_EQ(Header(*taken, "Content-Encoding"), "gzip");
  EXPECT_FALSE(HasHeader(*refused, "Content-Encoding"));
}

TEST_F(HttpServerProtocolTest, CompressedAnswersKeepTheConnectionAlive) {
  ASSERT_EQ(Send(Post("PutItem", PutItemBody("big", 20000)))->result_int(),
            200);
  TestHttpClient client(server_->port());
  TestRequest get = Post("GetItem", GetItemBody("big"));
  get.set(http::field::accept_encoding, "gzip");

  for (int i = 0; i < 3; ++i) {
    std::optional<TestResponse> got = client.RoundTrip(get);
    ASSERT_TRUE(got.has_value()) << i << ": " << client.error().message();
    EXPECT_TRUE(TestGunzip(got->body()).has_value());
    EXPECT_TRUE(got->keep_alive());
  }
}

// --- The oversized header block.

TEST_F(HttpServerProtocolTest, OversizedHeaderBlockIs400ThenClosed) {
  for (const std::string& bytes :
       {absl::StrCat("POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ",
                     std::string(70 << 10, 'a'), "\r\n\r\n"),
        absl::StrCat("GET /", std::string(70 << 10, 'a'),
                     " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"),
        // A header block that never ends.
        absl::StrCat("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n",
                     std::string(70 << 10, 'b'))}) {
    TestHttpClient client(server_->port());
    ASSERT_FALSE(client.WriteRaw(bytes));

    std::optional<TestResponse> response = client.Read();

    ASSERT_TRUE(response.has_value()) << client.error().message();
    EXPECT_EQ(response->result_int(), 400);
    EXPECT_THAT(response->body(), HasSubstr("too large"));
    EXPECT_FALSE(response->keep_alive());
    // Access-Control-Allow-Origin: * needs no Origin, which was not read.
    EXPECT_EQ(Header(*response, "Access-Control-Allow-Origin"), "*");
    EXPECT_FALSE(client.Read().has_value());
    EXPECT_TRUE(IsClosed(client.error())) << client.error().message();
  }
  // The server goes on serving.
  std::optional<TestResponse> listed = Send(Post("ListTables", "{}"));
  ASSERT_TRUE(listed.has_value());
  EXPECT_EQ(listed->result_int(), 200);
}

TEST_F(HttpServerProtocolTest, HeaderBlockJustUnderTheLimitIsServed) {
  TestRequest list = Post("ListTables", "{}");
  list.set("X-Padding", std::string(60 << 10, 'p'));

  std::optional<TestResponse> listed = Send(list);

  ASSERT_TRUE(listed.has_value());
  EXPECT_EQ(listed->result_int(), 200);
}

// --- CORS.

// An OPTIONS preflight from `origin`, as a browser sends it before a
// DynamoDB POST.
TestRequest PreflightFrom(const std::string& origin) {
  TestRequest request(http::verb::options, "/", 11);
  request.set(http::field::host, "127.0.0.1");
  request.set(http::field::origin, origin);
  request.set(http::field::access_control_request_method, "POST");
  request.set(http::field::access_control_request_headers,
              "authorization,content-type,x-amz-date,x-amz-target,"
              "x-amz-user-agent");
  return request;
}

TEST_F(HttpServerProtocolTest, AnswersAPreflight) {
  Serve("http://localhost:3000");

  std::optional<TestResponse> answer =
      Send(PreflightFrom("http://localhost:3000"));

  ASSERT_TRUE(answer.has_value());
  EXPECT_EQ(answer->result_int(), 200);
  EXPECT_EQ(answer->body(), "");
  EXPECT_EQ(Header(*answer, "Access-Control-Allow-Origin"),
            "http://localhost:3000");
  EXPECT_THAT(Header(*answer, "Access-Control-Allow-Methods"),
              HasSubstr("POST"));
  EXPECT_EQ(Header(*answer, "Access-Control-Allow-Headers"),
            "authorization,content-type,x-amz-date,x-amz-target,"
            "x-amz-user-agent");
  EXPECT_EQ(Header(*answer, "Access-Control-Max-Age"), "172800");
  EXPECT_THAT(Header(*answer, "Access-Control-Expose-Headers"),
              HasSubstr("x-amzn-RequestId"));
  EXPECT_THAT(Header(*answer, "Vary"), HasSubstr("Origin"));
  EXPECT_TRUE(answer->keep_alive());
}

TEST_F(HttpServerProtocolTest, AllowedOriginsSeeSuccessAndErrorAnswers) {
  TestRequest ok = Post("ListTables", "{}");
  ok.set(http::field::origin, "https://app.example.com");
  TestRequest error = Post("DescribeTable", R"({"TableName":"missing"})");
  error.set(http::field::origin, "https://app.example.com");

  std::optional<TestResponse> listed = Send(ok);
  std::optional<TestResponse> refused = Send(error);

  ASSERT_TRUE(listed.has_value() && refused.has_value());
  EXPECT_EQ(Header(*listed, "Access-Control-Allow-Origin"), "*");
  EXPECT_EQ(refused->result_int(), 400);
  EXPECT_THAT(refused->body(), HasSubstr("ResourceNotFoundException"));
  EXPECT_EQ(Header(*refused, "Access-Control-Allow-Origin"), "*");
  EXPECT_THAT(Header(*refused, "Access-Control-Expose-Headers"),
              HasSubstr("x-amzn-RequestId"));
  // Not exposed: a browser inflates gzip answers before the SDK checks it.
  EXPECT_THAT(Header(*refused, "Access-Control-Expose-Headers"),
              ::testing::Not(HasSubstr("crc32")));
}

TEST_F(HttpServerProtocolTest, CorsHeadersAreOnTransportAnd500Answers) {
  Serve("http://a.example");
  TestRequest bad_gzip = Encoded("ListTables", "{}", "gzip");
  bad_gzip.set(http::field::origin, "http://a.example");
  std::string huge = "{}";
  huge.resize(size_t{17} << 20, ' ');
  TestRequest too_large = Post("ListTables", std::move(huge));
  too_large.set(http::field::origin, "http://a.example");

  std::optional<TestResponse> inflate_error = Send(bad_gzip);
  std::optional<TestResponse> refused = Send(too_large);

  ASSERT_TRUE(inflate_error.has_value() && refused.has_value());
  EXPECT_EQ(inflate_error->result_int(), 500);
  EXPECT_EQ(Header(*inflate_error, "Access-Control-Allow-Origin"),
            "http://a.example");
  EXPECT_EQ(refused->result_int(), 413);
  EXPECT_EQ(Header(*refused, "Access-Control-Allow-Origin"),
            "http://a.example");
  EXPECT_THAT(Header(*refused, "Vary"), HasSubstr("Origin"));
}

TEST_F(HttpServerProtocolTest, DisallowedOriginsGetNoCorsHeaders) {
  Serve("http://a.example, http://b.example");
  TestRequest list = Post("ListTables", "{}");
  list.set(http::field::origin, "http://evil.example");

  std::optional<TestResponse> preflight =
      Send(PreflightFrom("http://evil.example"));
  std::optional<TestResponse> listed = Send(list);

  ASSERT_TRUE(preflight.has_value() && listed.has_value());
  // Answered as any OPTIONS is, without CORS: the browser refuses it.
  EXPECT_EQ(preflight->result_int(), 404);
  EXPECT_EQ(listed->result_int(), 200);
  for (const TestResponse* response : {&*preflight, &*listed}) {
    for (const auto& field : *response) {
      EXPECT_THAT(std::string(field.name_string()),
                  ::testing::Not(StartsWith("Access-Control")));
    }
    EXPECT_FALSE(HasHeader(*response, "Vary"));
  }
}

TEST_F(HttpServerProtocolTest, OriginlessRequestsGetNoCorsHeaders) {
  TestRequest options(http::verb::options, "/", 11);
  options.set(http::field::host, "127.0.0.1");

  std::optional<TestResponse> answer = Send(options);
  std::optional<TestResponse> listed = Send(Post("ListTables", "{}"));

  ASSERT_TRUE(answer.has_value() && listed.has_value());
  EXPECT_EQ(answer->result_int(), 404);  // as dynalite: OPTIONS without CORS
  EXPECT_FALSE(HasHeader(*answer, "Access-Control-Allow-Origin"));
  EXPECT_FALSE(HasHeader(*listed, "Access-Control-Allow-Origin"));
}

// --- GET / and the newest SDKs' protocol headers.

TEST_F(HttpServerProtocolTest, HealthLineNamesTheRegionWhateverTheHost) {
  for (const char* host : {"127.0.0.1", "localhost:8000", "mydb.com"}) {
    SCOPED_TRACE(host);
    TestRequest get(http::verb::get, "/", 11);
    get.set(http::field::host, host);

    std::optional<TestResponse> answer = Send(get);

    ASSERT_TRUE(answer.has_value());
    EXPECT_EQ(answer->result_int(), 200);
    // DynamoDB names its own endpoint, not the Host (http_exchange.h, 5).
    EXPECT_EQ(answer->body(), "healthy: dynamodb.ddblocal.amazonaws.com ");
  }
}

TEST_F(HttpServerProtocolTest, SmithyRpcV2CborIsRefusedClearly) {
  TestRequest cbor(http::verb::post,
                   "/service/DynamoDB_20120810/operation/ListTables", 11);
  cbor.set(http::field::host, "127.0.0.1");
  cbor.set("Smithy-Protocol", "rpc-v2-cbor");
  cbor.set(http::field::content_type, "application/cbor");
  cbor.set(http::field::accept, "application/cbor");
  cbor.set("X-Amz-Date", "20261130T000000Z");
  cbor.set(http::field::authorization, kTestAuthorization);
  cbor.body() = std::string("\xa0", 1);  // the CBOR empty map
  cbor.prepare_payload();
  TestRequest json_with_header = Post("ListTables", "{}");
  json_with_header.set("Smithy-Protocol", "rpc-v2-cbor");

  std::optional<TestResponse> answer = Send(cbor);
  std::optional<TestResponse> mixed = Send(json_with_header);

  ASSERT_TRUE(answer.has_value() && mixed.has_value());
  EXPECT_EQ(answer->result_int(), 400);
  EXPECT_THAT(answer->body(), HasSubstr("UnknownOperationException"));
  EXPECT_THAT(answer->body(),
              HasSubstr("'rpc-v2-cbor' is not supported: this endpoint speaks "
                        "AWS JSON 1.0 only"));
  EXPECT_EQ(mixed->result_int(), 400);
}

TEST_F(HttpServerProtocolTest, QueryModeHeaderIsAcceptedAsAwsJson) {
  TestRequest list = Post("ListTables", "{}");
  list.set("x-amzn-query-mode", "true");

  std::optional<TestResponse> listed = Send(list);

  ASSERT_TRUE(listed.has_value());
  EXPECT_EQ(listed->result_int(), 200);
  EXPECT_EQ(listed->body(), R"({"TableNames":["things"]})");
}

}  // namespace
}  // namespace dynamite
