#include "server/http_exchange.h"

#include <algorithm>
#include <cstdint>
#include <string>

#include "absl/random/random.h"
#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_replace.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"

#include "common/errors.h"
#include "wire/dispatch.h"
#include "wire/wire_response.h"
#include "zlib.h"

namespace dynamite {
namespace {

constexpr absl::string_view kAmzJson = "application/x-amz-json-1.0";
constexpr absl::string_view kJson = "application/json";
constexpr absl::string_view kTargetPrefix = "DynamoDB_20120810.";

const std::string* FindHeader(const HttpHeaders& headers,
                              absl::string_view name) {
  for (const auto& [key, value] : headers) {
    if (absl::EqualsIgnoreCase(key, name)) return &value;
  }
  return nullptr;
}

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

// The Authorization checks DynamoDB makes before it looks at credentials
// (dynalite index.js, recorded against DynamoDB).
absl::Status CheckAuthorization(const HttpRequest& request) {
  const std::string* auth = request.Header("Authorization");
  if (auth == nullptr ||
      !absl::StartsWith(absl::StripLeadingAsciiWhitespace(*auth), "AWS4-")) {
    return MakeError(ErrorKind::kMissingAuthenticationToken,
                     "Request is missing Authentication Token");
  }
  // "AWS4-HMAC-SHA256 Credential=..., SignedHeaders=..., Signature=...":
  // everything after the first space, spaces dropped, split on commas.
  std::string params;
  if (size_t space = auth->find(' '); space != std::string::npos) {
    params = absl::StrReplaceAll(auth->substr(space + 1), {{" ", ""}});
  }
  bool has_credential = false;
  bool has_signature = false;
  bool has_signed_headers = false;
  for (absl::string_view pair : absl::StrSplit(params, ',')) {
    std::pair<absl::string_view, absl::string_view> kv =
        absl::StrSplit(pair, absl::MaxSplits('=', 1));
    if (kv.second.empty()) continue;
    has_credential = has_credential || kv.first == "Credential";
    has_signature = has_signature || kv.first == "Signature";
    has_signed_headers = has_signed_headers || kv.first == "SignedHeaders";
  }
  std::string missing;
  if (!has_credential) {
    absl::StrAppend(&missing,
                    "Authorization header requires 'Credential' parameter. ");
  }
  if (!has_signature) {
    absl::StrAppend(&missing,
                    "Authorization header requires 'Signature' parameter. ");
  }
  if (!has_signed_headers) {
    absl::StrAppend(
        &missing, "Authorization header requires 'SignedHeaders' parameter. ");
  }
  if (request.Header("X-Amz-Date") == nullptr &&
      request.Header("Date") == nullptr) {
    absl::StrAppend(&missing,
                    "Authorization header requires existence of either a "
                    "'X-Amz-Date' or a 'Date' header. ");
  }
  if (missing.empty()) return absl::OkStatus();
  return MakeError(ErrorKind::kIncompleteSignature,
                   absl::StrCat(missing, "Authorization=", *auth));
}

}  // namespace

const std::string* HttpRequest::Header(absl::string_view name) const {
  return FindHeader(headers, name);
}

const std::string* HttpResponse::Header(absl::string_view name) const {
  return FindHeader(headers, name);
}

std::string NewRequestId() {
  static constexpr char kAlphabet[] = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
  thread_local absl::BitGen bits;
  std::string id(52, '0');
  for (char& c : id) {
    c = kAlphabet[absl::Uniform<size_t>(bits, 0, sizeof(kAlphabet) - 1)];
  }
  return id;
}

HttpResponse RequestTooLargeResponse() {
  HttpResponse response;
  response.status = 413;
  return response;
}

HttpResponse HandleHttpRequest(Database& db, const HttpRequest& request,
                               const ExchangeOptions& options) {
  if (request.body.size() > kMaxRequestBodyBytes) {
    return RequestTooLargeResponse();
  }
  if (request.method == "GET" && request.target == "/") {
    return Respond(
        200, "text/plain",
        absl::StrCat("healthy: dynamodb.", options.region, ".amazonaws.com "));
  }
  const std::string* content_type = request.Header("Content-Type");
  const bool json_type = content_type != nullptr &&
                         (*content_type == kAmzJson || *content_type == kJson);
  if (request.method != "POST" || (!request.body.empty() && !json_type)) {
    return Respond(404, "", "<UnknownOperationException/>\n");
  }

  const std::string* target = request.Header("X-Amz-Target");
  absl::string_view operation;
  if (target != nullptr && absl::StartsWith(*target, kTargetPrefix)) {
    operation = absl::string_view(*target).substr(kTargetPrefix.size());
  }
  // Anything else (no target, another API, DynamoDBStreams_20120810.*)
  // names no operation, so Dispatch answers UnknownOperationException
  // after it has checked the JSON.
  WireResponse answer = Dispatch(db, operation, request.body,
                                 [&] { return CheckAuthorization(request); });
  return Respond(
      answer.http_status,
      content_type != nullptr && *content_type == kJson ? kJson : kAmzJson,
      std::move(answer.body));
}

}  // namespace dynamite
