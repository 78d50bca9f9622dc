// Commit observers (store/commit_observer.h) seen from a Database: writer
// threads put items into two tables and run transactions across both while
// another thread creates, redefines (a GSI added with a backfill, then
// deleted) and deletes tables. An observer records every commit; the test
// checks that the sequence numbers it saw are 1, 2, 3, ... without a gap and
// in order, that every successful write and table operation was seen
// exactly once, that a table's commits come between its create and its
// delete, and that the last image observed for each key is what the table
// holds at the end. Built and run under ThreadSanitizer by scripts/test.sh
// (label concurrency).

#include "store/commit_observer.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include "api/database.h"
#include "store/commit.h"
#include "store/table.h"
#include "tests/support/database_fixtures.h"
#include "tests/support/status_matchers.h"

namespace dynamite {
namespace {

using ::dynamite::testing::IsOk;
using ::dynamite::testing::N;
using ::dynamite::testing::S;
using ::dynamite::testing::TableRequest;

constexpr int kWriters = 3;
constexpr int kWritesPerWriter = 150;
constexpr int kTableCycles = 15;

// One observed commit.
struct Observed {
  uint64_t sequence = 0;
  std::optional<TableChangeRecord::Kind> table_change;  // else items
  std::string table_name;  // table commits: the table's
  // Item commits: (table name, partition key bytes, new image or nothing).
  struct Write {
    std::string table;
    std::string partition;
    std::optional<Item> new_image;
  };
  std::vector<Write> writes;
};

// Called one commit at a time (under the sequencer's mutex), so it needs no
// lock of its own; the test reads it after every thread has joined.
class RecordingObserver : public CommitObserver {
 public:
  void OnItemCommit(uint64_t sequence, absl::Time /*committed*/,
                    absl::Span<const ChangeRecord> records) override {
    Observed observed{.sequence = sequence};
    for (const ChangeRecord& record : records) {
      EXPECT_EQ(record.sequence, sequence);
      if (record.kept) continue;
      Observed::Write write{.table = record.table->name(),
                            .partition = record.key.partition};
      if (record.new_image != nullptr) write.new_image = *record.new_image;
      observed.writes.push_back(std::move(write));
    }
    commits.push_back(std::move(observed));
  }
  void OnTableCommit(const TableChangeRecord& record) override {
    commits.push_back(Observed{.sequence = record.sequence,
                               .table_change = record.kind,
                               .table_name = record.definition->name});
  }

  std::vector<Observed> commits;
};

PutItemRequest Put(const std::string& table, const std::string& pk,
                   int64_t value) {
  return PutItemRequest{
      .table_name = table,
      .item = Item{{"pk", S(pk)}, {"v", N(absl::StrCat(value))}}};
}

TransactWriteItemsRequest TransferBetween(const std::string& pk,
                                          int64_t value) {
  TransactWriteItemsRequest request;
  for (const char* table : {"Alpha", "Bravo"}) {
    TransactWriteItem action;
    action.put =
        TransactPut{.table_name = table,
                    .item = Item{{"pk", S(pk)}, {"v", N(absl::StrCat(value))}}};
    request.transact_items.push_back(std::move(action));
  }
  return request;
}

UpdateTableRequest AddGsi(const std::string& table) {
  GlobalSecondaryIndex gsi{
      .index_name = "by_v",
      .key_schema = {{"v", KeySchemaRole::kHash}},
      .projection = {.projection_type = ProjectionType::kKeysOnly}};
  return UpdateTableRequest{
      .table_name = table,
      .attribute_definitions =
          std::vector<AttributeDefinition>{{"v", KeyType::kN}},
      .global_secondary_index_updates =
          std::vector<GlobalSecondaryIndexUpdate>{{.create = gsi}}};
}

UpdateTableRequest DropGsi(const std::string& table) {
  return UpdateTableRequest{
      .table_name = table,
      .global_secondary_index_updates = std::vector<GlobalSecondaryIndexUpdate>{
          {.delete_index_name = "by_v"}}};
}

// A Database observed from its first commit, with the tables Alpha and
// Bravo (commits 1 and 2).
class CommitObserverTest : public ::testing::Test {
 protected:
  void SetUp() override {
    db_.AddCommitObserver(&observer_);
    for (const char* name : {"Alpha", "Bravo"}) {
      ASSERT_THAT(
          db_.CreateTable(TableRequest(name, KeyType::kS, std::nullopt)),
          IsOk());
    }
  }

