// PageBuilder: Limit, the 1 MB read budget, the filter, and Select COUNT
// (issue 5: "COUNT queries count keys without materialising items" — a
// count-only page keeps no item and copies none; the items stay shared
// with the store, only their sizes are summed for the read budget).

#include "query/page.h"

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include "query/bound.h"
#include "query/parser.h"
#include "query/placeholders.h"
#include "store/item.h"
#include "store/item_ptr.h"
#include "store/number.h"
#include "store/packed_item.h"
#include "tests/support/status_matchers.h"

namespace dynamite {
namespace {

using ::dynamite::testing::IsOk;
using ::testing::IsEmpty;
using ::testing::SizeIs;

// n stored items {k: i, verb: "read" for even i, "write" for odd i} of
// DynamoDB size `size` each, held only by the returned vector (use_count
// 1), as the store holds its items.
std::vector<PackedItemRef> Items(int n, int64_t size = 10) {
  std::vector<PackedItemRef> items;
  for (int i = 0; i < n; ++i) {
    items.push_back(PackedItem::Pack(
        Item{{"k", AttributeValue::N(Number::FromInt(i))},
             {"verb", AttributeValue::S(i % 2 == 0 ? "read" : "write")}},
        size));
  }
  return items;
}

BoundCondition ActionIs(const std::string& action, const AttributeMap& values) {
  Placeholders placeholders(nullptr, &values);
  absl::StatusOr<Condition> condition = ParseCondition(
      "verb = :a", ExpressionKind::kFilterExpression, placeholders);
  EXPECT_THAT(condition, IsOk()) << action;
  return BindParsed(*std::move(condition), placeholders);
}

TEST(PageBuilderTest, CountOnlyKeepsNoItemAndCopiesNone) {
  const std::vector<PackedItemRef> items = Items(100);
  PageBuilder builder(/*limit=*/0, /*filter=*/nullptr,
                      PageContents::kCountOnly);
  for (const PackedItemRef& item : items) {
    ASSERT_TRUE(builder.Add(*item));
    // Not even a shared reference is taken: the store's is the only one.
    EXPECT_EQ(item.use_count(), 1);
  }
  const ReadPage page = std::move(builder).Finish();
  EXPECT_THAT(page.items, IsEmpty());
  EXPECT_EQ(page.count, 100);
  EXPECT_EQ(page.scanned_count, 100);
  EXPECT_EQ(page.last_evaluated, nullptr);
}

TEST(PageBuilderTest, CountOnlyWithFilterCountsMatchesOnly) {
  const std::vector<PackedItemRef> items = Items(10);
  const AttributeMap values = {{":a", AttributeValue::S("read")}};
  const BoundCondition filter = ActionIs("read", values);
  PageBuilder builder(/*limit=*/0, &filter, PageContents::kCountOnly);
  for (const PackedItemRef& item : items) ASSERT_TRUE(builder.Add(*item));
  for (const PackedItemRef& item : items) EXPECT_EQ(item.use_count(), 1);
  const ReadPage page = std::move(builder).Finish();
  EXPECT_THAT(page.items, IsEmpty());
  EXPECT_EQ(page.count, 5);
  EXPECT_EQ(page.scanned_count, 10);
}

TEST(PageBuilderTest, CountOnlyStopsAtLimitAndKeepsOnlyTheLastKey) {
  const std::vector<PackedItemRef> items = Items(10);
  PageBuilder builder(/*limit=*/4, nullptr, PageContents::kCountOnly);
  ASSERT_TRUE(builder.Add(*items[0]));
  ASSERT_TRUE(builder.Add(*items[1]));
  ASSERT_TRUE(builder.Add(*items[2]));
  EXPECT_FALSE(builder.Add(*items[3]));
  const ReadPage page = std::move(builder).Finish();
  EXPECT_THAT(page.items, IsEmpty());
  EXPECT_EQ(page.count, 4);
  // The page's LastEvaluatedKey comes from the one item it ends with.
  EXPECT_EQ(page.last_evaluated.packed(), items[3].get());
  EXPECT_EQ(items[2].use_count(), 1);
}

TEST(PageBuilderTest, CountOnlyObeysTheOneMegabyteReadBudget) {
  const std::vector<PackedItemRef> items = Items(3, kMaxPageReadBytes / 2);
  PageBuilder builder(0, nullptr, PageContents::kCountOnly);
  ASSERT_TRUE(builder.Add(*items[0]));
  // The item that fills the budget is still counted; the page ends with it.
  EXPECT_FALSE(builder.Add(*items[1]));
  const ReadPage page = std::move(builder).Finish();
  EXPECT_EQ(page.count, 2);
  EXPECT_EQ(page.last_evaluated.packed(), items[1].get());
}

TEST(PageBuilderTest, ItemsPageSharesTheStoredItemsAndFilters) {
  const std::vector<PackedItemRef> items = Items(6);
  const AttributeMap values = {{":a", AttributeValue::S("write")}};
  const BoundCondition filter = ActionIs("write", values);
  PageBuilder builder(0, &filter, PageContents::kItems);
  for (const PackedItemRef& item : items) ASSERT_TRUE(builder.Add(*item));
  const ReadPage page = std::move(builder).Finish();
  ASSERT_THAT(page.items, SizeIs(3));
  // The same object: shared, not copied.
  EXPECT_EQ(page.items[0].packed(), items[1].get());
  EXPECT_EQ(page.count, 3);
  EXPECT_EQ(page.scanned_count, 6);
}

}  // namespace
}  // namespace dynamite
