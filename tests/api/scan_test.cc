#include <optional>
#include <set>
#include <string>
#include <utility>
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
using ::dynamite::testing::TableRequest;
using ::testing::IsEmpty;

constexpr ErrorKind kValidation = ErrorKind::kValidation;

using Key = std::pair<std::string, std::string>;

Key KeyOfItem(const Item& item) {
  auto sk = item.find("sk");
  return {item.at("pk").s(), sk == item.end() ? "" : sk->second.n().ToString()};
}

class ScanTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_THAT(db_.CreateTable(TableRequest("tbl", KeyType::kS, KeyType::kN)),
                IsOk());
    ASSERT_THAT(db_.CreateTable(TableRequest("hash", KeyType::kS, {})), IsOk());
    ASSERT_THAT(db_.CreateTable(TableRequest("empty", KeyType::kS, {})),
                IsOk());
    for (int p = 0; p < 30; ++p) {
      for (int s = 0; s < 4; ++s) {
        Put("tbl",
            {{"pk", S("p" + std::to_string(p))}, {"sk", N(std::to_string(s))}});
      }
      Put("hash", {{"pk", S("h" + std::to_string(p))}});
    }
  }

  void Put(const std::string& table, Item item) {
    ASSERT_THAT(db_.PutItem({.table_name = table, .item = std::move(item)}),
                IsOk());
  }

  // Pages through `base` with its Limit until no LastEvaluatedKey is left.
  // Without a filter, every page returns what it read and ends with the
  // item its LastEvaluatedKey names.
  std::vector<Key> ScanAll(ScanRequest base, int* pages = nullptr) {
    std::vector<Key> keys;
    int n = 0;
    while (true) {
      absl::StatusOr<ScanResponse> page = db_.Scan(base);
      EXPECT_THAT(page, IsOk());
      if (!page.ok()) break;
      ++n;
      const bool filtered = base.filter_expression.has_value();
      if (!filtered) {
        EXPECT_EQ(page->count, page->scanned_count);
      }
      EXPECT_EQ(page->count, static_cast<int64_t>(page->items.size()));
      for (const ItemPtr& item : page->items) keys.push_back(KeyOfItem(*item));
      if (!page->last_evaluated_key.has_value()) break;
      if (!filtered) {
        EXPECT_EQ(KeyOfItem(*page->last_evaluated_key),
                  KeyOfItem(*page->items.back()));
      }
      base.exclusive_start_key = page->last_evaluated_key;
    }
    if (pages != nullptr) *pages = n;
    return keys;
  }

  Database db_;
};

TEST_F(ScanTest, ReturnsEveryItemOncePartitionsInSortKeyOrder) {
  absl::StatusOr<ScanResponse> page = db_.Scan({.table_name = "tbl"});
  ASSERT_THAT(page, IsOk());
  EXPECT_EQ(page->count, 120);
  EXPECT_EQ(page->scanned_count, 120);
  EXPECT_TRUE(page->has_items);
  EXPECT_FALSE(page->last_evaluated_key.has_value());
  std::set<Key> seen;
  for (size_t i = 0; i < page->items.size(); ++i) {
    Key key = KeyOfItem(*page->items[i]);
    EXPECT_TRUE(seen.insert(key).second);
    // Items of a partition are together, in sort-key order.
    if (i % 4 != 0) {
      Key prev = KeyOfItem(*page->items[i - 1]);
      EXPECT_EQ(prev.first, key.first);
      EXPECT_LT(std::stoi(prev.second), std::stoi(key.second));
    }
  }
}

TEST_F(ScanTest, OrderIsStable) {
  std::vector<Key> first = ScanAll({.table_name = "tbl"});
  Database other;
  ASSERT_THAT(other.CreateTable(TableRequest("tbl", KeyType::kS, KeyType::kN)),
              IsOk());
  for (int p = 29; p >= 0; --p) {
    for (int s = 3; s >= 0; --s) {
      ASSERT_THAT(other.PutItem({.table_name = "tbl",
                                 .item = {{"pk", S("p" + std::to_string(p))},
                                          {"sk", N(std::to_string(s))}}}),
                  IsOk());
    }
  }
  absl::StatusOr<ScanResponse> page = other.Scan({.table_name = "tbl"});
  ASSERT_THAT(page, IsOk());
  std::vector<Key> second;
  for (const ItemPtr& item : page->items) second.push_back(KeyOfItem(*item));
  EXPECT_EQ(first, second);
}

