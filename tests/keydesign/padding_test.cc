#include "keydesign/padding.h"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include "tests/support/status_matchers.h"

namespace dynamite {
namespace {

using ::dynamite::testing::IsOkAndHolds;
using ::dynamite::testing::StatusIs;

constexpr int64_t kMin = std::numeric_limits<int64_t>::min();
constexpr int64_t kMax = std::numeric_limits<int64_t>::max();

TEST(PaddingTest, PadNumberPadsToWidth) {
  EXPECT_THAT(PadNumber(42, 6), IsOkAndHolds("000042"));
  EXPECT_THAT(PadNumber(0, 1), IsOkAndHolds("0"));
  EXPECT_THAT(PadNumber(kMax, 19), IsOkAndHolds("9223372036854775807"));
  EXPECT_THAT(
      PadNumber(7, kMaxPadWidth),
      IsOkAndHolds(absl::StrCat(std::string(kMaxPadWidth - 1, '0'), 7)));
}

TEST(PaddingTest, PadNumberRejectsValueThatDoesNotFit) {
  EXPECT_THAT(PadNumber(999, 3), IsOkAndHolds("999"));
  EXPECT_THAT(PadNumber(1000, 3), StatusIs(absl::StatusCode::kOutOfRange));
  EXPECT_THAT(PadNumber(kMax, 18), StatusIs(absl::StatusCode::kOutOfRange));
}

TEST(PaddingTest, PadNumberRejectsMisuse) {
  EXPECT_THAT(PadNumber(-1, 5), StatusIs(absl::StatusCode::kInvalidArgument));
  EXPECT_THAT(PadNumber(1, 0), StatusIs(absl::StatusCode::kInvalidArgument));
  EXPECT_THAT(PadNumber(1, kMaxPadWidth + 1),
              StatusIs(absl::StatusCode::kInvalidArgument));
}

TEST(PaddingTest, InvertForDescendingStoresMaxMinusValue) {
  EXPECT_THAT(InvertForDescending(42, 999, 6), IsOkAndHolds("000957"));
  EXPECT_THAT(InvertForDescending(0, 999, 3), IsOkAndHolds("999"));
  EXPECT_THAT(InvertForDescending(999, 999, 3), IsOkAndHolds("000"));
}

TEST(PaddingTest, InvertForDescendingSortsHighestFirst) {
  std::vector<int64_t> scores = {5, 1200, 0, 77, 999999, 31};
  std::vector<std::string> keys;
  for (int64_t s : scores) keys.push_back(*InvertForDescending(s, 999999, 6));
  std::sort(keys.begin(), keys.end());
  std::sort(scores.begin(), scores.end(), std::greater<>());
  for (size_t i = 0; i < keys.size(); ++i) {
    EXPECT_EQ(999999 - *ParsePaddedNumber(keys[i], 6), scores[i]);
  }
}

TEST(PaddingTest, InvertForDescendingChecksMaxFitsBeforeTheValue) {
  // max - value = 0 fits, but value 0 would give 1000: the design is wrong
  // from the first key, so the first key already reports it.
  EXPECT_THAT(InvertForDescending(1000, 1000, 3),
              StatusIs(absl::StatusCode::kOutOfRange));
  EXPECT_THAT(InvertForDescending(1001, 1000, 4),
              StatusIs(absl::StatusCode::kOutOfRange));
  EXPECT_THAT(InvertForDescending(-1, 1000, 4),
              StatusIs(absl::StatusCode::kOutOfRange));
}

TEST(PaddingTest, ParsePaddedNumberReadsBackAndRejectsOtherShapes) {
  EXPECT_THAT(ParsePaddedNumber("000042", 6), IsOkAndHolds(42));
  EXPECT_THAT(ParsePaddedNumber("42", 6),
              StatusIs(absl::StatusCode::kInvalidArgument));
  EXPECT_THAT(ParsePaddedNumber("0000-1", 6),
              StatusIs(absl::StatusCode::kInvalidArgument));
  EXPECT_THAT(ParsePaddedNumber("+00042", 6),
              StatusIs(absl::StatusCode::kInvalidArgument));
  EXPECT_THAT(ParsePaddedNumber("99999999999999999999", 20),
              StatusIs(absl::StatusCode::kInvalidArgument));
}

TEST(PaddingTest, PadSignedUsesSignAndNinesComplement) {
  EXPECT_THAT(PadSigned(42, 6), IsOkAndHolds("0000042"));
  EXPECT_THAT(PadSigned(-42, 6), IsOkAndHolds("-999957"));
  EXPECT_THAT(PadSigned(0, 3), IsOkAndHolds("0000"));
  EXPECT_THAT(PadSigned(-999, 3), IsOkAndHolds("-000"));
  EXPECT_THAT(PadSigned(999, 3), IsOkAndHolds("0999"));
  EXPECT_THAT(PadSigned(kMin, 19), IsOkAndHolds("-0776627963145224191"));
  EXPECT_THAT(PadSigned(kMax, 19), IsOkAndHolds("09223372036854775807"));
}

TEST(PaddingTest, PadSignedRejectsMagnitudeThatDoesNotFit) {
  EXPECT_THAT(PadSigned(-1000, 3), StatusIs(absl::StatusCode::kOutOfRange));
  EXPECT_THAT(PadSigned(1000, 3), StatusIs(absl::StatusCode::kOutOfRange));
  EXPECT_THAT(PadSigned(kMin, 18), StatusIs(absl::StatusCode::kOutOfRange));
  EXPECT_THAT(PadSigned(1, 0), StatusIs(absl::StatusCode::kInvalidArgument));
}

// Values with boundaries mixed in, from a fixed seed.
std::vector<int64_t> SignedSamples(int64_t limit) {
  std::mt19937_64 rng(20260623);
  std::uniform_int_distribution<int64_t> any(-limit, limit);
  std::uniform_int_distribution<int64_t> small(-20, 20);
  std::vector<int64_t> values = {-limit, -limit + 1, -1,   0,
                                 1,      limit - 1,  limit};
  for (int i = 0; i < 2000; ++i)
    values.push_back(i % 3 ? any(rng) : small(rng));
  return values;
}

void ExpectByteOrderIsNumericOrder(const std::vector<int64_t>& values,
                                   int width) {
  for (size_t i = 0; i + 1 < values.size(); ++i) {
    int64_t a = values[i], b = values[i + 1];
    std::string ka = *PadSigned(a, width), kb = *PadSigned(b, width);
    SCOPED_TRACE(absl::StrCat(a, " vs ", b, ": ", ka, " vs ", kb));
    EXPECT_EQ(a < b, ka < kb);
    EXPECT_EQ(a == b, ka == kb);
    EXPECT_EQ(ka.size(), static_cast<size_t>(width + 1));
  }
}

TEST(PaddingTest, SignedByteOrderIsNumericOrder) {
  ExpectByteOrderIsNumericOrder(SignedSamples(9999), 4);
  std::vector<int64_t> wide = SignedSamples(kMax);
  wide.push_back(kMin);
  wide.push_back(kMin + 1);
  ExpectByteOrderIsNumericOrder(wide, 19);
  ExpectByteOrderIsNumericOrder(wide, 25);
}

TEST(PaddingTest, SignedRoundTrips) {
  std::vector<int64_t> values = SignedSamples(kMax);
  values.push_back(kMin);
  for (int64_t v : values) {
    EXPECT_THAT(ParsePaddedSigned(*PadSigned(v, 19), 19), IsOkAndHolds(v));
  }
}

TEST(PaddingTest, ParsePaddedSignedRejectsOtherShapes) {
  EXPECT_THAT(ParsePaddedSigned("-999", 3),  // negative zero
              StatusIs(absl::StatusCode::kInvalidArgument));
  EXPECT_THAT(ParsePaddedSigned("+042", 3),
              StatusIs(absl::StatusCode::kInvalidArgument));
  EXPECT_THAT(ParsePaddedSigned("0042", 4),
              StatusIs(absl::StatusCode::kInvalidArgument));
  EXPECT_THAT(ParsePaddedSigned("09999999999999999999", 19),
              StatusIs(absl::StatusCode::kInvalidArgument));
}

TEST(PaddingTest, PadDecimalFixesTheScale) {
  EXPECT_THAT(PadDecimal("12.5", 4, 2), IsOkAndHolds("00012.50"));
  EXPECT_THAT(PadDecimal("-12.5", 4, 2), IsOkAndHolds("-9987.49"));
  EXPECT_THAT(PadDecimal("+7", 2, 0), IsOkAndHolds("007"));
  EXPECT_THAT(PadDecimal(".5", 1, 1), IsOkAndHolds("00.5"));
  EXPECT_THAT(PadDecimal("1.200", 1, 1), IsOkAndHolds("01.2"));
  EXPECT_THAT(PadDecimal("-0.00", 2, 2), IsOkAndHolds("000.00"));
  EXPECT_THAT(PadDecimal("0099.99", 2, 2), IsOkAndHolds("099.99"));
}

TEST(PaddingTest, PadDecimalNeverRounds) {
  EXPECT_THAT(PadDecimal("1.25", 4, 1),
              StatusIs(absl::StatusCode::kOutOfRange));
  EXPECT_THAT(PadDecimal("100", 2, 2), StatusIs(absl::StatusCode::kOutOfRange));
  EXPECT_THAT(PadDecimal("-100", 2, 2),
              StatusIs(absl::StatusCode::kOutOfRange));
}

TEST(PaddingTest, PadDecimalRejectsTextThatIsNotAPlainDecimal) {
  for (const char* text : {"", ".", "-", "1e5", "1.2.3", "12a", " 1", "--1"}) {
    SCOPED_TRACE(text);
    EXPECT_THAT(PadDecimal(text, 4, 2),
                StatusIs(absl::StatusCode::kInvalidArgument));
  }
  EXPECT_THAT(PadDecimal("1", 4, -1),
              StatusIs(absl::StatusCode::kInvalidArgument));
}

TEST(PaddingTest, DecimalByteOrderIsNumericOrder) {
  // n hundredths, written as a decimal at scale 2.
  auto text = [](int64_t n) {
    int64_t m = n < 0 ? -n : n;
    return absl::StrCat(n < 0 ? "-" : "", m / 100, ".", m % 100 / 10, m % 10);
  };
  std::vector<int64_t> values = SignedSamples(999999);
  for (size_t i = 0; i + 1 < values.size(); ++i) {
    int64_t a = values[i], b = values[i + 1];
    std::string ka = *PadDecimal(text(a), 4, 2),
                kb = *PadDecimal(text(b), 4, 2);
    SCOPED_TRACE(absl::StrCat(text(a), " vs ", text(b), ": ", ka, " vs ", kb));
    EXPECT_EQ(a < b, ka < kb);
    EXPECT_EQ(a == b, ka == kb);
  }
}

TEST(PaddingTest, DecimalRoundTripsToCanonicalText) {
  EXPECT_THAT(ParsePaddedDecimal(*PadDecimal("-12.5", 4, 2), 4, 2),
              IsOkAndHolds("-12.50"));
  EXPECT_THAT(ParsePaddedDecimal(*PadDecimal("0", 4, 2), 4, 2),
              IsOkAndHolds("0.00"));
  EXPECT_THAT(ParsePaddedDecimal(*PadDecimal("9999", 4, 0), 4, 0),
              IsOkAndHolds("9999"));
  EXPECT_THAT(ParsePaddedDecimal("00012,50", 4, 2),
              StatusIs(absl::StatusCode::kInvalidArgument));
  EXPECT_THAT(ParsePaddedDecimal("-9999.99", 4, 2),  // negative zero
              StatusIs(absl::StatusCode::kInvalidArgument));
}

}  // namespace
}  // namespace dynamite
