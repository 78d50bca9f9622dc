// Database::Fork (api/database_fork.cc): a fork holds what its parent
// held when it was taken, tables, items, indexes, settings and backups,
// and from then on the two are independent, whichever side writes.

#include <memory>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include "api/database.h"
#include "common/errors.h"
#include "tests/support/database_fixtures.h"
#include "tests/support/status_matchers.h"
#include "tests/support/stream_fixtures.h"

namespace dynamite {
namespace {

using ::dynamite::testing::ErrorKindIs;
using ::dynamite::testing::IsOk;
using ::dynamite::testing::N;
using ::dynamite::testing::S;
using ::dynamite::testing::TableRequest;
using ::testing::ElementsAre;
using ::testing::IsEmpty;
using ::testing::SizeIs;

// A table "scores" keyed by (pk, sk) with a GSI "byTeam" (team, points)
// and an LSI "byPoints" (pk, points), both projecting ALL.
CreateTableRequest ScoresTable() {
  CreateTableRequest request = TableRequest("scores", KeyType::kS, KeyType::kS);
  request.attribute_definitions.push_back({"team", KeyType::kS});
  request.attribute_definitions.push_back({"points", KeyType::kN});
  GlobalSecondaryIndex gsi;
  gsi.index_name = "byTeam";
  gsi.key_schema = {{"team", KeySchemaRole::kHash},
                    {"points", KeySchemaRole::kRange}};
  gsi.projection.projection_type = ProjectionType::kAll;
  request.global_secondary_indexes = {gsi};
  LocalSecondaryIndex lsi;
  lsi.index_name = "byPoints";
  lsi.key_schema = {{"pk", KeySchemaRole::kHash},
                    {"points", KeySchemaRole::kRange}};
  lsi.projection.projection_type = ProjectionType::kAll;
  request.local_secondary_indexes = {lsi};
  return request;
}

void Put(Database& db, const std::string& pk, const std::string& sk,
         const std::string& team, const std::string& points) {
  ASSERT_THAT(db.PutItem({.table_name = "scores",
                          .item = Item{{"pk", S(pk)},
                                       {"sk", S(sk)},
                                       {"team", S(team)},
                                       {"points", N(points)}}}),
              IsOk());
}

void Delete(Database& db, const std::string& pk, const std::string& sk) {
  ASSERT_THAT(db.DeleteItem({.table_name = "scores",
                             .key = Item{{"pk", S(pk)}, {"sk", S(sk)}}}),
              IsOk());
}

// The sort keys of partition `pk`, in order.
std::vector<std::string> SortKeys(Database& db, const std::string& pk) {
  auto page = db.Query({.table_name = "scores",
                        .key_condition_expression = "pk = :p",
                        .expression_attribute_values = {{{":p", S(pk)}}}});
  EXPECT_THAT(page, IsOk());
  std::vector<std::string> keys;
  if (!page.ok()) return keys;
  for (const ItemPtr& item : page->items) keys.push_back(item->at("sk").s());
  return keys;
}

// "pk/sk" of the items of `index` under `condition` (:v is `value`).
std::vector<std::string> IndexKeys(Database& db, const std::string& index,
                                   const std::string& condition,
                                   const std::string& value) {
  auto page = db.Query({.table_name = "scores",
                        .index_name = index,
                        .key_condition_expression = condition,
                        .expression_attribute_values = {{{":v", S(value)}}}});
  EXPECT_THAT(page, IsOk());
  std::vector<std::string> keys;
  if (!page.ok()) return keys;
  for (const ItemPtr& item : page->items) {
    keys.push_back(item->at("pk").s() + "/" + item->at("sk").s());
  }
  return keys;
}

std::vector<std::string> TeamKeys(Database& db, const std::string& team) {
  return IndexKeys(db, "byTeam", "team = :v", team);
}
std::vector<std::string> LocalKeys(Database& db, const std::string& pk) {
  return IndexKeys(db, "byPoints", "pk = :v", pk);
}

int64_t ItemCount(Database& db, const std::string& table) {
  auto described = db.DescribeTable({.table_name = table});
  EXPECT_THAT(described, IsOk());
  return described.ok() ? described->table.item_count : -1;
}

class DatabaseForkTest : public ::testing::Test {
 protected:
  DatabaseForkTest() {
    EXPECT_THAT(parent_.CreateTable(ScoresTable()), IsOk());
    Put(parent_, "season1", "a", "red", "30");
    Put(parent_, "season1", "b", "blue", "20");
    Put(parent_, "season1", "c", "red", "10");
    Put(parent_, "season2", "a", "blue", "5");
  }
  Database parent_;
};

TEST_F(DatabaseForkTest, AForkHoldsTheTablesAndItemsOfItsParent) {
  std::unique_ptr<Database> fork = parent_.Fork();
  EXPECT_THAT(SortKeys(*fork, "season1"), ElementsAre("a", "b", "c"));
  EXPECT_THAT(SortKeys(*fork, "season2"), ElementsAre("a"));
  EXPECT_THAT(TeamKeys(*fork, "red"), ElementsAre("season1/c", "season1/a"));
  EXPECT_THAT(LocalKeys(*fork, "season1"),
              ElementsAre("season1/c", "season1/b", "season1/a"));
  EXPECT_EQ(ItemCount(*fork, "scores"), 4);

  auto parent = parent_.DescribeTable({.table_name = "scores"});
  auto forked = fork->DescribeTable({.table_name = "scores"});
  ASSERT_THAT(parent, IsOk());
  ASSERT_THAT(forked, IsOk());
  EXPECT_EQ(forked->table.table_arn, parent->table.table_arn);
  EXPECT_EQ(forked->table.table_id, parent->table.table_id);
  EXPECT_EQ(forked->table.table_status, "ACTIVE");
  EXPECT_THAT(forked->table.global_secondary_indexes, SizeIs(1));
  EXPECT_THAT(forked->table.local_secondary_indexes, SizeIs(1));
}

TEST_F(DatabaseForkTest, WritesToTheForkDoNotReachTheParent) {
  std::unique_ptr<Database> fork = parent_.Fork();
  Put(*fork, "season1", "d", "red", "40");   // into a shared partition
  Put(*fork, "season1", "a", "blue", "31");  // replaces a shared item
  Delete(*fork, "season1", "b");
  Delete(*fork, "season2", "a");           // empties a partition
  Put(*fork, "season3", "a", "red", "1");  // a new partition

  EXPECT_THAT(SortKeys(*fork, "season1"), ElementsAre("a", "c", "d"));
  EXPECT_THAT(SortKeys(*fork, "season2"), IsEmpty());
  EXPECT_THAT(TeamKeys(*fork, "red"),
              ElementsAre("season3/a", "season1/c", "season1/d"));
  EXPECT_THAT(TeamKeys(*fork, "blue"), ElementsAre("season1/a"));
  EXPECT_EQ(ItemCount(*fork, "scores"), 4);

  EXPECT_THAT(SortKeys(parent_, "season1"), ElementsAre("a", "b", "c"));
  EXPECT_THAT(SortKeys(parent_, "season2"), ElementsAre("a"));
  EXPECT_THAT(SortKeys(parent_, "season3"), IsEmpty());
  EXPECT_THAT(TeamKeys(parent_, "red"), ElementsAre("season1/c", "season1/a"));
  EXPECT_THAT(TeamKeys(parent_, "blue"), ElementsAre("season2/a", "season1/b"));
  EXPECT_THAT(LocalKeys(parent_, "season1"),
              ElementsAre("season1/c", "season1/b", "season1/a"));
  EXPECT_EQ(ItemCount(parent_, "scores"), 4);
}

TEST_F(DatabaseForkTest, WritesToTheParentDoNotReachTheFork) {
  std::unique_ptr<Database> fork = parent_.Fork();
  Put(parent_, "season1", "a", "blue", "99");
  Delete(parent_, "season1", "c");
  Put(parent_, "season2", "b", "red", "7");
  ASSERT_THAT(parent_.DeleteTable({.table_name = "scores"}), IsOk());

  EXPECT_THAT(SortKeys(*fork, "season1"), ElementsAre("a", "b", "c"));
  EXPECT_THAT(SortKeys(*fork, "season2"), ElementsAre("a"));
  EXPECT_THAT(TeamKeys(*fork, "red"), ElementsAre("season1/c", "season1/a"));
  EXPECT_THAT(LocalKeys(*fork, "season1"),
              ElementsAre("season1/c", "season1/b", "season1/a"));
  EXPECT_EQ(ItemCount(*fork, "scores"), 4);
}

TEST_F(DatabaseForkTest, TablesCreatedOrDeletedAfterTheForkAreOneSides) {
  std::unique_ptr<Database> fork = parent_.Fork();
  ASSERT_THAT(fork->CreateTable(TableRequest("later", KeyType::kS, {})),
              IsOk());
  ASSERT_THAT(fork->DeleteTable({.table_name = "scores"}), IsOk());
  EXPECT_THAT(parent_.DescribeTable({.table_name = "later"}),
              ErrorKindIs(ErrorKind::kResourceNotFound));
  EXPECT_EQ(ItemCount(parent_, "scores"), 4);
  // The parent may create the same name: the two are unrelated.
  ASSERT_THAT(parent_.CreateTable(TableRequest("later", KeyType::kN, {})),
              IsOk());
  auto tables = fork->ListTables({});
  ASSERT_THAT(tables, IsOk());
  EXPECT_THAT(tables->table_names, ElementsAre("later"));
}

TEST_F(DatabaseForkTest, AForkOfAForkIsIndependentOfBoth) {
  std::unique_ptr<Database> child = parent_.Fork();
  Put(*child, "season1", "d", "red", "1");
  std::unique_ptr<Database> grandchild = child->Fork();
  Put(*grandchild, "season1", "e", "red", "2");
  Delete(*child, "season1", "a");

  EXPECT_THAT(SortKeys(parent_, "season1"), ElementsAre("a", "b", "c"));
  EXPECT_THAT(SortKeys(*child, "season1"), ElementsAre("b", "c", "d"));
  EXPECT_THAT(SortKeys(*grandchild, "season1"),
              ElementsAre("a", "b", "c", "d", "e"));
  EXPECT_THAT(TeamKeys(*grandchild, "red"),
              ElementsAre("season1/d", "season1/e", "season1/c", "season1/a"));
}

TEST_F(DatabaseForkTest, ManyForksOfOneSeedStartAlike) {
  // As a suite uses it: seed once, one fork per test, each changed its own
  // way and none seeing another's change.
  std::vector<std::unique_ptr<Database>> forks;
  for (int i = 0; i < 5; ++i) forks.push_back(parent_.Fork());
  for (int i = 0; i < 5; ++i) {
    Put(*forks[i], "season1", "z" + std::to_string(i), "red", "1");
  }
  for (int i = 0; i < 5; ++i) {
    EXPECT_THAT(SortKeys(*forks[i], "season1"),
                ElementsAre("a", "b", "c", "z" + std::to_string(i)));
  }
  EXPECT_THAT(SortKeys(parent_, "season1"), ElementsAre("a", "b", "c"));
}

TEST_F(DatabaseForkTest, AForkKeepsTheBackupsTakenBeforeIt) {
  auto backup =
      parent_.CreateBackup({.table_name = "scores", .backup_name = "before"});
  ASSERT_THAT(backup, IsOk());
  const std::string arn = backup->backup_details.backup_arn;
  std::unique_ptr<Database> fork = parent_.Fork();
  ASSERT_THAT(
      fork->CreateBackup({.table_name = "scores", .backup_name = "forkOnly"}),
      IsOk());

  auto listed = fork->ListBackups({});
  ASSERT_THAT(listed, IsOk());
  EXPECT_THAT(listed->backup_summaries, SizeIs(2));
  auto parent_listed = parent_.ListBackups({});
  ASSERT_THAT(parent_listed, IsOk());
  ASSERT_THAT(parent_listed->backup_summaries, SizeIs(1));
  ASSERT_THAT(fork->RestoreTableFromBackup(
                  {.target_table_name = "restored", .backup_arn = arn}),
              IsOk());
  EXPECT_EQ(ItemCount(*fork, "restored"), 4);
  ASSERT_THAT(fork->DeleteBackup({.backup_arn = arn}), IsOk());
  EXPECT_THAT(parent_.DescribeBackup({.backup_arn = arn}), IsOk());
}

TEST(DatabaseForkStreamTest, AForksStreamHasOnlyTheForksRecords) {
  Database parent;
  const std::string arn = testing::CreateStreamedTable(parent, "events");
  ASSERT_THAT(parent.PutItem(
                  {.table_name = "events", .item = Item{{"pk", S("before")}}}),
              IsOk());
  std::unique_ptr<Database> fork = parent.Fork();
  ASSERT_THAT(
      fork->PutItem({.table_name = "events", .item = Item{{"pk", S("fork")}}}),
      IsOk());
  ASSERT_THAT(parent.PutItem(
                  {.table_name = "events", .item = Item{{"pk", S("parent")}}}),
              IsOk());
  EXPECT_THAT(testing::StreamedKeys(*fork, arn), ElementsAre("fork"));
  EXPECT_THAT(testing::StreamedKeys(parent, arn),
              ElementsAre("before", "parent"));
}

TEST(DatabaseForkScanTest, AForkScansAsItsParentDid) {
  Database parent;
  ASSERT_THAT(parent.CreateTable(TableRequest("items", KeyType::kS, {})),
              IsOk());
  for (int i = 0; i < 200; ++i) {
    ASSERT_THAT(parent.PutItem({.table_name = "items",
                                .item = Item{{"pk", S(std::to_string(i))}}}),
                IsOk());
  }
  auto scan_keys = [](Database& db) {
    std::vector<std::string> keys;
    auto page = db.Scan({.table_name = "items"});
    EXPECT_THAT(page, IsOk());
    if (!page.ok()) return keys;
    for (const ItemPtr& item : page->items) keys.push_back(item->at("pk").s());
    return keys;
  };
  const std::vector<std::string> before = scan_keys(parent);
  std::unique_ptr<Database> fork = parent.Fork();
  for (int i = 0; i < 200; i += 2) {
    ASSERT_THAT(parent.DeleteItem({.table_name = "items",
                                   .key = Item{{"pk", S(std::to_string(i))}}}),
                IsOk());
  }
  EXPECT_EQ(scan_keys(*fork), before);
  EXPECT_THAT(scan_keys(parent), SizeIs(100));
}

}  // namespace
}  // namespace dynamite
