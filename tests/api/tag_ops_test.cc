#include <string>
#include <thread>
#include <vector>

#include "absl/time/time.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include "api/database.h"
#include "tests/support/database_fixtures.h"
#include "tests/support/manual_clock.h"
#include "tests/support/status_matchers.h"

namespace dynamite {
namespace {

using ::dynamite::testing::IsError;
using ::dynamite::testing::IsOk;
using ::dynamite::testing::ManualClock;
using ::dynamite::testing::TableRequest;
using ::testing::ElementsAre;
using ::testing::IsEmpty;

constexpr ErrorKind kValidation = ErrorKind::kValidation;
constexpr char kArn[] = "arn:aws:dynamodb:ddblocal:000000000000:table/orders";
constexpr char kTooMany[] =
    "Number of Tags exceed the current limit for the provided ResourceArn";

class TagOpsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_THAT(db_.CreateTable(TableRequest("orders", KeyType::kS, {})),
                IsOk());
  }

  absl::StatusOr<TagResourceResponse> Put(std::vector<Tag> tags) {
    return db_.TagResource({.resource_arn = kArn, .tags = std::move(tags)});
  }
  absl::StatusOr<UntagResourceResponse> Untag(std::vector<std::string> keys) {
    return db_.UntagResource({.resource_arn = kArn, .tag_keys = keys});
  }
  std::vector<Tag> List() {
    auto listed = db_.ListTagsOfResource({.resource_arn = kArn});
    EXPECT_THAT(listed, IsOk());
    return listed.ok() ? listed->tags : std::vector<Tag>{};
  }
  static std::vector<Tag> Numbered(int count) {
    std::vector<Tag> tags;
    for (int i = 0; i < count; ++i) {
      tags.push_back({"k" + std::to_string(i), "v"});
    }
    return tags;
  }

  Database db_;
};

TEST_F(TagOpsTest, NewTableHasNoTags) { EXPECT_THAT(List(), IsEmpty()); }

TEST_F(TagOpsTest, ListsTagsInKeyOrder) {
  ASSERT_THAT(Put({{"team", "billing"}, {"Env", "prod"}, {"env", "x"}}),
              IsOk());

  EXPECT_THAT(List(), ElementsAre(Tag{"Env", "prod"}, Tag{"env", "x"},
                                  Tag{"team", "billing"}));
}

TEST_F(TagOpsTest, TagResourceReplacesValueOfExistingKey) {
  ASSERT_THAT(Put({{"env", "prod"}}), IsOk());

  ASSERT_THAT(Put({{"env", "staging"}}), IsOk());

  EXPECT_THAT(List(), ElementsAre(Tag{"env", "staging"}));
}

TEST_F(TagOpsTest, KeepsEmptyValue) {
  ASSERT_THAT(Put({{"env", ""}}), IsOk());

  EXPECT_THAT(List(), ElementsAre(Tag{"env", ""}));
}

TEST_F(TagOpsTest, UntagResourceRemovesKeysAndIgnoresAbsentOnes) {
  ASSERT_THAT(Put({{"a", "1"}, {"b", "2"}}), IsOk());

  ASSERT_THAT(Untag({"a", "never-set"}), IsOk());

  EXPECT_THAT(List(), ElementsAre(Tag{"b", "2"}));
}

TEST_F(TagOpsTest, AcceptsLimitsAndAllowedCharacters) {
  EXPECT_THAT(Put({{std::string(128, 'k'), std::string(256, 'v')}}), IsOk());
  // 128 Cyrillic letters are 256 bytes but 128 characters.
  std::string cyrillic;
  for (int i = 0; i < 128; ++i) cyrillic += "ж";
  EXPECT_THAT(Put({{cyrillic, "café 表"}}), IsOk());
  EXPECT_THAT(Put({{"sp ace", "a+b-c=d.e_f:g/h@i"}}), IsOk());
  EXPECT_THAT(Put({{"myaws:ok", "x"}}), IsOk());
}

TEST_F(TagOpsTest, RejectsBadKeysAndValues) {
  const std::string long_key(129, 'k');
  const std::string long_value(257, 'v');
  EXPECT_THAT(Put({{"", "x"}}),
              IsError(kValidation, "The Tag Key provided is invalid, Key: "));
  EXPECT_THAT(Put({{long_key, "x"}}),
              IsError(kValidation,
                      "The Tag Key provided is invalid, Key: " + long_key));
  EXPECT_THAT(
      Put({{"ok", long_value}}),
      IsError(kValidation,
              "The Tag Value provided is invalid, Value: " + long_value));
  for (const char* bad : {"hi!", "d%g", "\"q\"", "a,b", "a#b", "a;b", "<a>",
                          "~a", "a\tb", "\xF0\x9F\x94\x91"}) {
    SCOPED_TRACE(bad);
    EXPECT_THAT(
        Put({{bad, "x"}}),
        IsError(kValidation,
                std::string("The Tag Key provided is invalid, Key: ") + bad));
    EXPECT_THAT(
        Put({{"ok", bad}}),
        IsError(
            kValidation,
            std::string("The Tag Value provided is invalid, Value: ") + bad));
  }
}