TEST_F(ScanTest, PagingWithLimitCoversEveryItemOnceInOrder) {
  const std::vector<Key> all = ScanAll({.table_name = "tbl"});
  ASSERT_EQ(all.size(), 120u);
  for (int64_t limit : {1, 3, 4, 7, 119, 120, 121}) {
    int pages = 0;
    EXPECT_EQ(ScanAll({.table_name = "tbl", .limit = limit}, &pages), all)
        << limit;
    EXPECT_GE(pages, static_cast<int>((120 + limit - 1) / limit)) << limit;
  }
  const std::vector<Key> hash_all = ScanAll({.table_name = "hash"});
  ASSERT_EQ(hash_all.size(), 30u);
  EXPECT_EQ(ScanAll({.table_name = "hash", .limit = 4}), hash_all);
}

TEST_F(ScanTest, LastEvaluatedKeyHasOnlyTheKey) {
  Put("hash", {{"pk", S("h0")}, {"extra", S("x")}});
  absl::StatusOr<ScanResponse> page =
      db_.Scan({.table_name = "hash", .limit = 30});
  ASSERT_THAT(page, IsOk());
  ASSERT_TRUE(page->last_evaluated_key.has_value());
  EXPECT_EQ(page->last_evaluated_key->size(), 1u);
  EXPECT_TRUE(page->last_evaluated_key->contains("pk"));
}

TEST_F(ScanTest, EmptyTable) {
  absl::StatusOr<ScanResponse> page = db_.Scan({.table_name = "empty"});
  ASSERT_THAT(page, IsOk());
  EXPECT_THAT(page->items, IsEmpty());
  EXPECT_EQ(page->count, 0);
  EXPECT_FALSE(page->last_evaluated_key.has_value());
}

TEST_F(ScanTest, PagesStopAtOneMegabyte) {
  ASSERT_THAT(db_.CreateTable(TableRequest("big", KeyType::kS, {})), IsOk());
  const std::string blob(100 * 1024, 'x');
  for (int i = 0; i < 25; ++i) {
    Put("big", {{"pk", S("b" + std::to_string(i))}, {"v", S(blob)}});
  }
  int pages = 0;
  std::vector<Key> keys = ScanAll({.table_name = "big"}, &pages);
  EXPECT_EQ(keys.size(), 25u);
  EXPECT_EQ(std::set<Key>(keys.begin(), keys.end()).size(), 25u);
  EXPECT_EQ(pages, 3);  // 11 items reach 1 MB: 11 + 11 + 3
  absl::StatusOr<ScanResponse> first = db_.Scan({.table_name = "big"});
  ASSERT_THAT(first, IsOk());
  EXPECT_EQ(first->scanned_count, 11);
  EXPECT_TRUE(first->last_evaluated_key.has_value());
}

TEST_F(ScanTest, CountOmitsItemsAndStillPages) {
  absl::StatusOr<ScanResponse> page =
      db_.Scan({.table_name = "tbl", .limit = 50, .select = Select::kCount});
  ASSERT_THAT(page, IsOk());
  EXPECT_FALSE(page->has_items);
  EXPECT_THAT(page->items, IsEmpty());
  EXPECT_EQ(page->count, 50);
  EXPECT_EQ(page->scanned_count, 50);
  EXPECT_TRUE(page->last_evaluated_key.has_value());

  page = db_.Scan({.table_name = "tbl", .select = Select::kCount});
  ASSERT_THAT(page, IsOk());
  EXPECT_EQ(page->count, 120);
  EXPECT_FALSE(page->last_evaluated_key.has_value());

  page = db_.Scan({.table_name = "tbl", .select = Select::kAllAttributes});
  ASSERT_THAT(page, IsOk());
  EXPECT_EQ(page->items.size(), 120u);
}

TEST_F(ScanTest, ParallelSegmentsAreDisjointAndCover) {
  const std::vector<Key> all = ScanAll({.table_name = "tbl"});
  const std::set<Key> all_set(all.begin(), all.end());
  for (int64_t total : {1, 2, 3, 7}) {
    std::set<Key> seen;
    for (int64_t segment = 0; segment < total; ++segment) {
      for (int64_t limit : {0, 3}) {
        ScanRequest request{
            .table_name = "tbl", .segment = segment, .total_segments = total};
        if (limit > 0) request.limit = limit;
        std::vector<Key> keys = ScanAll(request);
        if (limit > 0) {
          for (const Key& key : keys) {
            EXPECT_TRUE(seen.insert(key).second) << total << " " << segment;
          }
        } else {
          // Paged and unpaged scans of a segment agree.
          request.limit = 3;
          EXPECT_EQ(ScanAll(request), keys);
        }
      }
    }
    EXPECT_EQ(seen, all_set) << total;
  }
}

