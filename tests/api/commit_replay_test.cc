// The claim store/commit_observer.h makes for durability and streams:
// replaying the observed commits, in order, into an empty store rebuilds
// the same database. A Database runs every kind of write (PutItem,
// UpdateItem, DeleteItem, BatchWriteItem, TransactWriteItems with a
// ConditionCheck, failed writes) and every kind of table commit (CreateTable
// with an LSI and a GSI, UpdateTable adding a GSI over stored items and
// dropping one, DeleteTable, a table re-created under a deleted one's name).
// A log observer keeps what it is told; the log is replayed into a fresh
// Catalog through the same store calls the operations use (Catalog::Create,
// Table::Redefine, Catalog::Delete, Commit) and the replay must number its
// commits as the source did and end with the same tables, items and index
// entries.

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include "api/database.h"
#include "store/catalog.h"
#include "store/commit.h"
#include "store/commit_observer.h"
#include "store/commit_sequencer.h"
#include "store/table.h"
#include "tests/support/commit_workload.h"
#include "tests/support/database_fixtures.h"
#include "tests/support/status_matchers.h"

namespace dynamite {
namespace {

using ::dynamite::testing::Contents;
using ::dynamite::testing::IsOk;
using ::dynamite::testing::N;
using ::dynamite::testing::ReadContents;
using ::dynamite::testing::RunWorkload;
using ::dynamite::testing::S;
using ::dynamite::testing::TableRequest;
using ::testing::ElementsAreArray;
using ::testing::IsEmpty;
using ::testing::SizeIs;

// One observed commit: a table commit, or an item commit's records (which
// share the packed images with the tables: nothing is copied).
struct LogEntry {
  uint64_t sequence = 0;
  std::optional<TableChangeRecord> table_change;
  std::vector<ChangeRecord> records;
};

// Appends each commit as it is told of it (one at a time, under the
// sequencer's mutex).
class LogObserver : public CommitObserver {
 public:
  void OnItemCommit(uint64_t sequence, absl::Time /*committed*/,
                    absl::Span<const ChangeRecord> records) override {
    log_.push_back(LogEntry{.sequence = sequence,
                            .records = {records.begin(), records.end()}});
  }
  void OnTableCommit(const TableChangeRecord& record) override {
    log_.push_back(
        LogEntry{.sequence = record.sequence, .table_change = record});
  }

  const std::vector<LogEntry>& log() const { return log_; }

 private:
  std::vector<LogEntry> log_;
};

// Rebuilds a store from a log, as recovery will.
class Replayer {
 public:
  Replayer() : catalog_(sequencer_) {}

  // Applies one entry and returns the sequence number the replay gave it.
  uint64_t Apply(const LogEntry& entry) {
    const uint64_t sequence = sequencer_.next_sequence();
    if (entry.table_change.has_value()) {
      ApplyTableChange(*entry.table_change);
    } else {
      ApplyItems(entry.records);
    }
    EXPECT_EQ(sequencer_.next_sequence(), sequence + 1)
        << "entry " << entry.sequence << " was not one commit";
    return sequence;
  }

  const Catalog& catalog() const { return catalog_; }

 private:
  void ApplyTableChange(const TableChangeRecord& change) {
    const std::string& name = change.definition->name;
    switch (change.kind) {
      case TableChangeRecord::Kind::kCreate: {
        absl::StatusOr<std::shared_ptr<Table>> table =
            catalog_.Create(*change.definition);
        ASSERT_THAT(table.status(), IsOk());
        tables_[change.table] = *std::move(table);
        return;
      }
      case TableChangeRecord::Kind::kRedefine: {
        absl::StatusOr<std::shared_ptr<const TableDefinition>> redefined =
            Replayed(change.table)
                .Redefine([&](const TableDefinition&)
                              -> absl::StatusOr<TableDefinition> {
                  return *change.definition;
                });
        ASSERT_THAT(redefined.status(), IsOk());
        return;
      }
      case TableChangeRecord::Kind::kDelete:
        ASSERT_THAT(catalog_.Delete(name, "not found").status(), IsOk());
        tables_.erase(change.table);
        return;
    }
  }

