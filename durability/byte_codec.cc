#include "durability/byte_codec.h"

#include <string>

#include "absl/strings/str_cat.h"

#include "common/errors.h"

namespace dynamite {
namespace {

// Time's tag byte.
enum TimeTag : uint8_t { kPast = 0, kFuture = 1, kFinite = 2 };

}  // namespace

void ByteWriter::Unsigned(uint64_t value) {
  while (value >= 0x80) {
    out_.push_back(static_cast<char>((value & 0x7f) | 0x80));
    value >>= 7;
  }
  out_.push_back(static_cast<char>(value));
}

void ByteWriter::Signed(int64_t value) {
  const uint64_t bits = static_cast<uint64_t>(value);
  Unsigned((bits << 1) ^ (value < 0 ? ~uint64_t{0} : 0));
}

void ByteWriter::String(absl::string_view value) {
  Unsigned(value.size());
  out_.append(value.data(), value.size());
}

void ByteWriter::Time(absl::Time value) {
  if (value == absl::InfinitePast()) {
    out_.push_back(kPast);
  } else if (value == absl::InfiniteFuture()) {
    out_.push_back(kFuture);
  } else {
    out_.push_back(kFinite);
    Signed(absl::ToUnixNanos(value));
  }
}

void ByteReader::Fail(absl::string_view why) {
  if (status_.ok()) status_ = MakeError(ErrorKind::kInternal, why);
  in_ = {};
}

uint64_t ByteReader::Unsigned() {
  uint64_t value = 0;
  for (int shift = 0; shift < 64; shift += 7) {
    if (in_.empty()) {
      Fail("truncated record: a number is cut short");
      return 0;
    }
    const auto byte = static_cast<uint8_t>(in_.front());
    in_.remove_prefix(1);
    value |= static_cast<uint64_t>(byte & 0x7f) << shift;
    if ((byte & 0x80) == 0) return value;
  }
  Fail("malformed record: a number runs over 64 bits");
  return 0;
}

int64_t ByteReader::Signed() {
  const uint64_t bits = Unsigned();
  return static_cast<int64_t>((bits >> 1) ^ (~(bits & 1) + 1));
}

bool ByteReader::Bool() {
  const uint64_t value = Enum(1);
  return value == 1;
}

absl::string_view ByteReader::StringView() {
  const uint64_t size = Unsigned();
  if (size > in_.size()) {
    Fail("truncated record: a string is cut short");
    return {};
  }
  const absl::string_view value = in_.substr(0, size);
  in_.remove_prefix(size);
  return value;
}

std::string ByteReader::String() { return std::string(StringView()); }

absl::Time ByteReader::Time() {
  switch (Enum(kFinite)) {
    case kPast:
      return absl::InfinitePast();
    case kFuture:
      return absl::InfiniteFuture();
    default:
      return absl::FromUnixNanos(Signed());
  }
}

uint64_t ByteReader::Enum(uint64_t max) {
  const uint64_t value = Unsigned();
  if (value > max) {
    Fail(absl::StrCat("malformed record: the value ", value,
                      " is out of range (at most ", max, ")"));
    return 0;
  }
  return value;
}

}  // namespace dynamite
