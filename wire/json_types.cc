#include "wire/json_types.h"

#include <cmath>
#include <cstdint>
#include <string>

#include "absl/strings/ascii.h"
#include "absl/strings/escaping.h"
#include "absl/strings/str_cat.h"

#include "common/errors.h"

namespace dynamite {
namespace {

constexpr absl::string_view kStartOfStructure =
    "Start of structure or map found where not expected";
constexpr absl::string_view kUnexpectedField = "Unexpected field type";

// DynamoDB's name for the JSON token `value` starts with, in "<TOKEN> cannot
// be converted to <Type>" messages.
absl::string_view TokenName(const JsonValue& value) {
  if (value.IsTrue()) return "TRUE_VALUE";
  if (value.IsFalse()) return "FALSE_VALUE";
  if (value.IsString()) return "STRING_VALUE";
  if (value.IsDouble()) return "DECIMAL_VALUE";
  return "NUMBER_VALUE";
}

absl::Status CannotConvert(const JsonValue& value, absl::string_view type) {
  return SerializationError(
      absl::StrCat(TokenName(value), " cannot be converted to ", type));
}

absl::Status UnrecognizedCollection(absl::string_view java_class) {
  return SerializationError(
      absl::StrCat("Unrecognized collection type ", java_class));
}

// Java's narrowing of an integral value to long: the low 64 bits.
int64_t WrapToInt64(const JsonValue& value) {
  if (value.IsInt64()) return value.GetInt64();
  if (value.IsUint64()) return static_cast<int64_t>(value.GetUint64());
  double truncated = std::trunc(value.GetDouble());
  constexpr double kTwo63 = 9223372036854775808.0;
  if (truncated >= -kTwo63 && truncated < kTwo63) {
    return static_cast<int64_t>(truncated);
  }
  // Doubles this large are whole multiples of 2048, so fmod is exact.
  constexpr double kTwo64 = 18446744073709551616.0;
  double low = std::fmod(truncated, kTwo64);
  if (low < 0) low += kTwo64;
  return static_cast<int64_t>(static_cast<uint64_t>(low));
}

// The 6-bit value of a base64 character, or -1.
int Base64Digit(char c) {
  if (c >= 'A' && c <= 'Z') return c - 'A';
  if (c >= 'a' && c <= 'z') return c - 'a' + 26;
  if (c >= '0' && c <= '9') return c - '0' + 52;
  if (c == '+') return 62;
  if (c == '/') return 63;
  return -1;
}

// True if `s` (length a multiple of 4) is canonical padded base64: only
// alphabet characters, then at most two '=', and zero bits in the unused
// low bits of the last character before the padding.
bool IsCanonicalBase64(absl::string_view s) {
  size_t padding = 0;
  if (!s.empty() && s.back() == '=') ++padding;
  if (s.size() >= 2 && s[s.size() - 2] == '=') ++padding;
  size_t data = s.size() - padding;
  for (size_t i = 0; i < data; ++i) {
    if (Base64Digit(s[i]) < 0) return false;
  }
  if (padding == 0) return true;
  if (data == 0) return false;
  int last = Base64Digit(s[data - 1]);
  return padding == 1 ? (last & 0x3) == 0 : (last & 0xF) == 0;
}

}  // namespace

absl::StatusOr<absl::string_view> JsonToString(const JsonValue& value) {
  if (value.IsString()) return JsonString(value);
  if (value.IsArray()) return UnrecognizedCollection("class java.lang.String");
  if (value.IsObject()) return SerializationError(kStartOfStructure);
  return CannotConvert(value, "String");
}

absl::StatusOr<bool> JsonToBoolean(const JsonValue& value) {
  if (value.IsBool()) return value.GetBool();
  if (value.IsString()) {
    std::string s = absl::AsciiStrToLower(JsonString(value));
    if (s == "true" || s == "yes" || s == "1") return true;
    if (s == "false" || s == "no" || s == "0") return false;
    return SerializationError("Unexpected token received from parser");
  }
  if (value.IsArray()) {
    return UnrecognizedCollection("class java.lang.Boolean");
  }
  if (value.IsObject()) return SerializationError(kStartOfStructure);
  return CannotConvert(value, "Boolean");
}

absl::StatusOr<int64_t> JsonToInteger(const JsonValue& value) {
  if (value.IsNumber()) {
    return static_cast<int32_t>(static_cast<uint32_t>(WrapToInt64(value)));
  }
  if (value.IsArray()) {
    return UnrecognizedCollection("class java.lang.Integer");
  }
  if (value.IsObject()) return SerializationError(kStartOfStructure);
  return CannotConvert(value, "Integer");
}

absl::StatusOr<int64_t> JsonToLong(const JsonValue& value) {
  if (value.IsNumber()) return WrapToInt64(value);
  if (value.IsArray()) return UnrecognizedCollection("class java.lang.Long");
  if (value.IsObject()) return SerializationError(kStartOfStructure);
  return CannotConvert(value, "Long");
}

absl::StatusOr<std::string> JsonToBlob(const JsonValue& value) {
  if (value.IsArray()) {
    return UnrecognizedCollection("class java.nio.ByteBuffer");
  }
  if (value.IsObject()) return SerializationError(kStartOfStructure);
  if (!value.IsString()) {
    return SerializationError(
        "only base-64-encoded strings are convertible to bytes");
  }
  absl::string_view text = JsonString(value);
  if (text.size() % 4 != 0) {
    return SerializationError(absl::StrCat(
        "Base64 encoded length is expected a multiple of 4 bytes but found: ",
        text.size()));
  }
  std::string bytes;
  if (!IsCanonicalBase64(text) || !absl::Base64Unescape(text, &bytes)) {
    return SerializationError(
        "Invalid last non-pad Base64 character dectected");
  }
  return bytes;
}

absl::Status CheckJsonList(const JsonValue& value) {
  if (value.IsArray()) return absl::OkStatus();
  if (value.IsObject()) return SerializationError(kStartOfStructure);
  return SerializationError(kUnexpectedField);
}

absl::Status CheckJsonMap(const JsonValue& value,
                          absl::string_view value_type) {
  if (value.IsObject()) return absl::OkStatus();
  if (value.IsArray()) {
    return UnrecognizedCollection(
        absl::StrCat("java.util.Map<java.lang.String, ", value_type, ">"));
  }
  return SerializationError(kUnexpectedField);
}

absl::Status CheckJsonStructure(const JsonValue& value, absl::string_view shape,
                                StructurePosition position) {
  if (value.IsObject()) return absl::OkStatus();
  if (value.IsArray()) {
    return UnrecognizedCollection(absl::StrCat("class ", kShapePackage, shape));
  }
  return SerializationError(position == StructurePosition::kField
                                ? kUnexpectedField
                                : "Unexpected value type in payload");
}

}  // namespace dynamite
