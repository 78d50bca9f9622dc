// BatchWriteItem and BatchGetItem (reference §8.2, §8.3): what they write
// and read, every validation rule with DynamoDB's exact message, and that a
// rejected batch changes nothing.

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include "api/database.h"
#include "tests/support/database_fixtures.h"
#include "tests/support/status_matchers.h"

namespace dynamite {
namespace {

using ::dynamite::testing::IsError;
using ::dynamite::testing::IsOk;
using ::dynamite::testing::N;
using ::dynamite::testing::S;
using ::dynamite::testing::TableRequest;
using ::testing::IsEmpty;
using ::testing::IsNull;
using ::testing::NotNull;
using ::testing::SizeIs;

constexpr ErrorKind kValidation = ErrorKind::kValidation;
constexpr absl::string_view kKeyMismatch =
    "The provided key element does not match the schema";
constexpr absl::string_view kDuplicates =
    "Provided list of item keys contains duplicates";
constexpr absl::string_view kNotOneWrite =
    "Supplied AttributeValue has more than one datatypes set, must contain "
    "exactly one of the supported datatypes";
constexpr absl::string_view kWriteListRules =
    "Map value must satisfy constraint: [Member must have length less than or "
    "equal to 25, Member must have length greater than or equal to 1]";
constexpr absl::string_view kTableNameRules =
    "Map keys must satisfy constraint: [Member must have length less than or "
    "equal to 255, Member must have length greater than or equal to 3, Member "
    "must satisfy regular expression pattern: [a-zA-Z0-9_.-]+]";

WriteRequest Put(Item item) {
  return WriteRequest{.put_request = PutRequest{std::move(item)}};
}
WriteRequest Delete(Item key) {
  return WriteRequest{.delete_request = DeleteRequest{std::move(key)}};
}

class BatchTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_THAT(
        db_.CreateTable(TableRequest("composite", KeyType::kS, KeyType::kN)),
        IsOk());
    ASSERT_THAT(db_.CreateTable(TableRequest("simple", KeyType::kS, {})),
                IsOk());
  }

  absl::StatusOr<BatchWriteItemResponse> Write(
      std::map<std::string, std::vector<WriteRequest>> items) {
    return db_.BatchWriteItem({.request_items = std::move(items)});
  }
  absl::StatusOr<BatchGetItemResponse> Read(
      std::map<std::string, KeysAndAttributes> items) {
    return db_.BatchGetItem({.request_items = std::move(items)});
  }
  ItemPtr Get(const std::string& table, Item key) {
    auto got = db_.GetItem({.table_name = table, .key = std::move(key)});
    EXPECT_THAT(got, IsOk());
    return got.ok() ? got->item : nullptr;
  }
  void PutSimple(const std::string& pk, const std::string& v) {
    ASSERT_THAT(db_.PutItem({.table_name = "simple",
                             .item = {{"pk", S(pk)}, {"v", S(v)}}}),
                IsOk());
  }
  // `n` puts of distinct items into "simple", keyed <prefix>0, <prefix>1...
  static std::vector<WriteRequest> SimplePuts(int n,
                                              const std::string& prefix) {
    std::vector<WriteRequest> writes;
    for (int i = 0; i < n; ++i) {
      writes.push_back(Put({{"pk", S(prefix + std::to_string(i))}}));
    }
    return writes;
  }

  Database db_;
};

// ------------------------------------------------------------ BatchWriteItem

TEST_F(BatchTest, WritePutsAndDeletesAcrossTables) {
  PutSimple("old", "x");

  auto written = Write(
      {{"simple",
        {Put({{"pk", S("new")}, {"v", S("1")}}), Delete({{"pk", S("old")}})}},
       {"composite", {Put({{"pk", S("p")}, {"sk", N("7")}, {"v", S("2")}})}}});

  ASSERT_THAT(written, IsOk());
  EXPECT_THAT(written->unprocessed_items, IsEmpty());
  EXPECT_THAT(Get("simple", {{"pk", S("old")}}), IsNull());
  ItemPtr item = Get("simple", {{"pk", S("new")}});
  ASSERT_THAT(item, NotNull());
  EXPECT_EQ(item->at("v").s(), "1");
  ASSERT_THAT(Get("composite", {{"pk", S("p")}, {"sk", N("7.0")}}), NotNull());
}

