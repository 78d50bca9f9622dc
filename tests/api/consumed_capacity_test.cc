// ReturnConsumedCapacity on the non-transactional operations (reference
// §10; api/consumed_capacity.h): the unit rules and their boundaries, the
// TOTAL and INDEXES shapes, index writes and index reads, failed
// conditions, and the batches' per-table entries.

#include "api/consumed_capacity.h"

#include <map>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include "api/database.h"
#include "tests/support/database_fixtures.h"
#include "tests/support/status_matchers.h"

namespace dynamite {

// For gMock's messages (found by argument-dependent lookup).
void PrintTo(const Capacity& capacity, std::ostream* os) {
  *os << "{read " << capacity.read_units << ", write " << capacity.write_units
      << "}";
}

void PrintTo(const ConsumedCapacity& capacity, std::ostream* os) {
  *os << capacity.table_name << ": ";
  PrintTo(capacity.total, os);
  if (capacity.table.has_value()) {
    *os << " table ";
    PrintTo(*capacity.table, os);
  }
  for (const auto& [name, units] : capacity.global_secondary_indexes) {
    *os << " gsi " << name << " ";
    PrintTo(units, os);
  }
  for (const auto& [name, units] : capacity.local_secondary_indexes) {
    *os << " lsi " << name << " ";
    PrintTo(units, os);
  }
}

namespace {

using ::dynamite::testing::ErrorKindIs;
using ::dynamite::testing::IsOk;
using ::dynamite::testing::N;
using ::dynamite::testing::S;
using ::dynamite::testing::TableRequest;
using ::testing::ElementsAre;
using ::testing::IsEmpty;
using ::testing::Optional;
using ::testing::Pair;

constexpr ReturnConsumedCapacity kTotal = ReturnConsumedCapacity::kTotal;
constexpr ReturnConsumedCapacity kIndexes = ReturnConsumedCapacity::kIndexes;

// An item {pk, v} of exactly `size` bytes: "pk" + the key + "v" + the
// value. REQUIRES: size >= 3 + pk.size().
Item Sized(const std::string& pk, int64_t size) {
  const int64_t value = size - 3 - static_cast<int64_t>(pk.size());
  return Item{{"pk", S(pk)}, {"v", S(std::string(value, 'x'))}};
}

// The TOTAL report of `table`: `read` and `write` units.
ConsumedCapacity Total(const std::string& table, double read, double write) {
  return ConsumedCapacity{.table_name = table,
                          .total = {.read_units = read, .write_units = write}};
}

Capacity Reads(double units) { return Capacity{.read_units = units}; }
Capacity Writes(double units) { return Capacity{.write_units = units}; }

TEST(CapacityUnitsTest, ReadsRoundUpToFourKilobyteBlocks) {
  EXPECT_EQ(ReadUnits(0, ReadMode::kStrong), 1);  // a missing item
  EXPECT_EQ(ReadUnits(4096, ReadMode::kStrong), 1);
  EXPECT_EQ(ReadUnits(4097, ReadMode::kStrong), 2);
  EXPECT_EQ(ReadUnits(0, ReadMode::kEventual), 0.5);
  EXPECT_EQ(ReadUnits(4097, ReadMode::kEventual), 1);
  EXPECT_EQ(ReadUnits(8193, ReadMode::kEventual), 1.5);
  EXPECT_EQ(ReadUnits(4096, ReadMode::kTransactional), 2);
  EXPECT_EQ(ReadUnits(4097, ReadMode::kTransactional), 4);
}

TEST(CapacityUnitsTest, WritesRoundUpToOneKilobyteBlocks) {
  EXPECT_EQ(WriteUnits(0, false), 1);
  EXPECT_EQ(WriteUnits(1024, false), 1);
  EXPECT_EQ(WriteUnits(1025, false), 2);
  EXPECT_EQ(WriteUnits(1024, true), 2);
  EXPECT_EQ(WriteUnits(1025, true), 4);
}

TEST(CapacityMeterTest, NoneRecordsNothing) {
  CapacityMeter meter(ReturnConsumedCapacity::kNone);
  meter.AddTableRead("tab", 1);
  EXPECT_FALSE(meter.enabled());
  EXPECT_THAT(meter.Report(), IsEmpty());
  EXPECT_EQ(meter.ReportTable("tab"), std::nullopt);
}

TEST(CapacityMeterTest, ReportsTablesInFirstChargeOrder) {
  CapacityMeter meter(kTotal);
  meter.AddTableWrite("b", 1);
  meter.AddTableRead("a", 0.5);
  meter.AddTableWrite("b", 2);
  EXPECT_THAT(meter.Report(),
              ElementsAre(Total("b", 0, 3), Total("a", 0.5, 0)));
  // A table nothing was charged to is still reported.
  EXPECT_EQ(meter.ReportTable("c"), Total("c", 0, 0));
}

TEST(CapacityMeterTest, FailedWriteCostsItsBytesOrOneUnit) {
  CapacityMeter meter(kTotal);
  meter.AddFailedWrite("tab", 0, false);
  meter.AddFailedWrite("tab", 1025, false);
  meter.AddFailedWrite("tab", 10, true);
  EXPECT_EQ(meter.ReportTable("tab"), Total("tab", 0, 1 + 2 + 2));
}

class ConsumedCapacityTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_THAT(db_.CreateTable(TableRequest("tab", KeyType::kS, std::nullopt)),
                IsOk());
  }

