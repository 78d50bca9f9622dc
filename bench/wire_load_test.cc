// The wire-level load driver (wire_client, wire_requests, wire_measure) and
// workload A's generator, checked against an in-process HttpServer: the
// driver's requests are accepted, a load stores every item, and a run
// counts only correct answers, also when the server closes the connection
// after every answer.

#include <unistd.h>

#include <atomic>
#include <memory>
#include <regex>
#include <string>
#include <thread>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/time/time.h"
#include "gtest/gtest.h"

#include "api/database.h"
#include "bench/audit_log_workload.h"
#include "bench/cpu_time.h"
#include "bench/leaderboard_workload.h"
#include "bench/wire_measure.h"
#include "bench/wire_requests.h"
#include "client/wire_client.h"
#include "server/http_server.h"

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>

namespace dynamite {
namespace {

TEST(ParseLoopbackEndpointTest, AcceptsLoopbackAddresses) {
  for (const char* url : {"http://127.0.0.1:8000", "http://127.0.0.1:8000/",
                          "http://localhost:8000", "http://[::1]:8000"}) {
    SCOPED_TRACE(url);
    absl::StatusOr<WireEndpoint> endpoint = ParseLoopbackEndpoint(url);
    ASSERT_TRUE(endpoint.ok()) << endpoint.status();
    EXPECT_EQ(endpoint->port, 8000);
  }
}

TEST(ParseLoopbackEndpointTest, RefusesOtherAddresses) {
  for (const char* url :
       {"http://10.0.0.1:8000", "http://8.8.8.8:8000", "http://0.0.0.0:8000"}) {
    SCOPED_TRACE(url);
    EXPECT_EQ(ParseLoopbackEndpoint(url).status().code(),
              absl::StatusCode::kPermissionDenied);
  }
}

TEST(ParseLoopbackEndpointTest, RefusesMalformedUrls) {
  for (const char* url :
       {"https://127.0.0.1:8000", "127.0.0.1:8000", "http://127.0.0.1",
        "http://127.0.0.1:0", "http://127.0.0.1:99999"}) {
    SCOPED_TRACE(url);
    EXPECT_EQ(ParseLoopbackEndpoint(url).status().code(),
              absl::StatusCode::kInvalidArgument);
  }
}

TEST(CpuTimeTest, ParsesUserAndSystemTicksAfterTheCommandName) {
  // A command name with spaces and parentheses, as a process may call
  // itself; utime 250 and stime 50 ticks at 100 a second.
  absl::StatusOr<CpuTime> cpu = ParseProcStat(
      "4242 (my (odd) name) S 1 4242 4242 0 -1 4194560 100 0 0 0 250 50 0 0 "
      "20 0 1 0 100 1000000 200 18446744073709551615",
      100);
  ASSERT_TRUE(cpu.ok()) << cpu.status();
  EXPECT_EQ(cpu->user, absl::Milliseconds(2500));
  EXPECT_EQ(cpu->system, absl::Milliseconds(500));
}

TEST(CpuTimeTest, RefusesLinesThatDoNotParse) {
  for (const char* line :
       {"", "4242 name S 1 2 3", "4242 (name) S 1 4242 4242 0 -1 4194560",
        "4242 (name) S 1 4242 4242 0 -1 4194560 100 0 0 0 x 50 0 0"}) {
    SCOPED_TRACE(line);
    EXPECT_EQ(ParseProcStat(line, 100).status().code(),
              absl::StatusCode::kInternal);
  }
}

TEST(CpuTimeTest, ReadsThisProcessAndRefusesAMissingOne) {
  // Spin until the kernel has charged this process a few ticks of user
  // time, then /proc and getrusage must both have seen it.
  const CpuTime start = SelfCpuTime();
  volatile uint64_t sink = 0;
  while (SelfCpuTime().user - start.user < absl::Milliseconds(50)) {
    for (int i = 0; i < 100000; ++i) sink = sink + i;
  }
  absl::StatusOr<CpuTime> mine = ProcessCpuTime(getpid());
  ASSERT_TRUE(mine.ok()) << mine.status();
  EXPECT_GE(mine->user, absl::Milliseconds(40));
  EXPECT_LE(mine->user, SelfCpuTime().user + absl::Milliseconds(20));
  // PIDs are below /proc/sys/kernel/pid_max, at most 2^22.
  EXPECT_EQ(ProcessCpuTime(1 << 23).status().code(),
            absl::StatusCode::kNotFound);
}

TEST(JsonStringTest, EscapesQuotesBackslashesAndControls) {
  EXPECT_EQ(JsonString("a\"b\\c\nd\x01"), R"("a\"b\\c\nd\u0001")");
}

TEST(AuditLogWorkloadTest, IsDeterministicAndShapedAsWorkloadsMdSays) {
  const std::vector<AuditLogItem> items = GenerateAuditLog(2000);
  const std::vector<AuditLogItem> again = GenerateAuditLog(2000);
  const std::regex sk(R"(EVT#2026-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z#\d{4})");
  int hottest = 0;
  for (size_t i = 0; i < items.size(); ++i) {
    EXPECT_EQ(items[i].sk, again[i].sk);
    EXPECT_TRUE(std::regex_match(items[i].sk, sk)) << items[i].sk;
    EXPECT_GE(items[i].detail_count, 3);
    EXPECT_LE(items[i].detail_count, 5);
    if (items[i].pk == "ACTOR#u_1") ++hottest;
  }
  // Zipf(1.1) over 10,000 actors gives the hottest 15.1% of events: 303
  // expected, with a standard deviation of 16.
  EXPECT_GT(hottest, 240);
  EXPECT_LT(hottest, 370);
}

class WireDriverTest : public ::testing::Test {
 protected:
  void SetUp() override {
    absl::StatusOr<std::unique_ptr<HttpServer>> server = HttpServer::Create(
        db_, HttpServerOptions{.host = "127.0.0.1", .port = 0, .threads = 2});
    ASSERT_TRUE(server.ok()) << server.status();
    server_ = std::move(*server);
    runner_ = std::thread([this] { server_->Run(); });
    absl::StatusOr<WireEndpoint> endpoint = ParseLoopbackEndpoint(
        absl::StrCat("http://127.0.0.1:", server_->port()));
    ASSERT_TRUE(endpoint.ok()) << endpoint.status();
    endpoint_ = *endpoint;
  }

