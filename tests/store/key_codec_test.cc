#include "store/key_codec.h"

#include <algorithm>
#include <compare>
#include <cstdint>
#include <cstring>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include "store/key_bytes.h"
#include "store/number.h"
#include "store/value.h"

namespace dynamite {
namespace {

// -1, 0 or 1.
template <typename T>
int Sign(T value) {
  return (value > 0) - (value < 0);
}

int MemcmpSign(const std::string& a, const std::string& b) {
  const int prefix =
      std::memcmp(a.data(), b.data(), std::min(a.size(), b.size()));
  if (prefix != 0) return Sign(prefix);
  return Sign(static_cast<int64_t>(a.size()) - static_cast<int64_t>(b.size()));
}

std::string Key(const std::string& text) {
  absl::StatusOr<Number> n = Number::Parse(text);
  EXPECT_TRUE(n.ok()) << text;
  return EncodeNumberKey(n.ok() ? *n : Number());
}

std::string Zeros(int count) { return std::string(count, '0'); }
std::string Nines(int count) { return std::string(count, '9'); }

TEST(KeyCodecTest, EncodesStringsAndBinariesAsTheirBytes) {
  const std::string bytes("a\0\xff\x80", 4);

  EXPECT_EQ(EncodeKeyValue(AttributeValue::S(bytes)), bytes);
  EXPECT_EQ(EncodeKeyValue(AttributeValue::B(bytes)), bytes);
  EXPECT_EQ(EncodeKeyValue(AttributeValue::S("")), "");
}

TEST(KeyCodecTest, EncodesNumbersInTheDocumentedFormat) {
  // Class byte, exponent byte (adjusted exponent + 130), digit pairs + 1.
  EXPECT_EQ(Key("0"), "\x02");
  EXPECT_EQ(Key("1"), std::string("\x03\x82\x0b"));
  EXPECT_EQ(Key("12"), std::string("\x03\x83\x0d"));
  EXPECT_EQ(Key("1.25"), std::string("\x03\x82\x0d\x33"));
  EXPECT_EQ(Key("1e-130"), std::string("\x03\x00\x0b", 3));
  EXPECT_EQ(Key("1e125"), std::string("\x03\xff\x0b"));
  // Negative: complement of the positive body, then 0xFF.
  EXPECT_EQ(Key("-1"), std::string("\x01\x7d\xf4\xff"));
  EXPECT_EQ(EncodeKeyValue(AttributeValue::N(*Number::Parse("-1"))), Key("-1"));
}

TEST(KeyCodecTest, EqualNumbersEncodeIdentically) {
  for (const char* text : {"1.0", "10E-1", "0.1e1", "+1", "001.000", "1e0"}) {
    SCOPED_TRACE(text);
    EXPECT_EQ(Key(text), Key("1"));
  }
  EXPECT_EQ(Key("-0"), Key("0"));
  EXPECT_EQ(Key("0e99"), Key("0.000"));
  EXPECT_EQ(Key("1000"), Key("1E+3"));
  EXPECT_EQ(Key("-12.5"), Key("-125e-1"));
}

TEST(KeyCodecTest, OrdersNumbersNumerically) {
  const std::vector<std::string> ascending = {
      "-9." + Nines(37) + "e125",
      "-1e125",
      "-10",
      "-9.9",
      "-1.23",
      "-1.2",
      "-1.1",
      "-1",
      "-0.99",
      "-1.5e-130",
      "-1e-130",
      "0",
      "1e-130",
      "1.5e-130",
      "0.99",
      "1",
      "1." + Zeros(36) + "1",
      "1.1",
      "1.2",
      "1.23",
      "9.9",
      "10",
      "1e125",
      "9." + Nines(37) + "e125",
  };
  for (size_t i = 0; i < ascending.size(); ++i) {
    for (size_t j = 0; j < ascending.size(); ++j) {
      SCOPED_TRACE(ascending[i] + " vs " + ascending[j]);
      EXPECT_EQ(MemcmpSign(Key(ascending[i]), Key(ascending[j])),
                Sign(static_cast<int64_t>(i) - static_cast<int64_t>(j)));
    }
  }
}

// --- Randomized property test ---------------------------------------------

// A number as the test sees it, independent of Number: sign, significant
// digits (no leading or trailing zeros; empty for zero), and the power of
// ten of the first digit.
struct Decimal {
  int sign = 0;  // -1, 0, 1
  std::string digits;
  int adjusted = 0;
};

// Compares magnitudes digit by digit; no use of Number.
int CompareDecimal(const Decimal& a, const Decimal& b) {
  if (a.sign != b.sign) return Sign(a.sign - b.sign);
  if (a.sign == 0) return 0;
  int magnitude = 0;
  if (a.adjusted != b.adjusted) {
    magnitude = Sign(a.adjusted - b.adjusted);
  } else {
    // Same first power: the digits read as a fraction; a missing digit is 0,
    // so a proper prefix is smaller.
    magnitude = Sign(a.digits.compare(b.digits));
  }
  return a.sign * magnitude;
}

// Unsigned byte-wise comparison written out, not via memcmp.
int CompareBytes(const std::string& a, const std::string& b) {
  for (size_t i = 0; i < a.size() && i < b.size(); ++i) {
    const auto x = static_cast<unsigned char>(a[i]);
    const auto y = static_cast<unsigned char>(b[i]);
    if (x != y) return x < y ? -1 : 1;
  }
  return Sign(static_cast<int64_t>(a.size()) - static_cast<int64_t>(b.size()));
}

class Generator {
 public:
  explicit Generator(uint32_t seed) : rng_(seed) {}

