// ExpressionReader: the token cursor, error collection and document-path
// reading shared by the condition, projection and update expression parsers
// (internal to query/).
//
// It reads paths as reference §7.4 describes:
// `name | #ref` then `.name`, `.#ref` or `[integer]` steps; a reserved word
// as a name, a list index above 2^31-1, an undefined placeholder and a path
// deeper than kMaxDocumentPathDepth are recorded in errors() (see
// query/expression_checks.h for the order in which they are reported),
// while a syntax error stops the reading at once.
//
// Thread safety: one reader belongs to one parse on one thread.

#ifndef DYNAMITE_QUERY_EXPRESSION_READER_H_
#define DYNAMITE_QUERY_EXPRESSION_READER_H_

#include <cstddef>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

#include "query/ast.h"
#include "query/expression_checks.h"
#include "query/lexer.h"
#include "query/parser.h"
#include "query/placeholders.h"
#include "store/value.h"

namespace dynamite::query_internal {

class ExpressionReader {
 public:
  // `text` and `placeholders` must outlive the reader. With
  // `clause_keywords`, the update clause names SET, REMOVE, ADD and DELETE
  // (any case) are keywords and never read as names.
  ExpressionReader(absl::string_view text, ExpressionKind kind,
                   Placeholders& placeholders, bool clause_keywords = false);
  // Tells whether a kName token is a keyword, never read as a name.
  using KeywordTest = bool (*)(const Token& token);
  // As above, with `is_keyword` (may be null) naming the keywords.
  ExpressionReader(absl::string_view text, ExpressionKind kind,
                   Placeholders& placeholders, KeywordTest is_keyword);

  ExpressionReader(const ExpressionReader&) = delete;
  ExpressionReader& operator=(const ExpressionReader&) = delete;

  // The token at the cursor (or `ahead` tokens later; kEof past the end).
  const Token& Peek(size_t ahead = 0) const;
  // Returns the token at the cursor and moves past it (never past kEof).
  const Token& Advance();
  // Moves past a token of `kind`, or returns a syntax error at the cursor.
  absl::Status Expect(TokenKind kind);

  // "Invalid <Param>: <message>".
  absl::Status Error(absl::string_view message) const;
  // A syntax error at the cursor.
  absl::Status SyntaxError() const;
  // The prefixed deferred winner, or OK when nothing was recorded.
  absl::Status DeferredStatus() const;
  // Counts one operator; the 301st is an error.
  absl::Status CountOperator();

  // Reads a document path at the cursor.
  absl::StatusOr<DocumentPath> ParsePath();
  // Resolves the `:v` token `placeholder` to its slot (a new one at its
  // first appearance); an undefined one is recorded and read as NULL.
  ValueOperand ResolveValue(absl::string_view placeholder);
  // The values of the slots resolved so far, for the checks that read
  // constants. Valid until the next ResolveValue().
  ValueBindings values() const { return values_; }

  DeferredErrors& errors() { return errors_; }

 private:
  absl::StatusOr<std::string> ParsePathName();
  ListIndex ParseListIndex(const Token& token);

  const absl::string_view text_;
  const ExpressionKind kind_;
  Placeholders& placeholders_;
  const KeywordTest is_keyword_;
  const std::vector<Token> tokens_;
  size_t pos_ = 0;
  int operators_ = 0;
  DeferredErrors errors_;
  std::vector<std::string> slots_;             // placeholder by slot
  std::vector<const AttributeValue*> values_;  // value by slot
};

}  // namespace dynamite::query_internal

#endif  // DYNAMITE_QUERY_EXPRESSION_READER_H_
