// Condition expressions (reference §7.5), as this parser reads them:
//
//   expression := or_cond EOF
//   or_cond    := and_cond ( OR and_cond )*
//   and_cond   := not_cond ( AND not_cond )*
//   not_cond   := NOT* predicate
//   predicate  := term comparator operand
//               | term BETWEEN operand AND operand
//               | term IN '(' operand ( ',' operand )* ')'
//               | term                 a condition, or a function call
//   term       := '(' or_cond ')'      may hold just an operand: `(a) = :v`
//               | operand
//   operand    := '(' operand ')' | value_ref | function | path
//   function   := name '(' operand ( ',' operand )* ')'
//   path       := path_name ( '.' path_name | '[' integer ']' )*
//   path_name  := name | name_ref
//
// AND, OR, NOT, BETWEEN and IN are keywords in any case and never names.
// Precedence, high to low: comparators/BETWEEN/IN/functions, parentheses,
// NOT, AND, OR.
//
// Errors are found in three groups (see parser.h): errors that stop the
// reading at once (syntax, redundant parentheses, too many operators,
// nesting), then "static" errors ordered by their place in the text, then
// "semantic" errors in the order the checks run, which is the order of a
// post-order walk of the tree. The last two groups are collected while
// reading and the winner is reported after the whole text was read.

#include "query/parser.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"

#include "common/errors.h"
#include "common/status_macros.h"
#include "query/expression_checks.h"
#include "query/expression_reader.h"
#include "query/lexer.h"

namespace dynamite {
namespace {

using query_internal::CheckBetweenBounds;
using query_internal::CheckDistinct;
using query_internal::CheckFunctionOperands;
using query_internal::CheckOrderable;
using query_internal::DeferredErrors;
using query_internal::FunctionArity;
using query_internal::IsConditionFunction;
using query_internal::kRankArity;
using query_internal::kRankFirst;
using query_internal::kRankPlacement;
using query_internal::LookupFunction;

constexpr size_t kNoCall = static_cast<size_t>(-1);

// Where a function call stands.
enum class Place { kCondition, kOperand };

struct ParsedOperand {
  Operand operand;
  // The offset of the function's name when `operand` is a call of a known
  // function, else kNoCall.
  size_t call_offset = kNoCall;
  // The whole operand was written inside one pair of parentheses.
  bool parenthesized = false;
};

struct ParsedCondition {
  Condition condition;
  bool parenthesized = false;
};

// What was read where either an operand or a condition may stand.
using Item = std::variant<ParsedOperand, ParsedCondition>;

bool IsOperand(const Item& item) {
  return std::holds_alternative<ParsedOperand>(item);
}

bool IsParenthesized(const Item& item) {
  return std::visit([](const auto& x) { return x.parenthesized; }, item);
}

void SetParenthesized(Item& item) {
  std::visit([](auto& x) { x.parenthesized = true; }, item);
}

Condition TakeCondition(Item&& item) {
  return std::move(std::get<ParsedCondition>(item).condition);
}

Condition MakeLogical(LogicalOp op, Condition a, std::optional<Condition> b) {
  Logical logical{op, {}};
  logical.operands.reserve(2);
  logical.operands.push_back(std::move(a));
  if (b.has_value()) logical.operands.push_back(*std::move(b));
  return Condition{std::move(logical)};
}

bool IsConditionKeyword(const Token& token) {
  return IsKeyword(token, "AND") || IsKeyword(token, "OR") ||
         IsKeyword(token, "NOT") || IsKeyword(token, "BETWEEN") ||
         IsKeyword(token, "IN");
}

// if_not_exists and list_append belong to update expressions; DynamoDB
// refuses them in conditions ("The function is not allowed in a condition
// expression", DynamoDB Local's INVALID_CONDITION_FUNCTION).
bool IsUpdateFunction(Function function) {
  return function == Function::kIfNotExists ||
         function == Function::kListAppend;
}

// REQUIRES: IsComparator(kind).
Comparator ComparatorOf(TokenKind kind) {
  if (kind == TokenKind::kNe) return Comparator::kNe;
  if (kind == TokenKind::kLt) return Comparator::kLt;
  if (kind == TokenKind::kLe) return Comparator::kLe;
  if (kind == TokenKind::kGt) return Comparator::kGt;
  if (kind == TokenKind::kGe) return Comparator::kGe;
  return Comparator::kEq;
}

class ConditionParser {
 public:
  ConditionParser(absl::string_view text, ExpressionKind kind,
                  Placeholders& placeholders)
      : reader_(text, kind, placeholders, &IsConditionKeyword) {}

