// Cross-origin resource sharing (the Fetch standard's CORS protocol) for
// browser clients of `dynamite serve`, with DynamoDB Local's -cors
// semantics: a comma-separated list of origins allowed to read answers,
// "*" (the default) for any. A request whose Origin is not allowed gets
// the answer it would get without CORS, with no CORS header at all, so
// the browser keeps it from the page.
//
// An allowed request's answer — success, error, or the transport's own
// 413 and 400 — carries Access-Control-Allow-Origin (the "*" of a policy
// that has it, else the request's Origin and Vary: Origin) and
// Access-Control-Expose-Headers. An allowed preflight (OPTIONS with
// Origin and Access-Control-Request-Method) is answered 200 with the
// methods the endpoint takes, the requested headers echoed, and a
// Max-Age, as dynalite (recorded against DynamoDB) answers it.
//
// x-amz-crc32 is deliberately not exposed: DynamoDB does not expose it
// either, and a browser hands scripts a gzip answer already inflated, so
// the AWS SDK for JavaScript, which checks the CRC-32 whenever it can
// read the header, would fail every compressed answer (aws/aws-sdk-js
// #1614, #405).
//
// Thread safety: a CorsPolicy is immutable once built; the functions are
// pure.

#ifndef DYNAMITE_SERVER_CORS_H_
#define DYNAMITE_SERVER_CORS_H_

#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

#include "server/http_message.h"

namespace dynamite {

struct CorsPolicy {
  // Origins whose pages may read answers, each compared with a request's
  // Origin header ASCII-case-insensitively ("https://app.example.com",
  // "http://localhost:3000"); "*" allows every origin; empty allows none.
  // Default: {"*"}, DynamoDB Local's default.
  std::vector<std::string> allowed_origins = {"*"};
};

// What browsers may cache a preflight for, in seconds (dynalite's value,
// two days; browsers cap it lower).
inline constexpr int kCorsMaxAgeSeconds = 172800;

// Parses a --cors / -cors value: origins separated by commas, blanks
// around each ignored. Returns kInvalidArgument for an empty list or an
// empty element, naming it.
absl::StatusOr<CorsPolicy> ParseCorsOrigins(absl::string_view list);

// Whether a request carrying Origin `origin` may read the answer.
bool IsAllowedOrigin(const CorsPolicy& policy, absl::string_view origin);

// The answer to a preflight from an allowed origin, or std::nullopt when
// `request` is not one (not OPTIONS, no Origin or
// Access-Control-Request-Method, or an origin not allowed), and is to be
// answered as any other request. The answer carries every CORS header;
// the exchange adds its own (x-amzn-RequestId, ...).
std::optional<HttpResponse> AnswerPreflight(const CorsPolicy& policy,
                                            const HttpRequest& request);

// Adds Access-Control-Allow-Origin, Access-Control-Expose-Headers and (for
// an echoed origin) Vary: Origin to `response` when `origin` (the
// request's Origin header, nullptr when it had none) is allowed; else
// leaves it alone. Idempotent.
void AddCorsHeaders(const CorsPolicy& policy, const std::string* origin,
                    HttpResponse& response);

// Adds `value` to the response's Vary header unless it is listed there.
void AddVary(absl::string_view value, HttpResponse& response);

}  // namespace dynamite

#endif  // DYNAMITE_SERVER_CORS_H_