  // Uniform enough for test data, and cheap in unoptimized builds.
  int Uniform(int lo, int hi) {
    return lo + static_cast<int>(rng_() % static_cast<uint32_t>(hi - lo + 1));
  }

  char Digit(int lo) { return static_cast<char>('0' + Uniform(lo, 9)); }

  // Adjusted exponents biased towards both ends of the range and zero.
  int Adjusted() {
    switch (Uniform(0, 3)) {
      case 0:
        return Uniform(Number::kMinAdjustedExponent,
                       Number::kMinAdjustedExponent + 3);
      case 1:
        return Uniform(Number::kMaxAdjustedExponent - 3,
                       Number::kMaxAdjustedExponent);
      case 2:
        return Uniform(-3, 3);
      default:
        return Uniform(Number::kMinAdjustedExponent,
                       Number::kMaxAdjustedExponent);
    }
  }

  // 1..38 digits, first and last non-zero; often exactly 38 or very few,
  // from a small alphabet so that prefixes and near-misses are common.
  std::string Digits() {
    const int choice = Uniform(0, 3);
    const int count = choice == 0   ? 38
                      : choice == 1 ? Uniform(1, 3)
                                    : Uniform(1, 38);
    std::string digits;
    for (int i = 0; i < count; ++i) {
      // Half the digits are 0 or 9, the extremes of a digit pair.
      const int r = Uniform(0, 19);
      digits.push_back(r < 10 ? static_cast<char>('0' + r) : "09"[r % 2]);
    }
    if (digits.front() == '0') digits.front() = Digit(1);
    if (digits.back() == '0') digits.back() = Digit(1);
    return digits;
  }

  Decimal Random() {
    if (Uniform(0, 15) == 0) return Decimal();
    return Decimal{Uniform(0, 1) ? 1 : -1, Digits(), Adjusted()};
  }

  // A value related to `a`: equal, a prefix or extension of its digits, one
  // digit changed, the other sign, a neighbouring exponent, or unrelated.
  Decimal Related(const Decimal& a) {
    if (a.sign == 0) return Random();
    Decimal b = a;
    switch (Uniform(0, 7)) {
      case 0:
        break;
      case 1:
        b.digits.resize(Uniform(1, static_cast<int>(b.digits.size())));
        break;
      case 2:
        while (b.digits.size() < 38 && Uniform(0, 2) != 0) {
          b.digits.push_back(Digit(0));
        }
        break;
      case 3:
        b.digits[Uniform(0, static_cast<int>(b.digits.size()) - 1)] = Digit(0);
        break;
      case 4:
        b.sign = -b.sign;
        break;
      case 5:
        b.adjusted = std::clamp(b.adjusted + Uniform(-1, 1),
                                Number::kMinAdjustedExponent,
                                Number::kMaxAdjustedExponent);
        break;
      default:
        return Random();
    }
    while (b.digits.size() > 1 && b.digits.back() == '0') b.digits.pop_back();
    if (b.digits.front() == '0') b.digits.front() = '1';
    if (b.digits.back() == '0') b.digits.back() = '1';
    return b;
  }

  // One of several spellings of `d`, all of which denote the same value.
  std::string Spell(const Decimal& d) {
    if (d.sign == 0) {
      const char* zeros[] = {"0", "-0", "+0.000", "0e130", ".0e-999", "00"};
      return zeros[Uniform(0, 5)];
    }
    std::string sign = d.sign < 0 ? "-" : (Uniform(0, 3) == 0 ? "+" : "");
    const int n = static_cast<int>(d.digits.size());
    const char* e = Uniform(0, 1) ? "e" : "E";
    switch (Uniform(0, 4)) {
      case 0:  // plain decimal
        return sign + Plain(d);
      case 1:  // d.ddd e adjusted
        return sign + d.digits.substr(0, 1) +
               (n > 1 ? "." + d.digits.substr(1) : "") + e +
               std::to_string(d.adjusted);
      case 2:  // integer coefficient with padding zeros on both sides
        return sign + "00" + d.digits + "000" + e +
               std::to_string(d.adjusted - (n - 1) - 3);
      case 3:  // 0.ddd e (adjusted + 1)
        return sign + (Uniform(0, 1) ? "0." : ".") + d.digits + e +
               (d.adjusted + 1 >= 0 ? "+" : "") +
               std::to_string(d.adjusted + 1);
      default:  // trailing zeros after a decimal point
        return sign + d.digits + ".00" + e + std::to_string(d.adjusted - n + 1);
    }
  }

