#include "query/scan.h"

#include <utility>

namespace dynamite {

ReadPage ExecuteScan(const Table& table, const ScanPlan& plan,
                     PageContents contents) {
  PageBuilder page(plan.limit, plan.filter, contents);
  table.VisitAll(plan.range,
                 [&](absl::string_view, const ItemPtr& item, int64_t size) {
                   return page.Add(item, size);
                 });
  return std::move(page).Finish();
}

}  // namespace dynamite
