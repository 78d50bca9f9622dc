// DynamoDB's legacy (pre-expression) request parameters translated onto the
// syntax trees of query/ast.h: KeyConditions, QueryFilter / ScanFilter,
// Expected, ConditionalOperator, AttributeUpdates and AttributesToGet
// (reference §5.1-§5.4, §7.2, §7.5-§7.8; AWS docs: Legacy conditional
// parameters).
//
// A translated tree is one the expression parser could have built, so
// EvaluateCondition(), ApplyUpdate(), ProjectItem() and BindKeyCondition()
// handle it unchanged. Every attribute named in a legacy parameter is one
// top-level path element, whatever its text: "a.b" is the attribute "a.b",
// never a path (alternator test_nested.py::test_attribute_updates_dot).
// The values are the translation's own: a translated tree comes bound to
// them (query/bound.h), slot i with the synthetic placeholder ":v<i>", in
// translation order.
//
// Each function validates its whole parameter before translating it and
// reports the first error in the order DynamoDB checks, with DynamoDB's
// message (the sources are cited next to each message in legacy.cc).
// Attributes are visited in the order of the std::map, that is by name.
//
// Thread safety: plain data and pure functions.

#ifndef DYNAMITE_QUERY_LEGACY_H_
#define DYNAMITE_QUERY_LEGACY_H_

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

#include "query/ast.h"
#include "query/bound.h"
#include "query/key_condition.h"
#include "query/update.h"
#include "store/item.h"
#include "store/key.h"
#include "store/value.h"