  void Put(Item item, const std::string& table = "tab") {
    ASSERT_THAT(db_.PutItem({.table_name = table, .item = std::move(item)}),
                IsOk());
  }

  std::optional<ConsumedCapacity> Get(const std::string& pk, bool consistent,
                                      ReturnConsumedCapacity asked = kTotal) {
    GetItemRequest get{.table_name = "tab", .key = {{"pk", S(pk)}}};
    get.consistent_read = consistent;
    get.return_consumed_capacity = asked;
    absl::StatusOr<GetItemResponse> response = db_.GetItem(get);
    EXPECT_THAT(response, IsOk());
    return response.ok() ? response->consumed_capacity : std::nullopt;
  }

  std::optional<ConsumedCapacity> PutCapacity(
      Item item, ReturnConsumedCapacity asked = kTotal) {
    PutItemRequest put{.table_name = "tab", .item = std::move(item)};
    put.return_consumed_capacity = asked;
    WriteResult<PutItemResponse> response = db_.PutItem(put);
    EXPECT_THAT(response, IsOk());
    return response.ok() ? response->consumed_capacity : std::nullopt;
  }

  Database db_;
};

TEST_F(ConsumedCapacityTest, NoneAndAbsentReportNothing) {
  Put(Sized("a", 100));
  EXPECT_EQ(Get("a", true, ReturnConsumedCapacity::kNone), std::nullopt);
  EXPECT_EQ(PutCapacity(Sized("a", 100), ReturnConsumedCapacity::kNone),
            std::nullopt);
}

TEST_F(ConsumedCapacityTest, GetItemRoundsTheItemToFourKilobyteBlocks) {
  Put(Sized("four", 4096));
  Put(Sized("over", 4097));

  EXPECT_EQ(Get("four", true), Total("tab", 1, 0));
  EXPECT_EQ(Get("four", false), Total("tab", 0.5, 0));
  EXPECT_EQ(Get("over", true), Total("tab", 2, 0));
  EXPECT_EQ(Get("over", false), Total("tab", 1, 0));
}

TEST_F(ConsumedCapacityTest, GetItemOfAMissingItemCostsOneBlock) {
  EXPECT_EQ(Get("nobody", true), Total("tab", 1, 0));
  EXPECT_EQ(Get("nobody", false), Total("tab", 0.5, 0));
}

TEST_F(ConsumedCapacityTest, GetItemCostsTheWholeItemWhateverItProjects) {
  Put(Sized("over", 4097));
  GetItemRequest get{.table_name = "tab", .key = {{"pk", S("over")}}};
  get.projection_expression = "pk";
  get.consistent_read = true;
  get.return_consumed_capacity = kTotal;
  absl::StatusOr<GetItemResponse> response = db_.GetItem(get);
  ASSERT_THAT(response, IsOk());
  EXPECT_EQ(response->consumed_capacity, Total("tab", 2, 0));
}

