// server/http_server: the socket layer, exercised over loopback with a
// Beast client — round trips, keep-alive, the 413 path, malformed HTTP,
// many concurrent keep-alive connections, graceful stop — and the
// `dynamite serve` binary's ready line and SIGTERM exit.

#include "server/http_server.h"

#include <poll.h>
#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <latch>
#include <memory>
#include <optional>
#include <regex>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include "api/database.h"
#include "server/http_exchange.h"
#include "tests/server/dynamite_child.h"
#include "tests/server/http_test_client.h"
#include "zlib.h"

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <sys/wait.h>

namespace dynamite {
namespace {

namespace beast = boost::beast;
namespace http = boost::beast::http;
namespace net = boost::asio;
using tcp = boost::asio::ip::tcp;
using ::testing::SizeIs;

class HttpServerTest : public ::testing::Test {
 protected:
  void SetUp() override {
    absl::StatusOr<std::unique_ptr<HttpServer>> server = HttpServer::Create(
        db_, HttpServerOptions{.host = "127.0.0.1", .port = 0, .threads = 2});
    ASSERT_TRUE(server.ok()) << server.status();
    server_ = std::move(*server);
    runner_ = std::thread([this] { server_->Run(); });
  }

  void TearDown() override {
    if (server_ != nullptr) server_->Stop();
    if (runner_.joinable()) runner_.join();
  }

  uint16_t port() const { return server_->port(); }

  Database db_;
  std::unique_ptr<HttpServer> server_;
  std::thread runner_;
};

TEST(HttpServerOptionsTest, DefaultThreadsAreHalfTheCoresAtLeastOne) {
  const int cores = static_cast<int>(std::thread::hardware_concurrency());
  EXPECT_EQ(DefaultServerThreads(), cores >= 2 ? cores / 2 : 1);
  EXPECT_EQ(HttpServerOptions{}.threads, DefaultServerThreads());
}

TEST_F(HttpServerTest, AnswersListTablesWithDynamoDbHeaders) {
  TestHttpClient client(port());

  std::optional<TestResponse> response =
      client.RoundTrip(Post("ListTables", "{}"));

  ASSERT_TRUE(response.has_value()) << client.error().message();
  EXPECT_EQ(response->result_int(), 200);
  EXPECT_EQ(response->body(), R"({"TableNames":[]})");
  EXPECT_EQ((*response)[http::field::content_type],
            "application/x-amz-json-1.0");
  EXPECT_THAT(std::string((*response)["x-amzn-RequestId"]), SizeIs(52));
  const std::string& body = response->body();
  const uLong crc = crc32(0L, reinterpret_cast<const Bytef*>(body.data()),
                          static_cast<uInt>(body.size()));
  EXPECT_EQ((*response)["x-amz-crc32"], absl::StrCat(crc));
  EXPECT_EQ((*response)[http::field::content_length],
            absl::StrCat(body.size()));
  EXPECT_NE((*response)[http::field::date], "");
  EXPECT_TRUE(response->keep_alive());
}

TEST_F(HttpServerTest, KeepsConnectionAliveAcrossRequests) {
  TestHttpClient client(port());
  const std::string create = R"({"TableName": "things",
      "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
      "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}],
      "BillingMode": "PAY_PER_REQUEST"})";

  std::optional<TestResponse> created =
      client.RoundTrip(Post("CreateTable", create));
  ASSERT_TRUE(created.has_value()) << client.error().message();
  EXPECT_EQ(created->result_int(), 200) << created->body();
  for (int i = 0; i < 5; ++i) {
    std::optional<TestResponse> listed =
        client.RoundTrip(Post("ListTables", "{}"));
    ASSERT_TRUE(listed.has_value()) << i << ": " << client.error().message();
    EXPECT_EQ(listed->body(), R"({"TableNames":["things"]})");
    EXPECT_TRUE(listed->keep_alive());
  }
}

TEST_F(HttpServerTest, AnswersGetRootWithHealthLine) {
  TestHttpClient client(port());
  TestRequest get(http::verb::get, "/", 11);
  get.set(http::field::host, "127.0.0.1");

  std::optional<TestResponse> response = client.RoundTrip(get);

  ASSERT_TRUE(response.has_value()) << client.error().message();
  EXPECT_EQ(response->result_int(), 200);
  EXPECT_EQ(response->body(), "healthy: dynamodb.ddblocal.amazonaws.com ");
}

