#include "query/query.h"

#include <optional>
#include <utility>

namespace dynamite {
namespace {

// Narrows `range` so that it starts strictly after `start` in `direction`.
// The result borrows `start` (and whatever `range` borrows).
SortKeyRange RangeAfter(SortKeyRange range, const std::string& start,
                        Direction direction) {
  const KeyBytes after = KeyBytes::Borrow(start);
  if (direction == Direction::kForward) {
    if (!range.lower.has_value() || range.lower->key.view() <= start) {
      range.lower = SortKeyBound{after, /*inclusive=*/false};
    }
  } else {
    if (!range.upper.has_value() || range.upper->key.view() >= start) {
      range.upper = SortKeyBound{after, /*inclusive=*/false};
    }
  }
  return range;
}

}  // namespace

ReadPage ExecuteQuery(const Table& table, const QueryPlan& plan,
                      PageContents contents) {
  // The plan's range is used as it is unless a start key narrows it (a copy
  // is cheap: its bounds mostly borrow).
  std::optional<SortKeyRange> narrowed;
  if (plan.exclusive_start.has_value()) {
    narrowed = RangeAfter(plan.range, *plan.exclusive_start, plan.direction);
  }
  const SortKeyRange& range = narrowed.has_value() ? *narrowed : plan.range;
  PageBuilder page(plan.limit, plan.filter, contents);
  table.VisitPartition(plan.partition_key.view(), range, plan.direction,
                       [&](absl::string_view, const PackedItem& item) {
                         return page.Add(item);
                       });
  return std::move(page).Finish();
}

std::optional<ReadPage> ExecuteIndexQuery(const Table& table,
                                          absl::string_view index_name,
                                          const QueryPlan& plan,
                                          const IndexPosition* start,
                                          PageContents contents) {
  PageBuilder page(plan.limit, plan.filter, contents);
  const bool found = table.VisitIndexPartition(
      index_name, plan.partition_key.view(), plan.range, plan.direction, start,
      [&](const PackedItem& item, int64_t size) {
        return page.Add(item, size);
      });
  if (!found) return std::nullopt;
  return std::move(page).Finish();
}

}  // namespace dynamite
