#include "keydesign/key_window.h"

#include <random>
#include <string>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/time/civil_time.h"
#include "absl/time/time.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include "keydesign/timestamp_key.h"
#include "tests/support/status_matchers.h"

namespace dynamite {
namespace {

using ::dynamite::testing::StatusIs;

constexpr TimestampPrecision kS = TimestampPrecision::kSeconds;
constexpr TimestampPrecision kMs = TimestampPrecision::kMilliseconds;

absl::Time At(int year, int month, int day, int hour = 0, int minute = 0,
              int second = 0) {
  return absl::FromCivil(
      absl::CivilSecond(year, month, day, hour, minute, second),
      absl::UTCTimeZone());
}

TEST(KeyWindowTest, DayBoundsMatchPrecisionAndReachTheStatedSuffix) {
  absl::StatusOr<KeyBounds> bounds = DayWindowBounds(
      absl::CivilDay(2026, 6, 23),
      {.prefix = "EVT#", .precision = kMs, .max_suffix = "#9999"});

  ASSERT_TRUE(bounds.ok()) << bounds.status();
  EXPECT_EQ(bounds->lower, "EVT#2026-06-23T00:00:00.000Z");
  EXPECT_EQ(bounds->upper, "EVT#2026-06-23T23:59:59.999Z#9999");
}

TEST(KeyWindowTest, UpperBoundWithoutSuffixReachesPastAnySuffix) {
  absl::StatusOr<KeyBounds> bounds = DayWindowBounds(
      absl::CivilDay(2026, 6, 23), {.prefix = "EVT#", .precision = kMs});

  ASSERT_TRUE(bounds.ok()) << bounds.status();
  EXPECT_EQ(bounds->upper, "EVT#2026-06-23T23:59:59.999[");
  EXPECT_LT("EVT#2026-06-23T23:59:59.999Z", bounds->upper);
  EXPECT_LT("EVT#2026-06-23T23:59:59.999Z#~~~~\xF4\x8F\xBF\xBF", bounds->upper);
  EXPECT_GT("EVT#2026-06-24T00:00:00.000Z", bounds->upper);
}

TEST(KeyWindowTest, SecondsPrecisionBounds) {
  absl::StatusOr<KeyBounds> bounds = DayWindowBounds(
      absl::CivilDay(2026, 6, 23),
      {.prefix = "EVT#", .precision = kS, .max_suffix = "#9999"});

  ASSERT_TRUE(bounds.ok()) << bounds.status();
  EXPECT_EQ(bounds->lower, "EVT#2026-06-23T00:00:00Z");
  EXPECT_EQ(bounds->upper, "EVT#2026-06-23T23:59:59Z#9999");
}

TEST(KeyWindowTest, MonthBoundsCoverTheWholeMonth) {
  absl::StatusOr<KeyBounds> june =
      MonthWindowBounds(absl::CivilMonth(2026, 6), {.precision = kMs});
  absl::StatusOr<KeyBounds> december =
      MonthWindowBounds(absl::CivilMonth(2026, 12), {.precision = kS});

  ASSERT_TRUE(june.ok() && december.ok());
  EXPECT_EQ(june->lower, "2026-06-01T00:00:00.000Z");
  EXPECT_EQ(june->upper, "2026-06-30T23:59:59.999[");
  EXPECT_EQ(december->lower, "2026-12-01T00:00:00Z");
  EXPECT_EQ(december->upper, "2026-12-31T23:59:59[");
}

TEST(KeyWindowTest, ArbitraryWindowExcludesToAndRoundsInward) {
  absl::Time from = At(2026, 6, 23, 10, 0, 0) + absl::Microseconds(500);
  absl::Time to = At(2026, 6, 23, 11, 0, 0);

  absl::StatusOr<KeyBounds> bounds =
      TimeWindowBounds(from, to, {.precision = kMs, .max_suffix = "#9"});

  ASSERT_TRUE(bounds.ok()) << bounds.status();
  EXPECT_EQ(bounds->lower, "2026-06-23T10:00:00.001Z");
  EXPECT_EQ(bounds->upper, "2026-06-23T10:59:59.999Z#9");
}

TEST(KeyWindowTest, RejectsWindowWithNoTimestamp) {
  absl::Time t = At(2026, 6, 23, 10, 0, 0);

  EXPECT_THAT(TimeWindowBounds(t, t, {.precision = kMs}),
              StatusIs(absl::StatusCode::kInvalidArgument));
  EXPECT_THAT(TimeWindowBounds(t + absl::Microseconds(1),
                               t + absl::Microseconds(900), {.precision = kMs}),
              StatusIs(absl::StatusCode::kInvalidArgument));
  EXPECT_THAT(TimeWindowBounds(t, t - absl::Seconds(1), {.precision = kS}),
              StatusIs(absl::StatusCode::kInvalidArgument));
}

TEST(KeyWindowTest, BoundsHoldExactlyTheKeysInsideTheWindow) {
  const absl::Time from = At(2026, 6, 23, 0, 0, 0);
  const absl::Time to = At(2026, 6, 24, 0, 0, 0);
  std::mt19937_64 rng(2026);
  std::uniform_int_distribution<int64_t> offset_ms(-3'000, 86'403'000);
  std::uniform_int_distribution<int> sequence(0, 9999);
  for (TimestampPrecision p : {kS, kMs}) {
    for (bool stated_suffix : {false, true}) {
      TimestampKeyShape shape{.prefix = "EVT#",
                              .precision = p,
                              .max_suffix = stated_suffix ? "#9999" : ""};
      KeyBounds bounds = *TimeWindowBounds(from, to, shape);
      for (int i = 0; i < 2000; ++i) {
        absl::Time t =
            FloorToPrecision(from + absl::Milliseconds(offset_ms(rng)), p);
        std::string key =
            absl::StrCat("EVT#", *FormatTimestampKey(t, p), "#",
                         absl::Dec(sequence(rng), absl::kZeroPad4));
        SCOPED_TRACE(key);
        EXPECT_EQ(from <= t && t < to,
                  bounds.lower <= key && key <= bounds.upper);
      }
    }
  }
}

}  // namespace
}  // namespace dynamite
