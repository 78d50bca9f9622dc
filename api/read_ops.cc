// The reads of Database: Query. The request is validated whole (parameters,
// expression attribute maps, the table, the key condition, unused
// placeholders, ExclusiveStartKey) before the table is read; the key
// condition is planned into one key range of one partition (query/).

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"

#include "api/constraint.h"
#include "api/database.h"
#include "common/errors.h"
#include "common/status_macros.h"
#include "query/key_condition.h"
#include "query/key_range.h"
#include "query/placeholders.h"
#include "query/query.h"
#include "store/key_codec.h"

namespace dynamite {
namespace {

constexpr absl::string_view kTableNotFound = "Requested resource not found";
constexpr absl::string_view kInvalidStartKey =
    "The provided starting key is invalid: The provided key element does not "
    "match the schema";

absl::Status ValidateQueryParameters(const QueryRequest& request) {
  DYNAMITE_RETURN_IF_ERROR(
      ValidateTableName(request.table_name, TableNameUse::kItemOperation));
  if (request.limit.has_value() && *request.limit < 1) {
    return ConstraintError({ConstraintViolation(
        absl::StrCat(*request.limit), "limit",
        "Member must have value greater than or equal to 1")});
  }
  if (request.select == Select::kSpecificAttributes) {
    return ValidationError(
        "1 validation error detected: Must specify the AttributesToGet or "
        "ProjectionExpression when choosing to get SPECIFIC_ATTRIBUTES");
  }
  if (request.select == Select::kAllProjectedAttributes) {
    return ValidationError(
        "1 validation error detected: ALL_PROJECTED_ATTRIBUTES can be used "
        "only when Querying using an IndexName");
  }
  if (!request.key_condition_expression.has_value()) {
    return ValidationError(
        "Either the KeyConditions or KeyConditionExpression parameter must be "
        "specified in the request.");
  }
  if (request.expression_attribute_names.has_value() &&
      request.expression_attribute_names->empty()) {
    return ValidationError("ExpressionAttributeNames must not be empty");
  }
  if (request.expression_attribute_values.has_value()) {
    if (request.expression_attribute_values->empty()) {
      return ValidationError("ExpressionAttributeValues must not be empty");
    }
    for (const auto& [name, value] : *request.expression_attribute_values) {
      if (absl::Status s = ValidateAttributeValue(value); !s.ok()) {
        return ValidationError(absl::StrCat(
            "ExpressionAttributeValues contains invalid value: ", s.message(),
            " for key ", name));
      }
    }
  }
  return absl::OkStatus();
}

// Validates ExclusiveStartKey against the schema and the key condition, and
// returns its encoded sort key.
absl::StatusOr<std::string> ResolveExclusiveStart(
    const KeySchema& schema, const Item& start_key,
    const std::string& partition_key, const SortKeyRange& range) {
  absl::StatusOr<EncodedKey> key = ExtractKey(schema, start_key);
  if (!key.ok()) {
    if (key.status().message() ==
        "The provided key element does not match the schema") {
      return ValidationError(kInvalidStartKey);
    }
    return ValidationError(absl::StrCat(
        "The provided starting key is invalid: ", key.status().message()));
  }
  if (key->partition != partition_key) {
    return ValidationError(
        "The provided starting key is outside query boundaries based on "
        "provided conditions");
  }
  if (!range.Contains(key->sort)) {
    return ValidationError(
        "The provided starting key does not match the range key predicate");
  }
  return key->sort;
}

}  // namespace

absl::StatusOr<QueryResponse> Database::Query(const QueryRequest& request) {
  DYNAMITE_RETURN_IF_ERROR(ValidateQueryParameters(request));
  Placeholders placeholders(request.expression_attribute_names
                                ? &*request.expression_attribute_names
                                : nullptr,
                            request.expression_attribute_values
                                ? &*request.expression_attribute_values
                                : nullptr);
  // DynamoDB checks the expressions and their placeholders before it looks
  // the table up, and the key schema only after that: parse, check unused
  // placeholders, find the table, then bind the condition to its keys.
  DYNAMITE_ASSIGN_OR_RETURN(
      std::vector<KeyConditionTerm> terms,
      ParseKeyCondition(*request.key_condition_expression, placeholders));
  DYNAMITE_RETURN_IF_ERROR(placeholders.CheckAllUsed());
  DYNAMITE_ASSIGN_OR_RETURN(std::shared_ptr<Table> table,
                            catalog_.Find(request.table_name, kTableNotFound));
  const KeySchema& schema = table->schema();
  DYNAMITE_ASSIGN_OR_RETURN(KeyCondition condition,
                            BindKeyCondition(terms, schema));

  QueryPlan plan;
  plan.partition_key = EncodeKeyValue(condition.partition_value);
  plan.range = PlanKeyRange(condition.sort);
  plan.direction =
      request.scan_index_forward ? Direction::kForward : Direction::kBackward;
  plan.limit = request.limit.value_or(0);
  if (request.exclusive_start_key.has_value()) {
    DYNAMITE_ASSIGN_OR_RETURN(
        plan.exclusive_start,
        ResolveExclusiveStart(schema, *request.exclusive_start_key,
                              plan.partition_key, plan.range));
  }

  const bool count_only = request.select == Select::kCount;
  QueryPage page = ExecuteQuery(
      *table, plan,
      count_only ? PageContents::kCountOnly : PageContents::kItems);

  QueryResponse response;
  response.has_items = !count_only;
  response.scanned_count = page.scanned_count;
  response.count = page.scanned_count;  // no FilterExpression yet
  response.items = std::move(page.items);
  if (page.last_evaluated != nullptr) {
    response.last_evaluated_key = KeyOf(schema, *page.last_evaluated);
  }
  return response;
}

}  // namespace dynamite
