#include "bench/closed_loop.h"

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/time/time.h"

#include "client/dynamodb_request.h"

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>

namespace dynamite {

namespace beast = boost::beast;
namespace http = boost::beast::http;
namespace net = boost::asio;
using tcp = boost::asio::ip::tcp;

namespace {

// How long, after the run's time is up, requests still unanswered are
// waited for before their connections are closed.
constexpr auto kGrace = std::chrono::seconds(30);

// The p-th percentile (0 < p < 1) of `nanos`, which it reorders.
absl::Duration Percentile(std::vector<int64_t>& nanos, double p) {
  if (nanos.empty()) return absl::ZeroDuration();
  const size_t index =
      std::min(nanos.size() - 1,
               static_cast<size_t>(p * static_cast<double>(nanos.size())));
  std::nth_element(nanos.begin(), nanos.begin() + index, nanos.end());
  return absl::Nanoseconds(nanos[index]);
}

class ClosedLoop {
 public:
  ClosedLoop(const WireEndpoint& endpoint, const OperationRun& run)
      : endpoint_(net::ip::make_address(endpoint.address), endpoint.port),
        wire_endpoint_(endpoint),
        run_(run),
        stop_timer_(io_context_),
        grace_timer_(io_context_) {}

  absl::StatusOr<RunResult> Run(int connections, absl::Duration duration) {
    for (int c = 0; c < connections; ++c) {
      auto connection = std::make_unique<Connection>(io_context_);
      InitDynamoDbRequest(wire_endpoint_, connection->request);
      // Connections start at different bodies, so they do not all ask for
      // the same item at the same time.
      connection->next = static_cast<size_t>(c) * 7919 % run_.bodies.size();
      if (absl::Status warmed = Warm(*connection); !warmed.ok()) {
        return warmed;
      }
      connections_.push_back(std::move(connection));
    }
    const auto start = std::chrono::steady_clock::now();
    stop_timer_.expires_after(absl::ToChronoNanoseconds(duration));
    active_ = connections;
    stop_timer_.async_wait([this](beast::error_code) {
      stopping_ = true;
      // An answer that never comes must not hold the run up for ever.
      grace_timer_.expires_after(kGrace);
      grace_timer_.async_wait([this](beast::error_code ec) {
        if (ec) return;  // every connection finished
        for (const auto& connection : connections_) Close(*connection);
      });
    });
    for (const auto& connection : connections_) Send(*connection);
    io_context_.run();
    const auto end = std::chrono::steady_clock::now();

    RunResult result{.connections = connections,
                     .errors = errors_,
                     .first_error = first_error_,
                     .elapsed = absl::FromChrono(end - start)};
    result.requests = static_cast<int64_t>(nanos_.size());
    result.p50 = Percentile(nanos_, 0.50);
    result.p99 = Percentile(nanos_, 0.99);
    return result;
  }

 private:
  struct Connection {
    explicit Connection(net::io_context& io_context) : socket(io_context) {}
    tcp::socket socket;
    beast::flat_buffer buffer;
    DynamoDbHttpRequest request;
    std::optional<http::response_parser<http::string_body>> parser;
    int64_t date_second = -1;
    size_t next = 0;
    std::chrono::steady_clock::time_point begin;
  };

  // Connects and answers one request synchronously, before the clock.
  absl::Status Warm(Connection& c) {
    beast::error_code ec;
    c.socket.connect(endpoint_, ec);
    if (!ec) c.socket.set_option(tcp::no_delay(true), ec);
    if (!ec) {
      Prepare(c);
      http::write(c.socket, c.request, ec);
    }
    if (!ec) http::read(c.socket, c.buffer, *c.parser, ec);
    if (ec) {
      return absl::UnavailableError(
          absl::StrCat("cannot open a connection to ", wire_endpoint_.host, ":",
                       wire_endpoint_.port, ": ", ec.message()));
    }
    if (!c.parser->get().keep_alive()) Close(c);  // Send() reconnects
    return absl::OkStatus();
  }

  void Prepare(Connection& c) {
    RefreshDynamoDbRequestDate(c.request, &c.date_second);
    SetDynamoDbOperation(run_.operation, run_.bodies[c.next], c.request);
    if (++c.next == run_.bodies.size()) c.next = 0;
    c.parser.emplace();
    c.parser->body_limit(kMaxDynamoDbResponseBytes);
  }

  void Send(Connection& c) {
    if (stopping_) {
      if (--active_ == 0) grace_timer_.cancel();
      return;
    }
    Prepare(c);
    c.begin = std::chrono::steady_clock::now();
    if (!c.socket.is_open()) return Reconnect(c);
    Write(c);
  }

  void Write(Connection& c) {
    http::async_write(
        c.socket, c.request, [this, &c](beast::error_code ec, size_t) {
          if (ec) return Fail(c, ec.message());
          http::async_read(c.socket, c.buffer, *c.parser,
                           [this, &c](beast::error_code read_ec, size_t) {
                             OnAnswer(c, read_ec);
                           });
        });
  }

  // The server closed the connection after its last answer (or failed):
  // a new one is opened, timed as part of the request that needs it.
  void Reconnect(Connection& c) {
    c.buffer.clear();
    c.socket.async_connect(endpoint_, [this, &c](beast::error_code ec) {
      if (ec) return Fail(c, absl::StrCat("reconnect: ", ec.message()));
      beast::error_code ignored;
      c.socket.set_option(tcp::no_delay(true), ignored);
      Write(c);
    });
  }

  void OnAnswer(Connection& c, beast::error_code ec) {
    if (ec) return Fail(c, ec.message());
    const auto end = std::chrono::steady_clock::now();
    const http::response<http::string_body>& answer = c.parser->get();
    if (answer.result_int() == 200 &&
        absl::StrContains(answer.body(), run_.expect)) {
      nanos_.push_back(
          std::chrono::duration_cast<std::chrono::nanoseconds>(end - c.begin)
              .count());
    } else {
      Error(absl::StrCat("HTTP ", answer.result_int(), " ",
                         answer.body().substr(0, 300)));
    }
    if (!answer.keep_alive()) Close(c);
    Send(c);
  }

  // Counts the error, drops the connection, and goes on with a new one
  // (after a pause, so a server that refuses is not hammered).
  void Fail(Connection& c, std::string message) {
    Error(std::move(message));
    Close(c);
    if (stopping_) return Send(c);
    auto pause = std::make_shared<net::steady_timer>(io_context_);
    pause->expires_after(std::chrono::milliseconds(10));
    pause->async_wait([this, &c, pause](beast::error_code) { Send(c); });
  }

  void Error(std::string message) {
    if (errors_++ == 0) first_error_ = std::move(message);
  }

  static void Close(Connection& c) {
    beast::error_code ignored;
    c.socket.close(ignored);
  }

  const tcp::endpoint endpoint_;
  const WireEndpoint& wire_endpoint_;
  const OperationRun& run_;
  net::io_context io_context_{1};
  net::steady_timer stop_timer_;
  net::steady_timer grace_timer_;
  std::vector<std::unique_ptr<Connection>> connections_;
  bool stopping_ = false;
  int active_ = 0;  // connections that have not yet seen stopping_
  std::vector<int64_t> nanos_;
  int64_t errors_ = 0;
  std::string first_error_;
};

}  // namespace

absl::StatusOr<RunResult> RunClosedLoop(const WireEndpoint& endpoint,
                                        const OperationRun& run,
                                        int connections,
                                        absl::Duration duration) {
  ClosedLoop loop(endpoint, run);
  return loop.Run(connections, duration);
}

}  // namespace dynamite
