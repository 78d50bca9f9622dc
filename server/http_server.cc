// The life of one connection (a Session, pinned to one thread's
// io_context):
//
//   idle      := read what arrives (no bytes of a request yet); Stop(),
//                idle_timeout, or a newcomer at max_connections (when this
//                connection is the one idle longest) closes it here
//   request   := parse header [write "100 Continue"] read body
//                -> HandleHttpRequest -> write response
//   then      := idle again if keep-alive and not stopping, else close
//
// Why one io_context per thread, and deadlines instead of timers: a request
// is a few microseconds of work, so what used to dominate a request's cost
// was the machinery around it. Two threads sharing one io_context woke each
// other through futexes and handed every completion through a strand;
// waiting for readability re-registered the socket with epoll (an
// epoll_ctl per request); and the idle timer plus the stream's read and
// write timers were armed and cancelled per request. Now each thread runs
// its own io_context with its own epoll set, a connection stays on the one
// it was accepted into (so needs no strand), the idle wait is a read that
// keeps the bytes it gets, and a timeout is a deadline the session stores
// (one atomic store) and a sweep every kSweepInterval or so enforces.
//
// A body over kMaxRequestBodyBytes is answered with a 413, and a request
// line and header block over kMaxHeaderBytes with a 400
// (HeaderTooLargeResponse()); then the connection half-closes and drains what
// the client still sends for a moment (a lingering close), so the client reads
// the 413 instead of a reset.

#include "server/http_server.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/time/clock.h"
#include "absl/time/time.h"

#include "common/mutex.h"

#include <boost/asio/dispatch.hpp>
#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <sys/resource.h>

namespace dynamite {

namespace beast = boost::beast;
namespace http = boost::beast::http;
namespace net = boost::asio;
using tcp = boost::asio::ip::tcp;

namespace {

// A socket bound to one io_context's executor: a connection never leaves
// the thread it was accepted into, so it needs neither a strand nor a
// type-erased executor.
using Socket = net::basic_stream_socket<tcp, net::io_context::executor_type>;

// Room for the largest header block a client sends (SigV4 headers are a
// few hundred bytes; Beast's default is 8 KiB).
constexpr uint32_t kMaxHeaderBytes = 64 << 10;

// What an idle connection's read asks for: a whole ordinary request
// arrives in one read, and Beast's parser reads more when it needs to.
constexpr size_t kIdleReadBytes = 16 << 10;

// After a 413 the connection drains the unread body for at most this long
// and this many bytes before it closes.
constexpr auto kLingerTime = std::chrono::seconds(5);
constexpr size_t kMaxLingerBytes = size_t{32} << 20;

// A failed accept (e.g. out of file descriptors) is retried after a pause,
// so the loop does not spin.
constexpr auto kAcceptRetryDelay = std::chrono::milliseconds(50);

// A deadline that never passes.
constexpr int64_t kNever = std::numeric_limits<int64_t>::max();

// How often deadlines are checked: a tenth of the shorter timeout, within
// [10 ms, 1 s]. A timeout fires at most that much late, and the sweep
// stops while no connection is open.
std::chrono::milliseconds SweepInterval(
    std::chrono::milliseconds io_timeout,
    std::chrono::milliseconds idle_timeout) {
  return std::clamp(std::min(io_timeout, idle_timeout) / 10,
                    std::chrono::milliseconds(10),
                    std::chrono::milliseconds(1000));
}

// RFC 9110 IMF-fixdate, e.g. "Sun, 06 Nov 1994 08:49:37 GMT", formatted
// once a second per thread rather than once a response.
const std::string& HttpDate() {
  thread_local int64_t formatted_second = -1;
  thread_local std::string formatted;
  const absl::Time now = absl::Now();
  const int64_t second = absl::ToUnixSeconds(now);
  if (second != formatted_second) {
    formatted =
        absl::FormatTime("%a, %d %b %Y %H:%M:%S GMT", now, absl::UTCTimeZone());
    formatted_second = second;
  }
  return formatted;
}

// The connection limit HttpServerOptions::max_connections asks for.
int ConnectionLimit(int requested) {
  if (requested > 0) return requested;
  rlimit limit{};
  if (getrlimit(RLIMIT_NOFILE, &limit) != 0 ||
      limit.rlim_cur == RLIM_INFINITY) {
    return std::numeric_limits<int>::max();
  }
  const rlim_t usable = limit.rlim_cur > kReservedFileDescriptors
                            ? limit.rlim_cur - kReservedFileDescriptors
                            : 1;
  return static_cast<int>(
      std::min<rlim_t>(usable, std::numeric_limits<int>::max()));
}

int64_t SteadyNanos() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

// One io_context per serving thread; the hint tells asio a single thread
// runs each.
std::vector<std::unique_ptr<net::io_context>> MakeContexts(int threads) {
  std::vector<std::unique_ptr<net::io_context>> contexts;
  for (int i = 0; i < std::max(threads, 1); ++i) {
    contexts.push_back(std::make_unique<net::io_context>(1));
  }
  return contexts;
}

class Session;

}  // namespace

int DefaultServerThreads() {
  // hardware_concurrency() is 0 when the count is unknown.
  return std::max(1, static_cast<int>(std::thread::hardware_concurrency() / 2));
}

struct HttpServer::State {
  State(Database& database, HttpServerOptions server_options)
      : db(database),
        options(std::move(server_options)),
        io_timeout(absl::ToChronoMilliseconds(options.io_timeout)),
        idle_timeout(absl::ToChronoMilliseconds(options.idle_timeout)),
        sweep_interval(SweepInterval(io_timeout, idle_timeout)),
        max_connections(ConnectionLimit(options.max_connections)),
        contexts(MakeContexts(options.threads)) {
    // Until Stop(), a thread whose io_context has no connection yet waits
    // for one instead of returning from run().
    for (const auto& context : contexts) {
      work.push_back(net::make_work_guard(*context));
    }
  }

