// ConditionExpression on PutItem and DeleteItem: the write happens only when
// the condition holds on the item as it is; a failure is
// ConditionalCheckFailedException, carries the item under
// ReturnValuesOnConditionCheckFailure ALL_OLD, and changes nothing. Errors
// in the request itself are ValidationExceptions. (UpdateItem's condition:
// update_item_test.cc; condition semantics: tests/query/evaluate_test.cc.)

#include <string>

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
using ::testing::Pointee;

constexpr ErrorKind kValidation = ErrorKind::kValidation;
constexpr ErrorKind kFailed = ErrorKind::kConditionalCheckFailed;
constexpr char kFailedMessage[] = "The conditional request failed";

class ConditionalWriteTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_THAT(db_.CreateTable(TableRequest("tab", KeyType::kS, {})), IsOk());
    ASSERT_THAT(db_.PutItem({.table_name = "tab", .item = stored_}), IsOk());
  }

  ItemPtr Get(const std::string& pk) {
    absl::StatusOr<GetItemResponse> got =
        db_.GetItem({.table_name = "tab", .key = {{"pk", S(pk)}}});
    EXPECT_THAT(got, IsOk());
    return got.ok() ? got->item : nullptr;
  }

  const Item stored_ = {{"pk", S("a")}, {"v", N("1")}};
  Database db_;
};

TEST_F(ConditionalWriteTest, PutIfAbsent) {
  PutItemRequest put{.table_name = "tab",
                     .item = {{"pk", S("a")}, {"v", N("2")}},
                     .condition_expression = "attribute_not_exists(pk)"};

  EXPECT_THAT(db_.PutItem(put), IsError(kFailed, kFailedMessage));
  EXPECT_THAT(Get("a"), Pointee(stored_));

  put.item = {{"pk", S("b")}, {"v", N("2")}};
  EXPECT_THAT(db_.PutItem(put), IsOk());
  EXPECT_THAT(Get("b"), Pointee(put.item));
}

TEST_F(ConditionalWriteTest, FailedPutReturnsTheItemOnlyUnderAllOld) {
  PutItemRequest put{.table_name = "tab",
                     .item = {{"pk", S("a")}, {"v", N("9")}},
                     .condition_expression = "v > :v",
                     .expression_attribute_values = {{{":v", N("5")}}}};

  WriteResult<PutItemResponse> without = db_.PutItem(put);
  EXPECT_THAT(without, IsError(kFailed, kFailedMessage));
  EXPECT_THAT(without.condition_check_item(), IsNull());

  put.return_values_on_condition_check_failure =
      ReturnValuesOnConditionCheckFailure::kAllOld;
  WriteResult<PutItemResponse> with = db_.PutItem(put);
  EXPECT_THAT(with, IsError(kFailed, kFailedMessage));
  EXPECT_THAT(with.condition_check_item(), Pointee(stored_));
}

TEST_F(ConditionalWriteTest, OptimisticLockingOnDelete) {
  DeleteItemRequest del{
      .table_name = "tab",
      .key = {{"pk", S("a")}},
      .return_values = ReturnValue::kAllOld,
      .condition_expression = "#v = :expected",
      .expression_attribute_names = {{{"#v", "v"}}},
      .expression_attribute_values = {{{":expected", N("2")}}}};

  EXPECT_THAT(db_.DeleteItem(del), IsError(kFailed, kFailedMessage));
  EXPECT_THAT(Get("a"), Pointee(stored_));

  del.expression_attribute_values->at(":expected") = N("1");
  WriteResult<DeleteItemResponse> deleted = db_.DeleteItem(del);
  ASSERT_THAT(deleted, IsOk());
  EXPECT_THAT(deleted->attributes, Pointee(stored_));
  EXPECT_THAT(Get("a"), IsNull());
}

TEST_F(ConditionalWriteTest, ConditionOnAMissingItemSeesNoAttributes) {
  DeleteItemRequest del{.table_name = "tab",
                        .key = {{"pk", S("nothere")}},
                        .condition_expression = "attribute_exists(pk)",
                        .return_values_on_condition_check_failure =
                            ReturnValuesOnConditionCheckFailure::kAllOld};

  WriteResult<DeleteItemResponse> result = db_.DeleteItem(del);

  EXPECT_THAT(result, IsError(kFailed, kFailedMessage));
  EXPECT_THAT(result.condition_check_item(), IsNull());
}

TEST_F(ConditionalWriteTest, RequestErrorsAreValidationExceptions) {
  PutItemRequest put{.table_name = "tab", .item = {{"pk", S("c")}}};

  put.condition_expression = "v = ";
  EXPECT_THAT(db_.PutItem(put),
              IsError(kValidation,
                      "Invalid ConditionExpression: Syntax error; token: "
                      "\"<EOF>\", near: \"= \""));
  put.condition_expression = "size = :v";
  put.expression_attribute_values = {{{":v", N("1")}}};
  EXPECT_THAT(db_.PutItem(put),
              IsError(kValidation,
                      "Invalid ConditionExpression: Attribute name is a "
                      "reserved keyword; reserved keyword: size"));
  put.condition_expression = "v = :v";
  put.expression_attribute_names = {{{"#unused", "u"}}};
  EXPECT_THAT(db_.PutItem(put),
              IsError(kValidation,
                      "Value provided in ExpressionAttributeNames unused in "
                      "expressions: keys: {#unused}"));
  put.condition_expression.reset();
  EXPECT_THAT(db_.PutItem(put),
              IsError(kValidation,
                      "ExpressionAttributeNames can only be specified when "
                      "using expressions"));
  put.expression_attribute_names.reset();
  put.condition_expression = "v = :v";
  put.expression_attribute_values = ExpressionAttributeValues{};
  EXPECT_THAT(
      db_.PutItem(put),
      IsError(kValidation, "ExpressionAttributeValues must not be empty"));
  EXPECT_THAT(Get("c"), IsNull());
}

TEST_F(ConditionalWriteTest, ExpressionChecksComeBeforeTheTableLookup) {
  DeleteItemRequest del{.table_name = "nothere",
                        .key = {{"pk", S("a")}},
                        .condition_expression = "v = :missing"};

  EXPECT_THAT(db_.DeleteItem(del),
              IsError(kValidation,
                      "Invalid ConditionExpression: An expression attribute "
                      "value used in expression is not defined; attribute "
                      "value: :missing"));
}

}  // namespace
}  // namespace dynamite
