// Item: the attributes of one DynamoDB item, and the item-level rules.
//
// An Item is an AttributeMap (store/attribute_map.h: a flat map, name ->
// value in name order, whose inserts and erases invalidate references into
// it): what requests carry and writes build. A table stores items packed
// and immutable (store/packed_item.h), and hands them out as ItemPtr
// (store/item_ptr.h); a write replaces the stored item, so readers keep a
// consistent snapshot without copying.
//
// Thread safety: a value type; const access may be concurrent.

#ifndef DYNAMITE_STORE_ITEM_H_
#define DYNAMITE_STORE_ITEM_H_

#include <cstdint>

#include "absl/status/status.h"

#include "store/value.h"

namespace dynamite {

using Item = AttributeMap;

// DynamoDB's item size limit: 400 KB, inclusive.
inline constexpr int64_t kMaxItemSizeBytes = 409600;
// Attribute names are 1..65535 bytes (reference §1.5).
inline constexpr size_t kMaxAttributeNameBytes = 65535;

// DynamoDB's item size: the sum over attributes of the UTF-8 length of the
// name plus ValueSize() of the value.
int64_t ItemSize(const Item& item);

// Validates every attribute of an item to be written: names non-empty and
// within kMaxAttributeNameBytes (also names inside maps), values per
// ValidateAttributeValue(). Does not check the size limit, whose message
// depends on the operation. Returns kValidation errors with DynamoDB's
// messages.
absl::Status ValidateItemAttributes(const Item& item);

}  // namespace dynamite

#endif  // DYNAMITE_STORE_ITEM_H_
