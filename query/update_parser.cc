// UpdateExpression parsing (reference §7.7), as this parser reads it:
//
//   expression := clause+ EOF          each of the four clauses at most once
//   clause     := SET set_action ( ',' set_action )*
//               | REMOVE path ( ',' path )*
//               | ADD path value_ref ( ',' path value_ref )*
//               | DELETE path value_ref ( ',' path value_ref )*
//   set_action := path '=' ( '(' set_value ')' | set_value )
//   set_value  := operand_p [ ( '+' | '-' ) operand_p ]
//   operand_p  := '(' operand ')' | operand
//   operand    := value_ref | function | path
//   function   := name '(' operand_p ( ',' operand_p )* ')'
//
// Parentheses go where DynamoDB takes them (dynalite's grammar, recorded
// against DynamoDB): one pair around a SET value, one around each operand
// of + and - and each function argument. Not around a path being assigned
// or removed, an action, or ADD and DELETE operands, and no deeper.
//
// Clause keywords are case-insensitive; function names are case-sensitive.
// Errors are reported in the order described in query/parser.h: syntax
// errors (and a repeated clause) at once, then the first static error in
// the text, then the first semantic error, then overlapping or conflicting
// modified paths (query/projection.h).

#include <optional>
#include <string>
#include <utility>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"

#include "common/status_macros.h"
#include "query/ast.h"
#include "query/expression_checks.h"
#include "query/expression_reader.h"
#include "query/parser.h"
#include "query/placeholders.h"
#include "query/projection.h"

namespace dynamite {
namespace {

using query_internal::ExpressionReader;
using query_internal::FunctionArity;
using query_internal::kRankArity;
using query_internal::kRankFirst;
using query_internal::kRankPlacement;
using query_internal::LookupFunction;
using query_internal::StaticType;

enum class Clause { kSet, kRemove, kAdd, kDelete };
constexpr absl::string_view kClauseNames[] = {"SET", "REMOVE", "ADD", "DELETE"};

std::optional<Clause> ClauseOf(const Token& token) {
  for (int i = 0; i < 4; ++i) {
    if (IsKeyword(token, kClauseNames[i])) return static_cast<Clause>(i);
  }
  return std::nullopt;
}

// The type names DynamoDB uses in ADD and DELETE operand-type errors.
absl::string_view LongTypeName(ValueType type) {
  switch (type) {
    case ValueType::kS:
      return "STRING";
    case ValueType::kN:
      return "NUMBER";
    case ValueType::kB:
      return "BINARY";
    case ValueType::kBool:
      return "BOOLEAN";
    case ValueType::kNull:
      return "NULL";
    case ValueType::kM:
      return "MAP";
    case ValueType::kL:
      return "LIST";
    case ValueType::kSS:
      return "SS";
    case ValueType::kNS:
      return "NS";
    case ValueType::kBS:
      return "BS";
  }
  return "";
}

bool IsSetType(ValueType type) {
  return type == ValueType::kSS || type == ValueType::kNS ||
         type == ValueType::kBS;
}

std::string OperandTypeError(absl::string_view op, absl::string_view type) {
  return absl::StrCat(
      "Incorrect operand type for operator or function; operator or "
      "function: ",
      op, ", operand type: ", type);
}

class UpdateParser {
 public:
  UpdateParser(absl::string_view text, Placeholders& placeholders)
      : reader_(text, ExpressionKind::kUpdateExpression, placeholders,
                /*clause_keywords=*/true) {}

  absl::StatusOr<UpdateExpression> Parse() {
    bool seen[4] = {false, false, false, false};
    do {
      const std::optional<Clause> clause = ClauseOf(reader_.Peek());
      if (!clause.has_value()) return reader_.SyntaxError();
      const int index = static_cast<int>(*clause);
      if (seen[index]) {
        return reader_.Error(
            absl::StrCat("The \"", kClauseNames[index],
                         "\" section can only be used once in an update "
                         "expression;"));
      }
      seen[index] = true;
      reader_.Advance();
      DYNAMITE_RETURN_IF_ERROR(ParseClause(*clause));
    } while (reader_.Peek().kind != TokenKind::kEof);
    DYNAMITE_RETURN_IF_ERROR(reader_.DeferredStatus());
    DYNAMITE_RETURN_IF_ERROR(CheckPathsDisjoint(
        update_.ModifiedPaths(),
        absl::StrCat("Invalid ",
                     ExpressionKindName(ExpressionKind::kUpdateExpression),
                     ": ")));
    return std::move(update_);
  }

