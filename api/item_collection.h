// ItemCollectionMetrics: what a write on a table with LSIs reports about
// the item collection it touched, under ReturnItemCollectionMetrics SIZE
// (reference §9.1; only tables with LSIs report it, as in DynamoDB).
//
// Thread safety: pure functions over a Table (store/table.h).

#ifndef DYNAMITE_API_ITEM_COLLECTION_H_
#define DYNAMITE_API_ITEM_COLLECTION_H_

#include <optional>

#include "api/item_requests.h"
#include "store/item.h"
#include "store/table.h"

namespace dynamite {

// The metrics of the collection of the item whose key attributes `keyed`
// holds (the written item, or the request's Key), or std::nullopt when
// they are not asked for or the table has no LSI. The size estimate is the
// whole GB below and above the collection's size now: [0, 1] for anything
// under 1 GB.
std::optional<ItemCollectionMetrics> CollectionMetrics(
    ReturnItemCollectionMetrics asked, const Table& table, const Item& keyed);

}  // namespace dynamite

#endif  // DYNAMITE_API_ITEM_COLLECTION_H_
