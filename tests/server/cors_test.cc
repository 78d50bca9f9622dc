// server/cors: parsing -cors lists, which origins are allowed, preflight
// answers (and the requests that are not preflights), and the headers an
// allowed answer carries — never x-amz-crc32 exposed.

#include "server/cors.h"

#include <initializer_list>
#include <optional>
#include <string>

#include "absl/status/status.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include "server/http_message.h"

namespace dynamite {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::Not;
using ::testing::Pointee;

CorsPolicy Only(std::initializer_list<const char*> origins) {
  CorsPolicy policy;
  policy.allowed_origins.assign(origins.begin(), origins.end());
  return policy;
}

HttpRequest Preflight(const std::string& origin) {
  HttpRequest request;
  request.method = "OPTIONS";
  request.target = "/";
  request.headers = {{"Origin", origin},
                     {"Access-Control-Request-Method", "POST"},
                     {"Access-Control-Request-Headers", "content-type"},
                     {"access-control-request-headers", "x-amz-target"}};
  return request;
}

TEST(CorsTest, DefaultPolicyAllowsEveryOrigin) {
  EXPECT_THAT(CorsPolicy{}.allowed_origins, ElementsAre("*"));
  EXPECT_TRUE(IsAllowedOrigin(CorsPolicy{}, "https://anything.example"));
  EXPECT_TRUE(IsAllowedOrigin(CorsPolicy{}, "null"));
}

TEST(CorsTest, ParsesCommaSeparatedOrigins) {
  absl::StatusOr<CorsPolicy> policy =
      ParseCorsOrigins(" http://localhost:3000 ,https://app.example.com");

  ASSERT_TRUE(policy.ok()) << policy.status();
  EXPECT_THAT(policy->allowed_origins,
              ElementsAre("http://localhost:3000", "https://app.example.com"));
}

TEST(CorsTest, RefusesEmptyListsAndElements) {
  for (const char* list : {"", " ", "a,,b", "a,", ",a"}) {
    SCOPED_TRACE(list);
    EXPECT_EQ(ParseCorsOrigins(list).status().code(),
              absl::StatusCode::kInvalidArgument);
  }
}

TEST(CorsTest, ListedOriginsMatchExactlyIgnoringCase) {
  const CorsPolicy policy = Only({"http://localhost:3000"});

  EXPECT_TRUE(IsAllowedOrigin(policy, "http://localhost:3000"));
  EXPECT_TRUE(IsAllowedOrigin(policy, "HTTP://LOCALHOST:3000"));
  EXPECT_FALSE(IsAllowedOrigin(policy, "http://localhost:3001"));
  EXPECT_FALSE(IsAllowedOrigin(policy, "http://localhost:30000"));
  EXPECT_FALSE(IsAllowedOrigin(policy, "http://localhost"));
  EXPECT_FALSE(IsAllowedOrigin(policy, "null"));
  EXPECT_FALSE(IsAllowedOrigin(policy, ""));
  EXPECT_FALSE(IsAllowedOrigin(Only({}), "http://localhost:3000"));
}

TEST(CorsTest, AnswersAnAllowedPreflight) {
  std::optional<HttpResponse> answer = AnswerPreflight(
      Only({"http://a.example"}), Preflight("http://a.example"));

  ASSERT_TRUE(answer.has_value());
  EXPECT_EQ(answer->status, 200);
  EXPECT_EQ(answer->body, "");
  EXPECT_THAT(answer->Header("Access-Control-Allow-Origin"),
              Pointee(std::string("http://a.example")));
  EXPECT_THAT(answer->Header("Access-Control-Allow-Methods"),
              Pointee(HasSubstr("POST")));
  // Both request lines, combined.
  EXPECT_THAT(answer->Header("Access-Control-Allow-Headers"),
              Pointee(std::string("content-type, x-amz-target")));
  EXPECT_THAT(answer->Header("Access-Control-Max-Age"),
              Pointee(std::string("172800")));
  EXPECT_THAT(answer->Header("Vary"), Pointee(std::string("Origin")));
}

TEST(CorsTest, PreflightWithoutRequestedHeadersAllowsNone) {
  HttpRequest request = Preflight("http://a.example");
  request.headers.resize(2);

  std::optional<HttpResponse> answer = AnswerPreflight(CorsPolicy{}, request);

  ASSERT_TRUE(answer.has_value());
  EXPECT_EQ(answer->Header("Access-Control-Allow-Headers"), nullptr);
  EXPECT_THAT(answer->Header("Access-Control-Allow-Origin"),
              Pointee(std::string("*")));
  EXPECT_EQ(answer->Header("Vary"), nullptr);
}

TEST(CorsTest, OtherRequestsAreNotPreflights) {
  const CorsPolicy policy = Only({"http://a.example"});
  HttpRequest not_allowed = Preflight("http://b.example");
  HttpRequest no_origin = Preflight("http://a.example");
  no_origin.headers.erase(no_origin.headers.begin());
  HttpRequest no_method = Preflight("http://a.example");
  no_method.headers.erase(no_method.headers.begin() + 1);
  HttpRequest post = Preflight("http://a.example");
  post.method = "POST";

  EXPECT_FALSE(AnswerPreflight(policy, not_allowed).has_value());
  EXPECT_FALSE(AnswerPreflight(policy, no_origin).has_value());
  EXPECT_FALSE(AnswerPreflight(policy, no_method).has_value());
  EXPECT_FALSE(AnswerPreflight(policy, post).has_value());
}

TEST(CorsTest, AllowedAnswersCarryOriginAndExposedHeaders) {
  HttpResponse response;
  const std::string origin = "http://a.example";

  AddCorsHeaders(CorsPolicy{}, &origin, response);

  EXPECT_THAT(response.Header("Access-Control-Allow-Origin"),
              Pointee(std::string("*")));
  const std::string* exposed = response.Header("Access-Control-Expose-Headers");
  ASSERT_NE(exposed, nullptr);
  EXPECT_THAT(*exposed, HasSubstr("x-amzn-RequestId"));
  EXPECT_THAT(*exposed, Not(HasSubstr("crc32")));
}

TEST(CorsTest, EchoedOriginsAddVaryOnceAndKeepOtherVaryValues) {
  HttpResponse response;
  response.headers = {{"Vary", "Accept-Encoding"}};
  const std::string origin = "http://a.example";

  AddCorsHeaders(Only({"http://a.example"}), &origin, response);
  AddCorsHeaders(Only({"http://a.example"}), &origin, response);

  EXPECT_THAT(response.Header("Vary"),
              Pointee(std::string("Accept-Encoding, Origin")));
  EXPECT_EQ(response.headers.size(), 3u);
}

TEST(CorsTest, DisallowedOrMissingOriginsGetNothing) {
  HttpResponse response;
  const std::string origin = "http://b.example";

  AddCorsHeaders(Only({"http://a.example"}), &origin, response);
  AddCorsHeaders(CorsPolicy{}, nullptr, response);

  EXPECT_TRUE(response.headers.empty());
}

}  // namespace
}  // namespace dynamite
