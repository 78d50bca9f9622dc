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

}  // namespace dynamite

#endif  // DYNAMITE_DURABILITY_BYTE_CODEC_H_
