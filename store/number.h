// Number: DynamoDB's exact decimal number.
//
// A Number is sign * coefficient * 10^exponent with a coefficient of at most
// 38 decimal digits and no trailing zeros, so every value has exactly one
// representation: `1`, `1.0`, `1.00` and `10E-1` are the same Number, compare
// equal, and print as "1". The magnitude lies in DynamoDB's range,
// 1E-130 .. 9.9999999999999999999999999999999999999E+125, or is zero. No
// floating point is used anywhere.
//
// Thread safety: a value type; const methods may be called concurrently.

#ifndef DYNAMITE_STORE_NUMBER_H_
#define DYNAMITE_STORE_NUMBER_H_

#include <array>
#include <compare>
#include <cstdint>
#include <string>

#include "absl/numeric/int128.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace dynamite {

class Number {
 public:
  // DynamoDB's documented precision: 38 significant digits.
  static constexpr int kMaxDigits = 38;
  // Adjusted exponent (power of ten of the first significant digit) bounds:
  // 1E-130 is the smallest magnitude, 9.99...E+125 the largest.
  static constexpr int kMinAdjustedExponent = -130;
  static constexpr int kMaxAdjustedExponent = 125;

  // Zero.
  Number() = default;

  // Parses a DynamoDB number string ([+-]?(digits[.digits?]|.digits)
  // ([eE][+-]?digits)?). Returns a kValidation error with DynamoDB's exact
  // message: "The parameter cannot be converted to a numeric value: <text>"
  // (no suffix for an empty string), "Attempting to store more than 38
  // significant digits in a Number", "Number overflow. Attempting to store a
  // number with magnitude larger than supported range", "Number underflow.
  // Attempting to store a number with magnitude smaller than supported range".
  // Any zero is accepted. Huge exponents are rejected without being computed.
  static absl::StatusOr<Number> Parse(absl::string_view text);

  static Number FromInt(int64_t value);

  // Returns the exact sum / difference, or DynamoDB's overflow / underflow
  // error when the result does not fit (including results needing more than
  // 38 digits, which DynamoDB reports as overflow).
  static absl::StatusOr<Number> Add(const Number& a, const Number& b);
  static absl::StatusOr<Number> Subtract(const Number& a, const Number& b);

  // Canonical plain-decimal text, never exponent form: "1000", "0.001",
  // "-1.5", "0".
  std::string ToString() const;

  // The longest ToString(): a sign, "0.", 129 zeros and 38 digits.
  static constexpr size_t kMaxTextSize = 1 + 2 + 129 + kMaxDigits;
  using TextBuffer = std::array<char, kMaxTextSize>;
  // ToString()'s text written into `buffer`, without allocating: the JSON
  // encoder writes every N of every answer (wire/value_json.cc).
  absl::string_view Format(TextBuffer& buffer) const;

  bool is_zero() const { return (coefficient_high_ | coefficient_low_) == 0; }
  bool is_negative() const { return negative_; }
  // The digits of the coefficient without trailing zeros; 0 for zero.
  int significant_digits() const;
  // The power of ten of the first significant digit (0 for zero).
  int adjusted_exponent() const;
  // The coefficient's decimal digits, e.g. "15" for 1.5 and for 1500.
  std::string digits() const;

  // DynamoDB's storage size of this number in bytes (item-size rule):
  // zero -> 1; else 1 + ceil(d/2) + (d even and exponent even ? 1 : 0) +
  // (negative ? 1 : 0).
  int StorageSize() const;

  // The number as sign, coefficient and exponent: value = (negative ? -1 :
  // 1) * coefficient * 10^exponent, the coefficient without trailing zeros.
  // A stored item keeps its numbers in this form, in a few bytes rather
  // than a Number's 24 (store/packed_value.cc).
  struct Parts {
    bool negative = false;
    absl::uint128 coefficient = 0;
    int32_t exponent = 0;
  };
  Parts parts() const { return {negative_, coefficient(), exponent_}; }
  // REQUIRES: `parts` is parts() of a Number.
  static Number FromParts(const Parts& parts) {
    return Number(parts.negative, parts.coefficient, parts.exponent);
  }

  friend bool operator==(const Number& a, const Number& b) = default;
  friend std::strong_ordering operator<=>(const Number& a, const Number& b);

 private:
  Number(bool negative, absl::uint128 coefficient, int32_t exponent)
      : negative_(negative),
        exponent_(exponent),
        coefficient_high_(absl::Uint128High64(coefficient)),
        coefficient_low_(absl::Uint128Low64(coefficient)) {}

  absl::uint128 coefficient() const {
    return absl::MakeUint128(coefficient_high_, coefficient_low_);
  }

  // Invariants: the coefficient has at most 38 digits and no trailing zero;
  // zero is {false, 0, 0}. The coefficient is kept as two 64-bit halves
  // rather than an absl::uint128, whose 16-byte alignment would make a
  // Number 32 bytes and every AttributeValue (store/value.h) 48: with 8-byte
  // alignment a Number is 24 bytes, and an item's attributes are 32 bytes
  // smaller each.
  bool negative_ = false;
  int32_t exponent_ = 0;  // value = coefficient * 10^exponent_
  uint64_t coefficient_high_ = 0;
  uint64_t coefficient_low_ = 0;
};

}  // namespace dynamite

#endif  // DYNAMITE_STORE_NUMBER_H_
