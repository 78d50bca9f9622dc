// The validation rules DynamoDB applies to an expression's tree, shared by
// the parsers of condition, key condition, projection and update
// expressions (internal to query/).
//
// DynamoDB reports one error per expression, and which one depends on two
// orders (see query/parser.h): "static" errors (reserved word, list index
// range, function name, where a function stands, function arity) go by
// their place in the text; "semantic" errors (undefined placeholders, path
// depth, repeated operands, operand types, BETWEEN bounds, IN size,
// document-path operands) go by the order the checks run, which is a
// post-order walk of the tree. A parser records both kinds in a
// DeferredErrors while it reads, and reports Winner() once the text has
// been read without a syntax error.
//
// Thread safety: pure functions; a DeferredErrors belongs to one parse.

#ifndef DYNAMITE_QUERY_EXPRESSION_CHECKS_H_
#define DYNAMITE_QUERY_EXPRESSION_CHECKS_H_

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "absl/strings/string_view.h"

#include "query/ast.h"
#include "store/value.h"

namespace dynamite::query_internal {

// The order of the static errors DynamoDB reports at one place of the text
// (all three sit at a function's name).
enum StaticRank { kRankFirst = 0, kRankPlacement = 1, kRankArity = 2 };

// The errors found while reading one expression; the winner is reported
// only if the reading finished without an error that stops it.
class DeferredErrors {
 public:
  // A static error at byte `offset`: the earliest in the text wins, then
  // the lowest rank.
  void AddStatic(size_t offset, int rank, std::string message);
  // A semantic error: the first one added wins.
  void AddSemantic(std::string message);
  // The error to report, without the "Invalid <Param>: " prefix: the
  // static winner if any, else the semantic one, else none.
  const std::optional<std::string>& Winner() const;

 private:
  std::optional<std::string> static_;
  size_t static_offset_ = 0;
  int static_rank_ = 0;
  std::optional<std::string> semantic_;
};

// The built-in function called `name` (case-sensitive), if there is one.
std::optional<Function> LookupFunction(absl::string_view name);

// The number of operands `function` takes.
size_t FunctionArity(Function function);

// True for the functions that are conditions (attribute_exists,
// attribute_not_exists, attribute_type, begins_with, contains); the others
// compute operands.
bool IsConditionFunction(Function function);

// The type an operand has before any item is read: a value's type, N for
// size(), nothing for a path or an update function.
std::optional<ValueType> StaticType(const Operand& operand,
                                    ValueBindings values);

// Records "The first operand must be distinct from the remaining operands
// for this operator or function; ..." if `first` is a path repeated in
// `rest` (`contains(a, a)`, `a = a`).
void CheckDistinct(DeferredErrors& errors, absl::string_view op,
                   const Operand& first,
                   const std::vector<const Operand*>& rest);

// < <= > >= and BETWEEN take S, N and B: records "Incorrect operand type
// for operator or function; operator or function: <op>, operand type: <T>"
// for a constant of another type. (An item value of another type only makes
// the condition false.)
void CheckOrderable(DeferredErrors& errors, absl::string_view op,
                    const Operand& operand, ValueBindings values);

// Records DynamoDB's error when both bounds are constants of different
// types, or the lower is greater than the upper.
void CheckBetweenBounds(DeferredErrors& errors, const Between& between,
                        ValueBindings values);

// The operand checks of one function call, run after its operands' own
// checks: a document path for attribute_exists/attribute_not_exists,
// distinct operands, and the operand types of begins_with, size and
// attribute_type.
// REQUIRES: call.args.size() == FunctionArity(call.function).
void CheckFunctionOperands(DeferredErrors& errors, const FunctionCall& call,
                           ValueBindings values);

// Whether the checks that read a constant's contents, not just its type,
// pass for `values`: BETWEEN bounds in order, and attribute_type naming a
// type. With the types of a parse that succeeded, these are the only
// checks other values could fail (query/expression_cache.h relies on it).
bool PassesValueContentChecks(const Condition& condition, ValueBindings values);

}  // namespace dynamite::query_internal

#endif  // DYNAMITE_QUERY_EXPRESSION_CHECKS_H_
