#include "api/item_collection.h"

#include <cmath>
#include <string>

#include "store/key_codec.h"

namespace dynamite {

std::optional<ItemCollectionMetrics> CollectionMetrics(
    ReturnItemCollectionMetrics asked, const Table& table, const Item& keyed) {
  if (asked != ReturnItemCollectionMetrics::kSize) return std::nullopt;
  const std::string& name = table.schema().partition_key.name;
  auto key = keyed.find(name);
  if (key == keyed.end()) return std::nullopt;
  const std::optional<int64_t> size =
      table.collection_size(EncodeKeyValue(key->second));
  if (!size.has_value()) return std::nullopt;
  ItemCollectionMetrics metrics;
  metrics.item_collection_key.emplace(name, key->second);
  constexpr double kBytesPerGb = 1024.0 * 1024.0 * 1024.0;
  metrics.size_estimate_lower_gb =
      std::floor(static_cast<double>(*size) / kBytesPerGb);
  metrics.size_estimate_upper_gb = metrics.size_estimate_lower_gb + 1;
  return metrics;
}

}  // namespace dynamite
