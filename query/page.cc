#include "query/page.h"

#include <algorithm>

#include "query/evaluate.h"

namespace dynamite {

PageBuilder::PageBuilder(int64_t limit, const BoundCondition* filter,
                         PageContents contents)
    : limit_(limit), filter_(filter), contents_(contents) {
  // Reserve for small pages only: Limit is the caller's number and may be
  // far larger than the table.
  constexpr int64_t kMaxReserve = 1024;
  if (contents_ == PageContents::kItems && limit_ > 0) {
    page_.items.reserve(static_cast<size_t>(std::min(limit_, kMaxReserve)));
  }
}

bool PageBuilder::Add(const PackedItem& item, int64_t size) {
  ++page_.scanned_count;
  page_.read_bytes += size;
  if (filter_ == nullptr ||
      EvaluateCondition(filter_->tree(), filter_->values(), item)) {
    ++page_.count;
    if (contents_ == PageContents::kItems) {
      page_.items.emplace_back(PackedItemRef(&item));
    }
  }
  const bool full = (limit_ > 0 && page_.scanned_count >= limit_) ||
                    page_.read_bytes >= kMaxPageReadBytes;
  if (full) page_.last_evaluated = ItemPtr(PackedItemRef(&item));
  return !full;
}

}  // namespace dynamite
