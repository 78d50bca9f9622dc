// ByteWriter and ByteReader: the few primitives durability's records are
// made of (durability/commit_codec.h): unsigned varints, signed integers
// (zigzag varints), length-prefixed strings, booleans and times.
//
// A reader never reads past its input: each read of a truncated or
// malformed input fails once, the reader remembers it, and every later
// read returns a default. Check status() at the end.
//
// Thread safety: one reader or writer per thread.

#ifndef DYNAMITE_DURABILITY_BYTE_CODEC_H_
#define DYNAMITE_DURABILITY_BYTE_CODEC_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "absl/time/time.h"

namespace dynamite {

class ByteWriter {
 public:
  explicit ByteWriter(std::string& out) : out_(out) {}

  void Unsigned(uint64_t value);
  void Signed(int64_t value);
  void Bool(bool value) { out_.push_back(value ? 1 : 0); }
  void String(absl::string_view value);
  // absl::InfinitePast() and absl::InfiniteFuture() round trip as such.
  void Time(absl::Time value);

 private:
  std::string& out_;
};

class ByteReader {
 public:
  explicit ByteReader(absl::string_view in) : in_(in) {}

  uint64_t Unsigned();
  int64_t Signed();
  bool Bool();
  std::string String();
  // A string view into the input (valid as long as it is).
  absl::string_view StringView();
  absl::Time Time();
  // An enum's value, at most `max`; a larger one fails the reader.
  uint64_t Enum(uint64_t max);

  bool done() const { return in_.empty(); }
  // OK, or what the first failed read found.
  const absl::Status& status() const { return status_; }
  void Fail(absl::string_view why);

 private:
  absl::string_view in_;
  absl::Status status_;
};

// An enum as its value; reading one past `last` fails the reader.
template <typename Enum>
void WriteEnum(ByteWriter& out, Enum value) {
  out.Unsigned(static_cast<uint64_t>(value));
}
template <typename Enum>
Enum ReadEnum(ByteReader& in, Enum last) {
  return static_cast<Enum>(in.Enum(static_cast<uint64_t>(last)));
}

// A list: its count, then each element. Every element takes at least one
// byte, so a count past the bytes left is malformed (and never allocated).
template <typename T, typename WriteOne>
void WriteList(ByteWriter& out, const std::vector<T>& values,
               WriteOne write_one) {
  out.Unsigned(values.size());
  for (const T& value : values) write_one(value);
}
template <typename T, typename ReadOne>
std::vector<T> ReadList(ByteReader& in, size_t bytes_left, ReadOne read_one) {
  const uint64_t count = in.Unsigned();
  std::vector<T> values;
  if (count > bytes_left) {
    in.Fail("malformed record: a list is longer than the record");
    return values;
  }
  values.reserve(count);
  for (uint64_t i = 0; i < count && in.status().ok(); ++i) {
    values.push_back(read_one());
  }
  return values;
}

}  // namespace dynamite

#endif  // DYNAMITE_DURABILITY_BYTE_CODEC_H_
