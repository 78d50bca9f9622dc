#include "common/zlib_codec.h"

#include <algorithm>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"

#include "zlib.h"

namespace dynamite {
namespace {

// Inflated output is produced this much at a time; it grows only as far as
// the limit allows.
constexpr size_t kInflateChunkBytes = 64 << 10;

// zlib's windowBits for a gzip wrapper and a zlib wrapper.
constexpr int kGzipWindowBits = 16 + MAX_WBITS;
constexpr int kZlibWindowBits = MAX_WBITS;

// One Inflate() call's zlib stream, ended on every path out.
class Inflater {
 public:
  explicit Inflater(int window_bits) {
    ok_ = inflateInit2(&stream_, window_bits) == Z_OK;
  }
  ~Inflater() {
    if (ok_) inflateEnd(&stream_);
  }
  Inflater(const Inflater&) = delete;
  Inflater& operator=(const Inflater&) = delete;

  bool ok() const { return ok_; }
  z_stream& stream() { return stream_; }

 private:
  z_stream stream_{};
  bool ok_ = false;
};

}  // namespace

absl::StatusOr<std::string> Inflate(ZlibFormat format, absl::string_view what,
                                    absl::string_view input, size_t max_bytes) {
  const bool gzip = format == ZlibFormat::kGzip;
  const absl::string_view name = gzip ? "gzip" : "deflate";
  Inflater inflater(gzip ? kGzipWindowBits : kZlibWindowBits);
  if (!inflater.ok()) {
    return absl::InternalError(absl::StrCat("cannot start ", name, " inflate"));
  }
  z_stream& z = inflater.stream();
  // zlib reads through a non-const pointer but never writes the input.
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(input.data()));
  z.avail_in = static_cast<uInt>(input.size());
  std::string output;
  while (true) {
    const size_t used = output.size();
    const size_t room = std::min(kInflateChunkBytes, max_bytes + 1 - used);
    output.resize(used + room);
    z.next_out = reinterpret_cast<Bytef*>(output.data() + used);
    z.avail_out = static_cast<uInt>(room);
    const int result = inflate(&z, Z_NO_FLUSH);
    output.resize(used + (room - z.avail_out));
    if (output.size() > max_bytes) {
      return absl::ResourceExhaustedError(absl::StrCat(
          "The ", name, " ", what, " inflates past ", max_bytes, " bytes"));
    }
    if (result == Z_STREAM_END) {
      if (z.avail_in == 0) return output;
      if (!gzip) {
        return absl::InvalidArgumentError(
            absl::StrCat("The ", name, " ", what, " has ", z.avail_in,
                         " bytes after the end of its stream"));
      }
      inflateReset(&z);  // the next gzip member (RFC 1952 §2.2)
      continue;
    }
    if (result == Z_OK) continue;
    if (result == Z_BUF_ERROR && z.avail_in == 0) {
      return absl::InvalidArgumentError(absl::StrCat(
          "The ", name, " ", what, " ends before its stream does"));
    }
    return absl::InvalidArgumentError(
        absl::StrCat("The ", what, " is not a valid ", name,
                     " stream: ", z.msg != nullptr ? z.msg : zError(result)));
  }
}

std::string GzipCompress(absl::string_view bytes) {
  z_stream z{};
  // Default level and memory; a failure here is out of memory, which this
  // code base treats as fatal.
  if (deflateInit2(&z, Z_DEFAULT_COMPRESSION, Z_DEFLATED, kGzipWindowBits, 8,
                   Z_DEFAULT_STRATEGY) != Z_OK) {
    return std::string();
  }
  std::string output(deflateBound(&z, static_cast<uLong>(bytes.size())), '\0');
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(bytes.data()));
  z.avail_in = static_cast<uInt>(bytes.size());
  z.next_out = reinterpret_cast<Bytef*>(output.data());
  z.avail_out = static_cast<uInt>(output.size());
  // deflateBound() leaves room for the whole stream, so one call ends it.
  const int result = deflate(&z, Z_FINISH);
  output.resize(z.total_out);
  deflateEnd(&z);
  return result == Z_STREAM_END ? output : std::string();
}

}  // namespace dynamite
