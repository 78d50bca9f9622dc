// Checkpoints (api/checkpoint_ops.cc): a checkpoint is the Database as it
// was when taken, whatever is written after, and restoring it puts every
// table back as it was, as many times as asked.

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include "api/database.h"
#include "common/errors.h"
#include "store/commit_observer.h"
#include "tests/support/database_fixtures.h"
#include "tests/support/manual_clock.h"
#include "tests/support/status_matchers.h"
#include "tests/support/stream_fixtures.h"

namespace dynamite {
namespace {

using ::dynamite::testing::IsError;
using ::dynamite::testing::IsOk;
using ::dynamite::testing::N;
using ::dynamite::testing::S;
using ::dynamite::testing::TableRequest;
using ::testing::ElementsAre;
using ::testing::SizeIs;

class CheckpointOpsTest : public ::testing::Test {
 protected:
  CheckpointOpsTest() {
    CreateTableRequest request = TableRequest("users", KeyType::kS, {});
    request.attribute_definitions.push_back({"team", KeyType::kS});
    GlobalSecondaryIndex gsi;
    gsi.index_name = "byTeam";
    gsi.key_schema = {{"team", KeySchemaRole::kHash}};
    gsi.projection.projection_type = ProjectionType::kKeysOnly;
    request.global_secondary_indexes = {gsi};
    EXPECT_THAT(db_.CreateTable(request), IsOk());
    Put("ann", "red");
    Put("bob", "blue");
  }

  void Put(const std::string& pk, const std::string& team,
           const std::string& table = "users") {
    ASSERT_THAT(db_.PutItem({.table_name = table,
                             .item = Item{{"pk", S(pk)}, {"team", S(team)}}}),
                IsOk());
  }
  std::vector<std::string> Keys(const std::string& table = "users") {
    std::vector<std::string> keys;
    auto page = db_.Scan({.table_name = table});
    EXPECT_THAT(page, IsOk());
    if (!page.ok()) return keys;
    for (const ItemPtr& item : page->items) keys.push_back(item->at("pk").s());
    std::sort(keys.begin(), keys.end());
    return keys;
  }
  std::vector<std::string> Team(const std::string& team) {
    std::vector<std::string> keys;
    auto page = db_.Query({.table_name = "users",
                           .index_name = "byTeam",
                           .key_condition_expression = "team = :t",
                           .expression_attribute_values = {{{":t", S(team)}}}});
    EXPECT_THAT(page, IsOk());
    if (!page.ok()) return keys;
    for (const ItemPtr& item : page->items) keys.push_back(item->at("pk").s());
    return keys;
  }

