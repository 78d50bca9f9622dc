// PackedItem, ValueView and ItemPtr: a stored item keeps every value of
// every type exactly, reads them in place, and is shared, not copied.

#include "store/packed_item.h"

#include <atomic>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include "store/item.h"
#include "store/item_ptr.h"
#include "store/number.h"
#include "store/packed_value.h"
#include "store/value.h"

namespace dynamite {
namespace {

using ::testing::ElementsAre;

AttributeValue S(std::string s) { return AttributeValue::S(std::move(s)); }
AttributeValue N(absl::string_view text) {
  return AttributeValue::N(*Number::Parse(text));
}

// One attribute of every type, the numbers at DynamoDB's bounds, names
// whose bytes sort above ASCII, and containers nested in each other.
Item EveryType() {
  return {
      {"s", S("abc")},
      {"long", S(std::string(300, 'x'))},  // a two-byte length
      {"utf8", S("\xC3\xA9\xF0\x9D\x84\x9E")},
      {"\xC2\xBF", S("after z")},
      {"n0", N("0")},
      {"nneg", N("-123.456")},
      {"nbig", N("9.9999999999999999999999999999999999999E+125")},
      {"nsmall", N("1E-130")},
      {"nnegsmall", N("-1E-130")},
      {"n38", N("12345678901234567890123456789012345678")},
      {"b", AttributeValue::B(std::string("\x00\xFF\x80", 3))},
      {"t", AttributeValue::Bool(true)},
      {"f", AttributeValue::Bool(false)},
      {"nul", AttributeValue::Null()},
      {"ss", AttributeValue::SS({"b", "a", ""})},
      {"ns", AttributeValue::NS({*Number::Parse("2.5"), *Number::Parse("-1")})},
      {"bs", AttributeValue::BS({std::string("\x01", 1), std::string()})},
      {"l", AttributeValue::L({S("a"), N("1"), AttributeValue::L({}),
                               AttributeValue::M({{"k", S("v")}})})},
      {"m",
       AttributeValue::M({{"inner", AttributeValue::M({{"x", N("7")}})},
                          {"list", AttributeValue::L({AttributeValue::Null()})},
                          {"empty", AttributeValue::M({})}})},
  };
}

// The bytes `item`'s attributes take packed, without the header or index.
size_t EntriesSize(const Item& item) {
  ValuePacker packer;
  size_t size = 0;
  for (const auto& [name, value] : item)
    size += packer.MeasureEntry(name, value);
  return size;
}

TEST(PackedItemTest, DecodesToTheItemItWasPackedFrom) {
  const Item item = EveryType();
  const PackedItemRef packed = PackedItem::Pack(item, ItemSize(item));

  EXPECT_EQ(packed->Decode(), item);
  EXPECT_EQ(packed->size(), ItemSize(item));
  EXPECT_EQ(packed->count(), item.size());
  // More than kIndexedAttributes attributes: an index of 4 bytes each.
  ASSERT_GT(item.size(), PackedItem::kIndexedAttributes);
  EXPECT_EQ(packed->block_bytes(), 16 + 4 * item.size() + EntriesSize(item));
}

TEST(PackedItemTest, ASmallItemHasNoIndex) {
  const Item item = {{"a", N("1")}, {"b", S("x")}};
  const PackedItemRef packed = PackedItem::Pack(item, ItemSize(item));

  EXPECT_EQ(packed->block_bytes(), 16 + EntriesSize(item));
}

// An item of many attributes is searched through its index: every name is
// found, names between, before and after them are not, at every count
// around the threshold.
TEST(PackedItemTest, FindsEveryAttributeOfAWideItem) {
  for (size_t count : {PackedItem::kIndexedAttributes,
                       PackedItem::kIndexedAttributes + 1, size_t{1000}}) {
    SCOPED_TRACE(count);
    Item item;
    for (size_t i = 0; i < count; ++i) {
      item.emplace(absl::StrCat("a", 1000 + 2 * i), N(absl::StrCat(i)));
    }
    const PackedItemRef packed = PackedItem::Pack(item, ItemSize(item));

    for (size_t i = 0; i < count; ++i) {
      const std::optional<ValueView> found =
          packed->Find(absl::StrCat("a", 1000 + 2 * i));
      ASSERT_TRUE(found.has_value()) << i;
      EXPECT_EQ(found->n(), Number::FromInt(static_cast<int64_t>(i)));
      EXPECT_FALSE(packed->Find(absl::StrCat("a", 1001 + 2 * i)).has_value());
    }
    EXPECT_FALSE(packed->Find("a").has_value());
    EXPECT_FALSE(packed->Find("b").has_value());
    EXPECT_FALSE(packed->Find("").has_value());
    EXPECT_EQ(packed->Decode(), item);
  }
}

TEST(PackedItemTest, EveryValueDecodesAlone) {
  const Item item = EveryType();
  const PackedItemRef packed = PackedItem::Pack(item, ItemSize(item));

  for (const auto& [name, value] : item) {
    SCOPED_TRACE(name);
    const std::optional<ValueView> view = packed->Find(name);
    ASSERT_TRUE(view.has_value());
    EXPECT_EQ(view->type(), value.type());
    EXPECT_EQ(view->Decode(), value);
    // A value's size is what was measured for it.
    EXPECT_EQ(static_cast<size_t>(view->end() - view->data()),
              PackedValueSize(value));
  }
}

// Containers beside and inside containers, to the deepest nesting an item
// may have: each carries its own body's length, so every one decodes and
// is skipped to reach what follows it.
TEST(PackedItemTest, NestedContainersCarryTheirOwnLengths) {
  AttributeValue deep = AttributeValue::L({S(std::string(200, 'd'))});
  for (int level = 0; level < 31; ++level) {
    deep = level % 2 == 0
               ? AttributeValue::M({{"a", AttributeValue::SS({"x"})},
                                    {"b", std::move(deep)},
                                    {"c", N("1")}})
               : AttributeValue::L({AttributeValue::NS({*Number::Parse("1")}),
                                    std::move(deep), S("after")});
  }
  const Item item = {
      {"a",
       AttributeValue::L({AttributeValue::M({{"x", AttributeValue::L({})}}),
                          AttributeValue::BS({std::string(130, 'b')})})},
      {"deep", deep},
      {"z", AttributeValue::M({{"y", AttributeValue::L({N("2")})}})},
  };
  const PackedItemRef packed = PackedItem::Pack(item, ItemSize(item));

  EXPECT_EQ(packed->Decode(), item);
  EXPECT_EQ(packed->Find("z")->Decode(), item.at("z"));
  // Down the deep value: each level's last member follows the nested one.
  std::optional<ValueView> level = packed->Find("deep");
  for (int depth = 0; level.has_value() && depth < 31; ++depth) {
    SCOPED_TRACE(depth);
    if (level->type() == ValueType::kM) {
      EXPECT_EQ(level->Member("c")->n(), *Number::Parse("1"));
      level = level->Member("b");
    } else {
      ASSERT_EQ(level->type(), ValueType::kL);
      EXPECT_EQ(level->Element(2)->s(), "after");
      level = level->Element(1);
    }
  }
  ASSERT_TRUE(level.has_value());
  EXPECT_EQ(level->Decode(), AttributeValue::L({S(std::string(200, 'd'))}));
}

TEST(PackedItemTest, ReadsScalarsInPlace) {
  const Item item = EveryType();
  const PackedItemRef packed = PackedItem::Pack(item, ItemSize(item));

  EXPECT_EQ(packed->Find("s")->s(), "abc");
  EXPECT_EQ(packed->Find("long")->s().size(), 300u);
  EXPECT_EQ(packed->Find("b")->b(), std::string("\x00\xFF\x80", 3));
  EXPECT_EQ(packed->Find("nneg")->n(), *Number::Parse("-123.456"));
  EXPECT_EQ(packed->Find("nsmall")->n(), *Number::Parse("1E-130"));
  EXPECT_TRUE(packed->Find("t")->boolean());
  EXPECT_FALSE(packed->Find("f")->boolean());
  EXPECT_EQ(packed->Find("l")->count(), 4u);
  EXPECT_EQ(packed->Find("m")->count(), 3u);
  EXPECT_EQ(packed->Find("ss")->count(), 3u);
}

TEST(PackedItemTest, FindsNamesByByteOrder) {
  const Item item = {
      {"a", N("1")}, {"ab", N("2")}, {"b", N("3")}, {"\xC2\xBF", N("4")}};
  const PackedItemRef packed = PackedItem::Pack(item, ItemSize(item));

  EXPECT_EQ(packed->Find("ab")->n(), *Number::Parse("2"));
  EXPECT_EQ(packed->Find("\xC2\xBF")->n(), *Number::Parse("4"));
  for (const char* absent : {"", "0", "a#", "aa", "abc", "c", "z", "\xFF"}) {
    SCOPED_TRACE(absent);
    EXPECT_FALSE(packed->Find(absent).has_value());
  }
  std::vector<std::string> names;
  packed->ForEach(
      [&](absl::string_view name, ValueView) { names.emplace_back(name); });
  EXPECT_THAT(names, ElementsAre("a", "ab", "b", "\xC2\xBF"));
}

TEST(PackedItemTest, WalksContainersInPlace) {
  const Item item = EveryType();
  const PackedItemRef packed = PackedItem::Pack(item, ItemSize(item));

  const ValueView m = *packed->Find("m");
  EXPECT_EQ(m.Member("inner")->Member("x")->n(), *Number::Parse("7"));
  EXPECT_EQ(m.Member("list")->Element(0)->type(), ValueType::kNull);
  EXPECT_FALSE(m.Member("list")->Element(1).has_value());
  EXPECT_FALSE(m.Member("absent").has_value());
  EXPECT_EQ(m.Member("empty")->count(), 0u);
  std::vector<std::string> members;
  m.ForEachMember(
      [&](absl::string_view name, ValueView) { members.emplace_back(name); });
  EXPECT_THAT(members, ElementsAre("empty", "inner", "list"));

  const ValueView l = *packed->Find("l");
  EXPECT_EQ(l.Element(3)->Member("k")->s(), "v");
  EXPECT_EQ(l.Element(2)->count(), 0u);
  EXPECT_FALSE(l.Element(4).has_value());

  std::vector<std::string> ss;
  packed->Find("ss")->ForEachBytes(
      [&](absl::string_view s) { ss.emplace_back(s); });
  // Sets are packed sorted: S and B by unsigned bytes, N by value.
  EXPECT_THAT(ss, ElementsAre("", "a", "b"));
  std::vector<std::string> ns;
  packed->Find("ns")->ForEachNumber(
      [&](const Number& n) { ns.push_back(n.ToString()); });
  EXPECT_THAT(ns, ElementsAre("-1", "2.5"));
}

TEST(PackedItemTest, AnEmptyItemPacks) {
  const PackedItemRef packed = PackedItem::Pack(Item(), 0);

  EXPECT_EQ(packed->count(), 0u);
  EXPECT_TRUE(packed->Decode().empty());
  EXPECT_FALSE(packed->Find("a").has_value());
}

TEST(PackedItemRefTest, CountsItsReferences) {
  PackedItemRef a = PackedItem::Pack(Item{{"k", N("1")}}, 2);
  EXPECT_EQ(a.use_count(), 1);
  {
    const PackedItemRef b = a;
    EXPECT_EQ(a.use_count(), 2);
    EXPECT_EQ(b.get(), a.get());
    const PackedItemRef c(a.get());
    EXPECT_EQ(a.use_count(), 3);
  }
  EXPECT_EQ(a.use_count(), 1);
  PackedItemRef moved = std::move(a);
  EXPECT_EQ(moved.use_count(), 1);
  // A moved-from reference is null, as a moved-from std::shared_ptr is.
  // NOLINTNEXTLINE(bugprone-use-after-move,clang-analyzer-cplusplus.Move)
  EXPECT_FALSE(a);
  // NOLINTNEXTLINE(bugprone-use-after-move,clang-analyzer-cplusplus.Move)
  EXPECT_EQ(a.use_count(), 0);
  moved = PackedItemRef();
  EXPECT_FALSE(moved);
}

TEST(ItemPtrTest, NullReadsLikeANullSharedPtr) {
  const ItemPtr null;
  EXPECT_EQ(null, nullptr);
  EXPECT_FALSE(null);
  EXPECT_EQ(null.get(), nullptr);
  EXPECT_EQ(null.packed(), nullptr);
  const ItemPtr from_nullptr = nullptr;
  EXPECT_EQ(from_nullptr, nullptr);
}

TEST(ItemPtrTest, DecodesTheSharedItemOnDereference) {
  const Item item = EveryType();
  const PackedItemRef stored = PackedItem::Pack(item, ItemSize(item));

  const ItemPtr ptr(stored);
  EXPECT_NE(ptr, nullptr);
  EXPECT_EQ(ptr.packed(), stored.get());
  EXPECT_EQ(stored.use_count(), 2);
  EXPECT_EQ(*ptr, item);
  EXPECT_EQ(ptr->at("s").s(), "abc");
  // The decoding is kept: the same object every time.
  EXPECT_EQ(ptr.get(), &*ptr);

  // A copy shares the stored item, not the decoding.
  const ItemPtr copy = ptr;
  EXPECT_EQ(copy.packed(), stored.get());
  EXPECT_EQ(*copy, item);
  EXPECT_NE(copy.get(), ptr.get());

  ItemPtr moved = ItemPtr(ptr);
  const Item* decoded = moved.get();
  ItemPtr target;
  target = std::move(moved);
  EXPECT_EQ(target.get(), decoded);
}

TEST(ItemPtrTest, MakeItemPtrPacksAndKeepsTheItem) {
  const Item item = EveryType();

  const ItemPtr ptr = MakeItemPtr(item);

  ASSERT_NE(ptr.packed(), nullptr);
  EXPECT_EQ(ptr.packed()->Decode(), item);
  EXPECT_EQ(ptr.packed()->size(), ItemSize(item));
  EXPECT_EQ(*ptr, item);
}

TEST(ItemPtrTest, UnpackedHoldsTheItemAsBuilt) {
  const Item item = EveryType();

  const ItemPtr ptr = MakeUnpackedItemPtr(item);

  EXPECT_NE(ptr, nullptr);
  EXPECT_TRUE(ptr);
  EXPECT_EQ(ptr.packed(), nullptr);
  EXPECT_EQ(*ptr, item);
  EXPECT_EQ(ptr.get(), &*ptr);
  EXPECT_EQ(ptr->at("s").s(), "abc");

  // A copy has an item of its own, equal.
  const ItemPtr copy = ptr;
  EXPECT_NE(copy, nullptr);
  EXPECT_EQ(copy.packed(), nullptr);
  EXPECT_EQ(*copy, item);
  EXPECT_NE(copy.get(), ptr.get());

  ItemPtr moved = ItemPtr(ptr);
  const Item* held = moved.get();
  ItemPtr target;
  target = std::move(moved);
  EXPECT_EQ(target.get(), held);
  // NOLINTNEXTLINE(bugprone-use-after-move,clang-analyzer-cplusplus.Move)
  EXPECT_EQ(moved, nullptr);

  // An empty item is still an item, not a null ItemPtr.
  EXPECT_NE(MakeUnpackedItemPtr(Item()), nullptr);
}

// The first dereferences of one ItemPtr may race (const access from many
// threads); each sees one complete decoding. Run under TSan in CI.
TEST(ItemPtrConcurrencyTest, FirstDereferencesAgree) {
  const Item item = EveryType();
  for (int round = 0; round < 20; ++round) {
    const ItemPtr ptr(PackedItem::Pack(item, ItemSize(item)));
    std::atomic<int> ready{0};
    std::vector<const Item*> seen(4, nullptr);
    std::vector<std::thread> threads;
    for (size_t t = 0; t < seen.size(); ++t) {
      threads.emplace_back([&, t] {
        ready.fetch_add(1);
        while (ready.load() < static_cast<int>(seen.size())) {
        }
        seen[t] = ptr.get();
      });
    }
    for (std::thread& thread : threads) thread.join();
    for (const Item* decoded : seen) {
      EXPECT_EQ(decoded, seen[0]);
      EXPECT_EQ(*decoded, item);
    }
  }
}

}  // namespace
}  // namespace dynamite
