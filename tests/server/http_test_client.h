// Test support for server/http_server over real loopback sockets: a
// blocking Beast client with a timeout on every operation (so no test can
// hang), a DynamoDB request builder, and an HttpServer running on its own
// thread for the life of a test.
//
// The client never parses HTTP by hand: responses are read with Beast's
// parser. It can also write raw bytes, half a request, or reset its
// connection, which is how the fault tests misbehave.
//
// Thread safety: a TestHttpClient is used by one thread at a time;
// different clients may run on different threads. RunningServer's methods
// may be called from any thread.

#ifndef DYNAMITE_TESTS_SERVER_HTTP_TEST_CLIENT_H_
#define DYNAMITE_TESTS_SERVER_HTTP_TEST_CLIENT_H_

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <thread>

#include "api/database.h"
#include "server/http_server.h"

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>

namespace dynamite {

// Every client operation gives up after this by default.
inline constexpr std::chrono::milliseconds kClientTimeout =
    std::chrono::seconds(20);

// Well-formed SigV4 credentials; the test servers do not verify signatures.
inline constexpr char kTestAuthorization[] =
    "AWS4-HMAC-SHA256 Credential=AKID/20261130/us-east-1/dynamodb/"
    "aws4_request, SignedHeaders=host;x-amz-date, Signature=abcdef";

using TestRequest =
    boost::beast::http::request<boost::beast::http::string_body>;
using TestResponse =
    boost::beast::http::response<boost::beast::http::string_body>;

// A POST of DynamoDB operation `operation` with JSON `body`, with every
// header DynamoDB requires.
TestRequest Post(const std::string& operation, std::string body);

// The same request as the bytes a client sends.
std::string PostBytes(const std::string& operation, std::string body);

// True when `ec` says the peer closed the connection.
bool IsClosed(const boost::beast::error_code& ec);

// Polls `done` until it holds or `timeout` passes; returns its last value.
bool WaitUntil(const std::function<bool()>& done,
               std::chrono::milliseconds timeout = kClientTimeout);

// One client connection to 127.0.0.1:`port`. Each call runs the client's
// own io_context until the operation completes or the timeout passes.
class TestHttpClient {
 public:
  explicit TestHttpClient(uint16_t port,
                          std::chrono::milliseconds timeout = kClientTimeout);
  TestHttpClient(const TestHttpClient&) = delete;
  TestHttpClient& operator=(const TestHttpClient&) = delete;

  boost::beast::error_code Write(const TestRequest& request);
  boost::beast::error_code WriteRaw(const std::string& bytes);

  // The next response, or nullopt (and error() says why).
  std::optional<TestResponse> Read();

  std::optional<TestResponse> RoundTrip(const TestRequest& request);

  // Closes the connection with a reset (SO_LINGER 0) instead of a FIN, as a
  // client that crashes or loses its network does.
  void Reset();

  const boost::beast::error_code& error() const { return error_; }

 private:
  boost::beast::error_code Run();

  const std::chrono::milliseconds timeout_;
  boost::asio::io_context io_context_;
  boost::beast::tcp_stream stream_;
  boost::beast::flat_buffer buffer_;
  boost::beast::error_code error_;
};

// An HttpServer on 127.0.0.1, a system-chosen port and its own thread,
// stopped and joined on destruction.
class RunningServer {
 public:
  // REQUIRES: `db` outlives the server; Create() must succeed (checked
  // with a gtest assertion by the caller through ok()).
  RunningServer(Database& db, HttpServerOptions options);
  ~RunningServer();
  RunningServer(const RunningServer&) = delete;
  RunningServer& operator=(const RunningServer&) = delete;

  bool ok() const { return server_ != nullptr; }
  HttpServer& server() { return *server_; }
  uint16_t port() const { return server_->port(); }

  // Stops the server and waits for Run() to return.
  void StopAndJoin();

 private:
  std::unique_ptr<HttpServer> server_;
  std::thread runner_;
};

}  // namespace dynamite

#endif  // DYNAMITE_TESTS_SERVER_HTTP_TEST_CLIENT_H_
