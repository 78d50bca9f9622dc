// A Database opened on a directory (api/database.h Database::Open,
// durability/write_ahead_log.h): what was acknowledged is there after a
// reopen, in every sync mode; a torn last record is dropped and reported;
// damage before the tail refuses to open; a write or fsync that fails gives
// the writer an InternalServerError, refuses later writes and keeps reads
// going, and the reopened database has every write that was acknowledged;
// a BatchWriteItem's commits share one fsync and are acknowledged only
// after it; tags come back as they were.

#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include "api/database.h"
#include "common/errors.h"
#include "tests/durability/durable_fixture.h"
#include "tests/support/commit_workload.h"
#include "tests/support/database_fixtures.h"
#include "tests/support/faulty_file_system.h"
#include "tests/support/status_matchers.h"
#include "tests/support/stream_fixtures.h"

namespace dynamite {
namespace {

using ::dynamite::testing::CreatePlain;
using ::dynamite::testing::DurableDirectoryTest;
using ::dynamite::testing::FaultyFileSystem;
using ::dynamite::testing::IsError;
using ::dynamite::testing::IsOk;
using ::dynamite::testing::N;
using ::dynamite::testing::PutKey;
using ::dynamite::testing::RunWorkload;
using ::dynamite::testing::S;
using ::dynamite::testing::ScanEverything;
using ::dynamite::testing::Seen;
using ::dynamite::testing::TableRequest;
using ::testing::HasSubstr;

using DurableDatabaseTest = DurableDirectoryTest;

TEST_F(DurableDatabaseTest, AReopenedDatabaseHasEverythingAcknowledged) {
  for (SyncMode mode :
       {SyncMode::kAlways, SyncMode::kInterval, SyncMode::kNever}) {
    std::filesystem::remove_all(dir_);
    Seen before;
    {
      std::unique_ptr<Database> db = OpenOrDie(Options(mode));
      ASSERT_NE(db, nullptr);
      EXPECT_EQ(db->recovery().commits_replayed, 0u);
      RunWorkload(*db);
      ASSERT_FALSE(HasFatalFailure());
      before = ScanEverything(*db);
    }
    std::unique_ptr<Database> db = OpenOrDie(Options(mode));
    ASSERT_NE(db, nullptr);
    EXPECT_GT(db->recovery().commits_replayed, 30u);
    EXPECT_EQ(ScanEverything(*db), before) << static_cast<int>(mode);
    auto names = db->ListTables({});
    ASSERT_THAT(names.status(), IsOk());
    EXPECT_THAT(names->table_names,
                ::testing::ElementsAre("Gone", "Orders", "Plain"));
    // It goes on logging after the replayed commits, and a second reopen
    // has both.
    ASSERT_THAT(db->PutItem({.table_name = "Plain",
                             .item = Item{{"pk", N("77")}, {"v", S("late")}}})
                    .status(),
                IsOk());
    db.reset();
    db = OpenOrDie(Options(mode));
    ASSERT_NE(db, nullptr);
    auto late = db->GetItem({.table_name = "Plain", .key = {{"pk", N("77")}}});
    ASSERT_THAT(late.status(), IsOk());
    EXPECT_NE(late->item, nullptr);
  }
}

TEST_F(DurableDatabaseTest, TagsComeBackAsTheLastChangeLeftThem) {
  const std::string arn = "arn:aws:dynamodb:ddblocal:000000000000:table/Plain";
  {
    std::unique_ptr<Database> db = OpenOrDie(Options());
    ASSERT_NE(db, nullptr);
    CreateTableRequest create =
        TableRequest("Plain", KeyType::kN, std::nullopt);
    create.tags = std::vector<Tag>{{"team", "core"}, {"env", "dev"}};
    auto created = db->CreateTable(create);
    ASSERT_THAT(created.status(), IsOk());
    ASSERT_EQ(created->table_description.table_arn, arn);
    ASSERT_THAT(db->TagResource({.resource_arn = arn,
                                 .tags = std::vector<Tag>{{"env", "test"},
                                                          {"cost", "7"}}})
                    .status(),
                IsOk());
    ASSERT_THAT(
        db->UntagResource({.resource_arn = arn,
                           .tag_keys = std::vector<std::string>{"team"}})
            .status(),
        IsOk());
    // A refused change is not logged.
    std::vector<Tag> many;
    for (int i = 0; i < 50; ++i) many.push_back({absl::StrCat("k", i), ""});
    ASSERT_FALSE(db->TagResource({.resource_arn = arn, .tags = many}).ok());
  }
  std::unique_ptr<Database> db = OpenOrDie(Options());
  ASSERT_NE(db, nullptr);
  auto listed = db->ListTagsOfResource({.resource_arn = arn});
  ASSERT_THAT(listed.status(), IsOk());
  EXPECT_EQ(listed->tags, (std::vector<Tag>{{"cost", "7"}, {"env", "test"}}));
}

TEST_F(DurableDatabaseTest, ARestoredTableAndTheBackupsComeBack) {
  std::string backup_arn;
  {
    std::unique_ptr<Database> db = OpenOrDie(Options());
    ASSERT_NE(db, nullptr);
    ASSERT_THAT(CreatePlain(*db), IsOk());
    // More items than one restore commit holds.
    for (int pk = 0; pk < 300; ++pk) ASSERT_THAT(PutKey(*db, pk), IsOk());
    auto backup =
        db->CreateBackup({.table_name = "Plain", .backup_name = "bak"});
    ASSERT_THAT(backup.status(), IsOk());
    backup_arn = backup->backup_details.backup_arn;
    ASSERT_THAT(db->RestoreTableFromBackup(
                      {.target_table_name = "Copy", .backup_arn = backup_arn})
                    .status(),
                IsOk());
    // Written after the backup: not in it.
    ASSERT_THAT(PutKey(*db, 1000), IsOk());
  }
  std::unique_ptr<Database> db = OpenOrDie(Options());
  ASSERT_NE(db, nullptr);
  auto described = db->DescribeTable({.table_name = "Copy"});
  ASSERT_THAT(described.status(), IsOk());
  EXPECT_EQ(described->table.item_count, 300);
  auto got = db->GetItem({.table_name = "Copy", .key = {{"pk", N("299")}}});
  ASSERT_THAT(got.status(), IsOk());
  EXPECT_NE(got->item, nullptr);

  auto kept = db->DescribeBackup({.backup_arn = backup_arn});
  ASSERT_THAT(kept.status(), IsOk());
  EXPECT_EQ(kept->backup_description.backup_details.backup_name, "bak");
  EXPECT_EQ(kept->backup_description.backup_details.backup_status, "AVAILABLE");
  ASSERT_THAT(db->RestoreTableFromBackup(
                    {.target_table_name = "Again", .backup_arn = backup_arn})
                  .status(),
              IsOk());
  auto again = db->DescribeTable({.table_name = "Again"});
  ASSERT_THAT(again.status(), IsOk());
  EXPECT_EQ(again->table.item_count, 300);
  // A new backup's ARN is not the old one's.
  auto second =
      db->CreateBackup({.table_name = "Plain", .backup_name = "second"});
  ASSERT_THAT(second.status(), IsOk());
  EXPECT_NE(second->backup_details.backup_arn, backup_arn);
  auto listed = db->ListBackups({});
  ASSERT_THAT(listed.status(), IsOk());
  ASSERT_EQ(listed->backup_summaries.size(), 2u);
  EXPECT_EQ(listed->backup_summaries[0].backup_arn, backup_arn);

  ASSERT_THAT(db->DeleteBackup({.backup_arn = backup_arn}).status(), IsOk());
  db.reset();
  db = OpenOrDie(Options());
  ASSERT_NE(db, nullptr);
  EXPECT_EQ(
      ErrorKindOf(db->DescribeBackup({.backup_arn = backup_arn}).status()),
      ErrorKind::kBackupNotFound);
  auto left = db->ListBackups({});
  ASSERT_THAT(left.status(), IsOk());
  ASSERT_EQ(left->backup_summaries.size(), 1u);
  EXPECT_EQ(left->backup_summaries[0].backup_name, "second");
}

TEST_F(DurableDatabaseTest, ADamagedBackupFileRefusesToOpen) {
  std::string file;
  {
    std::unique_ptr<Database> db = OpenOrDie(Options());
    ASSERT_NE(db, nullptr);
    ASSERT_THAT(CreatePlain(*db), IsOk());
    ASSERT_THAT(PutKey(*db, 1), IsOk());
    auto backup =
        db->CreateBackup({.table_name = "Plain", .backup_name = "bak"});
    ASSERT_THAT(backup.status(), IsOk());
    const std::string& arn = backup->backup_details.backup_arn;
    file = absl::StrCat(dir_, "/backups/", arn.substr(arn.rfind('/') + 1),
                        ".backup");
  }
  ASSERT_TRUE(std::filesystem::exists(file));
  // A backup being written when the process died is dropped at the open.
  { std::ofstream(absl::StrCat(file, ".tmp")) << "partial"; }
  {
    std::fstream bytes(file, std::ios::binary | std::ios::in | std::ios::out);
    bytes.seekp(20);
    bytes.put('\x7f');
  }
  absl::StatusOr<std::unique_ptr<Database>> opened = Database::Open(Options());
  ASSERT_FALSE(opened.ok());
  EXPECT_EQ(ErrorKindOf(opened.status()), ErrorKind::kInternal);
  EXPECT_THAT(std::string(opened.status().message()),
              ::testing::StartsWith(absl::StrCat("corrupt backup ", file)));
  EXPECT_FALSE(std::filesystem::exists(absl::StrCat(file, ".tmp")));
}

TEST_F(DurableDatabaseTest, AStreamKeepsItsRecordsAcrossARestart) {
  std::string arn;
  {
    std::unique_ptr<Database> db = OpenOrDie(Options());
    ASSERT_NE(db, nullptr);
    arn = testing::CreateStreamedTable(*db, "events");
    ASSERT_THAT(
        db->PutItem({.table_name = "events", .item = {{"pk", S("before")}}})
            .status(),
        IsOk());
  }
  std::unique_ptr<Database> db = OpenOrDie(Options());
  ASSERT_NE(db, nullptr);
  // The stream is still the table's, keeps its records (more in
  // durable_streams_test.cc) and records what follows.
  ASSERT_THAT(
      db->PutItem({.table_name = "events", .item = {{"pk", S("after")}}})
          .status(),
      IsOk());
  EXPECT_THAT(testing::StreamedKeys(*db, arn),
              ::testing::ElementsAre("before", "after"));
}

TEST_F(DurableDatabaseTest, AForkIsInMemoryAndCheckpointsAreRefused) {
  {
    std::unique_ptr<Database> db = OpenOrDie(Options());
    ASSERT_NE(db, nullptr);
    ASSERT_THAT(CreatePlain(*db), IsOk());
    ASSERT_THAT(PutKey(*db, 1), IsOk());
    std::unique_ptr<Database> fork = db->Fork();
    ASSERT_THAT(PutKey(*fork, 2), IsOk());
    auto described = fork->DescribeTable({.table_name = "Plain"});
    ASSERT_THAT(described.status(), IsOk());
    EXPECT_EQ(described->table.item_count, 2);
    // A restored checkpoint's items would not be in the log.
    EXPECT_THAT(db->CreateCheckpoint({.name = "seeded"}).status(),
                IsError(ErrorKind::kValidation,
                        "Checkpoints are for in-memory databases: this one "
                        "keeps its commits on disk (--db-path), and its log "
                        "would not hold the items of a restored checkpoint"));
    // The fork's own checkpoints are allowed: it is in memory.
    EXPECT_THAT(fork->CreateCheckpoint({.name = "seeded"}).status(), IsOk());
  }
  std::unique_ptr<Database> db = OpenOrDie(Options());
  ASSERT_NE(db, nullptr);
  auto described = db->DescribeTable({.table_name = "Plain"});
  ASSERT_THAT(described.status(), IsOk());
  EXPECT_EQ(described->table.item_count, 1);  // the fork's write is not here
}

TEST_F(DurableDatabaseTest, ATornLastRecordIsDroppedAndReported) {
  {
    std::unique_ptr<Database> db = OpenOrDie(Options());
    ASSERT_NE(db, nullptr);
    ASSERT_THAT(CreatePlain(*db), IsOk());
    ASSERT_THAT(PutKey(*db, 1), IsOk());
  }
  const auto whole = std::filesystem::file_size(LogPath());
  {
    // The first bytes of a record the process died writing.
    std::ofstream log(LogPath(), std::ios::binary | std::ios::app);
    log.write("\x40\x00\x00\x00\x01\x02", 6);
  }
  std::unique_ptr<Database> db = OpenOrDie(Options());
  ASSERT_NE(db, nullptr);
  EXPECT_EQ(db->recovery().commits_replayed, 2u);
  EXPECT_EQ(db->recovery().torn_tail_bytes, 6u);
  EXPECT_EQ(std::filesystem::file_size(LogPath()), whole);
  ASSERT_THAT(PutKey(*db, 2), IsOk());
  db.reset();
  db = OpenOrDie(Options());
  ASSERT_NE(db, nullptr);
  EXPECT_EQ(db->recovery().commits_replayed, 3u);
  EXPECT_EQ(db->recovery().torn_tail_bytes, 0u);
}

TEST_F(DurableDatabaseTest, DamageBeforeTheTailRefusesToOpen) {
  {
    std::unique_ptr<Database> db = OpenOrDie(Options());
    ASSERT_NE(db, nullptr);
    ASSERT_THAT(CreatePlain(*db), IsOk());
    for (int i = 0; i < 3; ++i) {
      ASSERT_THAT(db->PutItem({.table_name = "Plain",
                               .item = Item{{"pk", N(absl::StrCat(i))}}})
                      .status(),
                  IsOk());
    }
  }
  {
    // A byte inside the first record's payload.
    std::fstream log(LogPath(),
                     std::ios::binary | std::ios::in | std::ios::out);
    log.seekp(20);
    log.put('\x7f');
  }
  auto db = Database::Open(Options());
  ASSERT_FALSE(db.ok());
  EXPECT_EQ(ErrorKindOf(db.status()), ErrorKind::kInternal);
  EXPECT_THAT(db.status().message(),
              HasSubstr(absl::StrCat("corrupt write-ahead log ", LogPath(),
                                     " at offset 0")));
}

TEST_F(DurableDatabaseTest, AFullDiskFailsTheWriteRefusesLaterOnesKeepsReads) {
  FaultyFileSystem files;
  std::unique_ptr<Database> db = OpenOrDie(Options(SyncMode::kAlways, &files));
  ASSERT_NE(db, nullptr);
  ASSERT_THAT(CreatePlain(*db), IsOk());
  ASSERT_THAT(PutKey(*db, 1), IsOk());
  files.FailWritesAfter(10);  // the next record is cut short
  auto failed =
      db->PutItem({.table_name = "Plain", .item = Item{{"pk", N("2")}}});
  ASSERT_FALSE(failed.ok());
  EXPECT_EQ(ErrorKindOf(failed.status()), ErrorKind::kInternal);
  EXPECT_THAT(failed.status().message(),
              HasSubstr(absl::StrCat("The write-ahead log could not be "
                                     "written (write ",
                                     LogPath(), ": No space left on device)")));
  // Every later write is refused before it is applied, of every kind.
  files.FailWritesAfter(-1);
  auto refused =
      db->PutItem({.table_name = "Plain", .item = Item{{"pk", N("3")}}});
  EXPECT_EQ(refused.status(), failed.status());
  EXPECT_EQ(db->CreateTable(TableRequest("Other", KeyType::kS, std::nullopt))
                .status(),
            failed.status());
  TransactWriteItemsRequest transaction;
  transaction.transact_items.push_back(
      {.put = TransactPut{.table_name = "Plain", .item = {{"pk", N("4")}}}});
  EXPECT_EQ(db->TransactWriteItems(transaction).status(), failed.status());
  auto missing = db->GetItem({.table_name = "Plain", .key = {{"pk", N("3")}}});
  ASSERT_THAT(missing.status(), IsOk());
  EXPECT_EQ(missing->item, nullptr);
  // Reads go on.
  auto read = db->GetItem({.table_name = "Plain", .key = {{"pk", N("1")}}});
  ASSERT_THAT(read.status(), IsOk());
  EXPECT_NE(read->item, nullptr);

  // Reopened, it has what was acknowledged; the torn record is dropped.
  db.reset();
  db = OpenOrDie(Options());
  ASSERT_NE(db, nullptr);
  EXPECT_EQ(db->recovery().commits_replayed, 2u);
  EXPECT_EQ(db->recovery().torn_tail_bytes, 10u);
  ASSERT_THAT(PutKey(*db, 5), IsOk());
}

TEST_F(DurableDatabaseTest, ABackupTheDiskCannotTakeIsNotMade) {
  FaultyFileSystem files;
  std::unique_ptr<Database> db = OpenOrDie(Options(SyncMode::kAlways, &files));
  ASSERT_NE(db, nullptr);
  ASSERT_THAT(CreatePlain(*db), IsOk());
  ASSERT_THAT(PutKey(*db, 1), IsOk());
  files.FailWritesAfter(10);
  auto failed = db->CreateBackup({.table_name = "Plain", .backup_name = "bak"});
  ASSERT_FALSE(failed.ok());
  EXPECT_EQ(ErrorKindOf(failed.status()), ErrorKind::kInternal);
  EXPECT_THAT(failed.status().message(), HasSubstr("No space left on device"));
  files.FailWritesAfter(-1);
  auto listed = db->ListBackups({});
  ASSERT_THAT(listed.status(), IsOk());
  EXPECT_TRUE(listed->backup_summaries.empty());
  EXPECT_TRUE(std::filesystem::is_empty(Path("backups")));
  // The log was not touched: writes go on.
  ASSERT_THAT(PutKey(*db, 2), IsOk());
  db.reset();
  db = OpenOrDie(Options());
  ASSERT_NE(db, nullptr);
  auto reopened = db->ListBackups({});
  ASSERT_THAT(reopened.status(), IsOk());
  EXPECT_TRUE(reopened->backup_summaries.empty());
}

TEST_F(DurableDatabaseTest, AFailedFsyncFailsTheWriteUnderSyncAlways) {
  FaultyFileSystem files;
  std::unique_ptr<Database> db = OpenOrDie(Options(SyncMode::kAlways, &files));
  ASSERT_NE(db, nullptr);
  files.FailSyncs(1);
  auto failed =
      db->CreateTable(TableRequest("Plain", KeyType::kN, std::nullopt));
  ASSERT_FALSE(failed.ok());
  EXPECT_EQ(ErrorKindOf(failed.status()), ErrorKind::kInternal);
  EXPECT_THAT(
      failed.status().message(),
      HasSubstr(absl::StrCat("(fsync ", LogPath(), ": Input/output error)")));
  EXPECT_EQ(db->PutItem({.table_name = "Plain", .item = Item{{"pk", N("1")}}})
                .status(),
            failed.status());
}

TEST_F(DurableDatabaseTest, WritersWaitingTogetherShareAnFsync) {
  FaultyFileSystem files;
  std::unique_ptr<Database> db = OpenOrDie(Options(SyncMode::kAlways, &files));
  ASSERT_NE(db, nullptr);
  ASSERT_THAT(CreatePlain(*db), IsOk());
  constexpr int kThreads = 8;
  constexpr int kWritesEach = 50;
  std::vector<std::thread> writers;
  for (int t = 0; t < kThreads; ++t) {
    writers.emplace_back([&db, t] {
      for (int i = 0; i < kWritesEach; ++i) {
        EXPECT_THAT(
            db->PutItem({.table_name = "Plain",
                         .item = Item{{"pk", N(absl::StrCat(t * 1000 + i))}}})
                .status(),
            IsOk());
      }
    });
  }
  for (std::thread& writer : writers) writer.join();
  // Each write waited for an fsync; with eight writers at once most shared
  // one. (One fsync per write would be 401.)
  EXPECT_LT(files.syncs(), 1 + kThreads * kWritesEach);
  db.reset();
  db = OpenOrDie(Options());
  ASSERT_NE(db, nullptr);
  EXPECT_EQ(db->recovery().commits_replayed,
            static_cast<uint64_t>(1 + kThreads * kWritesEach));
}

TEST_F(DurableDatabaseTest, ABatchWriteSharesOneFsyncAndComesBackWhole) {
  FaultyFileSystem files;
  std::unique_ptr<Database> db = OpenOrDie(Options(SyncMode::kAlways, &files));
  ASSERT_NE(db, nullptr);
  ASSERT_THAT(CreatePlain(*db), IsOk());
  const int synced_before = files.syncs();
  BatchWriteItemRequest batch;
  for (int pk = 0; pk < 25; ++pk) {
    batch.request_items["Plain"].push_back(
        {.put_request = PutRequest{.item = Item{{"pk", N(absl::StrCat(pk))}}}});
  }
  ASSERT_THAT(db->BatchWriteItem(std::move(batch)).status(), IsOk());
  // Twenty-five commits, made durable together before the answer.
  EXPECT_EQ(files.syncs() - synced_before, 1);
  db.reset();
  db = OpenOrDie(Options());
  ASSERT_NE(db, nullptr);
  EXPECT_EQ(db->recovery().commits_replayed, 26u);
  auto scan = db->Scan({.table_name = "Plain"});
  ASSERT_THAT(scan.status(), IsOk());
  EXPECT_EQ(scan->items.size(), 25u);
}

TEST_F(DurableDatabaseTest, ABatchWriteWhoseFsyncFailsIsNotAcknowledged) {
  FaultyFileSystem files;
  std::unique_ptr<Database> db = OpenOrDie(Options(SyncMode::kAlways, &files));
  ASSERT_NE(db, nullptr);
  ASSERT_THAT(CreatePlain(*db), IsOk());
  files.FailSyncs(1);
  BatchWriteItemRequest batch;
  for (int pk = 0; pk < 3; ++pk) {
    batch.request_items["Plain"].push_back(
        {.put_request = PutRequest{.item = Item{{"pk", N(absl::StrCat(pk))}}}});
  }
  auto failed = db->BatchWriteItem(batch);
  ASSERT_FALSE(failed.ok());
  EXPECT_EQ(ErrorKindOf(failed.status()), ErrorKind::kInternal);
  EXPECT_THAT(failed.status().message(),
              HasSubstr("could not be written (fsync "));
  EXPECT_EQ(db->BatchWriteItem(batch).status(), failed.status());
}

TEST_F(DurableDatabaseTest, AnInMemoryDatabaseOpensWithoutADirectory) {
  auto db = Database::Open({});
  ASSERT_THAT(db.status(), IsOk());
  EXPECT_THAT(
      (*db)
          ->CreateTable(TableRequest("Plain", KeyType::kN, std::nullopt))
          .status(),
      IsOk());
}

}  // namespace
}  // namespace dynamite
