// The Query executor: one partition, one key range, one direction.
//
// ExecuteQuery seeks the partition's B-tree to the first key of the range
// (after the exclusive start key, if any) and visits items in order until
// Limit items were evaluated or the 1 MB read budget is spent. Cost: one
// hash lookup, one O(log n) seek, then O(1) per item visited; the partition
// is never copied and nothing is sorted.
//
// Thread safety: as store/table.h; the table's lock is held shared during
// the visit.

#ifndef DYNAMITE_QUERY_QUERY_H_
#define DYNAMITE_QUERY_QUERY_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "store/item.h"
#include "store/table.h"

namespace dynamite {

// DynamoDB reads at most 1 MB of item data per Query or Scan page.
inline constexpr int64_t kMaxPageReadBytes = 1 << 20;

struct QueryPlan {
  std::string partition_key;  // encoded
  SortKeyRange range;         // over encoded sort keys
  Direction direction = Direction::kForward;
  // Encoded sort key after which (in `direction` order) the page starts.
  std::optional<std::string> exclusive_start;
  // Items evaluated per page; 0 means no limit.
  int64_t limit = 0;
};

// Whether the page keeps the items it read or only counts them.
enum class PageContents { kItems, kCountOnly };

struct QueryPage {
  std::vector<ItemPtr> items;  // empty under kCountOnly
  int64_t scanned_count = 0;
  // The last item evaluated when the page was cut short (by Limit or by the
  // read budget); nullptr when the range was exhausted.
  ItemPtr last_evaluated;
};

QueryPage ExecuteQuery(const Table& table, const QueryPlan& plan,
                       PageContents contents);

}  // namespace dynamite

#endif  // DYNAMITE_QUERY_QUERY_H_
