#include "query/projection.h"

#include <string>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_split.h"
#include "absl/strings/string_view.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include "common/errors.h"
#include "query/ast.h"
#include "store/item.h"
#include "store/number.h"
#include "store/packed_item.h"
#include "store/value.h"
#include "tests/support/status_matchers.h"

namespace dynamite {
namespace {

using ::dynamite::testing::IsError;
using ::dynamite::testing::IsOk;

constexpr ErrorKind kValidation = ErrorKind::kValidation;

AttributeValue S(const char* text) { return AttributeValue::S(text); }
AttributeValue N(int64_t n) { return AttributeValue::N(Number::FromInt(n)); }
AttributeValue L(std::vector<AttributeValue> l) {
  return AttributeValue::L(std::move(l));
}
AttributeValue M(AttributeMap m) { return AttributeValue::M(std::move(m)); }

// "a.b[2].c" -> [a, b, [2], c]. Test input only: no placeholders or checks.
DocumentPath ParsePath(absl::string_view text) {
  DocumentPath path;
  for (absl::string_view part : absl::StrSplit(text, '.')) {
    const size_t bracket = part.find('[');
    path.elements.emplace_back(std::string(part.substr(0, bracket)));
    while (bracket != absl::string_view::npos && !part.empty()) {
      part = part.substr(part.find('[') + 1);
      const size_t close = part.find(']');
      int32_t index = 0;
      EXPECT_TRUE(absl::SimpleAtoi(part.substr(0, close), &index));
      path.elements.emplace_back(ListIndex{index});
      part = part.substr(close + 1);
      if (part.find('[') == absl::string_view::npos) break;
    }
  }
  return path;
}

std::vector<DocumentPath> ParsePaths(std::vector<absl::string_view> texts) {
  std::vector<DocumentPath> paths;
  for (absl::string_view text : texts) paths.push_back(ParsePath(text));
  return paths;
}

TEST(ProjectionTest, TestPathHelperParsesIndexes) {
  EXPECT_EQ(DocumentPathToString(ParsePath("a.b[2][3].c")),
            "[a, b, [2], [3], c]");
}

// {"a": {"b": [2, 4, {"x": 1, "y": 2}], "c": 5}, "k": "key", "l": [0, 1, 2,
// 3]}
Item TestItem() {
  return {
      {"a",
       M({{"b", L({N(2), N(4), M({{"x", N(1)}, {"y", N(2)}})})}, {"c", N(5)}})},
      {"k", S("key")},
      {"l", L({N(0), N(1), N(2), N(3)})},
  };
}

TEST(ProjectionTest, KeepsTheHierarchyAndCompactsLists) {
  struct Case {
    std::vector<absl::string_view> paths;
    Item expected;
  };
  const std::vector<Case> cases = {
      {{"k"}, {{"k", S("key")}}},
      {{"k", "a"}, {{"k", S("key")}, {"a", TestItem().at("a")}}},
      {{"a.c"}, {{"a", M({{"c", N(5)}})}}},
      {{"a.b[2].y"}, {{"a", M({{"b", L({M({{"y", N(2)}})})}})}}},
      {{"a.b[0]", "a.b[1]"}, {{"a", M({{"b", L({N(2), N(4)})}})}}},
      {{"l[3]", "l[1]"}, {{"l", L({N(1), N(3)})}}},
      {{"l[2]", "l[9]"}, {{"l", L({N(2)})}}},
      {{"a.b[2].x", "a.b[0]", "a.c"},
       {{"a", M({{"b", L({N(2), M({{"x", N(1)}})})}, {"c", N(5)}})}}},
      {{"a.b[2].x", "a.b[2].y"},
       {{"a", M({{"b", L({M({{"x", N(1)}, {"y", N(2)}})})}})}}},
      // The worked example of reference §13.
      {{"a.x", "a.b[0]", "x", "a.b[3].x"}, {{"a", M({{"b", L({N(2)})}})}}},
      {{"x"}, {}},
      {{"a.x", "k.x", "l[4]", "a[0]", "a.b.x"}, {}},
  };
  const Item item = TestItem();
  // The same projections of the item as a table stores it (packed).
  const PackedItemRef packed = PackedItem::Pack(item, ItemSize(item));
  for (const Case& c : cases) {
    SCOPED_TRACE(::testing::PrintToString(c.paths));

    const Item got = ProjectItem(item, ParsePaths(c.paths));
    const Item got_packed = ProjectItem(*packed, ParsePaths(c.paths));

    EXPECT_TRUE(got == c.expected);
    EXPECT_TRUE(got_packed == c.expected);
  }
}

TEST(ProjectionTest, EmptyItemProjectsToEmpty) {
  EXPECT_TRUE(ProjectItem(Item(), ParsePaths({"a", "b.c"})).empty());
}

TEST(ProjectionTest, ShorterOverlappingPathWins) {
  const Item item = TestItem();

  EXPECT_TRUE(ProjectItem(item, ParsePaths({"a.b[0]", "a"})) ==
              Item({{"a", item.at("a")}}));
  EXPECT_TRUE(ProjectItem(item, ParsePaths({"a", "a.b[0]"})) ==
              Item({{"a", item.at("a")}}));
}

TEST(ProjectionTest, DisjointPathsPass) {
  for (std::vector<absl::string_view> paths :
       std::vector<std::vector<absl::string_view>>{
           {"a"},
           {"a", "b"},
           {"a.b", "a.c"},
           {"a.b.d", "a.b.e"},
           {"a[1]", "a[2]"},
           {"a.b", "a.c[2]"},
           {"a[1].b", "a[2][0]"},
       }) {
    SCOPED_TRACE(::testing::PrintToString(paths));
    EXPECT_THAT(CheckPathsDisjoint(ParsePaths(paths), "Invalid X: "), IsOk());
  }
}

TEST(ProjectionTest, ReportsOverlapAndConflictWithPrefix) {
  const std::string overlap =
      "Two document paths overlap with each other; must remove or rewrite "
      "one of these paths; path one: ";
  const std::string conflict =
      "Two document paths conflict with each other; must remove or rewrite "
      "one of these paths; path one: ";
  struct Case {
    std::vector<absl::string_view> paths;
    std::string message;
  };
  const std::vector<Case> cases = {
      {{"a.b[0]", "a.b[0]"}, overlap + "[a, b, [0]], path two: [a, b, [0]]"},
      {{"a", "a.b[0]"}, overlap + "[a], path two: [a, b, [0]]"},
      {{"a.b[0]", "a"}, overlap + "[a, b, [0]], path two: [a]"},
      {{"x", "a.b", "y", "a.b.c"}, overlap + "[a, b], path two: [a, b, c]"},
      {{"a.b", "a[1]"}, conflict + "[a, b], path two: [a, [1]]"},
      {{"a[1]", "a.b"}, conflict + "[a, [1]], path two: [a, b]"},
      {{"a.b[1]", "a.b.c"}, conflict + "[a, b, [1]], path two: [a, b, c]"},
      // An overlap is reported even after a conflict.
      {{"a.b", "a[1]", "c", "c"}, overlap + "[c], path two: [c]"},
      // The first conflict, by the later path.
      {{"a.b", "c.d", "c[0]", "a[1]"}, conflict + "[c, d], path two: [c, [0]]"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(::testing::PrintToString(c.paths));
    EXPECT_THAT(
        CheckPathsDisjoint(ParsePaths(c.paths),
                           "Invalid ProjectionExpression: "),
        IsError(kValidation, "Invalid ProjectionExpression: " + c.message));
  }
  EXPECT_THAT(
      CheckPathsDisjoint(ParsePaths({"a", "a"}), "Invalid UpdateExpression: "),
      IsError(kValidation,
              "Invalid UpdateExpression: " + overlap + "[a], path two: [a]"));
}

}  // namespace
}  // namespace dynamite
