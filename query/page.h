// One page of a Query or a Scan, and the rules that cut it (reference §5.3,
// §6): Limit counts the items evaluated (read), the FilterExpression then
// decides which of them are returned, and a page ends at the item that
// reaches Limit or spends the 1 MB read budget.
//
// Thread safety: a PageBuilder belongs to one visit on one thread.

#ifndef DYNAMITE_QUERY_PAGE_H_
#define DYNAMITE_QUERY_PAGE_H_

#include <cstdint>
#include <utility>
#include <vector>

#include "query/bound.h"
#include "store/item.h"
#include "store/item_ptr.h"

namespace dynamite {

// DynamoDB reads at most 1 MB of item data per Query or Scan page.
inline constexpr int64_t kMaxPageReadBytes = 1 << 20;

// Whether the page keeps the items it read or only counts them.
enum class PageContents { kItems, kCountOnly };

struct ReadPage {
  std::vector<ItemPtr> items;  // empty under kCountOnly
  // Items evaluated (read and key-matched), before the filter.
  int64_t scanned_count = 0;
  // Items that passed the filter (== scanned_count without one).
  int64_t count = 0;
  // The bytes of the items evaluated (an index entry's: its projected
  // size), before the filter: what the page spends of the read budget and
  // what it costs in read units (api/consumed_capacity.h).
  int64_t read_bytes = 0;
  // The last item evaluated when the page was cut short (by Limit or by the
  // read budget), whether or not it passed the filter; nullptr when the
  // range was exhausted.
  ItemPtr last_evaluated;
};

// Builds a ReadPage from the items a visit reads, in order.
class PageBuilder {
 public:
  // `limit`: items evaluated per page, 0 for none. `filter`: the
  // FilterExpression or nullptr; not owned, must outlive the builder. Items
  // that fail it are neither kept nor copied.
  PageBuilder(int64_t limit, const BoundCondition* filter,
              PageContents contents);

  // Takes the next item read (a stored item: a kept one is shared, never
  // copied); returns false when the page is full. The item that fills the
  // budget is still taken: the page ends with it, as DynamoDB's does.
  bool Add(const PackedItem& item) { return Add(item, item.size()); }
  // The same for an index entry, which counts against the read budget with
  // its own (projected) size.
  bool Add(const PackedItem& item, int64_t size);

  ReadPage Finish() && { return std::move(page_); }

 private:
  const int64_t limit_;
  const BoundCondition* const filter_;
  const PageContents contents_;
  ReadPage page_;
};

}  // namespace dynamite

#endif  // DYNAMITE_QUERY_PAGE_H_
