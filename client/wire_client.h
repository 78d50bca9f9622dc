// WireClient: one keep-alive HTTP/1.1 connection to a DynamoDB-compatible
// endpoint on this machine, for the wire-level load driver
// (bench/wire_load.cc) and `dynamite lint --endpoint`
// (keydesign/lint_endpoint_reader.h).
//
// Requests are what an AWS SDK sends: POST / with Content-Type
// application/x-amz-json-1.0, X-Amz-Target DynamoDB_20120810.<Operation>,
// X-Amz-Date, and an Authorization header in SigV4's shape (dummy
// credentials, a signature of zeros) — enough for dynamite serve, DynamoDB
// Local and dynalite, none of which verifies signatures by default
// (`dynamite serve --auth` does, and refuses these requests). HTTP is
// written and parsed by Boost.Beast; the body is the caller's JSON.
//
// Only loopback endpoints are accepted (ParseLoopbackEndpoint): the driver
// generates heavy load and must never be pointed at a shared service.
//
// Thread safety: a WireClient is used by one thread at a time; give each
// thread its own. ParseLoopbackEndpoint is thread-safe.

#ifndef DYNAMITE_CLIENT_WIRE_CLIENT_H_
#define DYNAMITE_CLIENT_WIRE_CLIENT_H_

#include <cstdint>
#include <memory>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/time/time.h"

namespace dynamite {

struct WireEndpoint {
  std::string host;     // as given: "127.0.0.1", "localhost", "::1"
  std::string address;  // the loopback address it resolved to
  uint16_t port = 0;
};

// Parses "http://HOST:PORT" (a trailing "/" allowed). Returns
// kInvalidArgument for another form or scheme, and kPermissionDenied when
// HOST is or resolves to anything but a loopback address.
absl::StatusOr<WireEndpoint> ParseLoopbackEndpoint(absl::string_view url);

// One answer as the client read it: the HTTP status and the body. (The
// server's side has its own, wire/wire_response.h's WireResponse.)
struct HttpReply {
  int status = 0;
  std::string body;
};

class WireClient {
 public:
  // Connects to `endpoint`. Every later call fails after `timeout`.
  // Returns kUnavailable if the connection is refused or times out.
  static absl::StatusOr<std::unique_ptr<WireClient>> Connect(
      const WireEndpoint& endpoint, absl::Duration timeout = absl::Seconds(30));

  ~WireClient();
  WireClient(const WireClient&) = delete;
  WireClient& operator=(const WireClient&) = delete;

  // Sends DynamoDB operation `operation` with JSON `body` and returns the
  // answer, whatever its HTTP status. Reconnects first if the server closed
  // the connection after the previous answer. Returns kUnavailable when the
  // request cannot be sent or no answer arrives in time; the connection is
  // then reopened on the next call.
  absl::StatusOr<HttpReply> Call(absl::string_view operation,
                                 absl::string_view body);

  struct State;  // Boost.Beast objects, in wire_client.cc.

 private:
  explicit WireClient(std::unique_ptr<State> state);

  std::unique_ptr<State> state_;
};

}  // namespace dynamite

#endif  // DYNAMITE_CLIENT_WIRE_CLIENT_H_