 private:
  absl::Status ParseClause(Clause clause) {
    while (true) {
      DYNAMITE_RETURN_IF_ERROR(ParseAction(clause));
      if (reader_.Peek().kind != TokenKind::kComma) return absl::OkStatus();
      reader_.Advance();
    }
  }

  absl::Status ParseAction(Clause clause) {
    DYNAMITE_ASSIGN_OR_RETURN(DocumentPath path, reader_.ParsePath());
    switch (clause) {
      case Clause::kSet:
        return ParseSetAction(std::move(path));
      case Clause::kRemove:
        update_.remove.push_back(std::move(path));
        return absl::OkStatus();
      case Clause::kAdd:
      case Clause::kDelete:
        break;
    }
    if (reader_.Peek().kind != TokenKind::kValuePlaceholder) {
      return reader_.SyntaxError();
    }
    AddAction action{std::move(path),
                     reader_.ResolveValue(reader_.Advance().text)};
    const ValueType type = reader_.values()[action.value.slot]->type();
    const bool is_add = clause == Clause::kAdd;
    if (!IsSetType(type) && !(is_add && type == ValueType::kN)) {
      reader_.errors().AddSemantic(absl::StrCat(
          "Incorrect operand type for operator or function; operator: ",
          is_add ? "ADD" : "DELETE", ", operand type: ", LongTypeName(type)));
    }
    (is_add ? update_.add : update_.del).push_back(std::move(action));
    return absl::OkStatus();
  }

  absl::Status ParseSetAction(DocumentPath path) {
    DYNAMITE_RETURN_IF_ERROR(reader_.Expect(TokenKind::kEq));
    SetAction action{std::move(path), Operand{}, Arithmetic::kNone,
                     std::nullopt};
    // `(` opens either the whole value, `(a + b)`, or its first operand,
    // `(a) + b`: read what follows it, then decide.
    bool whole_value = false;
    if (reader_.Peek().kind == TokenKind::kLeftParen) {
      reader_.Advance();
      bool inner_parenthesised = false;
      DYNAMITE_ASSIGN_OR_RETURN(
          action.first,
          ParseParenthesisedOperand(0, false, &inner_parenthesised));
      const TokenKind after = reader_.Peek().kind;
      if (after == TokenKind::kPlus || after == TokenKind::kMinus) {
        whole_value = true;
      } else {
        DYNAMITE_RETURN_IF_ERROR(reader_.Expect(TokenKind::kRightParen));
        // `((a)) + b`: a parenthesised operand in parentheses again.
        const TokenKind next = reader_.Peek().kind;
        if (inner_parenthesised &&
            (next == TokenKind::kPlus || next == TokenKind::kMinus)) {
          return reader_.SyntaxError();
        }
      }
    } else {
      DYNAMITE_ASSIGN_OR_RETURN(action.first,
                                ParseParenthesisedOperand(0, false));
    }
    const TokenKind next = reader_.Peek().kind;
    if (next == TokenKind::kPlus || next == TokenKind::kMinus) {
      reader_.Advance();
      DYNAMITE_RETURN_IF_ERROR(reader_.CountOperator());
      action.op =
          next == TokenKind::kPlus ? Arithmetic::kPlus : Arithmetic::kMinus;
      DYNAMITE_ASSIGN_OR_RETURN(action.second,
                                ParseParenthesisedOperand(0, false));
      const absl::string_view op = next == TokenKind::kPlus ? "+" : "-";
      for (const Operand* operand : {&action.first, &*action.second}) {
        const std::optional<ValueType> type =
            StaticType(*operand, reader_.values());
        if (operand->value() != nullptr && type != ValueType::kN) {
          reader_.errors().AddSemantic(
              OperandTypeError(op, ValueTypeName(*type)));
        }
      }
    }
    if (whole_value) {
      DYNAMITE_RETURN_IF_ERROR(reader_.Expect(TokenKind::kRightParen));
    }
    update_.set.push_back(std::move(action));
    return absl::OkStatus();
  }

