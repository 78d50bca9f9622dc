#include "server/cors.h"

#include <optional>
#include <string>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"

namespace dynamite {
namespace {

// The methods the endpoint answers: POST for DynamoDB's API, GET for the
// health line and the console, OPTIONS for preflights.
constexpr absl::string_view kAllowedMethods = "GET, POST, OPTIONS";

// Response headers a page's script may read beyond the CORS-safelisted
// ones: the request id and error type the SDKs report, the id AWS pairs
// with it, and Date for clock-skew correction. Not x-amz-crc32 (see
// cors.h).
constexpr absl::string_view kExposedHeaders =
    "x-amzn-RequestId, x-amzn-ErrorType, x-amz-id-2, Date";

bool AllowsAnyOrigin(const CorsPolicy& policy) {
  for (const std::string& allowed : policy.allowed_origins) {
    if (allowed == "*") return true;
  }
  return false;
}

}  // namespace

absl::StatusOr<CorsPolicy> ParseCorsOrigins(absl::string_view list) {
  CorsPolicy policy;
  policy.allowed_origins.clear();
  for (absl::string_view origin : absl::StrSplit(list, ',')) {
    origin = absl::StripAsciiWhitespace(origin);
    if (origin.empty()) {
      return absl::InvalidArgumentError(absl::StrCat(
          "CORS origins '", list,
          "': an empty origin; give origins separated by commas, or *"));
    }
    policy.allowed_origins.emplace_back(origin);
  }
  return policy;
}

bool IsAllowedOrigin(const CorsPolicy& policy, absl::string_view origin) {
  for (const std::string& allowed : policy.allowed_origins) {
    if (allowed == "*" || absl::EqualsIgnoreCase(allowed, origin)) return true;
  }
  return false;
}

std::optional<HttpResponse> AnswerPreflight(const CorsPolicy& policy,
                                            const HttpRequest& request) {
  const std::string* origin = request.Header("Origin");
  if (request.method != "OPTIONS" || origin == nullptr ||
      request.Header("Access-Control-Request-Method") == nullptr ||
      !IsAllowedOrigin(policy, *origin)) {
    return std::nullopt;
  }
  HttpResponse response;
  response.status = 200;
  AddCorsHeaders(policy, origin, response);
  response.SetHeader("Access-Control-Allow-Methods",
                     std::string(kAllowedMethods));
  // Echoed: the SDKs sign with headers of their own choosing
  // (x-amz-user-agent, amz-sdk-invocation-id, ...), and the page is
  // allowed to send whatever it asked for.
  std::string requested =
      request.CombinedHeader("Access-Control-Request-Headers");
  if (!requested.empty()) {
    response.SetHeader("Access-Control-Allow-Headers", std::move(requested));
  }
  response.SetHeader("Access-Control-Max-Age",
                     absl::StrCat(kCorsMaxAgeSeconds));
  return response;
}

void AddCorsHeaders(const CorsPolicy& policy, const std::string* origin,
                    HttpResponse& response) {
  if (origin == nullptr || !IsAllowedOrigin(policy, *origin)) return;
  if (AllowsAnyOrigin(policy)) {
    response.SetHeader("Access-Control-Allow-Origin", "*");
  } else {
    response.SetHeader("Access-Control-Allow-Origin", *origin);
    AddVary("Origin", response);
  }
  response.SetHeader("Access-Control-Expose-Headers",
                     std::string(kExposedHeaders));
}

void AddVary(absl::string_view value, HttpResponse& response) {
  const std::string* vary = response.Header("Vary");
  if (vary == nullptr) {
    response.SetHeader("Vary", std::string(value));
    return;
  }
  for (absl::string_view listed : absl::StrSplit(*vary, ',')) {
    if (absl::EqualsIgnoreCase(absl::StripAsciiWhitespace(listed), value)) {
      return;
    }
  }
  response.SetHeader("Vary", absl::StrCat(*vary, ", ", value));
}

}  // namespace dynamite
