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
#include "common/clock.h"
#include "query/ast.h"
#include "query/bound.h"
#include "query/expression_cache.h"
#include "query/legacy.h"
#include "query/page.h"
#include "query/placeholders.h"
#include "store/key.h"
#include "store/table_definition.h"

namespace dynamite {

class Catalog;  // store/catalog.h
class Table;    // store/table.h

// How a read's Select messages are worded (reference §5.4): Query's are
// one-violation constraint errors ("1 validation error detected: ...",
// common/constraint_error.h), Scan's carry no prefix.
enum class SelectMessages { kConstraintForm, kPlain };

// The Select / projection conflicts (reference §5.4), worded as `messages`.
// `projection_parameter` names the request's projection,
// "ProjectionExpression" or "AttributesToGet", and is empty when it has
// none. `has_index`: the request names an IndexName.
absl::Status ValidateSelect(const std::optional<Select>& select,
                            absl::string_view projection_parameter,
                            SelectMessages messages, bool has_index);

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

// What a Query or Scan reads: the table, or one of its indexes (found in
// one definition snapshot, which the page is charged against), and how its
// page's items are shaped: to the request's projection (ProjectionExpression
// or AttributesToGet), else to the index's projected attributes when asked
// for them (api/index_read.h), and to nothing under Select COUNT.
struct ReadSource {
  std::shared_ptr<Table> table;
  std::shared_ptr<const TableDefinition> definition;  // index reads only
  const IndexDefinition* index = nullptr;             // nullptr: the table
  std::optional<Select> select;
  // The request's projection; nullptr when it has none.
  const std::vector<DocumentPath>* projection = nullptr;

  // Whether the page carries items at all (not under Select COUNT).
  PageContents contents() const;
  // An attribute of the read's key: the index's (the table's included), or
  // the table's.
  bool is_key_attribute(absl::string_view name) const;
};

// The source of a read of the table `table_name` (kResourceNotFound when
// `catalog` has none, or only one still CREATING) naming `index_name` (none:
// the table), after checking what the request asks of the index
// (ResolveIndex(), CheckIndexProjection()). `projection` must outlive the
// source.
absl::StatusOr<ReadSource> ResolveReadSource(
    const Catalog& catalog, const std::string& table_name,
    const std::optional<std::string>& index_name, bool consistent_read,
    const std::optional<Select>& select,
    const std::vector<DocumentPath>* projection, const Clock& clock);

// The response for `page` read from `source`: its items shaped as the
// source says, and LastEvaluatedKey as the key of the page's last
// evaluated item (with the index's keys for an index read).
ItemPage MakeItemPage(ReadPage page, const ReadSource& source);

// The ConsumedCapacity of a Query or Scan page that read `read_bytes`
// (ReadPage::read_bytes): rounded once to 4 KB blocks, at least one,
// strongly consistent when `consistent_read`. Charged to the table
// `table_name`, or, for an index read, to the index alone. std::nullopt
// under kNone.
std::optional<ConsumedCapacity> PageCapacity(ReturnConsumedCapacity asked,
                                             const std::string& table_name,
                                             const ReadSource& source,
                                             int64_t read_bytes,
                                             bool consistent_read);

}  // namespace dynamite

#endif  // DYNAMITE_API_READ_SHARED_H_