TEST_F(ConsumedCapacityTest, IndexesAddsTheTableBucketEvenWithoutIndexes) {
  Put(Sized("a", 100));
  std::optional<ConsumedCapacity> capacity = Get("a", true, kIndexes);
  ASSERT_TRUE(capacity.has_value());
  EXPECT_EQ(capacity->total, Reads(1));
  EXPECT_THAT(capacity->table, Optional(Reads(1)));
  EXPECT_THAT(capacity->global_secondary_indexes, IsEmpty());
  EXPECT_THAT(capacity->local_secondary_indexes, IsEmpty());
  // TOTAL has no buckets.
  EXPECT_EQ(Get("a", true, kTotal)->table, std::nullopt);
}

TEST_F(ConsumedCapacityTest, PutItemRoundsToOneKilobyteBlocks) {
  EXPECT_EQ(PutCapacity(Sized("a", 1024)), Total("tab", 0, 1));
  EXPECT_EQ(PutCapacity(Sized("b", 1025)), Total("tab", 0, 2));
}

TEST_F(ConsumedCapacityTest, PutItemCostsTheLargerOfOldAndNew) {
  Put(Sized("a", 2049));
  EXPECT_EQ(PutCapacity(Sized("a", 10)), Total("tab", 0, 3));
  EXPECT_EQ(PutCapacity(Sized("a", 10)), Total("tab", 0, 1));
}

TEST_F(ConsumedCapacityTest, UpdateItemCostsTheLargerOfBeforeAndAfter) {
  Put(Sized("a", 10));
  UpdateItemRequest grow{.table_name = "tab", .key = {{"pk", S("a")}}};
  grow.update_expression = "SET v = :v";
  // "pk" "a" "v" and 2045 bytes of value: 2049 bytes.
  grow.expression_attribute_values = {{":v", S(std::string(2045, 'y'))}};
  grow.return_consumed_capacity = kTotal;
  WriteResult<UpdateItemResponse> grown = db_.UpdateItem(grow);
  ASSERT_THAT(grown, IsOk());
  EXPECT_EQ(grown->consumed_capacity, Total("tab", 0, 3));

  UpdateItemRequest shrink = grow;
  shrink.expression_attribute_values = {{":v", S("z")}};
  shrink.return_values = ReturnValue::kAllOld;  // moves the images out
  WriteResult<UpdateItemResponse> shrunk = db_.UpdateItem(shrink);
  ASSERT_THAT(shrunk, IsOk());
  EXPECT_EQ(shrunk->consumed_capacity, Total("tab", 0, 3));

  // A missing item: the item the update creates.
  UpdateItemRequest create = shrink;
  create.key = {{"pk", S("new")}};
  WriteResult<UpdateItemResponse> created = db_.UpdateItem(create);
  ASSERT_THAT(created, IsOk());
  EXPECT_EQ(created->consumed_capacity, Total("tab", 0, 1));
}

TEST_F(ConsumedCapacityTest, DeleteItemCostsTheDeletedItemOrOneUnit) {
  Put(Sized("a", 2049));
  DeleteItemRequest del{.table_name = "tab", .key = {{"pk", S("a")}}};
  del.return_consumed_capacity = kTotal;
  del.return_values = ReturnValue::kAllOld;
  WriteResult<DeleteItemResponse> deleted = db_.DeleteItem(del);
  ASSERT_THAT(deleted, IsOk());
  EXPECT_EQ(deleted->consumed_capacity, Total("tab", 0, 3));

  WriteResult<DeleteItemResponse> missing = db_.DeleteItem(del);
  ASSERT_THAT(missing, IsOk());
  EXPECT_EQ(missing->consumed_capacity, Total("tab", 0, 1));
}

