#include "api/read_shared.h"

#include <memory>
#include <utility>

#include "absl/strings/str_cat.h"

#include "common/errors.h"
#include "common/status_macros.h"
#include "query/parser.h"
#include "query/projection.h"

namespace dynamite {

absl::Status ValidateSelect(const std::optional<Select>& select,
                            bool has_projection, absl::string_view prefix) {
  if (select == Select::kSpecificAttributes && !has_projection) {
    return ValidationError(
        absl::StrCat(prefix,
                     "Must specify the AttributesToGet or ProjectionExpression "
                     "when choosing to get SPECIFIC_ATTRIBUTES"));
  }
  if (has_projection && select.has_value() &&
      *select != Select::kSpecificAttributes) {
    absl::string_view what = *select == Select::kAllAttributes
                                 ? "ALL_ATTRIBUTES"
                             : *select == Select::kAllProjectedAttributes
                                 ? "ALL_PROJECTED_ATTRIBUTES"
                                 : "only the Count";
    return ValidationError(absl::StrCat(
        prefix, "Cannot specify the ProjectionExpression when choosing to get ",
        what));
  }
  if (select == Select::kAllProjectedAttributes) {
    return ValidationError(
        absl::StrCat(prefix,
                     "ALL_PROJECTED_ATTRIBUTES can be used only when Querying "
                     "using an IndexName"));
  }
  return absl::OkStatus();
}

absl::StatusOr<ReadExpressions> ParseReadExpressions(
    const std::optional<std::string>& filter_expression,
    const std::optional<std::string>& projection_expression,
    Placeholders& placeholders) {
  ReadExpressions result;
  if (filter_expression.has_value()) {
    DYNAMITE_ASSIGN_OR_RETURN(
        result.filter,
        ParseCondition(*filter_expression, ExpressionKind::kFilterExpression,
                       placeholders));
  }
  if (projection_expression.has_value()) {
    DYNAMITE_ASSIGN_OR_RETURN(
        result.projection,
        ParseProjection(*projection_expression, placeholders));
    DYNAMITE_RETURN_IF_ERROR(CheckPathsDisjoint(
        result.projection, "Invalid ProjectionExpression: "));
  }
  return result;
}

ItemPage MakeItemPage(ReadPage page, const std::optional<Select>& select,
                      const std::optional<std::string>& projection_expression,
                      const std::vector<DocumentPath>& projection,
                      const KeySchema& schema) {
  ItemPage response;
  response.has_items = select != Select::kCount;
  response.scanned_count = page.scanned_count;
  response.count = page.count;
  response.items = std::move(page.items);
  if (projection_expression.has_value()) {
    // Outside the table's lock: the snapshots are immutable.
    for (ItemPtr& item : response.items) {
      item = std::make_shared<const Item>(ProjectItem(*item, projection));
    }
  }
  if (page.last_evaluated != nullptr) {
    response.last_evaluated_key = KeyOf(schema, *page.last_evaluated);
  }
  return response;
}

}  // namespace dynamite
