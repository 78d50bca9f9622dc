// Query and Scan with IndexName over LSIs and GSIs, and the writes that
// keep them (api/read_ops.cc, api/scan_ops.cc, api/index_read.h, the commit
// point of store/commit.h).

#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include "api/database.h"
#include "tests/support/database_fixtures.h"
#include "tests/support/status_matchers.h"

namespace dynamite {
namespace {

using ::dynamite::testing::IsError;
using ::dynamite::testing::IsOk;
using ::dynamite::testing::N;
using ::dynamite::testing::S;
using ::testing::ElementsAre;
using ::testing::IsEmpty;

constexpr ErrorKind kValidation = ErrorKind::kValidation;

// The values of attribute `name` of a page's items, as strings.
std::vector<std::string> Values(const ItemPage& page, const std::string& name) {
  std::vector<std::string> values;
  for (const ItemPtr& item : page.items) {
    auto it = item->find(name);
    if (it == item->end()) {
      values.push_back("-");
    } else {
      values.push_back(it->second.type() == ValueType::kN
                           ? it->second.n().ToString()
                           : it->second.s());
    }
  }
  return values;
}

// The attribute names of one item.
std::vector<std::string> Names(const ItemPtr& item) {
  std::vector<std::string> names;
  for (const auto& [name, value] : *item) names.push_back(name);
  return names;
}

GlobalSecondaryIndex Gsi(const std::string& name,
                         std::vector<KeySchemaElement> key_schema,
                         ProjectionType projection,
                         std::vector<std::string> non_key = {}) {
  GlobalSecondaryIndex gsi;
  gsi.index_name = name;
  gsi.key_schema = std::move(key_schema);
  gsi.projection.projection_type = projection;
  if (!non_key.empty()) gsi.projection.non_key_attributes = std::move(non_key);
  return gsi;
}

// An audit log: pk actor, sk timestamp; GSI "byAction" (action, sk) with
// ALL, GSI "keysByAction" (action) KEYS_ONLY, LSI "byLevel" (actor, level)
// INCLUDE [note].
class IndexQueryTest : public ::testing::Test {
 protected:
  void SetUp() override {
    CreateTableRequest r;
    r.table_name = "log";
    r.key_schema = {{"pk", KeySchemaRole::kHash},
                    {"sk", KeySchemaRole::kRange}};
    r.attribute_definitions = {{"pk", KeyType::kS},
                               {"sk", KeyType::kS},
                               {"verb", KeyType::kS},
                               {"lvl", KeyType::kN}};
    r.billing_mode = BillingMode::kPayPerRequest;
    r.global_secondary_indexes = std::vector<GlobalSecondaryIndex>{
        Gsi("byAction",
            {{"verb", KeySchemaRole::kHash}, {"sk", KeySchemaRole::kRange}},
            ProjectionType::kAll),
        Gsi("keysByAction", {{"verb", KeySchemaRole::kHash}},
            ProjectionType::kKeysOnly)};
    LocalSecondaryIndex lsi;
    lsi.index_name = "byLevel";
    lsi.key_schema = {{"pk", KeySchemaRole::kHash},
                      {"lvl", KeySchemaRole::kRange}};
    lsi.projection.projection_type = ProjectionType::kInclude;
    lsi.projection.non_key_attributes = std::vector<std::string>{"note"};
    r.local_secondary_indexes = std::vector<LocalSecondaryIndex>{lsi};
    ASSERT_THAT(db_.CreateTable(r), IsOk());

    Put("ana", "2026-01-01", "login", "1");
    Put("ana", "2026-01-02", "logout", "3");
    Put("bob", "2026-01-03", "login", "2");
    Put("bob", "2026-01-04", "login", "5");
    Put("cleo", "2026-01-05", "", "");  // in no index but the table's
  }

  void Put(const std::string& pk, const std::string& sk,
           const std::string& action, const std::string& level) {
    Item item{{"pk", S(pk)},
              {"sk", S(sk)},
              {"note", S("n-" + sk)},
              {"extra", S("x")}};
    if (!action.empty()) item.emplace("verb", S(action));
    if (!level.empty()) item.emplace("lvl", N(level));
    ASSERT_THAT(db_.PutItem({.table_name = "log", .item = std::move(item)}),
                IsOk());
  }

