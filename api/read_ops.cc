// The reads of Database: Query. The request is validated whole (parameters,
// expression attribute maps, the key condition, filter and projection,
// unused placeholders, the table, the filter's key attributes,
// ExclusiveStartKey) before the table is read; the key condition is planned
// into one key range of one partition (query/), the filter runs inside the
// visit and the projection on the page's surviving items.

#include <memory>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "absl/strings/str_cat.h"

#include "api/constraint.h"
#include "api/database.h"
#include "api/expression_attributes.h"
#include "api/read_shared.h"
#include "api/start_key.h"
#include "common/errors.h"
#include "common/status_macros.h"
#include "query/key_condition.h"
#include "query/key_range.h"
#include "query/parser.h"
#include "query/placeholders.h"
#include "query/projection.h"
#include "query/query.h"
#include "store/key_codec.h"

namespace dynamite {
namespace {

absl::Status ValidateQueryParameters(const QueryRequest& request) {
  DYNAMITE_RETURN_IF_ERROR(
      ValidateTableName(request.table_name, TableNameUse::kItemOperation));
  if (request.limit.has_value() && *request.limit < 1) {
    return ConstraintError({ConstraintViolation(
        absl::StrCat(*request.limit), "limit",
        "Member must have value greater than or equal to 1")});
  }
  DYNAMITE_RETURN_IF_ERROR(
      ValidateSelect(request.select, request.projection_expression.has_value(),
                     "1 validation error detected: "));
  if (!request.key_condition_expression.has_value()) {
    return ValidationError(
        "Either the KeyConditions or KeyConditionExpression parameter must be "
        "specified in the request.");
  }
  return ValidateExpressionAttributes(request.expression_attribute_names,
                                      request.expression_attribute_values,
                                      /*has_expression=*/true);
}

// Validates ExclusiveStartKey against the schema and the key condition, and
// returns its encoded sort key.
absl::StatusOr<std::string> ResolveExclusiveStart(
    const KeySchema& schema, const Item& start_key,
    const std::string& partition_key, const SortKeyRange& range) {
  DYNAMITE_ASSIGN_OR_RETURN(EncodedKey key,
                            EncodeExclusiveStartKey(schema, start_key));
  if (key.partition != partition_key) {
    return ValidationError(
        "The provided starting key is outside query boundaries based on "
        "provided conditions");
  }
  if (!range.Contains(key.sort)) {
    return ValidationError(
        "The provided starting key does not match the range key predicate");
  }
  return key.sort;
}

// Returns the first top-level attribute (in text order) of `condition` that
// is one of the table's key attributes, or nullptr.
const std::string* FindKeyAttribute(const Condition& condition,
                                    const KeySchema& schema);

const std::string* FindKeyAttribute(const Operand& operand,
                                    const KeySchema& schema) {
  if (const DocumentPath* path = operand.path()) {
    return schema.is_key_attribute(path->attribute()) ? &path->attribute()
                                                      : nullptr;
  }
  if (const FunctionCall* call = operand.call()) {
    for (const Operand& arg : call->args) {
      if (const std::string* found = FindKeyAttribute(arg, schema)) {
        return found;
      }
    }
  }
  return nullptr;
}

const std::string* FindKeyAttribute(const Condition& condition,
                                    const KeySchema& schema) {
  // Only AND/OR/NOT recurse, to the depth the parser allowed.
  return std::visit(
      [&](const auto& node) -> const std::string* {
        using T = std::decay_t<decltype(node)>;
        const std::string* found = nullptr;
        auto check = [&](const Operand& operand) {
          if (found == nullptr) found = FindKeyAttribute(operand, schema);
        };
        if constexpr (std::is_same_v<T, Comparison>) {
          check(node.lhs);
          check(node.rhs);
        } else if constexpr (std::is_same_v<T, Between>) {
          check(node.subject);
          check(node.lower);
          check(node.upper);
        } else if constexpr (std::is_same_v<T, InList>) {
          check(node.subject);
          for (const Operand& candidate : node.candidates) check(candidate);
        } else if constexpr (std::is_same_v<T, FunctionCall>) {
          for (const Operand& arg : node.args) check(arg);
        } else {
          for (const Condition& operand : node.operands) {
            if (found == nullptr) found = FindKeyAttribute(operand, schema);
          }
        }
        return found;
      },
      condition.rep);
}

}  // namespace

absl::StatusOr<QueryResponse> Database::Query(const QueryRequest& request) {
  DYNAMITE_RETURN_IF_ERROR(ValidateQueryParameters(request));
  Placeholders placeholders = MakePlaceholders(
      request.expression_attribute_names, request.expression_attribute_values);
  // DynamoDB checks the expressions and their placeholders before it looks
  // the table up, and the key schema only after that: parse (key condition,
  // filter, projection, sharing one Placeholders), check unused
  // placeholders, find the table, then bind the condition to its keys.
  DYNAMITE_ASSIGN_OR_RETURN(
      std::vector<KeyConditionTerm> terms,
      ParseKeyCondition(*request.key_condition_expression, placeholders));
  DYNAMITE_ASSIGN_OR_RETURN(
      ReadExpressions expressions,
      ParseReadExpressions(request.filter_expression,
                           request.projection_expression, placeholders));
  DYNAMITE_RETURN_IF_ERROR(placeholders.CheckAllUsed());
  DYNAMITE_ASSIGN_OR_RETURN(std::shared_ptr<Table> table,
                            catalog_.Find(request.table_name, kTableNotFound));
  const KeySchema& schema = table->schema();
  DYNAMITE_ASSIGN_OR_RETURN(KeyCondition condition,
                            BindKeyCondition(terms, schema));
  const std::optional<Condition>& filter = expressions.filter;
  if (filter.has_value()) {
    if (const std::string* key = FindKeyAttribute(*filter, schema)) {
      return ValidationError(absl::StrCat(
          "Filter Expression can only contain non-primary key attributes: "
          "Primary key attribute: ",
          *key));
    }
  }

  QueryPlan plan;
  plan.partition_key = EncodeKeyValue(condition.partition_value);
  plan.range = PlanKeyRange(condition.sort);
  plan.direction =
      request.scan_index_forward ? Direction::kForward : Direction::kBackward;
  plan.limit = request.limit.value_or(0);
  plan.filter = filter.has_value() ? &*filter : nullptr;
  if (request.exclusive_start_key.has_value()) {
    DYNAMITE_ASSIGN_OR_RETURN(
        plan.exclusive_start,
        ResolveExclusiveStart(schema, *request.exclusive_start_key,
                              plan.partition_key, plan.range));
  }

  ReadPage page =
      ExecuteQuery(*table, plan,
                   request.select == Select::kCount ? PageContents::kCountOnly
                                                    : PageContents::kItems);
  return MakeItemPage(std::move(page), request.select,
                      request.projection_expression, expressions.projection,
                      schema);
}

}  // namespace dynamite
