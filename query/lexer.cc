// Expression tokens, as DynamoDB splits them:
//
//   token        := name | name_ref | value_ref | integer | punct | unknown
//   name         := [a-zA-Z] [a-zA-Z0-9_]*
//   name_ref     := '#' [a-zA-Z0-9_]+
//   value_ref    := ':' [a-zA-Z0-9_]+
//   integer      := '0' | [1-9] [0-9]*      ("01" is two tokens, 0 and 1)
//   punct        := '(' | ')' | '[' | ']' | ',' | '.' | '+' | '-'
//                 | '=' | '<>' | '<=' | '>=' | '<' | '>'
//   unknown      := any other character (one UTF-8 sequence, or one byte
//                   when the bytes are not valid UTF-8)
//   whitespace   := ' ' | '\t' | '\r' | '\n'   (separates tokens, skipped)

#include "query/lexer.h"

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"

namespace dynamite {
namespace {

bool IsLetter(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}
bool IsDigit(char c) { return c >= '0' && c <= '9'; }
bool IsWordChar(char c) { return IsLetter(c) || IsDigit(c) || c == '_'; }
bool IsSpace(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

// The length of the UTF-8 sequence starting at text[pos], or 1 if the bytes
// there are not a well-formed sequence.
size_t Utf8SequenceLength(absl::string_view text, size_t pos) {
  const unsigned char lead = static_cast<unsigned char>(text[pos]);
  size_t length = 1;
  if (lead >= 0xC2 && lead <= 0xDF) {
    length = 2;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    length = 3;
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    length = 4;
  }
  if (pos + length > text.size()) return 1;
  for (size_t i = 1; i < length; ++i) {
    const unsigned char c = static_cast<unsigned char>(text[pos + i]);
    if ((c & 0xC0) != 0x80) return 1;
  }
  return length;
}

// Returns the kind and length of the punctuation token at text[pos], or
// kUnknown with length 0 if there is none.
std::pair<TokenKind, size_t> Punctuation(absl::string_view text, size_t pos) {
  const char c = text[pos];
  const char next = pos + 1 < text.size() ? text[pos + 1] : '\0';
  switch (c) {
    case '(':
      return {TokenKind::kLeftParen, 1};
    case ')':
      return {TokenKind::kRightParen, 1};
    case '[':
      return {TokenKind::kLeftBracket, 1};
    case ']':
      return {TokenKind::kRightBracket, 1};
    case ',':
      return {TokenKind::kComma, 1};
    case '.':
      return {TokenKind::kDot, 1};
    case '+':
      return {TokenKind::kPlus, 1};
    case '-':
      return {TokenKind::kMinus, 1};
    case '=':
      return {TokenKind::kEq, 1};
    case '<':
      if (next == '>') return {TokenKind::kNe, 2};
      if (next == '=') return {TokenKind::kLe, 2};
      return {TokenKind::kLt, 1};
    case '>':
      if (next == '=') return {TokenKind::kGe, 2};
      return {TokenKind::kGt, 1};
    default:
      return {TokenKind::kUnknown, 0};
  }
}

// Lexes the token that starts at text[pos], which is not whitespace.
Token LexOne(absl::string_view text, size_t pos) {
  const char c = text[pos];
  size_t end = pos + 1;
  TokenKind kind = TokenKind::kUnknown;
  if (IsLetter(c)) {
    while (end < text.size() && IsWordChar(text[end])) ++end;
    kind = TokenKind::kName;
  } else if (c == '#' || c == ':') {
    while (end < text.size() && IsWordChar(text[end])) ++end;
    if (end > pos + 1) {
      kind =
          c == '#' ? TokenKind::kNamePlaceholder : TokenKind::kValuePlaceholder;
    }
  } else if (IsDigit(c)) {
    if (c != '0') {
      while (end < text.size() && IsDigit(text[end])) ++end;
    }
    kind = TokenKind::kInteger;
  } else if (auto [punct, length] = Punctuation(text, pos); length > 0) {
    kind = punct;
    end = pos + length;
  } else {
    end = pos + Utf8SequenceLength(text, pos);
  }
  return Token{kind, text.substr(pos, end - pos), pos};
}

}  // namespace

std::vector<Token> Tokenize(absl::string_view text) {
  std::vector<Token> tokens;
  size_t pos = 0;
  while (true) {
    while (pos < text.size() && IsSpace(text[pos])) ++pos;
    if (pos == text.size()) break;
    tokens.push_back(LexOne(text, pos));
    pos = tokens.back().end();
  }
  tokens.push_back(Token{TokenKind::kEof, absl::string_view(), text.size()});
  return tokens;
}

bool IsKeyword(const Token& token, absl::string_view keyword) {
  return token.kind == TokenKind::kName &&
         absl::EqualsIgnoreCase(token.text, keyword);
}

bool IsComparator(TokenKind kind) {
  return kind == TokenKind::kEq || kind == TokenKind::kNe ||
         kind == TokenKind::kLt || kind == TokenKind::kLe ||
         kind == TokenKind::kGt || kind == TokenKind::kGe;
}

std::string SyntaxErrorMessage(absl::string_view text,
                               const std::vector<Token>& tokens, size_t index) {
  const Token& token = tokens[index];
  const size_t from = index > 0 ? tokens[index - 1].offset : 0;
  const size_t to =
      index + 1 < tokens.size() ? tokens[index + 1].end() : text.size();
  const absl::string_view shown =
      token.kind == TokenKind::kEof ? absl::string_view("<EOF>") : token.text;
  return absl::StrCat("Syntax error; token: \"", shown, "\", near: \"",
                      text.substr(from, to - from), "\"");
}

}  // namespace dynamite
