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
#include "tests/support/database_fixtures.h"
#include "tests/support/status_matchers.h"

namespace dynamite {
namespace {

using ::dynamite::testing::IsOk;
using ::dynamite::testing::N;
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
  void OnItemCommit(uint64_t sequence,
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

// What a table holds, read at the store: its indexes' names, its items in
// scan order, and each index's entries in scan order.
struct Contents {
  std::vector<std::string> index_names;
  std::vector<Item> items;
  std::map<std::string, std::vector<Item>> index_entries;
  int64_t size_bytes = 0;

  bool operator==(const Contents&) const = default;
};

Contents ReadContents(const Table& table) {
  Contents contents;
  table.VisitAll(ScanRange{}, [&](absl::string_view, const PackedItem& item) {
    contents.items.push_back(item.Decode());
    return true;
  });
  for (const IndexDefinition& index : table.definition()->indexes) {
    contents.index_names.push_back(index.name);
    std::vector<Item>& entries = contents.index_entries[index.name];
    EXPECT_TRUE(table.VisitIndexAll(index.name, 0, 1, nullptr,
                                    [&](const PackedItem& entry, int64_t) {
                                      entries.push_back(entry.Decode());
                                      return true;
                                    }));
  }
  contents.size_bytes = table.size_bytes();
  return contents;
}

// A table keyed by pk and sk with an LSI on `l` and a GSI on `g`.
CreateTableRequest IndexedTable(const std::string& name) {
  CreateTableRequest request = TableRequest(name, KeyType::kS, KeyType::kS);
  request.attribute_definitions.push_back({"l", KeyType::kS});
  request.attribute_definitions.push_back({"g", KeyType::kS});
  request.local_secondary_indexes = std::vector<LocalSecondaryIndex>{
      {.index_name = "by_l",
       .key_schema = {{"pk", KeySchemaRole::kHash},
                      {"l", KeySchemaRole::kRange}},
       .projection = {.projection_type = ProjectionType::kAll}}};
  request.global_secondary_indexes = std::vector<GlobalSecondaryIndex>{
      {.index_name = "by_g",
       .key_schema = {{"g", KeySchemaRole::kHash}},
       .projection = {.projection_type = ProjectionType::kKeysOnly}}};
  return request;
}

Item Row(const std::string& pk, const std::string& sk, int n) {
  return Item{{"pk", S(pk)},
              {"sk", S(sk)},
              {"l", S(absl::StrCat("l", n % 3))},
              {"g", S(absl::StrCat("g", n % 2))},
              {"n", N(absl::StrCat(n))}};
}

// Runs every kind of commit against `db`.
void RunWorkload(Database& db) {
  ASSERT_THAT(db.CreateTable(IndexedTable("Orders")).status(), IsOk());
  ASSERT_THAT(
      db.CreateTable(TableRequest("Plain", KeyType::kN, std::nullopt)).status(),
      IsOk());
  for (int i = 0; i < 12; ++i) {
    ASSERT_THAT(db.PutItem({.table_name = "Orders",
                            .item = Row(absl::StrCat("p", i % 4),
                                        absl::StrCat("s", i), i)})
                    .status(),
                IsOk());
    ASSERT_THAT(db.PutItem({.table_name = "Plain",
                            .item = Item{{"pk", N(absl::StrCat(i))},
                                         {"v", S(absl::StrCat("v", i))}}})
                    .status(),
                IsOk());
  }
  // An update that moves an item in both indexes, one that removes its LSI
  // key, and one that fails its condition (not a commit).
  UpdateItemRequest move{
      .table_name = "Orders",
      .key = Item{{"pk", S("p1")}, {"sk", S("s1")}},
      .update_expression = "SET l = :l, g = :g ADD n :one",
      .expression_attribute_values =
          AttributeMap{{":l", S("moved")}, {":g", S("g9")}, {":one", N("1")}}};
  ASSERT_THAT(db.UpdateItem(move).status(), IsOk());
  UpdateItemRequest unindex{.table_name = "Orders",
                            .key = Item{{"pk", S("p2")}, {"sk", S("s2")}},
                            .update_expression = "REMOVE l"};
  ASSERT_THAT(db.UpdateItem(unindex).status(), IsOk());
  UpdateItemRequest refused = move;
  refused.condition_expression = "attribute_not_exists(pk)";
  EXPECT_FALSE(db.UpdateItem(refused).ok());
  ASSERT_THAT(db.DeleteItem({.table_name = "Orders",
                             .key = Item{{"pk", S("p3")}, {"sk", S("s3")}}})
                  .status(),
              IsOk());

  BatchWriteItemRequest batch;
  batch.request_items["Orders"].push_back(
      {.put_request = PutRequest{Row("p0", "s0", 100)}});
  batch.request_items["Orders"].push_back(
      {.delete_request =
           DeleteRequest{Item{{"pk", S("p0")}, {"sk", S("s4")}}}});
  batch.request_items["Plain"].push_back(
      {.delete_request = DeleteRequest{Item{{"pk", N("5")}}}});
  ASSERT_THAT(db.BatchWriteItem(std::move(batch)).status(), IsOk());

  TransactWriteItemsRequest transaction;
  transaction.transact_items.push_back(
      {.condition_check =
           ConditionCheck{.table_name = "Plain",
                          .key = Item{{"pk", N("1")}},
                          .condition_expression = "attribute_exists(pk)"}});
  transaction.transact_items.push_back(
      {.put = TransactPut{.table_name = "Orders", .item = Row("p9", "s9", 9)}});
  transaction.transact_items.push_back(
      {.delete_item =
           TransactDelete{.table_name = "Plain", .key = Item{{"pk", N("2")}}}});
  ASSERT_THAT(db.TransactWriteItems(transaction).status(), IsOk());

  // A GSI added over the stored items (a backfill), then one dropped.
  GlobalSecondaryIndex by_v{
      .index_name = "by_v",
      .key_schema = {{"v", KeySchemaRole::kHash}},
      .projection = {.projection_type = ProjectionType::kAll}};
  ASSERT_THAT(
      db.UpdateTable(
            {.table_name = "Plain",
             .attribute_definitions =
                 std::vector<AttributeDefinition>{{"v", KeyType::kS}},
             .global_secondary_index_updates =
                 std::vector<GlobalSecondaryIndexUpdate>{{.create = by_v}}})
          .status(),
      IsOk());
  ASSERT_THAT(db.PutItem({.table_name = "Plain",
                          .item = Item{{"pk", N("50")}, {"v", S("after")}}})
                  .status(),
              IsOk());
  GlobalSecondaryIndexUpdate drop{.delete_index_name = "by_g"};
  ASSERT_THAT(
      db.UpdateTable({.table_name = "Orders",
                      .global_secondary_index_updates =
                          std::vector<GlobalSecondaryIndexUpdate>{drop}})
          .status(),
      IsOk());

  // A table deleted, and another made under its name.
  ASSERT_THAT(
      db.CreateTable(TableRequest("Gone", KeyType::kS, std::nullopt)).status(),
      IsOk());
  ASSERT_THAT(db.PutItem({.table_name = "Gone", .item = Item{{"pk", S("old")}}})
                  .status(),
              IsOk());
  ASSERT_THAT(db.DeleteTable({.table_name = "Gone"}).status(), IsOk());
  ASSERT_THAT(db.CreateTable(IndexedTable("Gone")).status(), IsOk());
  ASSERT_THAT(
      db.PutItem({.table_name = "Gone", .item = Row("new", "s", 1)}).status(),
      IsOk());
}

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
