// What Query and Scan share between their requests and their pages: the
// Select / projection rules, the FilterExpression and ProjectionExpression
// (parsed with the request's placeholders) or their legacy forms, and the
// shaping of a page's items into the response.
//
// Thread safety: pure functions.

#ifndef DYNAMITE_API_READ_SHARED_H_
#define DYNAMITE_API_READ_SHARED_H_

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

#include "api/consumed_capacity.h"
#include "api/read_requests.h"
#include "query/ast.h"
#include "query/bound.h"
#include "query/expression_cache.h"
#include "query/legacy.h"
#include "query/page.h"
#include "query/placeholders.h"
#include "store/key.h"
#include "store/table_definition.h"

namespace dynamite {

// The Select / projection conflicts (reference §5.4), each message behind
// `prefix` (Query's carry "1 validation error detected: ", Scan's none).
// `projection_parameter` names the request's projection,
// "ProjectionExpression" or "AttributesToGet", and is empty when it has
// none. `has_index`: the request names an IndexName.
absl::Status ValidateSelect(const std::optional<Select>& select,
                            absl::string_view projection_parameter,
                            absl::string_view prefix, bool has_index);

// The parameter-constraint violations Query and Scan share, in DynamoDB's
// order — an empty AttributesToGet, a Limit below 1 — for the request's
// aggregated constraint error (api/constraint.h); the caller appends its
// own.
std::vector<std::string> ReadConstraintViolations(
    const std::optional<std::vector<std::string>>& attributes_to_get,
    const std::optional<int64_t>& limit);

// A legacy QueryFilter / ScanFilter with its ConditionalOperator (query/
// legacy.h ResolveConditionalOperator() and TranslateFilter()); std::nullopt
// when there is no filter.
absl::StatusOr<std::optional<BoundCondition>> TranslateLegacyFilter(
    const std::optional<LegacyConditions>& filter,
    std::optional<ConditionalOperator> conditional_operator);

struct ReadExpressions {
  std::optional<BoundCondition> filter;
  // nullptr when the request has no ProjectionExpression.
  std::shared_ptr<const std::vector<DocumentPath>> projection;

  // The projection's paths; empty without one.
  const std::vector<DocumentPath>& projection_paths() const;
};

// Compiles the FilterExpression, then the ProjectionExpression (checking
// its paths are disjoint) through `cache`, resolving placeholders through
// `placeholders`.
absl::StatusOr<ReadExpressions> ParseReadExpressions(
    const std::optional<std::string>& filter_expression,
    const std::optional<std::string>& projection_expression,
    Placeholders& placeholders, ExpressionCache& cache);

// The response for `page`: its items projected to `projection` when the
// request has one (`has_projection`: a ProjectionExpression or
// AttributesToGet), none at all under Select COUNT, and LastEvaluatedKey as
// the key of the page's last evaluated item. A page read from `index`
// (nullptr: from the table) answers with the index's projected attributes
// when asked for them (api/index_read.h), and its LastEvaluatedKey carries
// the index's keys too.
ItemPage MakeItemPage(ReadPage page, const std::optional<Select>& select,
                      bool has_projection,
                      const std::vector<DocumentPath>& projection,
                      const KeySchema& schema,
                      const IndexDefinition* index = nullptr);

// The ConsumedCapacity of a Query or Scan page that read `read_bytes`
// (ReadPage::read_bytes): rounded once to 4 KB blocks, at least one,
// strongly consistent when `consistent_read`. Charged to the table
// `table_name`, or, for a page read from `index` (an index of
// `definition`, non-null with it), to the index alone. std::nullopt under
// kNone.
std::optional<ConsumedCapacity> PageCapacity(ReturnConsumedCapacity asked,
                                             const std::string& table_name,
                                             const TableDefinition* definition,
                                             const IndexDefinition* index,
                                             int64_t read_bytes,
                                             bool consistent_read);

}  // namespace dynamite

#endif  // DYNAMITE_API_READ_SHARED_H_
