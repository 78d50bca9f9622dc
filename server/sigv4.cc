#include "server/sigv4.h"

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"

#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/sha.h>

namespace dynamite {
namespace {

bool IsUnreserved(unsigned char c) {
  return absl::ascii_isalnum(c) || c == '-' || c == '_' || c == '.' || c == '~';
}

int HexValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// Decodes %XY escapes; a '%' not followed by two hex digits stays as is.
std::string PercentDecode(absl::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '%' && i + 2 < s.size() && HexValue(s[i + 1]) >= 0 &&
        HexValue(s[i + 2]) >= 0) {
      out.push_back(
          static_cast<char>(HexValue(s[i + 1]) * 16 + HexValue(s[i + 2])));
      i += 2;
    } else {
      out.push_back(s[i]);
    }
  }
  return out;
}

// Trims `value` and collapses each inner run of whitespace to one space.
void AppendCanonicalValue(absl::string_view value, std::string* out) {
  value = absl::StripAsciiWhitespace(value);
  bool in_space = false;
  for (char c : value) {
    if (absl::ascii_isspace(static_cast<unsigned char>(c))) {
      in_space = true;
      continue;
    }
    if (in_space) out->push_back(' ');
    in_space = false;
    out->push_back(c);
  }
}

}  // namespace

SigV4Authorization ParseSigV4Authorization(absl::string_view header) {
  SigV4Authorization parsed;
  header = absl::StripLeadingAsciiWhitespace(header);
  const size_t space = header.find(' ');
  parsed.algorithm = std::string(header.substr(0, space));
  if (space == absl::string_view::npos) return parsed;
  std::string params(header.substr(space + 1));
  params.erase(std::remove(params.begin(), params.end(), ' '), params.end());
  for (absl::string_view pair : absl::StrSplit(params, ',')) {
    std::pair<absl::string_view, absl::string_view> kv =
        absl::StrSplit(pair, absl::MaxSplits('=', 1));
    if (kv.first == "Credential") {
      parsed.credential = std::string(kv.second);
    } else if (kv.first == "SignedHeaders") {
      parsed.signed_headers = std::string(kv.second);
    } else if (kv.first == "Signature") {
      parsed.signature = std::string(kv.second);
    }
  }
  return parsed;
}

std::string HexEncode(absl::string_view bytes) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string hex;
  hex.reserve(bytes.size() * 2);
  for (char c : bytes) {
    const auto b = static_cast<unsigned char>(c);
    hex.push_back(kDigits[b >> 4]);
    hex.push_back(kDigits[b & 0xf]);
  }
  return hex;
}

std::string Sha256Hex(absl::string_view data) {
  unsigned char digest[SHA256_DIGEST_LENGTH];
  SHA256(reinterpret_cast<const unsigned char*>(data.data()), data.size(),
         digest);
  return HexEncode(
      absl::string_view(reinterpret_cast<const char*>(digest), sizeof(digest)));
}

std::string HmacSha256(absl::string_view key, absl::string_view data) {
  unsigned char mac[EVP_MAX_MD_SIZE];
  unsigned int mac_size = 0;
  HMAC(EVP_sha256(), key.data(), static_cast<int>(key.size()),
       reinterpret_cast<const unsigned char*>(data.data()), data.size(), mac,
       &mac_size);
  return std::string(reinterpret_cast<const char*>(mac), mac_size);
}

std::string SigV4UriEncode(absl::string_view s, bool keep_slash) {
  static constexpr char kDigits[] = "0123456789ABCDEF";
  std::string out;
  out.reserve(s.size());
  for (char c : s) {
    const auto b = static_cast<unsigned char>(c);
    if (IsUnreserved(b) || (keep_slash && c == '/')) {
      out.push_back(c);
    } else {
      out.push_back('%');
      out.push_back(kDigits[b >> 4]);
      out.push_back(kDigits[b & 0xf]);
    }
  }
  return out;
}

