// AWS Signature Version 4 (SigV4) as pure functions: the pieces a server
// needs to recompute a client's signature and compare it with the one in the
// Authorization header. The server side (server/http_exchange.cc) decides
// the order of the checks and the error messages; nothing here knows HTTP
// status codes or DynamoDB errors.
//
// The steps, as AWS documents them ("Signature Version 4 signing process")
// and as its test suite ("aws-sig-v4-test-suite") pins them down:
//   canonical request = method \n canonical URI \n canonical query \n
//                       canonical headers \n signed headers \n payload hash
//   string to sign    = "AWS4-HMAC-SHA256" \n request time \n scope \n
//                       hex(SHA-256(canonical request))
//   signing key       = HMAC chain over "AWS4"+secret, date, region,
//                       service, "aws4_request"
//   signature         = hex(HMAC(signing key, string to sign))
//
// Only this file's .cc includes the crypto library (OpenSSL libcrypto).
//
// Thread safety: every function is pure and may be called concurrently.

#ifndef DYNAMITE_SERVER_SIGV4_H_
#define DYNAMITE_SERVER_SIGV4_H_

#include <string>
#include <utility>

#include "absl/strings/string_view.h"
#include "absl/types/span.h"

namespace dynamite {

inline constexpr absl::string_view kSigV4Algorithm = "AWS4-HMAC-SHA256";

// The parts of an Authorization header "AWS4-HMAC-SHA256 Credential=...,
// SignedHeaders=..., Signature=...". A part the header lacks is empty.
struct SigV4Authorization {
  std::string algorithm;   // the first word, e.g. "AWS4-HMAC-SHA256"
  std::string credential;  // "AKID/20150830/us-east-1/dynamodb/aws4_request"
  std::string signed_headers;  // "host;x-amz-date", as sent
  std::string signature;       // hex, as sent
};

// Splits an Authorization header value the way DynamoDB does (dynalite
// index.js): the algorithm is the first word; everything after it, with
// spaces removed, is a comma-separated list of Name=Value pairs. Unknown
// names are ignored; a repeated name keeps its last value. Never fails.
SigV4Authorization ParseSigV4Authorization(absl::string_view header);

// Lowercase hex of the SHA-256 of `data`.
std::string Sha256Hex(absl::string_view data);

// The raw 32-byte HMAC-SHA256 of `data` under `key`.
std::string HmacSha256(absl::string_view key, absl::string_view data);

// Lowercase hex of `bytes`.
std::string HexEncode(absl::string_view bytes);

// AWS's URI encoding: every byte but A-Z a-z 0-9 - _ . ~ becomes %XY
// (uppercase hex); '/' is kept when `keep_slash`.
std::string SigV4UriEncode(absl::string_view s, bool keep_slash);

// The canonical URI of a request path (no query), as services other than S3
// compute it: dot segments resolved and empty segments dropped (RFC 3986
// §5.2.4, plus "//" -> "/"), then each byte URI-encoded with '/' kept. The
// path is encoded as received, so a client's %XY arrives as %25XY, which is
// what the SDKs sign. An empty path is "/".
std::string SigV4CanonicalUri(absl::string_view path);

// The canonical query string of a raw query (after '?', without it): each
// parameter percent-decoded, then URI-encoded (name and value), "name=value"
// (a parameter without '=' gets an empty value), sorted by name then value,
// joined with '&'.
std::string SigV4CanonicalQueryString(absl::string_view query);

// The canonical headers block: for each name of `signed_headers` (a
// ';'-separated list, lowercased here), in that order, "name:value\n" where
// value is the values of every header of that name (compared
// case-insensitively) joined with ',', each trimmed and with inner runs of
// whitespace collapsed to one space. A signed header the request lacks
// contributes "name:\n".
std::string SigV4CanonicalHeaders(
    absl::Span<const std::pair<std::string, std::string>> headers,
    absl::string_view signed_headers);

// The payload hash a client signed: the X-Amz-Content-Sha256 header's value
// when present, else Sha256Hex(body).
std::string SigV4PayloadHash(
    absl::Span<const std::pair<std::string, std::string>> headers,
    absl::string_view body);

// The canonical request. `target` is the HTTP request-target, path plus an
// optional "?query"; `signed_headers` is as sent (lowercased here).
std::string SigV4CanonicalRequest(
    absl::string_view method, absl::string_view target,
    absl::Span<const std::pair<std::string, std::string>> headers,
    absl::string_view signed_headers, absl::string_view payload_hash);

// "AWS4-HMAC-SHA256\n<request_time>\n<scope>\n<hex SHA-256 of
// canonical_request>". `request_time` is the ISO-8601 basic timestamp
// (20150830T123600Z); `scope` is "<date>/<region>/<service>/aws4_request".
std::string SigV4StringToSign(absl::string_view request_time,
                              absl::string_view scope,
                              absl::string_view canonical_request);

// The raw signing key: HMAC("AWS4" + secret, date) -> region -> service ->
// "aws4_request". `date` is YYYYMMDD.
std::string SigV4SigningKey(absl::string_view secret, absl::string_view date,
                            absl::string_view region,
                            absl::string_view service);

// Lowercase hex of HMAC(signing_key, string_to_sign).
std::string SigV4Signature(absl::string_view signing_key,
                           absl::string_view string_to_sign);

// Whether two signatures are equal, in time independent of where they
// differ.
bool SigV4SignaturesEqual(absl::string_view a, absl::string_view b);

}  // namespace dynamite

#endif  // DYNAMITE_SERVER_SIGV4_H_
