// The legacy request parameters end to end through Database (query/legacy.h
// translates them): Expected and ConditionalOperator on the writes,
// AttributeUpdates, AttributesToGet, KeyConditions, QueryFilter and
// ScanFilter. Each gives the answer of its expression form; mixing the two
// styles is DynamoDB's ValidationException (reference §7.2). (The
// translation itself: tests/query/legacy_test.cc.)

#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include "api/database.h"
#include "tests/support/database_fixtures.h"
#include "tests/support/status_matchers.h"

namespace dynamite {
namespace {

using ::dynamite::testing::ErrorKindIs;
using ::dynamite::testing::IsError;
using ::dynamite::testing::IsOk;
using ::dynamite::testing::N;
using ::dynamite::testing::S;
using ::dynamite::testing::TableRequest;
using ::testing::ElementsAre;
using ::testing::IsNull;
using ::testing::Pointee;

constexpr ErrorKind kValidation = ErrorKind::kValidation;
constexpr ErrorKind kFailed = ErrorKind::kConditionalCheckFailed;
constexpr char kFailedMessage[] = "The conditional request failed";

std::string Mixed(const std::string& legacy, const std::string& expression) {
  return "Can not use both expression and non-expression parameters in the "
         "same request: Non-expression parameters: {" +
         legacy + "} Expression parameters: {" + expression + "}";
}

LegacyCondition Cond(ComparisonOperator op, std::vector<AttributeValue> v) {
  return LegacyCondition{op, std::move(v)};
}

class LegacyParamsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_THAT(db_.CreateTable(TableRequest("tab", KeyType::kS, {})), IsOk());
    ASSERT_THAT(db_.CreateTable(TableRequest("rng", KeyType::kS, KeyType::kN)),
                IsOk());
    ASSERT_THAT(db_.PutItem({.table_name = "tab", .item = stored_}), IsOk());
    for (int i = 1; i <= 4; ++i) {
      Item item = {{"pk", S("p")},
                   {"sk", N(std::to_string(i))},
                   {"v", N(std::to_string(i * 10))}};
      if (i % 2 == 0) item["even"] = AttributeValue::Bool(true);
      ASSERT_THAT(db_.PutItem({.table_name = "rng", .item = item}), IsOk());
    }
  }

  ItemPtr Get(const std::string& pk) {
    absl::StatusOr<GetItemResponse> got =
        db_.GetItem({.table_name = "tab", .key = {{"pk", S(pk)}}});
    EXPECT_THAT(got, IsOk());
    return got.ok() ? got->item : nullptr;
  }

  // The sort keys of a page's items.
  static std::vector<std::string> SortKeys(const ItemPage& page) {
    std::vector<std::string> keys;
    for (const ItemPtr& item : page.items) {
      keys.push_back(item->at("sk").n().ToString());
    }
    return keys;
  }

  QueryRequest QueryP() {
    QueryRequest q;
    q.table_name = "rng";
    q.key_conditions =
        LegacyConditions{{"pk", Cond(ComparisonOperator::kEq, {S("p")})}};
    return q;
  }

  const Item stored_ = {{"pk", S("a")}, {"v", N("1")}, {"s", S("x")}};
  Database db_;
};

// ----------------------------------------------------------------- Expected

TEST_F(LegacyParamsTest, ExpectedOnPutItem) {
  PutItemRequest put;
  put.table_name = "tab";
  put.item = {{"pk", S("a")}, {"v", N("2")}};
  put.expected = ExpectedAttributeValues{{"pk", {.exists = false}}};
  EXPECT_THAT(db_.PutItem(put), IsError(kFailed, kFailedMessage));
  EXPECT_THAT(Get("a"), Pointee(stored_));

  put.expected = ExpectedAttributeValues{{"v", {.value = N("1")}}};
  EXPECT_THAT(db_.PutItem(put), IsOk());
  EXPECT_THAT(Get("a"), Pointee(put.item));
}

