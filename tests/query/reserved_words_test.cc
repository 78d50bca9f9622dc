#include "query/reserved_words.h"

#include <algorithm>
#include <string>

#include "absl/strings/string_view.h"
#include "gtest/gtest.h"

namespace dynamite {
namespace {

TEST(ReservedWordsTest, ListHasDynamoDbs573WordsSortedAndUnique) {
  const auto words = AllReservedWords();

  EXPECT_EQ(words.size(), 573u);
  EXPECT_TRUE(std::is_sorted(words.begin(), words.end()));
  EXPECT_EQ(std::adjacent_find(words.begin(), words.end()), words.end());
  EXPECT_EQ(words.front(), "ABORT");
  EXPECT_EQ(words.back(), "ZONE");
}

TEST(ReservedWordsTest, CommonAttributeNamesAreReserved) {
  for (absl::string_view word :
       {"NAME",     "DATA",   "STATUS",  "SIZE", "COUNT",
        "VALUE",    "USER",   "DATE",    "YEAR", "KEY",
        "TTL",      "DELETE", "SET",     "ADD",  "AND",
        "OR",       "NOT",    "BETWEEN", "IN",   "LOCALTIMESTAMP",
        "FLATTERN", "INNTER", "LOGED"}) {
    SCOPED_TRACE(word);
    EXPECT_TRUE(IsReservedWord(word));
  }
}

TEST(ReservedWordsTest, MatchingIgnoresCase) {
  EXPECT_TRUE(IsReservedWord("name"));
  EXPECT_TRUE(IsReservedWord("Name"));
  EXPECT_TRUE(IsReservedWord("nAmE"));
  EXPECT_TRUE(IsReservedWord("zone"));
  EXPECT_TRUE(IsReservedWord("abort"));
}

TEST(ReservedWordsTest, OtherWordsAreNotReserved) {
  for (absl::string_view word :
       {"REMOVE", "remove", "", "a", "pk", "sk", "named", "NAMEX", "ABORTS",
        "ZONES", "LOCALTIMESTAMPS", "attribute_exists", "begins_with", "NAME_",
        "N@ME", "NA ME"}) {
    SCOPED_TRACE(word);
    EXPECT_FALSE(IsReservedWord(word));
  }
}

TEST(ReservedWordsTest, EveryListedWordMatchesInLowerCase) {
  for (absl::string_view word : AllReservedWords()) {
    std::string lower(word);
    std::transform(lower.begin(), lower.end(), lower.begin(),
                   [](unsigned char c) { return std::tolower(c); });
    EXPECT_TRUE(IsReservedWord(lower)) << lower;
  }
}

}  // namespace
}  // namespace dynamite
