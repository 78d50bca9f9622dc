// Table::VisitAll: the stable scan order, ExclusiveStartKey resumption and
// parallel-scan segments.

#include <algorithm>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include "store/table.h"
#include "tests/support/status_matchers.h"

namespace dynamite {
namespace {

using ::dynamite::testing::IsOk;
using ::testing::ElementsAre;
using ::testing::IsEmpty;

TableDefinition Definition() {
  TableDefinition def;
  def.name = "t";
  def.key_schema.partition_key = {"pk", KeyType::kS};
  def.key_schema.sort_key = KeyAttribute{"sk", KeyType::kS};
  return def;
}

// Stores an item under its raw string key (S keys encode as themselves).
void Put(Table& table, const std::string& pk, const std::string& sk) {
  ASSERT_THAT(
      table.Mutate({pk, sk},
                   [&](const ItemPtr&) -> absl::StatusOr<std::optional<Item>> {
                     return Item{{"pk", AttributeValue::S(pk)},
                                 {"sk", AttributeValue::S(sk)}};
                   }),
      IsOk());
}

void Delete(Table& table, const std::string& pk, const std::string& sk) {
  ASSERT_THAT(
      table.Mutate({pk, sk},
                   [&](const ItemPtr&) -> absl::StatusOr<std::optional<Item>> {
                     return std::nullopt;
                   }),
      IsOk());
}

using Keys = std::vector<std::pair<std::string, std::string>>;

Keys Scan(const Table& table, const ScanRange& range = {}, int64_t limit = 0) {
  Keys keys;
  table.VisitAll(range, [&](absl::string_view, const PackedItem& item) {
    keys.emplace_back(item.Find("pk")->s(), item.Find("sk")->s());
    return limit == 0 || static_cast<int64_t>(keys.size()) < limit;
  });
  return keys;
}

// Pinned: the scan order and the segments of stored data must not change.
TEST(PartitionHashTest, IsFnv1a64ThenFmix64) {
  EXPECT_EQ(PartitionHash(""), 0xefd01f60ba992926ull);
  EXPECT_EQ(PartitionHash("a"), 0x82a2a958a9bece5bull);
}

TEST(PartitionHashTest, ShortKeysSpreadOverSegments) {
  int in_segment_one = 0;
  for (int i = 0; i < 100; ++i) {
    in_segment_one += SegmentOf(PartitionHash("p" + std::to_string(i)), 2);
  }
  EXPECT_GT(in_segment_one, 30);
  EXPECT_LT(in_segment_one, 70);
}

TEST(SegmentOfTest, SplitsTheHashSpaceEvenly) {
  EXPECT_EQ(SegmentOf(0, 1), 0);
  EXPECT_EQ(SegmentOf(~uint64_t{0}, 1), 0);
  EXPECT_EQ(SegmentOf(0, 2), 0);
  EXPECT_EQ(SegmentOf((uint64_t{1} << 63) - 1, 2), 0);
  EXPECT_EQ(SegmentOf(uint64_t{1} << 63, 2), 1);
  EXPECT_EQ(SegmentOf(~uint64_t{0}, 1000000), 999999);
}

TEST(ScanOrderTest, EmptyTableVisitsNothing) {
  Table table(Definition());
  EXPECT_THAT(Scan(table), IsEmpty());
}

TEST(ScanOrderTest, PartitionsByHashItemsBySortKey) {
  Table table(Definition());
  for (const char* pk : {"a", "b", "c", "d", "e"}) {
    for (const char* sk : {"2", "1", "3"}) Put(table, pk, sk);
  }
  Keys keys = Scan(table);
  ASSERT_EQ(keys.size(), 15u);
  for (size_t i = 1; i < keys.size(); ++i) {
    const auto& [pk0, sk0] = keys[i - 1];
    const auto& [pk1, sk1] = keys[i];
    if (pk0 == pk1) {
      EXPECT_LT(sk0, sk1);
    } else {
      EXPECT_LT(PartitionHash(pk0), PartitionHash(pk1));
    }
  }
}

TEST(ScanOrderTest, OrderDoesNotDependOnInsertionHistory) {
  Table forward(Definition());
  Table backward(Definition());
  std::vector<std::string> pks;
  for (int i = 0; i < 200; ++i) pks.push_back("p" + std::to_string(i));
  for (const std::string& pk : pks) Put(forward, pk, "x");
  for (auto it = pks.rbegin(); it != pks.rend(); ++it) {
    Put(backward, *it, "x");
    Put(backward, *it + "gone", "x");
    Delete(backward, *it + "gone", "x");
  }
  EXPECT_EQ(Scan(forward), Scan(backward));
}

TEST(ScanOrderTest, ResumesStrictlyAfterTheStartKey) {
  Table table(Definition());
  for (int p = 0; p < 20; ++p) {
    for (const char* sk : {"a", "b", "c"}) {
      Put(table, "p" + std::to_string(p), sk);
    }
  }
  const Keys all = Scan(table);
  ASSERT_EQ(all.size(), 60u);
  for (size_t i = 0; i < all.size(); ++i) {
    ScanRange range;
    range.exclusive_start = EncodedKey{all[i].first, all[i].second};
    Keys rest = Scan(table, range);
    EXPECT_EQ(rest, Keys(all.begin() + i + 1, all.end())) << i;
  }
}

TEST(ScanOrderTest, StartKeyNeedNotExist) {
  Table table(Definition());
  Put(table, "p", "a");
  Put(table, "p", "c");
  ScanRange range;
  range.exclusive_start = EncodedKey{"p", "b"};
  EXPECT_THAT(Scan(table, range),
              ElementsAre(std::pair<std::string, std::string>("p", "c")));
  // A start key in a partition that is not stored resumes at the next
  // partition in hash order.
  Put(table, "q", "a");
  range.exclusive_start = EncodedKey{"nowhere", ""};
  Keys keys = Scan(table, range);
  for (const auto& [pk, sk] : keys) {
    EXPECT_GT(PartitionHash(pk), PartitionHash("nowhere"));
  }
}

TEST(ScanOrderTest, SegmentsAreDisjointAndCoverTheTable) {
  Table table(Definition());
  for (int p = 0; p < 100; ++p) {
    Put(table, "p" + std::to_string(p), "a");
    Put(table, "p" + std::to_string(p), "b");
  }
  const Keys all = Scan(table);
  for (int64_t total : {1, 2, 3, 7, 1000000}) {
    Keys joined;
    for (int64_t segment = 0; segment < std::min<int64_t>(total, 200);
         ++segment) {
      ScanRange range{.segment = segment, .total_segments = total};
      for (const auto& key : Scan(table, range)) {
        EXPECT_EQ(SegmentOf(PartitionHash(key.first), total), segment);
        joined.push_back(key);
      }
    }
    if (total <= 200) {
      // Segments in order, concatenated, are the whole scan in order.
      EXPECT_EQ(joined, all) << total;
    }
  }
}

TEST(ScanOrderTest, SegmentResumesAfterStartKey) {
  Table table(Definition());
  for (int p = 0; p < 50; ++p) Put(table, "p" + std::to_string(p), "a");
  for (int64_t segment = 0; segment < 3; ++segment) {
    ScanRange range{.segment = segment, .total_segments = 3};
    const Keys all = Scan(table, range);
    Keys paged;
    std::optional<EncodedKey> start;
    while (true) {
      ScanRange page_range = range;
      page_range.exclusive_start = start;
      Keys page = Scan(table, page_range, /*limit=*/4);
      if (page.empty()) break;
      paged.insert(paged.end(), page.begin(), page.end());
      start = EncodedKey{page.back().first, page.back().second};
    }
    EXPECT_EQ(paged, all);
  }
}

TEST(ScanOrderTest, StopsWhenVisitReturnsFalse) {
  Table table(Definition());
  for (const char* pk : {"a", "b", "c"}) Put(table, pk, "x");
  EXPECT_EQ(Scan(table, {}, 2).size(), 2u);
}

}  // namespace
}  // namespace dynamite
