#include "store/index_key.h"

#include "absl/strings/str_cat.h"

#include "common/errors.h"
#include "store/key_codec.h"
#include "store/key_size.h"

namespace dynamite {
namespace {

// The encoding of a stored key value. REQUIRES: an S, N or B value.
std::string EncodeView(const ValueView& value) {
  if (value.type() == ValueType::kN) return EncodeNumberKey(value.n());
  return std::string(value.s());
}

// The value of key attribute `attribute` (of `role`) in `item`, if it has
// one of the attribute's type that is not empty and within the key size
// limit (store/key_size.h). An item stored before its index was
// created (UpdateTable) may hold any value there; such an item is left out
// of the index, as DynamoDB leaves out index key violations.
std::optional<ValueView> KeyValue(const KeyAttribute& attribute, KeyRole role,
                                  const PackedItem& item) {
  std::optional<ValueView> value = item.Find(attribute.name);
  if (!value.has_value() || value->type() != ValueTypeOf(attribute.type)) {
    return std::nullopt;
  }
  if (attribute.type != KeyType::kN &&
      (value->s().empty() || !KeyBytesFit(value->s().size(), role))) {
    return std::nullopt;
  }
  return value;
}

// Encodes the values of `attributes` in `item` into `key`; false when one
// is absent or not a key value of its type.
bool EncodeAttributes(const std::vector<KeyAttribute>& attributes, KeyRole role,
                      const PackedItem& item, std::string& key) {
  if (attributes.size() == 1) {
    std::optional<ValueView> value = KeyValue(attributes[0], role, item);
    if (!value.has_value()) return false;
    key = EncodeView(*value);
    return true;
  }
  for (const KeyAttribute& attribute : attributes) {
    std::optional<ValueView> value = KeyValue(attribute, role, item);
    if (!value.has_value()) return false;
    AppendTupleValue(EncodeView(*value), key);
  }
  return true;
}

absl::Status CheckIndexKey(const IndexDefinition& index,
                           const KeyAttribute& attribute, KeyRole role,
                           const Item& item) {
  auto found = item.find(attribute.name);
  if (found == item.end()) return absl::OkStatus();
  const AttributeValue& value = found->second;
  if (value.type() != ValueTypeOf(attribute.type)) {
    return ValidationError(absl::StrCat(
        "One or more parameter values were invalid: Type mismatch for Index "
        "Key ",
        attribute.name, " Expected: ", KeyTypeName(attribute.type),
        " Actual: ", ValueTypeName(value.type()), " IndexName: ", index.name));
  }
  const bool empty = (attribute.type == KeyType::kS && value.s().empty()) ||
                     (attribute.type == KeyType::kB && value.b().empty());
  if (empty) {
    return ValidationError(absl::StrCat(
        "One or more parameter values are not valid. A value specified for a "
        "secondary index key is not supported. The AttributeValue for a key "
        "attribute cannot contain an empty ",
        attribute.type == KeyType::kS ? "string" : "binary",
        " value. IndexName: ", index.name, ", IndexKey: ", attribute.name));
  }
  if (attribute.type == KeyType::kS)
    return CheckKeyBytes(value.s().size(), role);
  if (attribute.type == KeyType::kB)
    return CheckKeyBytes(value.b().size(), role);
  return absl::OkStatus();
}

}  // namespace

void AppendTupleValue(absl::string_view encoded, std::string& tuple) {
  for (char c : encoded) {
    tuple.push_back(c);
    if (c == '\0') tuple.push_back('\xff');
  }
  tuple.push_back('\0');
  tuple.push_back('\x01');
}

std::string EncodeIndexKeyValues(const std::vector<std::string>& encoded) {
  if (encoded.size() == 1) return encoded[0];
  std::string tuple;
  for (const std::string& value : encoded) AppendTupleValue(value, tuple);
  return tuple;
}

std::optional<IndexKey> IndexKeyOf(const IndexDefinition& index,
                                   const PackedItem& item) {
  IndexKey key;
  if (!EncodeAttributes(index.hash_keys, KeyRole::kPartition, item,
                        key.partition)) {
    return std::nullopt;
  }
  if (!index.range_keys.empty() &&
      !EncodeAttributes(index.range_keys, KeyRole::kSort, item, key.sort)) {
    return std::nullopt;
  }
  return key;
}

absl::Status CheckIndexKeys(const TableDefinition& table, const Item& item) {
  for (const IndexDefinition& index : table.indexes) {
    for (const KeyAttribute& attribute : index.hash_keys) {
      absl::Status status =
          CheckIndexKey(index, attribute, KeyRole::kPartition, item);
      if (!status.ok()) return status;
    }
    for (const KeyAttribute& attribute : index.range_keys) {
      absl::Status status =
          CheckIndexKey(index, attribute, KeyRole::kSort, item);
      if (!status.ok()) return status;
    }
  }
  return absl::OkStatus();
}

}  // namespace dynamite