TEST_F(HttpServerTest, AnswersPutWith404) {
  TestHttpClient client(port());
  TestRequest put = Post("ListTables", "{}");
  put.method(http::verb::put);

  std::optional<TestResponse> response = client.RoundTrip(put);

  ASSERT_TRUE(response.has_value()) << client.error().message();
  EXPECT_EQ(response->result_int(), 404);
  EXPECT_EQ(response->body(), "<UnknownOperationException/>\n");
}

TEST_F(HttpServerTest, ReadsBodyOfExactly16Mb) {
  TestHttpClient client(port());
  std::string body = "{}";
  body.resize(kMaxRequestBodyBytes, ' ');  // still the JSON {}

  std::optional<TestResponse> response =
      client.RoundTrip(Post("ListTables", std::move(body)));

  ASSERT_TRUE(response.has_value()) << client.error().message();
  EXPECT_EQ(response->result_int(), 200);
  EXPECT_EQ(response->body(), R"({"TableNames":[]})");
}

TEST_F(HttpServerTest, AnswersBodyOver16MbWith413AndCloses) {
  TestHttpClient client(port());
  std::string body = "{}";
  body.resize(size_t{17} << 20, ' ');

  std::optional<TestResponse> response =
      client.RoundTrip(Post("ListTables", std::move(body)));

  ASSERT_TRUE(response.has_value()) << client.error().message();
  EXPECT_EQ(response->result_int(), 413);
  EXPECT_EQ(response->body(), "");
  EXPECT_FALSE(response->keep_alive());
  EXPECT_FALSE(client.Read().has_value());
  EXPECT_TRUE(IsClosed(client.error())) << client.error().message();
}

TEST_F(HttpServerTest, MalformedRequestClosesOnlyItsConnection) {
  TestHttpClient good(port());
  TestHttpClient bad(port());
  ASSERT_TRUE(good.RoundTrip(Post("ListTables", "{}")).has_value());

  ASSERT_FALSE(bad.WriteRaw("this is not http\r\n\r\n"));
  EXPECT_FALSE(bad.Read().has_value());

  EXPECT_TRUE(IsClosed(bad.error())) << bad.error().message();
  std::optional<TestResponse> response =
      good.RoundTrip(Post("ListTables", "{}"));
  ASSERT_TRUE(response.has_value()) << good.error().message();
  EXPECT_EQ(response->result_int(), 200);
}

TEST_F(HttpServerTest, ServesSixtyFourKeepAliveConnectionsOnTwoThreads) {
  constexpr int kConnections = 64;
  constexpr int kRequestsEach = 20;
  std::latch all_connected(kConnections);
  std::atomic<int> answered{0};
  std::vector<std::thread> clients;

  // Every connection is open before any sends, so a server that held a
  // thread per connection would starve all but two of them.
  for (int c = 0; c < kConnections; ++c) {
    clients.emplace_back([&] {
      TestHttpClient client(port());
      all_connected.arrive_and_wait();
      for (int r = 0; r < kRequestsEach; ++r) {
        std::optional<TestResponse> response =
            client.RoundTrip(Post("ListTables", "{}"));
        if (!response.has_value() || response->result_int() != 200) return;
        ++answered;
      }
    });
  }
  for (std::thread& client : clients) client.join();

  EXPECT_EQ(answered.load(), kConnections * kRequestsEach);
}

TEST_F(HttpServerTest, StopLetsRequestInFlightFinish) {
  TestHttpClient idle(port());
  TestHttpClient busy(port());
  ASSERT_TRUE(idle.RoundTrip(Post("ListTables", "{}")).has_value());
  std::string header_bytes = absl::StrCat(
      "POST / HTTP/1.1\r\nHost: 127.0.0.1\r\n",
      "Content-Type: application/x-amz-json-1.0\r\n",
      "X-Amz-Target: DynamoDB_20120810.ListTables\r\n",
      "X-Amz-Date: 20261130T000000Z\r\n", "Authorization: ", kTestAuthorization,
      "\r\nContent-Length: 4\r\n\r\n{ ");
  // The server counts `idle`'s request done just after the client has read
  // its answer, so wait for that, then for `busy`'s to start.
  ASSERT_TRUE(WaitUntil([&] { return server_->in_flight_requests() == 0; }));
  ASSERT_FALSE(busy.WriteRaw(header_bytes));
  ASSERT_TRUE(WaitUntil([&] { return server_->in_flight_requests() == 1; }));

  server_->Stop();
  ASSERT_FALSE(busy.WriteRaw(" }"));
  std::optional<TestResponse> response = busy.Read();

  ASSERT_TRUE(response.has_value()) << busy.error().message();
  EXPECT_EQ(response->result_int(), 200);
  EXPECT_EQ(response->body(), R"({"TableNames":[]})");
  EXPECT_FALSE(response->keep_alive());
  EXPECT_FALSE(busy.Read().has_value());
  EXPECT_TRUE(IsClosed(busy.error())) << busy.error().message();
  EXPECT_FALSE(idle.Read().has_value());
  EXPECT_TRUE(IsClosed(idle.error())) << idle.error().message();
  runner_.join();  // Run() returns once both connections are gone.
}