  std::string Bytes() {
    static constexpr char kAlphabet[] = {'\0',   '\x01', 'a',
                                         '\x7f', '\x80', '\xff'};
    std::string out;
    const int length = Uniform(0, 6);
    for (int i = 0; i < length; ++i) out.push_back(kAlphabet[Uniform(0, 5)]);
    return out;
  }

 private:
  static std::string Plain(const Decimal& d) {
    const int n = static_cast<int>(d.digits.size());
    if (d.adjusted >= n - 1) return d.digits + Zeros(d.adjusted - n + 1);
    if (d.adjusted >= 0) {
      return d.digits.substr(0, d.adjusted + 1) + "." +
             d.digits.substr(d.adjusted + 1);
    }
    return "0." + Zeros(-d.adjusted - 1) + d.digits;
  }

  std::mt19937 rng_;
};

TEST(KeyCodecTest, NumberEncodingOrderMatchesNumericOrderOnRandomPairs) {
  Generator gen(20240607);
  int equal_pairs = 0;
  for (int i = 0; i < 100000; ++i) {
    const Decimal a = gen.Random();
    const Decimal b = gen.Related(a);
    const std::string text_a = gen.Spell(a);
    const std::string text_b = gen.Spell(b);
    absl::StatusOr<Number> na = Number::Parse(text_a);
    absl::StatusOr<Number> nb = Number::Parse(text_b);
    ASSERT_TRUE(na.ok()) << text_a << ": " << na.status();
    ASSERT_TRUE(nb.ok()) << text_b << ": " << nb.status();

    const int expected = CompareDecimal(a, b);
    ASSERT_EQ(MemcmpSign(EncodeNumberKey(*na), EncodeNumberKey(*nb)), expected)
        << text_a << " vs " << text_b;
    // Number's own order must agree too.
    const std::strong_ordering order = *na <=> *nb;
    ASSERT_EQ(order < 0   ? -1
              : order > 0 ? 1
                          : 0,
              expected)
        << text_a << " vs " << text_b;
    equal_pairs += expected == 0;
  }
  // The generator must exercise equal values in different spellings.
  EXPECT_GT(equal_pairs, 10000);
}

TEST(KeyCodecTest, KeyBytesBorrowStringsAndBinariesAndOwnNumbers) {
  const AttributeValue s = AttributeValue::S(std::string(40, 's'));
  const AttributeValue b = AttributeValue::B(std::string(40, '\xFF'));
  const AttributeValue n = AttributeValue::N(*Number::Parse("-12.5"));

  const KeyBytes s_key = EncodeKeyBytes(s);
  const KeyBytes b_key = EncodeKeyBytes(b);
  const KeyBytes n_key = EncodeKeyBytes(n);

  EXPECT_EQ(s_key.view().data(), s.s().data());
  EXPECT_EQ(s_key.view(), EncodeKeyValue(s));
  EXPECT_EQ(b_key.view().data(), b.b().data());
  EXPECT_EQ(b_key.view(), EncodeKeyValue(b));
  EXPECT_EQ(n_key.view(), EncodeKeyValue(n));
}

TEST(KeyCodecTest, KeyBytesCopiesOutliveTheOriginal) {
  const std::string borrowed(40, 'x');
  std::optional<KeyBytes> owning = KeyBytes(std::string(40, 'o'));
  std::optional<KeyBytes> borrowing = KeyBytes::Borrow(borrowed);

  const KeyBytes owning_copy = *owning;
  const KeyBytes borrowing_copy = *borrowing;
  owning.reset();
  borrowing.reset();

  EXPECT_EQ(owning_copy.view(), std::string(40, 'o'));
  EXPECT_EQ(borrowing_copy.view().data(), borrowed.data());
  EXPECT_EQ(borrowing_copy, KeyBytes(std::string(40, 'x')));
}

TEST(KeyCodecTest, StringAndBinaryEncodingOrderMatchesByteOrder) {
  Generator gen(7);
  for (int i = 0; i < 50000; ++i) {
    const std::string a = gen.Bytes();
    const std::string b = gen.Uniform(0, 3) == 0 ? a : gen.Bytes();
    const int expected = CompareBytes(a, b);
    ASSERT_EQ(MemcmpSign(EncodeKeyValue(AttributeValue::S(a)),
                         EncodeKeyValue(AttributeValue::S(b))),
              expected);
    ASSERT_EQ(MemcmpSign(EncodeKeyValue(AttributeValue::B(a)),
                         EncodeKeyValue(AttributeValue::B(b))),
              expected);
  }
}

}  // namespace
}  // namespace dynamite