// BatchWriteItem takes its request by value, as PutItem does: an lvalue
// request is copied and left as it was; a moved one gives up its items.
TEST_F(BatchTest, WriteLeavesAnLvalueRequestAsItWasAndMovesAnRvalue) {
  const Item first = {{"pk", S("a")}, {"v", S(std::string(40, '1'))}};
  const Item second = {{"pk", S("b")}, {"v", S(std::string(40, '2'))}};
  BatchWriteItemRequest request{.request_items = {{"simple", {Put(first)}}}};

  ASSERT_THAT(db_.BatchWriteItem(request), IsOk());
  ASSERT_THAT(request.request_items["simple"], SizeIs(1));
  EXPECT_EQ(request.request_items["simple"][0].put_request->item, first);
  ASSERT_THAT(db_.BatchWriteItem(BatchWriteItemRequest{
                  .request_items = {{"simple", {Put(second)}}}}),
              IsOk());

  ItemPtr a = Get("simple", {{"pk", S("a")}});
  ItemPtr b = Get("simple", {{"pk", S("b")}});
  ASSERT_THAT(a, NotNull());
  ASSERT_THAT(b, NotNull());
  EXPECT_EQ(*a, first);
  EXPECT_EQ(*b, second);
}

TEST_F(BatchTest, WritePutReplacesTheWholeItem) {
  PutSimple("a", "old");

  ASSERT_THAT(Write({{"simple", {Put({{"pk", S("a")}, {"w", S("new")}})}}}),
              IsOk());

  ItemPtr item = Get("simple", {{"pk", S("a")}});
  ASSERT_THAT(item, NotNull());
  EXPECT_FALSE(item->contains("v"));
  EXPECT_EQ(item->at("w").s(), "new");
}

TEST_F(BatchTest, WriteDeleteOfAMissingItemSucceeds) {
  EXPECT_THAT(Write({{"simple", {Delete({{"pk", S("nothing")}})}}}), IsOk());
}

TEST_F(BatchTest, WriteAcceptsExactly25Requests) {
  ASSERT_THAT(Write({{"simple", SimplePuts(25, "k")}}), IsOk());

  EXPECT_THAT(Get("simple", {{"pk", S("k24")}}), NotNull());
}

TEST_F(BatchTest, WriteRejectsEmptyRequestItems) {
  EXPECT_THAT(Write({}),
              IsError(kValidation,
                      "1 validation error detected: Value '{}' at "
                      "'requestItems' failed to satisfy constraint: Member "
                      "must have length greater than or equal to 1"));
}

TEST_F(BatchTest, WriteRejectsAnEmptyListEchoingTheMap) {
  EXPECT_THAT(
      Write({{"composite", {}}, {"simple", SimplePuts(1, "k")}}),
      IsError(kValidation, absl::StrCat("1 validation error detected: Value "
                                        "'{composite=[], simple=[...]}' at "
                                        "'requestItems' failed to satisfy "
                                        "constraint: ",
                                        kWriteListRules)));
}

TEST_F(BatchTest, WriteRejects26RequestsForOneTableAsAConstraint) {
  EXPECT_THAT(Write({{"simple", SimplePuts(26, "k")}}),
              IsError(kValidation,
                      absl::StrCat("1 validation error detected: Value "
                                   "'{simple=[...]}' at 'requestItems' failed "
                                   "to satisfy constraint: ",
                                   kWriteListRules)));
  EXPECT_THAT(Get("simple", {{"pk", S("k0")}}), IsNull());
}