  // The members below marked "contexts[0]" are used on the thread that
  // runs contexts[0] only (after Create() returns).
  void Accept();                                       // contexts[0]
  void OnAccept(beast::error_code ec, Socket socket);  // contexts[0]
  void ArmSweep();                                     // contexts[0]
  // Posts a close to every session past its deadline. Returns whether any
  // session is left to watch.
  bool Sweep();
  void Stop();
  // Returns the session idle the longest, claimed (ClaimForEviction) to be
  // closed to make room for a new connection, or nullptr if none is idle. The
  // caller must release the pointer after `mu`: dropping the last reference
  // runs ~Session, which takes `mu`.
  std::shared_ptr<Session> LongestIdle() ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu);
  void Unregister(uint64_t id) {
    MutexLock lock(&mu);
    sessions.erase(id);
  }

  Database& db;
  const HttpServerOptions options;
  const std::chrono::milliseconds io_timeout;
  const std::chrono::milliseconds idle_timeout;
  const std::chrono::milliseconds sweep_interval;
  const int max_connections;
  uint16_t port = 0;
  std::atomic<int> in_flight{0};
  // Mirrors `stopping` for sessions, which read it on their threads.
  std::atomic<bool> stop_requested{false};

  // Declared before the io_contexts, so they outlive the handlers (and
  // Sessions) those destroy.
  Mutex mu;
  bool stopping ABSL_GUARDED_BY(mu) = false;
  uint64_t next_id ABSL_GUARDED_BY(mu) = 0;
  // `raw` may be read under `mu` without locking `weak`: a Session whose
  // last reference is gone waits in ~Session for `mu` before any of its
  // members is destroyed.
  struct Registered {
    std::weak_ptr<Session> weak;
    Session* raw;
  };
  absl::flat_hash_map<uint64_t, Registered> sessions ABSL_GUARDED_BY(mu);

  // contexts[i] is run by the i-th serving thread; Run()'s caller runs
  // contexts[0], which also holds the listener, the sweep and the signals.
  std::vector<std::unique_ptr<net::io_context>> contexts;
  std::vector<net::executor_work_guard<net::io_context::executor_type>> work;
  size_t next_context = 0;  // contexts[0]: where the next connection goes
  bool sweeping = false;    // contexts[0]: the sweep timer is armed
  tcp::acceptor acceptor{*contexts[0]};
  net::steady_timer accept_retry{*contexts[0]};
  net::steady_timer sweep_timer{*contexts[0]};
  net::signal_set signals{*contexts[0]};
};

