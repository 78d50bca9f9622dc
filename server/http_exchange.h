// One HTTP exchange of DynamoDB's wire protocol, independent of any
// transport: the request as a server read it -> the response to write
// (reference §11.1-§11.3). The socket layer only moves bytes; every rule
// about methods, headers, status codes and bodies lives here, so it is
// tested without a network.
//
// In DynamoDB's order (dynalite index.js, recorded against DynamoDB):
//   1. a body over 16 MB -> 413, empty body;
//   2. a CORS preflight from an allowed origin -> 200 (server/cors.h);
//   3. a Content-Encoding is undone (server/content_coding.h): a body that
//      inflates past 16 MB -> 413; a corrupt, truncated or empty stream,
//      or a coding other than gzip/deflate/identity -> 500
//      InternalServerError with a message saying which, as DynamoDB
//      answers both with a 500 (scylladb/scylladb
//      test_compressed_request.py, run against DynamoDB); everything
//      below sees the inflated body, and a signature is still checked
//      over the bytes that arrived;
//   4. when ExchangeOptions has routes (the console's), a request they
//      claim is theirs;
//   5. GET / -> 200, the health line "healthy: dynamodb.<region>.amazonaws.com
//      ", naming the server's region whatever Host the client used, as
//      DynamoDB does (a request to Host mydb.com routed to DynamoDB's
//      us-east-1 endpoint answers "healthy:
//      dynamodb.us-east-1.amazonaws.com", istio's locality-failover
//      example);
//   6. a request in the Smithy RPC v2 CBOR protocol (a Smithy-Protocol:
//      rpc-v2-cbor header, which the newest SDKs send to services that
//      offer it) -> 400 UnknownOperationException saying that only AWS
//      JSON 1.0 is spoken, rather than a 404 a client cannot explain;
//      x-amzn-query-mode, sent by SDKs migrating services from the query
//      protocol, is ignored and the request is AWS JSON 1.0 as usual;
//   7. any other method, or a non-empty body whose Content-Type is neither
//      application/x-amz-json-1.0 nor application/json -> 404,
//      "<UnknownOperationException/>";
//   8. wire/dispatch.h: malformed JSON -> SerializationException; an
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
// [0-9A-Z]) and x-amz-crc32 (the zlib CRC-32 of the body as sent, decimal);
// JSON responses carry Content-Type application/x-amz-json-1.0, or
// application/json when the request used it.
//
// Every response, whatever step answered it, is then finished the same
// way: a body of kMinCompressedResponseBytes or more carries Vary:
// Accept-Encoding, and is sent gzip (Content-Encoding: gzip) when the
// request's Accept-Encoding takes gzip; x-amz-crc32 is then the CRC-32 of
// the compressed bytes, as DynamoDB computes it and as the SDKs that
// check it (botocore, the SDKs for Java and Go) read it, off the wire
// before inflating (smithy-lang/smithy-kotlin#158, aws/aws-sdk-js#1614);
// and a request from an allowed origin gets the CORS headers
// (server/cors.h).
//
// Thread safety: HandleHttpRequest may be called concurrently; it is as
// thread-safe as the Database.

#ifndef DYNAMITE_SERVER_HTTP_EXCHANGE_H_
#define DYNAMITE_SERVER_HTTP_EXCHANGE_H_

#include <cstddef>
#include <string>

#include "api/database.h"
#include "common/clock.h"
#include "server/cors.h"
#include "server/credentials.h"
#include "server/http_message.h"

namespace dynamite {

class HttpRoutes;  // server/http_routes.h

// DynamoDB refuses request bodies over 16 MB.
inline constexpr size_t kMaxRequestBodyBytes = size_t{16} << 20;

// Answers this large or larger are compressed for a client that takes
// gzip; smaller ones cost more to compress than they save. DynamoDB
// leaves small answers uncompressed too (aws-amplify/aws-sdk-ios#201);
// 4 KB is Alternator's default threshold.
inline constexpr size_t kMinCompressedResponseBytes = 4 << 10;

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
  // The origins whose browser pages may read answers (server/cors.h).
  // Default: any origin, as DynamoDB Local.
  CorsPolicy cors;
};

// Answers one request. Never fails: every problem is a response.
HttpResponse HandleHttpRequest(Database& db, const HttpRequest& request,
                               const ExchangeOptions& options);

// The 413 a transport sends when a body grows past kMaxRequestBodyBytes
// before it has been read whole, with the CORS headers for `origin` (the
// request's Origin header, or nullptr).
HttpResponse RequestTooLargeResponse(const ExchangeOptions& options,
                                     const std::string* origin);

// The 400 Bad Request a transport sends when a request line and header
// block grow past its limit before they end, in text/plain. 400 rather
// than 431 (RFC 6585): DynamoDB's front end answers an over-long request
// line with a 400 (scylladb/scylladb#23442, checked against AWS), every
// client knows it, and none retries it. The Origin header was not read, so
// only a policy allowing "*" can add Access-Control-Allow-Origin.
HttpResponse HeaderTooLargeResponse(const ExchangeOptions& options);

// A fresh request id: 52 characters of [0-9A-Z], like DynamoDB's.
std::string NewRequestId();

}  // namespace dynamite

#endif  // DYNAMITE_SERVER_HTTP_EXCHANGE_H_
