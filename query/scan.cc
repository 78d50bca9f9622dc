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

}  // namespace dynamite
