// ItemCollectionMetrics as DynamoDB writes it: {"ItemCollectionKey": {...},
// "SizeEstimateRangeGB": [lower, upper]} (api/item_collection.h).
//
// Thread safety: pure functions.

#ifndef DYNAMITE_WIRE_ITEM_COLLECTION_JSON_H_
#define DYNAMITE_WIRE_ITEM_COLLECTION_JSON_H_

#include "api/item_requests.h"
#include "wire/json.h"

namespace dynamite {

void WriteItemCollectionMetrics(const ItemCollectionMetrics& metrics,
                                JsonWriter& writer);

}  // namespace dynamite

#endif  // DYNAMITE_WIRE_ITEM_COLLECTION_JSON_H_
