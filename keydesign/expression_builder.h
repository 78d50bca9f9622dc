// Builds the expression parameters of one request (KeyConditionExpression,
// FilterExpression, ConditionExpression, UpdateExpression) together with
// the ExpressionAttributeNames and ExpressionAttributeValues they use, from
// plain descriptions of the conditions and actions.
//
//   dynamite::ExpressionSpec spec{
//       .key_condition = dynamite::KeyConditionSpec{
//           .partition_key = "pk", .partition_value = S("USER#1"),
//           .sort_key = dynamite::BetweenTerm{"sk", S(lower), S(upper)}},
//       .filter = {dynamite::CompareTerm{"status", CompareOp::kEqual,
//                                       S("OPEN")}}};
//   auto built = dynamite::BuildExpressions(spec);  // StatusOr
//   // built->key_condition_expression:
//   //     "pk = :v0 AND sk BETWEEN :v1 AND :v2"
//   // built->filter_expression: "#n0 = :v3"  (STATUS is reserved)
//   // built->names: {"#n0": "status"}
//
// Why: DynamoDB rejects an attribute name in an expression that is a
// reserved word (reference §7.3) or is not [a-zA-Z][a-zA-Z0-9_]* (§7.1),
// every value must be a :placeholder, and every name and value supplied
// must be used (§7.2). So each attribute name that needs it becomes one
// #nN placeholder (the same name always the same one), every value its own
// :vN, and the maps hold exactly what the expressions use. The builder owns
// the whole placeholder namespace of the request, so placeholders never
// collide. Attribute names are top-level names taken literally ("a.b" is
// the attribute named a.b, not a path).
//
// The expressions are checked for what DynamoDB would reject (a key
// condition's <>, BETWEEN bounds out of order, a Query filter on a key
// attribute, an attribute updated twice), so a mistake surfaces here.
//
// Thread safety: pure functions over plain structs.

#ifndef DYNAMITE_KEYDESIGN_EXPRESSION_BUILDER_H_
#define DYNAMITE_KEYDESIGN_EXPRESSION_BUILDER_H_

#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

#include "api/item_requests.h"
#include "store/value.h"

namespace dynamite {

enum class CompareOp {
  kEqual,           // =
  kNotEqual,        // <> (not in a key condition)
  kLess,            // <
  kLessOrEqual,     // <=
  kGreater,         // >
  kGreaterOrEqual,  // >=
};

// `attribute op value`.
struct CompareTerm {
  std::string attribute;
  CompareOp op = CompareOp::kEqual;
  AttributeValue value;
};

// `attribute BETWEEN lower AND upper`, inclusive at both ends.
struct BetweenTerm {
  std::string attribute;
  AttributeValue lower;
  AttributeValue upper;
};

// `begins_with(attribute, prefix)`; prefix is an S or a B.
struct BeginsWithTerm {
  std::string attribute;
  AttributeValue prefix;
};

// `attribute_exists(attribute)` / `attribute_not_exists(attribute)`.
struct ExistsTerm {
  std::string attribute;
};
struct NotExistsTerm {
  std::string attribute;
};

// One term of a FilterExpression or ConditionExpression.
using ConditionTerm = std::variant<CompareTerm, BetweenTerm, BeginsWithTerm,
                                   ExistsTerm, NotExistsTerm>;

// The condition on the sort key in a KeyConditionExpression.
using SortKeyTerm = std::variant<CompareTerm, BetweenTerm, BeginsWithTerm>;

// A Query's key condition: the partition key's value, and optionally one
// condition on the sort key.
struct KeyConditionSpec {
  std::string partition_key;
  AttributeValue partition_value;
  std::optional<SortKeyTerm> sort_key;
  // A multi-attribute GSI key (query/multi_key_condition.h): its other
  // partition-key attributes and the sort-key attributes held equal before
  // `sort_key`'s, each `=`, in key order. Written between the partition
  // key's term and the sort key's.
  std::vector<CompareTerm> equalities;
};

// UpdateExpression actions: SET a = v, REMOVE a, ADD a v, DELETE a v.
struct SetTerm {
  std::string attribute;
  AttributeValue value;
};
struct RemoveTerm {
  std::string attribute;
};
struct AddTerm {
  std::string attribute;
  AttributeValue value;
};
struct DeleteTerm {
  std::string attribute;
  AttributeValue value;
};
using UpdateTerm = std::variant<SetTerm, RemoveTerm, AddTerm, DeleteTerm>;

// What one request's expressions should say. Conditions in `filter` and in
// `condition` are joined with AND.
struct ExpressionSpec {
  std::optional<KeyConditionSpec> key_condition;
  std::vector<ConditionTerm> filter;
  std::vector<ConditionTerm> condition;
  std::vector<UpdateTerm> update;
};

// The built parameters, ready for a QueryRequest, an UpdateItemRequest, ...
// An expression that was not asked for is absent; names and values are
// empty when nothing needs them (DynamoDB rejects an empty map, so leave
// the parameter out then).
struct BuiltExpressions {
  std::optional<std::string> key_condition_expression;
  std::optional<std::string> filter_expression;
  std::optional<std::string> condition_expression;
  std::optional<std::string> update_expression;
  ExpressionAttributeNames names;
  ExpressionAttributeValues values;
};

// True if `attribute` cannot appear bare in an expression: a reserved word,
// or not of the form [a-zA-Z][a-zA-Z0-9_]*.
bool NeedsNamePlaceholder(absl::string_view attribute);

// Builds the expressions of `spec`. Placeholders are numbered in the
// order the expressions are written: key condition, filter, condition,
// update.
// Errors (kInvalidArgument): an empty attribute name; a key condition whose
// sort key condition uses <> or names the partition key, or whose
// equalities are not `=` or name one attribute twice; a BETWEEN whose
// constant bounds differ in type or are out of order; a begins_with prefix
// that is not S or B; a filter on a key attribute of the key condition; an
// attribute updated twice; a spec with nothing to build.
absl::StatusOr<BuiltExpressions> BuildExpressions(const ExpressionSpec& spec);

}  // namespace dynamite

#endif  // DYNAMITE_KEYDESIGN_EXPRESSION_BUILDER_H_