TEST_F(BatchTest, WriteRejectsMoreThan25RequestsAcrossTables) {
  std::vector<WriteRequest> composite;
  for (int i = 0; i < 13; ++i) {
    composite.push_back(Put({{"pk", S("p")}, {"sk", N(std::to_string(i))}}));
  }

  EXPECT_THAT(
      Write({{"composite", composite}, {"simple", SimplePuts(13, "k")}}),
      IsError(kValidation,
              "Too many items requested for the BatchWriteItem call"));
  EXPECT_THAT(Get("simple", {{"pk", S("k0")}}), IsNull());
  EXPECT_THAT(Get("composite", {{"pk", S("p")}, {"sk", N("0")}}), IsNull());
}

TEST_F(BatchTest, WriteRejectsBadTableNamesOnceForTheMap) {
  EXPECT_THAT(Write({{"ab", {}}, {"a;b", SimplePuts(1, "k")}}),
              IsError(kValidation,
                      absl::StrCat("2 validation errors detected: Value "
                                   "'{a;b=[...], ab=[]}' at 'requestItems' "
                                   "failed to satisfy constraint: ",
                                   kTableNameRules,
                                   "; Value '{a;b=[...], ab=[]}' at "
                                   "'requestItems' failed to satisfy "
                                   "constraint: ",
                                   kWriteListRules)));
}

TEST_F(BatchTest, WriteRequiresExactlyOneOfPutAndDelete) {
  WriteRequest both = Put({{"pk", S("a")}});
  both.delete_request = DeleteRequest{{{"pk", S("b")}}};

  EXPECT_THAT(Write({{"simple", {WriteRequest{}}}}),
              IsError(kValidation, kNotOneWrite));
  EXPECT_THAT(Write({{"simple", {both}}}), IsError(kValidation, kNotOneWrite));
  EXPECT_THAT(Get("simple", {{"pk", S("a")}}), IsNull());
}

TEST_F(BatchTest, WriteChecksItemSizeBeforeTheTable) {
  // pk (2) + "a" (1) + big (3) + value: exactly 409600 bytes is allowed.
  const std::string fits(409600 - 6, 'x');
  ASSERT_THAT(Write({{"simple", {Put({{"pk", S("a")}, {"big", S(fits)}})}}}),
              IsOk());

  EXPECT_THAT(
      Write({{"missing", {Put({{"pk", S("a")}, {"big", S(fits + "x")}})}}}),
      IsError(kValidation, "Item size has exceeded the maximum allowed size"));
}

TEST_F(BatchTest, WriteChecksItemAttributes) {
  EXPECT_THAT(Write({{"simple", {Put({{"pk", S("a")}, {"", S("x")}})}}}),
              IsError(kValidation,
                      "One or more parameter values were invalid: An "
                      "attribute name cannot be empty"));
  EXPECT_THAT(Get("simple", {{"pk", S("a")}}), IsNull());
}

TEST_F(BatchTest, WriteToAMissingTableIsResourceNotFoundAndWritesNothing) {
  EXPECT_THAT(
      Write({{"missing", {Put({{"pk", S("a")}})}},
             {"simple", {Put({{"pk", S("a")}})}}}),
      IsError(ErrorKind::kResourceNotFound, "Requested resource not found"));
  EXPECT_THAT(Get("simple", {{"pk", S("a")}}), IsNull());
}

TEST_F(BatchTest, WriteChecksTheTableBeforeDuplicates) {
  EXPECT_THAT(
      Write({{"missing", {Put({{"pk", S("a")}}), Delete({{"pk", S("a")}})}}}),
      IsError(ErrorKind::kResourceNotFound, "Requested resource not found"));
}

TEST_F(BatchTest, WriteWordsEveryBadPutKeyAsAKeyMismatch) {
  // Missing partition key, missing sort key, wrong type: PutItem's own
  // messages differ, BatchWriteItem's do not.
  for (const Item& item :
       {Item{{"x", S("a")}}, Item{{"pk", S("a")}},
        Item{{"pk", S("a")}, {"sk", S("1")}}, Item{{"pk", N("1")}}}) {
    EXPECT_THAT(Write({{"composite", {Put(item)}}}),
                IsError(kValidation, kKeyMismatch));
  }
}

