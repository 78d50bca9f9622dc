// Request and response structs of Query and Scan.
//
// Thread safety: plain structs.

#ifndef DYNAMITE_API_READ_REQUESTS_H_
#define DYNAMITE_API_READ_REQUESTS_H_

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "api/consumed_capacity.h"
#include "api/item_requests.h"
#include "query/legacy.h"
#include "store/item.h"
#include "store/item_ptr.h"

namespace dynamite {

// DynamoDB's Select enum.
enum class Select {
  kAllAttributes,
  kAllProjectedAttributes,
  kSpecificAttributes,
  kCount,
};

struct QueryRequest {
  std::string table_name;
  // Query a secondary index of the table instead of the table.
  std::optional<std::string> index_name;
  std::optional<std::string> key_condition_expression;
  std::optional<std::string> filter_expression;
  std::optional<std::string> projection_expression;
  std::optional<ExpressionAttributeNames> expression_attribute_names;
  std::optional<ExpressionAttributeValues> expression_attribute_values;
  bool scan_index_forward = true;
  std::optional<int64_t> limit;  // >= 1: items evaluated per page
  std::optional<Item> exclusive_start_key;
  // Default ALL_ATTRIBUTES (ALL_PROJECTED_ATTRIBUTES with an IndexName), or
  // SPECIFIC_ATTRIBUTES with a projection.
  std::optional<Select> select;
  // Accepted (reads are always consistent), except on a GSI, which refuses
  // it as DynamoDB does.
  bool consistent_read = false;
  // Legacy parameters (query/legacy.h). KeyConditions replaces
  // KeyConditionExpression and may be combined with the other expression
  // parameters; QueryFilter (which may not test key attributes),
  // ConditionalOperator and AttributesToGet may not.
  std::optional<LegacyConditions> key_conditions;
  std::optional<LegacyConditions> query_filter;
  std::optional<ConditionalOperator> conditional_operator;
  std::optional<std::vector<std::string>> attributes_to_get;
  // TOTAL or INDEXES: the response reports the capacity the request
  // consumed (api/consumed_capacity.h).
  ReturnConsumedCapacity return_consumed_capacity =
      ReturnConsumedCapacity::kNone;
};

// One page of a Query or a Scan.
struct ItemPage {
  // The page's items that passed the filter, in read order — a Query's in
  // key order (reversed when ScanIndexForward is false), a Scan's in scan
  // order (store/table.h Table::VisitAll) — projected when the request has a
  // ProjectionExpression. Empty under Select COUNT.
  std::vector<ItemPtr> items;
  // False under Select COUNT: the response then has no Items at all.
  bool has_items = true;
  int64_t count = 0;
  int64_t scanned_count = 0;
  // The key of the last item evaluated, when the page was cut by Limit or by
  // the 1 MB read budget.
  std::optional<Item> last_evaluated_key;
  // Under ReturnConsumedCapacity TOTAL or INDEXES: the page's reads, sized
  // before the filter.
  std::optional<ConsumedCapacity> consumed_capacity;
};
using QueryResponse = ItemPage;

struct ScanRequest {
  std::string table_name;
  // Scan a secondary index of the table instead of the table.
  std::optional<std::string> index_name;
  // A Scan's filter may test key attributes (a Query's may not).
  std::optional<std::string> filter_expression;
  std::optional<std::string> projection_expression;
  std::optional<ExpressionAttributeNames> expression_attribute_names;
  std::optional<ExpressionAttributeValues> expression_attribute_values;
  std::optional<int64_t> limit;  // >= 1: items evaluated per page
  std::optional<Item> exclusive_start_key;
  // Default ALL_ATTRIBUTES, or SPECIFIC_ATTRIBUTES with a projection.
  std::optional<Select> select;
  // Parallel scan: both or neither; 0 <= segment < total_segments <=
  // 1000000.
  std::optional<int64_t> segment;
  std::optional<int64_t> total_segments;
  // Accepted (reads are always consistent), except on a GSI.
  bool consistent_read = false;
  // Legacy parameters (query/legacy.h), which a request may not mix with
  // FilterExpression / ProjectionExpression.
  std::optional<LegacyConditions> scan_filter;
  std::optional<ConditionalOperator> conditional_operator;
  std::optional<std::vector<std::string>> attributes_to_get;
  // TOTAL or INDEXES: the response reports the capacity the request
  // consumed (api/consumed_capacity.h).
  ReturnConsumedCapacity return_consumed_capacity =
      ReturnConsumedCapacity::kNone;
};

using ScanResponse = ItemPage;

}  // namespace dynamite

#endif  // DYNAMITE_API_READ_REQUESTS_H_
