// server/content_coding: request bodies inflated per Content-Encoding
// (gzip with several members, deflate with one, identity, lists), every
// kind of bad stream, the decoded-size limit at its edge and far past it,
// and Accept-Encoding's q-values.

#include "server/content_coding.h"

#include <cstddef>
#include <string>

#include "absl/status/status.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include "common/zlib_codec.h"
#include "tests/server/zlib_test_codec.h"

namespace dynamite {
namespace {

using ::testing::HasSubstr;

constexpr size_t kLimit = 1 << 20;
constexpr char kJson[] = R"({"TableName":"t"})";

TEST(ContentCodingTest, InflatesGzip) {
  absl::StatusOr<std::string> body =
      DecodeContent("gzip", TestGzip(kJson), kLimit);

  ASSERT_TRUE(body.ok()) << body.status();
  EXPECT_EQ(*body, kJson);
}

TEST(ContentCodingTest, InflatesDeflateAsTheZlibFormat) {
  absl::StatusOr<std::string> body =
      DecodeContent("deflate", TestDeflate(kJson), kLimit);

  ASSERT_TRUE(body.ok()) << body.status();
  EXPECT_EQ(*body, kJson);
}

TEST(ContentCodingTest, CodingNamesAreCaseInsensitiveAndXGzipIsGzip) {
  for (const char* name : {"GZIP", "Gzip", "x-gzip", " gzip "}) {
    SCOPED_TRACE(name);
    absl::StatusOr<std::string> body =
        DecodeContent(name, TestGzip(kJson), kLimit);
    ASSERT_TRUE(body.ok()) << body.status();
    EXPECT_EQ(*body, kJson);
  }
}

TEST(ContentCodingTest, ConcatenatedGzipMembersAreOneBody) {
  const std::string two = TestGzip(R"({"TableN)") + TestGzip(R"(ame":"t"})");

  absl::StatusOr<std::string> body = DecodeContent("gzip", two, kLimit);

  ASSERT_TRUE(body.ok()) << body.status();
  EXPECT_EQ(*body, kJson);
}

TEST(ContentCodingTest, IdentityAndEmptyListsChangeNothing) {
  for (const char* coding : {"identity", "IDENTITY", ",", "identity, "}) {
    SCOPED_TRACE(coding);
    EXPECT_EQ(DecodeContent(coding, kJson, kLimit).value_or(""), kJson);
  }
}

TEST(ContentCodingTest, ListsAreUndoneLastCodingFirst) {
  // Gzipped, then deflated: "gzip, deflate".
  const std::string twice = TestDeflate(TestGzip(kJson));

  EXPECT_EQ(DecodeContent("gzip, deflate", twice, kLimit).value_or(""), kJson);
  EXPECT_EQ(DecodeContent("deflate, gzip", twice, kLimit).status().code(),
            absl::StatusCode::kInvalidArgument);
}

TEST(ContentCodingTest, MoreThanTwoCodingsAreRefused) {
  const std::string thrice = TestGzip(TestGzip(TestGzip(kJson)));

  absl::StatusOr<std::string> body =
      DecodeContent("gzip, gzip, gzip", thrice, kLimit);

  EXPECT_EQ(body.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(body.status().message(), HasSubstr("at most 2"));
}

TEST(ContentCodingTest, UnknownCodingsAreUnimplementedAndNamed) {
  for (const char* coding : {"br", "zstd", "compress", "gzip, br", "garbage"}) {
    SCOPED_TRACE(coding);
    absl::StatusOr<std::string> body =
        DecodeContent(coding, TestGzip(kJson), kLimit);
    EXPECT_EQ(body.status().code(), absl::StatusCode::kUnimplemented);
    EXPECT_THAT(body.status().message(), HasSubstr("is not supported"));
  }
}

TEST(ContentCodingTest, BadStreamsAreInvalidArgument) {
  const std::string gzip = TestGzip(kJson);
  const std::string deflate = TestDeflate(kJson);
  struct Case {
    const char* name;
    const char* coding;
    std::string body;
    const char* says;
  };
  const Case cases[] = {
      {"plain JSON as gzip", "gzip", kJson, "not a valid gzip stream"},
      {"plain JSON as deflate", "deflate", kJson, "not a valid deflate"},
      {"empty gzip", "gzip", "", "ends before its stream"},
      {"empty deflate", "deflate", "", "ends before its stream"},
      {"gzip missing its last byte", "gzip", gzip.substr(0, gzip.size() - 1),
       "ends before its stream"},
      {"gzip cut in half", "gzip", gzip.substr(0, gzip.size() / 2),
       "ends before its stream"},
      {"junk after a gzip member", "gzip", gzip + "junk", "not a valid gzip"},
      {"a second deflate stream", "deflate", deflate + deflate,
       "bytes after the end of its stream"},
      {"deflate sent as gzip", "gzip", deflate, "not a valid gzip"},
      {"gzip sent as deflate", "deflate", gzip, "not a valid deflate"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    absl::StatusOr<std::string> body = DecodeContent(c.coding, c.body, kLimit);
    EXPECT_EQ(body.status().code(), absl::StatusCode::kInvalidArgument);
    EXPECT_THAT(body.status().message(), HasSubstr(c.says));
  }
}

TEST(ContentCodingTest, CorruptedBytesInsideTheStreamAreRefused) {
  std::string gzip = TestGzip(std::string(1000, 'a') + kJson);
  gzip[gzip.size() - 6] ^= 0x55;  // the CRC-32 or the data: either fails

  EXPECT_EQ(DecodeContent("gzip", gzip, kLimit).status().code(),
            absl::StatusCode::kInvalidArgument);
}

TEST(ContentCodingTest, DecodedSizeLimitHoldsAtTheEdge) {
  const std::string exactly(kLimit, ' ');
  const std::string one_past(kLimit + 1, ' ');

  EXPECT_EQ(DecodeContent("gzip", TestGzip(exactly), kLimit).value_or("x"),
            exactly);
  EXPECT_EQ(DecodeContent("gzip", TestGzip(one_past), kLimit).status().code(),
            absl::StatusCode::kResourceExhausted);
  EXPECT_EQ(
      DecodeContent("deflate", TestDeflate(one_past), kLimit).status().code(),
      absl::StatusCode::kResourceExhausted);
}

TEST(ContentCodingTest, ABombStopsAtTheLimit) {
  // 64 MiB of zeros in about 64 KB: refused after inflating the limit,
  // never inflated whole.
  const std::string bomb = TestGzip(std::string(size_t{64} << 20, '\0'));
  ASSERT_LT(bomb.size(), size_t{1} << 20);

  absl::StatusOr<std::string> body = DecodeContent("gzip", bomb, kLimit);

  EXPECT_EQ(body.status().code(), absl::StatusCode::kResourceExhausted);
  EXPECT_THAT(body.status().message(), HasSubstr("inflates past"));
}

TEST(ContentCodingTest, GzipCompressRoundTrips) {
  const std::string text = std::string(10000, 'x') + kJson;

  const std::string compressed = GzipCompress(text);

  EXPECT_LT(compressed.size(), text.size());
  EXPECT_EQ(TestGunzip(compressed).value_or(""), text);
  EXPECT_EQ(TestGunzip(GzipCompress("")).value_or("x"), "");
}

TEST(ContentCodingTest, AcceptsGzipReadsQValues) {
  struct Case {
    const char* accept_encoding;
    bool gzip;
  };
  const Case cases[] = {
      {"gzip", true},
      {"GZIP", true},
      {"x-gzip", true},
      {"gzip, deflate, br", true},
      {"br;q=1.0, gzip;q=0.5", true},
      {"gzip;q=0.001", true},
      {"gzip ; Q=1", true},
      {"*", true},
      {"deflate, *;q=0.1", true},
      {"", false},
      {"identity", false},
      {"deflate, br", false},
      {"gzip;q=0", false},
      {"gzip;q=0.0", false},
      {"gzip;q=0.000", false},
      {"gzip; q=0", false},
      {"*;q=0", false},
      {"gzip;q=0, *", false},  // named gzip wins over *
      {"*, gzip;q=0", false},
      {"gzip;q=nope", false},
      {"gzip;q=2", false},
      {"gzipx", false},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.accept_encoding);
    EXPECT_EQ(AcceptsGzip(c.accept_encoding), c.gzip);
  }
}

}  // namespace
}  // namespace dynamite
