// Recovery's replay (durability/replay.h): the commits of a workload that
// makes every kind of commit, encoded as the log writes them and decoded,
// rebuild the same tables, items and index entries in a fresh catalog,
// with the same sequence numbers; a log that does not fit is refused with
// the commit it stopped at.

#include "durability/replay.h"

#include <memory>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include "api/database.h"
#include "common/errors.h"
#include "store/catalog.h"
#include "store/commit_sequencer.h"
#include "tests/support/commit_workload.h"
#include "tests/support/encoding_observer.h"
#include "tests/support/status_matchers.h"

namespace dynamite {
namespace {

using ::dynamite::testing::DecodeAll;
using ::dynamite::testing::EncodingObserver;
using ::dynamite::testing::IsError;
using ::dynamite::testing::IsOk;
using ::dynamite::testing::ReadContents;
using ::dynamite::testing::RunWorkload;
using ::testing::ElementsAre;

TEST(ReplayTest, TheLoggedCommitsRebuildTheDatabase) {
  Database source;
  EncodingObserver observer;
  source.AddCommitObserver(&observer);
  RunWorkload(source);
  ASSERT_FALSE(::testing::Test::HasFatalFailure());

  CommitSequencer sequencer;
  Catalog catalog(sequencer);
  LogReplayer replayer(catalog, sequencer);
  for (const LoggedCommit& commit : DecodeAll(observer.payloads)) {
    ASSERT_THAT(replayer.Apply(commit), IsOk()) << commit.sequence;
  }
  // Each commit took the number it had.
  EXPECT_EQ(sequencer.next_sequence(), observer.payloads.size() + 1);
  ASSERT_THAT(catalog.ListNames("", 10),
              ElementsAre("Gone", "Orders", "Plain"));
  ASSERT_EQ(observer.live_tables.size(), 3u);
  for (const auto& [name, table] : observer.live_tables) {
    auto rebuilt = catalog.Find(name, "not found");
    ASSERT_THAT(rebuilt, IsOk());
    EXPECT_EQ((*rebuilt)->definition()->table_id, table->definition()->table_id)
        << name;
    // The items, the index entries and the size, read at the store.
    EXPECT_TRUE(ReadContents(**rebuilt) == ReadContents(*table)) << name;
  }
  EXPECT_FALSE(
      ReadContents(**catalog.Find("Orders", "not found")).items.empty());
}

TEST(ReplayTest, ALogThatDoesNotFitIsRefusedAtItsCommit) {
  Database source;
  EncodingObserver observer;
  source.AddCommitObserver(&observer);
  RunWorkload(source);
  ASSERT_FALSE(::testing::Test::HasFatalFailure());
  const std::vector<LoggedCommit> commits = DecodeAll(observer.payloads);

  CommitSequencer sequencer;
  Catalog catalog(sequencer);
  LogReplayer replayer(catalog, sequencer);
  // The second commit first: out of order.
  EXPECT_THAT(replayer.Apply(commits[1]),
              IsError(ErrorKind::kInternal,
                      "the log does not fit the database at commit 2: the "
                      "next commit is number 1"));
  // An item commit before its table's creation.
  LoggedCommit orphan = commits[2];
  orphan.sequence = 1;
  ASSERT_EQ(orphan.kind, LoggedCommit::Kind::kItems);
  EXPECT_THAT(
      replayer.Apply(orphan),
      IsError(ErrorKind::kInternal,
              "the log does not fit the database at commit 1: it "
              "writes to table " +
                  orphan.changes[0].table_name + ", which does not exist"));
  EXPECT_EQ(sequencer.next_sequence(), 1u);
}

}  // namespace
}  // namespace dynamite