namespace {

enum class AfterWrite { kKeepAlive, kClose, kLinger };

class Session : public std::enable_shared_from_this<Session> {
 public:
  // A connection is idle from its accept: LongestIdle() may pick it before
  // its thread has run Start(). Otherwise, in a burst of connections on a
  // busy machine, every session could be either claimed or not yet started,
  // and a newcomer would be refused as if all of them had requests in
  // flight.
  Session(HttpServer::State& server, Socket socket, uint64_t id)
      : server_(server),
        socket_(std::move(socket)),
        id_(id),
        idle_since_(SteadyNanos()) {}
  ~Session() { server_.Unregister(id_); }

  void Start() {
    net::dispatch(socket_.get_executor(),
                  [self = shared_from_this()] { self->AwaitRequest(); });
  }

  // When the session became idle (steady clock, ns; its accept at first),
  // or 0 while a request is being read or answered, and while it is claimed
  // for eviction; any thread.
  int64_t idle_since() const {
    return claimed_.load() ? 0 : idle_since_.load();
  }

  // When the session is to be closed unless it moves on (steady clock, ns;
  // kNever when closed); any thread.
  int64_t deadline() const { return deadline_.load(); }

  // Takes the session out of the running for LongestIdle() until its
  // PostCloseIfIdle() has run, so that one closing session does not make
  // room for several newcomers, even when its thread marks it idle
  // meanwhile (a session claimed before its first wait for a request).
  // Any thread.
  void ClaimForEviction() { claimed_.store(true); }

  // Closes the session if it is idle when the request runs on its thread;
  // a session busy by then is left alone, and can be claimed again once
  // idle. Any thread.
  void PostCloseIfIdle() {
    net::post(socket_.get_executor(), [self = shared_from_this()] {
      if (self->idle_) return self->CloseSocket();
      self->claimed_.store(false);
    });
  }

  // Closes the session if its deadline has passed when the request runs on
  // its thread (it may have moved on to a later deadline meanwhile). Any
  // thread.
  void PostCloseIfExpired() {
    net::post(socket_.get_executor(), [self = shared_from_this()] {
      if (self->deadline_.load() <= SteadyNanos()) self->CloseSocket();
    });
  }

 private:
  void AwaitRequest() {
    if (server_.stop_requested.load()) return CloseSocket();
    if (buffer_.size() > 0) return ReadHeader();  // a pipelined request
    SetIdle(true);
    // A read rather than a wait for readability: the wait re-registered
    // the socket with epoll every time, and the bytes read here are the
    // request's, kept in buffer_ for the parser.
    socket_.async_read_some(
        buffer_.prepare(kIdleReadBytes),
        [self = shared_from_this()](beast::error_code ec, size_t n) {
          self->SetIdle(false);
          if (ec) return self->CloseSocket();  // closed, reset or timed out
          self->buffer_.commit(n);
          self->ReadHeader();
        });
  }

  // Sets the session idle (with idle_timeout to run) or busy.
  void SetIdle(bool idle) {
    idle_ = idle;
    const int64_t now = SteadyNanos();
    idle_since_.store(idle ? now : 0);
    if (idle) SetDeadline(now, server_.idle_timeout);
  }

  // In milliseconds, as the options are: an infinite timeout arrives as
  // milliseconds::max(), which would overflow as nanoseconds.
  void SetDeadline(int64_t now, std::chrono::milliseconds timeout) {
    constexpr int64_t kNanosPerMilli = 1'000'000;
    deadline_.store(timeout.count() >= (kNever - now) / kNanosPerMilli
                        ? kNever
                        : now + timeout.count() * kNanosPerMilli);
  }

  void ReadHeader() {
    in_flight_ = true;
    ++server_.in_flight;
    parser_.emplace();
    parser_->header_limit(kMaxHeaderBytes);
    parser_->body_limit(kMaxRequestBodyBytes);
    // One io_timeout for the request to arrive whole (the header, any
    // "100 Continue", the body), another for the response to be written.
    SetDeadline(SteadyNanos(), server_.io_timeout);
    http::async_read_header(
        socket_, buffer_, *parser_,
        [self = shared_from_this()](beast::error_code ec, size_t) {
          self->OnHeader(ec);
        });
  }

