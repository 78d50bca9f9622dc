// Database::UpdateItem end to end through the typed API: the update
// applied and stored, creation rules, ReturnValues, the condition, the
// checks made before and after the update, and that a failed request
// changes nothing. The expression grammar and the update semantics in
// detail are tested in tests/query (update_parser_test, update_test).

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
using ::testing::Pointee;

constexpr ErrorKind kValidation = ErrorKind::kValidation;

class UpdateItemTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_THAT(db_.CreateTable(TableRequest("tab", KeyType::kS, KeyType::kN)),
                IsOk());
  }

  static Item Key(const std::string& pk, const std::string& sk) {
    return {{"pk", S(pk)}, {"sk", N(sk)}};
  }

  // An UpdateItem of item (a, 1) with `expression` and values.
  static UpdateItemRequest Update(std::string expression,
                                  ExpressionAttributeValues values = {}) {
    UpdateItemRequest r;
    r.table_name = "tab";
    r.key = Key("a", "1");
    r.update_expression = std::move(expression);
    if (!values.empty()) r.expression_attribute_values = std::move(values);
    return r;
  }

  ItemPtr Get(const Item& key) {
    absl::StatusOr<GetItemResponse> got =
        db_.GetItem({.table_name = "tab", .key = key});
    EXPECT_THAT(got, IsOk());
    return got.ok() ? got->item : nullptr;
  }

  Database db_;
};

TEST_F(UpdateItemTest, CreatesAMissingItemWithItsKey) {
  ASSERT_THAT(db_.UpdateItem(Update("SET v = :v", {{":v", S("x")}})), IsOk());

  EXPECT_THAT(Get(Key("a", "1")),
              Pointee(Item{{"pk", S("a")}, {"sk", N("1")}, {"v", S("x")}}));
}

TEST_F(UpdateItemTest, MergesIntoTheStoredItem) {
  ASSERT_THAT(db_.PutItem({.table_name = "tab",
                           .item = {{"pk", S("a")},
                                    {"sk", N("1")},
                                    {"keep", S("k")},
                                    {"n", N("41")},
                                    {"gone", S("g")}}}),
              IsOk());

  ASSERT_THAT(db_.UpdateItem(
                  Update("SET n = n + :one REMOVE gone", {{":one", N("1")}})),
              IsOk());

  EXPECT_THAT(
      Get(Key("a", "1")),
      Pointee(Item{
          {"pk", S("a")}, {"sk", N("1")}, {"keep", S("k")}, {"n", N("42")}}));
}

TEST_F(UpdateItemTest, RemoveOnlyUpdateDoesNotCreateTheItem) {
  ASSERT_THAT(db_.UpdateItem(Update("REMOVE v")), IsOk());

  EXPECT_THAT(Get(Key("a", "1")), IsNull());
}

TEST_F(UpdateItemTest, NoUpdateExpressionCreatesJustTheKey) {
  ASSERT_THAT(db_.UpdateItem({.table_name = "tab", .key = Key("a", "1")}),
              IsOk());

  EXPECT_THAT(Get(Key("a", "1")), Pointee(Key("a", "1")));
}