TEST_F(BatchTest, WriteChecksDeleteKeysAgainstTheSchema) {
  EXPECT_THAT(Write({{"simple", {Delete({{"pk", S("a")}, {"x", S("b")}})}}}),
              IsError(kValidation, kKeyMismatch));
  EXPECT_THAT(Write({{"composite", {Delete({{"pk", S("a")}})}}}),
              IsError(kValidation, kKeyMismatch));
}

TEST_F(BatchTest, WriteRejectsEmptyKeyValues) {
  EXPECT_THAT(
      Write({{"simple", {Put({{"pk", S("")}})}}}),
      IsError(kValidation,
              "One or more parameter values are not valid. The AttributeValue "
              "for a key attribute cannot contain an empty string value. Key: "
              "pk"));
  EXPECT_THAT(
      Write({{"simple", {Delete({{"pk", S("")}})}}}),
      IsError(kValidation,
              "One or more parameter values are not valid. The AttributeValue "
              "for a key attribute cannot contain an empty string value. Key: "
              "pk"));
}

TEST_F(BatchTest, WriteRejectsAnInvalidRequestAfterValidOnesWritingNothing) {
  PutSimple("keep", "x");

  EXPECT_THAT(Write({{"simple",
                      {Put({{"pk", S("a")}}), Delete({{"pk", S("keep")}}),
                       Put({{"pk", N("3")}})}}}),
              IsError(kValidation, kKeyMismatch));
  EXPECT_THAT(Get("simple", {{"pk", S("a")}}), IsNull());
  EXPECT_THAT(Get("simple", {{"pk", S("keep")}}), NotNull());
}

TEST_F(BatchTest, WriteRejectsTheSameKeyTwiceInOneTable) {
  EXPECT_THAT(
      Write({{"simple", {Put({{"pk", S("a")}}), Put({{"pk", S("a")}})}}}),
      IsError(kValidation, kDuplicates));
  EXPECT_THAT(
      Write({{"simple", {Delete({{"pk", S("a")}}), Delete({{"pk", S("a")}})}}}),
      IsError(kValidation, kDuplicates));
  EXPECT_THAT(
      Write({{"simple", {Delete({{"pk", S("a")}}), Put({{"pk", S("a")}})}}}),
      IsError(kValidation, kDuplicates));
  EXPECT_THAT(Get("simple", {{"pk", S("a")}}), IsNull());
}

TEST_F(BatchTest, WriteComparesNumberKeysByValue) {
  EXPECT_THAT(Write({{"composite",
                      {Put({{"pk", S("a")}, {"sk", N("1")}}),
                       Delete({{"pk", S("a")}, {"sk", N("1.0")}})}}}),
              IsError(kValidation, kDuplicates));
}

TEST_F(BatchTest, WriteAllowsKeysSharingOnePart) {
  EXPECT_THAT(Write({{"composite",
                      {Put({{"pk", S("a")}, {"sk", N("1")}}),
                       Put({{"pk", S("a")}, {"sk", N("2")}}),
                       Put({{"pk", S("b")}, {"sk", N("1")}})}}}),
              IsOk());
}

TEST_F(BatchTest, WriteAllowsTheSameKeyInTwoTables) {
  ASSERT_THAT(db_.CreateTable(TableRequest("simple2", KeyType::kS, {})),
              IsOk());

  EXPECT_THAT(Write({{"simple", {Put({{"pk", S("a")}})}},
                     {"simple2", {Put({{"pk", S("a")}})}}}),
              IsOk());
  EXPECT_THAT(Get("simple2", {{"pk", S("a")}}), NotNull());
}

// -------------------------------------------------------------- BatchGetItem