TEST_F(HttpServerTest, StopBeforeAnyConnectionEndsRun) {
  server_->Stop();
  runner_.join();
  EXPECT_EQ(server_->in_flight_requests(), 0);
}

TEST(HttpServerCreateTest, RefusesPortInUse) {
  Database db;
  absl::StatusOr<std::unique_ptr<HttpServer>> first =
      HttpServer::Create(db, HttpServerOptions{.port = 0});
  ASSERT_TRUE(first.ok()) << first.status();

  absl::StatusOr<std::unique_ptr<HttpServer>> second =
      HttpServer::Create(db, HttpServerOptions{.port = (*first)->port()});

  EXPECT_EQ(second.status().code(), absl::StatusCode::kUnavailable);
}

// --- The `dynamite` binary: tests/server/dynamite_child.h.

// Starts `dynamite` with `args`, expects the ready line, a ListTables
// answer, and exit code 0 after SIGTERM.
void ExpectServesAndExitsZeroOnSigterm(std::vector<std::string> args) {
  Child child = Spawn(std::move(args));
  ASSERT_GT(child.pid, 0);

  const std::string line = ReadLine(child.stdout_fd);
  std::smatch match;
  const std::regex ready(
      R"(dynamite serve: listening on http://127\.0\.0\.1:(\d+) \(in-memory\))");
  const bool matched = std::regex_match(line, match, ready);
  std::optional<TestResponse> response;
  if (matched) {
    TestHttpClient client(static_cast<uint16_t>(std::stoi(match[1].str())));
    response = client.RoundTrip(Post("ListTables", "{}"));
  }
  kill(child.pid, SIGTERM);
  const int exit_code = WaitExit(child.pid);
  close(child.stdout_fd);

  EXPECT_TRUE(matched) << line;
  ASSERT_TRUE(response.has_value());
  EXPECT_EQ(response->body(), R"({"TableNames":[]})");
  EXPECT_EQ(exit_code, 0);
}

TEST(DynamiteServeTest, PrintsReadyLineServesAndExitsZeroOnSigterm) {
  ExpectServesAndExitsZeroOnSigterm({"serve", "--port", "0"});
}

TEST(DynamiteServeTest, AcceptsDynamoDbLocalFlags) {
  ExpectServesAndExitsZeroOnSigterm({"serve", "-port", "0", "-inMemory",
                                     "-sharedDb", "-disableTelemetry",
                                     "-delayTransientStatuses", "-cors", "*"});
}

// A CORS preflight from `origin` to the server on `port`: its
// Access-Control-Allow-Origin, "none" without one, "" without an answer.
std::string PreflightAllowOrigin(uint16_t port, const std::string& origin) {
  TestHttpClient client(port);
  TestRequest preflight(http::verb::options, "/", 11);
  preflight.set(http::field::host, "127.0.0.1");
  preflight.set(http::field::origin, origin);
  preflight.set(http::field::access_control_request_method, "POST");
  std::optional<TestResponse> response = client.RoundTrip(preflight);
  if (!response.has_value()) return "";
  const auto allow = response->find(http::field::access_control_allow_origin);
  return allow == response->end() ? "none" : std::string(allow->value());
}

// Starts `dynamite serve --port 0` with `flags` and returns what
// PreflightAllowOrigin() sees for each of `origins`.
std::vector<std::string> ServePreflights(std::vector<std::string> flags,
                                         std::vector<std::string> origins) {
  std::vector<std::string> args = {"serve", "--port", "0"};
  args.insert(args.end(), flags.begin(), flags.end());
  Child child = Spawn(std::move(args));
  const std::string ready = ReadLine(child.stdout_fd);
  std::smatch match;
  std::vector<std::string> seen;
  if (std::regex_search(ready, match, std::regex(R"(:(\d+) \(in-memory\))"))) {
    const uint16_t port = static_cast<uint16_t>(std::stoi(match[1].str()));
    for (const std::string& origin : origins) {
      seen.push_back(PreflightAllowOrigin(port, origin));
    }
  }
  kill(child.pid, SIGTERM);
  EXPECT_EQ(WaitExit(child.pid), 0) << ready;
  close(child.stdout_fd);
  return seen;
}

