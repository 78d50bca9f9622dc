// TransactWriteItems and TransactGetItems through the C++ API: what the
// golden script (tests/golden/transactions.ddb) cannot reach — the token
// window on a clock the test moves, the 4 MB aggregate, secondary indexes
// kept in step, and the capacity a transaction reports.

#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include "api/database.h"
#include "common/clock.h"
#include "common/errors.h"
#include "tests/support/database_fixtures.h"
#include "tests/support/manual_clock.h"
#include "tests/support/status_matchers.h"

namespace dynamite {
namespace {

using ::dynamite::testing::ErrorKindIs;
using ::dynamite::testing::IsError;
using ::dynamite::testing::IsOk;
using ::dynamite::testing::ManualClock;
using ::dynamite::testing::N;
using ::dynamite::testing::S;
using ::dynamite::testing::TableRequest;
using ::testing::ElementsAre;
using ::testing::Field;
using ::testing::SizeIs;

TransactWriteItem Put(const std::string& table, Item item) {
  TransactWriteItem action;
  action.put = TransactPut{.table_name = table, .item = std::move(item)};
  return action;
}

TransactWriteItem AddOne(const std::string& pk) {
  TransactWriteItem action;
  action.update = TransactUpdate{
      .table_name = "counts",
      .key = Item{{"pk", S(pk)}},
      .update_expression = "ADD hits :one",
      .expression_attribute_values = AttributeMap{{":one", N("1")}}};
  return action;
}

class TransactTest : public ::testing::Test {
 protected:
  TransactTest() : db_(DatabaseOptions{.clock = &clock_}) {
    EXPECT_THAT(
        db_.CreateTable(TableRequest("counts", KeyType::kS, std::nullopt))
            .status(),
        IsOk());
  }

  // The item's `hits`, or NULL when it has none (or there is no item).
  AttributeValue Hits(const std::string& pk) {
    auto got =
        db_.GetItem({.table_name = "counts", .key = Item{{"pk", S(pk)}}});
    EXPECT_THAT(got.status(), IsOk());
    if (!got.ok() || got->item == nullptr) return AttributeValue::Null();
    const Item* item = got->item.get();
    auto hits = item->find("hits");
    return hits == item->end() ? AttributeValue::Null() : hits->second;
  }

