#include "query/scan.h"

#include <utility>

namespace dynamite {

ReadPage ExecuteScan(const Table& table, const ScanPlan& plan,
                     PageContents contents) {
  PageBuilder page(plan.limit, plan.filter, contents);
  table.VisitAll(plan.range, [&](absl::string_view, const PackedItem& item) {
    return page.Add(item);
  });
  return std::move(page).Finish();
}

std::optional<ReadPage> ExecuteIndexScan(const Table& table,
                                         absl::string_view index_name,
                                         const ScanPlan& plan,
                                         const IndexPosition* start,
                                         PageContents contents) {
  PageBuilder page(plan.limit, plan.filter, contents);
  const bool found = table.VisitIndexAll(
      index_name, plan.range.segment, plan.range.total_segments, start,
      [&](const PackedItem& item, int64_t size) {
        return page.Add(item, size);
      });
  if (!found) return std::nullopt;
  return std::move(page).Finish();
}

}  // namespace dynamite