  void TearDown() override {
    if (server_ != nullptr) server_->Stop();
    if (runner_.joinable()) runner_.join();
  }

  // The table's item count, by a Scan with Select COUNT.
  std::string CountOf(absl::string_view table) {
    absl::StatusOr<std::unique_ptr<WireClient>> client =
        WireClient::Connect(endpoint_);
    if (!client.ok()) return client.status().ToString();
    absl::StatusOr<HttpReply> response = (*client)->Call(
        "Scan", absl::StrCat(R"({"TableName":)", JsonString(table),
                             R"(,"Select":"COUNT"})"));
    if (!response.ok()) return response.status().ToString();
    return response->body;
  }

  Database db_;
  std::unique_ptr<HttpServer> server_;
  std::thread runner_;
  WireEndpoint endpoint_;
};

TEST_F(WireDriverTest, LoadsLeaderboardAndMeasuresTop10) {
  std::vector<std::string> items;
  for (const LeaderboardItem& item : GenerateLeaderboard(1000)) {
    items.push_back(ItemJson(item));
  }
  ASSERT_TRUE(
      RecreateTable(endpoint_, kLeaderboardTable,
                    CreateTableBody(kLeaderboardTable, kLeaderboardPartitionKey,
                                    kLeaderboardSortKey))
          .ok());

  absl::StatusOr<LoadResult> loaded =
      LoadItems(endpoint_, kLeaderboardTable, items, 3);
  ASSERT_TRUE(loaded.ok()) << loaded.status();
  OperationRun top10{.operation = "Query",
                     .bodies = {Top10Body(kLeaderboardSeasons[0])},
                     .expect = R"("Count":10)"};
  absl::StatusOr<RunResult> run =
      RunClosedLoop(endpoint_, top10, 2, absl::Milliseconds(300));

  EXPECT_EQ(loaded->items, 1000);
  EXPECT_EQ(CountOf(kLeaderboardTable),
            R"({"Count":1000,"ScannedCount":1000})");
  ASSERT_TRUE(run.ok()) << run.status();
  EXPECT_EQ(run->errors, 0) << run->first_error;
  EXPECT_GT(run->requests, 10);
  EXPECT_LE(run->p50, run->p99);
  EXPECT_GT(run->p50, absl::ZeroDuration());
}

TEST_F(WireDriverTest, RunCountsWrongAnswersAsErrors) {
  ASSERT_TRUE(
      RecreateTable(endpoint_, kAuditLogTable,
                    CreateTableBody(kAuditLogTable, kAuditLogPartitionKey,
                                    kAuditLogSortKey))
          .ok());
  std::vector<std::string> items;
  for (const AuditLogItem& item : GenerateAuditLog(500)) {
    items.push_back(ItemJson(item));
  }
  ASSERT_TRUE(LoadItems(endpoint_, kAuditLogTable, items, 1).ok());
  // The hottest actor has more than 20 events, so 20 come back.
  OperationRun recent20{.operation = "Query",
                        .bodies = {Recent20Body("ACTOR#u_1")},
                        .expect = R"("Count":20)"};
  OperationRun missing_table{.operation = "Query",
                             .bodies = {Top10Body("SEASON#2026-SPRING")},
                             .expect = R"("Count":10)"};

  absl::StatusOr<RunResult> good =
      RunClosedLoop(endpoint_, recent20, 1, absl::Milliseconds(200));
  absl::StatusOr<RunResult> bad =
      RunClosedLoop(endpoint_, missing_table, 1, absl::Milliseconds(200));

  EXPECT_EQ(CountOf(kAuditLogTable), R"({"Count":500,"ScannedCount":500})");
  ASSERT_TRUE(good.ok()) << good.status();
  EXPECT_EQ(good->errors, 0) << good->first_error;
  EXPECT_GT(good->requests, 0);
  ASSERT_TRUE(bad.ok()) << bad.status();
  EXPECT_EQ(bad->requests, 0);
  EXPECT_GT(bad->errors, 0);
  EXPECT_NE(bad->first_error.find("ResourceNotFoundException"),
            std::string::npos)
      << bad->first_error;
}

// A server that answers each request with `{"Count":1}` and
// "Connection: close", then closes: every request of a run needs a new
// connection.
class ClosingServer {
 public:
  ClosingServer()
      : acceptor_(io_context_,
                  {boost::asio::ip::make_address("127.0.0.1"), 0}) {
    thread_ = std::thread([this] { Serve(); });
  }
  ~ClosingServer() {
    stopping_ = true;
    // Wakes the blocking accept with a connection of its own.
    boost::asio::ip::tcp::socket waker(io_context_);
    boost::beast::error_code ignored;
    waker.connect(acceptor_.local_endpoint(), ignored);
    thread_.join();
  }

