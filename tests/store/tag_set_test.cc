// PutTags and RemoveTags (store/tag_set.h): the list stays in key order, a
// key given twice counts once, and a change over the limit changes nothing.

#include "store/tag_set.h"

#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace dynamite {
namespace {

using Tags = std::vector<Tag>;

TEST(TagSetTest, PutKeepsKeyOrderAndTakesTheLaterValue) {
  Tags tags = {{"b", "1"}};
  ASSERT_TRUE(PutTags(tags, Tags{{"c", "2"}, {"a", "3"}, {"b", "4"}}, 3));
  EXPECT_EQ(tags, (Tags{{"a", "3"}, {"b", "4"}, {"c", "2"}}));
  ASSERT_TRUE(PutTags(tags, Tags{{"a", "x"}, {"a", "y"}}, 3));
  EXPECT_EQ(tags.front(), (Tag{"a", "y"}));
}

TEST(TagSetTest, PutOverTheLimitChangesNothing) {
  Tags tags = {{"a", "1"}, {"b", "2"}};
  // A key given twice counts once: three keys fit a limit of three.
  ASSERT_TRUE(PutTags(tags, Tags{{"c", "3"}, {"c", "4"}}, 3));
  EXPECT_FALSE(PutTags(tags, Tags{{"a", "new"}, {"d", "5"}}, 3));
  EXPECT_EQ(tags, (Tags{{"a", "1"}, {"b", "2"}, {"c", "4"}}));
}

TEST(TagSetTest, RemoveIgnoresKeysNotPresent) {
  Tags tags = {{"a", "1"}, {"b", "2"}, {"c", "3"}};
  RemoveTags(tags, std::vector<std::string>{"c", "zzz", "a"});
  EXPECT_EQ(tags, (Tags{{"b", "2"}}));
}

}  // namespace
}  // namespace dynamite