TEST_F(BatchTest, GetReadsAcrossTablesSkippingMissingItems) {
  PutSimple("a", "1");
  PutSimple("b", "2");
  ASSERT_THAT(Write({{"composite", {Put({{"pk", S("p")}, {"sk", N("1")}})}}}),
              IsOk());

  auto read =
      Read({{"simple",
             {.keys = {{{"pk", S("b")}}, {{"pk", S("none")}}, {{"pk", S("a")}}},
              .consistent_read = true}},
            {"composite", {.keys = {{{"pk", S("p")}, {"sk", N("2")}}}}}});

  ASSERT_THAT(read, IsOk());
  EXPECT_THAT(read->unprocessed_keys, IsEmpty());
  // The table with no hits is still listed.
  EXPECT_THAT(read->responses.at("composite"), IsEmpty());
  const std::vector<ItemPtr>& items = read->responses.at("simple");
  ASSERT_THAT(items, SizeIs(2));
  EXPECT_EQ(items[0]->at("v").s(), "2");
  EXPECT_EQ(items[1]->at("v").s(), "1");
}

TEST_F(BatchTest, GetProjectsWithAProjectionExpression) {
  ASSERT_THAT(Write({{"composite",
                      {Put({{"pk", S("p")},
                            {"sk", N("1")},
                            {"a", S("x")},
                            {"b", S("y")}})}}}),
              IsOk());

  auto read = Read({{"composite",
                     {.keys = {{{"pk", S("p")}, {"sk", N("1")}}},
                      .projection_expression = "#a, sk",
                      .expression_attribute_names =
                          ExpressionAttributeNames{{"#a", "a"}}}}});

  ASSERT_THAT(read, IsOk());
  ASSERT_THAT(read->responses.at("composite"), SizeIs(1));
  EXPECT_EQ(*read->responses.at("composite")[0],
            (Item{{"a", S("x")}, {"sk", N("1")}}));
}

TEST_F(BatchTest, GetProjectsWithAttributesToGet) {
  ASSERT_THAT(Write({{"simple",
                      {Put({{"pk", S("p")}, {"a", S("x")}, {"b", S("y")}})}}}),
              IsOk());

  auto read = Read({{"simple",
                     {.keys = {{{"pk", S("p")}}},
                      .attributes_to_get = std::vector<std::string>{"b"}}}});

  ASSERT_THAT(read, IsOk());
  ASSERT_THAT(read->responses.at("simple"), SizeIs(1));
  EXPECT_EQ(*read->responses.at("simple")[0], (Item{{"b", S("y")}}));
}

TEST_F(BatchTest, GetRejectsEmptyRequestItems) {
  EXPECT_THAT(Read({}),
              IsError(kValidation,
                      "1 validation error detected: Value '{}' at "
                      "'requestItems' failed to satisfy constraint: Member "
                      "must have length greater than or equal to 1"));
}

TEST_F(BatchTest, GetRejectsEmptyAndOversizedKeyLists) {
  std::vector<Item> keys;
  for (int i = 0; i < 101; ++i) keys.push_back({{"pk", S(std::to_string(i))}});

  EXPECT_THAT(Read({{"simple", {}}}),
              IsError(kValidation,
                      "1 validation error detected: Value '[]' at "
                      "'requestItems.simple.member.keys' failed to satisfy "
                      "constraint: Member must have length greater than or "
                      "equal to 1"));
  EXPECT_THAT(Read({{"simple", {.keys = keys}}}),
              IsError(kValidation,
                      "1 validation error detected: Value '[...]' at "
                      "'requestItems.simple.member.keys' failed to satisfy "
                      "constraint: Member must have length less than or "
                      "equal to 100"));
}

TEST_F(BatchTest, GetRejectsBadTableNamesAndEmptyAttributesToGet) {
  EXPECT_THAT(
      Read({{"ab",
             {.keys = {{{"pk", S("a")}}},
              .attributes_to_get = std::vector<std::string>{}}}}),
      IsError(kValidation,
              absl::StrCat("2 validation errors detected: Value "
                           "'{ab=KeysAndAttributes}' at 'requestItems' failed "
                           "to satisfy constraint: ",
                           kTableNameRules,
                           "; Value '[]' at 'requestItems.ab.member."
                           "attributesToGet' failed to satisfy constraint: "
                           "Member must have length greater than or equal to "
                           "1")));
}