TEST(DynamiteServeTest, CorsAllowsEveryOriginByDefault) {
  EXPECT_THAT(ServePreflights({}, {"http://localhost:3000"}),
              ::testing::ElementsAre("*"));
}

TEST(DynamiteServeTest, CorsFlagAllowsOnlyTheOriginsGiven) {
  EXPECT_THAT(
      ServePreflights(
          {"--cors", "http://a.example, http://b.example"},
          {"http://a.example", "http://b.example", "http://c.example"}),
      ::testing::ElementsAre("http://a.example", "http://b.example", "none"));
  // DynamoDB Local's spelling, and --cors=.
  EXPECT_THAT(ServePreflights({"-cors", "http://a.example"},
                              {"http://a.example", "http://c.example"}),
              ::testing::ElementsAre("http://a.example", "none"));
  EXPECT_THAT(ServePreflights({"--cors=http://a.example"},
                              {"http://a.example", "http://c.example"}),
              ::testing::ElementsAre("http://a.example", "none"));
}

TEST(DynamiteServeTest, CorsNeedsOrigins) {
  for (std::vector<std::string> args :
       {std::vector<std::string>{"serve", "--cors", ""},
        std::vector<std::string>{"serve", "--cors", "a,,b"},
        std::vector<std::string>{"serve", "--cors"}}) {
    Child child = Spawn(std::move(args));
    ASSERT_GT(child.pid, 0);
    EXPECT_EQ(WaitExit(child.pid), 2);
    close(child.stdout_fd);
  }
}

TEST(DynamiteServeTest, RejectsUnknownFlagWithExit2) {
  Child child = Spawn({"serve", "--no-such-flag"});
  ASSERT_GT(child.pid, 0);
  EXPECT_EQ(WaitExit(child.pid), 2);
  close(child.stdout_fd);
}

TEST(DynamiteServeTest, RefusesATransientStatusDelayThatIsNotPositive) {
  for (const char* flag :
       {"--delay-transient-statuses=0", "--delay-transient-statuses=-1s",
        "--delay-transient-statuses=soon", "--delay-transient-statuses=inf"}) {
    Child child = Spawn({"serve", "--port", "0", flag});
    ASSERT_GT(child.pid, 0);
    EXPECT_EQ(WaitExit(child.pid), 2) << flag;
    close(child.stdout_fd);
  }
}

TEST(DynamiteServeTest, ServesWithADelayedTransientStatus) {
  ExpectServesAndExitsZeroOnSigterm(
      {"serve", "--port", "0", "--delay-transient-statuses=250ms"});
}

// GET /console from the server on `port`: its status, or 0 without an
// answer.
int ConsoleStatus(uint16_t port) {
  TestHttpClient client(port);
  TestRequest get(http::verb::get, "/console", 11);
  get.set(http::field::host, "127.0.0.1");
  std::optional<TestResponse> response = client.RoundTrip(get);
  return response.has_value() ? response->result_int() : 0;
}

// Starts `dynamite serve --port 0` with `flags`; returns its console line
// (the second line of stdout, "" when there is none) and the status of
// GET /console.
std::pair<std::string, int> ServeConsole(std::vector<std::string> flags) {
  std::vector<std::string> args = {"serve", "--port", "0"};
  args.insert(args.end(), flags.begin(), flags.end());
  Child child = Spawn(std::move(args));
  const std::string ready = ReadLine(child.stdout_fd);
  std::smatch match;
  int status = 0;
  std::string line;
  if (std::regex_search(ready, match, std::regex(R"(:(\d+) \(in-memory\))"))) {
    const uint16_t port = static_cast<uint16_t>(std::stoi(match[1].str()));
    status = ConsoleStatus(port);
    kill(child.pid, SIGTERM);
    // The console line comes right after the ready line, if at all.
    line = ReadLine(child.stdout_fd);
  } else {
    kill(child.pid, SIGTERM);
  }
  EXPECT_EQ(WaitExit(child.pid), 0) << ready;
  close(child.stdout_fd);
  return {line, status};
}

