#include "client/wire_client.h"

#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/strip.h"
#include "absl/time/clock.h"
#include "absl/time/time.h"

#include "client/dynamodb_request.h"

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>

namespace dynamite {

namespace beast = boost::beast;
namespace http = boost::beast::http;
namespace net = boost::asio;
using tcp = boost::asio::ip::tcp;

absl::StatusOr<WireEndpoint> ParseLoopbackEndpoint(absl::string_view url) {
  absl::string_view rest = url;
  if (!absl::ConsumePrefix(&rest, "http://")) {
    return absl::InvalidArgumentError(
        absl::StrCat("endpoint must be http://HOST:PORT, got '", url, "'"));
  }
  absl::ConsumeSuffix(&rest, "/");
  std::string host;
  absl::string_view port_text;
  if (absl::ConsumePrefix(&rest, "[")) {  // [::1]:8000
    const size_t close = rest.find("]:");
    if (close == absl::string_view::npos) {
      return absl::InvalidArgumentError(
          absl::StrCat("bad endpoint '", url, "'"));
    }
    host = std::string(rest.substr(0, close));
    port_text = rest.substr(close + 2);
  } else {
    const size_t colon = rest.rfind(':');
    if (colon == absl::string_view::npos) {
      return absl::InvalidArgumentError(
          absl::StrCat("endpoint '", url, "' has no port"));
    }
    host = std::string(rest.substr(0, colon));
    port_text = rest.substr(colon + 1);
  }
  uint32_t port = 0;
  if (!absl::SimpleAtoi(port_text, &port) || port == 0 || port > 65535) {
    return absl::InvalidArgumentError(
        absl::StrCat("endpoint '", url, "' has a bad port"));
  }
  net::io_context io_context;
  tcp::resolver resolver(io_context);
  beast::error_code ec;
  const tcp::resolver::results_type results =
      resolver.resolve(host, std::to_string(port), ec);
  if (ec || results.empty()) {
    return absl::InvalidArgumentError(
        absl::StrCat("cannot resolve '", host, "': ", ec.message()));
  }
  // Every address must be loopback, so a name that also resolves elsewhere
  // is refused rather than half-trusted.
  for (const auto& entry : results) {
    if (!entry.endpoint().address().is_loopback()) {
      return absl::PermissionDeniedError(absl::StrCat(
          "refusing endpoint '", url, "': ", host, " is not loopback (",
          entry.endpoint().address().to_string(), ")"));
    }
  }
  return WireEndpoint{
      .host = host,
      .address = results.begin()->endpoint().address().to_string(),
      .port = static_cast<uint16_t>(port)};
}

struct WireClient::State {
  State(WireEndpoint endpoint_in, absl::Duration timeout_in)
      : endpoint(std::move(endpoint_in)),
        timeout(absl::ToChronoMilliseconds(timeout_in)),
        stream(io_context) {
    InitDynamoDbRequest(endpoint, request);
  }

  // Runs the io_context until the pending operation completes.
  beast::error_code Run() {
    io_context.restart();
    io_context.run();
    return error;
  }

  beast::error_code Open() {
    beast::error_code ignored;
    stream.socket().close(ignored);
    buffer.clear();
    stream.expires_after(timeout);
    stream.async_connect(
        tcp::endpoint(net::ip::make_address(endpoint.address), endpoint.port),
        [this](beast::error_code ec) { error = ec; });
    if (Run()) return error;
    stream.socket().set_option(tcp::no_delay(true), ignored);
    open = true;
    return {};
  }

  const WireEndpoint endpoint;
  const std::chrono::milliseconds timeout;
  net::io_context io_context;
  beast::tcp_stream stream;
  beast::flat_buffer buffer;
  beast::error_code error;
  DynamoDbHttpRequest request;
  int64_t date_second = -1;
  bool open = false;
};

absl::StatusOr<std::unique_ptr<WireClient>> WireClient::Connect(
    const WireEndpoint& endpoint, absl::Duration timeout) {
  auto state = std::make_unique<State>(endpoint, timeout);
  if (beast::error_code ec = state->Open()) {
    return absl::UnavailableError(
        absl::StrCat("cannot connect to ", endpoint.host, ":", endpoint.port,
                     ": ", ec.message()));
  }
  return std::unique_ptr<WireClient>(new WireClient(std::move(state)));
}

WireClient::WireClient(std::unique_ptr<State> state)
    : state_(std::move(state)) {}

WireClient::~WireClient() = default;

absl::StatusOr<HttpReply> WireClient::Call(absl::string_view operation,
                                           absl::string_view body) {
  State& s = *state_;
  if (!s.open) {
    if (beast::error_code ec = s.Open()) {
      return absl::UnavailableError(absl::StrCat("reconnect: ", ec.message()));
    }
  }
  RefreshDynamoDbRequestDate(s.request, &s.date_second);
  SetDynamoDbOperation(operation, body, s.request);

  s.stream.expires_after(s.timeout);
  http::async_write(s.stream, s.request,
                    [&s](beast::error_code ec, size_t) { s.error = ec; });
  http::response_parser<http::string_body> parser;
  parser.body_limit(kMaxDynamoDbResponseBytes);
  if (!s.Run()) {
    http::async_read(s.stream, s.buffer, parser,
                     [&s](beast::error_code ec, size_t) { s.error = ec; });
    s.Run();
  }
  if (s.error) {
    s.open = false;
    return absl::UnavailableError(
        absl::StrCat(operation, ": ", s.error.message()));
  }
  http::response<http::string_body> response = parser.release();
  if (!response.keep_alive()) s.open = false;
  return HttpReply{.status = static_cast<int>(response.result_int()),
                   .body = std::move(response.body())};
}

}  // namespace dynamite
