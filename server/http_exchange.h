// One HTTP exchange of DynamoDB's wire protocol, independent of any
// transport: the request as a server read it -> the response to write
// (reference §11.1-§11.3). The socket layer only moves bytes; every rule
// about methods, headers, status codes and bodies lives here, so it is
// tested without a network.
//
// In DynamoDB's order (dynalite index.js, recorded against DynamoDB):
//   1. a body over 16 MB -> 413, empty body; then, when ExchangeOptions
//      has routes (the console's), a request they claim is theirs;
//   2. GET / -> 200, the health line "healthy: dynamodb.<region>.amazonaws.com
//   ";
//   3. any other method, or a non-empty body whose Content-Type is neither
//      application/x-amz-json-1.0 nor application/json -> 404,
//      "<UnknownOperationException/>";
//   4. wire/dispatch.h: malformed JSON -> SerializationException; an
//      unknown X-Amz-Target (DynamoDBStreams_20120810.* included) ->
//      UnknownOperationException; then the Authorization header (below);
//      then the body's shape, the request's checks and the operation.
// Authorization: a request without an "AWS4-..." Authorization header is
// MissingAuthenticationTokenException "Request is missing Authentication
// Token"; one whose header lacks Credential, Signature or SignedHeaders, or
// that has neither X-Amz-Date nor Date, is IncompleteSignatureException.
// Without ExchangeOptions::credentials, any well-formed credentials are then
// accepted, as DynamoDB Local does (signatures are not verified). With them,
// the Signature Version 4 signature (server/sigv4.h) is verified, in
// DynamoDB's order and with its messages (dynalite index.js quotes them):
//   a. the date (X-Amz-Date, else Date) is not ISO-8601 basic format
//      (20150830T123600Z) -> IncompleteSignatureException "Date must be in
//      ISO-8601 'basic format'. Got '<date>'. See
//      http://en.wikipedia.org/wiki/ISO_8601";
//   b. it is more than 15 minutes before the clock's now ->
//      InvalidSignatureException "Signature expired: <date> is now earlier
//      than <now - 15 min> (<now> - 15 min.)"; more than 15 minutes after ->
//      "Signature not yet current: <date> is still later than <now + 15 min>
//      (<now> + 15 min.)";
//   c. SignedHeaders lacks host -> InvalidSignatureException "'Host' must be
//      a 'SignedHeader' in the AWS Authorization.";
//   d. an algorithm other than AWS4-HMAC-SHA256 ->
//      IncompleteSignatureException "Unsupported AWS 'algorithm': '<a>'
//      (only AWS4-HMAC-SHA256 for now). ";
//   e. a Credential without exactly 5 '/'-separated parts (trailing slashes
//      ignored) -> IncompleteSignatureException "Credential must have
//      exactly 5 slash-delimited elements, e.g.
//      keyid/date/region/service/term, got '<credential>'";
//   f. a bad scope -> InvalidSignatureException, one sentence per problem:
//      an empty region, a service other than "dynamodb", a terminator other
//      than "aws4_request", a date other than the request date's YYYYMMDD;
//   g. an access key id not in the credentials ->
//      UnrecognizedClientException "The security token included in the
//      request is invalid.";
//   h. a signature that does not match -> InvalidSignatureException "The
//      request signature we calculated does not match the signature you
//      provided. ..." followed, as DynamoDB does, by the canonical request
//      and the string to sign we computed.
// Any non-empty region is accepted; X-Amz-Security-Token is not checked.
// The payload hash is always the body's own SHA-256, so an
// X-Amz-Content-Sha256 header that does not describe the body fails as a
// signature mismatch.
//
// Every response after step 1 carries x-amzn-RequestId (52 characters of
// [0-9A-Z]) and x-amz-crc32 (the zlib CRC-32 of the body as sent, decimal;
// SDKs verify it); JSON responses carry Content-Type
// application/x-amz-json-1.0, or application/json when the request used it.
//
// Thread safety: HandleHttpRequest may be called concurrently; it is as
// thread-safe as the Database.

#ifndef DYNAMITE_SERVER_HTTP_EXCHANGE_H_
#define DYNAMITE_SERVER_HTTP_EXCHANGE_H_

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/string_view.h"

#include "api/database.h"
#include "common/clock.h"
#include "server/credentials.h"

namespace dynamite {

class HttpRoutes;  // server/http_routes.h

// DynamoDB refuses request bodies over 16 MB.
inline constexpr size_t kMaxRequestBodyBytes = size_t{16} << 20;

using HttpHeaders = std::vector<std::pair<std::string, std::string>>;

struct HttpRequest {
  std::string method;  // "POST", "GET", ...
  std::string target;  // the request-target, e.g. "/"
  HttpHeaders headers;
  std::string body;

  // The first header named `name` (compared case-insensitively, as HTTP
  // field names are), or nullptr.
  const std::string* Header(absl::string_view name) const;
};

struct HttpResponse {
  int status = 200;
  // Content-Type, x-amzn-RequestId, x-amz-crc32; the transport adds
  // Content-Length, Date and Connection.
  HttpHeaders headers;
  std::string body;

  const std::string* Header(absl::string_view name) const;
};

struct ExchangeOptions {
  // The region named by the health line of GET /.
  std::string region = "ddblocal";
  // The access keys whose signatures are verified, or nullptr to accept any
  // well-formed credentials. Not owned; must outlive the calls using it.
  const Credentials* credentials = nullptr;
  // The clock a signature's date is checked against. Never null.
  const Clock* clock = Clock::Real();
  // Routes offered every request first (server/http_routes.h), or nullptr.
  // Not owned; must outlive the calls using it.
  const HttpRoutes* routes = nullptr;
};

// Answers one request. Never fails: every problem is a response.
HttpResponse HandleHttpRequest(Database& db, const HttpRequest& request,
                               const ExchangeOptions& options);

// The 413 a transport sends when a body grows past kMaxRequestBodyBytes
// before it has been read whole.
HttpResponse RequestTooLargeResponse();

// A fresh request id: 52 characters of [0-9A-Z], like DynamoDB's.
std::string NewRequestId();

}  // namespace dynamite

#endif  // DYNAMITE_SERVER_HTTP_EXCHANGE_H_
