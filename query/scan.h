// The Scan executor: the whole table (or one parallel-scan segment of it)
// in the stable scan order of Table::VisitAll (store/table.h).
//
// ExecuteScan resumes strictly after the exclusive start key and visits
// items until Limit items were evaluated or the 1 MB read budget is spent,
// like ExecuteQuery (query/query.h), cutting pages as query/page.h says. Cost:
// O(log P) to find the first partition, then O(1) per partition and per item;
// nothing is copied but the item pointers kept.
//
// Thread safety: as store/table.h; the table's lock is held shared during
// the visit.

#ifndef DYNAMITE_QUERY_SCAN_H_
#define DYNAMITE_QUERY_SCAN_H_

#include <cstdint>
#include <optional>
#include <vector>

#include "absl/strings/string_view.h"

#include "query/ast.h"
#include "query/page.h"
#include "store/item.h"
#include "store/table.h"

namespace dynamite {

struct ScanPlan {
  // Exclusive start key and segment.
  ScanRange range;
  // Items evaluated per page; 0 means no limit.
  int64_t limit = 0;
  // The FilterExpression, or nullptr; as QueryPlan::filter.
  const BoundCondition* filter = nullptr;
};

ReadPage ExecuteScan(const Table& table, const ScanPlan& plan,
                     PageContents contents);

// The same over the secondary index `index_name` of `table`, starting
// strictly after `start` when given (plan.range.exclusive_start is not
// read). Returns std::nullopt when the table has no such index (any more).
std::optional<ReadPage> ExecuteIndexScan(const Table& table,
                                         absl::string_view index_name,
                                         const ScanPlan& plan,
                                         const IndexPosition* start,
                                         PageContents contents);

}  // namespace dynamite

#endif  // DYNAMITE_QUERY_SCAN_H_
