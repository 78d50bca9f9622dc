#include <string>
#include <utility>

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
using ::testing::IsNull;
using ::testing::NotNull;

constexpr ErrorKind kValidation = ErrorKind::kValidation;
constexpr absl::string_view kKeyMismatch =
    "The provided key element does not match the schema";

class ItemOpsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_THAT(
        db_.CreateTable(TableRequest("composite", KeyType::kS, KeyType::kN)),
        IsOk());
    ASSERT_THAT(db_.CreateTable(TableRequest("simple", KeyType::kS, {})),
                IsOk());
    ASSERT_THAT(db_.CreateTable(TableRequest("binary", KeyType::kB, {})),
                IsOk());
  }

  WriteResult<PutItemResponse> Put(const std::string& table, Item item,
                                   ReturnValue rv = ReturnValue::kNone) {
    return db_.PutItem(
        {.table_name = table, .item = std::move(item), .return_values = rv});
  }
  absl::StatusOr<GetItemResponse> Get(const std::string& table, Item key) {
    return db_.GetItem({.table_name = table, .key = std::move(key)});
  }

  Database db_;
};

TEST_F(ItemOpsTest, PutThenGetReturnsTheItem) {
  ASSERT_THAT(Put("composite", {{"pk", S("a")}, {"sk", N("1")}, {"x", S("y")}}),
              IsOk());

  auto got = Get("composite", {{"pk", S("a")}, {"sk", N("1")}});

  ASSERT_THAT(got, IsOk());
  ASSERT_THAT(got->item, NotNull());
  EXPECT_EQ(got->item->at("x").s(), "y");
}

// PutItem takes its request by value: an lvalue request is copied and
// left as it was, so it can be sent again; a moved one gives up its item.
TEST_F(ItemOpsTest, PutLeavesAnLvalueRequestAsItWas) {
  const Item item = {
      {"pk", S("a")}, {"sk", N("1")}, {"long", S(std::string(40, 'x'))}};
  PutItemRequest put{.table_name = "composite", .item = item};

  ASSERT_THAT(db_.PutItem(put), IsOk());
  EXPECT_EQ(put.item, item);
  ASSERT_THAT(db_.PutItem(put), IsOk());

  auto got = Get("composite", {{"pk", S("a")}, {"sk", N("1")}});
  ASSERT_THAT(got, IsOk());
  ASSERT_THAT(got->item, NotNull());
  EXPECT_EQ(*got->item, item);
}

TEST_F(ItemOpsTest, PutStoresAMovedRequestsItem) {
  const Item item = {
      {"pk", S("a")}, {"sk", N("2")}, {"long", S(std::string(40, 'x'))}};
  PutItemRequest put{.table_name = "composite", .item = item};

  ASSERT_THAT(db_.PutItem(std::move(put)), IsOk());

  auto got = Get("composite", {{"pk", S("a")}, {"sk", N("2")}});
  ASSERT_THAT(got, IsOk());
  ASSERT_THAT(got->item, NotNull());
  EXPECT_EQ(*got->item, item);
}

TEST_F(ItemOpsTest, GetMissingItemReturnsNoItem) {
  auto got = Get("composite", {{"pk", S("a")}, {"sk", N("1")}});

  ASSERT_THAT(got, IsOk());
  EXPECT_THAT(got->item, IsNull());
}

TEST_F(ItemOpsTest, NumberKeysInAnySpellingAddressOneItem) {
  ASSERT_THAT(
      Put("composite", {{"pk", S("a")}, {"sk", N("1000")}, {"v", S("1")}}),
      IsOk());
  ASSERT_THAT(
      Put("composite", {{"pk", S("a")}, {"sk", N("1E3")}, {"v", S("2")}}),
      IsOk());

  auto got = Get("composite", {{"pk", S("a")}, {"sk", N("001000.00")}});

  ASSERT_THAT(got, IsOk());
  ASSERT_THAT(got->item, NotNull());
  EXPECT_EQ(got->item->at("v").s(), "2");
  EXPECT_EQ(got->item->at("sk").n().ToString(), "1000");
  EXPECT_EQ(db_.DescribeTable({"composite"})->table.item_count, 1);
}

