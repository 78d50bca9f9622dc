// The key of an item in a secondary index, and the checks an item to be
// written passes against its table's index keys.
//
// An index key of one attribute encodes as a table key does
// (store/key_codec.h). A multi-attribute GSI key (up to four partition-key
// and four sort-key attributes) encodes as the tuple of its values: each
// value's encoding with its 0x00 bytes escaped as 0x00 0xFF, followed by the
// terminator 0x00 0x01. The terminator is below every escaped byte, so the
// memcmp order of two tuples is the order of their first differing value,
// a shorter value first when one is a prefix of the other: DynamoDB's
// left-to-right order of the sort-key attributes. A tuple's prefix of k
// values is a byte prefix of the whole, which is what a Query that fixes
// the first k sort-key attributes seeks (query/multi_key_condition.h).
//
// Thread safety: pure functions.

#ifndef DYNAMITE_STORE_INDEX_KEY_H_
#define DYNAMITE_STORE_INDEX_KEY_H_

#include <optional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"

#include "store/item.h"
#include "store/packed_item.h"
#include "store/table_definition.h"

namespace dynamite {

// An item's encoded key in one index. `sort` is empty for a GSI without a
// sort key.
struct IndexKey {
  std::string partition;
  std::string sort;
};

// Appends one value's encoding to a tuple: escaped, then terminated.
void AppendTupleValue(absl::string_view encoded, std::string& tuple);

// The encoding of the key made of `encoded` values: the value itself for
// one attribute, else their tuple.
std::string EncodeIndexKeyValues(const std::vector<std::string>& encoded);

// The item's key in `index`, or std::nullopt when the item lacks one of the
// index's key attributes (a sparse index leaves it out) or holds one that
// is not a non-empty value of the attribute's type within the key size
// limits (an item stored before the index was created may: DynamoDB's
// backfill leaves such index key violations out too).
std::optional<IndexKey> IndexKeyOf(const IndexDefinition& index,
                                   const PackedItem& item);

// Checks the index key attributes an item to be written holds, against
// every index of `table`: of the defined type ("One or more parameter values
// were invalid: Type mismatch for Index Key <a> Expected: <T> Actual: <T>
// IndexName: <i>") and not an empty S or B ("One or more parameter values
// are not valid. A value specified for a secondary index key is not
// supported. The AttributeValue for a key attribute cannot contain an empty
// string value. IndexName: <i>, IndexKey: <a>", "... empty binary value
// ..."), and an S or B value within the key size limits, with the table
// keys' messages (store/key_size.h). Absent attributes are fine: the item
// is then not in that index.
absl::Status CheckIndexKeys(const TableDefinition& table, const Item& item);

}  // namespace dynamite

#endif  // DYNAMITE_STORE_INDEX_KEY_H_
