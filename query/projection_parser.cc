// ProjectionExpression parsing (reference §7.4):
//
//   expression := path ( ',' path )* EOF
//
// The overlap and conflict rules between the paths are checked by
// query/projection.h (CheckPathsDisjoint), not here.

#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

#include "common/status_macros.h"
#include "query/ast.h"
#include "query/expression_reader.h"
#include "query/parser.h"
#include "query/placeholders.h"

namespace dynamite {

absl::StatusOr<std::vector<DocumentPath>> ParseProjection(
    absl::string_view text, Placeholders& placeholders) {
  constexpr ExpressionKind kKind = ExpressionKind::kProjectionExpression;
  DYNAMITE_RETURN_IF_ERROR(CheckExpressionText(text, kKind));
  query_internal::ExpressionReader reader(text, kKind, placeholders);
  std::vector<DocumentPath> paths;
  while (true) {
    DYNAMITE_ASSIGN_OR_RETURN(DocumentPath path, reader.ParsePath());
    paths.push_back(std::move(path));
    if (reader.Peek().kind != TokenKind::kComma) break;
    reader.Advance();
  }
  if (reader.Peek().kind != TokenKind::kEof) return reader.SyntaxError();
  DYNAMITE_RETURN_IF_ERROR(reader.DeferredStatus());
  return paths;
}

}  // namespace dynamite
