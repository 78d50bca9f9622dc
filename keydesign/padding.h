// Fixed-width, order-preserving text forms of numbers for string sort keys.
//
// DynamoDB compares S sort keys as UTF-8 bytes, so "10" sorts before "9".
// A number written into a string key must therefore have a fixed width, and
// negatives and fractions need a form whose byte order is numeric order.
// Every function here either returns exactly that form or an error: a value
// that does not fit its width is never truncated or widened, because one
// key a digit longer than its neighbours silently breaks the order.
//
//   PadNumber(42, 6)                  "000042"
//   InvertForDescending(42, 999, 6)   "000957"   (999 - 42: newest first)
//   PadSigned(42, 6)                  "0000042"
//   PadSigned(-42, 6)                 "-999957"
//   PadDecimal("12.5", 4, 2)          "00012.50"
//   PadDecimal("-12.5", 4, 2)         "-9987.49"
//
// Signed form (PadSigned, PadDecimal): one sign character, then the digits
// at a fixed width. A non-negative value is '0' followed by its padded
// digits. A negative value is '-' followed by the nines' complement of its
// padded magnitude (each digit d written as 9 - d), so a larger magnitude
// gives smaller digits. '-' (0x2D) sorts before '0' (0x30), so every
// negative sorts before every non-negative, and within each sign byte order
// is numeric order. A decimal point, when there is one, sits at the same
// position in every key and is left as it is. Zero has one form ("-0" is 0).
//
// Errors: kInvalidArgument for misuse (a width outside [1, kMaxPadWidth], a
// negative value where only non-negatives are allowed, text that is not a
// decimal), kOutOfRange for a value that does not fit the width or scale.
//
// Thread safety: pure functions.

#ifndef DYNAMITE_KEYDESIGN_PADDING_H_
#define DYNAMITE_KEYDESIGN_PADDING_H_

#include <cstdint>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace dynamite {

// Widest padded field. DynamoDB's sort key limit is 1024 bytes; a field of
// more than 64 digits is a mistake, not a design.
inline constexpr int kMaxPadWidth = 64;

// `value` as exactly `width` decimal digits with leading zeros.
// Errors: kInvalidArgument if value < 0 or width is outside [1,
// kMaxPadWidth]; kOutOfRange if value has more than `width` digits.
absl::StatusOr<std::string> PadNumber(int64_t value, int width);

// PadNumber(max - value, width): a key that sorts in descending order of
// `value` (newest first, highest score first). `max` must itself fit
// `width`, so every key of the design has the same width; checking only the
// result would let the error wait until value 0 comes along.
// Errors: as PadNumber, and kOutOfRange if value is outside [0, max].
absl::StatusOr<std::string> InvertForDescending(int64_t value, int64_t max,
                                                int width);

// Reads a PadNumber key back. Errors: kInvalidArgument unless `text` is
// `width` digits (width as PadNumber requires) that fit an int64_t.
absl::StatusOr<int64_t> ParsePaddedNumber(absl::string_view text, int width);

// The signed form of `value` (sign character + `width` digits; see the file
// comment). Fits values with |value| <= 10^width - 1.
// Errors: kInvalidArgument for a bad width; kOutOfRange if |value| has more
// than `width` digits.
absl::StatusOr<std::string> PadSigned(int64_t value, int width);

// Reads a PadSigned key back. Errors: kInvalidArgument unless `text` is a
// signed form of `width` digits whose value fits an int64_t.
absl::StatusOr<int64_t> ParsePaddedSigned(absl::string_view text, int width);

// The signed form of the decimal `text` ([+-]?digits[.digits]) with
// `integer_digits` digits before the point and exactly `scale` after it (no
// point when scale is 0). Trailing fractional digits are kept only if they
// are zeros: 1.25 at scale 1 is an error, never a rounding.
// Errors: kInvalidArgument for text that is not a plain decimal (no
// exponent) or a bad width (integer_digits in [1, kMaxPadWidth], scale in
// [0, kMaxPadWidth]); kOutOfRange if the value needs more integer digits or
// a finer scale.
absl::StatusOr<std::string> PadDecimal(absl::string_view text,
                                       int integer_digits, int scale);

// Reads a PadDecimal key back as canonical decimal text: no leading zeros,
// `scale` fractional digits ("-12.50"; zero is "0.00").
// Errors: kInvalidArgument unless `text` has the PadDecimal shape.
absl::StatusOr<std::string> ParsePaddedDecimal(absl::string_view text,
                                               int integer_digits, int scale);

}  // namespace dynamite

#endif  // DYNAMITE_KEYDESIGN_PADDING_H_
