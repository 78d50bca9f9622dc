#include "keydesign/composite_key.h"

#include <random>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/time/civil_time.h"
#include "absl/time/time.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include "keydesign/padding.h"
#include "keydesign/timestamp_key.h"
#include "tests/support/status_matchers.h"

namespace dynamite {
namespace {

using ::dynamite::testing::IsOkAndHolds;
using ::dynamite::testing::StatusIs;
using ::testing::ElementsAre;

constexpr TimestampPrecision kS = TimestampPrecision::kSeconds;
constexpr TimestampPrecision kMs = TimestampPrecision::kMilliseconds;

absl::Time Event() {
  return absl::FromCivil(absl::CivilSecond(2026, 6, 23, 10, 15, 30),
                         absl::UTCTimeZone()) +
         absl::Milliseconds(123);
}

TEST(CompositeKeyTest, BuildsTheIssueExamples) {
  EXPECT_THAT(CompositeKey().AddText("SEASON").AddText("2026-SPRING").Build(),
              IsOkAndHolds("SEASON#2026-SPRING"));
  EXPECT_THAT(CompositeKey()
                  .AddText("EVT")
                  .AddTimestamp(Event(), kMs)
                  .AddNumber(1, 4)
                  .Build(),
              IsOkAndHolds("EVT#2026-06-23T10:15:30.123Z#0001"));
  EXPECT_THAT(CompositeKey()
                  .AddDescending(42, 9999999999, 10)
                  .AddTimestamp(Event(), kS)
                  .AddText("player-17")
                  .Build(),
              IsOkAndHolds("9999999957#2026-06-23T10:15:30Z#player-17"));
}

TEST(CompositeKeyTest, RejectsSegmentContainingTheSeparator) {
  EXPECT_THAT(CompositeKey().AddText("USER").AddText("a#b").Build(),
              StatusIs(absl::StatusCode::kInvalidArgument));
  // A timestamp holds ':', so it cannot sit in a ':'-separated key.
  EXPECT_THAT(
      CompositeKey(":").AddText("EVT").AddTimestamp(Event(), kS).Build(),
      StatusIs(absl::StatusCode::kInvalidArgument));
}

TEST(CompositeKeyTest, ReportsTheFirstErrorAndNeverTruncates) {
  CompositeKey key;
  key.AddText("SCORE").AddNumber(123456, 5).AddText("x#y");

  EXPECT_THAT(key.Build(), StatusIs(absl::StatusCode::kOutOfRange));
  EXPECT_THAT(key.BuildPrefix(), StatusIs(absl::StatusCode::kOutOfRange));
}

TEST(CompositeKeyTest, RejectsEmptySeparatorAndEmptyKey) {
  EXPECT_THAT(CompositeKey("").AddText("a").Build(),
              StatusIs(absl::StatusCode::kInvalidArgument));
  EXPECT_THAT(CompositeKey().Build(),
              StatusIs(absl::StatusCode::kInvalidArgument));
}

TEST(CompositeKeyTest, PrefixEndsWithTheSeparator) {
  EXPECT_THAT(CompositeKey().AddText("USER").AddNumber(1, 1).BuildPrefix(),
              IsOkAndHolds("USER#1#"));
  // Without the separator the prefix would also match USER#10.
  EXPECT_FALSE(absl::StartsWith("USER#10#x", "USER#1#"));
}

TEST(CompositeKeyTest, SignedAndDecimalSegments) {
  EXPECT_THAT(CompositeKey().AddSigned(-5, 3).AddDecimal("2.5", 2, 1).Build(),
              IsOkAndHolds("-994#002.5"));
}

TEST(CompositeKeyTest, ParsesAKeyBackIntoItsSegments) {
  EXPECT_THAT(
      ParseCompositeKey("EVT#2026-06-23T10:15:30.123Z#0001"),
      IsOkAndHolds(ElementsAre("EVT", "2026-06-23T10:15:30.123Z", "0001")));
  EXPECT_THAT(ParseCompositeKey("a||b", "||"),
              IsOkAndHolds(ElementsAre("a", "b")));
  EXPECT_THAT(ParseCompositeKey("", "#"),
              StatusIs(absl::StatusCode::kInvalidArgument));
  EXPECT_THAT(ParseCompositeKey("a#b", ""),
              StatusIs(absl::StatusCode::kInvalidArgument));
}

TEST(CompositeKeyTest, RoundTripsTypedSegments) {
  std::mt19937_64 rng(7);
  std::uniform_int_distribution<int64_t> score(0, 9999999999);
  std::uniform_int_distribution<int64_t> delta(-1000000, 1000000);
  std::uniform_int_distribution<int64_t> millis(0, 4'000'000'000'000);
  for (int i = 0; i < 500; ++i) {
    int64_t s = score(rng), d = delta(rng);
    absl::Time t = absl::FromUnixMillis(millis(rng));
    std::string player = absl::StrCat("player-", i);

    absl::StatusOr<std::string> key = CompositeKey()
                                          .AddDescending(s, 9999999999, 10)
                                          .AddTimestamp(t, kMs)
                                          .AddSigned(d, 7)
                                          .AddText(player)
                                          .Build();
    ASSERT_TRUE(key.ok()) << key.status();
    absl::StatusOr<std::vector<std::string>> parts = ParseCompositeKey(*key);

    ASSERT_TRUE(parts.ok());
    ASSERT_EQ(parts->size(), 4u);
    EXPECT_THAT(ParsePaddedNumber((*parts)[0], 10),
                IsOkAndHolds(9999999999 - s));
    EXPECT_THAT(ParseTimestampKey((*parts)[1], kMs), IsOkAndHolds(t));
    EXPECT_THAT(ParsePaddedSigned((*parts)[2], 7), IsOkAndHolds(d));
    EXPECT_EQ((*parts)[3], player);
  }
}

}  // namespace
}  // namespace dynamite