TEST_F(ConsumedCapacityTest, FailedConditionStillConsumes) {
  Put(Sized("a", 2049));
  // On an existing item: the larger of it and the item not written.
  PutItemRequest put{.table_name = "tab", .item = Sized("a", 10)};
  put.condition_expression = "attribute_not_exists(pk)";
  put.return_consumed_capacity = kTotal;
  WriteResult<PutItemResponse> failed_put = db_.PutItem(put);
  EXPECT_THAT(failed_put, ErrorKindIs(ErrorKind::kConditionalCheckFailed));
  EXPECT_EQ(failed_put.consumed_capacity(), Total("tab", 0, 3));

  // On a missing item: one unit, however large the item.
  PutItemRequest absent{.table_name = "tab", .item = Sized("b", 3000)};
  absent.condition_expression = "attribute_exists(pk)";
  absent.return_consumed_capacity = kTotal;
  WriteResult<PutItemResponse> failed_absent = db_.PutItem(absent);
  EXPECT_THAT(failed_absent, ErrorKindIs(ErrorKind::kConditionalCheckFailed));
  EXPECT_EQ(failed_absent.consumed_capacity(), Total("tab", 0, 1));

  UpdateItemRequest update{.table_name = "tab", .key = {{"pk", S("a")}}};
  update.update_expression = "SET w = :w";
  update.condition_expression = "attribute_not_exists(pk)";
  update.expression_attribute_values = {{":w", S(std::string(1000, 'w'))}};
  update.return_consumed_capacity = kTotal;
  WriteResult<UpdateItemResponse> failed_update = db_.UpdateItem(update);
  EXPECT_THAT(failed_update, ErrorKindIs(ErrorKind::kConditionalCheckFailed));
  // 2049 + "w" + 1000 = 3050 bytes: 3 KB.
  EXPECT_EQ(failed_update.consumed_capacity(), Total("tab", 0, 3));

  DeleteItemRequest del{.table_name = "tab", .key = {{"pk", S("a")}}};
  del.condition_expression = "attribute_not_exists(pk)";
  del.return_consumed_capacity = kIndexes;
  WriteResult<DeleteItemResponse> failed_delete = db_.DeleteItem(del);
  EXPECT_THAT(failed_delete, ErrorKindIs(ErrorKind::kConditionalCheckFailed));
  ASSERT_TRUE(failed_delete.consumed_capacity().has_value());
  EXPECT_EQ(failed_delete.consumed_capacity()->total, Writes(3));
  EXPECT_THAT(failed_delete.consumed_capacity()->table, Optional(Writes(3)));

  // Not asked: nothing.
  del.return_consumed_capacity = ReturnConsumedCapacity::kNone;
  EXPECT_EQ(db_.DeleteItem(del).consumed_capacity(), std::nullopt);
}

class ReadCapacityTest : public ConsumedCapacityTest {
 protected:
  void SetUp() override {
    ConsumedCapacityTest::SetUp();
    ASSERT_THAT(db_.CreateTable(TableRequest("que", KeyType::kS, KeyType::kN)),
                IsOk());
    // Three items of 1500 bytes in partition "p": 4500 bytes.
    for (const char* sk : {"1", "2", "3"}) {
      Put(Item{{"pk", S("p")}, {"sk", N(sk)}, {"v", S(std::string(1493, 'x'))}},
          "que");
    }
  }
};

TEST_F(ReadCapacityTest, QuerySumsTheItemsReadBeforeTheFilterRoundedOnce) {
  QueryRequest query{.table_name = "que"};
  query.key_condition_expression = "pk = :p";
  query.filter_expression = "v = :none";
  query.expression_attribute_values = {{":p", S("p")}, {":none", S("-")}};
  query.return_consumed_capacity = kTotal;
  query.consistent_read = true;
  absl::StatusOr<QueryResponse> strong = db_.Query(query);
  ASSERT_THAT(strong, IsOk());
  EXPECT_EQ(strong->count, 0);
  EXPECT_EQ(strong->scanned_count, 3);
  EXPECT_EQ(strong->consumed_capacity, Total("que", 2, 0));  // 4500 B

  query.consistent_read = false;
  EXPECT_EQ(db_.Query(query)->consumed_capacity, Total("que", 1, 0));

  // Limit 1: one item read.
  query.limit = 1;
  EXPECT_EQ(db_.Query(query)->consumed_capacity, Total("que", 0.5, 0));
}

TEST_F(ReadCapacityTest, QueryOfNothingCostsOneBlock) {
  QueryRequest query{.table_name = "que"};
  query.key_condition_expression = "pk = :p";
  query.expression_attribute_values = {{":p", S("nobody")}};
  query.return_consumed_capacity = kIndexes;
  absl::StatusOr<QueryResponse> page = db_.Query(query);
  ASSERT_THAT(page, IsOk());
  ASSERT_TRUE(page->consumed_capacity.has_value());
  EXPECT_EQ(page->consumed_capacity->total, Reads(0.5));
  EXPECT_THAT(page->consumed_capacity->table, Optional(Reads(0.5)));
}

