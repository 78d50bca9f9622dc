#include "store/number.h"

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include "common/errors.h"
#include "tests/support/status_matchers.h"

namespace dynamite {
namespace {

using ::dynamite::testing::IsError;
using ::dynamite::testing::IsOk;
using ::dynamite::testing::IsOkAndHolds;
using ::testing::Property;

constexpr char kTooManyDigits[] =
    "Attempting to store more than 38 significant digits in a Number";
constexpr char kOverflow[] =
    "Number overflow. Attempting to store a number with magnitude larger "
    "than supported range";
constexpr char kUnderflow[] =
    "Number underflow. Attempting to store a number with magnitude smaller "
    "than supported range";

// Parses text that must be valid.
Number N(const std::string& text) {
  absl::StatusOr<Number> n = Number::Parse(text);
  EXPECT_THAT(n, IsOk()) << text;
  return n.ok() ? *n : Number();
}

std::string Nines(int count) { return std::string(count, '9'); }
std::string Zeros(int count) { return std::string(count, '0'); }

struct Spelling {
  std::string input;
  std::string canonical;
};

TEST(NumberTest, NormalizesEveryRowOfTheReferenceTable) {
  // Reference §2.4, every row.
  const std::vector<Spelling> cases = {
      {"007", "7"},
      {"001.23", "1.23"},
      {"00", "0"},
      {"+3", "3"},
      {"+0", "0"},
      {"1.0", "1"},
      {"1.00", "1"},
      {"1.10", "1.1"},
      {"100.000", "100"},
      {"0.0", "0"},
      {"0.10", "0.1"},
      {"1e3", "1000"},
      {"1E3", "1000"},
      {"1e+3", "1000"},
      {"5e1", "50"},
      {"-3e2", "-300"},
      {"1.5e2", "150"},
      {"1e-3", "0.001"},
      {"123e-2", "1.23"},
      {"-0", "0"},
      {"-0.0", "0"},
      {"0e5", "0"},
      {"0.0e3", "0"},
      {"0e-5", "0"},
      {".5", "0.5"},
      {"-.5", "-0.5"},
      {"1e20", "100000000000000000000"},
      {"1e125", "1" + Zeros(125)},
      {"1e-20", "0.00000000000000000001"},
      {"1.50", "1.5"},
  };
  for (const Spelling& c : cases) {
    SCOPED_TRACE(c.input);
    absl::StatusOr<Number> n = Number::Parse(c.input);
    ASSERT_THAT(n, IsOk());
    EXPECT_EQ(n->ToString(), c.canonical);
  }
}

TEST(NumberTest, AcceptsTheSyntaxDynamoDbAccepts) {
  // Reference §2.3, plus the BigDecimal forms we accept on inference.
  const std::vector<Spelling> cases = {
      {"3", "3"},
      {"-7.1234", "-7.1234"},
      {"-17e5", "-1700000"},
      {"-17.4E37", "-174" + Zeros(36)},
      {"+3", "3"},
      {".123", "0.123"},
      {"0001.23", "1.23"},
      {"1e+5", "100000"},
      {"+1.5", "1.5"},
      {"+0", "0"},
      {"+1e2", "100"},
      {"1.5E+3", "1500"},
      {"5.", "5"},
      {"-5.", "-5"},
      {"5.e1", "50"},
      {"+.5", "0.5"},
      {"1E-0", "1"},
      {"1e-02", "0.01"},
      {"12.34e1", "123.4"},
      {"-0.000", "0"},
  };
  for (const Spelling& c : cases) {
    SCOPED_TRACE(c.input);
    absl::StatusOr<Number> n = Number::Parse(c.input);
    ASSERT_THAT(n, IsOk());
    EXPECT_EQ(n->ToString(), c.canonical);
  }
}

TEST(NumberTest, RejectsMalformedTextWithTheInputInTheMessage) {
  const std::vector<std::string> bad = {
      "NaN",
      "-NaN",
      "Infinity",
      "-Infinity",
      "dog",
      "-dog",
      " 1",
      "1 ",
      "1+2",
      "1.2.3",
      "+e2",
      "1e",
      "1e+",
      "1E-",
      "e5",
      ".",
      "+",
      "-",
      "+.",
      ".e1",
      "--1",
      "+-1",
      "1..2",
      "0x10",
      "1_000",
      "1,5",
      "1e2e3",
      "1e2.5",
      "1.5e",
      "1 e2",
      "1e 2",
      "\t1",
      "1\n",
      "inf",
      "1d",
      "1f",
      std::string("1\0", 2),
      "\xd9\xa1",  // ARABIC-INDIC DIGIT ONE
  };
  for (const std::string& text : bad) {
    SCOPED_TRACE(text);
    EXPECT_THAT(
        Number::Parse(text),
        IsError(
            ErrorKind::kValidation,
            "The parameter cannot be converted to a numeric value: " + text));
  }
}

TEST(NumberTest, RejectsEmptyTextWithoutAColon) {
  EXPECT_THAT(Number::Parse(""),
              IsError(ErrorKind::kValidation,
                      "The parameter cannot be converted to a numeric value"));
}

TEST(NumberTest, AcceptsMagnitudesAtTheEdgesOfTheRange) {
  EXPECT_EQ(N("1e125").adjusted_exponent(), 125);
  EXPECT_EQ(N("9." + Nines(37) + "E+125").ToString(), Nines(38) + Zeros(88));
  EXPECT_EQ(N("-9." + Nines(37) + "E+125").ToString(),
            "-" + Nines(38) + Zeros(88));
  EXPECT_EQ(N("0.1e126").ToString(), "1" + Zeros(125));
  EXPECT_EQ(N("1e-130").ToString(), "0." + Zeros(129) + "1");
  EXPECT_EQ(N("-1E-130").ToString(), "-0." + Zeros(129) + "1");
  EXPECT_EQ(N("10e-131").adjusted_exponent(), -130);
  EXPECT_EQ(N("1" + Zeros(125)).adjusted_exponent(), 125);
}

TEST(NumberTest, RejectsMagnitudesJustOutsideTheRange) {
  const std::vector<std::string> too_large = {
      "1e126", "11e125", "-1e126", "1" + Zeros(126), "10e125", "0.01e128"};
  for (const std::string& text : too_large) {
    SCOPED_TRACE(text);
    EXPECT_THAT(Number::Parse(text),
                IsError(ErrorKind::kValidation, kOverflow));
  }
  const std::vector<std::string> too_small = {
      "1e-131", "0.9e-130", "-1e-131", "0." + Zeros(130) + "1", "0.1e-130"};
  for (const std::string& text : too_small) {
    SCOPED_TRACE(text);
    EXPECT_THAT(Number::Parse(text),
                IsError(ErrorKind::kValidation, kUnderflow));
  }
}

TEST(NumberTest, RejectsHugeExponentsCheaply) {
  EXPECT_THAT(Number::Parse("1.0e100000000"),
              IsError(ErrorKind::kValidation, kOverflow));
  EXPECT_THAT(Number::Parse("1e-100000000"),
              IsError(ErrorKind::kValidation, kUnderflow));
  // Exponents far beyond any integer type saturate instead of wrapping.
  EXPECT_THAT(Number::Parse("1e" + Nines(400)),
              IsError(ErrorKind::kValidation, kOverflow));
  EXPECT_THAT(Number::Parse("1e-" + Nines(400)),
              IsError(ErrorKind::kValidation, kUnderflow));
  EXPECT_THAT(Number::Parse("1e" + Zeros(400) + "5"), IsOkAndHolds(N("1e5")));
}

TEST(NumberTest, AcceptsEveryZeroWhateverItsExponent) {
  const std::vector<std::string> zeros = {"0e126",
                                          "0e-131",
                                          "0.0e126",
                                          "-0e" + Nines(30),
                                          "0e-" + Nines(50),
                                          "." + Zeros(500),
                                          Zeros(1000) + ".0e5"};
  for (const std::string& text : zeros) {
    SCOPED_TRACE(text);
    absl::StatusOr<Number> n = Number::Parse(text);
    ASSERT_THAT(n, IsOk());
    EXPECT_TRUE(n->is_zero());
    EXPECT_FALSE(n->is_negative());
    EXPECT_EQ(*n, Number());
    EXPECT_EQ(n->ToString(), "0");
  }
}

TEST(NumberTest, AcceptsThirtyEightSignificantDigits) {
  EXPECT_EQ(N("31415926535897932384626433832795028841e30").significant_digits(),
            38);
  EXPECT_EQ(N(Nines(38)).ToString(), Nines(38));
  EXPECT_EQ(N("-" + Nines(38)).ToString(), "-" + Nines(38));
  EXPECT_EQ(N("0." + Nines(38)).ToString(), "0." + Nines(38));
}

TEST(NumberTest, FormatWritesToStringsTextIntoTheBuffer) {
  // The longest text there is: a sign, "0.", 129 zeros and 38 digits.
  const std::string longest = "-0." + Zeros(129) + Nines(38);
  ASSERT_EQ(longest.size(), Number::kMaxTextSize);
  Number::TextBuffer buffer;
  EXPECT_EQ(N("-" + Nines(38) + "e-167").Format(buffer), longest);
  // Coefficients of 20 digits and more are formatted in two halves; the
  // lower half keeps its leading zeros.
  EXPECT_EQ(N("1" + Zeros(18) + "1").Format(buffer), "1" + Zeros(18) + "1");
  EXPECT_EQ(N("12" + Zeros(18) + "3").Format(buffer), "12" + Zeros(18) + "3");
  EXPECT_EQ(N("18446744073709551616").Format(buffer), "18446744073709551616");
  EXPECT_EQ(N("-1234.5").Format(buffer), "-1234.5");
  EXPECT_EQ(N("-0").Format(buffer), "0");
  EXPECT_EQ(N("0.00120").Format(buffer), "0.0012");
  EXPECT_EQ(N("12e3").Format(buffer), "12000");
}

TEST(NumberTest, RejectsThirtyNineSignificantDigits) {
  const std::vector<std::string> too_precise = {
      Nines(39), "1" + Zeros(37) + "1", "-0.1" + Zeros(37) + "1",
      "1." + Zeros(37) + "1e10"};
  for (const std::string& text : too_precise) {
    SCOPED_TRACE(text);
    EXPECT_THAT(Number::Parse(text),
                IsError(ErrorKind::kValidation, kTooManyDigits));
  }
}

TEST(NumberTest, LeadingAndTrailingZerosAreNotSignificant) {
  // Far more than 38 digit characters, at most 38 significant digits.
  EXPECT_EQ(N("0." + Zeros(100) + "1").ToString(), "0." + Zeros(100) + "1");
  EXPECT_EQ(N(Zeros(1000) + "1.5").ToString(), "1.5");
  EXPECT_EQ(N("1." + Zeros(1000)).ToString(), "1");
  EXPECT_EQ(N(Nines(38) + Zeros(80)).significant_digits(), 38);
  EXPECT_EQ(N("0.000" + Nines(38) + Zeros(50) + "e-3").significant_digits(),
            38);
  EXPECT_EQ(N(Zeros(50) + "1" + Zeros(50) + "e-50"), N("1"));
}

TEST(NumberTest, ExposesDigitsAndExponents) {
  EXPECT_EQ(N("1.5").digits(), "15");
  EXPECT_EQ(N("1500").digits(), "15");
  EXPECT_EQ(N("-0.0015").digits(), "15");
  EXPECT_EQ(N("0").digits(), "0");
  EXPECT_EQ(N("1500").significant_digits(), 2);
  EXPECT_EQ(N("0").significant_digits(), 0);
  EXPECT_EQ(N("1500").adjusted_exponent(), 3);
  EXPECT_EQ(N("1.5").adjusted_exponent(), 0);
  EXPECT_EQ(N("-0.0015").adjusted_exponent(), -3);
  EXPECT_EQ(N("0").adjusted_exponent(), 0);
  EXPECT_TRUE(N("-0.0015").is_negative());
  EXPECT_FALSE(N("0.0015").is_negative());
}

TEST(NumberTest, StorageSizeMatchesTheWorkedExamples) {
  // Reference §13.
  const std::vector<std::pair<std::string, int>> cases = {
      {"0", 1},
      {"1", 2},
      {"10", 2},
      {"1000", 2},
      {"0.1", 2},
      {"15", 2},
      {"12", 2},
      {"1.5", 3},
      {"1.2", 3},
      {"-1", 3},
      {"123", 3},
      {"1234", 3},
      {"12345", 4},
      {"-0.12", 3},
      {"3.14159265358979", 9},
      {"1e125", 2},
      {"1e-130", 2},
      {Nines(38), 20},
      {"-" + Nines(38), 21},
  };
  for (const auto& [text, size] : cases) {
    SCOPED_TRACE(text);
    EXPECT_EQ(N(text).StorageSize(), size);
  }
}

TEST(NumberTest, OrdersNumerically) {
  // Strictly increasing.
  const std::vector<std::string> ascending = {
      "-9." + Nines(37) + "e125",
      "-1e125",
      "-100",
      "-99.5",
      "-1.23",
      "-1.2",
      "-1",
      "-0.5",
      "-1e-130",
      "0",
      "1e-130",
      "1." + Zeros(36) + "1e-130",
      "0.001",
      "0.5",
      "1",
      "1." + Zeros(36) + "1",
      "1.2",
      "1.23",
      "2",
      "10",
      "99.5",
      "100",
      "1e125",
      "9." + Nines(37) + "e125",
  };
  for (size_t i = 0; i < ascending.size(); ++i) {
    for (size_t j = 0; j < ascending.size(); ++j) {
      SCOPED_TRACE(ascending[i] + " vs " + ascending[j]);
      EXPECT_EQ(N(ascending[i]) <=> N(ascending[j]), i <=> j);
      EXPECT_EQ(N(ascending[i]) == N(ascending[j]), i == j);
    }
  }
}

TEST(NumberTest, EqualValuesInDifferentSpellingsCompareEqual) {
  for (const char* text : {"1.0", "10E-1", "0.1e1", "+1", "001.000"}) {
    SCOPED_TRACE(text);
    EXPECT_EQ(N(text), N("1"));
    EXPECT_EQ(N(text) <=> N("1"), std::strong_ordering::equal);
  }
}

TEST(NumberTest, FromIntBuildsCanonicalNumbers) {
  EXPECT_EQ(Number::FromInt(0), Number());
  EXPECT_EQ(Number::FromInt(100), N("1e2"));
  EXPECT_EQ(Number::FromInt(100).ToString(), "100");
  EXPECT_EQ(Number::FromInt(-42).ToString(), "-42");
  EXPECT_EQ(Number::FromInt(std::numeric_limits<int64_t>::max()).ToString(),
            "9223372036854775807");
  EXPECT_EQ(Number::FromInt(std::numeric_limits<int64_t>::min()).ToString(),
            "-9223372036854775808");
  EXPECT_EQ(Number::FromInt(std::numeric_limits<int64_t>::min()),
            N("-9223372036854775808"));
}

struct Arithmetic {
  std::string a;
  std::string b;
  std::string sum;
};

TEST(NumberTest, AddsExactly) {
  const std::vector<Arithmetic> cases = {
      {"1", "10000000000000000000000", "10000000000000000000001"},
      {"0.1", "0.2", "0.3"},
      {"0.5", "0.5", "1"},
      {"-5", "3", "-2"},
      {"5", "-3", "2"},
      {"-5", "-3", "-8"},
      {"1", "-1", "0"},
      {"0", "-7.5", "-7.5"},
      {"-7.5", "0", "-7.5"},
      {"0", "0", "0"},
      {Nines(38), "1", "1" + Zeros(38)},
      {"1" + Zeros(37), "1", "1" + Zeros(36) + "1"},
      {"1", "-0." + Nines(38), "0." + Zeros(37) + "1"},
      {"1e125", "-1e125", "0"},
      {"1.5e-129", "-1e-129", "0." + Zeros(129) + "5"},
      {"9." + Nines(37) + "e125", "-9." + Nines(37) + "e125", "0"},
      {"123.456", "0.000544", "123.456544"},
  };
  for (const Arithmetic& c : cases) {
    SCOPED_TRACE(c.a + " + " + c.b);
    EXPECT_THAT(Number::Add(N(c.a), N(c.b)),
                IsOkAndHolds(Property(&Number::ToString, c.sum)));
    EXPECT_THAT(Number::Add(N(c.b), N(c.a)),
                IsOkAndHolds(Property(&Number::ToString, c.sum)));
  }
}

TEST(NumberTest, SubtractsExactly) {
  EXPECT_THAT(Number::Subtract(N("3"), N("5")), IsOkAndHolds(N("-2")));
  EXPECT_THAT(Number::Subtract(N("-3"), N("-5")), IsOkAndHolds(N("2")));
  EXPECT_THAT(Number::Subtract(N("1.1"), N("1.1")), IsOkAndHolds(Number()));
  EXPECT_THAT(Number::Subtract(N("0"), N("4")), IsOkAndHolds(N("-4")));
  EXPECT_THAT(Number::Subtract(N("4"), N("0")), IsOkAndHolds(N("4")));
  EXPECT_THAT(Number::Subtract(N("1e20"), N("1")), IsOkAndHolds(N(Nines(20))));
}

TEST(NumberTest, ResultsNeedingMoreThan38DigitsAreOverflow) {
  // DynamoDB reports an imprecise result with the overflow message.
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"1e50", "1"},
      {Nines(38), "0.1"},
      {"1" + Zeros(38), "1"},
      {"1e125", "1e-130"},
      {"-1e125", "1e-130"},
      {"1e39", "-1"},
      {"12345678901234567890123456789012345678", "0.5"},
  };
  for (const auto& [a, b] : cases) {
    SCOPED_TRACE(a + " + " + b);
    EXPECT_THAT(Number::Add(N(a), N(b)),
                IsError(ErrorKind::kValidation, kOverflow));
    EXPECT_THAT(Number::Add(N(b), N(a)),
                IsError(ErrorKind::kValidation, kOverflow));
  }
  EXPECT_THAT(Number::Subtract(N("1e50"), N("1")),
              IsError(ErrorKind::kValidation, kOverflow));
}

TEST(NumberTest, ResultsOutsideTheRangeAreRejected) {
  const std::string max = "9." + Nines(37) + "e125";
  EXPECT_THAT(Number::Add(N(max), N("1e88")),
              IsError(ErrorKind::kValidation, kOverflow));
  EXPECT_THAT(Number::Add(N(max), N(max)),
              IsError(ErrorKind::kValidation, kOverflow));
  EXPECT_THAT(Number::Subtract(N("-" + max), N(max)),
              IsError(ErrorKind::kValidation, kOverflow));
  EXPECT_THAT(Number::Add(N("5e125"), N("4.9e125")), IsOk());
  EXPECT_THAT(Number::Add(N("5e125"), N("5e125")),
              IsError(ErrorKind::kValidation, kOverflow));
  EXPECT_THAT(Number::Subtract(N("1.1e-130"), N("1e-130")),
              IsError(ErrorKind::kValidation, kUnderflow));
  EXPECT_THAT(Number::Subtract(N("2e-130"), N("1e-130")),
              IsOkAndHolds(N("1e-130")));
}

}  // namespace
}  // namespace dynamite
