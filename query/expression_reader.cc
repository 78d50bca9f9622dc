#include "query/expression_reader.h"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>

#include "absl/strings/str_cat.h"

#include "common/status_macros.h"
#include "query/reserved_words.h"

namespace dynamite::query_internal {
namespace {

// The largest list index DynamoDB accepts (a Java int).
constexpr int64_t kMaxListIndex = 2147483647;

bool IsClauseKeyword(const Token& token) {
  return IsKeyword(token, "SET") || IsKeyword(token, "REMOVE") ||
         IsKeyword(token, "ADD") || IsKeyword(token, "DELETE");
}

}  // namespace

ExpressionReader::ExpressionReader(absl::string_view text, ExpressionKind kind,
                                   Placeholders& placeholders,
                                   bool clause_keywords)
    : ExpressionReader(text, kind, placeholders,
                       clause_keywords ? &IsClauseKeyword : nullptr) {}

ExpressionReader::ExpressionReader(absl::string_view text, ExpressionKind kind,
                                   Placeholders& placeholders,
                                   KeywordTest is_keyword)
    : text_(text),
      kind_(kind),
      placeholders_(placeholders),
      is_keyword_(is_keyword),
      tokens_(Tokenize(text)) {}

const Token& ExpressionReader::Peek(size_t ahead) const {
  return tokens_[std::min(pos_ + ahead, tokens_.size() - 1)];
}

const Token& ExpressionReader::Advance() {
  const Token& token = tokens_[pos_];
  if (pos_ + 1 < tokens_.size()) ++pos_;
  return token;
}

absl::Status ExpressionReader::Expect(TokenKind kind) {
  if (Peek().kind != kind) return SyntaxError();
  Advance();
  return absl::OkStatus();
}

absl::Status ExpressionReader::Error(absl::string_view message) const {
  return ExpressionError(kind_, message);
}

absl::Status ExpressionReader::SyntaxError() const {
  return Error(SyntaxErrorMessage(text_, tokens_, pos_));
}

absl::Status ExpressionReader::DeferredStatus() const {
  if (const std::optional<std::string>& error = errors_.Winner()) {
    return Error(*error);
  }
  return absl::OkStatus();
}

absl::Status ExpressionReader::CountOperator() {
  if (++operators_ > kMaxExpressionOperators) {
    return Error(absl::StrCat(
        "The expression contains too many operators; operator count: ",
        operators_));
  }
  return absl::OkStatus();
}

absl::StatusOr<DocumentPath> ExpressionReader::ParsePath() {
  DocumentPath path;
  DYNAMITE_ASSIGN_OR_RETURN(std::string first, ParsePathName());
  path.elements.emplace_back(std::move(first));
  while (true) {
    if (Peek().kind == TokenKind::kDot) {
      Advance();
      DYNAMITE_ASSIGN_OR_RETURN(std::string name, ParsePathName());
      path.elements.emplace_back(std::move(name));
    } else if (Peek().kind == TokenKind::kLeftBracket) {
      Advance();
      if (Peek().kind != TokenKind::kInteger) return SyntaxError();
      path.elements.emplace_back(ParseListIndex(Advance()));
      DYNAMITE_RETURN_IF_ERROR(Expect(TokenKind::kRightBracket));
    } else {
      break;
    }
  }
  if (path.elements.size() > static_cast<size_t>(kMaxDocumentPathDepth)) {
    errors_.AddSemantic(absl::StrCat(
        "The document path has too many nesting levels; nesting levels: ",
        path.elements.size()));
  }
  return path;
}

absl::StatusOr<std::string> ExpressionReader::ParsePathName() {
  const Token& token = Peek();
  if (token.kind == TokenKind::kName &&
      (is_keyword_ == nullptr || !is_keyword_(token))) {
    Advance();
    if (IsReservedWord(token.text)) {
      errors_.AddStatic(
          token.offset, kRankFirst,
          absl::StrCat(
              "Attribute name is a reserved keyword; reserved keyword: ",
              token.text));
    }
    return std::string(token.text);
  }
  if (token.kind == TokenKind::kNamePlaceholder) {
    Advance();
    absl::StatusOr<std::string> name = placeholders_.ResolveName(token.text);
    if (!name.ok()) {
      errors_.AddSemantic(std::string(name.status().message()));
      return std::string(token.text);
    }
    return *std::move(name);
  }
  return SyntaxError();
}

ListIndex ExpressionReader::ParseListIndex(const Token& token) {
  int64_t value = 0;
  bool in_range = token.text.size() <= 10;
  for (size_t i = 0; in_range && i < token.text.size(); ++i) {
    value = value * 10 + (token.text[i] - '0');
  }
  if (!in_range || value > kMaxListIndex) {
    errors_.AddStatic(
        token.offset, kRankFirst,
        absl::StrCat("List index is not within the allowable range; index: [",
                     token.text, "]"));
    value = 0;
  }
  return ListIndex{static_cast<int32_t>(value)};
}

ValueOperand ExpressionReader::ResolveValue(absl::string_view placeholder) {
  for (uint32_t slot = 0; slot < slots_.size(); ++slot) {
    if (slots_[slot] == placeholder) {
      return ValueOperand{std::string(placeholder), slot};
    }
  }
  absl::StatusOr<const AttributeValue*> value =
      placeholders_.ResolveValue(placeholder);
  if (!value.ok()) {
    errors_.AddSemantic(std::string(value.status().message()));
    // Read as NULL so that the checks after it still run.
    static const AttributeValue* const kNull =
        new AttributeValue(AttributeValue::Null());
    values_.push_back(kNull);
  } else {
    values_.push_back(*value);
  }
  slots_.emplace_back(placeholder);
  return ValueOperand{std::string(placeholder),
                      static_cast<uint32_t>(slots_.size() - 1)};
}

}  // namespace dynamite::query_internal