TEST_F(BatchTest, GetAccepts100KeysAndRejects101AcrossTables) {
  std::vector<Item> keys;
  for (int i = 0; i < 100; ++i) keys.push_back({{"pk", S(std::to_string(i))}});
  ASSERT_THAT(Read({{"simple", {.keys = keys}}}), IsOk());

  EXPECT_THAT(
      Read({{"simple", {.keys = keys}},
            {"composite", {.keys = {{{"pk", S("a")}, {"sk", N("1")}}}}}}),
      IsError(kValidation,
              "Too many items requested for the BatchGetItem call"));
}

TEST_F(BatchTest, GetRejectsDuplicateKeysBeforeLookingUpTheTable) {
  EXPECT_THAT(
      Read({{"missing", {.keys = {{{"pk", S("a")}}, {{"pk", S("a")}}}}}}),
      IsError(kValidation, kDuplicates));
  EXPECT_THAT(Read({{"composite",
                     {.keys = {{{"pk", S("a")}, {"sk", N("1")}},
                               {{"pk", S("a")}, {"sk", N("2")}},
                               {{"pk", S("a")}, {"sk", N("1")}}}}}}),
              IsError(kValidation, kDuplicates));
}

TEST_F(BatchTest, GetChecksTheProjectionBeforeDuplicates) {
  EXPECT_THAT(
      Read({{"simple",
             {.keys = {{{"pk", S("a")}}, {{"pk", S("a")}}},
              .attributes_to_get = std::vector<std::string>{"x", "x"}}}}),
      IsError(kValidation,
              "One or more parameter values were invalid: Duplicate "
              "value in attribute name: x"));
}

TEST_F(BatchTest, GetChecksExpressionParameters) {
  EXPECT_THAT(Read({{"simple",
                     {.keys = {{{"pk", S("a")}}},
                      .projection_expression = "pk",
                      .attributes_to_get = std::vector<std::string>{"pk"}}}}),
              IsError(kValidation,
                      "Can not use both expression and non-expression "
                      "parameters in the same request: Non-expression "
                      "parameters: {AttributesToGet} Expression parameters: "
                      "{ProjectionExpression}"));
  EXPECT_THAT(Read({{"simple",
                     {.keys = {{{"pk", S("a")}}},
                      .expression_attribute_names =
                          ExpressionAttributeNames{{"#a", "a"}}}}}),
              IsError(kValidation,
                      "ExpressionAttributeNames can only be specified when "
                      "using expressions"));
  EXPECT_THAT(
      Read({{"simple",
             {.keys = {{{"pk", S("a")}}},
              .projection_expression = "#a",
              .expression_attribute_names =
                  ExpressionAttributeNames{{"#a", "a"}, {"#unused", "b"}}}}}),
      IsError(kValidation,
              "Value provided in ExpressionAttributeNames unused in "
              "expressions: keys: {#unused}"));
}

TEST_F(BatchTest, GetFromAMissingTableIsResourceNotFound) {
  EXPECT_THAT(
      Read({{"missing", {.keys = {{{"pk", S("a")}}}}},
            {"simple", {.keys = {{{"pk", S("a")}}}}}}),
      IsError(ErrorKind::kResourceNotFound, "Requested resource not found"));
}

TEST_F(BatchTest, GetChecksKeysAgainstTheSchema) {
  EXPECT_THAT(Read({{"composite", {.keys = {{{"pk", S("a")}}}}}}),
              IsError(kValidation, kKeyMismatch));
  EXPECT_THAT(Read({{"simple", {.keys = {{{"pk", N("1")}}}}}}),
              IsError(kValidation, kKeyMismatch));
  EXPECT_THAT(
      Read({{"simple", {.keys = {{{"pk", S("")}}}}}}),
      IsError(kValidation,
              "One or more parameter values are not valid. The AttributeValue "
              "for a key attribute cannot contain an empty string value. Key: "
              "pk"));
}

}  // namespace
}  // namespace dynamite
