// A wire-level soak of server/http_server (issue 4, "Load and faults"): 64
// concurrent keep-alive connections of mixed reads and writes against an
// in-process server on two threads, for DYNAMITE_SOAK_SECONDS (20 by
// default, 3 in sanitizer builds, whose steps in scripts/test.sh need no
// variable then). Afterwards every acknowledged write is readable, no
// request failed, the server still answers, and resident memory grew by a
// bounded amount.
//
// Each connection owns a fixed set of keys and overwrites them with rising
// versions, so the data set has a fixed size however long the soak runs:
// memory that grows with time is a leak, not data. Owning its keys, a
// connection also knows the last version it was acknowledged for each, and
// checks that every read of its own keys returns exactly that version.

#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <latch>
#include <mutex>
#include <optional>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"

#include "api/database.h"
#include "server/http_server.h"
#include "tests/server/http_test_client.h"

namespace dynamite {
namespace {

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define DYNAMITE_SOAK_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define DYNAMITE_SOAK_SANITIZED 1
#endif
#endif

#ifdef DYNAMITE_SOAK_SANITIZED
constexpr int kDefaultSeconds = 3;
// ASan's quarantine alone holds up to 256 MB of freed memory.
constexpr int64_t kMaxGrowthBytes = int64_t{768} << 20;
#else
constexpr int kDefaultSeconds = 20;
// The data set has a fixed size (about 300 KB) and the connections'
// buffers take a few megabytes; growth past 64 MB means something is kept
// per request (at the soak's rate, a few hundred bytes a request add up to
// more).
constexpr int64_t kMaxGrowthBytes = int64_t{64} << 20;
#endif

constexpr int kConnections = 64;
constexpr int kKeysPerConnection = 32;

int SoakSeconds() {
  int seconds = 0;
  const char* env = std::getenv("DYNAMITE_SOAK_SECONDS");
  if (env != nullptr && absl::SimpleAtoi(env, &seconds) && seconds > 0) {
    return seconds;
  }
  return kDefaultSeconds;
}

// Resident memory of this process (the server and the clients), in bytes.
int64_t ResidentBytes() {
  std::ifstream statm("/proc/self/statm");
  int64_t size_pages = 0;
  int64_t resident_pages = 0;
  statm >> size_pages >> resident_pages;
  return resident_pages * sysconf(_SC_PAGESIZE);
}

std::string Key(int connection, int key) {
  return absl::StrCat(R"({"pk": {"S": "conn#)", connection,
                      R"("}, "sk": {"S": "key#)", key, R"("}})");
}

std::string Item(int connection, int key, int64_t version) {
  return absl::StrCat(
      R"({"pk": {"S": "conn#)", connection, R"("}, "sk": {"S": "key#)", key,
      R"("}, "version": {"N": ")", version, R"("}, "payload": {"S": ")",
      std::string(100, 'p'), R"("}})");
}

// The marker of `version` in a GetItem answer (Dynamite writes compact
// JSON).
std::string VersionMarker(int64_t version) {
  return absl::StrCat(R"("version":{"N":")", version, R"("})");
}

// What the connections report; failures keep the first message only.
struct Outcome {
  std::atomic<int64_t> requests{0};
  std::atomic<int64_t> failures{0};
  std::mutex mu;
  std::string first_failure;

  void Fail(const std::string& what) {
    if (failures++ == 0) {
      std::lock_guard<std::mutex> lock(mu);
      first_failure = what;
    }
  }
};

// One connection's soak: mixed operations until `deadline`. Records the
// last acknowledged version of each of its keys in `acked`.
void RunConnection(uint16_t port, int connection,
                   std::chrono::steady_clock::time_point deadline,
                   std::latch& started, std::vector<int64_t>& acked,
                   Outcome& outcome) {
  TestHttpClient client(port);
  std::mt19937_64 random(connection);  // fixed seeds
  int64_t next_version = 1;
  auto call = [&](const std::string& operation, std::string body,
                  const std::string& check) -> bool {
    ++outcome.requests;
    std::optional<TestResponse> response =
        client.RoundTrip(Post(operation, std::move(body)));
    if (!response.has_value()) {
      outcome.Fail(absl::StrCat(operation, ": ", client.error().message()));
      return false;
    }
    if (response->result_int() != 200 ||
        response->body().find(check) == std::string::npos) {
      outcome.Fail(absl::StrCat(operation, " ", response->result_int(), ": ",
                                response->body().substr(0, 300)));
      return false;
    }
    return true;
  };
  started.arrive_and_wait();
  while (std::chrono::steady_clock::now() < deadline) {
    const int key = static_cast<int>(random() % kKeysPerConnection);
    switch (random() % 8) {
      case 0:
      case 1: {  // overwrite one of its keys
        const int64_t version = next_version++;
        if (call("PutItem",
                 absl::StrCat(R"({"TableName": "Soak", "Item": )",
                              Item(connection, key, version), "}"),
                 "{")) {
          acked[key] = version;
        }
        break;
      }
      case 2: {  // overwrite one of its keys' version in place
        const int64_t version = next_version++;
        if (call("UpdateItem",
                 absl::StrCat(R"({"TableName": "Soak", "Key": )",
                              Key(connection, key),
                              R"(, "UpdateExpression": "SET version = :v", )",
                              R"("ExpressionAttributeValues": {":v": {"N": ")",
                              version, R"("}}})"),
                 "{")) {
          acked[key] = version;
        }
        break;
      }
      case 3:
      case 4:  // read its own write back
        call("GetItem",
             absl::StrCat(R"({"TableName": "Soak", "ConsistentRead": true, )",
                          R"("Key": )", Key(connection, key), "}"),
             VersionMarker(acked[key]));
        break;
      case 5:
      case 6:  // read another connection's keys while it writes them
        call("Query",
             absl::StrCat(R"({"TableName": "Soak", "Limit": 10, )",
                          R"("KeyConditionExpression": "pk = :p", )",
                          R"("ExpressionAttributeValues": {":p": {"S": "conn#)",
                          random() % kConnections, R"("}}})"),
             R"("Count":10)");
        break;
      case 7:
        call("DescribeTable", R"({"TableName": "Soak"})", R"("ACTIVE")");
        break;
    }
  }
}

