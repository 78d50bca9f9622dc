#include "wire/item_collection_json.h"

#include "wire/enum_names.h"
#include "wire/value_json.h"

namespace dynamite {

ReturnItemCollectionMetrics ReadReturnItemCollectionMetrics(
    RequestReader& reader) {
  return reader
      .Enum(reader.String(reader.Member("ReturnItemCollectionMetrics")),
            "returnItemCollectionMetrics", kReturnItemCollectionMetricsNames)
      .value_or(ReturnItemCollectionMetrics::kNone);
}

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

void WriteItemCollectionMetricsByTable(
    const std::map<std::string, std::vector<ItemCollectionMetrics>>& by_table,
    JsonWriter& writer) {
  if (by_table.empty()) return;
  writer.Key("ItemCollectionMetrics");
  writer.StartObject();
  for (const auto& [table, metrics] : by_table) {
    WriteJsonString(writer, table);
    writer.StartArray();
    for (const ItemCollectionMetrics& m : metrics) {
      WriteItemCollectionMetrics(m, writer);
    }
    writer.EndArray();
  }
  writer.EndObject();
}

}  // namespace dynamite