std::string SigV4CanonicalUri(absl::string_view path) {
  if (path.empty()) return "/";
  std::vector<absl::string_view> segments;
  for (absl::string_view segment : absl::StrSplit(path, '/')) {
    if (segment.empty() || segment == ".") continue;
    if (segment == "..") {
      if (!segments.empty()) segments.pop_back();
      continue;
    }
    segments.push_back(segment);
  }
  std::string normalized = path.front() == '/' ? "/" : "";
  absl::StrAppend(&normalized, absl::StrJoin(segments, "/"));
  if (path.back() == '/' && !segments.empty()) normalized.push_back('/');
  if (normalized.empty()) normalized = "/";
  return SigV4UriEncode(normalized, /*keep_slash=*/true);
}

std::string SigV4CanonicalQueryString(absl::string_view query) {
  std::vector<std::pair<std::string, std::string>> params;
  for (absl::string_view param : absl::StrSplit(query, '&')) {
    if (param.empty()) continue;
    std::pair<absl::string_view, absl::string_view> kv =
        absl::StrSplit(param, absl::MaxSplits('=', 1));
    params.emplace_back(SigV4UriEncode(PercentDecode(kv.first), false),
                        SigV4UriEncode(PercentDecode(kv.second), false));
  }
  std::sort(params.begin(), params.end());
  return absl::StrJoin(params, "&", absl::PairFormatter("="));
}

std::string SigV4CanonicalHeaders(
    absl::Span<const std::pair<std::string, std::string>> headers,
    absl::string_view signed_headers) {
  std::string out;
  for (absl::string_view name : absl::StrSplit(signed_headers, ';')) {
    const std::string lower = absl::AsciiStrToLower(name);
    absl::StrAppend(&out, lower, ":");
    bool first = true;
    for (const auto& [key, value] : headers) {
      if (!absl::EqualsIgnoreCase(key, lower)) continue;
      if (!first) out.push_back(',');
      first = false;
      AppendCanonicalValue(value, &out);
    }
    out.push_back('\n');
  }
  return out;
}

std::string SigV4PayloadHash(
    absl::Span<const std::pair<std::string, std::string>> headers,
    absl::string_view body) {
  for (const auto& [key, value] : headers) {
    if (absl::EqualsIgnoreCase(key, "X-Amz-Content-Sha256")) return value;
  }
  return Sha256Hex(body);
}

std::string SigV4CanonicalRequest(
    absl::string_view method, absl::string_view target,
    absl::Span<const std::pair<std::string, std::string>> headers,
    absl::string_view signed_headers, absl::string_view payload_hash) {
  std::pair<absl::string_view, absl::string_view> path_query =
      absl::StrSplit(target, absl::MaxSplits('?', 1));
  return absl::StrCat(method, "\n", SigV4CanonicalUri(path_query.first), "\n",
                      SigV4CanonicalQueryString(path_query.second), "\n",
                      SigV4CanonicalHeaders(headers, signed_headers), "\n",
                      absl::AsciiStrToLower(signed_headers), "\n",
                      payload_hash);
}

std::string SigV4StringToSign(absl::string_view request_time,
                              absl::string_view scope,
                              absl::string_view canonical_request) {
  return absl::StrCat(kSigV4Algorithm, "\n", request_time, "\n", scope, "\n",
                      Sha256Hex(canonical_request));
}

std::string SigV4SigningKey(absl::string_view secret, absl::string_view date,
                            absl::string_view region,
                            absl::string_view service) {
  std::string key = HmacSha256(absl::StrCat("AWS4", secret), date);
  key = HmacSha256(key, region);
  key = HmacSha256(key, service);
  return HmacSha256(key, "aws4_request");
}

std::string SigV4Signature(absl::string_view signing_key,
                           absl::string_view string_to_sign) {
  return HexEncode(HmacSha256(signing_key, string_to_sign));
}

bool SigV4SignaturesEqual(absl::string_view a, absl::string_view b) {
  return a.size() == b.size() &&
         CRYPTO_memcmp(a.data(), b.data(), a.size()) == 0;
}

}  // namespace dynamite