TEST_F(TagOpsTest, ReservesAwsPrefixInAnyCase) {
  EXPECT_THAT(Put({{"aws:foo", "x"}}),
              IsError(kValidation,
                      "Tag Key cannot be prefixed with aws:, Key: aws:foo"));
  EXPECT_THAT(Put({{"AWS:foo", "x"}}),
              IsError(kValidation,
                      "Tag Key cannot be prefixed with aws:, Key: AWS:foo"));
  EXPECT_THAT(Untag({"aws:foo"}),
              IsError(kValidation,
                      "Tag Key cannot be prefixed with aws:, Key: aws:foo"));
}

TEST_F(TagOpsTest, FailedTagResourceAppliesNoTag) {
  EXPECT_THAT(Put({{"good", "x"}, {"aws:bad", "x"}}),
              IsError(kValidation,
                      "Tag Key cannot be prefixed with aws:, Key: aws:bad"));
  EXPECT_THAT(Put({{"dup", "1"}, {"dup", "2"}}),
              IsError(kValidation,
                      "Duplicate Tag Keys provided as input: "
                      "Duplicate Tag Key found dup"));

  EXPECT_THAT(List(), IsEmpty());
}

TEST_F(TagOpsTest, RejectsEmptyAndMissingLists) {
  EXPECT_THAT(
      Put({}),
      IsError(kValidation, "Atleast one Tag needs to be provided as Input."));
  EXPECT_THAT(Untag({}),
              IsError(kValidation,
                      "Atleast one Tag Key needs to be provided as Input."));
  EXPECT_THAT(db_.TagResource({.resource_arn = kArn}),
              IsError(kValidation,
                      "1 validation error detected: Value null at 'tags' "
                      "failed to satisfy constraint: Member must not be null"));
  EXPECT_THAT(
      db_.UntagResource({.resource_arn = kArn}),
      IsError(kValidation,
              "1 validation error detected: Value null at 'tagKeys' failed to "
              "satisfy constraint: Member must not be null"));
}

TEST_F(TagOpsTest, AllowsAtMostFiftyTagsPerTable) {
  ASSERT_THAT(Put(Numbered(49)), IsOk());

  EXPECT_THAT(Put({{"extra1", "x"}, {"extra2", "x"}}),
              IsError(kValidation, kTooMany));
  EXPECT_THAT(Put({{"extra1", "x"}, {"k0", "replaced"}}), IsOk());
  EXPECT_THAT(Put({{"extra2", "x"}}), IsError(kValidation, kTooMany));
  EXPECT_EQ(List().size(), 50u);
  EXPECT_THAT(Put(Numbered(51)), IsError(kValidation, kTooMany));
}

TEST_F(TagOpsTest, UntagResourceTakesAtMostFiftyKeys) {
  std::vector<std::string> keys;
  for (int i = 0; i < 51; ++i) keys.push_back("k" + std::to_string(i));

  EXPECT_THAT(Untag(keys), IsError(kValidation, kTooMany));
  keys.pop_back();
  EXPECT_THAT(Untag(keys), IsOk());
}

TEST_F(TagOpsTest, ReportsArnErrors) {
  auto list = [&](std::string arn) {
    return db_.ListTagsOfResource({.resource_arn = std::move(arn)});
  };
  const std::string prefix = "arn:aws:dynamodb:ddblocal:000000000000:table/";

  EXPECT_THAT(db_.ListTagsOfResource({}),
              IsError(kValidation, "Invalid TableArn"));
  EXPECT_THAT(list("orders"),
              IsError(kValidation,
                      "One or more parameter values were invalid: ARNs must "
                      "start with 'arn:': orders"));
  EXPECT_THAT(list("arn:aws:s3:::bucket"),
              IsError(kValidation,
                      "One or more parameter values were invalid: Provided Arn "
                      "is not a DynamoDB resource arn: arn:aws:s3:::bucket"));
  EXPECT_THAT(list(prefix + "orders/index/gsi"),
              IsError(kValidation,
                      "One or more parameter values were invalid: Invalid "
                      "resource arn provided, only table or stream is "
                      "accepted. Provided resource arn: " +
                          prefix + "orders/index/gsi"));
  const std::string other_region =
      "arn:aws:dynamodb:us-east-1:000000000000:table/orders";
  EXPECT_THAT(
      list(other_region),
      IsError(kValidation,
              "Invalid TableArn: Invalid ResourceArn provided as input " +
                  other_region));
  EXPECT_THAT(
      list(prefix + "ab"),
      IsError(kValidation,
              "Invalid TableArn: Invalid ResourceArn provided as input " +
                  prefix + "ab"));
  EXPECT_THAT(list("arn:aws:dynamodb:ddblocal:123456789012:table/orders"),
              IsError(ErrorKind::kAccessDenied, "Access is denied"));
  EXPECT_THAT(list(prefix + "missing"),
              IsError(ErrorKind::kResourceNotFound,
                      "Requested resource not found: ResourceArn: " + prefix +
                          "missing not found"));
}