TEST_F(LegacyParamsTest, ExpectedMatchesTheConditionExpression) {
  // v = 1 OR s = "nope", as Expected with ConditionalOperator OR and as an
  // expression: both succeed; with AND both fail.
  for (ConditionalOperator op :
       {ConditionalOperator::kOr, ConditionalOperator::kAnd}) {
    DeleteItemRequest legacy;
    legacy.table_name = "tab";
    legacy.key = {{"pk", S("a")}};
    legacy.expected = ExpectedAttributeValues{
        {"v", {.value = N("1")}},
        {"s",
         {.op = ComparisonOperator::kEq,
          .values = std::vector<AttributeValue>{S("nope")}}}};
    legacy.conditional_operator = op;
    DeleteItemRequest expression;
    expression.table_name = "tab";
    expression.key = {{"pk", S("a")}};
    expression.condition_expression = op == ConditionalOperator::kOr
                                          ? "v = :v OR s = :s"
                                          : "v = :v AND s = :s";
    expression.expression_attribute_values =
        ExpressionAttributeValues{{":v", N("1")}, {":s", S("nope")}};
    if (op == ConditionalOperator::kOr) {
      EXPECT_THAT(db_.DeleteItem(expression), IsOk());
      ASSERT_THAT(db_.PutItem({.table_name = "tab", .item = stored_}), IsOk());
      EXPECT_THAT(db_.DeleteItem(legacy), IsOk());
      EXPECT_THAT(Get("a"), IsNull());
      ASSERT_THAT(db_.PutItem({.table_name = "tab", .item = stored_}), IsOk());
    } else {
      EXPECT_THAT(db_.DeleteItem(expression), IsError(kFailed, kFailedMessage));
      EXPECT_THAT(db_.DeleteItem(legacy), IsError(kFailed, kFailedMessage));
      EXPECT_THAT(Get("a"), Pointee(stored_));
    }
  }
}

TEST_F(LegacyParamsTest, ExpectedFailureReturnsTheItemUnderAllOld) {
  UpdateItemRequest update;
  update.table_name = "tab";
  update.key = {{"pk", S("a")}};
  update.return_values_on_condition_check_failure =
      ReturnValuesOnConditionCheckFailure::kAllOld;
  update.expected = ExpectedAttributeValues{
      {"v",
       {.op = ComparisonOperator::kGt,
        .values = std::vector<AttributeValue>{N("5")}}}};
  WriteResult<UpdateItemResponse> result = db_.UpdateItem(update);
  EXPECT_THAT(result.status(), IsError(kFailed, kFailedMessage));
  EXPECT_THAT(result.condition_check_item(), Pointee(stored_));
}

TEST_F(LegacyParamsTest, ExpectedErrors) {
  PutItemRequest put;
  put.table_name = "tab";
  put.item = {{"pk", S("a")}};
  put.expected = ExpectedAttributeValues{{"v", {.exists = true}}};
  EXPECT_THAT(db_.PutItem(put),
              IsError(kValidation,
                      "One or more parameter values were invalid: Value must "
                      "be provided when Exists is true for Attribute: v"));
  // Checked before the table lookup.
  put.table_name = "missing";
  EXPECT_THAT(db_.PutItem(put), ErrorKindIs(kValidation));
}

// ------------------------------------------------------ ConditionalOperator

TEST_F(LegacyParamsTest, ConditionalOperatorErrors) {
  PutItemRequest put;
  put.table_name = "tab";
  put.item = {{"pk", S("a")}};
  put.conditional_operator = ConditionalOperator::kAnd;
  EXPECT_THAT(db_.PutItem(put),
              IsError(kValidation,
                      "ConditionalOperator cannot be used without Filter or "
                      "Expected"));
  put.expected = ExpectedAttributeValues{{"v", {.value = N("1")}}};
  EXPECT_THAT(db_.PutItem(put),
              IsError(kValidation,
                      "ConditionalOperator can only be used when Filter or "
                      "Expected has two or more elements"));

  ScanRequest scan;
  scan.table_name = "tab";
  scan.conditional_operator = ConditionalOperator::kOr;
  EXPECT_THAT(db_.Scan(scan),
              IsError(kValidation,
                      "ConditionalOperator cannot be used without Filter or "
                      "Expected"));
  // With a ConditionExpression it is a mixing error.
  put.expected.reset();
  put.condition_expression = "attribute_exists(pk)";
  EXPECT_THAT(db_.PutItem(put),
              IsError(kValidation,
                      Mixed("ConditionalOperator", "ConditionExpression")));
}

// --------------------------------------------------------- AttributeUpdates

