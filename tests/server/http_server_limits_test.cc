// server/http_server's connection limits over real loopback sockets:
// idle_timeout, max_connections, and 1,000 connections opened and
// abandoned, which must neither exhaust the server nor keep a fresh client
// from being answered.

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "gtest/gtest.h"

#include "api/database.h"
#include "server/http_server.h"
#include "tests/server/http_test_client.h"

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/read.hpp>
#include <sys/resource.h>

namespace dynamite {
namespace {

namespace net = boost::asio;
using tcp = boost::asio::ip::tcp;

constexpr int kAbandoned = 1000;

// `count` connections to 127.0.0.1:`port` that send nothing: opened with
// plain blocking sockets on one io_context, since a TestHttpClient each
// would cost an io_context (and its descriptors) each.
class AbandonedConnections {
 public:
  AbandonedConnections(uint16_t port, int count) {
    const tcp::endpoint endpoint(net::ip::make_address("127.0.0.1"), port);
    for (int i = 0; i < count; ++i) {
      sockets_.emplace_back(io_context_);
      boost::system::error_code ec;
      sockets_.back().connect(endpoint, ec);
      if (ec) ++failed_;
    }
  }

  int failed() const { return failed_; }

  // True if the server has closed connection `i` (a read sees end of stream
  // or a reset), waiting for it at most `timeout`.
  bool ClosedByServer(int i, std::chrono::milliseconds timeout) {
    tcp::socket& socket = sockets_[i];
    return WaitUntil(
        [&] {
          boost::system::error_code ec;
          socket.non_blocking(true, ec);
          char byte;
          socket.read_some(net::buffer(&byte, 1), ec);
          return ec == net::error::eof || ec == net::error::connection_reset;
        },
        timeout);
  }