TEST(HttpServerSoakTest, SixtyFourConnectionsOfMixedReadsAndWrites) {
  const int seconds = SoakSeconds();
  Database db;
  RunningServer running(
      db, HttpServerOptions{.host = "127.0.0.1", .port = 0, .threads = 2});
  ASSERT_TRUE(running.ok());
  TestHttpClient setup(running.port());
  std::optional<TestResponse> created = setup.RoundTrip(Post(
      "CreateTable", R"({"TableName": "Soak", "BillingMode": "PAY_PER_REQUEST",
      "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"},
                    {"AttributeName": "sk", "KeyType": "RANGE"}],
      "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"},
                               {"AttributeName": "sk", "AttributeType": "S"}]})"));
  ASSERT_TRUE(created.has_value() && created->result_int() == 200);
  // Every key exists at version 0 before the soak, so the data set has its
  // full size when the baseline is taken.
  for (int c = 0; c < kConnections; ++c) {
    for (int k = 0; k < kKeysPerConnection; ++k) {
      std::optional<TestResponse> put = setup.RoundTrip(
          Post("PutItem", absl::StrCat(R"({"TableName": "Soak", "Item": )",
                                       Item(c, k, 0), "}")));
      ASSERT_TRUE(put.has_value() && put->result_int() == 200);
    }
  }

  std::vector<std::vector<int64_t>> acked(
      kConnections, std::vector<int64_t>(kKeysPerConnection, 0));
  Outcome outcome;
  std::latch started(kConnections + 1);
  const auto deadline =
      std::chrono::steady_clock::now() + std::chrono::seconds(seconds);
  std::vector<std::thread> connections;
  for (int c = 0; c < kConnections; ++c) {
    connections.emplace_back([&, c] {
      RunConnection(running.port(), c, deadline, started, acked[c], outcome);
    });
  }
  started.arrive_and_wait();
  // The baseline, once every connection and its buffers are warm.
  std::this_thread::sleep_for(std::chrono::milliseconds(seconds * 1000 / 5));
  const int64_t baseline = ResidentBytes();
  for (std::thread& connection : connections) connection.join();
  const int64_t after = ResidentBytes();

  std::cout << "soak: " << seconds << " s, " << outcome.requests.load()
            << " requests (" << outcome.requests.load() / seconds
            << "/s), resident " << baseline / 1024 << " KiB -> " << after / 1024
            << " KiB\n";
  EXPECT_EQ(outcome.failures.load(), 0) << outcome.first_failure;
  EXPECT_GT(outcome.requests.load(), kConnections * seconds);
  EXPECT_LE(after - baseline, kMaxGrowthBytes);
  // The clients have closed; the server lets go of every connection (it
  // notices each close on its own threads, so this may take a moment).
  EXPECT_TRUE(WaitUntil([&] {
    return running.server().in_flight_requests() == 0 &&
           running.server().open_connections() <= 1;  // `setup`
  }));
  // Every acknowledged write is there, read on a fresh connection.
  TestHttpClient reader(running.port());
  int64_t missing = 0;
  for (int c = 0; c < kConnections; ++c) {
    for (int k = 0; k < kKeysPerConnection; ++k) {
      std::optional<TestResponse> got = reader.RoundTrip(Post(
          "GetItem",
          absl::StrCat(R"({"TableName": "Soak", "Key": )", Key(c, k), "}")));
      ASSERT_TRUE(got.has_value()) << reader.error().message();
      if (got->body().find(VersionMarker(acked[c][k])) == std::string::npos) {
        ++missing;
      }
    }
  }
  EXPECT_EQ(missing, 0);
}

}  // namespace
}  // namespace dynamite
