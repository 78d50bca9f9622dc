#include "query/query.h"

#include <algorithm>
#include <utility>

#include "query/evaluate.h"

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

QueryPage ExecuteQuery(const Table& table, const QueryPlan& plan,
                       PageContents contents) {
  const SortKeyRange range =
      plan.exclusive_start.has_value()
          ? RangeAfter(plan.range, *plan.exclusive_start, plan.direction)
          : plan.range;
  QueryPage page;
  // Reserve for small pages only: Limit is the caller's number and may be
  // far larger than the partition.
  constexpr int64_t kMaxReserve = 1024;
  if (contents == PageContents::kItems && plan.limit > 0) {
    page.items.reserve(static_cast<size_t>(std::min(plan.limit, kMaxReserve)));
  }
  int64_t bytes_read = 0;
  table.VisitPartition(
      plan.partition_key, range, plan.direction,
      [&](absl::string_view, const ItemPtr& item, int64_t size) {
        ++page.scanned_count;
        bytes_read += size;
        if (plan.filter == nullptr || EvaluateCondition(*plan.filter, *item)) {
          ++page.count;
          if (contents == PageContents::kItems) page.items.push_back(item);
        }
        // The item that fills the budget is still returned; the page ends
        // with it, as DynamoDB's does.
        const bool full =
            (plan.limit > 0 && page.scanned_count >= plan.limit) ||
            bytes_read >= kMaxPageReadBytes;
        if (full) page.last_evaluated = item;
        return !full;
      });
  return page;
}

}  // namespace dynamite