  Database db_;
  RecordingObserver observer_;
};

TEST_F(CommitObserverTest, EveryCommitIsSeenOnceInGaplessOrder) {
  std::vector<int> item_commits(kWriters, 0);
  int table_commits = 2;  // A and B
  std::vector<std::thread> threads;
  for (int w = 0; w < kWriters; ++w) {
    threads.emplace_back([&, w] {
      for (int i = 0; i < kWritesPerWriter; ++i) {
        const std::string pk = absl::StrCat("k", (w * 7 + i) % 20);
        const bool ok =
            i % 5 == 0
                ? db_.TransactWriteItems(TransferBetween(pk, i)).ok()
                : db_.PutItem(Put(i % 2 == 0 ? "Alpha" : "Bravo", pk, i)).ok();
        EXPECT_TRUE(ok);
        if (ok) ++item_commits[w];
      }
    });
  }
  threads.emplace_back([&] {
    for (int c = 0; c < kTableCycles; ++c) {
      const std::string name = absl::StrCat("Temp", c);
      ASSERT_THAT(
          db_.CreateTable(TableRequest(name, KeyType::kS, std::nullopt)),
          IsOk());
      ASSERT_THAT(db_.PutItem(Put(name, "x", c)), IsOk());
      ASSERT_THAT(db_.UpdateTable(AddGsi(name)), IsOk());
      ASSERT_THAT(db_.UpdateTable(DropGsi(name)), IsOk());
      ASSERT_THAT(db_.DeleteTable(DeleteTableRequest{.table_name = name}),
                  IsOk());
      table_commits += 4;
    }
  });
  for (std::thread& thread : threads) thread.join();

  int expected_item_commits = kTableCycles;  // one PutItem per cycle
  for (int count : item_commits) expected_item_commits += count;
  ASSERT_EQ(observer_.commits.size(),
            static_cast<size_t>(expected_item_commits + table_commits));
  std::map<std::string, int> table_state;  // 1 created, 2 deleted
  std::map<std::pair<std::string, std::string>, std::optional<Item>> last;
  int seen_table_commits = 0;
  for (size_t i = 0; i < observer_.commits.size(); ++i) {
    const Observed& commit = observer_.commits[i];
    ASSERT_EQ(commit.sequence, i + 1) << "a gap or a reordering";
    if (commit.table_change.has_value()) {
      ++seen_table_commits;
      int& state = table_state[commit.table_name];
      switch (*commit.table_change) {
        case TableChangeRecord::Kind::kCreate:
          EXPECT_EQ(state, 0) << commit.table_name;
          state = 1;
          break;
        case TableChangeRecord::Kind::kRedefine:
          EXPECT_EQ(state, 1) << commit.table_name;
          break;
        case TableChangeRecord::Kind::kDelete:
          EXPECT_EQ(state, 1) << commit.table_name;
          state = 2;
          break;
      }
      continue;
    }
    ASSERT_FALSE(commit.writes.empty());
    for (const Observed::Write& write : commit.writes) {
      EXPECT_EQ(table_state[write.table], 1)
          << "a write to " << write.table << " outside its lifetime";
      last[{write.table, write.partition}] = write.new_image;
    }
  }
  EXPECT_EQ(seen_table_commits, table_commits);

  // The last image observed per key is what each table holds.
  int checked = 0;
  for (const auto& [key, image] : last) {
    if (key.first != "Alpha" && key.first != "Bravo") continue;
    ASSERT_TRUE(image.has_value());
    absl::StatusOr<GetItemResponse> got = db_.GetItem(GetItemRequest{
        .table_name = key.first, .key = Item{{"pk", image->at("pk")}}});
    ASSERT_THAT(got, IsOk());
    ASSERT_NE(got->item, nullptr);
    EXPECT_EQ(*got->item, *image) << key.first;
    ++checked;
  }
  EXPECT_EQ(checked, 40);  // 20 keys in each of Alpha and Bravo
}

TEST_F(CommitObserverTest, FailedCommitsAreNeitherNumberedNorSeen) {
  ASSERT_THAT(db_.PutItem(Put("Alpha", "x", 1)), IsOk());
  PutItemRequest conditional = Put("Alpha", "x", 2);
  conditional.condition_expression = "attribute_not_exists(pk)";
  EXPECT_FALSE(db_.PutItem(std::move(conditional)).ok());
  EXPECT_FALSE(db_.CreateTable(TableRequest("Alpha", KeyType::kS, std::nullopt))
                   .ok());  // exists
  ASSERT_THAT(db_.PutItem(Put("Alpha", "y", 3)), IsOk());

  ASSERT_EQ(observer_.commits.size(), 4u);  // Alpha, Bravo, x, y
  EXPECT_EQ(observer_.commits[1].table_change,
            TableChangeRecord::Kind::kCreate);
  EXPECT_EQ(observer_.commits[2].sequence, 3u);
  EXPECT_EQ(observer_.commits[3].sequence, 4u);
  ASSERT_EQ(observer_.commits[3].writes.size(), 1u);
  EXPECT_EQ(observer_.commits[3].writes[0].new_image->at("v"), N("3"));
}

}  // namespace
}  // namespace dynamite