  void OnHeader(beast::error_code ec) {
    if (ec) return OnReadError(ec);
    if (parser_->is_done()) return OnRequest();
    const auto expect = parser_->get().find(http::field::expect);
    if (expect == parser_->get().end() ||
        !beast::iequals(expect->value(), "100-continue")) {
      return ReadBody();
    }
    // curl and some SDKs wait for this before sending a large body.
    continue_.emplace(http::status::continue_, 11);
    http::async_write(
        socket_, *continue_,
        [self = shared_from_this()](beast::error_code ec, size_t) {
          if (ec) return self->CloseSocket();
          self->ReadBody();
        });
  }

  void ReadBody() {
    http::async_read(socket_, buffer_, *parser_,
                     [self = shared_from_this()](beast::error_code ec, size_t) {
                       if (ec) return self->OnReadError(ec);
                       self->OnRequest();
                     });
  }

  void OnReadError(beast::error_code ec) {
    const ExchangeOptions& exchange = server_.options.exchange;
    if (ec == http::error::body_limit) {
      // The header was read whole, so its Origin is known.
      const auto origin = parser_->get().find(http::field::origin);
      const std::optional<std::string> origin_value =
          origin == parser_->get().end()
              ? std::nullopt
              : std::optional<std::string>(origin->value());
      return Write(RequestTooLargeResponse(
                       exchange, origin_value ? &*origin_value : nullptr),
                   11, AfterWrite::kLinger);
    }
    if (ec == http::error::header_limit) {
      // A request line or header block past kMaxHeaderBytes: answered,
      // then drained for a moment as after a 413, so the client reads the
      // answer rather than a reset.
      return Write(HeaderTooLargeResponse(exchange), 11, AfterWrite::kLinger);
    }
    // The client closed, timed out, reset, or sent malformed HTTP (which
    // Beast's parser reports): nothing useful can be answered.
    CloseSocket();
  }

  void OnRequest() {
    http::request<http::string_body> message = parser_->release();
    parser_.reset();
    HttpRequest request;
    request.method = std::string(message.method_string());
    request.target = std::string(message.target());
    request.headers.reserve(
        static_cast<size_t>(std::distance(message.begin(), message.end())));
    for (const auto& field : message) {
      request.headers.emplace_back(std::string(field.name_string()),
                                   std::string(field.value()));
    }
    request.body = std::move(message.body());
    const bool keep_alive =
        message.keep_alive() && !server_.stop_requested.load();
    Write(HandleHttpRequest(server_.db, request, server_.options.exchange),
          message.version(),
          keep_alive ? AfterWrite::kKeepAlive : AfterWrite::kClose);
  }

  void Write(HttpResponse answer, unsigned version, AfterWrite after) {
    response_ = {};
    response_.version(version == 10 ? 10 : 11);
    response_.result(static_cast<unsigned>(answer.status));
    for (auto& [name, value] : answer.headers) {
      response_.insert(name, value);
    }
    response_.set(http::field::date, HttpDate());
    response_.body() = std::move(answer.body);
    response_.keep_alive(after == AfterWrite::kKeepAlive);
    response_.prepare_payload();
    SetDeadline(SteadyNanos(), server_.io_timeout);
    http::async_write(
        socket_, response_,
        [self = shared_from_this(), after](beast::error_code ec, size_t) {
          self->EndRequest();
          if (ec) return self->CloseSocket();
          switch (after) {
            case AfterWrite::kKeepAlive:
              return self->AwaitRequest();
            case AfterWrite::kClose:
              return self->CloseSocket();
            case AfterWrite::kLinger:
              return self->Linger();
          }
        });
  }

  void Linger() {
    beast::error_code ignored;
    socket_.shutdown(tcp::socket::shutdown_send, ignored);
    SetDeadline(SteadyNanos(), kLingerTime);
    buffer_.clear();
    Drain();
  }

