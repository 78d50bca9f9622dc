// The expression parser: text -> syntax tree (query/ast.h), with every
// DynamoDB validation rule that does not need the table.
//
// A hand-written recursive-descent parser over query/lexer.h tokens. Errors
// come out in DynamoDB's order, each prefixed "Invalid <Param>: ":
//   1. the expression is empty, or longer than 4096 bytes (before lexing);
//   2. while reading, in text order: a syntax error, a doubled pair of
//      parentheses ("The expression has redundant parentheses;"), the 301st
//      operator ("The expression contains too many operators; operator
//      count: 301"), or nesting deeper than the parser allows;
//   3. then, the first in text order of: a reserved word used as a name, a
//      list index out of range, an unknown function name, a function in a
//      place it may not be used, a wrong number of function operands;
//   4. then, the first in evaluation order of: an undefined #name or
//      :value, a path deeper than 32 elements, a repeated operand
//      (`contains(a, a)`), an operand type a function or comparator does
//      not take, BETWEEN bounds of different types or in the wrong order, an
//      IN list that is too long, a function that needs a document path.
// Key-condition rules are in query/key_condition.h; they run on the tree.
//
// Recursion is bounded: nesting of parentheses and function calls deeper
// than kMaxParseNesting is a ValidationException, so no input can overflow
// the stack. NOT, AND and OR chains are read iteratively.
//
// Thread safety: pure functions, except that `placeholders` records use.

#ifndef DYNAMITE_QUERY_PARSER_H_
#define DYNAMITE_QUERY_PARSER_H_

#include <cstddef>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

#include "query/ast.h"
#include "query/placeholders.h"

namespace dynamite {

// Which request parameter an expression came from; it names the parameter
// in every error message ("Invalid FilterExpression: ...").
enum class ExpressionKind {
  kConditionExpression,
  kFilterExpression,
  kKeyConditionExpression,
  kProjectionExpression,
  kUpdateExpression,
};

// "ConditionExpression", "FilterExpression", ...
absl::string_view ExpressionKindName(ExpressionKind kind);

// DynamoDB's expression limits (AWS docs: Service, account, and table quotas
// — Expression parameters; reference §7.1, §7.4, §7.5).
inline constexpr size_t kMaxExpressionBytes = 4096;
inline constexpr int kMaxExpressionOperators = 300;
inline constexpr int kMaxDocumentPathDepth = 32;
// The IN operator takes at most 100 operands: the subject and 99 candidates.
inline constexpr int kMaxInOperands = 100;
// Our own bound on nested parentheses and function calls. A valid
// expression cannot nest much deeper than 150 levels (each level of
// `a<b OR (...)` costs two of the 300 operators), so deeper input is
// rejected as a syntax error at the token that goes too deep; DynamoDB's
// message for such input (redundant parentheses, unknown function, ...)
// may differ.
inline constexpr int kMaxParseNesting = 200;

// Returns a kValidation error "Invalid <Param>: <message>".
absl::Status ExpressionError(ExpressionKind kind, absl::string_view message);

// Checks the rules DynamoDB applies before reading any expression: not
// empty ("The expression can not be empty;") and at most
// kMaxExpressionBytes bytes ("Expression size has exceeded the maximum
// allowed size; expression size: <n>"). Errors are prefixed.
absl::Status CheckExpressionText(absl::string_view text, ExpressionKind kind);

// Parses a condition-style expression (ConditionExpression, FilterExpression
// or KeyConditionExpression) and resolves its placeholders through
// `placeholders`, recording their use. Returns the tree, or a kValidation
// error with DynamoDB's message (see the file comment for the order).
absl::StatusOr<Condition> ParseCondition(absl::string_view text,
                                         ExpressionKind kind,
                                         Placeholders& placeholders);

// Parses a ProjectionExpression: comma-separated document paths, with the
// same length, syntax, reserved-word, list-index, placeholder and path-depth
// errors as conditions, prefixed "Invalid ProjectionExpression: ". Paths
// come back in the order written; overlapping or conflicting paths are not
// checked here (query/projection.h CheckPathsDisjoint does that).
absl::StatusOr<std::vector<DocumentPath>> ParseProjection(
    absl::string_view text, Placeholders& placeholders);

// Parses an UpdateExpression (reference §7.7) into its four clauses, with
// every error that does not need the item, prefixed "Invalid
// UpdateExpression: ": syntax (including a clause used twice), function
// names, arity and placement, if_not_exists needing a path, constant
// operand types of + - list_append ADD DELETE, undefined placeholders, and
// overlapping or conflicting modified paths. The grammar is in
// query/update_parser.cc.
absl::StatusOr<UpdateExpression> ParseUpdate(absl::string_view text,
                                             Placeholders& placeholders);

}  // namespace dynamite

#endif  // DYNAMITE_QUERY_PARSER_H_
