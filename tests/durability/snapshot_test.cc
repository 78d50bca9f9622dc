// Snapshots of a durable Database (Database::Snapshot(),
// durability/snapshot.h): a reopen loads the snapshot and replays only the
// commits after it, with tables, items, indexes and tags as they were; the
// logs a snapshot covers are deleted; an interrupted snapshot leaves the
// previous one in force; damage or truncation of the snapshot refuses to
// open, naming the file and offset; and the log's growth triggers one.

#include "durability/snapshot.h"

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/time/clock.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include "api/database.h"
#include "common/errors.h"
#include "durability/database_files.h"
#include "tests/durability/durable_fixture.h"
#include "tests/support/commit_workload.h"
#include "tests/support/database_fixtures.h"
#include "tests/support/faulty_file_system.h"
#include "tests/support/status_matchers.h"

namespace dynamite {
namespace {

using ::dynamite::testing::CreatePlain;
using ::dynamite::testing::DurableDirectoryTest;
using ::dynamite::testing::FaultyFileSystem;
using ::dynamite::testing::HasKey;
using ::dynamite::testing::IsOk;
using ::dynamite::testing::N;
using ::dynamite::testing::PutKey;
using ::dynamite::testing::RunWorkload;
using ::dynamite::testing::S;
using ::dynamite::testing::ScanEverything;
using ::dynamite::testing::Seen;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::StartsWith;

using SnapshotTest = DurableDirectoryTest;

std::vector<std::string> Files(const std::string& dir) {
  std::vector<std::string> names;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    names.push_back(entry.path().filename().string());
  }
  std::sort(names.begin(), names.end());
  return names;
}

std::string ReadAll(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

void WriteAll(const std::string& path, const std::string& contents) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << contents;
}

TEST_F(SnapshotTest, AReopenLoadsTheSnapshotAndReplaysOnlyWhatFollows) {
  Seen before;
  uint64_t snapshot_sequence = 0;
  {
    std::unique_ptr<Database> db = OpenOrDie(Options());
    ASSERT_NE(db, nullptr);
    RunWorkload(*db);
    ASSERT_FALSE(HasFatalFailure());
    ASSERT_THAT(db->Snapshot(), IsOk());
    // The log it covers is gone; the current one is empty.
    EXPECT_THAT(Files(dir_), ElementsAre("commits.log", "snapshot"));
    EXPECT_EQ(std::filesystem::file_size(LogPath()), 0u);
    ASSERT_THAT(PutKey(*db, 77), IsOk());
    before = ScanEverything(*db);
  }
  {
    std::unique_ptr<Database> db = OpenOrDie(Options());
    ASSERT_NE(db, nullptr);
    snapshot_sequence = db->recovery().snapshot_sequence;
    EXPECT_GT(snapshot_sequence, 30u);
    EXPECT_EQ(db->recovery().commits_replayed, 1u);
    EXPECT_EQ(ScanEverything(*db), before);
    auto names = db->ListTables({});
    ASSERT_THAT(names.status(), IsOk());
    EXPECT_THAT(names->table_names, ElementsAre("Gone", "Orders", "Plain"));
    // The numbering goes on after the snapshot's and the replayed commit:
    // a second snapshot and reopen keep everything.
    ASSERT_THAT(PutKey(*db, 78), IsOk());
    ASSERT_THAT(db->Snapshot(), IsOk());
    ASSERT_THAT(PutKey(*db, 79), IsOk());
  }
  std::unique_ptr<Database> db = OpenOrDie(Options());
  ASSERT_NE(db, nullptr);
  EXPECT_EQ(db->recovery().snapshot_sequence, snapshot_sequence + 2);
  EXPECT_EQ(db->recovery().commits_replayed, 1u);
  EXPECT_TRUE(HasKey(*db, 77));
  EXPECT_TRUE(HasKey(*db, 78));
  EXPECT_TRUE(HasKey(*db, 79));
}

TEST_F(SnapshotTest, TagsAndAnEmptyTableComeBackFromASnapshot) {
  const std::string arn = "arn:aws:dynamodb:ddblocal:000000000000:table/Plain";
  {
    std::unique_ptr<Database> db = OpenOrDie(Options());
    ASSERT_NE(db, nullptr);
    ASSERT_THAT(CreatePlain(*db), IsOk());
    ASSERT_THAT(db->TagResource({.resource_arn = arn,
                                 .tags = std::vector<Tag>{{"env", "dev"}}})
                    .status(),
                IsOk());
    ASSERT_THAT(db->Snapshot(), IsOk());
  }
  std::unique_ptr<Database> db = OpenOrDie(Options());
  ASSERT_NE(db, nullptr);
  EXPECT_EQ(db->recovery().commits_replayed, 0u);
  auto listed = db->ListTagsOfResource({.resource_arn = arn});
  ASSERT_THAT(listed.status(), IsOk());
  EXPECT_EQ(listed->tags, (std::vector<Tag>{{"env", "dev"}}));
  EXPECT_FALSE(HasKey(*db, 1));
  // A table created after a reopen gets a TableId of its own.
  auto created = db->CreateTable(
      testing::TableRequest("Other", KeyType::kS, std::nullopt));
  ASSERT_THAT(created.status(), IsOk());
  auto plain = db->DescribeTable({.table_name = "Plain"});
  ASSERT_THAT(plain.status(), IsOk());
  EXPECT_NE(created->table_description.table_id, plain->table.table_id);
}

TEST_F(SnapshotTest, AnInterruptedSnapshotLeavesThePreviousOneInForce) {
  FaultyFileSystem files;
  uint64_t first = 0;
  {
    std::unique_ptr<Database> db =
        OpenOrDie(Options(SyncMode::kAlways, &files));
    ASSERT_NE(db, nullptr);
    ASSERT_THAT(CreatePlain(*db), IsOk());
    ASSERT_THAT(PutKey(*db, 1), IsOk());
    ASSERT_THAT(db->Snapshot(), IsOk());
    ASSERT_THAT(PutKey(*db, 2), IsOk());
    files.FailRenamesTo(Path("snapshot"));
    absl::Status failed = db->Snapshot();
    EXPECT_EQ(ErrorKindOf(failed), ErrorKind::kInternal);
    EXPECT_THAT(std::string(failed.message()), HasSubstr("rename"));
    // The log was retired, the new snapshot never put in place.
    EXPECT_THAT(Files(dir_),
                ElementsAre(StartsWith("commits-"), "commits.log", "snapshot"));
    // Writes go on.
    ASSERT_THAT(PutKey(*db, 3), IsOk());
  }
  // A crash while writing one leaves its temporary file; it is ignored.
  WriteAll(Path("snapshot.tmp"), "half a snapshot");
  {
    std::unique_ptr<Database> db = OpenOrDie(Options());
    ASSERT_NE(db, nullptr);
    first = db->recovery().snapshot_sequence;
    EXPECT_EQ(first, 2u);  // the table and the first put
    EXPECT_EQ(db->recovery().commits_replayed, 2u);
    EXPECT_TRUE(HasKey(*db, 1));
    EXPECT_TRUE(HasKey(*db, 2));
    EXPECT_TRUE(HasKey(*db, 3));
  }
  EXPECT_FALSE(std::filesystem::exists(Path("snapshot.tmp")));
}

TEST_F(SnapshotTest, ASnapshotIsWrittenInPiecesAndAFullDiskKeepsThePrevious) {
  FaultyFileSystem files;
  constexpr int kItems = 3000;
  const std::string padding(1000, 'x');
  {
    std::unique_ptr<Database> db = OpenOrDie(Options(SyncMode::kNever, &files));
    ASSERT_NE(db, nullptr);
    ASSERT_THAT(CreatePlain(*db), IsOk());
    for (int pk = 0; pk < kItems; ++pk) {
      ASSERT_THAT(db->PutItem({.table_name = "Plain",
                               .item = {{"pk", N(absl::StrCat(pk))},
                                        {"pad", S(padding)}}})
                      .status(),
                  IsOk());
    }
    ASSERT_THAT(db->Snapshot(), IsOk());
    const auto size = std::filesystem::file_size(Path("snapshot"));
    EXPECT_GT(size, 2 * kSnapshotWriteBytes);
    // Never the whole file at once: a piece, and at most one chunk of
    // items past it.
    EXPECT_LT(files.largest_append(), static_cast<int64_t>(size) / 2);
    ASSERT_THAT(PutKey(*db, kItems), IsOk());
    files.FailWritesAfter(static_cast<int64_t>(size) / 2);
    absl::Status failed = db->Snapshot();
    EXPECT_EQ(ErrorKindOf(failed), ErrorKind::kInternal);
    EXPECT_THAT(std::string(failed.message()),
                HasSubstr("No space left on device"));
    EXPECT_FALSE(std::filesystem::exists(Path("snapshot.tmp")));
  }
  std::unique_ptr<Database> db = OpenOrDie(Options());
  ASSERT_NE(db, nullptr);
  EXPECT_EQ(db->recovery().commits_replayed, 1u);
  EXPECT_TRUE(HasKey(*db, 0));
  EXPECT_TRUE(HasKey(*db, kItems - 1));
  EXPECT_TRUE(HasKey(*db, kItems));
}

TEST_F(SnapshotTest, RetiredLogsAreReplayedOrRemovedByWhatTheSnapshotCovers) {
  FaultyFileSystem files;
  {
    std::unique_ptr<Database> db =
        OpenOrDie(Options(SyncMode::kAlways, &files));
    ASSERT_NE(db, nullptr);
    ASSERT_THAT(CreatePlain(*db), IsOk());
    ASSERT_THAT(db->Snapshot(), IsOk());  // of commit 1
    ASSERT_THAT(PutKey(*db, 1), IsOk());  // commit 2, then retired
    files.FailRenamesTo(Path("snapshot"));
    ASSERT_FALSE(db->Snapshot().ok());
  }
  const std::string retired = Path(RetiredLogName(2));
  ASSERT_TRUE(std::filesystem::exists(retired));
  // A retired log the snapshot covers, as a crash after the snapshot's
  // rename would leave it: removed unread, whatever it holds.
  WriteAll(Path(RetiredLogName(1)), "not even a record");
  // A retired log was whole when retired: cut short, it refuses to open.
  const std::string whole = ReadAll(retired);
  WriteAll(retired, whole.substr(0, whole.size() - 3));
  auto refused = Database::Open(Options());
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(std::string(refused.status().message()),
            absl::StrCat("corrupt write-ahead log ", retired, " at offset 0: ",
                         "a retired log ends inside a record"));
  WriteAll(retired, whole);
  std::unique_ptr<Database> db = OpenOrDie(Options());
  ASSERT_NE(db, nullptr);
  EXPECT_EQ(db->recovery().snapshot_sequence, 1u);
  EXPECT_EQ(db->recovery().commits_replayed, 1u);
  EXPECT_TRUE(HasKey(*db, 1));
  EXPECT_FALSE(std::filesystem::exists(Path(RetiredLogName(1))));
}

TEST_F(SnapshotTest, ADamagedOrCutSnapshotRefusesToOpen) {
  {
    std::unique_ptr<Database> db = OpenOrDie(Options());
    ASSERT_NE(db, nullptr);
    RunWorkload(*db);
    ASSERT_FALSE(HasFatalFailure());
    ASSERT_THAT(db->Snapshot(), IsOk());
  }
  const std::string whole = ReadAll(Path("snapshot"));
  ASSERT_GT(whole.size(), 100u);
  const std::string name = Path("snapshot");
  auto open_error = [&](const std::string& contents) {
    WriteAll(name, contents);
    auto db = Database::Open(Options());
    EXPECT_FALSE(db.ok());
    return db.status();
  };
  // A flipped bit in a record's payload.
  std::string flipped = whole;
  flipped[whole.size() / 2] ^= 0x10;
  absl::Status status = open_error(flipped);
  EXPECT_EQ(ErrorKindOf(status), ErrorKind::kInternal);
  EXPECT_THAT(std::string(status.message()),
              ::testing::MatchesRegex("corrupt snapshot " + name +
                                      " at offset [0-9]+: .*CRC"));
  // Cut inside a record, and cut before the end record.
  status = open_error(whole.substr(0, whole.size() - 5));
  EXPECT_THAT(std::string(status.message()),
              HasSubstr("corrupt snapshot " + name + " at offset "));
  EXPECT_THAT(std::string(status.message()),
              HasSubstr("it ends inside a record"));
  // The end record: its 12-byte header and a payload of the magic, a
  // length byte and the count.
  const size_t end_record = 12 + 1 + 21 + 1;
  status = open_error(whole.substr(0, whole.size() - end_record));
  EXPECT_THAT(std::string(status.message()),
              HasSubstr(absl::StrCat("corrupt snapshot ", name, " at offset ",
                                     whole.size() - end_record,
                                     ": its end record is missing")));
  // Whole again, it opens.
  WriteAll(name, whole);
  EXPECT_THAT(Database::Open(Options()).status(), IsOk());
}

TEST_F(SnapshotTest, TheLogsGrowthTriggersASnapshot) {
  DatabaseOptions options = Options();
  options.durability.snapshot_log_bytes = 1;
  options.durability.snapshot_check_interval = absl::Milliseconds(5);
  std::unique_ptr<Database> db = OpenOrDie(options);
  ASSERT_NE(db, nullptr);
  ASSERT_THAT(CreatePlain(*db), IsOk());
  ASSERT_THAT(PutKey(*db, 1), IsOk());
  const absl::Time deadline = absl::Now() + absl::Seconds(10);
  while (!std::filesystem::exists(Path("snapshot")) && absl::Now() < deadline) {
    absl::SleepFor(absl::Milliseconds(5));
  }
  ASSERT_TRUE(std::filesystem::exists(Path("snapshot")));
  db.reset();
  db = OpenOrDie(Options());
  ASSERT_NE(db, nullptr);
  EXPECT_GT(db->recovery().snapshot_sequence, 0u);
  EXPECT_TRUE(HasKey(*db, 1));
}

// Writers go on while snapshots are taken; every write acknowledged is
// there after a reopen, whichever snapshot and log it landed in.
using SnapshotConcurrencyTest = DurableDirectoryTest;

TEST_F(SnapshotConcurrencyTest, WritersGoOnWhileSnapshotsAreTaken) {
  constexpr int kWriters = 3;
  constexpr int kPutsEach = 1000;
  {
    std::unique_ptr<Database> db = OpenOrDie(Options(SyncMode::kNever));
    ASSERT_NE(db, nullptr);
    ASSERT_THAT(CreatePlain(*db), IsOk());
    std::atomic<int> writing{kWriters};
    std::vector<std::thread> writers;
    for (int w = 0; w < kWriters; ++w) {
      writers.emplace_back([&db, &writing, w] {
        for (int i = 0; i < kPutsEach; ++i) {
          EXPECT_THAT(PutKey(*db, w * kPutsEach + i), IsOk());
        }
        --writing;
      });
    }
    int snapshots = 0;
    while (writing > 0 || snapshots == 0) {
      EXPECT_THAT(db->Snapshot(), IsOk());
      ++snapshots;
    }
    for (std::thread& writer : writers) writer.join();
  }
  std::unique_ptr<Database> db = OpenOrDie(Options(SyncMode::kNever));
  ASSERT_NE(db, nullptr);
  EXPECT_EQ(db->recovery().snapshot_sequence + db->recovery().commits_replayed,
            1u + kWriters * kPutsEach);
  for (int pk = 0; pk < kWriters * kPutsEach; ++pk) {
    ASSERT_TRUE(HasKey(*db, pk)) << pk;
  }
}

TEST(RetiredLogNameTest, NamesSortAsTheirNumbersAndOthersAreNotRetiredLogs) {
  EXPECT_EQ(RetiredLogName(42), "commits-00000000000000000042.log");
  EXPECT_LT(RetiredLogName(9), RetiredLogName(10));
  EXPECT_EQ(RetiredLogThrough(RetiredLogName(18446744073709551615u)),
            18446744073709551615u);
  for (const char* other :
       {"commits.log", "commits-42.log", "commits-0000000000000000004x.log",
        "commits-00000000000000000042.log.tmp", "snapshot"}) {
    EXPECT_EQ(RetiredLogThrough(other), std::nullopt) << other;
  }
}

TEST(InMemorySnapshotTest, AnInMemoryDatabaseHasNothingToSnapshotTo) {
  Database db;
  absl::Status status = db.Snapshot();
  EXPECT_EQ(ErrorKindOf(status), ErrorKind::kValidation);
  EXPECT_THAT(std::string(status.message()), HasSubstr("in memory"));
}

}  // namespace
}  // namespace dynamite
