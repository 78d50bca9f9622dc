// Many threads against one Database and one table: mixed puts, gets,
// deletes and queries. Checks the invariants a shared Database promises: no
// lost write, every query page in key order, readers never see half an
// item. Built and run under ThreadSanitizer by scripts/test.sh.

#include <atomic>
#include <string>
#include <thread>
#include <vector>

#include "absl/strings/str_format.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include "api/database.h"
#include "tests/support/database_fixtures.h"
#include "tests/support/status_matchers.h"

namespace dynamite {
namespace {

using ::dynamite::testing::IsOk;
using ::dynamite::testing::N;
using ::dynamite::testing::S;
using ::dynamite::testing::TableRequest;

constexpr int kWriters = 3;
constexpr int kReaders = 3;
constexpr int kItemsPerWriter = 400;

std::string SortKey(int writer, int i) {
  return absl::StrFormat("w%d#%06d", writer, i);
}

TEST(ConcurrencyTest, MixedOperationsKeepInvariants) {
  Database db;
  ASSERT_THAT(db.CreateTable(TableRequest("shared", KeyType::kS, KeyType::kS)),
              IsOk());
  std::atomic<bool> writers_done{false};
  std::atomic<int> failures{0};

  std::vector<std::thread> threads;
  for (int w = 0; w < kWriters; ++w) {
    threads.emplace_back([&, w] {
      for (int i = 0; i < kItemsPerWriter; ++i) {
        // Every item carries its key twice; a torn read would disagree.
        const std::string sk = SortKey(w, i);
        PutItemRequest put{.table_name = "shared",
                           .item = {{"pk", S("p")},
                                    {"sk", S(sk)},
                                    {"copy", S(sk)},
                                    {"n", N(std::to_string(i))}}};
        if (!db.PutItem(put).ok()) ++failures;
        // Every third item is deleted again by its own writer.
        if (i % 3 == 2) {
          DeleteItemRequest del{.table_name = "shared",
                                .key = {{"pk", S("p")}, {"sk", S(sk)}}};
          if (!db.DeleteItem(del).ok()) ++failures;
        }
      }
    });
  }
  for (int r = 0; r < kReaders; ++r) {
    threads.emplace_back([&, r] {
      while (!writers_done.load()) {
        QueryRequest query{
            .table_name = "shared",
            .key_condition_expression = "pk = :p",
            .expression_attribute_values = AttributeMap{{":p", S("p")}},
            .scan_index_forward = (r % 2 == 0),
            .limit = 50};
        auto page = db.Query(query);
        if (!page.ok()) {
          ++failures;
          continue;
        }
        for (size_t i = 0; i < page->items.size(); ++i) {
          const Item& item = *page->items[i];
          if (item.at("sk").s() != item.at("copy").s()) ++failures;
          if (i > 0) {
            const std::string& prev = page->items[i - 1]->at("sk").s();
            const bool ordered = query.scan_index_forward
                                     ? prev < item.at("sk").s()
                                     : prev > item.at("sk").s();
            if (!ordered) ++failures;
          }
        }
        GetItemRequest get{
            .table_name = "shared",
            .key = {{"pk", S("p")}, {"sk", S(SortKey(r % kWriters, 0))}}};
        auto got = db.GetItem(get);
        if (!got.ok()) ++failures;
      }
    });
  }
  for (int w = 0; w < kWriters; ++w) threads[w].join();
  writers_done.store(true);
  for (size_t t = kWriters; t < threads.size(); ++t) threads[t].join();

  EXPECT_EQ(failures.load(), 0);
  // No lost write: exactly the items not deleted are there.
  const int expected = kWriters * (kItemsPerWriter - kItemsPerWriter / 3);
  auto described = db.DescribeTable({"shared"});
  ASSERT_THAT(described, IsOk());
  EXPECT_EQ(described->table.item_count, expected);
  int seen = 0;
  QueryRequest all{.table_name = "shared",
                   .key_condition_expression = "pk = :p",
                   .expression_attribute_values = AttributeMap{{":p", S("p")}}};
  while (true) {
    auto page = db.Query(all);
    ASSERT_THAT(page, IsOk());
    seen += static_cast<int>(page->count);
    if (!page->last_evaluated_key.has_value()) break;
    all.exclusive_start_key = page->last_evaluated_key;
  }
  EXPECT_EQ(seen, expected);
  for (int w = 0; w < kWriters; ++w) {
    for (int i = 0; i < kItemsPerWriter; ++i) {
      auto got =
          db.GetItem({.table_name = "shared",
                      .key = {{"pk", S("p")}, {"sk", S(SortKey(w, i))}}});
      ASSERT_THAT(got, IsOk());
      EXPECT_EQ(got->item != nullptr, i % 3 != 2) << SortKey(w, i);
    }
  }
}

TEST(ConcurrencyTest, CreateAndDeleteTablesWhileWriting) {
  Database db;
  ASSERT_THAT(db.CreateTable(TableRequest("stable", KeyType::kS, {})), IsOk());
  std::atomic<int> failures{0};

  std::thread churn([&] {
    for (int i = 0; i < 200; ++i) {
      const std::string name = absl::StrFormat("tmp%03d", i % 7);
      (void)db.CreateTable(TableRequest(name, KeyType::kS, {}));
      (void)db.PutItem({.table_name = name, .item = {{"pk", S("x")}}});
      (void)db.DeleteTable({name});
    }
  });
  std::thread writer([&] {
    for (int i = 0; i < 500; ++i) {
      if (!db.PutItem({.table_name = "stable",
                       .item = {{"pk", S(std::to_string(i))}}})
               .ok()) {
        ++failures;
      }
      (void)db.ListTables({});
    }
  });
  churn.join();
  writer.join();

  EXPECT_EQ(failures.load(), 0);
  EXPECT_EQ(db.DescribeTable({"stable"})->table.item_count, 500);
}

// Read-modify-write under contention: every UpdateItem ADD and every
// conditional put-if-absent is atomic, so no increment is lost and exactly
// one of the racing creators wins.
TEST(ConcurrencyTest, UpdatesAndConditionalWritesAreAtomic) {
  Database db;
  ASSERT_THAT(db.CreateTable(TableRequest("counters", KeyType::kS, {})),
              IsOk());
  constexpr int kThreads = 4;
  constexpr int kIncrements = 250;
  std::atomic<int> failures{0};
  std::atomic<int> created{0};
  std::atomic<int> refused{0};

  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < kIncrements; ++i) {
        UpdateItemRequest add{
            .table_name = "counters",
            .key = {{"pk", S("hits")}},
            .update_expression = "ADD n :one",
            .expression_attribute_values = AttributeMap{{":one", N("1")}}};
        if (!db.UpdateItem(add).ok()) ++failures;
      }
      PutItemRequest claim{
          .table_name = "counters",
          .item = {{"pk", S("lock")}, {"owner", N(std::to_string(t))}},
          .condition_expression = "attribute_not_exists(pk)"};
      WriteResult<PutItemResponse> put = db.PutItem(claim);
      if (put.ok()) {
        ++created;
      } else if (ErrorKindOf(put.status()) ==
                 ErrorKind::kConditionalCheckFailed) {
        ++refused;
      } else {
        ++failures;
      }
    });
  }
  for (std::thread& thread : threads) thread.join();

  EXPECT_EQ(failures.load(), 0);
  EXPECT_EQ(created.load(), 1);
  EXPECT_EQ(refused.load(), kThreads - 1);
  auto counter =
      db.GetItem({.table_name = "counters", .key = {{"pk", S("hits")}}});
  ASSERT_THAT(counter, IsOk());
  ASSERT_NE(counter->item, nullptr);
  EXPECT_EQ(counter->item->at("n"), N(std::to_string(kThreads * kIncrements)));
}

}  // namespace
}  // namespace dynamite
