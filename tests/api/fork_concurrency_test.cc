// Database::Fork beside writers: each fork is taken between two commits
// (a transaction over two tables is in a fork whole or not at all), and a
// fork and its parent written at once never see each other's writes.
// Built and run under ThreadSanitizer by scripts/test.sh, which is what
// checks that neither side writes a partition the other still reads.

#include <atomic>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include "api/database.h"
#include "tests/support/database_fixtures.h"
#include "tests/support/status_matchers.h"

namespace dynamite {
namespace {

using ::dynamite::testing::IsOk;
using ::dynamite::testing::S;
using ::dynamite::testing::TableRequest;

constexpr int kWriters = 2;
constexpr int kTransactionsPerWriter = 300;
constexpr int kForks = 20;

// The keys of `table`'s partition `pk`.
std::vector<std::string> Keys(Database& db, const std::string& table,
                              const std::string& pk) {
  std::vector<std::string> keys;
  auto page = db.Query({.table_name = table,
                        .key_condition_expression = "pk = :p",
                        .expression_attribute_values = {{{":p", S(pk)}}}});
  EXPECT_THAT(page, IsOk());
  if (!page.ok()) return keys;
  for (const ItemPtr& item : page->items) keys.push_back(item->at("sk").s());
  return keys;
}

TEST(ForkConcurrencyTest, ForksAreTakenBetweenCommitsAndStayApart) {
  Database parent;
  for (const char* name : {"left", "right"}) {
    ASSERT_THAT(
        parent.CreateTable(TableRequest(name, KeyType::kS, KeyType::kS)),
        IsOk());
  }
  std::atomic<int> failures{0};
  std::atomic<int> committed{0};
  std::vector<std::thread> writers;
  for (int w = 0; w < kWriters; ++w) {
    writers.emplace_back([&, w] {
      for (int i = 0; i < kTransactionsPerWriter; ++i) {
        // One transaction puts the same key in both tables.
        const std::string sk = std::to_string(w) + "#" + std::to_string(i);
        TransactWriteItemsRequest request;
        for (const char* table : {"left", "right"}) {
          request.transact_items.push_back(
              {.put = TransactPut{.table_name = table,
                                  .item = {{"pk", S("p")}, {"sk", S(sk)}}}});
        }
        if (!parent.TransactWriteItems(request).ok()) ++failures;
        ++committed;
      }
    });
  }

  std::vector<std::unique_ptr<Database>> forks;
  for (int f = 0; f < kForks; ++f) {
    // Spread over the writers' run, so that the forks fall between
    // different commits.
    while (committed.load() < f * kWriters * kTransactionsPerWriter / kForks) {
      std::this_thread::yield();
    }
    forks.push_back(parent.Fork());
    Database& fork = *forks.back();
    // Written while the parent's writers go on in the partition it shares.
    ASSERT_THAT(fork.PutItem({.table_name = "left",
                              .item = {{"pk", S("p")}, {"sk", S("fork")}}}),
                IsOk());
    std::vector<std::string> left = Keys(fork, "left", "p");
    std::erase(left, "fork");
    EXPECT_EQ(left, Keys(fork, "right", "p")) << "fork " << f;
  }
  for (std::thread& writer : writers) writer.join();
  EXPECT_EQ(failures.load(), 0);

  const std::vector<std::string> left = Keys(parent, "left", "p");
  EXPECT_EQ(left.size(), size_t{kWriters * kTransactionsPerWriter});
  EXPECT_EQ(left, Keys(parent, "right", "p"));
  for (const std::unique_ptr<Database>& fork : forks) {
    EXPECT_EQ(Keys(*fork, "right", "p").size() + 1,
              Keys(*fork, "left", "p").size());
  }
}

}  // namespace
}  // namespace dynamite