  absl::StatusOr<Condition> Parse() {
    Item item;
    DYNAMITE_RETURN_IF_ERROR(ParseLogical(/*allow_operand=*/false, item));
    if (Peek().kind != TokenKind::kEof) return SyntaxError();
    DYNAMITE_RETURN_IF_ERROR(reader_.DeferredStatus());
    return TakeCondition(std::move(item));
  }

 private:
  // ------------------------------------------------------------ tokens

  const Token& Peek(size_t ahead = 0) const { return reader_.Peek(ahead); }
  const Token& Advance() { return reader_.Advance(); }
  absl::Status Expect(TokenKind kind) { return reader_.Expect(kind); }

  // ------------------------------------------------- immediate errors

  absl::Status Error(absl::string_view message) const {
    return reader_.Error(message);
  }
  absl::Status SyntaxError() const { return reader_.SyntaxError(); }
  absl::Status RedundantParentheses() const {
    return Error("The expression has redundant parentheses;");
  }
  absl::Status CountOperator() { return reader_.CountOperator(); }
  // Called after reading a '(' that opens a nested level.
  absl::Status Nest() {
    if (++nesting_ > kMaxParseNesting) return SyntaxError();
    return absl::OkStatus();
  }
  void Unnest() { --nesting_; }

  // ------------------------------------------------------- conditions

  // The conditions of one ParseLogical() call, kept on the heap so that a
  // level of parentheses costs little stack.
  struct LogicalState {
    std::optional<Condition> any;  // the OR of the finished AND groups
    std::optional<Condition> all;  // the AND group being read
    Item unit;                     // the predicate just read
  };

  // Reads or_cond, with and_cond and not_cond folded in: NOT-prefixed
  // predicates joined by AND and OR are read in one loop, so long chains
  // cost no stack, and one level of parentheses costs two small frames
  // (this and ParsePredicate()). A lone predicate is passed up unchanged,
  // keeping its `parenthesized` mark; with `allow_operand` it may be an
  // operand.
  absl::Status ParseLogical(bool allow_operand, Item& out) {
    auto state = std::make_unique<LogicalState>();
    for (bool first = true;; first = false) {
      int nots = 0;
      while (IsKeyword(Peek(), "NOT")) {
        Advance();
        DYNAMITE_RETURN_IF_ERROR(CountOperator());
        ++nots;
      }
      DYNAMITE_RETURN_IF_ERROR(
          ParsePredicate(allow_operand && first && nots == 0, state->unit));
      const bool more = IsKeyword(Peek(), "AND") || IsKeyword(Peek(), "OR");
      if (first && nots == 0 && (!more || IsOperand(state->unit))) {
        out = std::move(state->unit);
        return absl::OkStatus();
      }
      FoldIntoAnd(*state, nots);
      if (IsKeyword(Peek(), "AND")) {
        Advance();
        DYNAMITE_RETURN_IF_ERROR(CountOperator());
        continue;
      }
      FoldIntoOr(*state);
      if (!IsKeyword(Peek(), "OR")) break;
      Advance();
      DYNAMITE_RETURN_IF_ERROR(CountOperator());
    }
    out = ParsedCondition{*std::move(state->any)};
    return absl::OkStatus();
  }

  // Wraps the unit in `nots` NOTs and ANDs it to the group.
  static void FoldIntoAnd(LogicalState& state, int nots) {
    Condition condition = TakeCondition(std::move(state.unit));
    for (int i = 0; i < nots; ++i) {
      condition =
          MakeLogical(LogicalOp::kNot, std::move(condition), std::nullopt);
    }
    state.all = state.all.has_value()
                    ? MakeLogical(LogicalOp::kAnd, *std::move(state.all),
                                  std::move(condition))
                    : std::move(condition);
  }