  // operand_p: an operand, or one in one pair of parentheses (then
  // *parenthesised, when given, is set).
  absl::StatusOr<Operand> ParseParenthesisedOperand(
      int depth, bool in_list_append, bool* parenthesised = nullptr) {
    if (reader_.Peek().kind != TokenKind::kLeftParen) {
      return ParseOperand(depth, in_list_append);
    }
    reader_.Advance();
    if (parenthesised != nullptr) *parenthesised = true;
    DYNAMITE_ASSIGN_OR_RETURN(Operand operand,
                              ParseOperand(depth, in_list_append));
    DYNAMITE_RETURN_IF_ERROR(reader_.Expect(TokenKind::kRightParen));
    return operand;
  }

  // `depth` counts the function calls around the operand; `in_list_append`
  // is true directly inside list_append().
  absl::StatusOr<Operand> ParseOperand(int depth, bool in_list_append = false) {
    const Token& token = reader_.Peek();
    if (token.kind == TokenKind::kValuePlaceholder) {
      reader_.Advance();
      return Operand{reader_.ResolveValue(token.text)};
    }
    if (token.kind == TokenKind::kName &&
        reader_.Peek(1).kind == TokenKind::kLeftParen) {
      return ParseFunctionCall(depth, in_list_append);
    }
    DYNAMITE_ASSIGN_OR_RETURN(DocumentPath path, reader_.ParsePath());
    return Operand{std::move(path)};
  }

  absl::StatusOr<Operand> ParseFunctionCall(int depth, bool in_list_append) {
    const Token& name = reader_.Advance();
    reader_.Advance();  // '('
    if (depth + 1 > kMaxParseNesting) return reader_.SyntaxError();
    const std::optional<Function> function = LookupFunction(name.text);
    if (!function.has_value()) {
      reader_.errors().AddStatic(
          name.offset, kRankFirst,
          absl::StrCat("Invalid function name; function: ", name.text));
    } else if (*function != Function::kIfNotExists &&
               *function != Function::kListAppend) {
      reader_.errors().AddStatic(
          name.offset, kRankPlacement,
          absl::StrCat("The function is not allowed in an update "
                       "expression; function: ",
                       name.text));
    } else if (*function == Function::kListAppend && in_list_append) {
      reader_.errors().AddStatic(
          name.offset, kRankPlacement,
          absl::StrCat("The function is not allowed to be used this way in "
                       "an expression; function: ",
                       name.text));
    }
    const bool is_list_append = function == Function::kListAppend;
    FunctionCall call{function.value_or(Function::kSize), {}};
    while (true) {
      DYNAMITE_ASSIGN_OR_RETURN(
          Operand arg, ParseParenthesisedOperand(depth + 1, is_list_append));
      call.args.push_back(std::move(arg));
      if (reader_.Peek().kind != TokenKind::kComma) break;
      reader_.Advance();
    }
    DYNAMITE_RETURN_IF_ERROR(reader_.Expect(TokenKind::kRightParen));
    if (!function.has_value()) return Operand{std::move(call)};
    if (call.args.size() != FunctionArity(*function)) {
      reader_.errors().AddStatic(
          name.offset, kRankArity,
          absl::StrCat("Incorrect number of operands for operator or "
                       "function; operator or function: ",
                       name.text, ", number of operands: ", call.args.size()));
    } else if (*function == Function::kIfNotExists) {
      if (call.args[0].path() == nullptr) {
        reader_.errors().AddSemantic(
            "Operator or function requires a document path; operator or "
            "function: if_not_exists");
      }
    } else if (*function == Function::kListAppend) {
      for (const Operand& arg : call.args) {
        const std::optional<ValueType> type = StaticType(arg, reader_.values());
        if (arg.value() != nullptr && type != ValueType::kL) {
          reader_.errors().AddSemantic(
              OperandTypeError("list_append", ValueTypeName(*type)));
        }
      }
    }
    return Operand{std::move(call)};
  }

  ExpressionReader reader_;
  UpdateExpression update_;
};

}  // namespace

absl::StatusOr<UpdateExpression> ParseUpdate(absl::string_view text,
                                             Placeholders& placeholders) {
  DYNAMITE_RETURN_IF_ERROR(
      CheckExpressionText(text, ExpressionKind::kUpdateExpression));
  return UpdateParser(text, placeholders).Parse();
}

}  // namespace dynamite