TEST_F(LegacyParamsTest, AttributeUpdates) {
  UpdateItemRequest update;
  update.table_name = "tab";
  update.key = {{"pk", S("a")}};
  update.return_values = ReturnValue::kAllNew;
  update.attribute_updates = AttributeValueUpdates{
      {"v", {.action = AttributeAction::kAdd, .value = N("4")}},
      {"s", {.action = AttributeAction::kDelete}},
      {"t", {.action = AttributeAction::kPut, .value = S("new")}},
      {"l",
       {.action = AttributeAction::kAdd, .value = AttributeValue::L({N("1")})}},
  };
  WriteResult<UpdateItemResponse> result = db_.UpdateItem(update);
  ASSERT_THAT(result, IsOk());
  const Item expected = {{"pk", S("a")},
                         {"v", N("5")},
                         {"t", S("new")},
                         {"l", AttributeValue::L({N("1")})}};
  EXPECT_THAT(result->attributes, Pointee(expected));
  EXPECT_THAT(Get("a"), Pointee(expected));
}

TEST_F(LegacyParamsTest, AttributeUpdatesMatchTheUpdateExpression) {
  UpdateItemRequest legacy;
  legacy.table_name = "tab";
  legacy.key = {{"pk", S("b")}};
  legacy.attribute_updates = AttributeValueUpdates{
      {"n", {.action = AttributeAction::kAdd, .value = N("3")}},
      {"w", {.action = AttributeAction::kPut, .value = S("x")}}};
  ASSERT_THAT(db_.UpdateItem(legacy), IsOk());
  UpdateItemRequest expression;
  expression.table_name = "tab";
  expression.key = {{"pk", S("c")}};
  expression.update_expression = "ADD n :n SET w = :w";
  expression.expression_attribute_values =
      ExpressionAttributeValues{{":n", N("3")}, {":w", S("x")}};
  ASSERT_THAT(db_.UpdateItem(expression), IsOk());
  ItemPtr b = Get("b");
  ItemPtr c = Get("c");
  ASSERT_NE(b, nullptr);
  ASSERT_NE(c, nullptr);
  Item b_rest = *b;
  Item c_rest = *c;
  b_rest.erase("pk");
  c_rest.erase("pk");
  EXPECT_EQ(b_rest, c_rest);
}

TEST_F(LegacyParamsTest, AttributeUpdatesErrors) {
  UpdateItemRequest update;
  update.table_name = "tab";
  update.key = {{"pk", S("a")}};
  update.attribute_updates =
      AttributeValueUpdates{{"v", {.action = AttributeAction::kAdd}}};
  EXPECT_THAT(db_.UpdateItem(update),
              IsError(kValidation,
                      "One or more parameter values were invalid: Only DELETE "
                      "action is allowed when no attribute value is "
                      "specified"));
  update.attribute_updates = AttributeValueUpdates{
      {"s", {.action = AttributeAction::kAdd, .value = N("1")}}};
  EXPECT_THAT(db_.UpdateItem(update),
              IsError(kValidation, "Type mismatch for attribute to update"));
  update.attribute_updates = AttributeValueUpdates{
      {"pk", {.action = AttributeAction::kPut, .value = S("z")}}};
  EXPECT_THAT(db_.UpdateItem(update),
              IsError(kValidation,
                      "One or more parameter values were invalid: Cannot "
                      "update attribute pk. This attribute is part of the "
                      "key"));
  EXPECT_THAT(Get("a"), Pointee(stored_));
}

TEST_F(LegacyParamsTest, AttributeUpdatesWithExpected) {
  UpdateItemRequest update;
  update.table_name = "tab";
  update.key = {{"pk", S("a")}};
  update.attribute_updates = AttributeValueUpdates{
      {"v", {.action = AttributeAction::kPut, .value = N("9")}}};
  update.expected = ExpectedAttributeValues{{"v", {.value = N("2")}}};
  EXPECT_THAT(db_.UpdateItem(update), IsError(kFailed, kFailedMessage));
  update.expected = ExpectedAttributeValues{{"v", {.value = N("1")}}};
  EXPECT_THAT(db_.UpdateItem(update), IsOk());
  EXPECT_THAT(Get("a"),
              Pointee(Item{{"pk", S("a")}, {"v", N("9")}, {"s", S("x")}}));
}

