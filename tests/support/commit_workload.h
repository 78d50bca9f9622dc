// A workload that makes every kind of commit, and what a table holds read
// at the store: what the replay tests (tests/api/commit_replay_test.cc, the
// in-memory records; tests/durability/replay_test.cc, the logged ones)
// run, and compare a rebuilt database by.

#ifndef DYNAMITE_TESTS_SUPPORT_COMMIT_WORKLOAD_H_
#define DYNAMITE_TESTS_SUPPORT_COMMIT_WORKLOAD_H_

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include "api/database.h"
#include "store/table.h"
#include "tests/support/database_fixtures.h"
#include "tests/support/status_matchers.h"

namespace dynamite::testing {

// What a table holds, read at the store: its indexes' names, its items in
// scan order, and each index's entries in scan order.
struct Contents {
  std::vector<std::string> index_names;
  std::vector<Item> items;
  std::map<std::string, std::vector<Item>> index_entries;
  int64_t size_bytes = 0;

  bool operator==(const Contents&) const = default;
};

inline Contents ReadContents(const Table& table) {
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
inline CreateTableRequest IndexedTable(const std::string& name) {
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

inline Item Row(const std::string& pk, const std::string& sk, int n) {
  return Item{{"pk", S(pk)},
              {"sk", S(sk)},
              {"l", S(absl::StrCat("l", n % 3))},
              {"g", S(absl::StrCat("g", n % 2))},
              {"n", N(absl::StrCat(n))}};
}

// Runs every kind of commit against `db`.
inline void RunWorkload(Database& db) {
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

}  // namespace dynamite::testing

#endif  // DYNAMITE_TESTS_SUPPORT_COMMIT_WORKLOAD_H_
