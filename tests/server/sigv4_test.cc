// server/sigv4: AWS Signature Version 4, checked against AWS's published
// vectors: the "aws-sig-v4-test-suite" (credentials AKIDEXAMPLE, 2015-08-30
// 12:36:00Z, scope 20150830/us-east-1/service/aws4_request) and the worked
// IAM ListUsers example of "Signature Version 4 signing process".

#include "server/sigv4.h"

#include <string>
#include <utility>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace dynamite {
namespace {

using Headers = std::vector<std::pair<std::string, std::string>>;

constexpr char kSecret[] = "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY";
constexpr char kTime[] = "20150830T123600Z";
constexpr char kScope[] = "20150830/us-east-1/service/aws4_request";
constexpr char kEmptySha256[] =
    "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";

// Signs a request of the test suite and returns the signature.
std::string SuiteSignature(const std::string& method, const std::string& target,
                           const Headers& headers,
                           const std::string& signed_headers,
                           const std::string& body = "") {
  const std::string canonical = SigV4CanonicalRequest(
      method, target, headers, signed_headers, SigV4PayloadHash(headers, body));
  return SigV4Signature(
      SigV4SigningKey(kSecret, "20150830", "us-east-1", "service"),
      SigV4StringToSign(kTime, kScope, canonical));
}

Headers SuiteHeaders(Headers extra = {}) {
  Headers headers = {{"Host", "example.amazonaws.com"}};
  for (auto& h : extra) headers.push_back(std::move(h));
  headers.emplace_back("X-Amz-Date", kTime);
  return headers;
}

TEST(Sha256Test, KnownDigests) {
  EXPECT_EQ(Sha256Hex(""), kEmptySha256);
  // post-x-www-form-urlencoded's payload hash.
  EXPECT_EQ(Sha256Hex("Param1=value1"),
            "9095672bbd1f56dfc5b65f3e153adc8731a4a654192329106275f4c7b24d0b6e");
}

TEST(SigV4Test, GetVanillaStepByStep) {
  const Headers headers = SuiteHeaders();
  const std::string canonical = SigV4CanonicalRequest(
      "GET", "/", headers, "host;x-amz-date", SigV4PayloadHash(headers, ""));
  EXPECT_EQ(canonical,
            "GET\n/\n\nhost:example.amazonaws.com\nx-amz-date:20150830T123600Z"
            "\n\nhost;x-amz-date\n" +
                std::string(kEmptySha256));
  const std::string to_sign = SigV4StringToSign(kTime, kScope, canonical);
  EXPECT_EQ(to_sign,
            "AWS4-HMAC-SHA256\n20150830T123600Z\n20150830/us-east-1/service/"
            "aws4_request\n"
            "bb579772317eb040ac9ed261061d46c1f17a8133879d6129b6e1c25292927e63");
  EXPECT_EQ(SigV4Signature(
                SigV4SigningKey(kSecret, "20150830", "us-east-1", "service"),
                to_sign),
            "5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31");
}

TEST(SigV4Test, PostVanilla) {
  EXPECT_EQ(SuiteSignature("POST", "/", SuiteHeaders(), "host;x-amz-date"),
            "5da7c1a2acd57cee7505fc6676e4e544621c30862966e37dddb68e92efbe5d6b");
}

TEST(SigV4Test, PostXWwwFormUrlencoded) {
  const Headers headers =
      SuiteHeaders({{"Content-Type", "application/x-www-form-urlencoded"}});
  const std::string canonical = SigV4CanonicalRequest(
      "POST", "/", headers, "content-type;host;x-amz-date",
      SigV4PayloadHash(headers, "Param1=value1"));
  EXPECT_EQ(canonical,
            "POST\n/\n\ncontent-type:application/x-www-form-urlencoded\n"
            "host:example.amazonaws.com\nx-amz-date:20150830T123600Z\n\n"
            "content-type;host;x-amz-date\n"
            "9095672bbd1f56dfc5b65f3e153adc8731a4a654192329106275f4c7b24d0b6e");
  EXPECT_EQ(SigV4StringToSign(kTime, kScope, canonical),
            "AWS4-HMAC-SHA256\n20150830T123600Z\n20150830/us-east-1/service/"
            "aws4_request\n"
            "42a5e5bb34198acb3e84da4f085bb7927f2bc277ca766e6d19c73c2154021281");
  EXPECT_EQ(SuiteSignature("POST", "/", headers, "content-type;host;x-amz-date",
                           "Param1=value1"),
            "ff11897932ad3f4e8b18135d722051e5ac45fc38421b1da7b9d196a0fe09473a");
}

// The signed-body variant (aws-c-auth's copy of the suite): the payload hash
// comes from X-Amz-Content-Sha256, which is itself signed.
TEST(SigV4Test, PayloadHashFromXAmzContentSha256) {
  const Headers headers = {
      {"Content-Type", "application/x-www-form-urlencoded"},
      {"Host", "example.amazonaws.com"},
      {"Content-Length", "13"},
      {"x-amz-content-sha256",
       "9095672bbd1f56dfc5b65f3e153adc8731a4a654192329106275f4c7b24d0b6e"},
      {"X-Amz-Date", kTime}};
  EXPECT_EQ(SigV4PayloadHash(headers, "not the body"),
            "9095672bbd1f56dfc5b65f3e153adc8731a4a654192329106275f4c7b24d0b6e");
  EXPECT_EQ(
      SuiteSignature(
          "POST", "/", headers,
          "content-length;content-type;host;x-amz-content-sha256;x-amz-date",
          "Param1=value1"),
      "d3875051da38690788ef43de4db0d8f280229d82040bfac253562e56c3f20e0b");
}

TEST(SigV4Test, HeaderValuesAreTrimmedAndSpacesCollapsed) {
  const Headers headers = SuiteHeaders(
      {{"My-Header1", " value1"}, {"My-Header2", " \"a   b   c\""}});
  EXPECT_EQ(SigV4CanonicalHeaders(headers, "host;my-header1;my-header2"),
            "host:example.amazonaws.com\nmy-header1:value1\n"
            "my-header2:\"a b c\"\n");
  EXPECT_EQ(SuiteSignature("GET", "/", headers,
                           "host;my-header1;my-header2;x-amz-date"),
            "acc3ed3afb60bb290fc8d2dd0098b9911fcaa05412b367055dee359757a9c736");
}

TEST(SigV4Test, RepeatedHeadersJoinWithCommasInOrder) {
  const Headers headers = SuiteHeaders({{"My-Header1", "value2"},
                                        {"My-Header1", "value2"},
                                        {"My-Header1", "value1"}});
  EXPECT_EQ(SigV4CanonicalHeaders(headers, "my-header1"),
            "my-header1:value2,value2,value1\n");
  EXPECT_EQ(SuiteSignature("GET", "/", headers, "host;my-header1;x-amz-date"),
            "c9d5ea9f3f72853aea855b47ea873832890dbdd183b4468f858259531a5138ea");
}

TEST(SigV4Test, HeaderNamesAreLowercased) {
  // post-header-key-case.
  const Headers headers = SuiteHeaders({{"MY-HEADER1", "value1"}});
  EXPECT_EQ(SuiteSignature("POST", "/", headers, "host;my-header1;x-amz-date"),
            "c5410059b04c1ee005303aed430f6e6645f61f4dc9e1461ec8f8916fdf18852c");
}

TEST(SigV4Test, QueryParametersAreSortedAndEncoded) {
  EXPECT_EQ(SigV4CanonicalQueryString("Param2=value2&Param1=value1"),
            "Param1=value1&Param2=value2");
  EXPECT_EQ(SuiteSignature("GET", "/?Param2=value2&Param1=value1",
                           SuiteHeaders(), "host;x-amz-date"),
            "b97d918cfa904a5beff61c982a1b6f458b799221646efd99d3219ec94cdf2500");
  const std::string unreserved =
      "-._~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
  EXPECT_EQ(SuiteSignature("GET", "/?" + unreserved + "=" + unreserved,
                           SuiteHeaders(), "host;x-amz-date"),
            "9c3e54bfcdf0b19771a7f523ee5669cdf59bc7cc0884027167c21bb143a40197");
  EXPECT_EQ(SigV4CanonicalQueryString("b=2&a=%7e&a=1&c"), "a=1&a=~&b=2&c=");
  EXPECT_EQ(SigV4CanonicalQueryString("x=a%20b+c"), "x=a%20b%2Bc");
  EXPECT_EQ(SigV4CanonicalQueryString(""), "");
}

TEST(SigV4Test, PathsAreEncoded) {
  EXPECT_EQ(SigV4CanonicalUri("/ሴ"), "/%E1%88%B4");
  EXPECT_EQ(SuiteSignature("GET", "/ሴ", SuiteHeaders(), "host;x-amz-date"),
            "8318018e0b0f223aa2bbf98705b62bb787dc9c0e678f255a891fd03141be5d85");
  EXPECT_EQ(SigV4CanonicalUri("/example space/"), "/example%20space/");
  EXPECT_EQ(SuiteSignature("GET", "/example space/", SuiteHeaders(),
                           "host;x-amz-date"),
            "652487583200325589f1fba4c7e578f72c47cb61beeca81406b39ddec1366741");
  // What arrives already escaped is escaped again, as the SDKs sign it.
  EXPECT_EQ(SigV4CanonicalUri("/a%20b"), "/a%2520b");
}

TEST(SigV4Test, PathsAreNormalized) {
  EXPECT_EQ(SigV4CanonicalUri("//example//"), "/example/");
  EXPECT_EQ(
      SuiteSignature("GET", "//example//", SuiteHeaders(), "host;x-amz-date"),
      "9a624bd73a37c9a373b5312afbebe7a714a789de108f0bdfe846570885f57e84");
  EXPECT_EQ(SigV4CanonicalUri("/example1/example2/../.."), "/");
  EXPECT_EQ(SigV4CanonicalUri("/./"), "/");
  EXPECT_EQ(SigV4CanonicalUri("/./example"), "/example");
  EXPECT_EQ(SigV4CanonicalUri(""), "/");
  EXPECT_EQ(SigV4CanonicalUri("/"), "/");
}

TEST(SigV4Test, AwsDocsIamListUsersExample) {
  const Headers headers = {
      {"Content-Type", "application/x-www-form-urlencoded; charset=utf-8"},
      {"Host", "iam.amazonaws.com"},
      {"X-Amz-Date", kTime}};
  const std::string canonical = SigV4CanonicalRequest(
      "GET", "/?Action=ListUsers&Version=2010-05-08", headers,
      "content-type;host;x-amz-date", SigV4PayloadHash(headers, ""));
  EXPECT_EQ(canonical,
            "GET\n/\nAction=ListUsers&Version=2010-05-08\n"
            "content-type:application/x-www-form-urlencoded; charset=utf-8\n"
            "host:iam.amazonaws.com\nx-amz-date:20150830T123600Z\n\n"
            "content-type;host;x-amz-date\n" +
                std::string(kEmptySha256));
  EXPECT_EQ(Sha256Hex(canonical),
            "f536975d06c0309214f805bb90ccff089219ecd68b2577efef23edd43b7e1a59");
  const std::string key =
      SigV4SigningKey(kSecret, "20150830", "us-east-1", "iam");
  EXPECT_EQ(HexEncode(key),
            "c4afb1cc5771d871763a393e44b703571b55cc28424d1a5e86da6ed3c154a4b9");
  EXPECT_EQ(
      SigV4Signature(
          key, SigV4StringToSign(kTime, "20150830/us-east-1/iam/aws4_request",
                                 canonical)),
      "5d672d79c15b13162d9279b0855cfba6789a8edb4c82c400e06b5924a6f2b5d7");
}

TEST(SigV4Test, MissingSignedHeaderHasAnEmptyValue) {
  EXPECT_EQ(SigV4CanonicalHeaders(SuiteHeaders(), "connection;host"),
            "connection:\nhost:example.amazonaws.com\n");
}

TEST(SigV4Test, ParsesTheAuthorizationHeader) {
  SigV4Authorization auth = ParseSigV4Authorization(
      "AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/iam/"
      "aws4_request, SignedHeaders=content-type;host;x-amz-date, "
      "Signature=5d672d79c15b13162d9279b0855cfba6789a8edb4c82c400e06b5924a6f2b5"
      "d7");
  EXPECT_EQ(auth.algorithm, "AWS4-HMAC-SHA256");
  EXPECT_EQ(auth.credential, "AKIDEXAMPLE/20150830/us-east-1/iam/aws4_request");
  EXPECT_EQ(auth.signed_headers, "content-type;host;x-amz-date");
  EXPECT_EQ(auth.signature,
            "5d672d79c15b13162d9279b0855cfba6789a8edb4c82c400e06b5924a6f2b5d7");

  // Spaces anywhere after the algorithm are dropped; unknown names ignored.
  auth = ParseSigV4Authorization(
      "AWS4-X  Credential = a/b ,Foo=bar,SignedHeaders=host");
  EXPECT_EQ(auth.algorithm, "AWS4-X");
  EXPECT_EQ(auth.credential, "a/b");
  EXPECT_EQ(auth.signed_headers, "host");
  EXPECT_EQ(auth.signature, "");

  auth = ParseSigV4Authorization("AWS4-HMAC-SHA256");
  EXPECT_EQ(auth.algorithm, "AWS4-HMAC-SHA256");
  EXPECT_EQ(auth.credential, "");
}

TEST(SigV4Test, SignaturesCompare) {
  EXPECT_TRUE(SigV4SignaturesEqual("abc", "abc"));
  EXPECT_FALSE(SigV4SignaturesEqual("abc", "abd"));
  EXPECT_FALSE(SigV4SignaturesEqual("abc", "abcd"));
  EXPECT_TRUE(SigV4SignaturesEqual("", ""));
}

}  // namespace
}  // namespace dynamite