// ---------------------------------------------------------- AttributesToGet

TEST_F(LegacyParamsTest, AttributesToGetOnGetItem) {
  GetItemRequest get;
  get.table_name = "tab";
  get.key = {{"pk", S("a")}};
  get.attributes_to_get = std::vector<std::string>{"v", "missing"};
  absl::StatusOr<GetItemResponse> got = db_.GetItem(get);
  ASSERT_THAT(got, IsOk());
  EXPECT_THAT(got->item, Pointee(Item{{"v", N("1")}}));

  get.attributes_to_get = std::vector<std::string>{"v", "v"};
  EXPECT_THAT(db_.GetItem(get),
              IsError(kValidation,
                      "One or more parameter values were invalid: Duplicate "
                      "value in attribute name: v"));
  get.attributes_to_get = std::vector<std::string>{};
  EXPECT_THAT(db_.GetItem(get),
              IsError(kValidation,
                      "1 validation error detected: Value '[]' at "
                      "'attributesToGet' failed to satisfy constraint: Member "
                      "must have length greater than or equal to 1"));
}

TEST_F(LegacyParamsTest, AttributesToGetWithSelect) {
  ScanRequest scan;
  scan.table_name = "rng";
  scan.attributes_to_get = std::vector<std::string>{"sk"};
  scan.select = Select::kSpecificAttributes;
  absl::StatusOr<ScanResponse> page = db_.Scan(scan);
  ASSERT_THAT(page, IsOk());
  ASSERT_EQ(page->items.size(), 4u);
  EXPECT_EQ(page->items[0]->size(), 1u);

  scan.select = Select::kCount;
  EXPECT_THAT(db_.Scan(scan),
              IsError(kValidation,
                      "Cannot specify the AttributesToGet when choosing to get "
                      "only the Count"));
  QueryRequest query = QueryP();
  query.attributes_to_get = std::vector<std::string>{"sk"};
  query.select = Select::kAllAttributes;
  EXPECT_THAT(db_.Query(query),
              IsError(kValidation,
                      "1 validation error detected: Cannot specify the "
                      "AttributesToGet when choosing to get ALL_ATTRIBUTES"));
  query.select = Select::kSpecificAttributes;
  absl::StatusOr<QueryResponse> result = db_.Query(query);
  ASSERT_THAT(result, IsOk());
  EXPECT_THAT(SortKeys(*result), ElementsAre("1", "2", "3", "4"));
  EXPECT_EQ(result->items[0]->size(), 1u);
}

TEST_F(LegacyParamsTest, EmptyAttributesToGetJoinsTheConstraintErrors) {
  QueryRequest query = QueryP();
  query.attributes_to_get = std::vector<std::string>{};
  query.limit = 0;
  EXPECT_THAT(db_.Query(query),
              IsError(kValidation,
                      "2 validation errors detected: Value '[]' at "
                      "'attributesToGet' failed to satisfy constraint: Member "
                      "must have length greater than or equal to 1; Value '0' "
                      "at 'limit' failed to satisfy constraint: Member must "
                      "have value greater than or equal to 1"));
}

// ------------------------------------------------------------ KeyConditions

TEST_F(LegacyParamsTest, KeyConditionsMatchTheKeyConditionExpression) {
  QueryRequest legacy = QueryP();
  (*legacy.key_conditions)["sk"] =
      Cond(ComparisonOperator::kBetween, {N("2"), N("3")});
  legacy.scan_index_forward = false;
  QueryRequest expression;
  expression.table_name = "rng";
  expression.key_condition_expression = "pk = :p AND sk BETWEEN :a AND :b";
  expression.expression_attribute_values =
      ExpressionAttributeValues{{":p", S("p")}, {":a", N("2")}, {":b", N("3")}};
  expression.scan_index_forward = false;
  absl::StatusOr<QueryResponse> a = db_.Query(legacy);
  absl::StatusOr<QueryResponse> b = db_.Query(expression);
  ASSERT_THAT(a, IsOk());
  ASSERT_THAT(b, IsOk());
  EXPECT_THAT(SortKeys(*a), ElementsAre("3", "2"));
  EXPECT_EQ(SortKeys(*a), SortKeys(*b));
}

