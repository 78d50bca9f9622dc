#include "keydesign/timestamp_key.h"

#include <random>
#include <string>

#include "absl/status/status.h"
#include "absl/time/civil_time.h"
#include "absl/time/time.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include "tests/support/status_matchers.h"

namespace dynamite {
namespace {

using ::dynamite::testing::IsOkAndHolds;
using ::dynamite::testing::StatusIs;

constexpr TimestampPrecision kS = TimestampPrecision::kSeconds;
constexpr TimestampPrecision kMs = TimestampPrecision::kMilliseconds;

absl::Time At(int year, int month, int day, int hour = 0, int minute = 0,
              int second = 0) {
  return absl::FromCivil(
      absl::CivilSecond(year, month, day, hour, minute, second),
      absl::UTCTimeZone());
}

TEST(TimestampKeyTest, FormatsAtEachPrecision) {
  absl::Time t = At(2026, 6, 23, 10, 15, 30) + absl::Microseconds(123456);

  EXPECT_THAT(FormatTimestampKey(t, kS), IsOkAndHolds("2026-06-23T10:15:30Z"));
  EXPECT_THAT(FormatTimestampKey(t, kMs),
              IsOkAndHolds("2026-06-23T10:15:30.123Z"));
  EXPECT_THAT(FormatTimestampKey(At(2026, 1, 1, 0, 0, 0), kMs),
              IsOkAndHolds("2026-01-01T00:00:00.000Z"));
}

TEST(TimestampKeyTest, TruncatesTowardThePast) {
  absl::Time before_epoch = absl::UnixEpoch() - absl::Microseconds(500);

  EXPECT_THAT(FormatTimestampKey(before_epoch, kMs),
              IsOkAndHolds("1969-12-31T23:59:59.999Z"));
  EXPECT_THAT(FormatTimestampKey(before_epoch, kS),
              IsOkAndHolds("1969-12-31T23:59:59Z"));
}

TEST(TimestampKeyTest, KeepsFourDigitYearsOnly) {
  EXPECT_THAT(FormatTimestampKey(At(5, 3, 1, 0, 0, 0), kS),
              IsOkAndHolds("0005-03-01T00:00:00Z"));
  EXPECT_THAT(FormatTimestampKey(At(9999, 12, 31, 23, 59, 59), kS),
              IsOkAndHolds("9999-12-31T23:59:59Z"));
  EXPECT_THAT(FormatTimestampKey(At(10000, 1, 1, 0, 0, 0), kS),
              StatusIs(absl::StatusCode::kOutOfRange));
  EXPECT_THAT(FormatTimestampKey(At(-1, 1, 1, 0, 0, 0), kS),
              StatusIs(absl::StatusCode::kOutOfRange));
}

TEST(TimestampKeyTest, RoundTripsAndByteOrderIsTimeOrder) {
  std::mt19937_64 rng(623);
  std::uniform_int_distribution<int64_t> millis(-2'000'000'000'000,
                                                4'000'000'000'000);
  for (TimestampPrecision p : {kS, kMs}) {
    absl::Time previous = absl::FromUnixMillis(millis(rng));
    for (int i = 0; i < 500; ++i) {
      absl::Time t = absl::FromUnixMillis(millis(rng));
      std::string key = *FormatTimestampKey(t, p);
      std::string previous_key = *FormatTimestampKey(previous, p);
      EXPECT_THAT(ParseTimestampKey(key, p),
                  IsOkAndHolds(FloorToPrecision(t, p)));
      EXPECT_EQ(FloorToPrecision(previous, p) < FloorToPrecision(t, p),
                previous_key < key);
      previous = t;
    }
  }
}

TEST(TimestampKeyTest, MixedPrecisionsSortOutOfTimeOrder) {
  // The trap the window bounds avoid: the later time sorts first.
  EXPECT_LT(std::string("2026-06-23T00:00:00.123Z"),
            std::string("2026-06-23T00:00:00Z"));
}

TEST(TimestampKeyTest, ParseIsStrict) {
  for (const char* text : {"2026-06-23T10:15:30.123Z", "2026-06-23T10:15:30",
                           "2026-6-23T10:15:30Z", "2026-02-30T00:00:00Z",
                           "2026-06-23T24:00:00Z", "2026-06-23T10:15:60Z",
                           "2026-06-23T10:15:30Z#1", "2026-06-23 10:15:30Z"}) {
    SCOPED_TRACE(text);
    EXPECT_THAT(ParseTimestampKey(text, kS),
                StatusIs(absl::StatusCode::kInvalidArgument));
  }
  EXPECT_THAT(ParseTimestampKey("2026-06-23T10:15:30Z", kMs),
              StatusIs(absl::StatusCode::kInvalidArgument));
  EXPECT_THAT(ParseTimestampKey("2028-02-29T00:00:00Z", kS),
              IsOkAndHolds(At(2028, 2, 29, 0, 0, 0)));
}

TEST(TimestampKeyTest, ParseInstantTakesDatesAndEitherPrecision) {
  EXPECT_THAT(ParseInstant("2026-06-23"), IsOkAndHolds(At(2026, 6, 23)));
  EXPECT_THAT(ParseInstant("2026-06-23T10:15:30Z"),
              IsOkAndHolds(At(2026, 6, 23, 10, 15, 30)));
  EXPECT_THAT(
      ParseInstant("2026-06-23T10:15:30.250Z"),
      IsOkAndHolds(At(2026, 6, 23, 10, 15, 30) + absl::Milliseconds(250)));
  EXPECT_THAT(ParseInstant("2026-06"),
              StatusIs(absl::StatusCode::kInvalidArgument));
  EXPECT_THAT(ParseInstant("2026-13-01"),
              StatusIs(absl::StatusCode::kInvalidArgument));
}

TEST(TimestampKeyTest, ParsesPrecisionNames) {
  EXPECT_THAT(ParsePrecision("s"), IsOkAndHolds(kS));
  EXPECT_THAT(ParsePrecision("ms"), IsOkAndHolds(kMs));
  EXPECT_THAT(ParsePrecision("us"),
              StatusIs(absl::StatusCode::kInvalidArgument));
}

}  // namespace
}  // namespace dynamite
