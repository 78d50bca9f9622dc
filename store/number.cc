// Number parsing, printing, ordering and exact addition.
//
// The accepted syntax is Java BigDecimal's, which DynamoDB uses (reference
// §2.3):
//
//   number    := sign? mantissa exponent?
//   sign      := '+' | '-'
//   mantissa  := digit+ ('.' digit*)? | '.' digit+
//   exponent  := ('e' | 'E') sign? digit+
//
// Parsing never computes with the exponent's full value: exponent digits
// saturate at kExponentClamp, far outside the supported range, so
// `1e100000000` is rejected as overflow in time linear in the input. Leading
// and trailing zeros of the mantissa are not significant, so
// `0.000...0001` with any number of zeros is fine as long as the value is in
// range.

#include "store/number.h"

#include <algorithm>
#include <array>
#include <cassert>
#include <charconv>
#include <cstdint>
#include <string>

#include "absl/numeric/int128.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"

#include "common/errors.h"
#include "common/status_macros.h"

namespace dynamite {
namespace {

// DynamoDB's messages (reference §2.2).
constexpr absl::string_view kNotNumeric =
    "The parameter cannot be converted to a numeric value";
constexpr absl::string_view kTooManyDigits =
    "Attempting to store more than 38 significant digits in a Number";
constexpr absl::string_view kOverflow =
    "Number overflow. Attempting to store a number with magnitude larger "
    "than supported range";
constexpr absl::string_view kUnderflow =
    "Number underflow. Attempting to store a number with magnitude smaller "
    "than supported range";

// Exponent digits beyond this magnitude cannot change the outcome (the
// adjusted exponent must lie in -130..125 and inputs are far shorter than
// this), so parsing stops accumulating there.
constexpr int64_t kExponentClamp = int64_t{1} << 50;

// 10^0 .. 10^38 (10^38 < 2^128).
using PowerTable = std::array<absl::uint128, Number::kMaxDigits + 1>;
const PowerTable& Powers() {
  static const PowerTable kTable = [] {
    PowerTable table;
    table[0] = 1;
    for (size_t i = 1; i < table.size(); ++i) table[i] = table[i - 1] * 10;
    return table;
  }();
  return kTable;
}

// Returns 10^n. REQUIRES: 0 <= n <= 38.
absl::uint128 Pow10(int n) {
  assert(n >= 0 && n <= Number::kMaxDigits);
  return Powers()[static_cast<size_t>(n)];
}

// The number of decimal digits of `value` (0 for 0), by binary search over
// the powers of ten; 39 for the intermediate sums of Add() at or above
// 10^38.
int CountDigits(absl::uint128 value) {
  const PowerTable& powers = Powers();
  return static_cast<int>(
      std::upper_bound(powers.begin(), powers.end(), value) - powers.begin());
}

// Writes the decimal digits of `coefficient` (below 10^38) at the start of
// `out`; returns the end. 64-bit formatting, plus one 128-bit division only
// for coefficients of 20 digits or more.
char* WriteDigits(absl::uint128 coefficient,
                  std::array<char, Number::kMaxDigits + 2>& out) {
  char* const begin = out.data();
  char* const end = begin + out.size();
  if (absl::Uint128High64(coefficient) == 0) {
    return std::to_chars(begin, end, absl::Uint128Low64(coefficient)).ptr;
  }
  const absl::uint128 kTenPow19 = Pow10(19);
  const uint64_t high = absl::Uint128Low64(coefficient / kTenPow19);
  const uint64_t low = absl::Uint128Low64(coefficient % kTenPow19);
  char* const low_begin = std::to_chars(begin, end, high).ptr;
  // The low half is exactly 19 digits, with leading zeros.
  char* const low_end = low_begin + 19;
  char* const written = std::to_chars(low_begin, low_end, low).ptr;
  const auto length = written - low_begin;
  std::copy_backward(low_begin, written, low_end);
  std::fill(low_begin, low_end - length, '0');
  return low_end;
}

bool IsDigit(char c) { return c >= '0' && c <= '9'; }

absl::Status NotNumeric(absl::string_view text) {
  if (text.empty()) return ValidationError(kNotNumeric);
  return ValidationError(absl::StrCat(kNotNumeric, ": ", text));
}

// The syntactic pieces of a number string.
struct Lexed {
  bool negative = false;
  absl::string_view int_digits;
  absl::string_view frac_digits;
  int64_t exponent = 0;  // saturated at +-kExponentClamp
};

// Splits `text` per the grammar above; false if it does not match.
bool Lex(absl::string_view text, Lexed& out) {
  size_t i = 0;
  const size_t n = text.size();
  if (i < n && (text[i] == '+' || text[i] == '-')) {
    out.negative = text[i] == '-';
    ++i;
  }
  size_t start = i;
  while (i < n && IsDigit(text[i])) ++i;
  out.int_digits = text.substr(start, i - start);
  if (i < n && text[i] == '.') {
    start = ++i;
    while (i < n && IsDigit(text[i])) ++i;
    out.frac_digits = text.substr(start, i - start);
  }
  if (out.int_digits.empty() && out.frac_digits.empty()) return false;
  if (i < n && (text[i] == 'e' || text[i] == 'E')) {
    ++i;
    bool exponent_negative = false;
    if (i < n && (text[i] == '+' || text[i] == '-')) {
      exponent_negative = text[i] == '-';
      ++i;
    }
    if (i == n || !IsDigit(text[i])) return false;
    int64_t exponent = 0;
    for (; i < n && IsDigit(text[i]); ++i) {
      exponent = std::min(kExponentClamp, exponent * 10 + (text[i] - '0'));
    }
    out.exponent = exponent_negative ? -exponent : exponent;
  }
  return i == n;
}

// The raw result of arithmetic: (-1)^negative * coefficient * 10^exponent,
// with a coefficient below 3 * 10^38.
struct RawSum {
  bool negative;
  absl::uint128 coefficient;
  int64_t exponent;
};

// Strips trailing zeros from `parts`, then applies the 38-digit rule
// (reported as overflow, as DynamoDB does; reference §2.1) and the magnitude
// range.
absl::StatusOr<RawSum> Normalize(RawSum parts) {
  if (parts.coefficient == 0) return RawSum{false, 0, 0};
  while (parts.coefficient % 10 == 0) {
    parts.coefficient /= 10;
    ++parts.exponent;
  }
  const int digits = CountDigits(parts.coefficient);
  if (digits > Number::kMaxDigits) return ValidationError(kOverflow);
  const int64_t adjusted = parts.exponent + digits - 1;
  if (adjusted > Number::kMaxAdjustedExponent) {
    return ValidationError(kOverflow);
  }
  if (adjusted < Number::kMinAdjustedExponent) {
    return ValidationError(kUnderflow);
  }
  return parts;
}

}  // namespace

absl::StatusOr<Number> Number::Parse(absl::string_view text) {
  Lexed lexed;
  if (!Lex(text, lexed)) return NotNumeric(text);

  // The mantissa's digits read as one sequence (integer digits, then
  // fraction digits); the decimal point sits after int_digits.size() of them.
  const size_t int_count = lexed.int_digits.size();
  const size_t count = int_count + lexed.frac_digits.size();
  auto digit = [&](size_t k) {
    return k < int_count ? lexed.int_digits[k]
                         : lexed.frac_digits[k - int_count];
  };
  size_t first = 0;
  while (first < count && digit(first) == '0') ++first;
  if (first == count) return Number();  // any zero is accepted
  size_t last = count - 1;
  while (digit(last) == '0') --last;

  const int64_t significant = static_cast<int64_t>(last - first + 1);
  const int64_t adjusted = static_cast<int64_t>(int_count) - 1 -
                           static_cast<int64_t>(first) + lexed.exponent;
  // Magnitude is checked before precision (UNVERIFIED which DynamoDB
  // reports when both apply).
  if (adjusted > kMaxAdjustedExponent) return ValidationError(kOverflow);
  if (adjusted < kMinAdjustedExponent) return ValidationError(kUnderflow);
  if (significant > kMaxDigits) return ValidationError(kTooManyDigits);

  // Accumulate in 64-bit chunks of up to 19 digits; 128-bit steps are
  // needed only between chunks.
  absl::uint128 coefficient = 0;
  for (size_t k = first; k <= last;) {
    uint64_t chunk = 0;
    int chunk_digits = 0;
    for (; k <= last && chunk_digits < 19; ++k, ++chunk_digits) {
      chunk = chunk * 10 + static_cast<uint64_t>(digit(k) - '0');
    }
    coefficient = coefficient * Pow10(chunk_digits) + chunk;
  }
  return Number(lexed.negative, coefficient,
                static_cast<int32_t>(adjusted - (significant - 1)));
}

Number Number::FromInt(int64_t value) {
  if (value == 0) return Number();
  const bool negative = value < 0;
  // Negate in unsigned arithmetic so INT64_MIN works.
  uint64_t magnitude = static_cast<uint64_t>(value);
  if (negative) magnitude = ~magnitude + 1;
  int32_t exponent = 0;
  while (magnitude % 10 == 0) {
    magnitude /= 10;
    ++exponent;
  }
  return Number(negative, magnitude, exponent);
}

absl::StatusOr<Number> Number::Add(const Number& a, const Number& b) {
  if (a.is_zero()) return b;
  if (b.is_zero()) return a;

  // Align both coefficients to the smaller exponent. Only the coefficient
  // with the larger exponent is scaled, by 10^shift. If it would reach
  // 2*10^38, the exact result needs more than 38 digits whatever the other
  // operand is (its coefficient is < 10^38 and ends in a non-zero digit
  // below the scaled one's lowest digit), so it is rejected before any
  // product can overflow 128 bits.
  const bool a_is_big = a.exponent_ >= b.exponent_;
  const Number& big = a_is_big ? a : b;
  const Number& small = a_is_big ? b : a;
  const int64_t shift = int64_t{big.exponent_} - small.exponent_;
  const absl::uint128 limit = Pow10(kMaxDigits) * 2;
  if (shift > kMaxDigits) return ValidationError(kOverflow);
  const absl::uint128 scale = Pow10(static_cast<int>(shift));
  if (big.coefficient() > (limit - 1) / scale) {
    return ValidationError(kOverflow);
  }
  const absl::uint128 big_scaled = big.coefficient() * scale;

  RawSum result{big.negative_, 0, small.exponent_};
  if (big.negative_ == small.negative_) {
    result.coefficient = big_scaled + small.coefficient();  // < 3*10^38
  } else if (big_scaled >= small.coefficient()) {
    result.coefficient = big_scaled - small.coefficient();
  } else {
    result.negative = small.negative_;
    result.coefficient = small.coefficient() - big_scaled;
  }
  DYNAMITE_ASSIGN_OR_RETURN(RawSum parts, Normalize(result));
  return Number(parts.negative, parts.coefficient,
                static_cast<int32_t>(parts.exponent));
}

absl::StatusOr<Number> Number::Subtract(const Number& a, const Number& b) {
  Number negated = b;
  if (!negated.is_zero()) negated.negative_ = !negated.negative_;
  return Add(a, negated);
}

std::string Number::ToString() const {
  TextBuffer buffer;
  return std::string(Format(buffer));
}

absl::string_view Number::Format(TextBuffer& buffer) const {
  char* out = buffer.data();
  if (is_zero()) {
    *out = '0';
    return absl::string_view(buffer.data(), 1);
  }
  if (negative_) *out++ = '-';
  std::array<char, kMaxDigits + 2> digit_buffer;
  const char* const digits = digit_buffer.data();
  const char* const digits_end = WriteDigits(coefficient(), digit_buffer);
  const int64_t size = digits_end - digits;
  if (exponent_ >= 0) {
    out = std::copy(digits, digits_end, out);
    out = std::fill_n(out, exponent_, '0');
  } else if (-int64_t{exponent_} < size) {
    const char* const point = digits + size + exponent_;
    out = std::copy(digits, point, out);
    *out++ = '.';
    out = std::copy(point, digits_end, out);
  } else {
    *out++ = '0';
    *out++ = '.';
    out = std::fill_n(out, -int64_t{exponent_} - size, '0');
    out = std::copy(digits, digits_end, out);
  }
  return absl::string_view(buffer.data(),
                           static_cast<size_t>(out - buffer.data()));
}

int Number::significant_digits() const { return CountDigits(coefficient()); }

int Number::adjusted_exponent() const {
  if (is_zero()) return 0;
  return exponent_ + significant_digits() - 1;
}

std::string Number::digits() const {
  std::array<char, kMaxDigits + 2> buffer;
  return std::string(buffer.data(), WriteDigits(coefficient(), buffer));
}

int Number::StorageSize() const {
  if (is_zero()) return 1;
  const int d = significant_digits();
  const bool even_digits = d % 2 == 0;
  const bool even_exponent = adjusted_exponent() % 2 == 0;
  return 1 + (d + 1) / 2 + (even_digits && even_exponent ? 1 : 0) +
         (negative_ ? 1 : 0);
}

std::strong_ordering operator<=>(const Number& a, const Number& b) {
  const int sign_a = a.is_zero() ? 0 : (a.negative_ ? -1 : 1);
  const int sign_b = b.is_zero() ? 0 : (b.negative_ ? -1 : 1);
  if (sign_a != sign_b) return sign_a <=> sign_b;
  if (sign_a == 0) return std::strong_ordering::equal;

  // Same sign: compare magnitudes by adjusted exponent, then by the
  // coefficients scaled to 38 digits.
  std::strong_ordering magnitude = std::strong_ordering::equal;
  const int adjusted_a = a.adjusted_exponent();
  const int adjusted_b = b.adjusted_exponent();
  if (adjusted_a != adjusted_b) {
    magnitude = adjusted_a <=> adjusted_b;
  } else {
    const absl::uint128 scaled_a =
        a.coefficient() * Pow10(Number::kMaxDigits - a.significant_digits());
    const absl::uint128 scaled_b =
        b.coefficient() * Pow10(Number::kMaxDigits - b.significant_digits());
    if (scaled_a != scaled_b) {
      magnitude = scaled_a < scaled_b ? std::strong_ordering::less
                                      : std::strong_ordering::greater;
    }
  }
  return sign_a > 0 ? magnitude : 0 <=> magnitude;
}

}  // namespace dynamite
