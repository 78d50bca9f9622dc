// Database::Scan. The request is validated whole (parameters, the mix of
// legacy and expression parameters, Select, Segment/TotalSegments, the
// expression attribute maps, AttributesToGet and ScanFilter, the filter and
// projection expressions and their placeholders, the table, ExclusiveStartKey
// and its segment) before the table is read; query/scan.h walks the table, the
// filter runs inside the walk and the projection on the page's items.

#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"

#include "api/constraint.h"
#include "api/database.h"
#include "api/expression_attributes.h"
#include "api/index_read.h"
#include "api/read_shared.h"
#include "api/start_key.h"
#include "common/constraint_error.h"
#include "common/errors.h"
#include "common/status_macros.h"
#include "query/legacy.h"
#include "query/scan.h"
#include "store/key.h"
#include "store/table.h"

namespace dynamite {
namespace {

constexpr int64_t kMaxTotalSegments = 1000000;

absl::Status ValidateScanParameters(const ScanRequest& request) {
  DYNAMITE_RETURN_IF_ERROR(
      ValidateTableName(request.table_name, TableNameUse::kItemOperation));
  std::vector<std::string> violations =
      ReadConstraintViolations(request.attributes_to_get, request.limit);
  if (request.segment.has_value() && *request.segment < 0) {
    violations.push_back(ConstraintViolation(
        absl::StrCat(*request.segment), "segment",
        "Member must have value greater than or equal to 0"));
  }
  if (request.total_segments.has_value()) {
    if (*request.total_segments < 1) {
      violations.push_back(ConstraintViolation(
          absl::StrCat(*request.total_segments), "totalSegments",
          "Member must have value greater than or equal to 1"));
    } else if (*request.total_segments > kMaxTotalSegments) {
      violations.push_back(ConstraintViolation(
          absl::StrCat(*request.total_segments), "totalSegments",
          "Member must have value less than or equal to 1000000"));
    }
  }
  if (!violations.empty()) return ConstraintError(violations);
  DYNAMITE_RETURN_IF_ERROR(RejectMixedParameters(
      {{"AttributesToGet", request.attributes_to_get.has_value()},
       {"ScanFilter", request.scan_filter.has_value()},
       {"ConditionalOperator", request.conditional_operator.has_value()}},
      {{"ProjectionExpression", request.projection_expression.has_value()},
       {"FilterExpression", request.filter_expression.has_value()}}));
  absl::string_view projection_parameter =
      request.projection_expression.has_value() ? "ProjectionExpression"
      : request.attributes_to_get.has_value()   ? "AttributesToGet"
                                                : "";
  DYNAMITE_RETURN_IF_ERROR(ValidateSelect(request.select, projection_parameter,
                                          SelectMessages::kPlain,
                                          request.index_name.has_value()));
  if (request.segment.has_value() && !request.total_segments.has_value()) {
    return ValidationError(
        "The TotalSegments parameter is required but was not present in the "
        "request when Segment parameter is present");
  }
  if (request.total_segments.has_value() && !request.segment.has_value()) {
    return ValidationError(
        "The Segment parameter is required but was not present in the "
        "request when parameter TotalSegments is present");
  }
  if (request.segment.has_value() &&
      *request.segment >= *request.total_segments) {
    return ValidationError(absl::StrCat(
        "The Segment parameter is zero-based and must be less than parameter "
        "TotalSegments: Segment: ",
        *request.segment,
        " is not less than TotalSegments: ", *request.total_segments));
  }
  return ValidateExpressionAttributes(
      request.expression_attribute_names, request.expression_attribute_values,
      {{"ProjectionExpression", request.projection_expression.has_value()},
       {"FilterExpression", request.filter_expression.has_value()}});
}

}  // namespace

absl::StatusOr<ScanResponse> Database::Scan(const ScanRequest& request) {
  DYNAMITE_RETURN_IF_ERROR(ValidateScanParameters(request));
  // AttributesToGet, then ScanFilter (dynalite validations/scan.js).
  std::vector<DocumentPath> legacy_projection;
  if (request.attributes_to_get.has_value()) {
    DYNAMITE_ASSIGN_OR_RETURN(
        legacy_projection,
        TranslateAttributesToGet(*request.attributes_to_get));
  }
  DYNAMITE_ASSIGN_OR_RETURN(
      std::optional<BoundCondition> legacy_filter,
      TranslateLegacyFilter(request.scan_filter, request.conditional_operator));
  Placeholders placeholders = MakePlaceholders(
      request.expression_attribute_names, request.expression_attribute_values);
  DYNAMITE_ASSIGN_OR_RETURN(ReadExpressions expressions,
                            ParseReadExpressions(request.filter_expression,
                                                 request.projection_expression,
                                                 placeholders, expressions_));
  DYNAMITE_RETURN_IF_ERROR(placeholders.CheckAllUsed());
  DYNAMITE_ASSIGN_OR_RETURN(
      ReadSource source,
      ResolveReadSource(catalog_, request.table_name, request.index_name,
                        request.consistent_read, request.select,
                        request.attributes_to_get.has_value()
                            ? &legacy_projection
                            : expressions.projection.get(),
                        *clock_));
  const KeySchema& schema = source.table->schema();
  const IndexDefinition* index = source.index;

  ScanPlan plan;
  plan.limit = request.limit.value_or(0);
  const std::optional<BoundCondition>& filter =
      request.scan_filter.has_value() ? legacy_filter : expressions.filter;
  plan.filter = filter.has_value() ? &*filter : nullptr;
  plan.range.segment = request.segment.value_or(0);
  plan.range.total_segments = request.total_segments.value_or(1);
  std::optional<IndexPosition> index_start;
  if (request.exclusive_start_key.has_value()) {
    std::string start_partition;
    if (index != nullptr) {
      DYNAMITE_ASSIGN_OR_RETURN(
          index_start,
          EncodeIndexStartKey(schema, *index, *request.exclusive_start_key));
      start_partition = index_start->partition;
    } else {
      DYNAMITE_ASSIGN_OR_RETURN(
          plan.range.exclusive_start,
          EncodeExclusiveStartKey(schema, *request.exclusive_start_key));
      start_partition = plan.range.exclusive_start->partition;
    }
    if (SegmentOf(PartitionHash(start_partition), plan.range.total_segments) !=
        plan.range.segment) {
      return ValidationError(absl::StrCat(
          "The provided starting key is invalid: Invalid ExclusiveStartKey. "
          "Please use ExclusiveStartKey with correct Segment. TotalSegments: ",
          plan.range.total_segments, " Segment: ", plan.range.segment));
    }
  }

  std::optional<ReadPage> page;
  if (index == nullptr) {
    page = ExecuteScan(*source.table, plan, source.contents());
  } else {
    page = ExecuteIndexScan(*source.table, index->name, plan,
                            index_start.has_value() ? &*index_start : nullptr,
                            source.contents());
    if (!page.has_value()) {
      return ValidationError(absl::StrCat(
          "The table does not have the specified index: ", index->name));
    }
  }
  std::optional<ConsumedCapacity> capacity =
      PageCapacity(request.return_consumed_capacity, request.table_name, source,
                   page->read_bytes, request.consistent_read);
  ScanResponse response = MakeItemPage(*std::move(page), source);
  response.consumed_capacity = std::move(capacity);
  return response;
}

}  // namespace dynamite