TEST_F(UpdateItemTest, ReturnValuesShapes) {
  ASSERT_THAT(db_.PutItem({.table_name = "tab",
                           .item = {{"pk", S("a")},
                                    {"sk", N("1")},
                                    {"x", N("1")},
                                    {"y", S("old")}}}),
              IsOk());
  auto with = [](ReturnValue rv) {
    UpdateItemRequest r =
        Update("SET x = x + :one, z = :z", {{":one", N("1")}, {":z", S("z")}});
    r.return_values = rv;
    return r;
  };

  auto none = db_.UpdateItem(with(ReturnValue::kNone));
  ASSERT_THAT(none, IsOk());
  EXPECT_THAT(none->attributes, IsNull());

  auto all_old = db_.UpdateItem(with(ReturnValue::kAllOld));
  ASSERT_THAT(all_old, IsOk());
  EXPECT_THAT(all_old->attributes, Pointee(Item{{"pk", S("a")},
                                                {"sk", N("1")},
                                                {"x", N("2")},
                                                {"y", S("old")},
                                                {"z", S("z")}}));

  // z existed before this update (set by the previous one), x too.
  auto updated_old = db_.UpdateItem(with(ReturnValue::kUpdatedOld));
  ASSERT_THAT(updated_old, IsOk());
  EXPECT_THAT(updated_old->attributes,
              Pointee(Item{{"x", N("3")}, {"z", S("z")}}));

  auto all_new = db_.UpdateItem(with(ReturnValue::kAllNew));
  ASSERT_THAT(all_new, IsOk());
  EXPECT_THAT(all_new->attributes, Pointee(Item{{"pk", S("a")},
                                                {"sk", N("1")},
                                                {"x", N("5")},
                                                {"y", S("old")},
                                                {"z", S("z")}}));

  auto updated_new = db_.UpdateItem(with(ReturnValue::kUpdatedNew));
  ASSERT_THAT(updated_new, IsOk());
  EXPECT_THAT(updated_new->attributes,
              Pointee(Item{{"x", N("6")}, {"z", S("z")}}));
}

TEST_F(UpdateItemTest,
       UpdatedOldOfANewAttributeAndUpdatedNewOfARemoveAreAbsent) {
  ASSERT_THAT(
      db_.PutItem({.table_name = "tab",
                   .item = {{"pk", S("a")}, {"sk", N("1")}, {"r", N("1")}}}),
      IsOk());
  UpdateItemRequest created = Update("SET fresh = :v", {{":v", S("v")}});
  created.return_values = ReturnValue::kUpdatedOld;
  auto old = db_.UpdateItem(created);
  ASSERT_THAT(old, IsOk());
  EXPECT_THAT(old->attributes, IsNull());

  UpdateItemRequest removed = Update("REMOVE r");
  removed.return_values = ReturnValue::kUpdatedNew;
  auto now = db_.UpdateItem(removed);
  ASSERT_THAT(now, IsOk());
  EXPECT_THAT(now->attributes, IsNull());
}

TEST_F(UpdateItemTest, AllNewOfAnUpdateThatCreatesNothingIsAbsent) {
  UpdateItemRequest r = Update("REMOVE v");
  r.return_values = ReturnValue::kAllNew;

  auto result = db_.UpdateItem(r);

  ASSERT_THAT(result, IsOk());
  EXPECT_THAT(result->attributes, IsNull());
}

TEST_F(UpdateItemTest, ConditionGuardsTheUpdate) {
  ASSERT_THAT(
      db_.PutItem({.table_name = "tab",
                   .item = {{"pk", S("a")}, {"sk", N("1")}, {"v", N("1")}}}),
      IsOk());
  UpdateItemRequest r =
      Update("SET v = v + :one", {{":one", N("1")}, {":expected", N("2")}});
  r.condition_expression = "v = :expected";
  r.return_values_on_condition_check_failure =
      ReturnValuesOnConditionCheckFailure::kAllOld;

  WriteResult<UpdateItemResponse> failed = db_.UpdateItem(r);

  EXPECT_THAT(failed, IsError(ErrorKind::kConditionalCheckFailed,
                              "The conditional request failed"));
  EXPECT_THAT(failed.condition_check_item(),
              Pointee(Item{{"pk", S("a")}, {"sk", N("1")}, {"v", N("1")}}));
  EXPECT_THAT(Get(Key("a", "1")),
              Pointee(Item{{"pk", S("a")}, {"sk", N("1")}, {"v", N("1")}}));

  r.expression_attribute_values->at(":expected") = N("1");
  WriteResult<UpdateItemResponse> passed = db_.UpdateItem(r);
  EXPECT_THAT(passed, IsOk());
  EXPECT_THAT(passed.condition_check_item(), IsNull());
  EXPECT_THAT(Get(Key("a", "1")),
              Pointee(Item{{"pk", S("a")}, {"sk", N("1")}, {"v", N("2")}}));
}

