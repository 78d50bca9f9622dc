#include "store/attribute_map.h"

#include <algorithm>
#include <random>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/string_view.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include "store/number.h"
#include "store/value.h"

namespace dynamite {
namespace {

using ::testing::ElementsAre;
using ::testing::Pair;

AttributeValue S(const std::string& s) { return AttributeValue::S(s); }

std::vector<std::string> Names(const AttributeMap& map) {
  std::vector<std::string> names;
  for (const auto& [name, value] : map) names.push_back(name);
  return names;
}

// `n` distinct names whose byte order is their index order.
std::vector<std::string> OrderedNames(int n) {
  std::vector<std::string> names;
  names.reserve(n);
  for (int i = 0; i < n; ++i) names.push_back(absl::StrFormat("attr%06d", i));
  return names;
}

TEST(AttributeMapTest, IteratesInByteOrderOfNames) {
  AttributeMap map;
  for (const char* name :
       {"ab", "\xff", "a#", "b", "\x80x", "a", "Z", "\x80"}) {
    map[name] = S(name);
  }

  EXPECT_THAT(Names(map),
              ElementsAre("Z", "a", "a#", "ab", "b", "\x80", "\x80x", "\xff"));
  for (const auto& [name, value] : map) EXPECT_EQ(value.s(), name);
}

TEST(AttributeMapTest, IteratorsExposeNameAndValue) {
  const AttributeMap map = {{"k", S("v")}};

  EXPECT_EQ(map.begin()->first, "k");
  EXPECT_EQ(map.begin()->second, S("v"));
  EXPECT_EQ(map.cbegin() + 1, map.cend());
}

TEST(AttributeMapTest, FindsByAnyStringType) {
  const AttributeMap map = {{"a", S("1")}, {"b", S("2")}};
  const std::string name = "b";

  EXPECT_EQ(map.find(name)->second, S("2"));
  EXPECT_EQ(map.find(absl::string_view("b"))->second, S("2"));
  EXPECT_EQ(map.find(std::string_view("b"))->second, S("2"));
  EXPECT_EQ(map.find("b")->second, S("2"));
  EXPECT_EQ(map.find("c"), map.end());
  EXPECT_EQ(map.find(""), map.end());
  EXPECT_TRUE(map.contains("a"));
  EXPECT_FALSE(map.contains(std::string_view("ab")));
  EXPECT_EQ(map.count("a"), 1u);
  EXPECT_EQ(map.count(std::string("z")), 0u);
}

TEST(AttributeMapTest, FindsEveryNameInSmallAndLargeMaps) {
  // Small maps are scanned, larger ones searched: both must find every
  // name, equal lengths and shared prefixes included, and nothing else.
  for (int size : {1, 3, 8, 9, 40}) {
    SCOPED_TRACE(size);
    AttributeMap map;
    for (int i = 0; i < size; ++i) {
      map.emplace(absl::StrCat("n", i * 2), S(absl::StrCat(i)));
    }
    for (int i = 0; i < size; ++i) {
      auto it = map.find(absl::StrCat("n", i * 2));
      ASSERT_NE(it, map.end()) << i;
      EXPECT_EQ(it->second, S(absl::StrCat(i)));
      EXPECT_EQ(map.find(absl::StrCat("n", i * 2 + 1)), map.end()) << i;
    }
    EXPECT_EQ(map.find("n"), map.end());
    EXPECT_EQ(map.find(""), map.end());
    EXPECT_EQ(map.find("n00"), map.end());
  }
}

TEST(AttributeMapTest, FindReturnsAMutableEntry) {
  AttributeMap map = {{"a", S("1")}};

  map.find("a")->second = S("2");

  EXPECT_EQ(map.at("a"), S("2"));
}

TEST(AttributeMapTest, AtThrowsOnAMissingName) {
  AttributeMap map = {{"a", S("1")}};
  const AttributeMap& const_map = map;

  EXPECT_EQ(map.at("a"), S("1"));
  EXPECT_THROW(map.at("b"), std::out_of_range);
  EXPECT_THROW(const_map.at(std::string("")), std::out_of_range);
}

TEST(AttributeMapTest, SubscriptInsertsNull) {
  AttributeMap map = {{"b", S("1")}};

  AttributeValue& inserted = map["a"];

  EXPECT_EQ(inserted.type(), ValueType::kNull);
  EXPECT_EQ(map.size(), 2u);
  EXPECT_EQ(map["b"], S("1"));
  EXPECT_EQ(map.size(), 2u);
}

TEST(AttributeMapTest, EmplaceTryEmplaceAndInsertKeepAnExistingValue) {
  AttributeMap map = {{"a", S("old")}};

  auto [emplaced, emplace_inserted] = map.emplace("a", S("new"));
  EXPECT_FALSE(emplace_inserted);
  EXPECT_EQ(emplaced->second, S("old"));
  auto [tried, try_inserted] = map.try_emplace(std::string("a"), S("new"));
  EXPECT_FALSE(try_inserted);
  EXPECT_EQ(tried->second, S("old"));
  auto [put, insert_inserted] = map.insert({"a", S("new")});
  EXPECT_FALSE(insert_inserted);
  EXPECT_EQ(put->second, S("old"));

  EXPECT_THAT(map, ElementsAre(Pair("a", S("old"))));
}

TEST(AttributeMapTest, EmplaceTryEmplaceAndInsertAddAMissingName) {
  AttributeMap map = {{"m", S("m")}};

  auto [c, c_inserted] = map.emplace("c", S("c"));
  auto [z, z_inserted] = map.try_emplace(absl::string_view("z"), S("z"));
  auto [a, a_inserted] = map.insert({"a", S("a")});

  EXPECT_TRUE(c_inserted && z_inserted && a_inserted);
  EXPECT_EQ(a->first, "a");  // the last insert's iterator is still valid
  EXPECT_THAT(Names(map), ElementsAre("a", "c", "m", "z"));
}

TEST(AttributeMapTest, InsertOrAssignReplacesAnExistingValue) {
  AttributeMap map = {{"a", S("old")}};

  auto [replaced, replaced_inserted] = map.insert_or_assign("a", S("new"));
  EXPECT_FALSE(replaced_inserted);
  EXPECT_EQ(replaced->second, S("new"));
  auto [added, added_inserted] =
      map.insert_or_assign(std::string("0"), S("zero"));
  EXPECT_TRUE(added_inserted);
  EXPECT_EQ(added->first, "0");

  EXPECT_THAT(map, ElementsAre(Pair("0", S("zero")), Pair("a", S("new"))));
}

TEST(AttributeMapTest, EraseByNameReturnsTheCount) {
  AttributeMap map = {{"a", S("1")}, {"b", S("2")}};

  EXPECT_EQ(map.erase("a"), 1u);
  EXPECT_EQ(map.erase(std::string("a")), 0u);
  EXPECT_EQ(map.erase(std::string_view("zz")), 0u);

  EXPECT_THAT(Names(map), ElementsAre("b"));
}

TEST(AttributeMapTest, EraseByIteratorReturnsTheNextEntry) {
  AttributeMap map = {{"a", S("1")}, {"b", S("2")}, {"c", S("3")}};

  auto next = map.erase(map.find("b"));
  ASSERT_NE(next, map.end());
  EXPECT_EQ(next->first, "c");
  auto last = map.erase(next);
  EXPECT_EQ(last, map.end());

  EXPECT_THAT(Names(map), ElementsAre("a"));
}

TEST(AttributeMapTest, EraseWhileIteratingWithTheReturnedIterator) {
  AttributeMap map = {{"a", S("x")}, {"b", S("y")}, {"c", S("x")}};

  for (auto it = map.begin(); it != map.end();) {
    it = it->second == S("x") ? map.erase(it) : it + 1;
  }

  EXPECT_THAT(Names(map), ElementsAre("b"));
}

TEST(AttributeMapTest, BoundsFollowByteOrder) {
  const AttributeMap map = {{"a", S("")}, {"a#", S("")}, {"ab", S("")}};

  EXPECT_EQ(map.lower_bound("a")->first, "a");
  EXPECT_EQ(map.upper_bound("a")->first, "a#");
  EXPECT_EQ(map.lower_bound(std::string_view("a$"))->first, "ab");
  EXPECT_EQ(map.upper_bound(std::string("ab")), map.end());
  EXPECT_EQ(map.lower_bound(""), map.begin());
  EXPECT_EQ(map.lower_bound("\x80"), map.end());
}

TEST(AttributeMapTest, EqualMapsHaveTheSameEntriesWhateverTheBuildOrder) {
  AttributeMap forward;
  forward["a"] = S("1");
  forward["b"] = AttributeValue::N(Number::FromInt(2));
  AttributeMap backward;
  backward["b"] = AttributeValue::N(*Number::Parse("2.0"));
  backward["a"] = S("1");

  EXPECT_EQ(forward, backward);
  EXPECT_NE(forward, (AttributeMap{{"a", S("1")}}));
  EXPECT_NE(forward, (AttributeMap{{"a", S("1")}, {"c", S("2")}}));
  EXPECT_NE(forward, (AttributeMap{{"a", S("2")}, {"b", S("2")}}));
  EXPECT_EQ(AttributeMap(), AttributeMap{});
}

TEST(AttributeMapTest, CopiesAreDeep) {
  AttributeMap original = {{"m", AttributeValue::M({{"x", S("1")}})}};

  AttributeMap copy = original;
  copy.at("m").mutable_m()["y"] = S("2");
  AttributeMap assigned;
  assigned = original;

  EXPECT_EQ(original.at("m").m().size(), 1u);
  EXPECT_EQ(copy.at("m").m().size(), 2u);
  EXPECT_EQ(assigned, original);
}

TEST(AttributeMapTest, MovedFromMapsAreEmpty) {
  AttributeMap source = {{"a", S("1")}, {"b", S("2")}};

  AttributeMap constructed = std::move(source);
  EXPECT_TRUE(source.empty());  // NOLINT(bugprone-use-after-move)
  EXPECT_EQ(source.size(), 0u);
  EXPECT_EQ(source.begin(), source.end());
  AttributeMap assigned = {{"z", S("z")}};
  assigned = std::move(constructed);
  EXPECT_TRUE(constructed.empty());  // NOLINT(bugprone-use-after-move)

  EXPECT_THAT(Names(assigned), ElementsAre("a", "b"));
}

TEST(AttributeMapTest, MovedFromMapValueReadsAsEmpty) {
  AttributeValue value = AttributeValue::M({{"a", S("1")}});

  AttributeValue moved = std::move(value);

  EXPECT_EQ(value.type(), ValueType::kM);  // NOLINT(bugprone-use-after-move)
  EXPECT_TRUE(value.m().empty());
  EXPECT_EQ(moved.m().size(), 1u);
}

TEST(AttributeMapTest, SwapExchangesContents) {
  AttributeMap a = {{"a", S("1")}};
  AttributeMap b;

  swap(a, b);

  EXPECT_TRUE(a.empty());
  EXPECT_THAT(Names(b), ElementsAre("a"));
}

TEST(AttributeMapTest, InitializerListKeepsTheFirstOfARepeatedName) {
  const AttributeMap map = {
      {"b", S("first b")}, {"a", S("a")}, {"b", S("second b")}};

  EXPECT_THAT(map, ElementsAre(Pair("a", S("a")), Pair("b", S("first b"))));
}

TEST(AttributeMapTest, InitializerListMovesItsValuesInsteadOfCopying) {
  // Long enough to live on the heap: a moved string keeps its buffer.
  AttributeValue value = S(std::string(100, 'v'));
  AttributeValue nested =
      AttributeValue::M({{"inner", S(std::string(64, 'i'))}});
  const char* value_bytes = value.s().data();
  const char* inner_bytes = nested.m().at("inner").s().data();
  std::string name(40, 'n');
  const char* name_bytes = name.data();

  const AttributeMap map = {{std::move(name), std::move(value)},
                            {"m", std::move(nested)}};

  EXPECT_EQ(map.at(std::string(40, 'n')).s().data(), value_bytes);
  EXPECT_EQ(map.find(std::string(40, 'n'))->first.data(), name_bytes);
  EXPECT_EQ(map.at("m").m().at("inner").s().data(), inner_bytes);
}

TEST(AttributeMapTest, InitializerListOfExistingEntriesCopiesThem) {
  const AttributeMap::value_type entry{"a", S(std::string(100, 'v'))};

  const AttributeMap map = {entry, {"b", S("b")}};

  EXPECT_THAT(
      map, ElementsAre(Pair("a", S(std::string(100, 'v'))), Pair("b", S("b"))));
  EXPECT_EQ(entry.second, S(std::string(100, 'v')));
  EXPECT_NE(map.at("a").s().data(), entry.second.s().data());
}

TEST(AttributeMapTest, FromEntriesKeepsTheLastOfARepeatedName) {
  std::vector<AttributeMap::value_type> entries = {
      {"c", S("c1")}, {"a", S("a1")}, {"c", S("c2")},
      {"b", S("b")},  {"a", S("a2")}, {"c", S("c3")}};

  const AttributeMap map = AttributeMap::FromEntries(std::move(entries));

  EXPECT_THAT(map, ElementsAre(Pair("a", S("a2")), Pair("b", S("b")),
                               Pair("c", S("c3"))));
  EXPECT_EQ(map.capacity(), map.size());
}

TEST(AttributeMapTest, FromEntriesSortsManyEntriesInAnyOrder) {
  constexpr int kCount = 60000;
  const std::vector<std::string> names = OrderedNames(kCount);
  std::vector<AttributeMap::value_type> reversed;
  for (int i = kCount - 1; i >= 0; --i) reversed.emplace_back(names[i], S(""));
  std::vector<AttributeMap::value_type> shuffled(reversed);
  std::shuffle(shuffled.begin(), shuffled.end(), std::mt19937(42));

  for (auto* entries : {&reversed, &shuffled}) {
    const AttributeMap map = AttributeMap::FromEntries(std::move(*entries));

    EXPECT_EQ(Names(map), names);
    EXPECT_TRUE(map.contains(names[kCount / 2]));
  }
}

TEST(AttributeMapTest, AppendsNamesGivenInOrder) {
  constexpr int kCount = 60000;
  const std::vector<std::string> names = OrderedNames(kCount);
  AttributeMap map;

  for (const std::string& name : names) map.emplace(name, S(name));

  EXPECT_EQ(Names(map), names);
  EXPECT_EQ(map.at(names.back()), S(names.back()));
}

TEST(AttributeMapTest, ClearEmptiesTheMap) {
  AttributeMap map = {{"a", S("1")}};

  map.clear();

  EXPECT_TRUE(map.empty());
  EXPECT_EQ(map.find("a"), map.end());
}

}  // namespace
}  // namespace dynamite
