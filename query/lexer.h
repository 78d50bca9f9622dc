// The lexer shared by every DynamoDB expression: condition, filter, key
// condition, projection and update expressions.
//
// Tokenize() never fails. A character that starts no token becomes a
// one-character kUnknown token (a whole UTF-8 sequence when it is one), so
// the parser reports it as a syntax error at the right place, as DynamoDB
// does: `SET _123` lexes as SET, `_` (unknown), `123`. Keywords (AND, OR,
// NOT, BETWEEN, IN, SET, REMOVE, ...) are plain kName tokens; the parser
// recognises them, case-insensitively, with IsKeyword(). Tokens hold views
// into the expression text, which must outlive them. The last token is
// always kEof, at offset text.size().
//
// Thread safety: pure functions.

#ifndef DYNAMITE_QUERY_LEXER_H_
#define DYNAMITE_QUERY_LEXER_H_

#include <cstddef>
#include <string>
#include <vector>

#include "absl/strings/string_view.h"

namespace dynamite {

enum class TokenKind {
  kName,              // [a-zA-Z][a-zA-Z0-9_]*: an attribute name or keyword
  kNamePlaceholder,   // #[a-zA-Z0-9_]+
  kValuePlaceholder,  // :[a-zA-Z0-9_]+
  kInteger,           // 0 | [1-9][0-9]*: a list index
  kLeftParen,         // (
  kRightParen,        // )
  kLeftBracket,       // [
  kRightBracket,      // ]
  kComma,             // ,
  kDot,               // .
  kEq,                // =
  kNe,                // <>
  kLt,                // <
  kLe,                // <=
  kGt,                // >
  kGe,                // >=
  kPlus,              // +
  kMinus,             // -
  kUnknown,           // any other character, e.g. `_`, `!`, `"`, a lone `#`
  kEof,               // end of the expression
};

struct Token {
  TokenKind kind = TokenKind::kEof;
  // The token's characters in the expression; empty for kEof.
  absl::string_view text;
  // Byte offset of the token in the expression.
  size_t offset = 0;

  size_t end() const { return offset + text.size(); }
};

// Splits `text` into tokens, skipping spaces, tabs, CR and LF. The result
// ends with exactly one kEof token. The tokens' views point into `text`.
std::vector<Token> Tokenize(absl::string_view text);

// True if `token` is the name `keyword`, ignoring ASCII case.
// REQUIRES: `keyword` is upper-case.
bool IsKeyword(const Token& token, absl::string_view keyword);

// True for the six comparators = <> < <= > >=.
bool IsComparator(TokenKind kind);

// DynamoDB's syntax-error message for the token `tokens[index]`, without the
// "Invalid <Param>: " prefix:
//   Syntax error; token: "<token>", near: "<context>"
// The token is written as it appears, or <EOF> at the end. The context is
// the expression text from the start of the previous token to the end of
// the next one (the start or end of the text where there is none), so it
// keeps the original spacing: `SET MyStr = myNum Mystr2 myNum2` gives
// token "Mystr2", near "myNum Mystr2 myNum2"; `SET MyStr = myNum + 1` gives
// token "1", near "+ 1"; `foo` gives token "<EOF>", near "foo".
// REQUIRES: `tokens` came from Tokenize(text) and index < tokens.size().
std::string SyntaxErrorMessage(absl::string_view text,
                               const std::vector<Token>& tokens, size_t index);

}  // namespace dynamite

#endif  // DYNAMITE_QUERY_LEXER_H_
