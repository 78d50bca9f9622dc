#include "store/table_definition.h"

#include <algorithm>

namespace dynamite {

bool IndexDefinition::is_key_attribute(absl::string_view attribute) const {
  auto named = [&](const KeyAttribute& key) { return key.name == attribute; };
  return std::any_of(hash_keys.begin(), hash_keys.end(), named) ||
         std::any_of(range_keys.begin(), range_keys.end(), named);
}

bool IndexDefinition::projects(absl::string_view attribute,
                               const KeySchema& table) const {
  if (projection == ProjectionType::kAll) return true;
  if (is_key_attribute(attribute) || table.is_key_attribute(attribute)) {
    return true;
  }
  return std::find(non_key_attributes.begin(), non_key_attributes.end(),
                   attribute) != non_key_attributes.end();
}

const IndexDefinition* TableDefinition::FindIndex(
    absl::string_view index_name) const {
  for (const IndexDefinition& index : indexes) {
    if (index.name == index_name) return &index;
  }
  return nullptr;
}

IndexDefinition* TableDefinition::FindIndex(absl::string_view index_name) {
  return const_cast<IndexDefinition*>(
      static_cast<const TableDefinition&>(*this).FindIndex(index_name));
}

bool TableDefinition::has_local_indexes() const {
  return std::any_of(indexes.begin(), indexes.end(),
                     [](const IndexDefinition& index) {
                       return index.kind == IndexKind::kLocal;
                     });
}

}  // namespace dynamite