  // ORs the finished AND group to the result.
  static void FoldIntoOr(LogicalState& state) {
    state.any = state.any.has_value()
                    ? MakeLogical(LogicalOp::kOr, *std::move(state.any),
                                  *std::move(state.all))
                    : *std::move(state.all);
    state.all.reset();
  }

  // Reads a predicate: a term, then a comparator, BETWEEN or IN, or
  // nothing for a function call used as a condition (or, with
  // `allow_operand`, for an operand that a ')' follows).
  absl::Status ParsePredicate(bool allow_operand, Item& out) {
    if (Peek().kind != TokenKind::kLeftParen) {
      return ParseOperandPredicate(allow_operand, out);
    }
    Advance();
    DYNAMITE_RETURN_IF_ERROR(Nest());
    DYNAMITE_RETURN_IF_ERROR(ParseLogical(/*allow_operand=*/true, out));
    DYNAMITE_RETURN_IF_ERROR(Expect(TokenKind::kRightParen));
    Unnest();
    if (IsParenthesized(out)) return RedundantParentheses();
    SetParenthesized(out);
    if (!IsOperand(out)) return absl::OkStatus();
    return FinishPredicate(std::get<ParsedOperand>(std::move(out)),
                           allow_operand, out);
  }

  absl::Status ParseOperandPredicate(bool allow_operand, Item& out) {
    DYNAMITE_ASSIGN_OR_RETURN(ParsedOperand lhs, ParseOperand());
    return FinishPredicate(std::move(lhs), allow_operand, out);
  }

  // Reads what follows a predicate's first operand.
  absl::Status FinishPredicate(ParsedOperand lhs, bool allow_operand,
                               Item& out) {
    const Token& next = Peek();
    if (IsComparator(next.kind)) return ParseComparison(std::move(lhs), out);
    if (IsKeyword(next, "BETWEEN")) return ParseBetween(std::move(lhs), out);
    if (IsKeyword(next, "IN")) return ParseIn(std::move(lhs), out);
    // Inside parentheses an operand may be what they hold: `(a) = :v`.
    if (allow_operand && next.kind == TokenKind::kRightParen) {
      out = std::move(lhs);
      return absl::OkStatus();
    }
    if (lhs.operand.call() == nullptr) return SyntaxError();
    CheckPlace(lhs, Place::kCondition);
    out = ParsedCondition{
        Condition{std::get<FunctionCall>(std::move(lhs.operand.rep))},
        lhs.parenthesized};
    return absl::OkStatus();
  }

  absl::Status ParseComparison(ParsedOperand lhs, Item& out) {
    const Comparator op = ComparatorOf(Advance().kind);
    DYNAMITE_RETURN_IF_ERROR(CountOperator());
    CheckPlace(lhs, Place::kOperand);
    DYNAMITE_ASSIGN_OR_RETURN(ParsedOperand rhs, ParseOperand());
    CheckPlace(rhs, Place::kOperand);
    Comparison comparison{op, std::move(lhs.operand), std::move(rhs.operand)};
    const absl::string_view name = ComparatorName(op);
    CheckDistinct(errors_, name, comparison.lhs, {&comparison.rhs});
    if (op != Comparator::kEq && op != Comparator::kNe) {
      CheckOrderable(errors_, name, comparison.lhs, reader_.values());
      CheckOrderable(errors_, name, comparison.rhs, reader_.values());
    }
    out = ParsedCondition{Condition{std::move(comparison)}};
    return absl::OkStatus();
  }