TEST_F(UpdateItemTest, ConditionOnAMissingItemSeesNoAttributes) {
  UpdateItemRequest r = Update("SET v = :v", {{":v", S("x")}});
  r.condition_expression = "attribute_exists(pk)";
  r.return_values_on_condition_check_failure =
      ReturnValuesOnConditionCheckFailure::kAllOld;

  WriteResult<UpdateItemResponse> result = db_.UpdateItem(r);

  EXPECT_THAT(result, IsError(ErrorKind::kConditionalCheckFailed,
                              "The conditional request failed"));
  // No item, so none comes back even under ALL_OLD.
  EXPECT_THAT(result.condition_check_item(), IsNull());
  EXPECT_THAT(Get(Key("a", "1")), IsNull());
}

TEST_F(UpdateItemTest, KeyAttributesCannotBeUpdated) {
  EXPECT_THAT(db_.UpdateItem(Update("SET sk = :v", {{":v", N("2")}})),
              IsError(kValidation,
                      "One or more parameter values were invalid: Cannot "
                      "update attribute sk. This attribute is part of the "
                      "key"));
  EXPECT_THAT(Get(Key("a", "1")), IsNull());
}

TEST_F(UpdateItemTest, ErrorsFromTheItemLeaveItUnchanged) {
  const Item stored = {{"pk", S("a")}, {"sk", N("1")}, {"s", S("text")}};
  ASSERT_THAT(db_.PutItem({.table_name = "tab", .item = stored}), IsOk());

  EXPECT_THAT(
      db_.UpdateItem(Update("SET s = s + :one, t = :one", {{":one", N("1")}})),
      IsError(kValidation,
              "An operand in the update expression has an incorrect data "
              "type"));
  EXPECT_THAT(db_.UpdateItem(Update("SET t = nosuch")),
              IsError(kValidation,
                      "The provided expression refers to an attribute that "
                      "does not exist in the item"));
  EXPECT_THAT(Get(Key("a", "1")), Pointee(stored));
}

TEST_F(UpdateItemTest, UpdatedItemOverTheSizeLimitIsRejected) {
  const std::string half(200 * 1024, 'x');
  ASSERT_THAT(db_.UpdateItem(Update("SET a = :v", {{":v", S(half)}})), IsOk());

  EXPECT_THAT(db_.UpdateItem(Update("SET b = :v", {{":v", S(half)}})),
              IsError(kValidation,
                      "Item size to update has exceeded the maximum allowed "
                      "size"));
  ItemPtr stored = Get(Key("a", "1"));
  ASSERT_THAT(stored, NotNull());
  EXPECT_EQ(stored->count("b"), 0u);
}

TEST_F(UpdateItemTest, RequestChecksComeBeforeTheTableLookup) {
  UpdateItemRequest missing_table = Update("SET v = :v", {{":v", S("x")}});
  missing_table.table_name = "nothere";
  EXPECT_THAT(
      db_.UpdateItem(missing_table),
      IsError(ErrorKind::kResourceNotFound, "Requested resource not found"));

  missing_table.expression_attribute_values->emplace(":unused", S("u"));
  EXPECT_THAT(db_.UpdateItem(missing_table),
              IsError(kValidation,
                      "Value provided in ExpressionAttributeValues unused in "
                      "expressions: keys: {:unused}"));

  EXPECT_THAT(db_.UpdateItem(Update("")),
              IsError(kValidation,
                      "Invalid UpdateExpression: The expression can not be "
                      "empty;"));

  UpdateItemRequest no_expression{.table_name = "tab", .key = Key("a", "1")};
  no_expression.expression_attribute_values = {{":v", S("x")}};
  EXPECT_THAT(db_.UpdateItem(no_expression),
              IsError(kValidation,
                      "ExpressionAttributeValues can only be specified when "
                      "using expressions: UpdateExpression and "
                      "ConditionExpression are null"));
}

TEST_F(UpdateItemTest, KeyIsCheckedAgainstTheSchema) {
  UpdateItemRequest r = Update("SET v = :v", {{":v", S("x")}});
  r.key = {{"pk", S("a")}};

  EXPECT_THAT(db_.UpdateItem(r),
              IsError(kValidation,
                      "The provided key element does not match the schema"));
}

}  // namespace
}  // namespace dynamite
