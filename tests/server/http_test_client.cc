#include "tests/server/http_test_client.h"

#include <chrono>
#include <cstdint>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <utility>

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>

namespace dynamite {

namespace beast = boost::beast;
namespace http = boost::beast::http;
namespace net = boost::asio;
using tcp = boost::asio::ip::tcp;

TestRequest Post(const std::string& operation, std::string body) {
  TestRequest request(http::verb::post, "/", 11);
  request.set(http::field::host, "127.0.0.1");
  request.set(http::field::content_type, "application/x-amz-json-1.0");
  request.set("X-Amz-Target", "DynamoDB_20120810." + operation);
  request.set("X-Amz-Date", "20261130T000000Z");
  request.set(http::field::authorization, kTestAuthorization);
  request.body() = std::move(body);
  request.prepare_payload();
  return request;
}

std::string PostBytes(const std::string& operation, std::string body) {
  std::ostringstream bytes;
  bytes << Post(operation, std::move(body));
  return bytes.str();
}

bool IsClosed(const beast::error_code& ec) {
  return ec == http::error::end_of_stream || ec == net::error::eof ||
         ec == net::error::connection_reset;
}

bool WaitUntil(const std::function<bool()>& done,
               std::chrono::milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (!done()) {
    if (std::chrono::steady_clock::now() > deadline) return done();
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  return true;
}

TestHttpClient::TestHttpClient(uint16_t port, std::chrono::milliseconds timeout)
    : timeout_(timeout), stream_(io_context_) {
  stream_.expires_after(timeout_);
  stream_.async_connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port),
                        [this](beast::error_code ec) { error_ = ec; });
  Run();
}

beast::error_code TestHttpClient::Write(const TestRequest& request) {
  stream_.expires_after(timeout_);
  http::async_write(stream_, request,
                    [this](beast::error_code ec, size_t) { error_ = ec; });
  return Run();
}

beast::error_code TestHttpClient::WriteRaw(const std::string& bytes) {
  stream_.expires_after(timeout_);
  net::async_write(stream_, net::buffer(bytes),
                   [this](beast::error_code ec, size_t) { error_ = ec; });
  return Run();
}

std::optional<TestResponse> TestHttpClient::Read() {
  http::response_parser<http::string_body> parser;
  parser.body_limit(std::uint64_t{64} << 20);
  stream_.expires_after(timeout_);
  http::async_read(stream_, buffer_, parser,
                   [this](beast::error_code ec, size_t) { error_ = ec; });
  if (Run()) return std::nullopt;
  return parser.release();
}

std::optional<TestResponse> TestHttpClient::RoundTrip(
    const TestRequest& request) {
  if (Write(request)) return std::nullopt;
  return Read();
}

void TestHttpClient::Reset() {
  beast::error_code ignored;
  stream_.socket().set_option(net::socket_base::linger(true, 0), ignored);
  stream_.socket().close(ignored);
}

beast::error_code TestHttpClient::Run() {
  io_context_.restart();
  io_context_.run();
  return error_;
}

RunningServer::RunningServer(Database& db, HttpServerOptions options) {
  absl::StatusOr<std::unique_ptr<HttpServer>> server =
      HttpServer::Create(db, std::move(options));
  if (!server.ok()) return;
  server_ = std::move(*server);
  runner_ = std::thread([this] { server_->Run(); });
}

RunningServer::~RunningServer() { StopAndJoin(); }

void RunningServer::StopAndJoin() {
  if (server_ != nullptr) server_->Stop();
  if (runner_.joinable()) runner_.join();
}

}  // namespace dynamite
