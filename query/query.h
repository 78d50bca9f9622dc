// The Query executor: one partition, one key range, one direction.
//
// ExecuteQuery seeks the partition's B-tree to the first key of the range
// (after the exclusive start key, if any) and visits items in order until
// Limit items were evaluated or the 1 MB read budget is spent. Cost: one
// hash lookup, one O(log n) seek, then O(1) per item visited; the partition
// is never copied and nothing is sorted. Pages are cut as query/page.h
// says.
//
// A Query of a secondary index walks the index's partition the same way
// (store/secondary_index.h), at the same cost.
//
// Thread safety: as store/table.h; the table's lock is held shared during
// the visit.

#ifndef DYNAMITE_QUERY_QUERY_H_
#define DYNAMITE_QUERY_QUERY_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "query/ast.h"
#include "query/page.h"
#include "store/item.h"
#include "store/key_bytes.h"
#include "store/table.h"

namespace dynamite {

struct QueryPlan {
  // Encoded; may borrow the request's value (store/key_bytes.h).
  KeyBytes partition_key;
  SortKeyRange range;  // over encoded sort keys; may borrow, as above
  Direction direction = Direction::kForward;
  // Encoded sort key after which (in `direction` order) the page starts.
  std::optional<std::string> exclusive_start;
  // Items evaluated per page; 0 means no limit.
  int64_t limit = 0;
  // The FilterExpression, or nullptr. It is evaluated on each item as it is
  // visited, after Limit and the read budget have counted the item; items
  // that fail it are neither kept nor copied. Not owned; must outlive the
  // call.
  const BoundCondition* filter = nullptr;
};

ReadPage ExecuteQuery(const Table& table, const QueryPlan& plan,
                      PageContents contents);

// The same over the secondary index `index_name` of `table`: the plan's keys
// are the index's, and the page starts strictly after `start` when given
// (plan.exclusive_start is not read). Returns std::nullopt when the table
// has no such index (an UpdateTable deleted it since the request's
// definition snapshot).
std::optional<ReadPage> ExecuteIndexQuery(const Table& table,
                                          absl::string_view index_name,
                                          const QueryPlan& plan,
                                          const IndexPosition* start,
                                          PageContents contents);

}  // namespace dynamite

#endif  // DYNAMITE_QUERY_QUERY_H_