 private:
  net::io_context io_context_;
  std::vector<tcp::socket> sockets_;
  int failed_ = 0;
};

std::unique_ptr<RunningServer> StartServer(Database& db,
                                           HttpServerOptions options) {
  options.host = "127.0.0.1";
  options.port = 0;
  options.threads = 2;
  return std::make_unique<RunningServer>(db, std::move(options));
}

bool ServesListTables(uint16_t port) {
  TestHttpClient client(port);
  std::optional<TestResponse> response =
      client.RoundTrip(Post("ListTables", "{}"));
  return response.has_value() && response->result_int() == 200;
}

TEST(HttpServerLimitsTest, DerivesConnectionLimitFromOpenFileLimit) {
  Database db;
  std::unique_ptr<RunningServer> running = StartServer(db, {});
  ASSERT_TRUE(running->ok());
  rlimit limit{};
  ASSERT_EQ(getrlimit(RLIMIT_NOFILE, &limit), 0);

  // The test machines' limit is finite; the check is meaningless otherwise.
  ASSERT_NE(limit.rlim_cur, RLIM_INFINITY);
  EXPECT_EQ(running->server().max_connections(),
            static_cast<int>(limit.rlim_cur) - kReservedFileDescriptors);
}

TEST(HttpServerLimitsTest, ThousandConnectionsClosedUnusedAreReleased) {
  Database db;
  std::unique_ptr<RunningServer> running = StartServer(db, {});
  ASSERT_TRUE(running->ok());

  {
    AbandonedConnections abandoned(running->port(), kAbandoned);
    ASSERT_EQ(abandoned.failed(), 0);
    ASSERT_TRUE(WaitUntil(
        [&] { return running->server().open_connections() == kAbandoned; }));
  }  // every one closed without sending a byte

  EXPECT_TRUE(
      WaitUntil([&] { return running->server().open_connections() == 0; }));
  EXPECT_TRUE(ServesListTables(running->port()));
}

TEST(HttpServerLimitsTest, ThousandConnectionsHeldOpenDoNotBlockOthers) {
  Database db;
  std::unique_ptr<RunningServer> running = StartServer(db, {});
  ASSERT_TRUE(running->ok());

  AbandonedConnections abandoned(running->port(), kAbandoned);

  ASSERT_EQ(abandoned.failed(), 0);
  EXPECT_TRUE(ServesListTables(running->port()));
  EXPECT_TRUE(WaitUntil(
      [&] { return running->server().open_connections() == kAbandoned; }));
}

TEST(HttpServerLimitsTest, IdleTimeoutClosesAbandonedConnections) {
  Database db;
  std::unique_ptr<RunningServer> running =
      StartServer(db, {.idle_timeout = absl::Milliseconds(300)});
  ASSERT_TRUE(running->ok());
  AbandonedConnections abandoned(running->port(), kAbandoned);
  ASSERT_EQ(abandoned.failed(), 0);

  EXPECT_TRUE(WaitUntil([&] {
    return running->server().open_connections() == 0;
  })) << running->server().open_connections()
      << " connections still open";
  EXPECT_TRUE(abandoned.ClosedByServer(0, std::chrono::seconds(5)));
  EXPECT_TRUE(
      abandoned.ClosedByServer(kAbandoned - 1, std::chrono::seconds(5)));
  EXPECT_TRUE(ServesListTables(running->port()));
}

TEST(HttpServerLimitsTest, IdleTimeoutSparesKeepAliveConnectionInUse) {
  Database db;
  std::unique_ptr<RunningServer> running =
      StartServer(db, {.idle_timeout = absl::Milliseconds(300)});
  ASSERT_TRUE(running->ok());
  TestHttpClient client(running->port());
  const std::string request = PostBytes("ListTables", "{}");

  // Requests 100 ms apart keep it alive past the timeout; one request
  // trickled over longer than the timeout is not idleness either.
  for (int i = 0; i < 6; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    std::optional<TestResponse> response =
        client.RoundTrip(Post("ListTables", "{}"));
    ASSERT_TRUE(response.has_value()) << i << ": " << client.error().message();
  }
  for (size_t i = 0; i < request.size(); i += request.size() / 6) {
    ASSERT_FALSE(client.WriteRaw(request.substr(i, request.size() / 6)));
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  std::optional<TestResponse> trickled = client.Read();
  ASSERT_TRUE(trickled.has_value()) << client.error().message();
  EXPECT_EQ(trickled->result_int(), 200);

  EXPECT_FALSE(client.Read().has_value());  // then idle: closed
  EXPECT_TRUE(IsClosed(client.error())) << client.error().message();
}

TEST(HttpServerLimitsTest, InfiniteTimeoutsNeverCloseAConnection) {
  Database db;
  std::unique_ptr<RunningServer> running =
      StartServer(db, {.io_timeout = absl::InfiniteDuration(),
                       .idle_timeout = absl::InfiniteDuration()});
  ASSERT_TRUE(running->ok());
  TestHttpClient client(running->port());
  ASSERT_TRUE(client.RoundTrip(Post("ListTables", "{}")).has_value())
      << client.error().message();

  // Past the first sweep (1 s after the accept, the longest interval): a
  // deadline that overflowed would have closed the connection there.
  std::this_thread::sleep_for(std::chrono::milliseconds(1300));

  std::optional<TestResponse> again =
      client.RoundTrip(Post("ListTables", "{}"));
  ASSERT_TRUE(again.has_value()) << client.error().message();
  EXPECT_EQ(again->result_int(), 200);
}

TEST(HttpServerLimitsTest, NewConnectionAtLimitClosesLongestIdle) {
  constexpr int kLimit = 100;
  Database db;
  std::unique_ptr<RunningServer> running =
      StartServer(db, {.max_connections = kLimit});
  ASSERT_TRUE(running->ok());

  AbandonedConnections abandoned(running->port(), kAbandoned);
  ASSERT_EQ(abandoned.failed(), 0);

  EXPECT_TRUE(WaitUntil(
      [&] { return running->server().open_connections() <= kLimit; }));
  EXPECT_TRUE(ServesListTables(running->port()));
  // The oldest went first; the newest are still open.
  EXPECT_TRUE(abandoned.ClosedByServer(0, std::chrono::seconds(5)));
  EXPECT_FALSE(
      abandoned.ClosedByServer(kAbandoned - 1, std::chrono::milliseconds(100)));
}

TEST(HttpServerLimitsTest, NewConnectionAtLimitIsClosedWhenAllAreBusy) {
  Database db;
  std::unique_ptr<RunningServer> running =
      StartServer(db, {.max_connections = 2});
  ASSERT_TRUE(running->ok());
  const std::string request = PostBytes("ListTables", "{}");
  TestHttpClient first(running->port());
  TestHttpClient second(running->port());
  ASSERT_FALSE(first.WriteRaw(request.substr(0, 10)));
  ASSERT_FALSE(second.WriteRaw(request.substr(0, 10)));
  ASSERT_TRUE(
      WaitUntil([&] { return running->server().in_flight_requests() == 2; }));

  TestHttpClient third(running->port());
  (void)third.WriteRaw(request);  // may already see the close
  EXPECT_FALSE(third.Read().has_value());
  EXPECT_TRUE(IsClosed(third.error())) << third.error().message();

  // The busy ones are unaffected.
  ASSERT_FALSE(first.WriteRaw(request.substr(10)));
  std::optional<TestResponse> response = first.Read();
  ASSERT_TRUE(response.has_value()) << first.error().message();
  EXPECT_EQ(response->result_int(), 200);
}

}  // namespace
}  // namespace dynamite