  // The commit's writes (a ConditionCheck's kept record wrote nothing) as
  // one commit of the replay: each stores the observed new image, or
  // deletes.
  void ApplyItems(const std::vector<ChangeRecord>& records) {
    std::vector<std::function<absl::StatusOr<NextItem>(const ItemPtr&)>>
        computes;
    computes.reserve(records.size());
    for (const ChangeRecord& record : records) {
      computes.emplace_back(
          [&record](const ItemPtr&) -> absl::StatusOr<NextItem> {
            if (record.kept) return NextItem::Keep();
            if (record.new_image == nullptr) return NextItem::Delete();
            return NextItem::Own(*record.new_image);
          });
    }
    std::vector<Change> changes;
    for (size_t i = 0; i < records.size(); ++i) {
      changes.push_back(
          Change{&Replayed(records[i].table), records[i].key, computes[i]});
    }
    EXPECT_THAT(Commit(changes).status, IsOk());
  }

  Table& Replayed(const Table* source) {
    auto it = tables_.find(source);
    EXPECT_NE(it, tables_.end()) << "a commit to a table never created";
    return *it->second;
  }

  CommitSequencer sequencer_;
  Catalog catalog_;
  // The source's tables (by identity: a re-created table is another one)
  // to their replays.
  std::map<const Table*, std::shared_ptr<Table>> tables_;
};

TEST(CommitReplayTest, ReplayingTheObservedCommitsRebuildsTheDatabase) {
  Database source;
  LogObserver observer;
  source.AddCommitObserver(&observer);
  RunWorkload(source);
  ASSERT_FALSE(::testing::Test::HasFatalFailure());

  Replayer replayer;
  std::vector<uint64_t> observed;
  std::vector<uint64_t> replayed;
  for (const LogEntry& entry : observer.log()) {
    observed.push_back(entry.sequence);
    replayed.push_back(replayer.Apply(entry));
  }
  // 4 tables created, 1 deleted, 2 redefined; 12 + 12 puts, 2 updates and
  // a delete, 3 batch writes, 1 transaction, 3 more puts.
  EXPECT_THAT(observed, SizeIs(4 + 1 + 2 + 24 + 3 + 3 + 1 + 3));
  EXPECT_THAT(replayed, ElementsAreArray(observed));

  std::vector<std::string> names = replayer.catalog().ListNames("", 100);
  ASSERT_THAT(names, ElementsAreArray({"Gone", "Orders", "Plain"}));
  // The source's tables as they are now, read the same way.
  std::map<std::string, const Table*> live;
  for (const LogEntry& entry : observer.log()) {
    if (!entry.table_change.has_value()) continue;
    const std::string& name = entry.table_change->definition->name;
    if (entry.table_change->kind == TableChangeRecord::Kind::kDelete) {
      live.erase(name);
    } else {
      live[name] = entry.table_change->table;
    }
  }
  for (const std::string& name : names) {
    SCOPED_TRACE(name);
    absl::StatusOr<std::shared_ptr<Table>> rebuilt =
        replayer.catalog().Find(name, "not found");
    ASSERT_THAT(rebuilt.status(), IsOk());
    const Contents want = ReadContents(*live.at(name));
    EXPECT_THAT(want.items, ::testing::Not(IsEmpty()));
    EXPECT_TRUE(ReadContents(**rebuilt) == want);
  }
  // The dropped GSI is gone, the added one was built, in the replay too.
  const Contents orders =
      ReadContents(**replayer.catalog().Find("Orders", "not found"));
  EXPECT_THAT(orders.index_names, ElementsAreArray({"by_l"}));
  const Contents plain =
      ReadContents(**replayer.catalog().Find("Plain", "not found"));
  EXPECT_THAT(plain.index_entries.at("by_v"), SizeIs(12 - 2 + 1));
}

}  // namespace
}  // namespace dynamite