TEST_F(ReadCapacityTest, ScanSumsTheItemsReadBeforeTheFilter) {
  ScanRequest scan{.table_name = "que"};
  scan.filter_expression = "v = :none";
  scan.expression_attribute_values = {{":none", S("-")}};
  scan.return_consumed_capacity = kTotal;
  scan.consistent_read = true;
  absl::StatusOr<ScanResponse> page = db_.Scan(scan);
  ASSERT_THAT(page, IsOk());
  EXPECT_EQ(page->scanned_count, 3);
  EXPECT_EQ(page->consumed_capacity, Total("que", 2, 0));

  ScanRequest empty{.table_name = "tab"};
  empty.return_consumed_capacity = kTotal;
  EXPECT_EQ(db_.Scan(empty)->consumed_capacity, Total("tab", 0.5, 0));
}

// A table "gsi" (pk S, sk N) with GSI "byVerb" (verb) KEYS_ONLY, GSI "byTag"
// (tag) INCLUDE [note], and LSI "byLvl" (pk, lvl) ALL.
class IndexCapacityTest : public ::testing::Test {
 protected:
  void SetUp() override {
    CreateTableRequest r = TableRequest("gsi", KeyType::kS, KeyType::kN);
    r.attribute_definitions.push_back({"verb", KeyType::kS});
    r.attribute_definitions.push_back({"tag", KeyType::kS});
    r.attribute_definitions.push_back({"lvl", KeyType::kN});
    GlobalSecondaryIndex by_verb;
    by_verb.index_name = "byVerb";
    by_verb.key_schema = {{"verb", KeySchemaRole::kHash}};
    by_verb.projection.projection_type = ProjectionType::kKeysOnly;
    GlobalSecondaryIndex by_tag;
    by_tag.index_name = "byTag";
    by_tag.key_schema = {{"tag", KeySchemaRole::kHash}};
    by_tag.projection.projection_type = ProjectionType::kInclude;
    by_tag.projection.non_key_attributes = std::vector<std::string>{"note"};
    r.global_secondary_indexes =
        std::vector<GlobalSecondaryIndex>{by_verb, by_tag};
    LocalSecondaryIndex by_lvl;
    by_lvl.index_name = "byLvl";
    by_lvl.key_schema = {{"pk", KeySchemaRole::kHash},
                         {"lvl", KeySchemaRole::kRange}};
    by_lvl.projection.projection_type = ProjectionType::kAll;
    r.local_secondary_indexes = std::vector<LocalSecondaryIndex>{by_lvl};
    ASSERT_THAT(db_.CreateTable(r), IsOk());
  }

  // A 2000-byte item, in every index.
  static Item Full(const std::string& sk) {
    // pk"a" 3 + sk 2+2 + verb"go" 6 + tag"t" 4 + lvl 3+2 + note"n" 5 +
    // "body" 4 = 33 bytes before the body's value.
    return Item{{"pk", S("a")},
                {"sk", N(sk)},
                {"verb", S("go")},
                {"tag", S("t")},
                {"lvl", N("1")},
                {"note", S("n")},
                {"body", S(std::string(1967, 'b'))}};
  }

  std::optional<ConsumedCapacity> Update(const std::string& expression,
                                         ExpressionAttributeValues values,
                                         ReturnConsumedCapacity asked) {
    UpdateItemRequest update{.table_name = "gsi",
                             .key = {{"pk", S("a")}, {"sk", N("1")}}};
    update.update_expression = expression;
    if (!values.empty()) {
      update.expression_attribute_values = std::move(values);
    }
    update.return_consumed_capacity = asked;
    WriteResult<UpdateItemResponse> response = db_.UpdateItem(update);
    EXPECT_THAT(response, IsOk());
    return response.ok() ? response->consumed_capacity : std::nullopt;
  }

  Database db_;
};

