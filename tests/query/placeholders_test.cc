#include "query/placeholders.h"

#include <map>
#include <string>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include "common/errors.h"
#include "store/value.h"
#include "tests/support/status_matchers.h"

namespace dynamite {
namespace {

using ::dynamite::testing::ErrorKindIs;
using ::dynamite::testing::IsError;
using ::dynamite::testing::IsOk;
using ::dynamite::testing::IsOkAndHolds;

constexpr ErrorKind kValidation = ErrorKind::kValidation;

TEST(PlaceholdersTest, ResolvesNamesAndValues) {
  const std::map<std::string, std::string> names = {{"#n", "a.b"}};
  const AttributeMap values = {{":v", AttributeValue::S("x")}};
  Placeholders placeholders(&names, &values);

  EXPECT_THAT(placeholders.ResolveName("#n"), IsOkAndHolds("a.b"));
  absl::StatusOr<const AttributeValue*> value = placeholders.ResolveValue(":v");
  ASSERT_THAT(value, IsOk());
  EXPECT_EQ(**value, AttributeValue::S("x"));
  EXPECT_THAT(placeholders.CheckAllUsed(), IsOk());
}

TEST(PlaceholdersTest, UndefinedReferencesAreErrors) {
  const std::map<std::string, std::string> names = {{"#n", "a"}};
  const AttributeMap values = {{":v", AttributeValue::S("x")}};
  Placeholders with_maps(&names, &values);
  Placeholders without_maps(nullptr, nullptr);

  for (Placeholders* p : {&with_maps, &without_maps}) {
    EXPECT_THAT(p->ResolveName("#name2"),
                IsError(kValidation,
                        "An expression attribute name used in the document "
                        "path is not defined; attribute name: #name2"));
    EXPECT_THAT(p->ResolveValue(":val2"),
                IsError(kValidation,
                        "An expression attribute value used in expression is "
                        "not defined; attribute value: :val2"));
  }
  EXPECT_THAT(with_maps.ResolveName("n"), ErrorKindIs(kValidation));
}

TEST(PlaceholdersTest, ReportsUnusedNamesBeforeValuesInSortedOrder) {
  const std::map<std::string, std::string> names = {
      {"#c", "c"}, {"#a", "a"}, {"#b", "b"}};
  const AttributeMap values = {{":z", AttributeValue::Null()},
                               {":y", AttributeValue::Null()}};
  Placeholders placeholders(&names, &values);

  ASSERT_THAT(placeholders.ResolveName("#b"), IsOk());
  EXPECT_THAT(placeholders.CheckAllUsed(),
              IsError(kValidation,
                      "Value provided in ExpressionAttributeNames unused in "
                      "expressions: keys: {#a, #c}"));

  ASSERT_THAT(placeholders.ResolveName("#a"), IsOk());
  ASSERT_THAT(placeholders.ResolveName("#c"), IsOk());
  EXPECT_THAT(placeholders.CheckAllUsed(),
              IsError(kValidation,
                      "Value provided in ExpressionAttributeValues unused in "
                      "expressions: keys: {:y, :z}"));

  ASSERT_THAT(placeholders.ResolveValue(":y"), IsOk());
  EXPECT_THAT(placeholders.CheckAllUsed(),
              IsError(kValidation,
                      "Value provided in ExpressionAttributeValues unused in "
                      "expressions: keys: {:z}"));
  ASSERT_THAT(placeholders.ResolveValue(":z"), IsOk());
  EXPECT_THAT(placeholders.CheckAllUsed(), IsOk());
}

TEST(PlaceholdersTest, FindsTheUnusedAmongManyUsed) {
  // Past a few used keys the check sorts them; the result must not change.
  for (int count : {3, 16, 17, 40}) {
    SCOPED_TRACE(count);
    std::map<std::string, std::string> names;
    AttributeMap values;
    for (int i = 0; i < count; ++i) {
      names.emplace(absl::StrCat("#n", i), "a");
      values.emplace(absl::StrCat(":v", i), AttributeValue::Null());
    }
    Placeholders placeholders(&names, &values);
    // Use them all but #n1 and :v2, in descending order, twice.
    for (int round = 0; round < 2; ++round) {
      for (int i = count - 1; i >= 0; --i) {
        if (i != 1) {
          ASSERT_THAT(placeholders.ResolveName(absl::StrCat("#n", i)), IsOk());
        }
        if (i != 2) {
          ASSERT_THAT(placeholders.ResolveValue(absl::StrCat(":v", i)), IsOk());
        }
      }
    }
    EXPECT_THAT(placeholders.CheckAllUsed(),
                IsError(kValidation,
                        "Value provided in ExpressionAttributeNames unused in "
                        "expressions: keys: {#n1}"));
    ASSERT_THAT(placeholders.ResolveName("#n1"), IsOk());
    EXPECT_THAT(placeholders.CheckAllUsed(),
                IsError(kValidation,
                        "Value provided in ExpressionAttributeValues unused in "
                        "expressions: keys: {:v2}"));
    ASSERT_THAT(placeholders.ResolveValue(":v2"), IsOk());
    EXPECT_THAT(placeholders.CheckAllUsed(), IsOk());
  }
}

TEST(PlaceholdersTest, AbsentMapsHaveNothingUnused) {
  Placeholders placeholders(nullptr, nullptr);

  EXPECT_THAT(placeholders.CheckAllUsed(), IsOk());
}

TEST(PlaceholdersTest, AFailedLookupDoesNotMarkAnythingUsed) {
  const std::map<std::string, std::string> names = {{"#a", "a"}};
  Placeholders placeholders(&names, nullptr);

  EXPECT_THAT(placeholders.ResolveName("#b"), ErrorKindIs(kValidation));
  EXPECT_THAT(placeholders.CheckAllUsed(),
              IsError(kValidation,
                      "Value provided in ExpressionAttributeNames unused in "
                      "expressions: keys: {#a}"));
}

}  // namespace
}  // namespace dynamite