TEST(DynamiteServeTest, ServesTheConsoleOnLoopbackByDefault) {
  auto [line, status] = ServeConsole({});
  EXPECT_THAT(
      line,
      ::testing::MatchesRegex(
          R"(dynamite serve: console at http://127\.0\.0\.1:[0-9]+/console)"));
  EXPECT_EQ(status, 200);
}

TEST(DynamiteServeTest, ConsoleOffServesNone) {
  auto [line, status] = ServeConsole({"--console", "off"});
  EXPECT_EQ(line, "");
  EXPECT_EQ(status, 404);  // <UnknownOperationException/>, as any GET
}

TEST(DynamiteServeTest, ConsoleNeedsOnOrOff) {
  Child child = Spawn({"serve", "--console", "maybe"});
  ASSERT_GT(child.pid, 0);
  EXPECT_EQ(WaitExit(child.pid), 2);
  close(child.stdout_fd);
}

// A server on --db-path, killed with SIGKILL after each acknowledged write,
// has every one of them when it starts again (three bounded rounds).
TEST(DynamiteServeTest, KeepsAcknowledgedWritesAcrossSigkill) {
  std::string dir = ::testing::TempDir() + "dynamite-serve-db-XXXXXX";
  ASSERT_NE(mkdtemp(dir.data()), nullptr);
  const std::regex ready(
      R"(dynamite serve: listening on http://127\.0\.0\.1:(\d+) \(data in .+, sync never\))");
  std::optional<TestResponse> scanned;
  for (int round = 0; round < 4; ++round) {
    Child child =
        Spawn({"serve", "--port", "0", "-dbPath", dir, "--sync", "never"});
    ASSERT_GT(child.pid, 0);
    const std::string line = ReadLine(child.stdout_fd);
    std::smatch match;
    const bool matched = std::regex_match(line, match, ready);
    std::optional<TestResponse> answer;
    if (matched) {
      TestHttpClient client(static_cast<uint16_t>(std::stoi(match[1].str())));
      if (round == 0) {
        answer = client.RoundTrip(Post("CreateTable", R"({"TableName": "Kept",
            "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
            "AttributeDefinitions": [{"AttributeName": "pk",
                                      "AttributeType": "S"}],
            "BillingMode": "PAY_PER_REQUEST"})"));
      } else if (round < 3) {
        answer = client.RoundTrip(Post(
            "PutItem",
            absl::StrCat(R"({"TableName": "Kept", "Item": {"pk": {"S": "r)",
                         round, R"("}}})")));
      } else {
        answer = client.RoundTrip(
            Post("Scan", R"({"TableName": "Kept", "Select": "COUNT"})"));
        scanned = answer;
      }
    }
    kill(child.pid, SIGKILL);
    EXPECT_EQ(WaitExit(child.pid), -1);
    close(child.stdout_fd);
    ASSERT_TRUE(matched) << round << ": " << line;
    ASSERT_TRUE(answer.has_value()) << round;
    EXPECT_EQ(answer->result_int(), 200) << round << ": " << answer->body();
  }
  ASSERT_TRUE(scanned.has_value());
  EXPECT_THAT(scanned->body(), ::testing::HasSubstr(R"("Count":2)"));
  std::filesystem::remove_all(dir);
}

TEST(DynamiteServeTest, RefusesABadSyncModeOrInterval) {
  for (std::vector<std::string> args :
       {std::vector<std::string>{"--sync", "sometimes"},
        std::vector<std::string>{"--sync-interval", "0"},
        std::vector<std::string>{"--sync-interval", "soon"},
        std::vector<std::string>{"--db-path", ""},
        std::vector<std::string>{"--snapshot-after-mb", "-1"},
        std::vector<std::string>{"--snapshot-after-mb", "lots"},
        std::vector<std::string>{"--snapshot-after-mb", "1048577"},
        // DynamoDB Local refuses both at once. (A directory that cannot
        // be made, so that a server that wrongly starts writes nothing.)
        std::vector<std::string>{"-inMemory", "-dbPath",
                                 "/proc/dynamite-no-such-dir"}}) {
    std::vector<std::string> serve = {"serve", "--port", "0"};
    serve.insert(serve.end(), args.begin(), args.end());
    Child child = Spawn(serve);
    ASSERT_GT(child.pid, 0);
    EXPECT_EQ(WaitExit(child.pid), 2) << args[0] << " " << args[1];
    close(child.stdout_fd);
  }
}

}  // namespace
}  // namespace dynamite