  WireEndpoint endpoint() const {
    return WireEndpoint{.host = "127.0.0.1",
                        .address = "127.0.0.1",
                        .port = acceptor_.local_endpoint().port()};
  }
  int answered() const { return answered_.load(); }

 private:
  void Serve() {
    namespace http = boost::beast::http;
    while (!stopping_) {
      boost::asio::ip::tcp::socket socket(io_context_);
      boost::beast::error_code ec;
      acceptor_.accept(socket, ec);
      if (ec || stopping_) return;
      boost::beast::flat_buffer buffer;
      http::request<http::string_body> request;
      http::read(socket, buffer, request, ec);
      if (ec) continue;
      http::response<http::string_body> response(http::status::ok, 11);
      response.body() = R"({"Count":1})";
      response.keep_alive(false);
      response.prepare_payload();
      http::write(socket, response, ec);
      if (!ec) ++answered_;
      socket.shutdown(boost::asio::ip::tcp::socket::shutdown_both, ec);
    }
  }

  boost::asio::io_context io_context_;
  boost::asio::ip::tcp::acceptor acceptor_;
  std::atomic<bool> stopping_{false};
  std::atomic<int> answered_{0};
  std::thread thread_;
};

TEST(ClosedLoopTest, ReconnectsWhenTheServerClosesAfterAnAnswer) {
  ClosingServer server;
  OperationRun run{
      .operation = "Query", .bodies = {"{}"}, .expect = R"("Count":1)"};

  absl::StatusOr<RunResult> result =
      RunClosedLoop(server.endpoint(), run, 2, absl::Milliseconds(200));

  ASSERT_TRUE(result.ok()) << result.status();
  EXPECT_EQ(result->errors, 0) << result->first_error;
  // Each request on a connection of its own, none failed.
  EXPECT_GT(result->requests, 4);
  EXPECT_GE(server.answered(), result->requests);
}

}  // namespace
}  // namespace dynamite
