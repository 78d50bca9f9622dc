// ItemCollectionMetrics as DynamoDB writes it: {"ItemCollectionKey": {...},
// "SizeEstimateRangeGB": [lower, upper]} (api/item_collection.h), and the
// ReturnItemCollectionMetrics parameter that asks for it.
//
// Thread safety: pure functions.

#ifndef DYNAMITE_WIRE_ITEM_COLLECTION_JSON_H_
#define DYNAMITE_WIRE_ITEM_COLLECTION_JSON_H_

#include <map>
#include <string>
#include <vector>

#include "api/item_requests.h"
#include "wire/json.h"
#include "wire/request_reader.h"

namespace dynamite {

// The request's ReturnItemCollectionMetrics (NONE when absent).
ReturnItemCollectionMetrics ReadReturnItemCollectionMetrics(
    RequestReader& reader);

void WriteItemCollectionMetrics(const ItemCollectionMetrics& metrics,
                                JsonWriter& writer);

// "ItemCollectionMetrics": {table: [metrics, ...], ...}, as BatchWriteItem
// and TransactWriteItems answer; nothing when `by_table` is empty.
void WriteItemCollectionMetricsByTable(
    const std::map<std::string, std::vector<ItemCollectionMetrics>>& by_table,
    JsonWriter& writer);

}  // namespace dynamite

#endif  // DYNAMITE_WIRE_ITEM_COLLECTION_JSON_H_