  absl::Status ParseBetween(ParsedOperand subject, Item& out) {
    Advance();
    DYNAMITE_RETURN_IF_ERROR(CountOperator());
    CheckPlace(subject, Place::kOperand);
    DYNAMITE_ASSIGN_OR_RETURN(ParsedOperand lower, ParseOperand());
    CheckPlace(lower, Place::kOperand);
    if (!IsKeyword(Peek(), "AND")) return SyntaxError();
    Advance();
    DYNAMITE_ASSIGN_OR_RETURN(ParsedOperand upper, ParseOperand());
    CheckPlace(upper, Place::kOperand);
    Between between{std::move(subject.operand), std::move(lower.operand),
                    std::move(upper.operand)};
    CheckDistinct(errors_, "BETWEEN", between.subject,
                  {&between.lower, &between.upper});
    CheckOrderable(errors_, "BETWEEN", between.subject, reader_.values());
    CheckOrderable(errors_, "BETWEEN", between.lower, reader_.values());
    CheckOrderable(errors_, "BETWEEN", between.upper, reader_.values());
    CheckBetweenBounds(errors_, between, reader_.values());
    out = ParsedCondition{Condition{std::move(between)}};
    return absl::OkStatus();
  }

  absl::Status ParseIn(ParsedOperand subject, Item& out) {
    Advance();
    DYNAMITE_RETURN_IF_ERROR(CountOperator());
    CheckPlace(subject, Place::kOperand);
    DYNAMITE_RETURN_IF_ERROR(Expect(TokenKind::kLeftParen));
    InList in{std::move(subject.operand), {}};
    while (true) {
      DYNAMITE_ASSIGN_OR_RETURN(ParsedOperand candidate, ParseOperand());
      CheckPlace(candidate, Place::kOperand);
      in.candidates.push_back(std::move(candidate.operand));
      if (Peek().kind != TokenKind::kComma) break;
      Advance();
    }
    DYNAMITE_RETURN_IF_ERROR(Expect(TokenKind::kRightParen));
    const size_t operands = in.candidates.size() + 1;
    if (operands > static_cast<size_t>(kMaxInOperands)) {
      errors_.AddSemantic(absl::StrCat(
          "The IN operator is provided with too many operands; number of "
          "operands: ",
          operands));
    }
    std::vector<const Operand*> rest;
    rest.reserve(in.candidates.size());
    for (const Operand& candidate : in.candidates) rest.push_back(&candidate);
    CheckDistinct(errors_, "IN", in.subject, rest);
    out = ParsedCondition{Condition{std::move(in)}};
    return absl::OkStatus();
  }

  // --------------------------------------------------------- operands

  // Each kind of operand has its own function, so that the recursion
  // through parentheses and function calls keeps small frames.
  absl::StatusOr<ParsedOperand> ParseOperand() {
    const Token& token = Peek();
    if (token.kind == TokenKind::kLeftParen) {
      return ParseParenthesizedOperand();
    }
    if (token.kind == TokenKind::kValuePlaceholder) return ParseValueOperand();
    if (token.kind == TokenKind::kName && !IsConditionKeyword(token) &&
        Peek(1).kind == TokenKind::kLeftParen) {
      return ParseFunctionCall();
    }
    return ParsePathOperand();
  }

  absl::StatusOr<ParsedOperand> ParseParenthesizedOperand() {
    Advance();
    DYNAMITE_RETURN_IF_ERROR(Nest());
    DYNAMITE_ASSIGN_OR_RETURN(ParsedOperand inner, ParseOperand());
    DYNAMITE_RETURN_IF_ERROR(Expect(TokenKind::kRightParen));
    Unnest();
    if (inner.parenthesized) return RedundantParentheses();
    inner.parenthesized = true;
    return inner;
  }

  absl::StatusOr<ParsedOperand> ParseValueOperand() {
    const Token& token = Advance();
    return ParsedOperand{Operand{ResolveValue(token.text)}};
  }

  absl::StatusOr<ParsedOperand> ParsePathOperand() {
    DYNAMITE_ASSIGN_OR_RETURN(DocumentPath path, ParsePath());
    return ParsedOperand{Operand{std::move(path)}};
  }