TEST_F(TagOpsTest, ChecksTagsBeforeLookingUpTable) {
  const std::string missing =
      "arn:aws:dynamodb:ddblocal:000000000000:table/missing";

  EXPECT_THAT(db_.TagResource({.resource_arn = missing,
                               .tags = std::vector<Tag>{{"a#", "b"}}}),
              IsError(kValidation, "The Tag Key provided is invalid, Key: a#"));
  EXPECT_THAT(db_.TagResource({.resource_arn = missing,
                               .tags = std::vector<Tag>{{"a", "b"}}}),
              IsError(ErrorKind::kResourceNotFound,
                      "Requested resource not found: ResourceArn: " + missing +
                          " not found"));
}

TEST_F(TagOpsTest, CreateTableSetsTags) {
  CreateTableRequest create = TableRequest("tagged", KeyType::kS, {});
  create.tags = std::vector<Tag>{{"env", "prod"}};
  ASSERT_THAT(db_.CreateTable(create), IsOk());

  auto listed = db_.ListTagsOfResource(
      {.resource_arn = "arn:aws:dynamodb:ddblocal:000000000000:table/tagged"});

  ASSERT_THAT(listed, IsOk());
  EXPECT_THAT(listed->tags, ElementsAre(Tag{"env", "prod"}));
}

TEST_F(TagOpsTest, CreateTableWithBadTagsCreatesNoTable) {
  CreateTableRequest create = TableRequest("tagged", KeyType::kS, {});
  create.tags = Numbered(51);

  EXPECT_THAT(db_.CreateTable(create), IsError(kValidation, kTooMany));
  create.tags = std::vector<Tag>{{"aws:x", "y"}};
  EXPECT_THAT(
      db_.CreateTable(create),
      IsError(kValidation, "Tag Key cannot be prefixed with aws:, Key: aws:x"));
  EXPECT_THAT(db_.DescribeTable({.table_name = "tagged"}),
              IsError(ErrorKind::kResourceNotFound,
                      "Requested resource not found: Table: tagged not found"));
}

TEST_F(TagOpsTest, DeleteTableDropsTagsAndRecreatedTableHasNone) {
  ASSERT_THAT(Put({{"env", "prod"}}), IsOk());

  ASSERT_THAT(db_.DeleteTable({.table_name = "orders"}), IsOk());
  EXPECT_THAT(
      db_.ListTagsOfResource({.resource_arn = kArn}),
      IsError(ErrorKind::kResourceNotFound,
              std::string("Requested resource not found: ResourceArn: ") +
                  kArn + " not found"));
  ASSERT_THAT(db_.CreateTable(TableRequest("orders", KeyType::kS, {})), IsOk());

  EXPECT_THAT(List(), IsEmpty());
}

TEST_F(TagOpsTest, ConcurrentTagResourceCallsKeepEveryTag) {
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([this, t] {
      for (int i = 0; i < 10; ++i) {
        EXPECT_THAT(
            Put({{"t" + std::to_string(t) + "-" + std::to_string(i), "v"}}),
            IsOk());
      }
    });
  }
  for (std::thread& thread : threads) thread.join();

  EXPECT_EQ(List().size(), 40u);
}

TEST(TagOpsStatusTest, ACreatingTableIsNotFoundForTagsUntilActive) {
  ManualClock clock;
  DatabaseOptions options;
  options.controlled_clock = &clock;
  options.transient_status_delay = absl::Seconds(2);
  Database db(options);
  ASSERT_THAT(db.CreateTable(TableRequest("orders", KeyType::kS, {})), IsOk());
  const std::string not_found =
      std::string("Requested resource not found: ResourceArn: ") + kArn +
      " not found";
  EXPECT_THAT(db.TagResource(
                  {.resource_arn = kArn, .tags = std::vector<Tag>{{"a", "1"}}}),
              IsError(ErrorKind::kResourceNotFound, not_found));
  EXPECT_THAT(db.UntagResource({.resource_arn = kArn,
                                .tag_keys = std::vector<std::string>{"a"}}),
              IsError(ErrorKind::kResourceNotFound, not_found));
  EXPECT_THAT(db.ListTagsOfResource({.resource_arn = kArn}),
              IsError(ErrorKind::kResourceNotFound, not_found));
  clock.Advance(absl::Seconds(2));
  ASSERT_THAT(db.TagResource(
                  {.resource_arn = kArn, .tags = std::vector<Tag>{{"a", "1"}}}),
              IsOk());
  auto listed = db.ListTagsOfResource({.resource_arn = kArn});
  ASSERT_THAT(listed, IsOk());
  EXPECT_THAT(listed->tags, ElementsAre(Tag{"a", "1"}));
}

}  // namespace
}  // namespace dynamite
