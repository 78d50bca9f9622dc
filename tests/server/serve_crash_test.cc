// `dynamite serve --db-path DIR --sync always` killed with SIGKILL in the
// middle of a load of four writers (puts, updates, deletes, transactions),
// at three kill points: after each restart every acknowledged write is
// there, every acknowledged delete holds, no transaction is half-applied,
// and each counter lies between its acknowledged and its attempted count.
// A snapshot is taken on the way (--snapshot-after-mb 1 with a 2 KB
// attribute in each put), so the last restart loads one and replays the
// log after it.

#include <signal.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <regex>
#include <string>
#include <thread>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"

#include "tests/server/dynamite_child.h"
#include "tests/server/http_test_client.h"

namespace dynamite {
namespace {

constexpr int kWriters = 4;
constexpr int kRounds = 3;

// What one writer did in one round: op i of its sequence (see Writer).
struct WriterLog {
  int issued = 0;  // ops sent (the last may be unanswered)
  int acked = 0;   // ops answered 200, a prefix of the issued ones
  std::string error;
};

std::string Key(int round, int writer, int op) {
  return absl::StrCat("r", round, "w", writer, "o", op);
}

// Op i: 0 a put of Key(i) (with a 2 KB attribute, so the log grows to a
// snapshot), 1 an ADD to the writer's counter, 2 a transaction putting
// Key(i)+"a" and Key(i)+"b", 3 a delete of op i-3's put.
TestRequest Op(int round, int writer, int op) {
  const std::string key = Key(round, writer, op);
  switch (op % 4) {
    case 0:
      return Post(
          "PutItem",
          absl::StrCat(R"({"TableName": "Crash", "Item": {"pk": {"S": ")", key,
                       R"("}, "pad": {"S": ")", std::string(2048, 'x'),
                       R"("}}})"));
    case 1:
      return Post(
          "UpdateItem",
          absl::StrCat(R"({"TableName": "Crash", "Key": {"pk": {"S": "c)",
                       writer,
                       R"("}}, "UpdateExpression": "ADD n :one",
                           "ExpressionAttributeValues": {":one": {"N": "1"}}})"));
    case 2:
      return Post(
          "TransactWriteItems",
          absl::StrCat(
              R"({"TransactItems": [{"Put": {"TableName": "Crash", "Item": {"pk": {"S": ")",
              key,
              R"(a"}}}}, {"Put": {"TableName": "Crash", "Item": {"pk": {"S": ")",
              key, R"(b"}}}}]})"));
    default:
      return Post(
          "DeleteItem",
          absl::StrCat(R"({"TableName": "Crash", "Key": {"pk": {"S": ")",
                       Key(round, writer, op - 3), R"("}}})"));
  }
}

void Writer(uint16_t port, int round, int writer, WriterLog& log) {
  TestHttpClient client(port, std::chrono::seconds(5));
  for (int op = 0;; ++op) {
    ++log.issued;
    std::optional<TestResponse> answer =
        client.RoundTrip(Op(round, writer, op));
    if (!answer.has_value()) return;  // killed
    if (answer->result_int() != 200) {
      log.error = absl::StrCat(op, ": ", answer->body());
      return;
    }
    ++log.acked;
  }
}