TEST_F(LegacyParamsTest, KeyConditionsWithExpressionParameters) {
  // KeyConditions may go with a FilterExpression / ProjectionExpression.
  QueryRequest query = QueryP();
  query.filter_expression = "v > :v";
  query.projection_expression = "sk";
  query.expression_attribute_values =
      ExpressionAttributeValues{{":v", N("20")}};
  absl::StatusOr<QueryResponse> page = db_.Query(query);
  ASSERT_THAT(page, IsOk());
  EXPECT_THAT(SortKeys(*page), ElementsAre("3", "4"));
  EXPECT_EQ(page->scanned_count, 4);

  // Not with a KeyConditionExpression.
  query.key_condition_expression = "pk = :p";
  EXPECT_THAT(
      db_.Query(query),
      IsError(kValidation, Mixed("KeyConditions",
                                 "ProjectionExpression, FilterExpression, "
                                 "KeyConditionExpression")));
}

TEST_F(LegacyParamsTest, KeyConditionsErrors) {
  QueryRequest query = QueryP();
  (*query.key_conditions)["sk"] = Cond(ComparisonOperator::kNe, {N("1")});
  EXPECT_THAT(db_.Query(query),
              IsError(kValidation,
                      "Attempted conditional constraint is not an indexable "
                      "operation"));
  (*query.key_conditions)["sk"] = Cond(ComparisonOperator::kEq, {});
  // Checked before the table lookup.
  query.table_name = "missing";
  EXPECT_THAT(db_.Query(query),
              IsError(kValidation,
                      "One or more parameter values were invalid: Invalid "
                      "number of argument(s) for the EQ ComparisonOperator"));
  query.table_name = "rng";
  query.key_conditions =
      LegacyConditions{{"sk", Cond(ComparisonOperator::kEq, {N("1")})}};
  EXPECT_THAT(
      db_.Query(query),
      IsError(kValidation, "Query condition missed key schema element: pk"));
  QueryRequest none;
  none.table_name = "rng";
  EXPECT_THAT(db_.Query(none),
              IsError(kValidation,
                      "Either the KeyConditions or KeyConditionExpression "
                      "parameter must be specified in the request."));
}

// ----------------------------------------------------- QueryFilter, ScanFilter

TEST_F(LegacyParamsTest, QueryFilter) {
  QueryRequest query = QueryP();
  query.query_filter =
      LegacyConditions{{"even", Cond(ComparisonOperator::kNotNull, {})},
                       {"v", Cond(ComparisonOperator::kLt, {N("40")})}};
  absl::StatusOr<QueryResponse> page = db_.Query(query);
  ASSERT_THAT(page, IsOk());
  EXPECT_THAT(SortKeys(*page), ElementsAre("2"));
  EXPECT_EQ(page->scanned_count, 4);

  query.conditional_operator = ConditionalOperator::kOr;
  page = db_.Query(query);
  ASSERT_THAT(page, IsOk());
  EXPECT_THAT(SortKeys(*page), ElementsAre("1", "2", "3", "4"));
}

TEST_F(LegacyParamsTest, QueryFilterRejectsKeyAttributes) {
  QueryRequest query = QueryP();
  query.query_filter =
      LegacyConditions{{"v", Cond(ComparisonOperator::kNotNull, {})},
                       {"sk", Cond(ComparisonOperator::kGt, {N("1")})}};
  query.conditional_operator = ConditionalOperator::kAnd;
  EXPECT_THAT(db_.Query(query),
              IsError(kValidation,
                      "QueryFilter can only contain non-primary key "
                      "attributes: Primary key attribute: sk"));
}

TEST_F(LegacyParamsTest, ScanFilterMatchesTheFilterExpression) {
  ScanRequest legacy;
  legacy.table_name = "rng";
  legacy.scan_filter =
      LegacyConditions{{"sk", Cond(ComparisonOperator::kIn, {N("1"), N("4")})},
                       {"v", Cond(ComparisonOperator::kGe, {N("20")})}};
  ScanRequest expression;
  expression.table_name = "rng";
  expression.filter_expression = "sk IN (:a, :b) AND v >= :v";
  expression.expression_attribute_values = ExpressionAttributeValues{
      {":a", N("1")}, {":b", N("4")}, {":v", N("20")}};
  absl::StatusOr<ScanResponse> a = db_.Scan(legacy);
  absl::StatusOr<ScanResponse> b = db_.Scan(expression);
  ASSERT_THAT(a, IsOk());
  ASSERT_THAT(b, IsOk());
  EXPECT_THAT(SortKeys(*a), ElementsAre("4"));
  EXPECT_EQ(SortKeys(*a), SortKeys(*b));
  EXPECT_EQ(a->scanned_count, b->scanned_count);
}