  absl::StatusOr<ParsedOperand> ParseFunctionCall() {
    const Token& name = Advance();
    Advance();  // '('
    DYNAMITE_RETURN_IF_ERROR(Nest());
    const std::optional<Function> function = LookupFunction(name.text);
    if (!function.has_value()) {
      errors_.AddStatic(
          name.offset, kRankFirst,
          absl::StrCat("Invalid function name; function: ", name.text));
    } else if (IsUpdateFunction(*function)) {
      errors_.AddStatic(name.offset, kRankPlacement,
                        absl::StrCat("The function is not allowed in a "
                                     "condition expression; function: ",
                                     name.text));
    }
    FunctionCall call{function.value_or(Function::kSize), {}};
    while (true) {
      DYNAMITE_ASSIGN_OR_RETURN(ParsedOperand arg, ParseOperand());
      CheckPlace(arg, Place::kOperand);
      call.args.push_back(std::move(arg.operand));
      if (Peek().kind != TokenKind::kComma) break;
      Advance();
    }
    DYNAMITE_RETURN_IF_ERROR(Expect(TokenKind::kRightParen));
    Unnest();
    if (!function.has_value()) return ParsedOperand{Operand{std::move(call)}};
    if (call.args.size() != FunctionArity(*function)) {
      errors_.AddStatic(
          name.offset, kRankArity,
          absl::StrCat("Incorrect number of operands for operator or "
                       "function; operator or function: ",
                       name.text, ", number of operands: ", call.args.size()));
    } else {
      CheckFunctionOperands(errors_, call, reader_.values());
    }
    return ParsedOperand{Operand{std::move(call)}, name.offset};
  }

  absl::StatusOr<DocumentPath> ParsePath() { return reader_.ParsePath(); }
  ValueOperand ResolveValue(absl::string_view placeholder) {
    return reader_.ResolveValue(placeholder);
  }

  // ----------------------------------------------------------- checks

  // Records a static error if a known function stands where it may not: a
  // condition function as an operand, or size() as a condition (reference
  // §7.5). Update functions are refused wherever they stand.
  void CheckPlace(const ParsedOperand& parsed, Place place) {
    if (parsed.call_offset == kNoCall) return;
    const Function function = parsed.operand.call()->function;
    if (IsUpdateFunction(function)) return;  // reported where it is read
    const bool allowed = place == Place::kCondition
                             ? IsConditionFunction(function)
                             : function == Function::kSize;
    if (!allowed) {
      errors_.AddStatic(
          parsed.call_offset, kRankPlacement,
          absl::StrCat("The function is not allowed to be used this way in "
                       "an expression; function: ",
                       FunctionName(function)));
    }
  }

  query_internal::ExpressionReader reader_;
  DeferredErrors& errors_ = reader_.errors();
  int nesting_ = 0;
};

}  // namespace

absl::string_view ExpressionKindName(ExpressionKind kind) {
  switch (kind) {
    case ExpressionKind::kConditionExpression:
      return "ConditionExpression";
    case ExpressionKind::kFilterExpression:
      return "FilterExpression";
    case ExpressionKind::kKeyConditionExpression:
      return "KeyConditionExpression";
    case ExpressionKind::kProjectionExpression:
      return "ProjectionExpression";
    case ExpressionKind::kUpdateExpression:
      return "UpdateExpression";
  }
  return "";
}

absl::Status ExpressionError(ExpressionKind kind, absl::string_view message) {
  return ValidationError(
      absl::StrCat("Invalid ", ExpressionKindName(kind), ": ", message));
}

absl::Status CheckExpressionText(absl::string_view text, ExpressionKind kind) {
  if (text.empty()) {
    return ExpressionError(kind, "The expression can not be empty;");
  }
  if (text.size() > kMaxExpressionBytes) {
    return ExpressionError(
        kind, absl::StrCat("Expression size has exceeded the maximum allowed "
                           "size; expression size: ",
                           text.size()));
  }
  return absl::OkStatus();
}

absl::StatusOr<Condition> ParseCondition(absl::string_view text,
                                         ExpressionKind kind,
                                         Placeholders& placeholders) {
  DYNAMITE_RETURN_IF_ERROR(CheckExpressionText(text, kind));
  return ConditionParser(text, kind, placeholders).Parse();
}

}  // namespace dynamite