TEST_F(IndexCapacityTest, PutOfANewItemWritesEveryIndexItIsIn) {
  PutItemRequest put{.table_name = "gsi", .item = Full("1")};
  put.return_consumed_capacity = kIndexes;
  WriteResult<PutItemResponse> response = db_.PutItem(put);
  ASSERT_THAT(response, IsOk());
  ASSERT_TRUE(response->consumed_capacity.has_value());
  const ConsumedCapacity& capacity = *response->consumed_capacity;
  EXPECT_THAT(capacity.table, Optional(Writes(2)));  // 2000 B
  // Entries: KEYS_ONLY and INCLUDE are small; the ALL LSI's is 2000 B.
  EXPECT_THAT(capacity.global_secondary_indexes,
              ElementsAre(Pair("byTag", Writes(1)), Pair("byVerb", Writes(1))));
  EXPECT_THAT(capacity.local_secondary_indexes,
              ElementsAre(Pair("byLvl", Writes(2))));
  EXPECT_EQ(capacity.total, Writes(6));

  // TOTAL counts the index writes too, without the buckets.
  put.item = Full("2");
  put.return_consumed_capacity = kTotal;
  EXPECT_EQ(db_.PutItem(put)->consumed_capacity, Total("gsi", 0, 6));
}

TEST_F(IndexCapacityTest, ItemInNoIndexWritesOnlyTheTable) {
  PutItemRequest put{.table_name = "gsi",
                     .item = {{"pk", S("a")}, {"sk", N("9")}}};
  put.return_consumed_capacity = kIndexes;
  WriteResult<PutItemResponse> response = db_.PutItem(put);
  ASSERT_THAT(response, IsOk());
  EXPECT_THAT(response->consumed_capacity->table, Optional(Writes(1)));
  EXPECT_THAT(response->consumed_capacity->global_secondary_indexes, IsEmpty());
  EXPECT_THAT(response->consumed_capacity->local_secondary_indexes, IsEmpty());
}

TEST_F(IndexCapacityTest, IndexKeyChangeIsADeleteAndAPut) {
  ASSERT_THAT(db_.PutItem({.table_name = "gsi", .item = Full("1")}), IsOk());
  std::optional<ConsumedCapacity> capacity =
      Update("SET verb = :v", {{":v", S("stop")}}, kIndexes);
  ASSERT_TRUE(capacity.has_value());
  // byVerb: the old entry deleted, the new one put. byTag's entry holds
  // nothing that changed: not reported. The ALL LSI holds verb: rewritten.
  EXPECT_THAT(capacity->global_secondary_indexes,
              ElementsAre(Pair("byVerb", Writes(2))));
  EXPECT_THAT(capacity->local_secondary_indexes,
              ElementsAre(Pair("byLvl", Writes(2))));
  EXPECT_THAT(capacity->table, Optional(Writes(2)));
  EXPECT_EQ(capacity->total, Writes(6));
}

TEST_F(IndexCapacityTest, ProjectedChangeRewritesOnlyTheIndexesHoldingIt) {
  ASSERT_THAT(db_.PutItem({.table_name = "gsi", .item = Full("1")}), IsOk());
  // note is projected by byTag (INCLUDE) and byLvl (ALL), not byVerb.
  std::optional<ConsumedCapacity> note =
      Update("SET note = :n", {{":n", S("m")}}, kIndexes);
  ASSERT_TRUE(note.has_value());
  EXPECT_THAT(note->global_secondary_indexes,
              ElementsAre(Pair("byTag", Writes(1))));
  EXPECT_THAT(note->local_secondary_indexes,
              ElementsAre(Pair("byLvl", Writes(2))));

  // Setting a value to what it is changes no entry.
  std::optional<ConsumedCapacity> same =
      Update("SET note = :n", {{":n", S("m")}}, kIndexes);
  ASSERT_TRUE(same.has_value());
  EXPECT_THAT(same->global_secondary_indexes, IsEmpty());
  EXPECT_THAT(same->local_secondary_indexes, IsEmpty());
  EXPECT_EQ(same->total, Writes(2));
}

