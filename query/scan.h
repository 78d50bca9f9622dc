// The Scan executor: the whole table (or one parallel-scan segment of it)
// in the stable scan order of Table::VisitAll (store/table.h).
//
// ExecuteScan resumes strictly after the exclusive start key and visits
// items until Limit items were evaluated or the 1 MB read budget is spent,
// like ExecuteQuery (query/query.h). Cost: O(log P) to find the first
// partition, then O(1) per partition and per item; nothing is copied but
// the item pointers kept.
//
// Thread safety: as store/table.h; the table's lock is held shared during
// the visit.

#ifndef DYNAMITE_QUERY_SCAN_H_
#define DYNAMITE_QUERY_SCAN_H_

#include <cstdint>
#include <vector>

#include "query/query.h"
#include "store/item.h"
#include "store/table.h"

namespace dynamite {

struct ScanPlan {
  // Exclusive start key and segment.
  ScanRange range;
  // Items evaluated per page; 0 means no limit.
  int64_t limit = 0;
};

struct ScanPage {
  std::vector<ItemPtr> items;  // empty under kCountOnly
  // Items evaluated.
  int64_t scanned_count = 0;
  // The last item evaluated when the page was cut short (by Limit or by the
  // read budget); nullptr when the segment was exhausted.
  ItemPtr last_evaluated;
};

ScanPage ExecuteScan(const Table& table, const ScanPlan& plan,
                     PageContents contents);

}  // namespace dynamite

#endif  // DYNAMITE_QUERY_SCAN_H_