TEST_F(ScanTest, MaximumTotalSegmentsAccepted) {
  EXPECT_THAT(
      db_.Scan(
          {.table_name = "tbl", .segment = 999999, .total_segments = 1000000}),
      IsOk());
}

TEST_F(ScanTest, ExclusiveStartKeyInAnotherSegment) {
  absl::StatusOr<ScanResponse> seg1 =
      db_.Scan({.table_name = "tbl", .segment = 1, .total_segments = 2});
  ASSERT_THAT(seg1, IsOk());
  ASSERT_FALSE(seg1->items.empty());
  const Item& first = *seg1->items.front();
  Item start{{"pk", first.at("pk")}, {"sk", first.at("sk")}};
  EXPECT_THAT(db_.Scan({.table_name = "tbl",
                        .exclusive_start_key = start,
                        .segment = 0,
                        .total_segments = 2}),
              IsError(kValidation,
                      "The provided starting key is invalid: Invalid "
                      "ExclusiveStartKey. Please use ExclusiveStartKey with "
                      "correct Segment. TotalSegments: 2 Segment: 0"));
  EXPECT_THAT(db_.Scan({.table_name = "tbl",
                        .exclusive_start_key = start,
                        .segment = 1,
                        .total_segments = 2}),
              IsOk());
}

TEST_F(ScanTest, Errors) {
  const std::string kBadKey =
      "The provided starting key is invalid: The provided key element does "
      "not match the schema";
  EXPECT_THAT(db_.Scan({.table_name = "x"}),
              IsError(kValidation,
                      "1 validation error detected: Value 'x' at 'tableName' "
                      "failed to satisfy constraint: Member must have length "
                      "greater than or equal to 3"));
  EXPECT_THAT(
      db_.Scan({.table_name = "missing"}),
      IsError(ErrorKind::kResourceNotFound, "Requested resource not found"));
  EXPECT_THAT(db_.Scan({.table_name = "tbl", .limit = 0}),
              IsError(kValidation,
                      "1 validation error detected: Value '0' at 'limit' "
                      "failed to satisfy constraint: Member must have value "
                      "greater than or equal to 1"));
  EXPECT_THAT(
      db_.Scan({.table_name = "tbl", .segment = 0}),
      IsError(kValidation,
              "The TotalSegments parameter is required but was not present "
              "in the request when Segment parameter is present"));
  EXPECT_THAT(
      db_.Scan({.table_name = "tbl", .total_segments = 2}),
      IsError(kValidation,
              "The Segment parameter is required but was not present in the "
              "request when parameter TotalSegments is present"));
  EXPECT_THAT(
      db_.Scan({.table_name = "tbl", .segment = 3, .total_segments = 3}),
      IsError(kValidation,
              "The Segment parameter is zero-based and must be less "
              "than parameter TotalSegments: Segment: 3 is not less "
              "than TotalSegments: 3"));
  EXPECT_THAT(
      db_.Scan({.table_name = "tbl", .segment = 0, .total_segments = 1000001}),
      IsError(kValidation,
              "1 validation error detected: Value '1000001' at "
              "'totalSegments' failed to satisfy constraint: Member must "
              "have value less than or equal to 1000000"));
  EXPECT_THAT(
      db_.Scan({.table_name = "tbl", .segment = 0, .total_segments = 0}),
      IsError(kValidation,
              "1 validation error detected: Value '0' at "
              "'totalSegments' failed to satisfy constraint: Member "
              "must have value greater than or equal to 1"));
  EXPECT_THAT(
      db_.Scan({.table_name = "tbl", .segment = -1, .total_segments = 2}),
      IsError(kValidation,
              "1 validation error detected: Value '-1' at 'segment' failed "
              "to satisfy constraint: Member must have value greater than or "
              "equal to 0"));
  EXPECT_THAT(
      db_.Scan({.table_name = "tbl", .select = Select::kSpecificAttributes}),
      IsError(kValidation,
              "Must specify the AttributesToGet or ProjectionExpression when "
              "choosing to get SPECIFIC_ATTRIBUTES"));
  EXPECT_THAT(
      db_.Scan(
          {.table_name = "tbl", .select = Select::kAllProjectedAttributes}),
      IsError(kValidation,
              "ALL_PROJECTED_ATTRIBUTES can be used only when Querying using "
              "an IndexName"));
  // ExclusiveStartKey: missing sort key, spurious attribute, wrong type.
  EXPECT_THAT(db_.Scan({.table_name = "tbl",
                        .exclusive_start_key = Item{{"pk", S("p1")}}}),
              IsError(kValidation, kBadKey));
  EXPECT_THAT(
      db_.Scan({.table_name = "tbl",
                .exclusive_start_key =
                    Item{{"pk", S("p1")}, {"sk", N("1")}, {"x", S("y")}}}),
      IsError(kValidation, kBadKey));
  EXPECT_THAT(
      db_.Scan({.table_name = "tbl",
                .exclusive_start_key = Item{{"pk", S("p1")}, {"sk", S("1")}}}),
      IsError(kValidation, kBadKey));
  EXPECT_THAT(
      db_.Scan({.table_name = "hash",
                .exclusive_start_key = Item{{"pk", S("h1")}, {"sk", N("1")}}}),
      IsError(kValidation, kBadKey));
}

