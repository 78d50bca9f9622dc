// Padded and signed number forms (grammar of the signed form):
//
//   padded     := DIGIT{width}
//   signed     := '0' magnitude          ; value >= 0
//               | '-' complement         ; value < 0
//   magnitude  := DIGIT{integer_digits} [ '.' DIGIT{scale} ]
//   complement := magnitude with every DIGIT d replaced by 9 - d
//
// Digits are handled as text, never as arithmetic on the magnitude, so no
// width and no int64_t value (INT64_MIN included) can overflow.

#include "keydesign/padding.h"

#include <cstdint>
#include <string>
#include <utility>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"

#include "common/status_macros.h"

namespace dynamite {
namespace {

absl::Status CheckWidth(int width, absl::string_view what) {
  if (width < 1 || width > kMaxPadWidth) {
    return absl::InvalidArgumentError(absl::StrCat(
        what, " must be from 1 to ", kMaxPadWidth, ", not ", width));
  }
  return absl::OkStatus();
}

absl::Status CheckScale(int scale) {
  if (scale < 0 || scale > kMaxPadWidth) {
    return absl::InvalidArgumentError(absl::StrCat(
        "Scale must be from 0 to ", kMaxPadWidth, ", not ", scale));
  }
  return absl::OkStatus();
}

bool AllDigits(absl::string_view s) {
  for (char c : s) {
    if (!absl::ascii_isdigit(static_cast<unsigned char>(c))) return false;
  }
  return true;
}

bool AllZeros(absl::string_view s) {
  for (char c : s) {
    if (c != '0' && c != '.') return false;
  }
  return true;
}

// Each digit d becomes 9 - d; anything else (the decimal point) stays.
std::string NinesComplement(absl::string_view s) {
  std::string out(s);
  for (char& c : out) {
    if (absl::ascii_isdigit(static_cast<unsigned char>(c))) c = '9' - c + '0';
  }
  return out;
}

std::string SignedForm(bool negative, absl::string_view magnitude) {
  return negative ? absl::StrCat("-", NinesComplement(magnitude))
                  : absl::StrCat("0", magnitude);
}

// `digits` (no leading zeros needed) left-padded with zeros to `width`.
absl::StatusOr<std::string> PadDigits(absl::string_view digits, int width) {
  if (digits.size() > static_cast<size_t>(width)) {
    return absl::OutOfRangeError(absl::StrCat(
        "Value ", digits, " has ", digits.size(), " digits; the key field has ",
        width, ", and a longer key would sort out of order"));
  }
  return absl::StrCat(std::string(width - digits.size(), '0'), digits);
}

// The decimal digits of |value|, computed without negating INT64_MIN.
std::string MagnitudeDigits(int64_t value) {
  uint64_t magnitude = value < 0 ? ~static_cast<uint64_t>(value) + 1
                                 : static_cast<uint64_t>(value);
  return absl::StrCat(magnitude);
}

// Splits a signed form into (negative, magnitude digits as stored after
// undoing the complement). Returns an error unless it has `size` bytes and
// starts with '0' or '-'.
absl::StatusOr<std::pair<bool, std::string>> SplitSigned(absl::string_view text,
                                                         size_t size) {
  if (text.size() != size || (text[0] != '0' && text[0] != '-')) {
    return absl::InvalidArgumentError(absl::StrCat(
        "\"", text, "\" is not a signed key field of ", size, " characters"));
  }
  bool negative = text[0] == '-';
  std::string magnitude(text.substr(1));
  if (negative) magnitude = NinesComplement(magnitude);
  if (negative && AllZeros(magnitude)) {
    return absl::InvalidArgumentError(
        absl::StrCat("\"", text, "\" is a negative zero, which no key has"));
  }
  return std::make_pair(negative, std::move(magnitude));
}

}  // namespace

absl::StatusOr<std::string> PadNumber(int64_t value, int width) {
  DYNAMITE_RETURN_IF_ERROR(CheckWidth(width, "Width"));
  if (value < 0) {
    return absl::InvalidArgumentError(
        absl::StrCat("PadNumber takes a non-negative value, not ", value,
                     "; use PadSigned for negative values"));
  }
  return PadDigits(absl::StrCat(value), width);
}

absl::StatusOr<std::string> InvertForDescending(int64_t value, int64_t max,
                                                int width) {
  DYNAMITE_RETURN_IF_ERROR(PadNumber(max, width).status());
  if (value < 0 || value > max) {
    return absl::OutOfRangeError(absl::StrCat(
        "Value ", value, " is outside [0, ", max, "], the inverted range"));
  }
  return PadNumber(max - value, width);
}

absl::StatusOr<int64_t> ParsePaddedNumber(absl::string_view text, int width) {
  DYNAMITE_RETURN_IF_ERROR(CheckWidth(width, "Width"));
  int64_t value = 0;
  if (text.size() != static_cast<size_t>(width) || !AllDigits(text) ||
      !absl::SimpleAtoi(text, &value)) {
    return absl::InvalidArgumentError(absl::StrCat(
        "\"", text, "\" is not a padded number of ", width, " digits"));
  }
  return value;
}

absl::StatusOr<std::string> PadSigned(int64_t value, int width) {
  DYNAMITE_RETURN_IF_ERROR(CheckWidth(width, "Width"));
  DYNAMITE_ASSIGN_OR_RETURN(std::string magnitude,
                            PadDigits(MagnitudeDigits(value), width));
  return SignedForm(value < 0, magnitude);
}

absl::StatusOr<int64_t> ParsePaddedSigned(absl::string_view text, int width) {
  DYNAMITE_RETURN_IF_ERROR(CheckWidth(width, "Width"));
  DYNAMITE_ASSIGN_OR_RETURN(auto split, SplitSigned(text, width + 1));
  auto& [negative, digits] = split;
  uint64_t magnitude = 0;
  constexpr uint64_t kMinMagnitude = uint64_t{1} << 63;  // |INT64_MIN|
  if (!AllDigits(digits) || !absl::SimpleAtoi(digits, &magnitude) ||
      magnitude > (negative ? kMinMagnitude : kMinMagnitude - 1)) {
    return absl::InvalidArgumentError(
        absl::StrCat("\"", text, "\" is not a signed int64 key field"));
  }
  return negative ? static_cast<int64_t>(~magnitude + 1)
                  : static_cast<int64_t>(magnitude);
}

absl::StatusOr<std::string> PadDecimal(absl::string_view text,
                                       int integer_digits, int scale) {
  DYNAMITE_RETURN_IF_ERROR(CheckWidth(integer_digits, "Integer digits"));
  DYNAMITE_RETURN_IF_ERROR(CheckScale(scale));
  absl::string_view rest = text;
  bool negative = false;
  if (!rest.empty() && (rest[0] == '-' || rest[0] == '+')) {
    negative = rest[0] == '-';
    rest.remove_prefix(1);
  }
  absl::string_view whole = rest, fraction;
  if (size_t point = rest.find('.'); point != absl::string_view::npos) {
    whole = rest.substr(0, point);
    fraction = rest.substr(point + 1);
  }
  if ((whole.empty() && fraction.empty()) || !AllDigits(whole) ||
      !AllDigits(fraction)) {
    return absl::InvalidArgumentError(
        absl::StrCat("\"", text, "\" is not a decimal ([+-]digits[.digits])"));
  }
  while (!whole.empty() && whole[0] == '0') whole.remove_prefix(1);
  if (fraction.size() > static_cast<size_t>(scale)) {
    if (!AllZeros(fraction.substr(scale))) {
      return absl::OutOfRangeError(absl::StrCat(
          "Value ", text, " has more than ", scale,
          " fractional digits; the key field would have to round it"));
    }
    fraction = fraction.substr(0, scale);
  }
  DYNAMITE_ASSIGN_OR_RETURN(std::string magnitude,
                            PadDigits(whole, integer_digits));
  if (scale > 0) {
    absl::StrAppend(&magnitude, ".", fraction,
                    std::string(scale - fraction.size(), '0'));
  }
  return SignedForm(negative && !AllZeros(magnitude), magnitude);
}

absl::StatusOr<std::string> ParsePaddedDecimal(absl::string_view text,
                                               int integer_digits, int scale) {
  DYNAMITE_RETURN_IF_ERROR(CheckWidth(integer_digits, "Integer digits"));
  DYNAMITE_RETURN_IF_ERROR(CheckScale(scale));
  size_t size = 1 + integer_digits + (scale > 0 ? 1 + scale : 0);
  DYNAMITE_ASSIGN_OR_RETURN(auto split, SplitSigned(text, size));
  auto& [negative, magnitude] = split;
  absl::string_view whole =
      absl::string_view(magnitude).substr(0, integer_digits);
  absl::string_view fraction;
  if (scale > 0) {
    if (magnitude[integer_digits] != '.') {
      return absl::InvalidArgumentError(
          absl::StrCat("\"", text, "\" has no decimal point after ",
                       integer_digits, " digits"));
    }
    fraction = absl::string_view(magnitude).substr(integer_digits + 1);
  }
  if (!AllDigits(whole) || !AllDigits(fraction)) {
    return absl::InvalidArgumentError(
        absl::StrCat("\"", text, "\" is not a padded decimal"));
  }
  while (whole.size() > 1 && whole[0] == '0') whole.remove_prefix(1);
  return absl::StrCat(negative ? "-" : "", whole, fraction.empty() ? "" : ".",
                      fraction);
}

}  // namespace dynamite
