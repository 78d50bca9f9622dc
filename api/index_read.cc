#include "api/index_read.h"

#include <set>
#include <string>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

#include "common/errors.h"
#include "common/status_macros.h"
#include "store/index_key.h"
#include "store/key_codec.h"

namespace dynamite {
namespace {

constexpr absl::string_view kBadStartKey =
    "The provided starting key is invalid: The provided key element does not "
    "match the schema";

// The encoded value of `attribute` in `start_key`, checked: present, of
// the attribute's type, not empty.
absl::StatusOr<std::string> EncodeStartValue(const Item& start_key,
                                             const KeyAttribute& attribute) {
  auto found = start_key.find(attribute.name);
  if (found == start_key.end() ||
      found->second.type() != ValueTypeOf(attribute.type)) {
    return ValidationError(kBadStartKey);
  }
  const AttributeValue& value = found->second;
  if ((attribute.type == KeyType::kS && value.s().empty()) ||
      (attribute.type == KeyType::kB && value.b().empty())) {
    return ValidationError(absl::StrCat(
        "The provided starting key is invalid: One or more parameter values "
        "are not valid. The AttributeValue for a key attribute cannot contain "
        "an empty ",
        attribute.type == KeyType::kS ? "string" : "binary",
        " value. Key: ", attribute.name));
  }
  return EncodeKeyValue(value);
}

absl::StatusOr<std::string> EncodeStartValues(
    const Item& start_key, const std::vector<KeyAttribute>& attributes) {
  std::vector<std::string> encoded;
  for (const KeyAttribute& attribute : attributes) {
    DYNAMITE_ASSIGN_OR_RETURN(encoded.emplace_back(),
                              EncodeStartValue(start_key, attribute));
  }
  if (encoded.empty()) return std::string();
  return EncodeIndexKeyValues(encoded);
}

bool IsIndexOrTableKey(const IndexDefinition& index, const KeySchema& table,
                       absl::string_view name) {
  return index.is_key_attribute(name) || table.is_key_attribute(name);
}

}  // namespace

absl::StatusOr<const IndexDefinition*> ResolveIndex(
    const TableDefinition& table, absl::string_view index_name,
    bool consistent_read, const Clock& clock) {
  const IndexDefinition* index = table.FindIndex(index_name);
  if (index == nullptr) {
    return ValidationError(absl::StrCat(
        "The table does not have the specified index: ", index_name));
  }
  if (consistent_read && index->kind == IndexKind::kGlobal) {
    return ValidationError(
        "Consistent reads are not supported on global secondary indexes");
  }
  // The clock is read only for an index that UpdateTable added with a
  // delayed status.
  if (index->backfilled_at != absl::InfinitePast() &&
      index->BackfillingAt(clock.Now())) {
    return ValidationError(absl::StrCat(
        "Cannot read from backfilling global secondary index: ", index_name));
  }
  return index;
}

absl::Status CheckIndexProjection(const IndexDefinition& index,
                                  const KeySchema& table,
                                  const std::optional<Select>& select,
                                  const std::vector<DocumentPath>& projection) {
  if (index.kind != IndexKind::kGlobal ||
      index.projection == ProjectionType::kAll) {
    return absl::OkStatus();
  }
  if (select == Select::kAllAttributes) {
    return ValidationError(absl::StrCat(
        "One or more parameter values were invalid: Select type "
        "ALL_ATTRIBUTES is not supported for global secondary index ",
        index.name, " because its projection type is not ALL"));
  }
  // DynamoDB Local's wording (no capture of DynamoDB's own was found): the
  // attributes missing, sorted, once each.
  std::set<std::string> missing;
  for (const DocumentPath& path : projection) {
    if (!index.projects(path.attribute(), table)) {
      missing.insert(path.attribute());
    }
  }
  if (missing.empty()) return absl::OkStatus();
  return ValidationError(absl::StrCat(
      "One or more parameter values were invalid: Global secondary index ",
      index.name, " does not project ", absl::StrJoin(missing, ", ")));
}

bool HasMultiAttributeKey(const IndexDefinition& index) {
  return index.hash_keys.size() > 1 || index.range_keys.size() > 1;
}

KeySchema IndexKeySchema(const IndexDefinition& index) {
  KeySchema schema;
  schema.partition_key = index.hash_keys.front();
  if (!index.range_keys.empty()) schema.sort_key = index.range_keys.front();
  return schema;
}

absl::StatusOr<IndexPosition> EncodeIndexStartKey(const KeySchema& table,
                                                  const IndexDefinition& index,
                                                  const Item& start_key) {
  for (const auto& [name, value] : start_key) {
    if (!IsIndexOrTableKey(index, table, name)) {
      return ValidationError(kBadStartKey);
    }
  }
  IndexPosition position;
  DYNAMITE_ASSIGN_OR_RETURN(position.partition,
                            EncodeStartValues(start_key, index.hash_keys));
  DYNAMITE_ASSIGN_OR_RETURN(position.sort,
                            EncodeStartValues(start_key, index.range_keys));
  DYNAMITE_ASSIGN_OR_RETURN(position.table_key.partition,
                            EncodeStartValue(start_key, table.partition_key));
  if (table.has_sort_key()) {
    DYNAMITE_ASSIGN_OR_RETURN(position.table_key.sort,
                              EncodeStartValue(start_key, *table.sort_key));
  }
  return position;
}

Item IndexPageKey(const KeySchema& table, const IndexDefinition& index,
                  const PackedItem& item) {
  Item key = KeyOf(table, item);
  for (const auto* attributes : {&index.hash_keys, &index.range_keys}) {
    for (const KeyAttribute& attribute : *attributes) {
      if (key.contains(attribute.name)) continue;
      if (std::optional<ValueView> value = item.Find(attribute.name)) {
        key.emplace(attribute.name, value->Decode());
      }
    }
  }
  return key;
}

bool NeedsIndexProjection(const IndexDefinition& index,
                          const std::optional<Select>& select,
                          bool has_projection) {
  return index.kind == IndexKind::kLocal &&
         index.projection != ProjectionType::kAll && !has_projection &&
         select.value_or(Select::kAllProjectedAttributes) ==
             Select::kAllProjectedAttributes;
}

Item ProjectToIndex(const IndexDefinition& index, const KeySchema& table,
                    const PackedItem& item) {
  Item projected;
  item.ForEach([&](absl::string_view name, ValueView value) {
    if (index.projects(name, table)) {
      projected.emplace(std::string(name), value.Decode());
    }
  });
  return projected;
}

}  // namespace dynamite
