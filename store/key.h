// Key schemas and primary keys.
//
// A KeySchema names the partition key (HASH) and optional sort key (RANGE)
// with their scalar types. ExtractKey*() validate a request's key or item
// against the schema with DynamoDB's exact messages and return the encoded
// key (store/key_codec.h) used to address the table.
//
// Thread safety: value types and pure functions.

#ifndef DYNAMITE_STORE_KEY_H_
#define DYNAMITE_STORE_KEY_H_

#include <optional>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

#include "store/item.h"
#include "store/key_bytes.h"
#include "store/packed_item.h"
#include "store/value.h"

namespace dynamite {

// A key attribute's type: DynamoDB's ScalarAttributeType.
enum class KeyType { kS, kN, kB };

// "S", "N" or "B".
absl::string_view KeyTypeName(KeyType type);
ValueType ValueTypeOf(KeyType type);

// DynamoDB's key size limits (reference §3.4).
inline constexpr size_t kMaxPartitionKeyBytes = 2048;
inline constexpr size_t kMaxSortKeyBytes = 1024;

struct KeyAttribute {
  std::string name;
  KeyType type = KeyType::kS;
  friend bool operator==(const KeyAttribute&, const KeyAttribute&) = default;
};

struct KeySchema {
  KeyAttribute partition_key;
  std::optional<KeyAttribute> sort_key;

  bool has_sort_key() const { return sort_key.has_value(); }
  // True if `name` is the partition or sort key's name.
  bool is_key_attribute(absl::string_view name) const;
};

// The encoded primary key of one item. `sort` is empty for tables without a
// sort key.
struct EncodedKey {
  std::string partition;
  std::string sort;
  friend bool operator==(const EncodedKey&, const EncodedKey&) = default;
};

// Validates the `Key` parameter of GetItem/DeleteItem/UpdateItem: exactly the
// key attributes, of the schema's types, non-empty, within size limits.
// Errors (kValidation): "The provided key element does not match the
// schema"; "One or more parameter values are not valid. The AttributeValue
// for a key attribute cannot contain an empty string value. Key: <a>" (or
// "... empty binary value ..."); the key-size messages.
absl::StatusOr<EncodedKey> ExtractKey(const KeySchema& schema, const Item& key);

// The encoded primary key of a Key parameter, borrowing the bytes of its S
// and B values (store/key_bytes.h): for a lookup, which needs no copy.
// `sort` is empty for tables without a sort key.
struct BorrowedKey {
  KeyBytes partition;
  KeyBytes sort;
};

// ExtractKey(), with the same checks and errors, borrowing the key's S and
// B values: `key` must outlive the result.
absl::StatusOr<BorrowedKey> ExtractKeyBytes(const KeySchema& schema,
                                            const Item& key);

// Validates the key attributes of an item to be written (PutItem): "One or
// more parameter values were invalid: Missing the key <a> in the item",
// "... Type mismatch for key <a> expected: <T> actual: <T>", empty and size
// messages as for ExtractKey().
absl::StatusOr<EncodedKey> ExtractItemKey(const KeySchema& schema,
                                          const Item& item);

enum class KeyRole { kPartition, kSort };

// Checks one key value: non-empty (S/B) and within the size limit of its
// role; the empty-value and size messages above.
// REQUIRES: value.type() matches the attribute's type.
absl::Status CheckKeyValue(const KeySchema& schema, const AttributeValue& value,
                           KeyRole role);

// Returns the key attributes of a stored item (a page's LastEvaluatedKey),
// decoding only those two values. REQUIRES: item holds every key attribute
// of `schema`.
Item KeyOf(const KeySchema& schema, const PackedItem& item);

}  // namespace dynamite

#endif  // DYNAMITE_STORE_KEY_H_
