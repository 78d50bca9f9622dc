// Evaluation of condition and filter expressions (reference §7.5, §7.6)
// against one item.
//
// Evaluation never fails: every rule about constants (an operand type a
// function or comparator does not take, BETWEEN bounds out of order, ...)
// is enforced when the expression is parsed (query/expression_checks.h).
// What remains depends on the item, and DynamoDB answers it with "false":
//   - a missing attribute makes every comparison false except `<>`, which
//     is true; two missing attributes are not equal;
//   - operands of different types are unequal, and never ordered;
//   - `< <= > >=` and BETWEEN order only S (unsigned UTF-8 bytes), N
//     (numerically) and B (unsigned bytes);
//   - size() of a missing attribute or of an N, BOOL or NULL makes the
//     comparison it appears in false, whatever the comparator (`<>`
//     included), as do IN and BETWEEN.
// AND and OR short-circuit.
//
// Thread safety: pure functions over const data.

#ifndef DYNAMITE_QUERY_EVALUATE_H_
#define DYNAMITE_QUERY_EVALUATE_H_

#include <cstdint>

#include "absl/strings/string_view.h"

#include "query/ast.h"
#include "store/item.h"
#include "store/packed_item.h"
#include "store/value.h"

namespace dynamite {

// Returns whether `item` satisfies `condition`, its value slots bound to
// `values`. A missing item is passed as an empty Item (DynamoDB evaluates
// conditions on a missing item that way).
// REQUIRES: `condition` came from ParseCondition() (or a legacy
// translation) and `values` passed every parse-time check with it.
bool EvaluateCondition(const Condition& condition, ValueBindings values,
                       const Item& item);
// The same on a stored item, read in place: only the attributes the
// condition names are decoded.
bool EvaluateCondition(const Condition& condition, ValueBindings values,
                       const PackedItem& item);

// DynamoDB's size() of `value`: S -> UTF-16 code units (`size("é𝄞")` is
// 3), B -> bytes, SS/NS/BS/L/M -> element count. Returns -1 for N, BOOL and
// NULL, which have no size.
int64_t ValueSizeFunction(const AttributeValue& value);

}  // namespace dynamite

#endif  // DYNAMITE_QUERY_EVALUATE_H_
