#include "bench/wire_measure.h"

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_replace.h"
#include "absl/time/clock.h"
#include "absl/time/time.h"

#include "bench/wire_requests.h"

namespace dynamite {
namespace {

// How long RecreateTable waits for ACTIVE, and how often it asks.
constexpr absl::Duration kTableWait = absl::Seconds(60);
constexpr absl::Duration kTablePoll = absl::Milliseconds(50);

// A batch answered with unprocessed items is retried this often at most.
constexpr int kMaxBatchAttempts = 20;

absl::Status Failure(absl::string_view what, const HttpReply& response) {
  return absl::InternalError(absl::StrCat(what, ": HTTP ", response.status, " ",
                                          response.body.substr(0, 500)));
}

// True when a BatchWriteItem answer leaves nothing unprocessed. Servers
// write `{"UnprocessedItems":{}}` with or without spaces.
bool AllProcessed(const std::string& body) {
  return absl::StrContains(absl::StrReplaceAll(body, {{" ", ""}, {"\n", ""}}),
                           R"("UnprocessedItems":{})");
}

}  // namespace

absl::Status RecreateTable(const WireEndpoint& endpoint,
                           absl::string_view table,
                           absl::string_view create_body) {
  absl::StatusOr<std::unique_ptr<WireClient>> client =
      WireClient::Connect(endpoint);
  if (!client.ok()) return client.status();
  const std::string name_body = TableNameBody(table);
  absl::StatusOr<HttpReply> deleted = (*client)->Call("DeleteTable", name_body);
  if (!deleted.ok()) return deleted.status();
  // Wait until the old table is gone (ResourceNotFoundException).
  const absl::Time deadline = absl::Now() + kTableWait;
  for (;;) {
    absl::StatusOr<HttpReply> described =
        (*client)->Call("DescribeTable", name_body);
    if (!described.ok()) return described.status();
    if (absl::StrContains(described->body, "ResourceNotFoundException")) break;
    if (absl::Now() > deadline) return Failure("table not deleted", *described);
    absl::SleepFor(kTablePoll);
  }
  absl::StatusOr<HttpReply> created =
      (*client)->Call("CreateTable", create_body);
  if (!created.ok()) return created.status();
  if (created->status != 200) return Failure("CreateTable", *created);
  for (;;) {
    absl::StatusOr<HttpReply> described =
        (*client)->Call("DescribeTable", name_body);
    if (!described.ok()) return described.status();
    if (described->status != 200) return Failure("DescribeTable", *described);
    if (absl::StrContains(absl::StrReplaceAll(described->body, {{" ", ""}}),
                          R"("TableStatus":"ACTIVE")")) {
      return absl::OkStatus();
    }
    if (absl::Now() > deadline) return Failure("table not active", *described);
    absl::SleepFor(kTablePoll);
  }
}

absl::StatusOr<LoadResult> LoadItems(const WireEndpoint& endpoint,
                                     absl::string_view table,
                                     const std::vector<std::string>& items,
                                     int connections) {
  const int64_t batches =
      (static_cast<int64_t>(items.size()) + kMaxBatchWriteItems - 1) /
      kMaxBatchWriteItems;
  std::atomic<int64_t> next_batch{0};
  std::atomic<int64_t> retried{0};
  std::mutex mu;
  absl::Status failure;
  auto fail = [&](absl::Status status) {
    std::lock_guard<std::mutex> lock(mu);
    if (failure.ok()) failure = std::move(status);
    next_batch = batches;  // the others stop too
  };
  const absl::Time start = absl::Now();
  std::vector<std::thread> threads;
  for (int c = 0; c < connections; ++c) {
    threads.emplace_back([&] {
      absl::StatusOr<std::unique_ptr<WireClient>> client =
          WireClient::Connect(endpoint);
      if (!client.ok()) return fail(client.status());
      for (int64_t b = next_batch++; b < batches; b = next_batch++) {
        const auto first = items.begin() + b * kMaxBatchWriteItems;
        const auto last =
            items.begin() +
            std::min<int64_t>((b + 1) * kMaxBatchWriteItems, items.size());
        const std::string body =
            BatchWriteBody(table, std::vector<std::string>(first, last));
        for (int attempt = 1;; ++attempt) {
          absl::StatusOr<HttpReply> response =
              (*client)->Call("BatchWriteItem", body);
          if (!response.ok()) return fail(response.status());
          if (response->status != 200) {
            return fail(Failure("BatchWriteItem", *response));
          }
          if (AllProcessed(response->body)) break;
          if (attempt == kMaxBatchAttempts) {
            return fail(
                Failure("BatchWriteItem kept items unprocessed", *response));
          }
          ++retried;
          absl::SleepFor(absl::Milliseconds(10 * attempt));
        }
      }
    });
  }
  for (std::thread& thread : threads) thread.join();
  if (!failure.ok()) return failure;
  return LoadResult{.items = static_cast<int64_t>(items.size()),
                    .elapsed = absl::Now() - start,
                    .retried_batches = retried.load()};
}

}  // namespace dynamite
