#include "query/query.h"

#include <optional>
#include <utility>

namespace dynamite {
namespace {

// Narrows `range` so that it starts strictly after `start` in `direction`.
SortKeyRange RangeAfter(SortKeyRange range, const std::string& start,
                        Direction direction) {
  if (direction == Direction::kForward) {
    if (!range.lower.has_value() || range.lower->key <= start) {
      range.lower = SortKeyBound{start, /*inclusive=*/false};
    }
  } else {
    if (!range.upper.has_value() || range.upper->key >= start) {
      range.upper = SortKeyBound{start, /*inclusive=*/false};
    }
  }
  return range;
}

}  // namespace

ReadPage ExecuteQuery(const Table& table, const QueryPlan& plan,
                      PageContents contents) {
  // The plan's range is used as it is unless a start key narrows it: a copy
  // would cost two string allocations per Query.
  std::optional<SortKeyRange> narrowed;
  if (plan.exclusive_start.has_value()) {
    narrowed = RangeAfter(plan.range, *plan.exclusive_start, plan.direction);
  }
  const SortKeyRange& range = narrowed.has_value() ? *narrowed : plan.range;
  PageBuilder page(plan.limit, plan.filter, contents);
  table.VisitPartition(plan.partition_key, range, plan.direction,
                       [&](absl::string_view, const ItemPtr& item,
                           int64_t size) { return page.Add(item, size); });
  return std::move(page).Finish();
}

}  // namespace dynamite
