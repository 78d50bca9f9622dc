// HttpServer: the socket layer of `dynamite serve`. It moves bytes between
// TCP connections and HandleHttpRequest (server/http_exchange.h), which
// holds every DynamoDB rule about methods, headers, statuses and bodies.
//
// Design: HTTP/1.1 on Boost.Beast over Boost.Asio, fully asynchronous. Each
// of the `threads` threads runs an io_context of its own, and connections
// are dealt to them in turn as they are accepted and stay there, so a
// connection needs no lock or strand and the threads never wake each other.
// A connection that waits (idle keep-alive, a slow client) holds no thread,
// and any number of connections share the threads. Timeouts are deadlines
// each connection stores and one periodic sweep enforces, rather than
// timers armed and cancelled per request. Beast parses every request; this
// file never parses HTTP by hand.
//
// Per connection, requests are answered in order (keep-alive per HTTP/1.1:
// HTTP/1.1 keeps the connection unless a side says "Connection: close";
// HTTP/1.0 closes unless it says "keep-alive"). A body over
// kMaxRequestBodyBytes is answered with RequestTooLargeResponse(), a
// request line and header block over 64 KiB with HeaderTooLargeResponse()
// (a 400), and the connection is closed; other malformed HTTP closes the
// connection unanswered.
//
// Connections cannot pile up: one that stays idle (no byte of a next
// request) for idle_timeout is closed, and at max_connections a new
// connection makes room by closing the connection idle the longest, or is
// closed at once when every connection has a request in flight. So clients
// that open connections and abandon them cannot exhaust file descriptors or
// keep newer clients out.
//
// Stop() is graceful: the listener closes, idle connections close, and a
// request in flight (its first bytes arrived) is read, answered with
// "Connection: close", and then its connection closes; Run() returns once
// no connection is left.
//
// Boost stays out of this header, so users of the server need not see it.
//
// Thread safety: Stop(), port() and the counters may be called from any
// thread, at any time, concurrently with Run(). Run() is called once.

#ifndef DYNAMITE_SERVER_HTTP_SERVER_H_
#define DYNAMITE_SERVER_HTTP_SERVER_H_

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/time/time.h"

#include "api/database.h"
#include "server/http_exchange.h"

namespace dynamite {

// Half the machine's cores, at least 1. A local endpoint shares its machine
// with its clients (the tests and SDKs talking to it over loopback), and a
// thread is worth more to them than to the server: on 2 cores, a client
// driving 16 connections and 2 server threads made 3 busy threads that took
// turns on 2 cores, the scheduler's time slices showing as 2-4 ms p99s,
// where one server thread served the same load with p99s under 1 ms and as
// many requests a second (bench/wire_load; see docs/benchmarks.md).
int DefaultServerThreads();

struct HttpServerOptions {
  // Address to listen on: an IP address or a host name resolved once at
  // start-up. Default: loopback only.
  std::string host = "127.0.0.1";

  // TCP port; 0 lets the system pick a free port (read it with port()).
  // Default: 8000, DynamoDB Local's.
  uint16_t port = 8000;

  // Threads that serve connections in Run(), the calling thread included;
  // each runs its own io_context. REQUIRES: >= 1. Default:
  // DefaultServerThreads().
  int threads = DefaultServerThreads();

  // Time a started request has to arrive whole, and a response to be
  // written, before the connection is dropped; a slow client cannot hold a
  // connection longer per request. Enforced by a sweep every tenth of the
  // shorter of the two timeouts (at least 10 ms, at most 1 s), so a timeout
  // fires up to that much late. Default: 60 seconds.
  absl::Duration io_timeout = absl::Seconds(60);

  // Time a connection may wait for the first byte of its next request (a
  // new connection, or a keep-alive one between requests) before the
  // server closes it. Longer than the AWS SDKs' own pool limits (the SDK
  // for Java retires connections idle for 60 s), so a pooled connection is
  // normally retired by its client rather than closed under it.
  // Default: 5 minutes.
  absl::Duration idle_timeout = absl::Minutes(5);

  // Open connections at most. A connection arriving when this many are open
  // closes the one idle the longest to make room (possibly a keep-alive
  // client's between two requests, which HTTP/1.1 lets a server close; SDKs
  // reconnect), or, when none is idle, is closed itself without an answer. 0
  // derives the limit from the process's open-file limit (RLIMIT_NOFILE) less
  // kReservedFileDescriptors, so that accept() does not run out of descriptors
  // first. Default: 0.
  int max_connections = 0;

  // Signals (e.g. SIGINT, SIGTERM) that call Stop() when delivered; handled
  // by asio::signal_set inside Run(). Default: none.
  std::vector<int> stop_signals;

  // Passed to HandleHttpRequest for every request.
  ExchangeOptions exchange;
};

// Descriptors a derived max_connections leaves to the rest of the process
// (the listener, the io_context, logs, the embedder's own files).
inline constexpr int kReservedFileDescriptors = 64;

class HttpServer {
 public:
  // Resolves `options.host`, binds and listens, so that connections queue
  // from the moment this returns (before Run()). `db` is not owned and must
  // outlive the server. Returns kUnavailable if the address cannot be
  // resolved or bound (e.g. the port is in use), naming the address.
  static absl::StatusOr<std::unique_ptr<HttpServer>> Create(
      Database& db, HttpServerOptions options);

  ~HttpServer();
  HttpServer(const HttpServer&) = delete;
  HttpServer& operator=(const HttpServer&) = delete;

  // The bound port (the chosen one when options.port was 0).
  uint16_t port() const;

  // Serves until Stop() (or a stop signal) and every connection has
  // closed. Blocks the calling thread, which is one of options.threads.
  void Run();

  // Starts a graceful stop; does not block. Idempotent; may be called
  // before Run(), in which case Run() returns as soon as it has closed the
  // listener.
  void Stop();

  // Requests whose first bytes arrived and whose response is not yet
  // written. For tests and diagnostics.
  int in_flight_requests() const;

  // Connections accepted and not yet closed and released. For tests and
  // diagnostics.
  int open_connections() const;

  // The connection limit in force (options.max_connections, or the one
  // derived from RLIMIT_NOFILE).
  int max_connections() const;

  struct State;  // Defined in http_server.cc (Boost.Asio objects).

 private:
  explicit HttpServer(std::unique_ptr<State> state);

  std::unique_ptr<State> state_;
};

}  // namespace dynamite

#endif  // DYNAMITE_SERVER_HTTP_SERVER_H_
