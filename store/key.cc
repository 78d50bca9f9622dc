#include "store/key.h"

#include <cassert>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"

#include "common/errors.h"
#include "common/status_macros.h"
#include "store/key_codec.h"
#include "store/key_size.h"

namespace dynamite {
namespace {

// DynamoDB's messages (reference §3.2-§3.3; the size limits' are in
// store/key_size.cc).
constexpr absl::string_view kKeyMismatch =
    "The provided key element does not match the schema";
constexpr absl::string_view kInvalidPrefix =
    "One or more parameter values were invalid: ";

const KeyAttribute& AttributeOf(const KeySchema& schema, KeyRole role) {
  switch (role) {
    case KeyRole::kPartition:
      return schema.partition_key;
    case KeyRole::kSort:
      break;
  }
  assert(schema.has_sort_key());
  return *schema.sort_key;
}

// The S or B payload of a key value; empty for N, which has neither an
// emptiness nor a byte-size rule.
absl::string_view BytesOf(const AttributeValue& value) {
  switch (value.type()) {
    case ValueType::kS:
      return value.s();
    case ValueType::kB:
      return value.b();
    case ValueType::kN:
    case ValueType::kBool:
    case ValueType::kNull:
    case ValueType::kM:
    case ValueType::kL:
    case ValueType::kSS:
    case ValueType::kNS:
    case ValueType::kBS:
      break;
  }
  return absl::string_view();
}

absl::Status CheckNotEmpty(absl::string_view name,
                           const AttributeValue& value) {
  if (value.type() == ValueType::kS && value.s().empty()) {
    return ValidationError(absl::StrCat(
        "One or more parameter values are not valid. The AttributeValue for a "
        "key attribute cannot contain an empty string value. Key: ",
        name));
  }
  if (value.type() == ValueType::kB && value.b().empty()) {
    return ValidationError(absl::StrCat(
        "One or more parameter values are not valid. The AttributeValue for a "
        "key attribute cannot contain an empty binary value. Key: ",
        name));
  }
  return absl::OkStatus();
}

absl::Status CheckSize(const AttributeValue& value, KeyRole role) {
  return CheckKeyBytes(BytesOf(value).size(), role);
}

// Runs the emptiness checks on every key value, then the size checks.
// REQUIRES: `values` hold every key attribute of `schema` with its type.
absl::Status CheckKeyValues(const KeySchema& schema,
                            const AttributeValue& partition,
                            const AttributeValue* sort) {
  DYNAMITE_RETURN_IF_ERROR(CheckNotEmpty(schema.partition_key.name, partition));
  if (sort != nullptr) {
    DYNAMITE_RETURN_IF_ERROR(CheckNotEmpty(schema.sort_key->name, *sort));
  }
  DYNAMITE_RETURN_IF_ERROR(CheckSize(partition, KeyRole::kPartition));
  if (sort != nullptr) {
    DYNAMITE_RETURN_IF_ERROR(CheckSize(*sort, KeyRole::kSort));
  }
  return absl::OkStatus();
}

// CheckKeyValues(), then the encoded key.
absl::StatusOr<EncodedKey> CheckAndEncode(const KeySchema& schema,
                                          const AttributeValue& partition,
                                          const AttributeValue* sort) {
  DYNAMITE_RETURN_IF_ERROR(CheckKeyValues(schema, partition, sort));
  EncodedKey key;
  key.partition = EncodeKeyValue(partition);
  if (sort != nullptr) key.sort = EncodeKeyValue(*sort);
  return key;
}

// Returns the value of `attribute` in a Key parameter, or nullptr if it is
// missing or of the wrong type.
const AttributeValue* FindTyped(const Item& key,
                                const KeyAttribute& attribute) {
  auto it = key.find(attribute.name);
  if (it == key.end() || it->second.type() != ValueTypeOf(attribute.type)) {
    return nullptr;
  }
  return &it->second;
}

// The key attributes' values in a Key parameter (sort: nullptr without a
// sort key).
struct KeyValues {
  const AttributeValue* partition = nullptr;
  const AttributeValue* sort = nullptr;
};

// Finds the values of a Key parameter: exactly the schema's key
// attributes, of its types, or "The provided key element does not match
// the schema".
absl::StatusOr<KeyValues> FindKeyValues(const KeySchema& schema,
                                        const Item& key) {
  const size_t expected = schema.has_sort_key() ? 2 : 1;
  if (key.size() != expected) return ValidationError(kKeyMismatch);
  KeyValues values;
  values.partition = FindTyped(key, schema.partition_key);
  if (values.partition == nullptr) return ValidationError(kKeyMismatch);
  if (schema.has_sort_key()) {
    values.sort = FindTyped(key, *schema.sort_key);
    if (values.sort == nullptr) return ValidationError(kKeyMismatch);
  }
  return values;
}

// Returns the value of `attribute` in an item to be written, or PutItem's
// missing-key / type-mismatch error.
absl::StatusOr<const AttributeValue*> FindItemKey(
    const Item& item, const KeyAttribute& attribute) {
  auto it = item.find(attribute.name);
  if (it == item.end()) {
    return ValidationError(absl::StrCat(kInvalidPrefix, "Missing the key ",
                                        attribute.name, " in the item"));
  }
  if (it->second.type() != ValueTypeOf(attribute.type)) {
    return ValidationError(
        absl::StrCat(kInvalidPrefix, "Type mismatch for key ", attribute.name,
                     " expected: ", KeyTypeName(attribute.type),
                     " actual: ", ValueTypeName(it->second.type())));
  }
  return &it->second;
}

}  // namespace

absl::string_view KeyTypeName(KeyType type) {
  switch (type) {
    case KeyType::kS:
      return "S";
    case KeyType::kN:
      return "N";
    case KeyType::kB:
      return "B";
  }
  return "";
}

ValueType ValueTypeOf(KeyType type) {
  switch (type) {
    case KeyType::kS:
      return ValueType::kS;
    case KeyType::kN:
      return ValueType::kN;
    case KeyType::kB:
      return ValueType::kB;
  }
  return ValueType::kS;
}

bool KeySchema::is_key_attribute(absl::string_view name) const {
  return partition_key.name == name ||
         (sort_key.has_value() && sort_key->name == name);
}

absl::StatusOr<EncodedKey> ExtractKey(const KeySchema& schema,
                                      const Item& key) {
  DYNAMITE_ASSIGN_OR_RETURN(KeyValues values, FindKeyValues(schema, key));
  return CheckAndEncode(schema, *values.partition, values.sort);
}

absl::StatusOr<BorrowedKey> ExtractKeyBytes(const KeySchema& schema,
                                            const Item& key) {
  DYNAMITE_ASSIGN_OR_RETURN(KeyValues values, FindKeyValues(schema, key));
  DYNAMITE_RETURN_IF_ERROR(
      CheckKeyValues(schema, *values.partition, values.sort));
  BorrowedKey borrowed;
  borrowed.partition = EncodeKeyBytes(*values.partition);
  if (values.sort != nullptr) borrowed.sort = EncodeKeyBytes(*values.sort);
  return borrowed;
}

absl::StatusOr<EncodedKey> ExtractItemKey(const KeySchema& schema,
                                          const Item& item) {
  DYNAMITE_ASSIGN_OR_RETURN(const AttributeValue* partition,
                            FindItemKey(item, schema.partition_key));
  const AttributeValue* sort = nullptr;
  if (schema.has_sort_key()) {
    DYNAMITE_ASSIGN_OR_RETURN(sort, FindItemKey(item, *schema.sort_key));
  }
  return CheckAndEncode(schema, *partition, sort);
}

absl::Status CheckKeyValue(const KeySchema& schema, const AttributeValue& value,
                           KeyRole role) {
  const KeyAttribute& attribute = AttributeOf(schema, role);
  assert(value.type() == ValueTypeOf(attribute.type));
  DYNAMITE_RETURN_IF_ERROR(CheckNotEmpty(attribute.name, value));
  return CheckSize(value, role);
}

Item KeyOf(const KeySchema& schema, const PackedItem& item) {
  Item key;
  key.reserve(schema.has_sort_key() ? 2 : 1);
  auto copy = [&](const KeyAttribute& attribute) {
    const std::optional<ValueView> value = item.Find(attribute.name);
    assert(value.has_value());
    if (value.has_value()) key.emplace(attribute.name, value->Decode());
  };
  copy(schema.partition_key);
  if (schema.has_sort_key()) copy(*schema.sort_key);
  return key;
}

}  // namespace dynamite
