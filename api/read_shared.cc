#include "api/read_shared.h"

#include <memory>
#include <string>
#include <utility>

#include "absl/strings/str_cat.h"

#include "api/constraint.h"
#include "api/index_read.h"
#include "common/constraint_error.h"
#include "common/errors.h"
#include "common/status_macros.h"
#include "query/parser.h"
#include "query/projection.h"
#include "store/catalog.h"
#include "store/table.h"

namespace dynamite {

absl::Status ValidateSelect(const std::optional<Select>& select,
                            absl::string_view projection_parameter,
                            SelectMessages messages, bool has_index) {
  auto error = [messages](std::string message) {
    return messages == SelectMessages::kConstraintForm
               ? ConstraintError(std::move(message))
               : ValidationError(message);
  };
  const bool has_projection = !projection_parameter.empty();
  if (select == Select::kSpecificAttributes && !has_projection) {
    return error(
        "Must specify the AttributesToGet or ProjectionExpression when "
        "choosing to get SPECIFIC_ATTRIBUTES");
  }
  if (has_projection && select.has_value() &&
      *select != Select::kSpecificAttributes) {
    absl::string_view what = *select == Select::kAllAttributes
                                 ? "ALL_ATTRIBUTES"
                             : *select == Select::kAllProjectedAttributes
                                 ? "ALL_PROJECTED_ATTRIBUTES"
                                 : "only the Count";
    return error(absl::StrCat("Cannot specify the ", projection_parameter,
                              " when choosing to get ", what));
  }
  if (select == Select::kAllProjectedAttributes && !has_index) {
    return error(
        "ALL_PROJECTED_ATTRIBUTES can be used only when Querying using an "
        "IndexName");
  }
  return absl::OkStatus();
}

std::vector<std::string> ReadConstraintViolations(
    const std::optional<std::vector<std::string>>& attributes_to_get,
    const std::optional<int64_t>& limit) {
  std::vector<std::string> violations;
  if (attributes_to_get.has_value() && attributes_to_get->empty()) {
    // dynalite validations/query.js, scan.js (attributesToGet
    // lengthGreaterThanOrEqual 1) and test/query.js, listed with the other
    // constraint violations.
    violations.push_back(ConstraintViolation(
        "[]", "attributesToGet",
        "Member must have length greater than or equal to 1"));
  }
  if (limit.has_value() && *limit < 1) {
    violations.push_back(ConstraintViolation(
        absl::StrCat(*limit), "limit",
        "Member must have value greater than or equal to 1"));
  }
  return violations;
}

absl::StatusOr<std::optional<BoundCondition>> TranslateLegacyFilter(
    const std::optional<LegacyConditions>& filter,
    std::optional<ConditionalOperator> conditional_operator) {
  DYNAMITE_ASSIGN_OR_RETURN(
      ConditionalOperator op,
      ResolveConditionalOperator(conditional_operator,
                                 filter.has_value() ? filter->size() : 0));
  if (!filter.has_value()) return std::optional<BoundCondition>();
  return TranslateFilter(*filter, op);
}

const std::vector<DocumentPath>& ReadExpressions::projection_paths() const {
  static const std::vector<DocumentPath>* const kNone =
      new std::vector<DocumentPath>();
  return projection != nullptr ? *projection : *kNone;
}

absl::StatusOr<ReadExpressions> ParseReadExpressions(
    const std::optional<std::string>& filter_expression,
    const std::optional<std::string>& projection_expression,
    Placeholders& placeholders, ExpressionCache& cache) {
  ReadExpressions result;
  if (filter_expression.has_value()) {
    DYNAMITE_ASSIGN_OR_RETURN(
        result.filter, cache.CompileCondition(*filter_expression,
                                              ExpressionKind::kFilterExpression,
                                              placeholders));
  }
  if (projection_expression.has_value()) {
    DYNAMITE_ASSIGN_OR_RETURN(
        result.projection,
        cache.CompileProjection(*projection_expression, placeholders));
  }
  return result;
}

PageContents ReadSource::contents() const {
  return select == Select::kCount ? PageContents::kCountOnly
                                  : PageContents::kItems;
}

bool ReadSource::is_key_attribute(absl::string_view name) const {
  return index != nullptr ? index->is_key_attribute(name)
                          : table->schema().is_key_attribute(name);
}

absl::StatusOr<ReadSource> ResolveReadSource(
    const Catalog& catalog, const std::string& table_name,
    const std::optional<std::string>& index_name, bool consistent_read,
    const std::optional<Select>& select,
    const std::vector<DocumentPath>* projection, const Clock& clock) {
  DYNAMITE_ASSIGN_OR_RETURN(std::shared_ptr<Table> table,
                            catalog.FindForItems(table_name, kTableNotFound));
  ReadSource source{
      .table = std::move(table), .select = select, .projection = projection};
  if (!index_name.has_value()) return source;
  source.definition = source.table->definition();
  DYNAMITE_ASSIGN_OR_RETURN(
      source.index,
      ResolveIndex(*source.definition, *index_name, consistent_read, clock));
  static const std::vector<DocumentPath>* const kNone =
      new std::vector<DocumentPath>();
  DYNAMITE_RETURN_IF_ERROR(
      CheckIndexProjection(*source.index, source.table->schema(), select,
                           projection != nullptr ? *projection : *kNone));
  return source;
}

ItemPage MakeItemPage(ReadPage page, const ReadSource& source) {
  const KeySchema& schema = source.table->schema();
  const IndexDefinition* index = source.index;
  const bool has_projection = source.projection != nullptr;
  ItemPage response;
  response.has_items = source.select != Select::kCount;
  response.scanned_count = page.scanned_count;
  response.count = page.count;
  response.items = std::move(page.items);
  // Outside the table's lock: the snapshots are immutable.
  if (has_projection) {
    for (ItemPtr& item : response.items) {
      item =
          MakeUnpackedItemPtr(ProjectItem(*item.packed(), *source.projection));
    }
  } else if (index != nullptr &&
             NeedsIndexProjection(*index, source.select, has_projection)) {
    for (ItemPtr& item : response.items) {
      item =
          MakeUnpackedItemPtr(ProjectToIndex(*index, schema, *item.packed()));
    }
  }
  if (page.last_evaluated != nullptr) {
    const PackedItem& last = *page.last_evaluated.packed();
    response.last_evaluated_key = index != nullptr
                                      ? IndexPageKey(schema, *index, last)
                                      : KeyOf(schema, last);
  }
  return response;
}

std::optional<ConsumedCapacity> PageCapacity(ReturnConsumedCapacity asked,
                                             const std::string& table_name,
                                             const ReadSource& source,
                                             int64_t read_bytes,
                                             bool consistent_read) {
  CapacityMeter meter(asked);
  if (!meter.enabled()) return std::nullopt;
  const double units = ReadUnits(
      read_bytes, consistent_read ? ReadMode::kStrong : ReadMode::kEventual);
  if (source.index != nullptr) {
    meter.AddIndexRead(*source.definition, source.index->name, units);
  } else {
    meter.AddTableRead(table_name, units);
  }
  return meter.ReportTable(table_name);
}

}  // namespace dynamite