  void Drain() {
    socket_.async_read_some(
        buffer_.prepare(64 << 10),
        [self = shared_from_this()](beast::error_code ec, size_t n) {
          self->drained_ += n;
          if (ec || self->drained_ > kMaxLingerBytes) {
            return self->CloseSocket();
          }
          self->Drain();
        });
  }

  void EndRequest() {
    if (!in_flight_) return;
    in_flight_ = false;
    --server_.in_flight;
  }

  // Idempotent: pending operations end with operation_aborted, and their
  // handlers close again.
  void CloseSocket() {
    EndRequest();
    deadline_.store(kNever);
    beast::error_code ignored;
    socket_.shutdown(tcp::socket::shutdown_both, ignored);
    socket_.close(ignored);
  }

  HttpServer::State& server_;
  Socket socket_;
  const uint64_t id_;
  beast::flat_buffer buffer_;
  std::optional<http::request_parser<http::string_body>> parser_;
  std::optional<http::response<http::empty_body>> continue_;
  http::response<http::string_body> response_;
  bool idle_ = false;  // waiting for the first byte of a request
  std::atomic<int64_t> idle_since_{0};
  std::atomic<bool> claimed_{false};  // by LongestIdle(), to be closed
  std::atomic<int64_t> deadline_{kNever};
  bool in_flight_ = false;  // counted in server_.in_flight
  size_t drained_ = 0;
};

}  // namespace

void HttpServer::State::Accept() {
  // Connections are dealt to the threads in turn.
  net::io_context& target = *contexts[next_context];
  next_context = (next_context + 1) % contexts.size();
  acceptor.async_accept(target.get_executor(),
                        [this](beast::error_code ec, Socket socket) {
                          OnAccept(ec, std::move(socket));
                        });
}

void HttpServer::State::OnAccept(beast::error_code ec, Socket socket) {
  if (!acceptor.is_open()) return;  // Stop() closed it.
  if (ec) {
    accept_retry.expires_after(kAcceptRetryDelay);
    accept_retry.async_wait([this](beast::error_code wait_ec) {
      if (!wait_ec && acceptor.is_open()) Accept();
    });
    return;
  }
  beast::error_code ignored;
  socket.set_option(tcp::no_delay(true), ignored);  // small answers, no wait
  std::shared_ptr<Session> session;
  std::shared_ptr<Session> evicted;
  {
    MutexLock lock(&mu);
    if (stopping) return;  // `socket` closes as it goes out of scope.
    if (static_cast<int64_t>(sessions.size()) >= max_connections) {
      evicted = LongestIdle();
    }
    if (static_cast<int64_t>(sessions.size()) < max_connections ||
        evicted != nullptr) {
      const uint64_t id = next_id++;
      session = std::make_shared<Session>(*this, std::move(socket), id);
      sessions[id] = Registered{session, session.get()};
    } else {
      // Every connection has a request in flight: the newcomer is closed
      // unanswered (a close of a socket nothing waits on, rare), and the
      // listener keeps accepting.
      socket.close(ignored);
    }
  }
  // The evicted session closes on its thread, so the count may pass the
  // limit by the connections that arrive meanwhile (each evicts another).
  if (evicted != nullptr) evicted->PostCloseIfIdle();
  if (session != nullptr) {
    session->Start();
    ArmSweep();
  }
  Accept();
}

void HttpServer::State::ArmSweep() {
  if (sweeping) return;
  sweeping = true;
  sweep_timer.expires_after(sweep_interval);
  sweep_timer.async_wait([this](beast::error_code ec) {
    sweeping = false;
    if (!ec && Sweep()) ArmSweep();
  });
}

bool HttpServer::State::Sweep() {
  const int64_t now = SteadyNanos();
  std::vector<std::shared_ptr<Session>> expired;
  bool any = false;
  {
    MutexLock lock(&mu);
    any = !sessions.empty();
    for (const auto& [id, entry] : sessions) {
      if (entry.raw->deadline() > now) continue;
      if (std::shared_ptr<Session> session = entry.weak.lock()) {
        expired.push_back(std::move(session));
      }
    }
  }
  for (const std::shared_ptr<Session>& session : expired) {
    session->PostCloseIfExpired();
  }
  return any;
}