  Database db_;
};

TEST_F(CheckpointOpsTest, RestoringPutsEveryTableBackAsItWas) {
  auto created = db_.CreateCheckpoint({.name = "seeded"});
  ASSERT_THAT(created, IsOk());
  EXPECT_EQ(created->name, "seeded");
  EXPECT_EQ(created->table_count, 1);
  EXPECT_EQ(created->item_count, 2);

  // A test's changes: items written and deleted, a table created, the
  // seeded table's GSI dropped.
  Put("cat", "red");
  ASSERT_THAT(
      db_.DeleteItem({.table_name = "users", .key = Item{{"pk", S("ann")}}}),
      IsOk());
  ASSERT_THAT(db_.CreateTable(TableRequest("scratch", KeyType::kS, {})),
              IsOk());
  Put("x", "none", "scratch");

  for (int round = 0; round < 2; ++round) {
    auto restored = db_.RestoreCheckpoint({.name = "seeded"});
    ASSERT_THAT(restored, IsOk());
    EXPECT_EQ(restored->table_count, 1);
    EXPECT_EQ(restored->item_count, 2);
    EXPECT_THAT(Keys(), ElementsAre("ann", "bob"));
    EXPECT_THAT(Team("red"), ElementsAre("ann"));
    EXPECT_THAT(db_.DescribeTable({.table_name = "scratch"}),
                IsError(ErrorKind::kResourceNotFound,
                        "Requested resource not found: Table: scratch not "
                        "found"));
    auto tables = db_.ListTables({});
    ASSERT_THAT(tables, IsOk());
    EXPECT_THAT(tables->table_names, ElementsAre("users"));
    // The next test's changes do not reach the checkpoint either.
    Put("dan", "red");
  }
  EXPECT_THAT(Keys(), ElementsAre("ann", "bob", "dan"));
}

TEST_F(CheckpointOpsTest, ACheckpointIsReplacedByNameAndDeleted) {
  ASSERT_THAT(db_.CreateCheckpoint({.name = "seeded"}), IsOk());
  Put("cat", "red");
  auto replaced = db_.CreateCheckpoint({.name = "seeded"});
  ASSERT_THAT(replaced, IsOk());
  EXPECT_EQ(replaced->item_count, 3);
  Put("dan", "red");
  ASSERT_THAT(db_.RestoreCheckpoint({.name = "seeded"}), IsOk());
  EXPECT_THAT(Keys(), ElementsAre("ann", "bob", "cat"));

  auto deleted = db_.DeleteCheckpoint({.name = "seeded"});
  ASSERT_THAT(deleted, IsOk());
  EXPECT_EQ(deleted->item_count, 3);
  EXPECT_THAT(
      db_.RestoreCheckpoint({.name = "seeded"}),
      IsError(ErrorKind::kResourceNotFound, "Checkpoint not found: seeded"));
  EXPECT_THAT(
      db_.DeleteCheckpoint({.name = "seeded"}),
      IsError(ErrorKind::kResourceNotFound, "Checkpoint not found: seeded"));
  // The tables are as the restore left them.
  EXPECT_THAT(Keys(), ElementsAre("ann", "bob", "cat"));
}

TEST(CheckpointCountTest, EveryTableIsCountedPastAListTablesPage) {
  // More tables than one ListTables page (100) holds.
  Database db;
  for (int i = 0; i < 101; ++i) {
    const std::string name = absl::StrCat("table", i);
    ASSERT_THAT(db.CreateTable(TableRequest(name, KeyType::kS, {})), IsOk());
    ASSERT_THAT(db.PutItem({.table_name = name, .item = {{"pk", S("a")}}}),
                IsOk());
  }
  auto created = db.CreateCheckpoint({.name = "many"});
  ASSERT_THAT(created, IsOk());
  EXPECT_EQ(created->table_count, 101);
  EXPECT_EQ(created->item_count, 101);
  ASSERT_THAT(db.DeleteTable({.table_name = "table100"}), IsOk());
  auto restored = db.RestoreCheckpoint({.name = "many"});
  ASSERT_THAT(restored, IsOk());
  EXPECT_EQ(restored->table_count, 101);
  EXPECT_THAT(db.DescribeTable({.table_name = "table100"}), IsOk());
}

TEST_F(CheckpointOpsTest, BadNamesAreRefused) {
  const std::string message =
      "A checkpoint's Name must be 1 to 255 characters long";
  EXPECT_THAT(db_.CreateCheckpoint({.name = ""}),
              IsError(ErrorKind::kValidation, message));
  EXPECT_THAT(db_.RestoreCheckpoint({.name = std::string(256, 'c')}),
              IsError(ErrorKind::kValidation, message));
  EXPECT_THAT(db_.DeleteCheckpoint({.name = ""}),
              IsError(ErrorKind::kValidation, message));
  EXPECT_THAT(db_.CreateCheckpoint({.name = std::string(255, 'c')}), IsOk());
}

TEST_F(CheckpointOpsTest, RestoringBringsBackTheCheckpointsBackups) {
  auto backup =
      db_.CreateBackup({.table_name = "users", .backup_name = "kept"});
  ASSERT_THAT(backup, IsOk());
  ASSERT_THAT(db_.CreateCheckpoint({.name = "seeded"}), IsOk());
  ASSERT_THAT(
      db_.DeleteBackup({.backup_arn = backup->backup_details.backup_arn}),
      IsOk());
  ASSERT_THAT(db_.CreateBackup({.table_name = "users", .backup_name = "gone"}),
              IsOk());
  ASSERT_THAT(db_.RestoreCheckpoint({.name = "seeded"}), IsOk());
  auto listed = db_.ListBackups({});
  ASSERT_THAT(listed, IsOk());
  ASSERT_THAT(listed->backup_summaries, SizeIs(1));
  EXPECT_EQ(listed->backup_summaries[0].backup_name, "kept");
}

TEST(CheckpointTtlTest, ACheckpointDoesNotSweepItsExpiredItems) {
  testing::ManualClock clock(absl::FromUnixSeconds(1'800'000'000));
  DatabaseOptions options;
  options.controlled_clock = &clock;
  options.time_to_live_sweep_interval = absl::Milliseconds(1);
  Database db(options);
  ASSERT_THAT(db.CreateTable(TableRequest("sessions", KeyType::kS, {})),
              IsOk());
  ASSERT_THAT(
      db.UpdateTimeToLive({.table_name = "sessions",
                           .time_to_live_specification =
                               TimeToLiveSpecification{
                                   .enabled = true, .attribute_name = "exp"}}),
      IsOk());
  ASSERT_THAT(
      db.PutItem({.table_name = "sessions",
                  .item = Item{{"pk", S("s1")}, {"exp", N("1800000060")}}}),
      IsOk());
  ASSERT_THAT(db.CreateCheckpoint({.name = "seeded"}), IsOk());
  ASSERT_THAT(db.AdvanceClock(absl::Hours(1)), IsOk());
  db.SweepExpiredItems();  // if the sweeper has not yet
  auto swept = db.GetItem({.table_name = "sessions", .key = {{"pk", S("s1")}}});
  ASSERT_THAT(swept, IsOk());
  EXPECT_EQ(swept->item, nullptr);
  // The checkpoint kept the item, though a sweeper of its own would have
  // had many rounds to delete it.
  absl::SleepFor(absl::Milliseconds(20));
  auto restored = db.RestoreCheckpoint({.name = "seeded"});
  ASSERT_THAT(restored, IsOk());
  EXPECT_EQ(restored->item_count, 1);
}

// Records the table commits a restore publishes.
class TableCommits : public CommitObserver {
 public:
  void OnItemCommit(uint64_t, absl::Time,
                    absl::Span<const ChangeRecord>) override {}
  void OnTableCommit(const TableChangeRecord& record) override {
    kinds.push_back(record.kind);
    names.push_back(record.definition->name);
  }
  std::vector<TableChangeRecord::Kind> kinds;
  std::vector<std::string> names;
};

TEST_F(CheckpointOpsTest, ObserversHearOfTheTablesARestoreReplaces) {
  ASSERT_THAT(db_.CreateCheckpoint({.name = "seeded"}), IsOk());
  TableCommits commits;
  db_.AddCommitObserver(&commits);
  ASSERT_THAT(db_.RestoreCheckpoint({.name = "seeded"}), IsOk());
  using Kind = TableChangeRecord::Kind;
  EXPECT_THAT(commits.kinds, ElementsAre(Kind::kDelete, Kind::kCreate));
  EXPECT_THAT(commits.names, ElementsAre("users", "users"));
}

TEST(CheckpointStreamTest, ARestoredTablesStreamStartsAfresh) {
  Database db;
  const std::string arn = testing::CreateStreamedTable(db, "events");
  ASSERT_THAT(db.CreateCheckpoint({.name = "seeded"}), IsOk());
  ASSERT_THAT(
      db.PutItem({.table_name = "events", .item = Item{{"pk", S("before")}}}),
      IsOk());
  ASSERT_THAT(db.RestoreCheckpoint({.name = "seeded"}), IsOk());
  ASSERT_THAT(
      db.PutItem({.table_name = "events", .item = Item{{"pk", S("after")}}}),
      IsOk());
  EXPECT_THAT(testing::StreamedKeys(db, arn), ElementsAre("after"));
}

}  // namespace
}  // namespace dynamite
