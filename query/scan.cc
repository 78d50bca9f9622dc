#include "query/scan.h"

#include <algorithm>

namespace dynamite {

ScanPage ExecuteScan(const Table& table, const ScanPlan& plan,
                     PageContents contents) {
  ScanPage page;
  // Reserve for small pages only: Limit is the caller's number and may be
  // far larger than the table.
  constexpr int64_t kMaxReserve = 1024;
  if (contents == PageContents::kItems && plan.limit > 0) {
    page.items.reserve(static_cast<size_t>(std::min(plan.limit, kMaxReserve)));
  }
  int64_t bytes_read = 0;
  table.VisitAll(plan.range, [&](absl::string_view, const ItemPtr& item,
                                 int64_t size) {
    ++page.scanned_count;
    bytes_read += size;
    if (contents == PageContents::kItems) page.items.push_back(item);
    // The item that fills the budget is still returned; the page ends with
    // it, as DynamoDB's does.
    const bool full = (plan.limit > 0 && page.scanned_count >= plan.limit) ||
                      bytes_read >= kMaxPageReadBytes;
    if (full) page.last_evaluated = item;
    return !full;
  });
  return page;
}

}  // namespace dynamite
