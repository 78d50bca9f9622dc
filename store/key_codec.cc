// Key encoding. An encoded key value orders byte-wise (memcmp, unsigned)
// exactly as DynamoDB orders the typed values of one key attribute.
//
//   key(S), key(B) := the raw bytes, unchanged
//   key(N)         := 0x01 negative_body     (n < 0)
//                   | 0x02                   (n == 0)
//                   | 0x03 positive_body     (n > 0)
//   positive_body  := exponent_byte pair+
//   negative_body  := ~exponent_byte ~pair+ 0xFF
//   exponent_byte  := adjusted exponent + 130          (-130..125 -> 0..255)
//   pair           := 1 + 10 * d1 + d2                 (two coefficient
//                     digits, most significant first; 1..100)
//   last pair      := 1 + 10 * d1 + 0 when the coefficient has an odd number
//                     of digits
//   ~x             := 255 - x
//
// Why this orders correctly:
// - The class byte puts negatives before zero before positives.
// - Two positives compare by adjusted exponent first (the larger magnitude
//   has the larger exponent byte), then by their digits read as a decimal
//   fraction. Padding an odd last digit with 0 is unambiguous because a
//   coefficient never ends in 0, and a shorter digit sequence that is a
//   prefix of a longer one is the smaller magnitude (1.2 < 1.23), which
//   byte order also gives.
// - A negative's body is the complement of its magnitude's positive body,
//   so larger magnitudes sort first. Complemented pairs lie in 155..254, so
//   the 0xFF terminator is larger than any of them: when one magnitude's
//   body is a prefix of another's, the shorter (smaller magnitude, e.g.
//   -1.2 against -1.23) sorts after the longer, as it must.
// - Number is canonical, so equal values (1, 1.0, 10E-1) encode
//   identically.

#include "store/key_codec.h"

#include <cassert>
#include <string>

#include "store/number.h"
#include "store/value.h"

namespace dynamite {
namespace {

constexpr char kNegativeClass = 0x01;
constexpr char kZeroClass = 0x02;
constexpr char kPositiveClass = 0x03;
constexpr unsigned char kNegativeTerminator = 0xFF;

// XOR masks for AppendMagnitude(): keep the bytes, or complement them.
constexpr unsigned char kPlain = 0x00;
constexpr unsigned char kComplement = 0xFF;

// Appends exponent_byte pair+ for the magnitude of `n`, each byte XORed
// with `mask`.
void AppendMagnitude(const Number& n, unsigned char mask, std::string& out) {
  const int exponent_byte =
      n.adjusted_exponent() - Number::kMinAdjustedExponent;
  assert(exponent_byte >= 0 && exponent_byte <= 255);
  out.push_back(
      static_cast<char>(static_cast<unsigned char>(exponent_byte) ^ mask));
  const std::string digits = n.digits();
  for (size_t i = 0; i < digits.size(); i += 2) {
    const int high = digits[i] - '0';
    const int low = i + 1 < digits.size() ? digits[i + 1] - '0' : 0;
    const auto pair = static_cast<unsigned char>(1 + 10 * high + low);
    out.push_back(static_cast<char>(pair ^ mask));
  }
}

}  // namespace

std::string EncodeNumberKey(const Number& n) {
  std::string out;
  if (n.is_zero()) {
    out.push_back(kZeroClass);
  } else if (n.is_negative()) {
    out.push_back(kNegativeClass);
    AppendMagnitude(n, kComplement, out);
    out.push_back(static_cast<char>(kNegativeTerminator));
  } else {
    out.push_back(kPositiveClass);
    AppendMagnitude(n, kPlain, out);
  }
  return out;
}

std::string EncodeKeyValue(const AttributeValue& value) {
  switch (value.type()) {
    case ValueType::kS:
      return value.s();
    case ValueType::kB:
      return value.b();
    case ValueType::kN:
      return EncodeNumberKey(value.n());
    case ValueType::kBool:
    case ValueType::kNull:
    case ValueType::kM:
    case ValueType::kL:
    case ValueType::kSS:
    case ValueType::kNS:
    case ValueType::kBS:
      break;
  }
  assert(false && "EncodeKeyValue: not a key type");
  return std::string();
}

KeyBytes EncodeKeyBytes(const AttributeValue& value) {
  if (value.type() == ValueType::kS) return KeyBytes::Borrow(value.s());
  if (value.type() == ValueType::kB) return KeyBytes::Borrow(value.b());
  return EncodeKeyValue(value);
}

}  // namespace dynamite
