#include "store/secondary_index.h"

#include <algorithm>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include "store/index_key.h"
#include "store/item.h"
#include "store/key_codec.h"
#include "store/number.h"
#include "store/packed_item.h"

namespace dynamite {
namespace {

using ::testing::ElementsAre;
using ::testing::ElementsAreArray;
using ::testing::IsEmpty;

AttributeValue Num(int64_t n) { return AttributeValue::N(Number::FromInt(n)); }
AttributeValue Str(std::string s) { return AttributeValue::S(std::move(s)); }

// The table's key: pk (S), sk (S); both encode as themselves.
KeySchema Schema() {
  KeySchema schema;
  schema.partition_key = {"pk", KeyType::kS};
  schema.sort_key = KeyAttribute{"sk", KeyType::kS};
  return schema;
}

IndexDefinition Gsi(ProjectionType projection,
                    std::vector<std::string> non_key = {}) {
  IndexDefinition index;
  index.name = "gsi";
  index.kind = IndexKind::kGlobal;
  index.hash_keys = {{"g", KeyType::kS}};
  index.range_keys = {{"r", KeyType::kN}};
  index.projection = projection;
  index.non_key_attributes = std::move(non_key);
  return index;
}

IndexDefinition Lsi(ProjectionType projection,
                    std::vector<std::string> non_key = {}) {
  IndexDefinition index;
  index.name = "lsi";
  index.kind = IndexKind::kLocal;
  index.hash_keys = {{"pk", KeyType::kS}};
  index.range_keys = {{"r", KeyType::kN}};
  index.projection = projection;
  index.non_key_attributes = std::move(non_key);
  return index;
}

PackedItemRef Pack(const Item& item) {
  return PackedItem::Pack(item, ItemSize(item));
}

EncodedKey KeyOf(const Item& item) {
  return {item.at("pk").s(), item.at("sk").s()};
}

// An item of the GSI's partition `g` with sort key `r`, stored under
// (pk, "0").
Item Entry(const std::string& g, int64_t r, const std::string& pk) {
  return {{"pk", Str(pk)}, {"sk", Str("0")}, {"g", Str(g)}, {"r", Num(r)}};
}

void Insert(SecondaryIndex& index, const Item& item) {
  index.Insert(KeyOf(item), Pack(item));
}

// The pk of every entry visited.
std::vector<std::string> VisitPartition(const SecondaryIndex& index,
                                        const std::string& partition,
                                        const SortKeyRange& range,
                                        Direction direction,
                                        const IndexPosition* start = nullptr) {
  std::vector<std::string> keys;
  index.VisitPartition(partition, range, direction, start,
                       [&](const PackedItem& data, int64_t) {
                         keys.emplace_back(data.Find("pk")->s());
                         return true;
                       });
  return keys;
}

SortKeyBound Bound(int64_t r, bool inclusive) {
  return {EncodeKeyValue(Num(r)), inclusive};
}

IndexPosition Position(const std::string& g, int64_t r, const std::string& pk,
                       const std::string& sk = "0") {
  return {g, EncodeKeyValue(Num(r)), {pk, sk}};
}

TEST(SecondaryIndexTest, InsertCountsEntryAndItsSize) {
  SecondaryIndex index(Gsi(ProjectionType::kAll), Schema());
  const Item a = Entry("x", 1, "a");
  const Item b = Entry("y", 2, "b");

  Insert(index, a);
  Insert(index, b);

  EXPECT_EQ(index.item_count(), 2);
  EXPECT_EQ(index.size_bytes(), ItemSize(a) + ItemSize(b));
}

TEST(SecondaryIndexTest, InsertLeavesOutItemWithoutIndexKeys) {
  SecondaryIndex index(Gsi(ProjectionType::kAll), Schema());
  Item no_range = Entry("x", 1, "a");
  no_range.erase("r");
  Item no_hash = Entry("x", 1, "b");
  no_hash.erase("g");

  Insert(index, no_range);
  Insert(index, no_hash);

  EXPECT_EQ(index.item_count(), 0);
  EXPECT_EQ(index.size_bytes(), 0);
  EXPECT_THAT(VisitPartition(index, "x", {}, Direction::kForward), IsEmpty());
}

TEST(SecondaryIndexTest, EraseRemovesEntryAndItsSize) {
  SecondaryIndex index(Gsi(ProjectionType::kAll), Schema());
  const Item a = Entry("x", 1, "a");
  const Item b = Entry("x", 1, "b");
  Insert(index, a);
  Insert(index, b);

  index.Erase(KeyOf(a), *Pack(a));

  EXPECT_EQ(index.item_count(), 1);
  EXPECT_EQ(index.size_bytes(), ItemSize(b));
  EXPECT_THAT(VisitPartition(index, "x", {}, Direction::kForward),
              ElementsAre("b"));
}

TEST(SecondaryIndexTest, EraseOfItemWithoutEntryChangesNothing) {
  SecondaryIndex index(Gsi(ProjectionType::kAll), Schema());
  const Item a = Entry("x", 1, "a");
  Insert(index, a);
  Item sparse = a;
  sparse.erase("g");

  index.Erase(KeyOf(sparse), *Pack(sparse));
  index.Erase({"other", "0"}, *Pack(Entry("x", 1, "other")));
  index.Erase(KeyOf(a), *Pack(Entry("elsewhere", 1, "a")));

  EXPECT_EQ(index.item_count(), 1);
  EXPECT_EQ(index.size_bytes(), ItemSize(a));
}

TEST(SecondaryIndexTest, ErasingLastEntryOfPartitionRemovesPartition) {
  SecondaryIndex index(Gsi(ProjectionType::kAll), Schema());
  const Item a = Entry("x", 1, "a");
  Insert(index, a);

  index.Erase(KeyOf(a), *Pack(a));

  int visited = 0;
  index.VisitAll(0, 1, nullptr, [&](const PackedItem&, int64_t) {
    ++visited;
    return true;
  });
  EXPECT_EQ(visited, 0);
  EXPECT_EQ(index.item_count(), 0);
}

// The data and size of the index's one entry.
std::pair<const PackedItem*, int64_t> OnlyEntry(const SecondaryIndex& index) {
  std::pair<const PackedItem*, int64_t> entry{nullptr, -1};
  index.VisitAll(0, 1, nullptr, [&](const PackedItem& data, int64_t size) {
    EXPECT_EQ(entry.first, nullptr) << "more than one entry";
    entry = {&data, size};
    return true;
  });
  return entry;
}

Item FullItem() {
  Item item = Entry("x", 7, "a");
  item["inc"] = Str("included");
  item["other"] = AttributeValue::L({Num(1), Str("two")});
  return item;
}

TEST(SecondaryIndexTest, KeysOnlyGsiEntryHoldsTableAndIndexKeys) {
  SecondaryIndex index(Gsi(ProjectionType::kKeysOnly), Schema());
  const Item item = FullItem();

  Insert(index, item);

  const Item projected{
      {"pk", Str("a")}, {"sk", Str("0")}, {"g", Str("x")}, {"r", Num(7)}};
  const auto [data, size] = OnlyEntry(index);
  ASSERT_NE(data, nullptr);
  EXPECT_EQ(data->Decode(), projected);
  EXPECT_EQ(size, ItemSize(projected));
  EXPECT_EQ(data->size(), ItemSize(projected));
  EXPECT_EQ(index.size_bytes(), ItemSize(projected));
}

TEST(SecondaryIndexTest, IncludeGsiEntryHoldsKeysAndNonKeyAttributes) {
  SecondaryIndex index(Gsi(ProjectionType::kInclude, {"inc", "absent"}),
                       Schema());
  const Item item = FullItem();

  Insert(index, item);

  const Item projected{{"pk", Str("a")},
                       {"sk", Str("0")},
                       {"g", Str("x")},
                       {"r", Num(7)},
                       {"inc", Str("included")}};
  const auto [data, size] = OnlyEntry(index);
  ASSERT_NE(data, nullptr);
  EXPECT_EQ(data->Decode(), projected);
  EXPECT_EQ(size, ItemSize(projected));
  EXPECT_EQ(index.size_bytes(), ItemSize(projected));
}

TEST(SecondaryIndexTest, AllGsiEntrySharesTheTablesItem) {
  SecondaryIndex index(Gsi(ProjectionType::kAll), Schema());
  const Item item = FullItem();
  const PackedItemRef stored = Pack(item);

  index.Insert(KeyOf(item), stored);

  const auto [data, size] = OnlyEntry(index);
  EXPECT_EQ(data, stored.get());
  EXPECT_EQ(size, ItemSize(item));
}

TEST(SecondaryIndexTest, LsiEntryHoldsWholeItemButCountsProjectedSize) {
  struct Case {
    const char* name;
    IndexDefinition index;
    Item projected;
  };
  const std::vector<Case> kCases = {
      {"KEYS_ONLY",
       Lsi(ProjectionType::kKeysOnly),
       {{"pk", Str("a")}, {"sk", Str("0")}, {"r", Num(7)}}},
      {"INCLUDE",
       Lsi(ProjectionType::kInclude, {"inc"}),
       {{"pk", Str("a")},
        {"sk", Str("0")},
        {"r", Num(7)},
        {"inc", Str("included")}}},
      {"ALL", Lsi(ProjectionType::kAll), FullItem()},
  };
  for (const Case& c : kCases) {
    SCOPED_TRACE(c.name);
    SecondaryIndex index(c.index, Schema());
    const Item item = FullItem();
    const PackedItemRef stored = Pack(item);

    index.Insert(KeyOf(item), stored);

    const auto [data, size] = OnlyEntry(index);
    EXPECT_EQ(data, stored.get());
    EXPECT_EQ(size, ItemSize(c.projected));
    EXPECT_EQ(index.size_bytes(), ItemSize(c.projected));
  }
}

// Partition "x": a(1) b(2) c(2) d(2) e(3) f(5), inserted out of order;
// partition "y": z(2).
std::unique_ptr<SecondaryIndex> OrderedIndex() {
  auto index = std::make_unique<SecondaryIndex>(Gsi(ProjectionType::kKeysOnly),
                                                Schema());
  for (const Item& item :
       {Entry("x", 2, "d"), Entry("x", 5, "f"), Entry("y", 2, "z"),
        Entry("x", 1, "a"), Entry("x", 2, "c"), Entry("x", 3, "e"),
        Entry("x", 2, "b")}) {
    Insert(*index, item);
  }
  return index;
}

TEST(SecondaryIndexTest, VisitPartitionWalksRangesInBothDirections) {
  struct Case {
    const char* name;
    SortKeyRange range;
    Direction direction;
    std::vector<std::string> expected;
  };
  const Direction kFwd = Direction::kForward;
  const Direction kBwd = Direction::kBackward;
  const std::vector<Case> kCases = {
      {"all forward", {}, kFwd, {"a", "b", "c", "d", "e", "f"}},
      {"all backward", {}, kBwd, {"f", "e", "d", "c", "b", "a"}},
      {"closed", {Bound(2, true), Bound(3, true)}, kFwd, {"b", "c", "d", "e"}},
      {"closed backward",
       {Bound(2, true), Bound(3, true)},
       kBwd,
       {"e", "d", "c", "b"}},
      {"open", {Bound(2, false), Bound(5, false)}, kFwd, {"e"}},
      {"one key backward",
       {Bound(2, true), Bound(2, true)},
       kBwd,
       {"d", "c", "b"}},
      {"lower exclusive backward", {Bound(2, false), {}}, kBwd, {"f", "e"}},
      {"upper inclusive", {{}, Bound(2, true)}, kFwd, {"a", "b", "c", "d"}},
      {"upper exclusive backward", {{}, Bound(2, false)}, kBwd, {"a"}},
      {"between keys", {Bound(4, true), Bound(4, true)}, kFwd, {}},
      {"past the end", {Bound(6, true), {}}, kFwd, {}},
      {"inverted", {Bound(5, true), Bound(1, true)}, kFwd, {}},
      {"inverted backward", {Bound(5, true), Bound(1, true)}, kBwd, {}},
  };
  const std::unique_ptr<SecondaryIndex> index = OrderedIndex();
  for (const Case& c : kCases) {
    SCOPED_TRACE(c.name);

    EXPECT_THAT(VisitPartition(*index, "x", c.range, c.direction),
                ElementsAreArray(c.expected));
  }
}

TEST(SecondaryIndexTest, VisitPartitionResumesStrictlyAfterStart) {
  struct Case {
    const char* name;
    SortKeyRange range;
    Direction direction;
    IndexPosition start;
    std::vector<std::string> expected;
  };
  const Direction kFwd = Direction::kForward;
  const Direction kBwd = Direction::kBackward;
  const SortKeyRange two_to_three{Bound(2, true), Bound(3, true)};
  const std::vector<Case> kCases = {
      {"forward", {}, kFwd, Position("x", 2, "c"), {"d", "e", "f"}},
      {"backward", {}, kBwd, Position("x", 2, "c"), {"b", "a"}},
      {"forward in range",
       two_to_three,
       kFwd,
       Position("x", 2, "c"),
       {"d", "e"}},
      {"backward in range", two_to_three, kBwd, Position("x", 2, "c"), {"b"}},
      {"forward from before range",
       two_to_three,
       kFwd,
       Position("x", 1, "a"),
       {"b", "c", "d", "e"}},
      {"backward from after range",
       two_to_three,
       kBwd,
       Position("x", 5, "f"),
       {"e", "d", "c", "b"}},
      {"forward from after range",
       two_to_three,
       kFwd,
       Position("x", 5, "f"),
       {}},
      {"backward from before range",
       two_to_three,
       kBwd,
       Position("x", 1, "a"),
       {}},
      {"forward from last", {}, kFwd, Position("x", 5, "f"), {}},
      {"backward from first", {}, kBwd, Position("x", 1, "a"), {}},
      {"forward from last of range",
       two_to_three,
       kFwd,
       Position("x", 3, "e"),
       {}},
      {"never stored, between equal keys",
       {},
       kFwd,
       Position("x", 2, "b", "05"),
       {"c", "d", "e", "f"}},
      {"never stored, backward",
       {},
       kBwd,
       Position("x", 2, "b", "05"),
       {"b", "a"}},
      {"same key, other table sort key",
       {},
       kFwd,
       Position("x", 2, "c", "1"),
       {"d", "e", "f"}},
  };
  const std::unique_ptr<SecondaryIndex> index = OrderedIndex();
  for (const Case& c : kCases) {
    SCOPED_TRACE(c.name);

    EXPECT_THAT(VisitPartition(*index, "x", c.range, c.direction, &c.start),
                ElementsAreArray(c.expected));
  }
}

TEST(SecondaryIndexTest, VisitPartitionResumesAfterErasedStart) {
  std::unique_ptr<SecondaryIndex> index = OrderedIndex();
  const Item c = Entry("x", 2, "c");
  index->Erase(KeyOf(c), *Pack(c));
  const IndexPosition start = Position("x", 2, "c");

  EXPECT_THAT(VisitPartition(*index, "x", {}, Direction::kForward, &start),
              ElementsAre("d", "e", "f"));
  EXPECT_THAT(VisitPartition(*index, "x", {}, Direction::kBackward, &start),
              ElementsAre("b", "a"));
}

TEST(SecondaryIndexTest, VisitPartitionStopsWhenVisitReturnsFalse) {
  const std::unique_ptr<SecondaryIndex> index = OrderedIndex();
  std::vector<std::string> keys;

  index->VisitPartition("x", {}, Direction::kBackward, nullptr,
                        [&](const PackedItem& data, int64_t) {
                          keys.emplace_back(data.Find("pk")->s());
                          return keys.size() < 2;
                        });

  EXPECT_THAT(keys, ElementsAre("f", "e"));
}

TEST(SecondaryIndexTest, VisitPartitionOfMissingPartitionVisitsNothing) {
  const std::unique_ptr<SecondaryIndex> index = OrderedIndex();

  EXPECT_THAT(VisitPartition(*index, "nope", {}, Direction::kForward),
              IsEmpty());
}

TEST(SecondaryIndexTest, MultiAttributeSortKeyOrdersByTuple) {
  IndexDefinition definition;
  definition.name = "multi";
  definition.hash_keys = {{"g", KeyType::kS}};
  definition.range_keys = {{"level", KeyType::kN}, {"tag", KeyType::kS}};
  definition.projection = ProjectionType::kKeysOnly;
  SecondaryIndex index(definition, Schema());
  auto item = [](const std::string& pk, int64_t level, const std::string& tag) {
    return Item{{"pk", Str(pk)},
                {"sk", Str("0")},
                {"g", Str("x")},
                {"level", Num(level)},
                {"tag", Str(tag)}};
  };
  for (const Item& i : {item("e", 10, "a"), item("c", 2, "b"),
                        item("b", 2, std::string("a\0", 2)), item("a", 2, "a"),
                        item("d", 2, "b\xff"), item("f", -1, "zzz")}) {
    Insert(index, i);
  }

  EXPECT_THAT(VisitPartition(index, "x", {}, Direction::kForward),
              ElementsAre("f", "a", "b", "c", "d", "e"));
}

// One visited entry: its table key's pk and its position.
struct Visited {
  std::string pk;
  IndexPosition position;
};

std::vector<Visited> VisitAll(const SecondaryIndex& index, int64_t segment,
                              int64_t total, const IndexPosition* start) {
  std::vector<Visited> visited;
  index.VisitAll(segment, total, start, [&](const PackedItem& data, int64_t) {
    std::optional<IndexKey> key = IndexKeyOf(index.definition(), data);
    EXPECT_TRUE(key.has_value());
    const std::string pk(data.Find("pk")->s());
    visited.push_back(
        {pk,
         {key->partition, key->sort, {pk, std::string(data.Find("sk")->s())}}});
    return true;
  });
  return visited;
}

// How the index orders equal sort keys (secondary_index.h): by the table
// key as a 2-byte length of its partition key, the partition key, the sort
// key.
std::string TableKeyBytes(const IndexPosition& p) {
  const std::string& pk = p.table_key.partition;
  return std::string(1, static_cast<char>(pk.size() >> 8)) +
         static_cast<char>(pk.size() & 0xff) + pk + p.table_key.sort;
}

std::vector<std::string> Pks(const std::vector<Visited>& visited) {
  std::vector<std::string> pks;
  for (const Visited& v : visited) pks.push_back(v.pk);
  return pks;
}

// 60 entries over 15 index partitions, sort keys 0..3.
std::vector<Item> ManyItems() {
  std::vector<Item> items;
  for (int i = 0; i < 60; ++i) {
    items.push_back(Entry("g" + std::to_string(i % 15), (i * 7) % 4,
                          "k" + std::to_string(i)));
  }
  return items;
}

std::unique_ptr<SecondaryIndex> ManyEntries() {
  auto index = std::make_unique<SecondaryIndex>(Gsi(ProjectionType::kKeysOnly),
                                                Schema());
  for (const Item& item : ManyItems()) Insert(*index, item);
  return index;
}

TEST(SecondaryIndexTest, VisitAllVisitsEveryEntryOncePartitionByPartition) {
  const std::unique_ptr<SecondaryIndex> index = ManyEntries();

  const std::vector<Visited> all = VisitAll(*index, 0, 1, nullptr);

  ASSERT_EQ(all.size(), 60u);
  std::vector<std::string> pks = Pks(all);
  std::sort(pks.begin(), pks.end());
  EXPECT_EQ(std::adjacent_find(pks.begin(), pks.end()), pks.end());
  std::vector<std::string> runs;  // the partitions in visiting order
  for (size_t i = 0; i < all.size(); ++i) {
    const IndexPosition& p = all[i].position;
    if (i == 0 || all[i - 1].position.partition != p.partition) {
      runs.push_back(p.partition);
      continue;
    }
    const IndexPosition& q = all[i - 1].position;
    EXPECT_TRUE(q.sort < p.sort ||
                (q.sort == p.sort && TableKeyBytes(q) < TableKeyBytes(p)))
        << "entry " << i << " out of order";
  }
  EXPECT_EQ(runs.size(), 15u) << "a partition visited in more than one run";
}

TEST(SecondaryIndexTest, VisitAllSegmentsCoverEveryEntryExactlyOnce) {
  const std::unique_ptr<SecondaryIndex> index = ManyEntries();
  const std::vector<std::string> all = Pks(VisitAll(*index, 0, 1, nullptr));
  for (int64_t total : {1, 2, 3, 4, 7, 16}) {
    SCOPED_TRACE(total);
    std::vector<std::string> concatenated;

    for (int64_t segment = 0; segment < total; ++segment) {
      for (const std::string& pk :
           Pks(VisitAll(*index, segment, total, nullptr))) {
        concatenated.push_back(pk);
      }
    }

    // Segments are contiguous ranges of scan order.
    EXPECT_EQ(concatenated, all);
  }
}

TEST(SecondaryIndexTest, VisitAllResumesStrictlyAfterStart) {
  const std::unique_ptr<SecondaryIndex> index = ManyEntries();
  for (int64_t total : {1, 3}) {
    for (int64_t segment = 0; segment < total; ++segment) {
      const std::vector<Visited> entries =
          VisitAll(*index, segment, total, nullptr);
      for (size_t k = 0; k < entries.size(); ++k) {
        SCOPED_TRACE(::testing::Message()
                     << total << "/" << segment << "@" << k);

        const std::vector<Visited> rest =
            VisitAll(*index, segment, total, &entries[k].position);

        const std::vector<std::string> all = Pks(entries);
        EXPECT_EQ(Pks(rest),
                  std::vector<std::string>(all.begin() + k + 1, all.end()));
      }
    }
  }
}

TEST(SecondaryIndexTest, VisitAllResumesAfterErasedStart) {
  const std::vector<Visited> entries = VisitAll(*ManyEntries(), 0, 1, nullptr);
  std::vector<Item> items = ManyItems();
  for (size_t k = 0; k < entries.size(); ++k) {
    SCOPED_TRACE(k);
    std::unique_ptr<SecondaryIndex> index = ManyEntries();
    const Item& erased = *std::find_if(
        items.begin(), items.end(),
        [&](const Item& item) { return item.at("pk").s() == entries[k].pk; });
    index->Erase(KeyOf(erased), *Pack(erased));

    const std::vector<Visited> rest =
        VisitAll(*index, 0, 1, &entries[k].position);

    const std::vector<std::string> all = Pks(entries);
    EXPECT_EQ(Pks(rest),
              std::vector<std::string>(all.begin() + k + 1, all.end()));
  }
}

TEST(SecondaryIndexTest, VisitAllResumesAfterRemovedPartition) {
  SecondaryIndex index(Gsi(ProjectionType::kKeysOnly), Schema());
  for (int i = 0; i < 10; ++i) {
    Insert(index, Entry("p" + std::to_string(i), 0, "k" + std::to_string(i)));
  }
  const std::vector<Visited> entries = VisitAll(index, 0, 1, nullptr);
  const Visited& gone = entries[4];
  const Item erased = Entry(gone.position.partition, 0, gone.pk);

  index.Erase(KeyOf(erased), *Pack(erased));

  const std::vector<std::string> all = Pks(entries);
  EXPECT_EQ(Pks(VisitAll(index, 0, 1, &gone.position)),
            std::vector<std::string>(all.begin() + 5, all.end()));
}

}  // namespace
}  // namespace dynamite