// The item under `pk`, or "" if there is none; nullopt if unanswered.
std::optional<std::string> Get(TestHttpClient& client, const std::string& pk) {
  std::optional<TestResponse> answer = client.RoundTrip(Post(
      "GetItem", absl::StrCat(R"({"TableName": "Crash", "ConsistentRead": true,
                                  "Key": {"pk": {"S": ")",
                              pk, R"("}}})")));
  if (!answer.has_value() || answer->result_int() != 200) return std::nullopt;
  return answer->body().find("\"Item\"") == std::string::npos ? ""
                                                              : answer->body();
}

bool Exists(TestHttpClient& client, const std::string& pk) {
  std::optional<std::string> item = Get(client, pk);
  EXPECT_TRUE(item.has_value()) << pk;
  return item.has_value() && !item->empty();
}

// Checks round `round`'s logs against the restarted server.
void Verify(TestHttpClient& client, int round,
            const std::vector<WriterLog>& logs,
            const std::vector<int>& counter_acked,
            const std::vector<int>& counter_issued) {
  for (int w = 0; w < kWriters; ++w) {
    const WriterLog& log = logs[w];
    for (int op = 0; op < log.issued; ++op) {
      const bool acked = op < log.acked;
      const std::string key = Key(round, w, op);
      switch (op % 4) {
        case 0: {
          // Deleted by op + 3 if that was acknowledged; kept if it was
          // never sent.
          const bool deleted = op + 3 < log.acked;
          const bool delete_sent = op + 3 < log.issued;
          if (acked && !delete_sent) {
            EXPECT_TRUE(Exists(client, key)) << key;
          }
          if (deleted) {
            EXPECT_FALSE(Exists(client, key)) << key;
          }
          break;
        }
        case 2: {
          const bool a = Exists(client, key + "a");
          const bool b = Exists(client, key + "b");
          EXPECT_EQ(a, b) << key << ": a transaction half-applied";
          if (acked) {
            EXPECT_TRUE(a) << key;
          }
          break;
        }
        default:
          break;
      }
    }
    std::optional<std::string> counter = Get(client, absl::StrCat("c", w));
    ASSERT_TRUE(counter.has_value());
    int n = 0;
    std::smatch match;
    const std::regex value(R"re("n":\{"N":"(\d+)"\})re");
    if (std::regex_search(*counter, match, value)) n = std::stoi(match[1]);
    EXPECT_GE(n, counter_acked[w]) << "counter " << w;
    EXPECT_LE(n, counter_issued[w]) << "counter " << w;
  }
}

TEST(DynamiteServeCrashTest, SigkillMidLoadLosesNothingAcknowledged) {
  std::string dir = ::testing::TempDir() + "dynamite-crash-XXXXXX";
  ASSERT_NE(mkdtemp(dir.data()), nullptr);
  const std::regex ready(
      R"(dynamite serve: listening on http://127\.0\.0\.1:(\d+) .*)");
  std::vector<WriterLog> last(kWriters);
  std::vector<int> counter_acked(kWriters, 0);
  std::vector<int> counter_issued(kWriters, 0);
  // Rounds 0..kRounds-1 load and are killed; each start after the first
  // checks the round before it.
  for (int round = 0; round <= kRounds; ++round) {
    Child child = Spawn({"serve", "--port", "0", "--db-path", dir, "--sync",
                         "always", "--snapshot-after-mb", "1"});
    ASSERT_GT(child.pid, 0);
    const std::string line = ReadLine(child.stdout_fd);
    std::smatch match;
    ASSERT_TRUE(std::regex_match(line, match, ready)) << round << ": " << line;
    const auto port = static_cast<uint16_t>(std::stoi(match[1].str()));
    {
      TestHttpClient client(port);
      if (round == 0) {
        std::optional<TestResponse> created =
            client.RoundTrip(Post("CreateTable", R"({"TableName": "Crash",
              "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
              "AttributeDefinitions": [{"AttributeName": "pk",
                                        "AttributeType": "S"}],
              "BillingMode": "PAY_PER_REQUEST"})"));
        ASSERT_TRUE(created.has_value());
        ASSERT_EQ(created->result_int(), 200) << created->body();
      } else {
        Verify(client, round - 1, last, counter_acked, counter_issued);
      }
    }
    if (round == kRounds) {
      kill(child.pid, SIGKILL);
      WaitExit(child.pid);
      close(child.stdout_fd);
      break;
    }
    std::vector<WriterLog> logs(kWriters);
    std::vector<std::thread> writers;
    for (int w = 0; w < kWriters; ++w) {
      writers.emplace_back(Writer, port, round, w, std::ref(logs[w]));
    }
    // Kill points: 0.4 s, 0.7 s and 1 s into the load; the last round goes
    // on until a snapshot is in place (at most 30 s), so that the last
    // restart loads one.
    std::this_thread::sleep_for(std::chrono::milliseconds(400 + 300 * round));
    if (round == kRounds - 1) {
      WaitUntil([&] { return std::filesystem::exists(dir + "/snapshot"); },
                std::chrono::seconds(30));
    }
    kill(child.pid, SIGKILL);
    EXPECT_EQ(WaitExit(child.pid), -1);
    close(child.stdout_fd);
    for (std::thread& writer : writers) writer.join();
    for (int w = 0; w < kWriters; ++w) {
      EXPECT_EQ(logs[w].error, "") << "writer " << w;
      EXPECT_GT(logs[w].acked, 4) << "writer " << w;
      // Op i is an ADD when i % 4 == 1.
      counter_acked[w] += (logs[w].acked + 2) / 4;
      counter_issued[w] += (logs[w].issued + 2) / 4;
    }
    last = logs;
  }
  // The load went past a snapshot.
  EXPECT_TRUE(std::filesystem::exists(dir + "/snapshot"));
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace dynamite