TEST_F(ItemOpsTest, PutReturnsOldItemWithAllOld) {
  ASSERT_THAT(Put("simple", {{"pk", S("a")}, {"v", S("1")}}), IsOk());

  auto first = Put("simple", {{"pk", S("b")}}, ReturnValue::kAllOld);
  auto second =
      Put("simple", {{"pk", S("a")}, {"v", S("2")}}, ReturnValue::kAllOld);
  auto none = Put("simple", {{"pk", S("a")}, {"v", S("3")}});

  ASSERT_THAT(first, IsOk());
  EXPECT_THAT(first->attributes, IsNull());
  ASSERT_THAT(second, IsOk());
  ASSERT_THAT(second->attributes, NotNull());
  EXPECT_EQ(second->attributes->at("v").s(), "1");
  ASSERT_THAT(none, IsOk());
  EXPECT_THAT(none->attributes, IsNull());
}

TEST_F(ItemOpsTest, PutRejectsOtherReturnValues) {
  for (ReturnValue rv : {ReturnValue::kAllNew, ReturnValue::kUpdatedOld,
                         ReturnValue::kUpdatedNew}) {
    EXPECT_THAT(
        Put("simple", {{"pk", S("a")}}, rv),
        IsError(kValidation, "ReturnValues can only be ALL_OLD or NONE"));
  }
}

TEST_F(ItemOpsTest, DeleteRemovesAndReturnsOldItem) {
  ASSERT_THAT(Put("simple", {{"pk", S("a")}, {"v", S("1")}}), IsOk());

  auto deleted = db_.DeleteItem({.table_name = "simple",
                                 .key = {{"pk", S("a")}},
                                 .return_values = ReturnValue::kAllOld});
  auto again = db_.DeleteItem({.table_name = "simple",
                               .key = {{"pk", S("a")}},
                               .return_values = ReturnValue::kAllOld});

  ASSERT_THAT(deleted, IsOk());
  ASSERT_THAT(deleted->attributes, NotNull());
  EXPECT_EQ(deleted->attributes->at("v").s(), "1");
  ASSERT_THAT(again, IsOk());
  EXPECT_THAT(again->attributes, IsNull());
  EXPECT_THAT(Get("simple", {{"pk", S("a")}})->item, IsNull());
}

TEST_F(ItemOpsTest, DeleteRejectsOtherReturnValues) {
  EXPECT_THAT(db_.DeleteItem({.table_name = "simple",
                              .key = {{"pk", S("a")}},
                              .return_values = ReturnValue::kAllNew}),
              IsError(kValidation, "Return values set to invalid value"));
}

TEST_F(ItemOpsTest, MissingTableIsResourceNotFound) {
  EXPECT_THAT(
      Put("nothere", {{"pk", S("a")}}),
      IsError(ErrorKind::kResourceNotFound, "Requested resource not found"));
  EXPECT_THAT(
      Get("nothere", {{"pk", S("a")}}),
      IsError(ErrorKind::kResourceNotFound, "Requested resource not found"));
  EXPECT_THAT(
      db_.DeleteItem({.table_name = "nothere", .key = {{"pk", S("a")}}}),
      IsError(ErrorKind::kResourceNotFound, "Requested resource not found"));
}

TEST_F(ItemOpsTest, ItemOperationsUseConstraintFormForBadTableNames) {
  EXPECT_THAT(Get("xx", {{"pk", S("a")}}),
              IsError(kValidation,
                      "1 validation error detected: Value 'xx' at 'tableName' "
                      "failed to satisfy constraint: Member must have length "
                      "greater than or equal to 3"));
}

