// ItemCollectionMetrics and the item-collection limit of tables with LSIs
// (api/item_collection.h, store/table.h CheckCollectionLocked()).

#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include "api/database.h"
#include "tests/support/database_fixtures.h"
#include "tests/support/status_matchers.h"

namespace dynamite {
namespace {

using ::dynamite::testing::ErrorKindIs;
using ::dynamite::testing::IsError;
using ::dynamite::testing::IsOk;
using ::dynamite::testing::S;
using ::dynamite::testing::TableRequest;
using ::testing::ElementsAre;
using ::testing::Field;

// A limit small enough to reach: a few items of one partition.
constexpr int64_t kLimit = 300;

class ItemCollectionTest : public ::testing::Test {
 protected:
  ItemCollectionTest()
      : db_(DatabaseOptions{.item_collection_limit_bytes = kLimit}) {}

  void SetUp() override {
    CreateTableRequest r = TableRequest("lsi", KeyType::kS, KeyType::kS);
    r.attribute_definitions.push_back({"alt", KeyType::kS});
    LocalSecondaryIndex lsi;
    lsi.index_name = "byAlt";
    lsi.key_schema = {{"pk", KeySchemaRole::kHash},
                      {"alt", KeySchemaRole::kRange}};
    lsi.projection.projection_type = ProjectionType::kAll;
    r.local_secondary_indexes = std::vector<LocalSecondaryIndex>{lsi};
    ASSERT_THAT(db_.CreateTable(r), IsOk());
    ASSERT_THAT(db_.CreateTable(TableRequest("plain", KeyType::kS, {})),
                IsOk());
  }

  // An item of about 60 bytes, counted twice (table and LSI).
  static Item Big(const std::string& sk) {
    return Item{{"pk", S("p")},
                {"sk", S(sk)},
                {"alt", S(sk)},
                {"pad", S(std::string(40, 'x'))}};
  }

  Database db_;
};

TEST_F(ItemCollectionTest, WritesReportTheCollectionWhenAsked) {
  PutItemRequest put{.table_name = "lsi", .item = Big("a")};
  put.return_item_collection_metrics = ReturnItemCollectionMetrics::kSize;

  auto result = db_.PutItem(put);

  ASSERT_THAT(result, IsOk());
  ASSERT_TRUE(result->item_collection_metrics.has_value());
  EXPECT_EQ(result->item_collection_metrics->item_collection_key,
            (Item{{"pk", S("p")}}));
  EXPECT_EQ(result->item_collection_metrics->size_estimate_lower_gb, 0);
  EXPECT_EQ(result->item_collection_metrics->size_estimate_upper_gb, 1);
}

TEST_F(ItemCollectionTest, NoMetricsUnlessAskedOrWithoutAnLsi) {
  auto unasked = db_.PutItem({.table_name = "lsi", .item = Big("a")});
  PutItemRequest plain{.table_name = "plain", .item = Item{{"pk", S("p")}}};
  plain.return_item_collection_metrics = ReturnItemCollectionMetrics::kSize;
  auto no_lsi = db_.PutItem(plain);

  ASSERT_THAT(unasked, IsOk());
  ASSERT_THAT(no_lsi, IsOk());
  EXPECT_FALSE(unasked->item_collection_metrics.has_value());
  EXPECT_FALSE(no_lsi->item_collection_metrics.has_value());
}

TEST_F(ItemCollectionTest, GrowingPastTheLimitIsRefusedAndShrinkingIsNot) {
  int stored = 0;
  absl::Status status;
  for (char c = 'a'; c <= 'z'; ++c) {
    status = db_.PutItem({.table_name = "lsi", .item = Big(std::string(1, c))})
                 .status();
    if (!status.ok()) break;
    ++stored;
  }

  EXPECT_THAT(status, IsError(ErrorKind::kItemCollectionSizeLimitExceeded,
                              "Collection size exceeded."));
  EXPECT_GT(stored, 0);
  // Another partition has its own collection; a delete always shrinks.
  Item other = Big("a");
  other["pk"] = S("q");
  EXPECT_THAT(db_.PutItem({.table_name = "lsi", .item = other}), IsOk());
  EXPECT_THAT(db_.DeleteItem({.table_name = "lsi",
                              .key = Item{{"pk", S("p")}, {"sk", S("a")}}}),
              IsOk());
  EXPECT_THAT(db_.PutItem({.table_name = "lsi", .item = Big("zz")}), IsOk());
}

// Each put fits the collection alone; together they do not. The limit is
// checked over the whole transaction, so it is cancelled and neither lands.
TEST_F(ItemCollectionTest, TransactionPastTheLimitIsCancelledWhole) {
  ASSERT_THAT(
      db_.PutItem(PutItemRequest{.table_name = "lsi", .item = Big("a")}),
      IsOk());
  TransactWriteItem put_b, put_c;
  put_b.put = TransactPut{.table_name = "lsi", .item = Big("b")};
  put_c.put = TransactPut{.table_name = "lsi", .item = Big("c")};

  TransactWriteResult both =
      db_.TransactWriteItems({.transact_items = {put_b, put_c}});

  EXPECT_THAT(both.status(), ErrorKindIs(ErrorKind::kTransactionCanceled));
  EXPECT_THAT(both.cancellation_reasons(),
              ElementsAre(Field(&CancellationReason::code, "None"),
                          Field(&CancellationReason::code,
                                "ItemCollectionSizeLimitExceeded")));
  for (const char* sk : {"b", "c"}) {
    absl::StatusOr<GetItemResponse> got = db_.GetItem(GetItemRequest{
        .table_name = "lsi", .key = Item{{"pk", S("p")}, {"sk", S(sk)}}});
    ASSERT_THAT(got, IsOk());
    EXPECT_EQ(got->item, nullptr) << sk;
  }
  // Either alone still fits.
  EXPECT_THAT(db_.TransactWriteItems({.transact_items = {put_b}}).status(),
              IsOk());
}

}  // namespace
}  // namespace dynamite
