#include "store/table.h"

#include <algorithm>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include "store/key_codec.h"
#include "store/number.h"
#include "tests/support/status_matchers.h"

namespace dynamite {
namespace {

using ::dynamite::testing::IsError;
using ::dynamite::testing::IsOk;
using ::testing::ElementsAre;
using ::testing::ElementsAreArray;
using ::testing::IsNull;

TableDefinition Definition() {
  TableDefinition def;
  def.name = "t";
  def.key_schema.partition_key = {"pk", KeyType::kS};
  def.key_schema.sort_key = KeyAttribute{"sk", KeyType::kS};
  return def;
}

Item MakeItem(const std::string& pk, const std::string& sk) {
  return Item{{"pk", AttributeValue::S(pk)}, {"sk", AttributeValue::S(sk)}};
}

// Stores `item` under its raw string key (S keys encode as themselves).
void Put(Table& table, const std::string& pk, const std::string& sk) {
  ASSERT_THAT(
      table.Mutate({pk, sk},
                   [&](const ItemPtr&) -> absl::StatusOr<std::optional<Item>> {
                     return MakeItem(pk, sk);
                   }),
      IsOk());
}

std::vector<std::string> Visit(const Table& table, const std::string& pk,
                               const SortKeyRange& range, Direction direction) {
  std::vector<std::string> keys;
  table.VisitPartition(pk, range, direction,
                       [&](absl::string_view sk, const PackedItem&) {
                         keys.emplace_back(sk);
                         return true;
                       });
  return keys;
}

TEST(TableTest, GetReturnsNullForMissingItem) {
  Table table(Definition());

  EXPECT_THAT(table.Get({"a", "1"}), IsNull());
}

TEST(TableTest, MutateStoresAndReturnsOldItem) {
  Table table(Definition());
  Put(table, "a", "1");

  absl::StatusOr<ItemPtr> old = table.Mutate(
      {"a", "1"},
      [](const ItemPtr& current) -> absl::StatusOr<std::optional<Item>> {
        Item next = *current;
        next["x"] = AttributeValue::Bool(true);
        return next;
      });

  ASSERT_THAT(old, IsOk());
  ASSERT_NE(*old, nullptr);
  EXPECT_EQ((*old)->count("x"), 0u);
  EXPECT_EQ(table.Get({"a", "1"})->count("x"), 1u);
}

// A stored item is packed: one block of its bytes, whatever slack the
// item it was built from had (an UpdateItem builds the next item by
// inserting into copies of nested maps and lists).
TEST(TableTest, MutateStoresItemsPacked) {
  Table table(Definition());
  Item built;
  ASSERT_THAT(
      table.Mutate({"a", "1"},
                   [&](const ItemPtr&) -> absl::StatusOr<std::optional<Item>> {
                     AttributeMap inner;
                     inner.reserve(16);
                     inner["n"] = AttributeValue::Bool(true);
                     std::vector<AttributeValue> list;
                     list.reserve(16);
                     list.push_back(AttributeValue::M(inner));
                     Item item = MakeItem("a", "1");
                     item.reserve(64);
                     item["m"] = AttributeValue::M(std::move(inner));
                     item["l"] = AttributeValue::L(std::move(list));
                     item["ss"] = AttributeValue::SS({"s"});
                     built = item;
                     return item;
                   }),
      IsOk());

  const ItemPtr stored = table.Get({"a", "1"});
  ASSERT_NE(stored, nullptr);
  EXPECT_EQ(*stored, built);
  EXPECT_EQ(stored.packed()->size(), ItemSize(built));
  EXPECT_EQ(stored.packed()->count(), 5u);
  // Framing only: a header and a few bytes a value, next to the item's
  // DynamoDB size.
  EXPECT_LE(stored.packed()->block_bytes(),
            static_cast<size_t>(ItemSize(built)) + 16 + 3 * 9);
}

TEST(TableTest, MutateLeavesTableUnchangedOnError) {
  Table table(Definition());
  Put(table, "a", "1");
  const int64_t size_before = table.size_bytes();

  absl::StatusOr<ItemPtr> result = table.Mutate(
      {"a", "1"}, [](const ItemPtr&) -> absl::StatusOr<std::optional<Item>> {
        return ValidationError("nope");
      });

  EXPECT_THAT(result, IsError(ErrorKind::kValidation, "nope"));
  EXPECT_EQ(table.item_count(), 1);
  EXPECT_EQ(table.size_bytes(), size_before);
}

TEST(TableTest, DeleteRemovesItemAndEmptyPartition) {
  Table table(Definition());
  Put(table, "a", "1");

  ASSERT_THAT(
      table.Mutate({"a", "1"},
                   [](const ItemPtr&) -> absl::StatusOr<std::optional<Item>> {
                     return std::nullopt;
                   }),
      IsOk());

  EXPECT_THAT(table.Get({"a", "1"}), IsNull());
  EXPECT_EQ(table.item_count(), 0);
  EXPECT_EQ(table.size_bytes(), 0);
  EXPECT_THAT(Visit(table, "a", {}, Direction::kForward), ElementsAre());
}

TEST(TableTest, TracksItemCountAndSize) {
  Table table(Definition());
  Put(table, "a", "1");
  Put(table, "a", "2");
  Put(table, "a", "2");  // overwrite

  EXPECT_EQ(table.item_count(), 2);
  // Each item: "pk" (2) + "a" (1) + "sk" (2) + one-byte key (1) = 6.
  EXPECT_EQ(table.size_bytes(), 12);
}

TEST(TableTest, VisitsPartitionInKeyOrderBothWays) {
  Table table(Definition());
  for (const char* sk : {"b", "a", "d", "c"}) Put(table, "p", sk);
  Put(table, "q", "a");

  EXPECT_THAT(Visit(table, "p", {}, Direction::kForward),
              ElementsAre("a", "b", "c", "d"));
  EXPECT_THAT(Visit(table, "p", {}, Direction::kBackward),
              ElementsAre("d", "c", "b", "a"));
}

TEST(TableTest, VisitRespectsInclusiveAndExclusiveBounds) {
  Table table(Definition());
  for (const char* sk : {"a", "b", "c", "d", "e"}) Put(table, "p", sk);

  SortKeyRange closed{SortKeyBound{"b", true}, SortKeyBound{"d", true}};
  SortKeyRange open{SortKeyBound{"b", false}, SortKeyBound{"d", false}};
  SortKeyRange between_keys{SortKeyBound{"bb", true}, SortKeyBound{"cc", true}};

  EXPECT_THAT(Visit(table, "p", closed, Direction::kForward),
              ElementsAre("b", "c", "d"));
  EXPECT_THAT(Visit(table, "p", closed, Direction::kBackward),
              ElementsAre("d", "c", "b"));
  EXPECT_THAT(Visit(table, "p", open, Direction::kForward), ElementsAre("c"));
  EXPECT_THAT(Visit(table, "p", open, Direction::kBackward), ElementsAre("c"));
  EXPECT_THAT(Visit(table, "p", between_keys, Direction::kForward),
              ElementsAre("c"));
  EXPECT_THAT(Visit(table, "p", between_keys, Direction::kBackward),
              ElementsAre("c"));
}

TEST(TableTest, VisitsLongRangesExactlyBothWays) {
  // Longer than the walk's first few bound checks (it then seeks the far
  // end): every bound kind must still cut at the right key.
  Table table(Definition());
  std::vector<std::string> keys;
  for (char c = 'a'; c <= 'z'; ++c) {
    keys.emplace_back(1, c);
    Put(table, "p", keys.back());
  }
  Put(table, "q", "m");  // another partition, never visited
  for (const bool inclusive : {true, false}) {
    SCOPED_TRACE(inclusive);
    const SortKeyRange range{SortKeyBound{"c", inclusive},
                             SortKeyBound{"w", inclusive}};
    std::vector<std::string> expected(keys.begin() + (inclusive ? 2 : 3),
                                      keys.begin() + (inclusive ? 23 : 22));
    EXPECT_THAT(Visit(table, "p", range, Direction::kForward),
                ElementsAreArray(expected));
    std::reverse(expected.begin(), expected.end());
    EXPECT_THAT(Visit(table, "p", range, Direction::kBackward),
                ElementsAreArray(expected));
  }
}

TEST(TableTest, VisitWithOneBoundRunsToThePartitionsEnd) {
  Table table(Definition());
  for (const char* sk : {"a", "b", "c", "d"}) Put(table, "p", sk);
  Put(table, "q", "a");  // another partition, never visited

  SortKeyRange below_c{std::nullopt, SortKeyBound{"c", false}};
  SortKeyRange from_b{SortKeyBound{"b", true}, std::nullopt};

  EXPECT_THAT(Visit(table, "p", below_c, Direction::kForward),
              ElementsAre("a", "b"));
  EXPECT_THAT(Visit(table, "p", below_c, Direction::kBackward),
              ElementsAre("b", "a"));
  EXPECT_THAT(Visit(table, "p", from_b, Direction::kForward),
              ElementsAre("b", "c", "d"));
  EXPECT_THAT(Visit(table, "p", from_b, Direction::kBackward),
              ElementsAre("d", "c", "b"));
}

TEST(TableTest, InvertedOrEmptyRangeVisitsNothing) {
  Table table(Definition());
  for (const char* sk : {"a", "b", "c"}) Put(table, "p", sk);

  SortKeyRange inverted{SortKeyBound{"c", true}, SortKeyBound{"a", true}};
  SortKeyRange empty{SortKeyBound{"b", false}, SortKeyBound{"b", false}};
  SortKeyRange past_end{SortKeyBound{"z", true}, std::nullopt};

  SortKeyRange before_start{std::nullopt, SortKeyBound{"a", false}};
  for (Direction direction : {Direction::kForward, Direction::kBackward}) {
    EXPECT_THAT(Visit(table, "p", inverted, direction), ElementsAre());
    EXPECT_THAT(Visit(table, "p", empty, direction), ElementsAre());
    EXPECT_THAT(Visit(table, "p", past_end, direction), ElementsAre());
    EXPECT_THAT(Visit(table, "p", before_start, direction), ElementsAre());
    EXPECT_THAT(Visit(table, "missing", {}, direction), ElementsAre());
  }
}

TEST(TableTest, VisitStopsWhenCallbackSaysSo) {
  Table table(Definition());
  for (const char* sk : {"a", "b", "c"}) Put(table, "p", sk);
  std::vector<std::string> seen;

  table.VisitPartition("p", {}, Direction::kForward,
                       [&](absl::string_view sk, const PackedItem&) {
                         seen.emplace_back(sk);
                         return seen.size() < 2;
                       });

  EXPECT_THAT(seen, ElementsAre("a", "b"));
}

TEST(TableTest, ReadersKeepTheirSnapshotAcrossWrites) {
  Table table(Definition());
  Put(table, "a", "1");
  ItemPtr before = table.Get({"a", "1"});

  ASSERT_THAT(
      table.Mutate({"a", "1"},
                   [](const ItemPtr&) -> absl::StatusOr<std::optional<Item>> {
                     return std::nullopt;
                   }),
      IsOk());

  ASSERT_NE(before, nullptr);
  EXPECT_EQ(before->at("sk").s(), "1");
}

// A stored S sort key is read from the stored item's own bytes
// (store/partition.h): replacing the item must move the key to the new
// item's bytes, or the B-tree would read freed memory (ASan builds fail).
TEST(TableTest, ReplacingAnItemKeepsItsKeyReadable) {
  Table table(Definition());
  const std::string sk = "EVT#2026-06-23T10:15:30.123Z#0001";  // heap bytes
  Put(table, "a", "EVT#2026-06-23T00:00:00.000Z#0001");
  Put(table, "a", sk);
  ASSERT_THAT(
      table.Mutate({"a", sk},
                   [&](const ItemPtr&) -> absl::StatusOr<std::optional<Item>> {
                     Item next = MakeItem("a", sk);
                     next.emplace("v", AttributeValue::S("replaced"));
                     return next;
                   }),
      IsOk());
  Put(table, "a", "EVT#2026-06-23T23:59:59.999Z#0001");

  EXPECT_EQ(table.item_count(), 3);
  ItemPtr stored = table.Get({"a", sk});
  ASSERT_NE(stored, nullptr);
  EXPECT_EQ(stored->at("v").s(), "replaced");
  EXPECT_THAT(Visit(table, "a", SortKeyRange{SortKeyBound{sk, true}, {}},
                    Direction::kForward),
              ElementsAre(sk, "EVT#2026-06-23T23:59:59.999Z#0001"));
}

// N sort keys encode into bytes the item does not hold; the table keeps its
// own copy, through replacements and deletes.
TEST(TableTest, NumberSortKeysAreStoredInNumericOrder) {
  TableDefinition def = Definition();
  def.key_schema.sort_key = KeyAttribute{"sk", KeyType::kN};
  Table table(std::move(def));
  const auto put = [&](absl::string_view text) {
    const Number n = *Number::Parse(text);
    return table.Mutate(
        {"a", EncodeNumberKey(n)},
        [&](const ItemPtr&) -> absl::StatusOr<std::optional<Item>> {
          return Item{{"pk", AttributeValue::S("a")},
                      {"sk", AttributeValue::N(n)}};
        });
  };
  for (absl::string_view n : {"10", "2", "-3.5", "2", "1e3"}) {
    ASSERT_THAT(put(n), IsOk());
  }
  ASSERT_THAT(
      table.Mutate({"a", EncodeNumberKey(*Number::Parse("10"))},
                   [](const ItemPtr&) -> absl::StatusOr<std::optional<Item>> {
                     return std::nullopt;
                   }),
      IsOk());

  std::vector<std::string> order;
  table.VisitPartition("a", SortKeyRange{}, Direction::kForward,
                       [&](absl::string_view, const PackedItem& item) {
                         order.push_back(item.Find("sk")->n().ToString());
                         return true;
                       });
  EXPECT_THAT(order, ElementsAre("-3.5", "2", "1000"));
}

// Mutate's REQUIRES says the item's key attributes encode to the key; if a
// caller breaks it, the item is still filed under the key it was given.
TEST(TableTest, AnItemIsFiledUnderTheKeyItWasStoredWith) {
  Table table(Definition());
  ASSERT_THAT(
      table.Mutate({"a", "filed"},
                   [](const ItemPtr&) -> absl::StatusOr<std::optional<Item>> {
                     return MakeItem("a", "other");
                   }),
      IsOk());

  EXPECT_THAT(Visit(table, "a", SortKeyRange{}, Direction::kForward),
              ElementsAre("filed"));
  EXPECT_THAT(table.Get({"a", "other"}), IsNull());
}

TEST(SortKeyRangeTest, ContainsHonoursInclusiveness) {
  SortKeyRange range{SortKeyBound{"b", false}, SortKeyBound{"d", true}};

  EXPECT_FALSE(range.Contains("a"));
  EXPECT_FALSE(range.Contains("b"));
  EXPECT_TRUE(range.Contains("bb"));
  EXPECT_TRUE(range.Contains("d"));
  EXPECT_FALSE(range.Contains("da"));
  EXPECT_TRUE(SortKeyRange{}.Contains(""));
}

}  // namespace
}  // namespace dynamite