TEST_F(ItemOpsTest, KeyMustMatchTheSchema) {
  // Missing sort key, extra attribute, wrong type, nothing at all.
  EXPECT_THAT(Get("composite", {{"pk", S("a")}}),
              IsError(kValidation, kKeyMismatch));
  EXPECT_THAT(Get("composite", {{"pk", S("a")}, {"sk", N("1")}, {"x", S("1")}}),
              IsError(kValidation, kKeyMismatch));
  EXPECT_THAT(Get("composite", {{"pk", S("a")}, {"sk", S("1")}}),
              IsError(kValidation, kKeyMismatch));
  EXPECT_THAT(Get("simple", {}), IsError(kValidation, kKeyMismatch));
  EXPECT_THAT(db_.DeleteItem({.table_name = "simple", .key = {{"pk", N("1")}}}),
              IsError(kValidation, kKeyMismatch));
}

TEST_F(ItemOpsTest, KeyValuesMustNotBeEmpty) {
  EXPECT_THAT(Get("simple", {{"pk", S("")}}),
              IsError(kValidation,
                      "One or more parameter values are not valid. The "
                      "AttributeValue for a key attribute cannot contain an "
                      "empty string value. Key: pk"));
  EXPECT_THAT(Put("binary", {{"pk", AttributeValue::B("")}}),
              IsError(kValidation,
                      "One or more parameter values are not valid. The "
                      "AttributeValue for a key attribute cannot contain an "
                      "empty binary value. Key: pk"));
}

TEST_F(ItemOpsTest, PutItemReportsMissingAndMistypedKeys) {
  EXPECT_THAT(Put("composite", {{"pk", S("a")}}),
              IsError(kValidation,
                      "One or more parameter values were invalid: Missing the "
                      "key sk in the item"));
  EXPECT_THAT(Put("composite", {{"pk", S("a")}, {"sk", S("1")}}),
              IsError(kValidation,
                      "One or more parameter values were invalid: Type "
                      "mismatch for key sk expected: N actual: S"));
}

TEST_F(ItemOpsTest, KeySizeLimitsAreInclusive) {
  const std::string pk_max(2048, 'p');
  const std::string pk_over(2049, 'p');

  EXPECT_THAT(Put("simple", {{"pk", S(pk_max)}}), IsOk());
  EXPECT_THAT(Put("simple", {{"pk", S(pk_over)}}),
              IsError(kValidation,
                      "One or more parameter values were invalid: Size of "
                      "hashkey has exceeded the maximum size limit of2048 "
                      "bytes"));
  EXPECT_THAT(Get("simple", {{"pk", S(pk_over)}}),
              IsError(kValidation,
                      "One or more parameter values were invalid: Size of "
                      "hashkey has exceeded the maximum size limit of2048 "
                      "bytes"));
}

TEST_F(ItemOpsTest, ItemSizeLimitIsInclusive) {
  // "pk" + "a" = 3 bytes; "v" = 1 byte; the value fills the rest.
  const int64_t fill = kMaxItemSizeBytes - 3 - 1;
  Item at_limit{{"pk", S("a")}, {"v", S(std::string(fill, 'x'))}};
  Item over{{"pk", S("a")}, {"v", S(std::string(fill + 1, 'x'))}};

  EXPECT_THAT(Put("simple", at_limit), IsOk());
  EXPECT_THAT(
      Put("simple", over),
      IsError(kValidation, "Item size has exceeded the maximum allowed size"));
  // The size check comes before the table lookup.
  EXPECT_THAT(
      Put("nothere", over),
      IsError(kValidation, "Item size has exceeded the maximum allowed size"));
}

TEST_F(ItemOpsTest, RejectsInvalidValuesWithoutWriting) {
  Item empty_set{{"pk", S("a")}, {"s", AttributeValue::SS({})}};

  EXPECT_THAT(Put("simple", empty_set),
              ::dynamite::testing::ErrorKindIs(kValidation));
  EXPECT_THAT(Get("simple", {{"pk", S("a")}})->item, IsNull());
}

TEST_F(ItemOpsTest, EmptyStringsAreFineOutsideKeys) {
  EXPECT_THAT(Put("simple",
                  {{"pk", S("a")}, {"e", S("")}, {"b", AttributeValue::B("")}}),
              IsOk());
}

}  // namespace
}  // namespace dynamite