namespace dynamite {

// A legacy ComparisonOperator (AWS API reference: Condition).
enum class ComparisonOperator {
  kEq,
  kNe,
  kLe,
  kLt,
  kGe,
  kGt,
  kNotNull,
  kNull,
  kContains,
  kNotContains,
  kBeginsWith,
  kIn,
  kBetween,
};

// The operator named `name` ("EQ", "NOT_NULL", ...; case-sensitive, as in
// DynamoDB), or std::nullopt.
std::optional<ComparisonOperator> ParseComparisonOperator(
    absl::string_view name);

// "EQ", "NOT_NULL", ...
absl::string_view ComparisonOperatorName(ComparisonOperator op);

// One entry of KeyConditions, QueryFilter or ScanFilter: ComparisonOperator
// and AttributeValueList (absent and empty mean the same here).
struct LegacyCondition {
  ComparisonOperator op = ComparisonOperator::kEq;
  std::vector<AttributeValue> values;
};

// Attribute name -> condition.
using LegacyConditions = std::map<std::string, LegacyCondition>;

// One entry of Expected. Each member is set iff the request has the field:
// DynamoDB tells an absent AttributeValueList from an empty one, and an
// absent Exists from Exists: true.
struct ExpectedAttributeValue {
  std::optional<AttributeValue> value;
  std::optional<bool> exists;
  std::optional<ComparisonOperator> op;
  std::optional<std::vector<AttributeValue>> values;
};

using ExpectedAttributeValues = std::map<std::string, ExpectedAttributeValue>;

// How the conditions of one QueryFilter, ScanFilter or Expected combine.
enum class ConditionalOperator { kAnd, kOr };

// "AND" or "OR" (case-sensitive), or std::nullopt.
std::optional<ConditionalOperator> ParseConditionalOperator(
    absl::string_view name);

// Returns the operator to combine `condition_count` conditions with: `given`,
// or AND when the request has none. DynamoDB rejects a ConditionalOperator
// that has nothing to combine (kValidation):
//   ConditionalOperator cannot be used without Filter or Expected
//   ConditionalOperator can only be used when Filter or Expected has two or
//   more elements
// `condition_count` counts QueryFilter / ScanFilter / Expected entries (0
// when the parameter is absent), never KeyConditions.
absl::StatusOr<ConditionalOperator> ResolveConditionalOperator(
    std::optional<ConditionalOperator> given, size_t condition_count);

// ------------------------------------------------------------ KeyConditions

// The checks DynamoDB makes on KeyConditions before it looks at the table:
// each condition's values (ValidateAttributeValue()), their number and
// types for the operator, BETWEEN bounds in order, then 1 or 2 conditions.
// Returns kValidation errors, e.g.
//   One or more parameter values were invalid: Invalid number of
//   argument(s) for the EQ ComparisonOperator
//   Conditions can be of length 1 or 2 only
absl::Status CheckKeyConditions(const LegacyConditions& conditions);

// CheckKeyConditions(), then the checks against the table's (or index's)
// key schema in DynamoDB's order: for the partition key, then the sort key,
// a missing condition, an operator that cannot use the index ("Attempted
// conditional constraint is not an indexable operation" for NE, NULL,
// NOT_NULL, CONTAINS, NOT_CONTAINS and IN), then BindKeyCondition()'s type,
// operator and key-value errors. The result points at `conditions`' values.
absl::StatusOr<KeyCondition> BindKeyConditions(
    const LegacyConditions& conditions, const KeySchema& schema);

// KeyConditions as the terms of a key condition, for a multi-attribute GSI
// key (query/multi_key_condition.h): CheckKeyConditions(), then "Attempted
// conditional constraint is not an indexable operation" for an operator
// that cannot use the index. The terms point at `conditions`' values.
absl::StatusOr<KeyConditionTermList> LegacyKeyConditionTerms(
    const LegacyConditions& conditions);

// ------------------------------------------------- QueryFilter, ScanFilter

// Translates a QueryFilter or ScanFilter: one condition per attribute, in
// map order, joined with `op`. Returns std::nullopt for an empty map (no
// filter), or a kValidation error for the first invalid condition (see
// CheckKeyConditions() for the per-condition checks). Whether a QueryFilter
// names a key attribute needs the schema and is the caller's check.
absl::StatusOr<std::optional<BoundCondition>> TranslateFilter(
    const LegacyConditions& conditions, ConditionalOperator op);

// ----------------------------------------------------------------- Expected

// Translates Expected: `{Value: v}` and `{Exists: true, Value: v}` become
// `a = v`, `{Exists: false}` becomes attribute_not_exists(a), and the
// ComparisonOperator form (with AttributeValueList, or Value as a one-value
// list) translates as in a filter; joined with `op` in map order. Returns
// std::nullopt for an empty map, or a kValidation error such as
//   One or more parameter values were invalid: Value must be provided when
//   Exists is true for Attribute: a
absl::StatusOr<std::optional<BoundCondition>> TranslateExpected(
    const ExpectedAttributeValues& expected, ConditionalOperator op);

// --------------------------------------------------------- AttributeUpdates

// A legacy AttributeUpdates Action (AWS API reference: AttributeValueUpdate).
enum class AttributeAction { kPut, kAdd, kDelete };

// "PUT", "ADD" or "DELETE" (case-sensitive), or std::nullopt.
std::optional<AttributeAction> ParseAttributeAction(absl::string_view name);

// One entry of AttributeUpdates. An absent Action is PUT.
struct AttributeValueUpdate {
  AttributeAction action = AttributeAction::kPut;
  std::optional<AttributeValue> value;
};

using AttributeValueUpdates = std::map<std::string, AttributeValueUpdate>;

// Translates AttributeUpdates: PUT -> SET a = v; DELETE without a value ->
// REMOVE a; DELETE with a set -> DELETE a v; ADD of a number or a set ->
// ADD a v; ADD of a list, which appends and which an UpdateExpression
// cannot say, -> SET a = list_append(if_not_exists(a, []), v). Returns
// kValidation errors for the first bad entry, e.g.
//   One or more parameter values were invalid: Only DELETE action is
//   allowed when no attribute value is specified
//   One or more parameter values were invalid: ADD action is not supported
//   for the type S
// An empty map translates to an empty UpdateExpression.
absl::StatusOr<BoundUpdate> TranslateAttributeUpdates(
    const AttributeValueUpdates& updates);

// ApplyUpdate() for a tree from TranslateAttributeUpdates(), with the two
// differences legacy AttributeUpdates have: an empty update stores the item
// as it is, or just its key when absent (DynamoDB creates the item); and an
// attribute of the wrong type for ADD or DELETE is reported as "Type
// mismatch for attribute to update" (kValidation) instead of the
// UpdateExpression message.
absl::StatusOr<UpdateResult> ApplyAttributeUpdates(const BoundUpdate& update,
                                                   const Item* current,
                                                   const Item& key);

// ---------------------------------------------------------- AttributesToGet

// Translates AttributesToGet into one top-level path per name, in the order
// given. Returns kValidation errors:
//   1 validation error detected: Value '[]' at 'attributesToGet' failed to
//   satisfy constraint: Member must have length greater than or equal to 1
//   One or more parameter values were invalid: Duplicate value in attribute
//   name: a
// The first is a request-constraint message, which DynamoDB joins with the
// request's other constraint violations; a caller that collects those
// should check emptiness itself first.
absl::StatusOr<std::vector<DocumentPath>> TranslateAttributesToGet(
    const std::vector<std::string>& names);

}  // namespace dynamite

#endif  // DYNAMITE_QUERY_LEGACY_H_
