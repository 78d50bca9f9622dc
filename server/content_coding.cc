// Content codings. The grammar read here (RFC 9110 §8.4, §12.5.3):
//
//   Content-Encoding := [ coding *( OWS "," OWS coding ) ]
//   Accept-Encoding  := [ element *( OWS "," OWS element ) ]
//   element          := coding *( OWS ";" OWS name "=" value )
//   coding           := token, compared case-insensitively
//   weight           := the parameter named q (any case): a number 0-1;
//                       absent means 1, unreadable makes the element
//                       count for nothing
//
// Empty list elements (",,") are skipped, as RFC 9110 §5.6.1 asks.

#include "server/content_coding.h"

#include <algorithm>
#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"

#include "zlib.h"

namespace dynamite {
namespace {

// Inflated output is produced this much at a time; the body grows only as
// far as the limit allows.
constexpr size_t kInflateChunkBytes = 64 << 10;

// zlib's windowBits for a gzip wrapper (RFC 1952) and a zlib wrapper
// (RFC 1950, HTTP's "deflate").
constexpr int kGzipWindowBits = 16 + MAX_WBITS;
constexpr int kZlibWindowBits = MAX_WBITS;

enum class Coding { kIdentity, kGzip, kDeflate };

std::vector<absl::string_view> ListElements(absl::string_view list) {
  std::vector<absl::string_view> elements;
  for (absl::string_view element : absl::StrSplit(list, ',')) {
    element = absl::StripAsciiWhitespace(element);
    if (!element.empty()) elements.push_back(element);
  }
  return elements;
}

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

// Inflates `input` in one zlib format; `members` says whether gzip's
// members may follow one another (RFC 1952 §2.2) or one stream must end
// the body.
enum class Members { kOne, kMany };

absl::StatusOr<std::string> Inflate(absl::string_view name, int window_bits,
                                    Members members, absl::string_view input,
                                    size_t max_bytes) {
  Inflater inflater(window_bits);
  if (!inflater.ok()) {
    return absl::InternalError(absl::StrCat("cannot start ", name, " inflate"));
  }
  z_stream& z = inflater.stream();
  // zlib reads through a non-const pointer but never writes the input.
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(input.data()));
  // A request body is at most kMaxRequestBodyBytes, far below 4 GB.
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
          "The ", name, " request body inflates past ", max_bytes, " bytes"));
    }
    if (result == Z_STREAM_END) {
      if (z.avail_in == 0) return output;
      if (members == Members::kOne) {
        return absl::InvalidArgumentError(
            absl::StrCat("The ", name, " request body has ", z.avail_in,
                         " bytes after the end of its stream"));
      }
      inflateReset(&z);  // the next gzip member
      continue;
    }
    if (result == Z_OK) continue;
    if (result == Z_BUF_ERROR && z.avail_in == 0) {
      return absl::InvalidArgumentError(absl::StrCat(
          "The ", name, " request body ends before its stream does"));
    }
    return absl::InvalidArgumentError(
        absl::StrCat("The request body is not a valid ", name,
                     " stream: ", z.msg != nullptr ? z.msg : zError(result)));
  }
}

absl::StatusOr<Coding> ParseCoding(absl::string_view name) {
  if (absl::EqualsIgnoreCase(name, "identity")) return Coding::kIdentity;
  if (absl::EqualsIgnoreCase(name, "gzip") ||
      absl::EqualsIgnoreCase(name, "x-gzip")) {
    return Coding::kGzip;
  }
  if (absl::EqualsIgnoreCase(name, "deflate")) return Coding::kDeflate;
  return absl::UnimplementedError(
      absl::StrCat("Content-Encoding '", name,
                   "' is not supported; send gzip, deflate or identity"));
}

// The element's q-value, 1 when absent, or -1 when unreadable.
double Weight(absl::string_view element) {
  std::vector<absl::string_view> parts = absl::StrSplit(element, ';');
  for (size_t i = 1; i < parts.size(); ++i) {
    absl::string_view param = absl::StripAsciiWhitespace(parts[i]);
    if (!absl::ConsumePrefix(&param, "q=") &&
        !absl::ConsumePrefix(&param, "Q=")) {
      continue;
    }
    double q = 0;
    if (!absl::SimpleAtod(param, &q) || q < 0 || q > 1) return -1;
    return q;
  }
  return 1;
}

}  // namespace

absl::StatusOr<std::string> DecodeContent(absl::string_view content_encoding,
                                          std::string body,
                                          size_t max_decoded_bytes) {
  std::vector<Coding> codings;
  for (absl::string_view name : ListElements(content_encoding)) {
    absl::StatusOr<Coding> coding = ParseCoding(name);
    if (!coding.ok()) return coding.status();
    if (*coding != Coding::kIdentity) codings.push_back(*coding);
  }
  if (codings.size() > static_cast<size_t>(kMaxContentCodings)) {
    return absl::InvalidArgumentError(
        absl::StrCat("Content-Encoding lists ", codings.size(),
                     " codings; at most ", kMaxContentCodings, " are undone"));
  }
  // The codings were applied in the order listed, so are undone from the
  // last (RFC 9110 §8.4).
  for (auto coding = codings.rbegin(); coding != codings.rend(); ++coding) {
    absl::StatusOr<std::string> decoded =
        *coding == Coding::kGzip
            ? Inflate("gzip", kGzipWindowBits, Members::kMany, body,
                      max_decoded_bytes)
            : Inflate("deflate", kZlibWindowBits, Members::kOne, body,
                      max_decoded_bytes);
    if (!decoded.ok()) return decoded.status();
    body = *std::move(decoded);
  }
  return body;
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

bool AcceptsGzip(absl::string_view accept_encoding) {
  double named = -1;  // the best q of gzip / x-gzip, -1: not named
  double any = -1;    // the q of "*"
  for (absl::string_view element : ListElements(accept_encoding)) {
    const absl::string_view coding =
        absl::StripAsciiWhitespace(element.substr(0, element.find(';')));
    if (absl::EqualsIgnoreCase(coding, "gzip") ||
        absl::EqualsIgnoreCase(coding, "x-gzip")) {
      named = std::max(named, Weight(element));
    } else if (coding == "*") {
      any = std::max(any, Weight(element));
    }
  }
  return named >= 0 ? named > 0 : any > 0;
}

}  // namespace dynamite
