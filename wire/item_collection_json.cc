#include "wire/item_collection_json.h"

#include "wire/value_json.h"

namespace dynamite {

void WriteItemCollectionMetrics(const ItemCollectionMetrics& metrics,
                                JsonWriter& writer) {
  writer.StartObject();
  writer.Key("ItemCollectionKey");
  WriteAttributeMap(metrics.item_collection_key, writer);
  writer.Key("SizeEstimateRangeGB");
  writer.StartArray();
  writer.Double(metrics.size_estimate_lower_gb);
  writer.Double(metrics.size_estimate_upper_gb);
  writer.EndArray();
  writer.EndObject();
}

}  // namespace dynamite