TEST_F(IndexCapacityTest, LeavingAndDeletingDeleteTheEntries) {
  ASSERT_THAT(db_.PutItem({.table_name = "gsi", .item = Full("1")}), IsOk());
  // Removing tag takes the item out of byTag: a delete of its entry.
  std::optional<ConsumedCapacity> removed = Update("REMOVE tag", {}, kIndexes);
  ASSERT_TRUE(removed.has_value());
  EXPECT_THAT(removed->global_secondary_indexes,
              ElementsAre(Pair("byTag", Writes(1))));

  DeleteItemRequest del{.table_name = "gsi",
                        .key = {{"pk", S("a")}, {"sk", N("1")}}};
  del.return_consumed_capacity = kIndexes;
  WriteResult<DeleteItemResponse> deleted = db_.DeleteItem(del);
  ASSERT_THAT(deleted, IsOk());
  EXPECT_THAT(deleted->consumed_capacity->global_secondary_indexes,
              ElementsAre(Pair("byVerb", Writes(1))));
  EXPECT_THAT(deleted->consumed_capacity->local_secondary_indexes,
              ElementsAre(Pair("byLvl", Writes(2))));
}

TEST_F(IndexCapacityTest, IndexReadReportsOnlyTheIndexSizedByItsEntries) {
  for (const char* sk : {"1", "2", "3"}) {
    ASSERT_THAT(db_.PutItem({.table_name = "gsi", .item = Full(sk)}), IsOk());
  }
  // byVerb's KEYS_ONLY entries are 19 bytes each: one block, eventually
  // consistent (a GSI read always is).
  QueryRequest query{.table_name = "gsi"};
  query.index_name = "byVerb";
  query.key_condition_expression = "verb = :v";
  query.expression_attribute_values = {{":v", S("go")}};
  query.return_consumed_capacity = kIndexes;
  absl::StatusOr<QueryResponse> gsi = db_.Query(query);
  ASSERT_THAT(gsi, IsOk());
  ASSERT_EQ(gsi->scanned_count, 3);
  ASSERT_TRUE(gsi->consumed_capacity.has_value());
  EXPECT_EQ(gsi->consumed_capacity->total, Reads(0.5));
  EXPECT_THAT(gsi->consumed_capacity->table, Optional(Capacity{}));
  EXPECT_THAT(gsi->consumed_capacity->global_secondary_indexes,
              ElementsAre(Pair("byVerb", Reads(0.5))));
  EXPECT_THAT(gsi->consumed_capacity->local_secondary_indexes, IsEmpty());

  // Under TOTAL, the total is the index's.
  query.return_consumed_capacity = kTotal;
  EXPECT_EQ(db_.Query(query)->consumed_capacity, Total("gsi", 0.5, 0));

  // The ALL LSI's entries are the whole items: 6000 B, two blocks.
  QueryRequest lsi{.table_name = "gsi"};
  lsi.index_name = "byLvl";
  lsi.key_condition_expression = "pk = :p";
  lsi.expression_attribute_values = {{":p", S("a")}};
  lsi.consistent_read = true;
  lsi.return_consumed_capacity = kIndexes;
  absl::StatusOr<QueryResponse> local = db_.Query(lsi);
  ASSERT_THAT(local, IsOk());
  EXPECT_EQ(local->consumed_capacity->total, Reads(2));
  EXPECT_THAT(local->consumed_capacity->local_secondary_indexes,
              ElementsAre(Pair("byLvl", Reads(2))));
  EXPECT_THAT(local->consumed_capacity->global_secondary_indexes, IsEmpty());

  ScanRequest scan{.table_name = "gsi"};
  scan.index_name = "byTag";
  scan.return_consumed_capacity = kIndexes;
  absl::StatusOr<ScanResponse> scanned = db_.Scan(scan);
  ASSERT_THAT(scanned, IsOk());
  EXPECT_THAT(scanned->consumed_capacity->global_secondary_indexes,
              ElementsAre(Pair("byTag", Reads(0.5))));
  EXPECT_EQ(scanned->consumed_capacity->total, Reads(0.5));
}

