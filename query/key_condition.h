// The key-condition compiler: a Query's KeyConditionExpression -> the
// partition key value and an optional sort-key condition.
//
// DynamoDB reads a KeyConditionExpression with the ConditionExpression
// parser, so this file works on ParseCondition()'s tree and only adds the
// key rules (reference §5.1), in DynamoDB's order:
//   1. every ParseCondition() error (syntax, reserved words, undefined
//      placeholders, operand types, BETWEEN bounds, ...);
//   2. the shape, without the table: only AND; only =, <, <=, >, >=,
//      BETWEEN and begins_with; one top-level key attribute per condition,
//      first for BETWEEN and begins_with; no size(); one condition per
//      attribute; at most kMaxKeyConditions conditions (two, unless the
//      key has several attributes: checked in step 3). These messages carry the
//      "Invalid KeyConditionExpression: " prefix, as current DynamoDB
//      sends them, except "Conditions can be of length 1 or 2 only";
//   3. against the key schema: the partition key tested with = only, no
//      condition on a non-key attribute, values of the key's type, non-empty
//      and within the key-size limits (store/key.h CheckKeyValue()).
// Step 1 is ParseCondition(), step 2 KeyConditionTerms() and step 3
// BindKeyCondition(), so a caller can check unused placeholders, which
// DynamoDB validates before it looks at the table, between steps 2 and 3
// (and can cache the tree of step 1 with the shape step 2 derives from it:
// ExpressionCache::CompileKeyCondition()).
// CompileKeyCondition() does all three.
//
// Thread safety: pure functions, except that `placeholders` records use.

#ifndef DYNAMITE_QUERY_KEY_CONDITION_H_
#define DYNAMITE_QUERY_KEY_CONDITION_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/container/inlined_vector.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

#include "query/ast.h"
#include "query/placeholders.h"
#include "store/key.h"
#include "store/value.h"

namespace dynamite {

// The values are not owned: they point at the request's values (its
// ExpressionAttributeValues or legacy KeyConditions), which must outlive
// the condition. Copying them would cost every Query an allocation per
// long key.
struct SortKeyCondition {
  enum class Op { kEq, kLt, kLe, kGt, kGe, kBetween, kBeginsWith };
  Op op = Op::kEq;
  const AttributeValue* value = nullptr;  // the bound (lower for BETWEEN)
  const AttributeValue* upper = nullptr;  // BETWEEN only
};

struct KeyCondition {
  const AttributeValue* partition_value = nullptr;
  std::optional<SortKeyCondition> sort;
};

// The most conditions a key condition can hold: one per attribute of a
// multi-attribute GSI key (four partition-key and four sort-key ones).
inline constexpr size_t kMaxKeyConditions = 8;

// One condition of a key condition, on one top-level attribute, with the
// attribute on the left: `:v < c` is read as c > :v.
struct KeyConditionTerm {
  // Not owned: the tree's path, or the request's name for legacy
  // KeyConditions; a view keeps the terms cheap to move.
  absl::string_view attribute;
  SortKeyCondition::Op op = SortKeyCondition::Op::kEq;
  // Two for BETWEEN, else one; not owned (the request's values). Inline:
  // every Query builds its terms afresh, even from a cached tree.
  absl::InlinedVector<const AttributeValue*, 2> values;
};

// A key condition's terms: one or two when valid, so they live inline.
using KeyConditionTermList = absl::InlinedVector<KeyConditionTerm, 2>;

// A term before binding: the tree's value slots instead of the values. It
// is all that step 2 reads from the tree, so a cached tree keeps its shape
// (query/expression_cache.h) and a request only binds it.
struct KeyTermShape {
  absl::string_view attribute;  // the tree's path; not owned
  SortKeyCondition::Op op = SortKeyCondition::Op::kEq;
  absl::InlinedVector<uint32_t, 2> slots;  // in the order written
};
using KeyConditionShape = absl::InlinedVector<KeyTermShape, 2>;

// Step 2: checks the shape of a KeyConditionExpression's tree, its value
// slots bound to `values`. Returns one or two terms in the order written,
// or a kValidation error, e.g.
//   Invalid KeyConditionExpression: Invalid operator used in
//   KeyConditionExpression: OR
//   Invalid KeyConditionExpression: KeyConditionExpressions must only
//   contain one condition per key
//   Conditions can be of length 1 or 2 only
absl::StatusOr<KeyConditionTermList> KeyConditionTerms(
    const Condition& condition, ValueBindings values);

// Step 2 in two parts: the checks, which read only the tree (the same
// errors as KeyConditionTerms()), and the binding of their result to one
// request's values, which cannot fail.
absl::StatusOr<KeyConditionShape> KeyConditionShapeOf(
    const Condition& condition);
KeyConditionTermList BindKeyConditionShape(const KeyConditionShape& shape,
                                           ValueBindings values);

// Step 3: checks `terms` against the table's (or index's) key schema. The
// result points at the terms' values.
// Returns kValidation errors "Query condition missed key schema element:
// <attr>", "Query key condition not supported", "One or more parameter
// values were invalid: Condition parameter type does not match schema
// type", and store/key.h's empty-value and key-size messages.
absl::StatusOr<KeyCondition> BindKeyCondition(const KeyConditionTermList& terms,
                                              const KeySchema& schema);

// ParseCondition(), KeyConditionTerms() and BindKeyCondition().
absl::StatusOr<KeyCondition> CompileKeyCondition(absl::string_view expression,
                                                 const KeySchema& schema,
                                                 Placeholders& placeholders);

}  // namespace dynamite

#endif  // DYNAMITE_QUERY_KEY_CONDITION_H_
