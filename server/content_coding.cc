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

#include "common/zlib_codec.h"

namespace dynamite {
namespace {

enum class Coding { kIdentity, kGzip, kDeflate };

std::vector<absl::string_view> ListElements(absl::string_view list) {
  std::vector<absl::string_view> elements;
  for (absl::string_view element : absl::StrSplit(list, ',')) {
    element = absl::StripAsciiWhitespace(element);
    if (!element.empty()) elements.push_back(element);
  }
  return elements;
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
    absl::StatusOr<std::string> decoded = Inflate(
        *coding == Coding::kGzip ? ZlibFormat::kGzip : ZlibFormat::kZlib,
        "request body", body, max_decoded_bytes);
    if (!decoded.ok()) return decoded.status();
    body = *std::move(decoded);
  }
  return body;
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
