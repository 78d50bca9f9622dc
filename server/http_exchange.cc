#include "server/http_exchange.h"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "absl/time/civil_time.h"
#include "absl/time/time.h"

#include "common/errors.h"
#include "common/zlib_codec.h"
#include "server/content_coding.h"
#include "server/cors.h"
#include "server/http_routes.h"
#include "server/sigv4.h"
#include "wire/dispatch.h"
#include "wire/error_body.h"
#include "wire/wire_response.h"
#include "zlib.h"

namespace dynamite {
namespace {

constexpr absl::string_view kAmzJson = "application/x-amz-json-1.0";
constexpr absl::string_view kJson = "application/json";
constexpr absl::string_view kTargetPrefix = "DynamoDB_20120810.";
constexpr absl::string_view kStreamsTargetPrefix = "DynamoDBStreams_20120810.";
constexpr absl::string_view kControlTargetPrefix = "DynamiteControl_20261204.";

uint32_t Crc32(absl::string_view bytes) {
  uLong crc = crc32(0L, Z_NULL, 0);
  // zlib takes uInt lengths; a response body never nears 4 GB, but feed it
  // in slices anyway so no length is truncated.
  while (!bytes.empty()) {
    const size_t n = std::min<size_t>(bytes.size(), 1u << 30);
    crc = crc32(crc, reinterpret_cast<const Bytef*>(bytes.data()),
                static_cast<uInt>(n));
    bytes.remove_prefix(n);
  }
  return static_cast<uint32_t>(crc);
}

// A response with the headers every answer after the size check carries.
HttpResponse Respond(int status, absl::string_view content_type,
                     std::string body) {
  HttpResponse response;
  response.status = status;
  response.headers.emplace_back("x-amzn-RequestId", NewRequestId());
  response.headers.emplace_back("x-amz-crc32", absl::StrCat(Crc32(body)));
  if (!content_type.empty()) {
    response.headers.emplace_back("Content-Type", std::string(content_type));
  }
  response.body = std::move(body);
  return response;
}

// The date a request was signed at: X-Amz-Date, else Date (an empty value
// counts as absent, as in dynalite index.js), or nullptr.
const std::string* RequestDate(const HttpRequest& request) {
  const std::string* date = request.Header("X-Amz-Date");
  if (date == nullptr || date->empty()) date = request.Header("Date");
  return date == nullptr || date->empty() ? nullptr : date;
}

// ISO-8601 basic format, as SigV4 uses it: 20150830T123600Z.
constexpr char kBasicFormat[] = "%Y%m%dT%H%M%SZ";
constexpr absl::Duration kMaxClockSkew = absl::Minutes(15);

bool ParseBasicTime(absl::string_view text, absl::Time* time) {
  if (text.size() != 16 || text[8] != 'T' || text[15] != 'Z') return false;
  // absl::ParseTime's %Y takes every digit it sees, so read the fields here.
  auto number = [&](size_t at, size_t length, int* out) {
    *out = 0;
    for (char c : text.substr(at, length)) {
      if (!absl::ascii_isdigit(static_cast<unsigned char>(c))) return false;
      *out = *out * 10 + (c - '0');
    }
    return true;
  };
  int year, month, day, hour, minute, second;
  if (!number(0, 4, &year) || !number(4, 2, &month) || !number(6, 2, &day) ||
      !number(9, 2, &hour) || !number(11, 2, &minute) ||
      !number(13, 2, &second)) {
    return false;
  }
  const absl::CivilSecond civil(year, month, day, hour, minute, second);
  // CivilSecond normalizes (month 13 -> next January); a real date does not
  // move.
  if (civil.year() != year || civil.month() != month || civil.day() != day ||
      civil.hour() != hour || civil.minute() != minute ||
      civil.second() != second) {
    return false;
  }
  *time = absl::FromCivil(civil, absl::UTCTimeZone());
  return true;
}

std::string BasicTime(absl::Time time) {
  return absl::FormatTime(kBasicFormat, time, absl::UTCTimeZone());
}

// Steps a-h of http_exchange.h: the request's signature against the keys in
// options.credentials.
absl::Status VerifySignature(const HttpRequest& request,
                             const SigV4Authorization& auth,
                             const std::string& date,
                             const ExchangeOptions& options) {
  absl::Time signed_at;
  if (!ParseBasicTime(date, &signed_at)) {
    return MakeError(
        ErrorKind::kIncompleteSignature,
        absl::StrCat("Date must be in ISO-8601 'basic format'. Got '", date,
                     "'. See http://en.wikipedia.org/wiki/ISO_8601"));
  }
  const absl::Time now = options.clock->Now();
  if (signed_at < now - kMaxClockSkew) {
    return MakeError(
        ErrorKind::kInvalidSignature,
        absl::StrCat("Signature expired: ", date, " is now earlier than ",
                     BasicTime(now - kMaxClockSkew), " (", BasicTime(now),
                     " - 15 min.)"));
  }
  if (signed_at > now + kMaxClockSkew) {
    return MakeError(
        ErrorKind::kInvalidSignature,
        absl::StrCat("Signature not yet current: ", date,
                     " is still later than ", BasicTime(now + kMaxClockSkew),
                     " (", BasicTime(now), " + 15 min.)"));
  }
  const std::vector<absl::string_view> signed_headers =
      absl::StrSplit(auth.signed_headers, ';');
  if (std::none_of(signed_headers.begin(), signed_headers.end(),
                   [](absl::string_view name) {
                     return absl::EqualsIgnoreCase(name, "host");
                   })) {
    return MakeError(
        ErrorKind::kInvalidSignature,
        "'Host' must be a 'SignedHeader' in the AWS Authorization.");
  }
  if (auth.algorithm != kSigV4Algorithm) {
    return MakeError(
        ErrorKind::kIncompleteSignature,
        absl::StrCat("Unsupported AWS 'algorithm': '", auth.algorithm,
                     "' (only ", kSigV4Algorithm, " for now). "));
  }
  std::vector<absl::string_view> scope = absl::StrSplit(auth.credential, '/');
  while (!scope.empty() && scope.back().empty()) scope.pop_back();
  if (scope.size() != 5) {
    return MakeError(
        ErrorKind::kIncompleteSignature,
        absl::StrCat("Credential must have exactly 5 slash-delimited "
                     "elements, e.g. keyid/date/region/service/term, got '",
                     auth.credential, "'"));
  }
  const absl::string_view key_id = scope[0];
  const absl::string_view scope_date = scope[1];
  const absl::string_view region = scope[2];
  const absl::string_view service = scope[3];
  const absl::string_view terminator = scope[4];
  std::string wrong_scope;
  if (region.empty()) {
    absl::StrAppend(&wrong_scope,
                    "Credential should be scoped to a valid region, not '",
                    region, "'. ");
  }
  if (service != "dynamodb") {
    absl::StrAppend(&wrong_scope,
                    "Credential should be scoped to correct service: "
                    "'dynamodb'. ");
  }
  if (terminator != "aws4_request") {
    absl::StrAppend(&wrong_scope,
                    "Credential should be scoped with a valid terminator: "
                    "'aws4_request', not '",
                    terminator, "'. ");
  }
  const absl::string_view day = absl::string_view(date).substr(0, 8);
  if (scope_date != day) {
    absl::StrAppend(&wrong_scope,
                    "Date in Credential scope does not match YYYYMMDD from "
                    "ISO-8601 version of date from HTTP: '",
                    scope_date, "' != '", day, "', from '", date, "'. ");
  }
  if (!wrong_scope.empty()) {
    return MakeError(ErrorKind::kInvalidSignature, wrong_scope);
  }
  const auto secret = options.credentials->find(key_id);
  if (secret == options.credentials->end()) {
    return MakeError(ErrorKind::kUnrecognizedClient,
                     "The security token included in the request is invalid.");
  }
  // The body's own hash, not X-Amz-Content-Sha256: where that header is
  // right the two agree, and where it is wrong it must not vouch for a body
  // it does not describe.
  const std::string canonical =
      SigV4CanonicalRequest(request.method, request.target, request.headers,
                            auth.signed_headers, Sha256Hex(request.body));
  const std::string to_sign = SigV4StringToSign(
      date,
      absl::StrCat(scope_date, "/", region, "/", service, "/", terminator),
      canonical);
  const std::string expected = SigV4Signature(
      SigV4SigningKey(secret->second, scope_date, region, service), to_sign);
  if (!SigV4SignaturesEqual(expected, auth.signature)) {
    return MakeError(
        ErrorKind::kInvalidSignature,
        absl::StrCat(
            "The request signature we calculated does not match the "
            "signature you provided. Check your AWS Secret Access Key and "
            "signing method. Consult the service documentation for details."
            "\n\nThe Canonical String for this request should have been\n'",
            canonical, "'\n\nThe String-to-Sign should have been\n'", to_sign,
            "'\n"));
  }
  return absl::OkStatus();
}

// The Authorization checks (http_exchange.h), in DynamoDB's order (dynalite
// index.js, recorded against DynamoDB).
absl::Status CheckAuthorization(const HttpRequest& request,
                                const ExchangeOptions& options) {
  const std::string* header = request.Header("Authorization");
  if (header == nullptr ||
      !absl::StartsWith(absl::StripLeadingAsciiWhitespace(*header), "AWS4-")) {
    return MakeError(ErrorKind::kMissingAuthenticationToken,
                     "Request is missing Authentication Token");
  }
  const SigV4Authorization auth = ParseSigV4Authorization(*header);
  const std::string* date = RequestDate(request);
  std::string missing;
  if (auth.credential.empty()) {
    absl::StrAppend(&missing,
                    "Authorization header requires 'Credential' parameter. ");
  }
  if (auth.signature.empty()) {
    absl::StrAppend(&missing,
                    "Authorization header requires 'Signature' parameter. ");
  }
  if (auth.signed_headers.empty()) {
    absl::StrAppend(
        &missing, "Authorization header requires 'SignedHeaders' parameter. ");
  }
  if (date == nullptr) {
    absl::StrAppend(&missing,
                    "Authorization header requires existence of either a "
                    "'X-Amz-Date' or a 'Date' header. ");
  }
  if (!missing.empty()) {
    return MakeError(ErrorKind::kIncompleteSignature,
                     absl::StrCat(missing, "Authorization=", *header));
  }
  if (options.credentials == nullptr) return absl::OkStatus();
  return VerifySignature(request, auth, *date, options);
}

// The body Dispatch reads: the request's own, or step 3's inflated copy.
// Either an error answer or the body.
struct DecodedBody {
  std::optional<HttpResponse> refusal;
  std::string inflated;  // when the request has a Content-Encoding
  bool encoded = false;
};

// Step 3 of http_exchange.h: undoes the request's Content-Encoding.
DecodedBody DecodeBody(const HttpRequest& request,
                       const ExchangeOptions& options) {
  DecodedBody decoded;
  const std::string coding = request.CombinedHeader("Content-Encoding");
  if (coding.empty()) return decoded;
  decoded.encoded = true;
  absl::StatusOr<std::string> inflated =
      DecodeContent(coding, request.body, kMaxRequestBodyBytes);
  if (inflated.ok()) {
    decoded.inflated = *std::move(inflated);
  } else if (absl::IsResourceExhausted(inflated.status())) {
    decoded.refusal = RequestTooLargeResponse(options, nullptr);
  } else {
    // DynamoDB answers a stream it cannot inflate, and a coding it does
    // not know, with a 500 InternalServerError (http_exchange.h, step 3).
    WireResponse error = ErrorResponse(
        MakeError(ErrorKind::kInternal, inflated.status().message()));
    decoded.refusal =
        Respond(error.http_status, kAmzJson, std::move(error.body));
  }
  return decoded;
}

// Steps 2 to 8 of http_exchange.h, after the size check.
HttpResponse AnswerSized(Database& db, const HttpRequest& arrived,
                         const ExchangeOptions& options) {
  if (std::optional<HttpResponse> preflight =
          AnswerPreflight(options.cors, arrived)) {
    preflight->headers.emplace_back("x-amzn-RequestId", NewRequestId());
    preflight->headers.emplace_back("x-amz-crc32", absl::StrCat(Crc32("")));
    return *std::move(preflight);
  }
  DecodedBody decoded = DecodeBody(arrived, options);
  if (decoded.refusal.has_value()) return *std::move(decoded.refusal);
  // Routes and Dispatch read the inflated body; the signature is always
  // checked over `arrived`, the bytes the client signed.
  std::optional<HttpRequest> inflated_request;
  if (decoded.encoded) {
    inflated_request.emplace(arrived);
    inflated_request->body = std::move(decoded.inflated);
  }
  const HttpRequest& request =
      inflated_request.has_value() ? *inflated_request : arrived;
  auto authorize = [&] { return CheckAuthorization(arrived, options); };
  if (options.routes != nullptr) {
    if (std::optional<HttpResponse> answer =
            options.routes->Handle(db, request, authorize)) {
      return *std::move(answer);
    }
  }
  if (request.method == "GET" && request.target == "/") {
    return Respond(
        200, "text/plain",
        absl::StrCat("healthy: dynamodb.", options.region, ".amazonaws.com "));
  }
  if (const std::string* protocol = request.Header("Smithy-Protocol");
      protocol != nullptr && !protocol->empty()) {
    WireResponse error = ErrorResponse(MakeError(
        ErrorKind::kUnknownOperation,
        absl::StrCat("Smithy-Protocol '", *protocol,
                     "' is not supported: this endpoint speaks AWS JSON 1.0 "
                     "only (POST / with Content-Type ",
                     kAmzJson, " and X-Amz-Target ", kTargetPrefix,
                     "<Operation>)")));
    return Respond(error.http_status, kAmzJson, std::move(error.body));
  }
  const std::string* content_type = request.Header("Content-Type");
  const bool json_type = content_type != nullptr &&
                         (*content_type == kAmzJson || *content_type == kJson);
  if (request.method != "POST" || (!request.body.empty() && !json_type)) {
    return Respond(404, "", "<UnknownOperationException/>\n");
  }

  const std::string* target = request.Header("X-Amz-Target");
  absl::string_view operation;
  WireApi api = WireApi::kDynamoDB;
  if (target != nullptr && absl::StartsWith(*target, kTargetPrefix)) {
    operation = absl::string_view(*target).substr(kTargetPrefix.size());
  } else if (target != nullptr &&
             absl::StartsWith(*target, kStreamsTargetPrefix)) {
    // DynamoDB Streams' clients sign as "dynamodb" too, so one endpoint
    // serves both APIs, told apart by the target alone.
    api = WireApi::kStreams;
    operation = absl::string_view(*target).substr(kStreamsTargetPrefix.size());
  } else if (target != nullptr &&
             absl::StartsWith(*target, kControlTargetPrefix)) {
    // Dynamite's own control operations (wire/dynamite_control_json.h), checked
    // for authorization as any request.
    api = WireApi::kControl;
    operation = absl::string_view(*target).substr(kControlTargetPrefix.size());
  }
  // Anything else (no target, another API) names no operation, so Dispatch
  // answers UnknownOperationException after it has checked the JSON.
  WireResponse answer = Dispatch(db, api, operation, request.body, authorize);
  return Respond(
      answer.http_status,
      content_type != nullptr && *content_type == kJson ? kJson : kAmzJson,
      std::move(answer.body));
}

// The finishing every answer gets (http_exchange.h): gzip when the client
// takes it and the body is large, x-amz-crc32 over the bytes sent, CORS.
void Finish(const HttpRequest& request, const ExchangeOptions& options,
            HttpResponse& response) {
  if (response.body.size() >= kMinCompressedResponseBytes &&
      response.Header("Content-Encoding") == nullptr) {
    // The answer depends on Accept-Encoding whether or not this client
    // takes gzip, so caches must key on it either way.
    AddVary("Accept-Encoding", response);
    if (AcceptsGzip(request.CombinedHeader("Accept-Encoding"))) {
      std::string compressed = GzipCompress(response.body);
      if (!compressed.empty() && compressed.size() < response.body.size()) {
        response.body = std::move(compressed);
        response.SetHeader("Content-Encoding", "gzip");
        if (response.Header("x-amz-crc32") != nullptr) {
          response.SetHeader("x-amz-crc32", absl::StrCat(Crc32(response.body)));
        }
      }
    }
  }
  AddCorsHeaders(options.cors, request.Header("Origin"), response);
}

}  // namespace

std::string NewRequestId() {
  static constexpr char kAlphabet[] = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
  constexpr uint64_t kBase = sizeof(kAlphabet) - 1;
  // 36^12 < 2^64: one 64-bit draw gives 12 characters (a distribution per
  // character cost more than the rest of a GetItem's headers). The digits
  // are not exactly uniform, which an id does not need.
  constexpr int kCharactersPerDraw = 12;
  // A plain per-thread engine: Debian's abseil is not TSan-instrumented, and
  // absl::BitGen's shared seed pool is reported as a race under TSan.
  thread_local std::mt19937_64 bits{std::random_device{}()};
  std::string id(52, '0');
  uint64_t draw = 0;
  int left = 0;
  for (char& c : id) {
    if (left == 0) {
      draw = bits();
      left = kCharactersPerDraw;
    }
    c = kAlphabet[draw % kBase];
    draw /= kBase;
    --left;
  }
  return id;
}

HttpResponse RequestTooLargeResponse(const ExchangeOptions& options,
                                     const std::string* origin) {
  HttpResponse response;
  response.status = 413;
  AddCorsHeaders(options.cors, origin, response);
  return response;
}

HttpResponse HeaderTooLargeResponse(const ExchangeOptions& options) {
  HttpResponse response;
  response.status = 400;
  response.headers.emplace_back("Content-Type", "text/plain");
  response.body = "Request line and header fields too large\n";
  // The request's Origin is unknown: "*" stands in for it, which only a
  // policy allowing every origin allows.
  const std::string any_origin = "*";
  AddCorsHeaders(options.cors, &any_origin, response);
  return response;
}

HttpResponse HandleHttpRequest(Database& db, const HttpRequest& request,
                               const ExchangeOptions& options) {
  HttpResponse response = request.body.size() > kMaxRequestBodyBytes
                              ? RequestTooLargeResponse(options, nullptr)
                              : AnswerSized(db, request, options);
  Finish(request, options, response);
  return response;
}

}  // namespace dynamite
