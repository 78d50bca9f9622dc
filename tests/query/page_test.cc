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
#include "store/number.h"
#include "tests/support/status_matchers.h"

namespace dynamite {
namespace {

using ::dynamite::testing::IsOk;
using ::testing::IsEmpty;
using ::testing::SizeIs;

// n items {k: i, verb: "read" for even i, "write" for odd i}, each held
// only by the returned vector (use_count 1), as the store holds its items.
std::vector<ItemPtr> Items(int n) {
  std::vector<ItemPtr> items;
  for (int i = 0; i < n; ++i) {
    items.push_back(std::make_shared<const Item>(
        Item{{"k", AttributeValue::N(Number::FromInt(i))},
             {"verb", AttributeValue::S(i % 2 == 0 ? "read" : "write")}}));
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
  const std::vector<ItemPtr> items = Items(100);
  PageBuilder builder(/*limit=*/0, /*filter=*/nullptr,
                      PageContents::kCountOnly);
  for (const ItemPtr& item : items) {
    ASSERT_TRUE(builder.Add(item, 10));
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
  const std::vector<ItemPtr> items = Items(10);
  const AttributeMap values = {{":a", AttributeValue::S("read")}};
  const BoundCondition filter = ActionIs("read", values);
  PageBuilder builder(/*limit=*/0, &filter, PageContents::kCountOnly);
  for (const ItemPtr& item : items) ASSERT_TRUE(builder.Add(item, 10));
  for (const ItemPtr& item : items) EXPECT_EQ(item.use_count(), 1);
  const ReadPage page = std::move(builder).Finish();
  EXPECT_THAT(page.items, IsEmpty());
  EXPECT_EQ(page.count, 5);
  EXPECT_EQ(page.scanned_count, 10);
}

TEST(PageBuilderTest, CountOnlyStopsAtLimitAndKeepsOnlyTheLastKey) {
  const std::vector<ItemPtr> items = Items(10);
  PageBuilder builder(/*limit=*/4, nullptr, PageContents::kCountOnly);
  ASSERT_TRUE(builder.Add(items[0], 10));
  ASSERT_TRUE(builder.Add(items[1], 10));
  ASSERT_TRUE(builder.Add(items[2], 10));
  EXPECT_FALSE(builder.Add(items[3], 10));
  const ReadPage page = std::move(builder).Finish();
  EXPECT_THAT(page.items, IsEmpty());
  EXPECT_EQ(page.count, 4);
  // The page's LastEvaluatedKey comes from the one item it ends with.
  EXPECT_EQ(page.last_evaluated, items[3]);
  EXPECT_EQ(items[2].use_count(), 1);
}

TEST(PageBuilderTest, CountOnlyObeysTheOneMegabyteReadBudget) {
  const std::vector<ItemPtr> items = Items(3);
  PageBuilder builder(0, nullptr, PageContents::kCountOnly);
  ASSERT_TRUE(builder.Add(items[0], kMaxPageReadBytes / 2));
  // The item that fills the budget is still counted; the page ends with it.
  EXPECT_FALSE(builder.Add(items[1], kMaxPageReadBytes / 2));
  const ReadPage page = std::move(builder).Finish();
  EXPECT_EQ(page.count, 2);
  EXPECT_EQ(page.last_evaluated, items[1]);
}

TEST(PageBuilderTest, ItemsPageSharesTheStoredItemsAndFilters) {
  const std::vector<ItemPtr> items = Items(6);
  const AttributeMap values = {{":a", AttributeValue::S("write")}};
  const BoundCondition filter = ActionIs("write", values);
  PageBuilder builder(0, &filter, PageContents::kItems);
  for (const ItemPtr& item : items) ASSERT_TRUE(builder.Add(item, 10));
  const ReadPage page = std::move(builder).Finish();
  ASSERT_THAT(page.items, SizeIs(3));
  EXPECT_EQ(page.items[0], items[1]);  // the same object: shared, not copied
  EXPECT_EQ(page.count, 3);
  EXPECT_EQ(page.scanned_count, 6);
}

}  // namespace
}  // namespace dynamite