TEST_F(IndexCapacityTest, BatchWriteChargesIndexesPerRequest) {
  BatchWriteItemRequest batch;
  batch.request_items["gsi"] = {
      WriteRequest{.put_request = PutRequest{Full("1")}},
      WriteRequest{.put_request = PutRequest{Full("2")}}};
  batch.return_consumed_capacity = kIndexes;
  absl::StatusOr<BatchWriteItemResponse> response = db_.BatchWriteItem(batch);
  ASSERT_THAT(response, IsOk());
  ASSERT_EQ(response->consumed_capacity.size(), 1u);
  const ConsumedCapacity& capacity = response->consumed_capacity[0];
  EXPECT_EQ(capacity.table_name, "gsi");
  EXPECT_THAT(capacity.table, Optional(Writes(4)));
  EXPECT_THAT(capacity.global_secondary_indexes,
              ElementsAre(Pair("byTag", Writes(2)), Pair("byVerb", Writes(2))));
  EXPECT_THAT(capacity.local_secondary_indexes,
              ElementsAre(Pair("byLvl", Writes(4))));
  EXPECT_EQ(capacity.total, Writes(12));
}

class BatchCapacityTest : public ConsumedCapacityTest {
 protected:
  void SetUp() override {
    ConsumedCapacityTest::SetUp();
    ASSERT_THAT(db_.CreateTable(TableRequest("two", KeyType::kS, std::nullopt)),
                IsOk());
  }
};

TEST_F(BatchCapacityTest, BatchGetRoundsEachItemAndSumsPerTable) {
  // The AWS example: 64 KB and 16 KB of data (plus their names and keys)
  // are 17 + 5 = 22 blocks, where 80 KB rounded once would be 21.
  Put(Item{{"pk", S("big")}, {"v", S(std::string(64 * 1024, 'x'))}});
  Put(Item{{"pk", S("mid")}, {"v", S(std::string(16 * 1024, 'x'))}});
  for (const char* pk : {"a", "b", "c"}) Put(Sized(pk, 10), "two");

  BatchGetItemRequest batch;
  KeysAndAttributes& t = batch.request_items["tab"];
  t.keys = {{{"pk", S("big")}}, {{"pk", S("mid")}}};
  t.consistent_read = true;
  KeysAndAttributes& u = batch.request_items["two"];
  // Two found, one missing: each one block, eventually consistent.
  u.keys = {{{"pk", S("a")}}, {{"pk", S("b")}}, {{"pk", S("nobody")}}};
  batch.return_consumed_capacity = kTotal;
  absl::StatusOr<BatchGetItemResponse> response = db_.BatchGetItem(batch);
  ASSERT_THAT(response, IsOk());
  EXPECT_THAT(response->consumed_capacity,
              ElementsAre(Total("tab", 22, 0), Total("two", 1.5, 0)));

  batch.return_consumed_capacity = ReturnConsumedCapacity::kNone;
  EXPECT_THAT(db_.BatchGetItem(batch)->consumed_capacity, IsEmpty());
}

TEST_F(BatchCapacityTest, BatchWriteRoundsEachRequestAndReportsEachTable) {
  Put(Sized("gone", 2049), "two");
  BatchWriteItemRequest batch;
  auto put = [](Item item) {
    return WriteRequest{.put_request = PutRequest{std::move(item)}};
  };
  // 3 small puts + one of 1025 bytes: 1 + 1 + 1 + 2.
  batch.request_items["tab"] = {put(Sized("a", 10)), put(Sized("b", 10)),
                                put(Sized("c", 10)), put(Sized("d", 1025))};
  // A put and a delete of a 2049-byte item: 1 + 3; a missing one: 1.
  batch.request_items["two"] = {
      put(Sized("e", 10)),
      WriteRequest{.delete_request = DeleteRequest{{{"pk", S("gone")}}}},
      WriteRequest{.delete_request = DeleteRequest{{{"pk", S("never")}}}}};
  batch.return_consumed_capacity = kIndexes;
  absl::StatusOr<BatchWriteItemResponse> response = db_.BatchWriteItem(batch);
  ASSERT_THAT(response, IsOk());
  ASSERT_EQ(response->consumed_capacity.size(), 2u);
  EXPECT_EQ(response->consumed_capacity[0].table_name, "tab");
  EXPECT_EQ(response->consumed_capacity[0].total, Writes(5));
  EXPECT_THAT(response->consumed_capacity[0].table, Optional(Writes(5)));
  EXPECT_EQ(response->consumed_capacity[1].table_name, "two");
  EXPECT_EQ(response->consumed_capacity[1].total, Writes(5));
}

}  // namespace
}  // namespace dynamite