  ManualClock clock_;
  Database db_;
};

TEST_F(TransactTest, TokenReplaysForTenMinutesThenRunsAgain) {
  TransactWriteItemsRequest request{.transact_items = {AddOne("a")},
                                    .client_request_token = "tok"};
  ASSERT_THAT(db_.TransactWriteItems(request).status(), IsOk());
  clock_.Advance(absl::Minutes(9));
  ASSERT_THAT(db_.TransactWriteItems(request).status(), IsOk());
  EXPECT_EQ(Hits("a"), N("1"));
  TransactWriteItemsRequest other = request;
  other.transact_items.push_back(AddOne("b"));
  EXPECT_THAT(db_.TransactWriteItems(other).status(),
              ErrorKindIs(ErrorKind::kIdempotentParameterMismatch));
  clock_.Advance(absl::Minutes(1));
  // The window is over: the same token is a new request.
  ASSERT_THAT(db_.TransactWriteItems(request).status(), IsOk());
  EXPECT_EQ(Hits("a"), N("2"));
}

TEST_F(TransactTest, FailedTransactionLeavesNoToken) {
  TransactWriteItem check;
  check.condition_check =
      ConditionCheck{.table_name = "counts",
                     .key = Item{{"pk", S("a")}},
                     .condition_expression = "attribute_exists(pk)"};
  TransactWriteItemsRequest request{.transact_items = {check, AddOne("b")},
                                    .client_request_token = "tok"};
  TransactWriteResult failed = db_.TransactWriteItems(request);
  EXPECT_THAT(failed.status(), ErrorKindIs(ErrorKind::kTransactionCanceled));
  EXPECT_THAT(
      failed.cancellation_reasons(),
      ElementsAre(Field(&CancellationReason::code, "ConditionalCheckFailed"),
                  Field(&CancellationReason::code, "None")));
  EXPECT_EQ(Hits("b"), AttributeValue::Null());
  ASSERT_THAT(
      db_.TransactWriteItems({.transact_items = {AddOne("a")}}).status(),
      IsOk());
  // Now the check holds: the retry under the same token runs afresh.
  EXPECT_THAT(db_.TransactWriteItems(request).status(), IsOk());
  EXPECT_EQ(Hits("b"), N("1"));
}

TEST_F(TransactTest, AggregateOverFourMegabytesIsRefused) {
  TransactWriteItemsRequest request;
  const std::string big(390 * 1024, 'x');
  for (int i = 0; i < 11; ++i) {
    request.transact_items.push_back(
        Put("counts", Item{{"pk", S("k" + std::to_string(i))}, {"v", S(big)}}));
  }
  EXPECT_THAT(db_.TransactWriteItems(request).status(),
              IsError(ErrorKind::kValidation,
                      "Transaction request cannot be larger than 4 MB"));
  EXPECT_EQ(
      db_.GetItem({.table_name = "counts", .key = Item{{"pk", S("k0")}}})->item,
      nullptr);
  request.transact_items.resize(10);
  EXPECT_THAT(db_.TransactWriteItems(request).status(), IsOk());
}

// Each item is rounded to 1 KB blocks and doubled; a ConditionCheck costs
// two write units, a passing condition no read units (reference §10.3).
TEST_F(TransactTest, CapacityIsDoubledAndChecksCostWrites) {
  TransactWriteItem check;
  check.condition_check =
      ConditionCheck{.table_name = "counts",
                     .key = Item{{"pk", S("missing")}},
                     .condition_expression = "attribute_not_exists(pk)"};
  TransactWriteResult result = db_.TransactWriteItems(
      {.transact_items = {Put("counts", Item{{"pk", S("a")}}),
                          Put("counts", Item{{"pk", S("b")}}), check},
       .return_consumed_capacity = ReturnConsumedCapacity::kTotal});
  ASSERT_THAT(result.status(), IsOk());
  ASSERT_THAT(result->consumed_capacity, SizeIs(1));
  EXPECT_EQ(result->consumed_capacity[0].table_name, "counts");
  EXPECT_EQ(result->consumed_capacity[0].total,
            (Capacity{.read_units = 0, .write_units = 6}));

  auto got = db_.TransactGetItems(
      {.transact_items = {{.table_name = "counts", .key = Item{{"pk", S("a")}}},
                          {.table_name = "counts",
                           .key = Item{{"pk", S("zz")}}}},
       .return_consumed_capacity = ReturnConsumedCapacity::kTotal});
  ASSERT_THAT(got.status(), IsOk());
  EXPECT_NE(got->responses[0], nullptr);
  EXPECT_EQ(got->responses[1], nullptr);
  ASSERT_THAT(got->consumed_capacity, SizeIs(1));
  EXPECT_EQ(got->consumed_capacity[0].total, (Capacity{.read_units = 4}));
}

TEST(TransactIndexTest, GsiFollowsTheCommitAndReasonsOnBadIndexKey) {
  Database db;
  CreateTableRequest create = TableRequest("counts", KeyType::kS, std::nullopt);
  create.attribute_definitions.push_back({"g", KeyType::kS});
  create.global_secondary_indexes = std::vector<GlobalSecondaryIndex>{
      {.index_name = "by_g",
       .key_schema = {{"g", KeySchemaRole::kHash}},
       .projection = {.projection_type = ProjectionType::kAll}}};
  ASSERT_THAT(db.CreateTable(create).status(), IsOk());
  ASSERT_THAT(db.TransactWriteItems(
                    {.transact_items =
                         {Put("counts", Item{{"pk", S("a")}, {"g", S("x")}}),
                          Put("counts", Item{{"pk", S("b")}, {"g", S("x")}})}})
                  .status(),
              IsOk());
  QueryRequest query{
      .table_name = "counts",
      .index_name = "by_g",
      .key_condition_expression = "g = :g",
      .expression_attribute_values = AttributeMap{{":g", S("x")}}};
  EXPECT_EQ(db.Query(query)->count, 2);

  TransactWriteResult bad = db.TransactWriteItems(
      {.transact_items = {Put("counts", Item{{"pk", S("c")}, {"g", S("x")}}),
                          Put("counts", Item{{"pk", S("d")}, {"g", N("1")}})}});
  EXPECT_THAT(bad.status(), ErrorKindIs(ErrorKind::kTransactionCanceled));
  EXPECT_THAT(bad.cancellation_reasons(),
              ElementsAre(Field(&CancellationReason::code, "None"),
                          Field(&CancellationReason::code, "ValidationError")));
  EXPECT_EQ(db.Query(query)->count, 2);
}

}  // namespace
}  // namespace dynamite