std::shared_ptr<Session> HttpServer::State::LongestIdle() {
  const Registered* oldest = nullptr;
  int64_t oldest_since = std::numeric_limits<int64_t>::max();
  for (const auto& [id, entry] : sessions) {
    const int64_t idle_since = entry.raw->idle_since();
    if (idle_since != 0 && idle_since < oldest_since) {
      oldest_since = idle_since;
      oldest = &entry;
    }
  }
  if (oldest == nullptr) return nullptr;
  oldest->raw->ClaimForEviction();
  return oldest->weak.lock();
}

void HttpServer::State::Stop() {
  std::vector<std::shared_ptr<Session>> live;
  {
    MutexLock lock(&mu);
    if (stopping) return;
    stopping = true;
    stop_requested.store(true);
    for (const auto& [id, entry] : sessions) {
      if (std::shared_ptr<Session> session = entry.weak.lock()) {
        live.push_back(std::move(session));
      }
    }
  }
  net::post(*contexts[0], [this] {
    beast::error_code ignored;
    acceptor.close(ignored);
    accept_retry.cancel();
    signals.cancel(ignored);
  });
  for (const std::shared_ptr<Session>& session : live) {
    session->PostCloseIfIdle();
  }
  // From here each thread returns once its connections have closed (the
  // sweep keeps running while any is open, so timeouts still hold).
  for (auto& guard : work) guard.reset();
}

absl::StatusOr<std::unique_ptr<HttpServer>> HttpServer::Create(
    Database& db, HttpServerOptions options) {
  auto state = std::make_unique<State>(db, std::move(options));
  const std::string address =
      absl::StrCat(state->options.host, ":", state->options.port);
  beast::error_code ec;
  tcp::resolver resolver(*state->contexts[0]);
  const tcp::resolver::results_type results = resolver.resolve(
      state->options.host, std::to_string(state->options.port),
      tcp::resolver::passive | tcp::resolver::numeric_service, ec);
  if (ec || results.empty()) {
    return absl::UnavailableError(
        absl::StrCat("cannot resolve ", address, ": ", ec.message()));
  }
  const tcp::endpoint endpoint = results.begin()->endpoint();
  tcp::acceptor& acceptor = state->acceptor;
  acceptor.open(endpoint.protocol(), ec);
  if (!ec) acceptor.set_option(net::socket_base::reuse_address(true), ec);
  if (!ec) acceptor.bind(endpoint, ec);
  if (!ec) acceptor.listen(net::socket_base::max_listen_connections, ec);
  if (ec) {
    return absl::UnavailableError(
        absl::StrCat("cannot listen on ", address, ": ", ec.message()));
  }
  state->port = acceptor.local_endpoint(ec).port();
  for (int signal : state->options.stop_signals) {
    state->signals.add(signal, ec);
    if (ec) {
      return absl::InternalError(
          absl::StrCat("cannot handle signal ", signal, ": ", ec.message()));
    }
  }
  if (!state->options.stop_signals.empty()) {
    state->signals.async_wait(
        [raw = state.get()](beast::error_code wait_ec, int) {
          if (!wait_ec) raw->Stop();
        });
  }
  state->Accept();
  return std::unique_ptr<HttpServer>(new HttpServer(std::move(state)));
}

HttpServer::HttpServer(std::unique_ptr<State> state)
    : state_(std::move(state)) {}

HttpServer::~HttpServer() = default;

uint16_t HttpServer::port() const { return state_->port; }

int HttpServer::in_flight_requests() const { return state_->in_flight.load(); }

int HttpServer::open_connections() const {
  MutexLock lock(&state_->mu);
  return static_cast<int>(state_->sessions.size());
}

int HttpServer::max_connections() const { return state_->max_connections; }

void HttpServer::Run() {
  std::vector<std::thread> helpers;
  for (size_t i = 1; i < state_->contexts.size(); ++i) {
    helpers.emplace_back([this, i] { state_->contexts[i]->run(); });
  }
  state_->contexts[0]->run();
  for (std::thread& helper : helpers) helper.join();
}

void HttpServer::Stop() { state_->Stop(); }

}  // namespace dynamite