TEST_F(LegacyParamsTest, FilterErrors) {
  ScanRequest scan;
  scan.table_name = "rng";
  scan.scan_filter =
      LegacyConditions{{"v", Cond(ComparisonOperator::kBeginsWith, {N("1")})}};
  EXPECT_THAT(db_.Scan(scan),
              IsError(kValidation,
                      "One or more parameter values were invalid: "
                      "ComparisonOperator BEGINS_WITH is not valid for N "
                      "AttributeValue type"));
}

// ------------------------------------------------------------------ Mixing

TEST_F(LegacyParamsTest, MixingIsRejected) {
  GetItemRequest get;
  get.table_name = "tab";
  get.key = {{"pk", S("a")}};
  get.attributes_to_get = std::vector<std::string>{"v"};
  get.projection_expression = "v";
  EXPECT_THAT(
      db_.GetItem(get),
      IsError(kValidation, Mixed("AttributesToGet", "ProjectionExpression")));

  PutItemRequest put;
  put.table_name = "tab";
  put.item = {{"pk", S("a")}};
  put.expected = ExpectedAttributeValues{{"pk", {.exists = false}}};
  put.condition_expression = "attribute_not_exists(pk)";
  EXPECT_THAT(db_.PutItem(put),
              IsError(kValidation, Mixed("Expected", "ConditionExpression")));

  UpdateItemRequest update;
  update.table_name = "tab";
  update.key = {{"pk", S("a")}};
  update.attribute_updates = AttributeValueUpdates{
      {"v", {.action = AttributeAction::kPut, .value = N("2")}}};
  update.expected = ExpectedAttributeValues{{"v", {.value = N("1")}}};
  update.update_expression = "SET v = :v";
  update.expression_attribute_values =
      ExpressionAttributeValues{{":v", N("2")}};
  EXPECT_THAT(db_.UpdateItem(update),
              IsError(kValidation,
                      Mixed("AttributeUpdates, Expected", "UpdateExpression")));
  update.update_expression.reset();
  update.condition_expression = "v = :v";
  EXPECT_THAT(db_.UpdateItem(update),
              IsError(kValidation, Mixed("AttributeUpdates, Expected",
                                         "ConditionExpression")));

  // Dynalite test/query.js, recorded against DynamoDB.
  QueryRequest query = QueryP();
  query.attributes_to_get = std::vector<std::string>{"a", "a"};
  query.query_filter =
      LegacyConditions{{"a", Cond(ComparisonOperator::kEq, {S("x")})}};
  query.conditional_operator = ConditionalOperator::kOr;
  query.projection_expression = "a";
  query.filter_expression = "a = :a";
  EXPECT_THAT(db_.Query(query),
              IsError(kValidation,
                      Mixed("AttributesToGet, QueryFilter, ConditionalOperator",
                            "ProjectionExpression, FilterExpression")));

  ScanRequest scan;
  scan.table_name = "tab";
  scan.scan_filter =
      LegacyConditions{{"a", Cond(ComparisonOperator::kEq, {S("x")})}};
  scan.projection_expression = "a";
  EXPECT_THAT(
      db_.Scan(scan),
      IsError(kValidation, Mixed("ScanFilter", "ProjectionExpression")));
}

TEST_F(LegacyParamsTest, ExpressionAttributesNeedAnExpression) {
  ScanRequest scan;
  scan.table_name = "tab";
  scan.scan_filter =
      LegacyConditions{{"a", Cond(ComparisonOperator::kEq, {S("x")})}};
  scan.expression_attribute_names = ExpressionAttributeNames{{"#a", "a"}};
  EXPECT_THAT(db_.Scan(scan),
              IsError(kValidation,
                      "ExpressionAttributeNames can only be specified when "
                      "using expressions"));
}

}  // namespace
}  // namespace dynamite
