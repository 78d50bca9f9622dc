#include "client/dynamodb_request.h"

#include <cstdint>
#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "absl/time/clock.h"
#include "absl/time/time.h"

#include <boost/beast/http/field.hpp>
#include <boost/beast/http/verb.hpp>

namespace dynamite {

namespace http = boost::beast::http;

namespace {

// SigV4's shape with dummy credentials; no server here verifies it.
constexpr absl::string_view kSignedHeaders =
    "content-type;host;x-amz-date;x-amz-target";
constexpr absl::string_view kSignature =
    "0000000000000000000000000000000000000000000000000000000000000000";

}  // namespace

void InitDynamoDbRequest(const WireEndpoint& endpoint,
                         DynamoDbHttpRequest& request) {
  request.version(11);
  request.method(http::verb::post);
  request.target("/");
  request.set(http::field::host,
              absl::StrCat(endpoint.host.find(':') == std::string::npos
                               ? endpoint.host
                               : absl::StrCat("[", endpoint.host, "]"),
                           ":", endpoint.port));
  request.set(http::field::content_type, "application/x-amz-json-1.0");
  request.set(http::field::accept_encoding, "identity");
}

void RefreshDynamoDbRequestDate(DynamoDbHttpRequest& request,
                                int64_t* date_second) {
  const int64_t now = absl::ToUnixSeconds(absl::Now());
  if (now == *date_second) return;
  *date_second = now;
  const std::string date = absl::FormatTime(
      "%Y%m%dT%H%M%SZ", absl::FromUnixSeconds(now), absl::UTCTimeZone());
  request.set("X-Amz-Date", date);
  request.set(http::field::authorization,
              absl::StrCat("AWS4-HMAC-SHA256 Credential=AKIDWIRELOAD/",
                           date.substr(0, 8),
                           "/us-east-1/dynamodb/aws4_request, SignedHeaders=",
                           kSignedHeaders, ", Signature=", kSignature));
}

void SetDynamoDbOperation(absl::string_view operation, absl::string_view body,
                          DynamoDbHttpRequest& request) {
  request.set("X-Amz-Target", absl::StrCat("DynamoDB_20120810.", operation));
  request.body().assign(body.data(), body.size());
  request.prepare_payload();
}

}  // namespace dynamite