TEST_F(ScanTest, FilterMayTestKeyAttributesAndCountsAfterLimit) {
  ScanRequest request{
      .table_name = "tbl",
      .filter_expression = "sk >= :two AND begins_with(pk, :p)",
      .expression_attribute_values = {{{":two", N("2")}, {":p", S("p1")}}}};

  // p1 and p10..p19: 11 partitions, two items each with sk >= 2.
  absl::StatusOr<ScanResponse> all = db_.Scan(request);
  ASSERT_THAT(all, IsOk());
  EXPECT_EQ(all->scanned_count, 120);
  EXPECT_EQ(all->count, 22);
  EXPECT_EQ(all->items.size(), 22u);

  // Limit counts the items read, not the items returned.
  request.limit = 10;
  absl::StatusOr<ScanResponse> page = db_.Scan(request);
  ASSERT_THAT(page, IsOk());
  EXPECT_EQ(page->scanned_count, 10);
  EXPECT_LE(page->count, 10);
  EXPECT_TRUE(page->last_evaluated_key.has_value());
  // Paging through with the filter returns each matching item once.
  std::vector<Key> keys = ScanAll(request);
  EXPECT_EQ(keys.size(), 22u);
  EXPECT_EQ(std::set<Key>(keys.begin(), keys.end()).size(), 22u);
}

TEST_F(ScanTest, ProjectionShapesEveryItem) {
  absl::StatusOr<ScanResponse> page =
      db_.Scan({.table_name = "hash",
                .projection_expression = "#k, missing_attr",
                .expression_attribute_names = {{{"#k", "pk"}}},
                .limit = 3,
                .select = Select::kSpecificAttributes});

  ASSERT_THAT(page, IsOk());
  ASSERT_EQ(page->items.size(), 3u);
  for (const ItemPtr& item : page->items) {
    EXPECT_EQ(item->size(), 1u);
    EXPECT_EQ(item->count("pk"), 1u);
  }
}

TEST_F(ScanTest, ExpressionErrors) {
  EXPECT_THAT(
      db_.Scan({.table_name = "tbl",
                .projection_expression = "pk",
                .select = Select::kCount}),
      IsError(kValidation,
              "Cannot specify the ProjectionExpression when choosing to get "
              "only the Count"));
  EXPECT_THAT(db_.Scan({.table_name = "tbl",
                        .filter_expression = "pk = :a",
                        .expression_attribute_values = {{{":a", S("a")},
                                                         {":b", S("b")}}}}),
              IsError(kValidation,
                      "Value provided in ExpressionAttributeValues unused in "
                      "expressions: keys: {:b}"));
  EXPECT_THAT(db_.Scan({.table_name = "tbl",
                        .expression_attribute_names = {{{"#a", "a"}}}}),
              IsError(kValidation,
                      "ExpressionAttributeNames can only be specified when "
                      "using expressions"));
  // A projection uses names but never values.
  EXPECT_THAT(db_.Scan({.table_name = "tbl",
                        .projection_expression = "pk",
                        .expression_attribute_values = {{{":a", S("a")}}}}),
              IsError(kValidation,
                      "ExpressionAttributeValues can only be specified when "
                      "using expressions: FilterExpression is null"));
  EXPECT_THAT(db_.Scan({.table_name = "tbl", .filter_expression = "a = "}),
              IsError(kValidation,
                      "Invalid FilterExpression: Syntax error; token: "
                      "\"<EOF>\", near: \"= \""));
  // Expression errors come before the table lookup.
  EXPECT_THAT(
      db_.Scan({.table_name = "nothere", .filter_expression = "a = :x"}),
      IsError(kValidation,
              "Invalid FilterExpression: An expression attribute "
              "value used in expression is not defined; attribute "
              "value: :x"));
}

}  // namespace
}  // namespace dynamite
