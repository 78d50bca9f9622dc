// HttpRequest and HttpResponse: one HTTP message as the exchange
// (server/http_exchange.h) and its helpers (server/cors.h,
// server/content_coding.h) see it, independent of any transport. Header
// names compare ASCII-case-insensitively, as HTTP field names do; the
// transport keeps every header line, repeats included, in arrival order.
//
// Thread safety: plain structs; const methods may be called concurrently.

#ifndef DYNAMITE_SERVER_HTTP_MESSAGE_H_
#define DYNAMITE_SERVER_HTTP_MESSAGE_H_

#include <string>
#include <utility>
#include <vector>

#include "absl/strings/string_view.h"

namespace dynamite {

using HttpHeaders = std::vector<std::pair<std::string, std::string>>;

struct HttpRequest {
  std::string method;  // "POST", "GET", ...
  std::string target;  // the request-target, e.g. "/"
  HttpHeaders headers;
  // The body as it arrived: still compressed when the request has a
  // Content-Encoding (the SigV4 payload hash is over these bytes).
  std::string body;

  // The first header named `name`, or nullptr.
  const std::string* Header(absl::string_view name) const;

  // Every header named `name`, joined with ", " in arrival order, as
  // RFC 9110 §5.3 lets a recipient combine a list-valued field sent in
  // several lines (Accept-Encoding, Content-Encoding,
  // Access-Control-Request-Headers). Empty when there is none.
  std::string CombinedHeader(absl::string_view name) const;
};

struct HttpResponse {
  int status = 200;
  // Content-Type, x-amzn-RequestId, x-amz-crc32, ...; the transport adds
  // Content-Length, Date and Connection.
  HttpHeaders headers;
  std::string body;

  const std::string* Header(absl::string_view name) const;

  // Sets header `name` to `value`, replacing the first one so named, or
  // adding it.
  void SetHeader(absl::string_view name, std::string value);
};

}  // namespace dynamite

#endif  // DYNAMITE_SERVER_HTTP_MESSAGE_H_