  absl::StatusOr<QueryResponse> Query(const std::string& index,
                                      const std::string& expression,
                                      ExpressionAttributeValues values,
                                      QueryRequest base = {}) {
    base.table_name = "log";
    base.index_name = index;
    base.key_condition_expression = expression;
    base.expression_attribute_values = std::move(values);
    return db_.Query(base);
  }

  Database db_;
};

TEST_F(IndexQueryTest, GsiQueryReturnsItemsInIndexSortKeyOrder) {
  auto page = Query("byAction", "verb = :a", {{":a", S("login")}});

  ASSERT_THAT(page, IsOk());
  EXPECT_THAT(Values(*page, "sk"),
              ElementsAre("2026-01-01", "2026-01-03", "2026-01-04"));
  EXPECT_THAT(Values(*page, "extra"), ElementsAre("x", "x", "x"));
  EXPECT_EQ(page->count, 3);
}

TEST_F(IndexQueryTest, GsiQueryRunsBackwardAndWithARange) {
  QueryRequest base;
  base.scan_index_forward = false;
  auto page = Query("byAction", "verb = :a AND sk >= :t",
                    {{":a", S("login")}, {":t", S("2026-01-02")}}, base);

  ASSERT_THAT(page, IsOk());
  EXPECT_THAT(Values(*page, "sk"), ElementsAre("2026-01-04", "2026-01-03"));
}

TEST_F(IndexQueryTest, ItemsWithoutTheIndexKeyAreNotInTheIndex) {
  ScanRequest scan{.table_name = "log", .index_name = "byAction"};

  auto page = db_.Scan(scan);

  ASSERT_THAT(page, IsOk());
  EXPECT_EQ(page->count, 4);  // cleo has no action
}

TEST_F(IndexQueryTest, KeysOnlyGsiAnswersWithKeysOnly) {
  auto page = Query("keysByAction", "verb = :a", {{":a", S("logout")}});

  ASSERT_THAT(page, IsOk());
  ASSERT_EQ(page->items.size(), 1u);
  EXPECT_THAT(Names(page->items[0]), ElementsAre("pk", "sk", "verb"));
}

TEST_F(IndexQueryTest, LsiAnswersWithItsProjectionByDefault) {
  auto page = Query("byLevel", "pk = :p", {{":p", S("ana")}});

  ASSERT_THAT(page, IsOk());
  EXPECT_THAT(Values(*page, "lvl"), ElementsAre("1", "3"));
  EXPECT_THAT(Names(page->items[0]), ElementsAre("lvl", "note", "pk", "sk"));
}

TEST_F(IndexQueryTest, LsiFetchesEveryAttributeWhenAsked) {
  QueryRequest base;
  base.select = Select::kAllAttributes;
  auto page = Query("byLevel", "pk = :p AND lvl > :l",
                    {{":p", S("ana")}, {":l", N("1")}}, base);

  ASSERT_THAT(page, IsOk());
  ASSERT_EQ(page->items.size(), 1u);
  EXPECT_THAT(Names(page->items[0]),
              ElementsAre("extra", "lvl", "note", "pk", "sk", "verb"));
}

TEST_F(IndexQueryTest, LsiProjectionExpressionReadsThroughToTheTable) {
  QueryRequest base;
  base.projection_expression = "extra";
  auto page = Query("byLevel", "pk = :p", {{":p", S("bob")}}, base);

  ASSERT_THAT(page, IsOk());
  EXPECT_THAT(Values(*page, "extra"), ElementsAre("x", "x"));
}

TEST_F(IndexQueryTest, GsiRefusesAllAttributesWhenItsProjectionIsNotAll) {
  QueryRequest base;
  base.select = Select::kAllAttributes;

  EXPECT_THAT(
      Query("keysByAction", "verb = :a", {{":a", S("login")}}, base),
      IsError(kValidation,
              "One or more parameter values were invalid: Select type "
              "ALL_ATTRIBUTES is not supported for global secondary index "
              "keysByAction because its projection type is not ALL"));
}

TEST_F(IndexQueryTest, GsiRefusesProjectingWhatItDoesNotHold) {
  QueryRequest base;
  base.projection_expression = "pk, note, extra";

  EXPECT_THAT(
      Query("keysByAction", "verb = :a", {{":a", S("login")}}, base),
      IsError(kValidation,
              "One or more parameter values were invalid: Global secondary "
              "index keysByAction does not project extra, note"));
}

TEST_F(IndexQueryTest, GsiRefusesConsistentRead) {
  QueryRequest base;
  base.consistent_read = true;

  EXPECT_THAT(Query("byAction", "verb = :a", {{":a", S("login")}}, base),
              IsError(kValidation,
                      "Consistent reads are not supported on global secondary "
                      "indexes"));
  EXPECT_THAT(Query("byLevel", "pk = :p", {{":p", S("ana")}}, base), IsOk());
}

TEST_F(IndexQueryTest, UnknownIndexIsAValidationError) {
  EXPECT_THAT(Query("nope", "verb = :a", {{":a", S("login")}}),
              IsError(kValidation,
                      "The table does not have the specified index: nope"));
}

TEST_F(IndexQueryTest, KeyConditionMustUseTheIndexKeys) {
  EXPECT_THAT(
      Query("byAction", "pk = :a", {{":a", S("ana")}}),
      IsError(kValidation, "Query condition missed key schema element: verb"));
}

TEST_F(IndexQueryTest, FilterMayNotTestTheIndexKeysButMayTestTheTables) {
  QueryRequest base;
  base.filter_expression = "sk > :t";
  EXPECT_THAT(Query("byAction", "verb = :a",
                    {{":a", S("login")}, {":t", S("2026-01-02")}}, base),
              IsError(kValidation,
                      "Filter Expression can only contain non-primary key "
                      "attributes: Primary key attribute: sk"));

  base.filter_expression = "pk = :p";
  auto page = Query("byAction", "verb = :a",
                    {{":a", S("login")}, {":p", S("bob")}}, base);
  ASSERT_THAT(page, IsOk());
  EXPECT_EQ(page->count, 2);
  EXPECT_EQ(page->scanned_count, 3);
}

TEST_F(IndexQueryTest, PagesCarryIndexAndTableKeysAndResumeFromThem) {
  QueryRequest base;
  base.limit = 2;
  auto first = Query("keysByAction", "verb = :a", {{":a", S("login")}}, base);
  ASSERT_THAT(first, IsOk());
  ASSERT_TRUE(first->last_evaluated_key.has_value());
  std::vector<std::string> key_names;
  for (const auto& [name, value] : *first->last_evaluated_key) {
    key_names.push_back(name);
  }
  EXPECT_THAT(key_names, ElementsAre("pk", "sk", "verb"));

  base.exclusive_start_key = first->last_evaluated_key;
  auto second = Query("keysByAction", "verb = :a", {{":a", S("login")}}, base);

  ASSERT_THAT(second, IsOk());
  std::vector<std::string> all = Values(*first, "sk");
  for (const std::string& sk : Values(*second, "sk")) all.push_back(sk);
  EXPECT_THAT(all, ::testing::UnorderedElementsAre("2026-01-01", "2026-01-03",
                                                   "2026-01-04"));
  EXPECT_FALSE(second->last_evaluated_key.has_value());
}

TEST_F(IndexQueryTest, BackwardPagesResumeBackward) {
  QueryRequest base;
  base.limit = 1;
  base.scan_index_forward = false;
  std::vector<std::string> seen;
  for (int i = 0; i < 4; ++i) {
    auto page = Query("byAction", "verb = :a", {{":a", S("login")}}, base);
    ASSERT_THAT(page, IsOk());
    for (const std::string& sk : Values(*page, "sk")) seen.push_back(sk);
    if (!page->last_evaluated_key.has_value()) break;
    base.exclusive_start_key = page->last_evaluated_key;
  }

  EXPECT_THAT(seen, ElementsAre("2026-01-04", "2026-01-03", "2026-01-01"));
}

TEST_F(IndexQueryTest, StartKeyWithoutTheIndexKeysIsInvalid) {
  QueryRequest base;
  base.exclusive_start_key = Item{{"pk", S("ana")}, {"sk", S("2026-01-01")}};

  EXPECT_THAT(Query("byAction", "verb = :a", {{":a", S("login")}}, base),
              IsError(kValidation,
                      "The provided starting key is invalid: The provided key "
                      "element does not match the schema"));
}

TEST_F(IndexQueryTest, StartKeyOutsideThePartitionIsRefused) {
  QueryRequest base;
  base.exclusive_start_key =
      Item{{"pk", S("ana")}, {"sk", S("2026-01-02")}, {"verb", S("logout")}};

  EXPECT_THAT(Query("byAction", "verb = :a", {{":a", S("login")}}, base),
              IsError(kValidation,
                      "The provided starting key is outside query boundaries "
                      "based on provided conditions"));
}

TEST_F(IndexQueryTest, UpdateThatChangesTheIndexKeyMovesTheEntry) {
  UpdateItemRequest update;
  update.table_name = "log";
  update.key = Item{{"pk", S("ana")}, {"sk", S("2026-01-01")}};
  update.update_expression = "SET verb = :a";
  update.expression_attribute_values =
      ExpressionAttributeValues{{":a", S("logout")}};
  ASSERT_THAT(db_.UpdateItem(update), IsOk());

  auto login = Query("byAction", "verb = :a", {{":a", S("login")}});
  auto logout = Query("byAction", "verb = :a", {{":a", S("logout")}});

  ASSERT_THAT(login, IsOk());
  ASSERT_THAT(logout, IsOk());
  EXPECT_THAT(Values(*login, "sk"), ElementsAre("2026-01-03", "2026-01-04"));
  EXPECT_THAT(Values(*logout, "sk"), ElementsAre("2026-01-01", "2026-01-02"));
}

TEST_F(IndexQueryTest, RemovingTheIndexKeyTakesTheItemOutOfTheIndex) {
  UpdateItemRequest update;
  update.table_name = "log";
  update.key = Item{{"pk", S("bob")}, {"sk", S("2026-01-03")}};
  update.update_expression = "REMOVE verb";
  ASSERT_THAT(db_.UpdateItem(update), IsOk());
  ASSERT_THAT(
      db_.DeleteItem({.table_name = "log",
                      .key = Item{{"pk", S("bob")}, {"sk", S("2026-01-04")}}}),
      IsOk());

  auto page = Query("byAction", "verb = :a", {{":a", S("login")}});

  ASSERT_THAT(page, IsOk());
  EXPECT_THAT(Values(*page, "sk"), ElementsAre("2026-01-01"));
}

TEST_F(IndexQueryTest, BatchWritesReachTheIndexes) {
  BatchWriteItemRequest batch;
  batch.request_items["log"].push_back(
      {.put_request = PutRequest{Item{
           {"pk", S("dan")}, {"sk", S("2026-01-06")}, {"verb", S("login")}}}});
  ASSERT_THAT(db_.BatchWriteItem(std::move(batch)), IsOk());

  auto page = Query("byAction", "verb = :a", {{":a", S("login")}});

  ASSERT_THAT(page, IsOk());
  EXPECT_EQ(page->count, 4);
}

TEST_F(IndexQueryTest, WrongIndexKeyTypeIsRefusedWithDynamoDbsMessage) {
  Item item{{"pk", S("eve")}, {"sk", S("2026-01-07")}, {"verb", N("1")}};

  EXPECT_THAT(
      db_.PutItem({.table_name = "log", .item = item}),
      IsError(kValidation,
              "One or more parameter values were invalid: Type mismatch for "
              "Index Key verb Expected: S Actual: N IndexName: byAction"));
}

TEST_F(IndexQueryTest, EmptyIndexKeyIsRefusedWithDynamoDbsMessage) {
  Item item{{"pk", S("eve")}, {"sk", S("2026-01-07")}, {"verb", S("")}};

  EXPECT_THAT(
      db_.PutItem({.table_name = "log", .item = item}),
      IsError(kValidation,
              "One or more parameter values are not valid. A value specified "
              "for a secondary index key is not supported. The AttributeValue "
              "for a key attribute cannot contain an empty string value. "
              "IndexName: byAction, IndexKey: verb"));
}

TEST_F(IndexQueryTest, UpdateToAWrongIndexKeyTypeChangesNothing) {
  UpdateItemRequest update;
  update.table_name = "log";
  update.key = Item{{"pk", S("ana")}, {"sk", S("2026-01-01")}};
  update.update_expression = "SET lvl = :s";
  update.expression_attribute_values =
      ExpressionAttributeValues{{":s", S("high")}};

  EXPECT_THAT(db_.UpdateItem(update),
              IsError(kValidation,
                      "One or more parameter values were invalid: Type "
                      "mismatch for Index Key lvl Expected: N Actual: S "
                      "IndexName: byLevel"));
  auto page = Query("byLevel", "pk = :p", {{":p", S("ana")}});
  ASSERT_THAT(page, IsOk());
  EXPECT_THAT(Values(*page, "lvl"), ElementsAre("1", "3"));
}

TEST_F(IndexQueryTest, ScanOfAnIndexPagesThroughEveryEntryOnce) {
  ScanRequest scan{.table_name = "log", .index_name = "byAction"};
  scan.limit = 1;
  std::vector<std::string> seen;
  for (int i = 0; i < 10; ++i) {
    auto page = db_.Scan(scan);
    ASSERT_THAT(page, IsOk());
    for (const std::string& sk : Values(*page, "sk")) seen.push_back(sk);
    if (!page->last_evaluated_key.has_value()) break;
    scan.exclusive_start_key = page->last_evaluated_key;
  }

  EXPECT_THAT(seen,
              ::testing::UnorderedElementsAre("2026-01-01", "2026-01-02",
                                              "2026-01-03", "2026-01-04"));
}

TEST_F(IndexQueryTest, ParallelScanSegmentsOfAnIndexCoverItOnce) {
  std::vector<std::string> seen;
  for (int64_t segment = 0; segment < 3; ++segment) {
    ScanRequest scan{.table_name = "log", .index_name = "keysByAction"};
    scan.segment = segment;
    scan.total_segments = 3;
    auto page = db_.Scan(scan);
    ASSERT_THAT(page, IsOk());
    for (const std::string& sk : Values(*page, "sk")) seen.push_back(sk);
  }

  EXPECT_EQ(seen.size(), 4u);
}

TEST_F(IndexQueryTest, ScanOfAGsiRefusesConsistentRead) {
  ScanRequest scan{.table_name = "log", .index_name = "byAction"};
  scan.consistent_read = true;

  EXPECT_THAT(db_.Scan(scan),
              IsError(kValidation,
                      "Consistent reads are not supported on global secondary "
                      "indexes"));
}

TEST_F(IndexQueryTest, AllProjectedAttributesNeedsAnIndex) {
  ScanRequest scan{.table_name = "log"};
  scan.select = Select::kAllProjectedAttributes;
  EXPECT_THAT(db_.Scan(scan),
              IsError(kValidation,
                      "ALL_PROJECTED_ATTRIBUTES can be used only when Querying "
                      "using an IndexName"));

  scan.index_name = "keysByAction";
  EXPECT_THAT(db_.Scan(scan), IsOk());
}

TEST_F(IndexQueryTest, CountOfAnIndexQueryHasNoItems) {
  QueryRequest base;
  base.select = Select::kCount;
  auto page = Query("byAction", "verb = :a", {{":a", S("login")}}, base);

  ASSERT_THAT(page, IsOk());
  EXPECT_FALSE(page->has_items);
  EXPECT_THAT(page->items, IsEmpty());
  EXPECT_EQ(page->count, 3);
}

}  // namespace
}  // namespace dynamite
