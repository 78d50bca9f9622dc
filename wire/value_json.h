// AttributeValue and attribute maps (items, keys) <-> DynamoDB JSON.
//
//   {"S": "text"}  {"N": "12.5"}  {"B": "<base64>"}  {"BOOL": true}
//   {"NULL": true} {"M": {"name": <value>, ...}}  {"L": [<value>, ...]}
//   {"SS": ["a"]}  {"NS": ["1"]}  {"BS": ["<base64>"]}
//
// Decoding reports two kinds of problem, because DynamoDB reports them at
// different stages of a request: a JSON type that does not fit (`{"N": 5}`,
// bad base64) is a SerializationException found while the whole request is
// type-checked; a well-typed value DynamoDB rejects (`{}`, two types, a bad
// number, `{"NULL": false}`, nesting past the limit) is a
// ValidationException found later. Decoding therefore keeps walking after a
// validation problem, so a type error further on still wins. Unknown type
// keys are ignored, as DynamoDB ignores unknown members: `{"X": 1}` is an
// empty AttributeValue. Recursion is bounded: containers nested deeper than
// DynamoDB allows are reported, not descended into.
//
// Encoding writes numbers in canonical form (Number::ToString) and B/BS as
// standard padded base64; maps are written in name order, sets in stored
// order, so the output is deterministic.
//
// Thread safety: pure functions.

#ifndef DYNAMITE_WIRE_VALUE_JSON_H_
#define DYNAMITE_WIRE_VALUE_JSON_H_

#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

#include "store/item_ptr.h"
#include "store/packed_item.h"
#include "store/packed_value.h"
#include "store/value.h"
#include "wire/json.h"

namespace dynamite {

// The Java class DynamoDB names for AttributeValue in type-error messages.
inline constexpr absl::string_view kAttributeValueClass =
    "com.amazonaws.dynamodb.v20120810.AttributeValue";

// Problems found while decoding, first of each kind.
struct ValueErrors {
  absl::Status serialization;  // kSerialization
  absl::Status validation;     // kValidation
  // For DecodeAttributeMap: the attribute whose value failed validation.
  std::string validation_attribute;

  bool ok() const { return serialization.ok() && validation.ok(); }
  // The error to report for a value decoded alone: the type error first.
  absl::Status first() const {
    return serialization.ok() ? validation : serialization;
  }
};

// Decodes one AttributeValue (a JSON object, or null, which is empty).
// The result is meaningful only if errors.ok() afterwards; problems are
// added to `errors` (a kind already present is kept).
AttributeValue DecodeAttributeValue(const JsonValue& json, ValueErrors& errors);

// Decodes a map of attribute name -> AttributeValue (an Item or a Key). A
// repeated name keeps its last value.
AttributeMap DecodeAttributeMap(const JsonValue& json, ValueErrors& errors);

// Parses and decodes JSON text; returns the type error if any, else the
// first validation error. Malformed JSON is a SerializationException with
// an empty message.
absl::StatusOr<AttributeValue> AttributeValueFromJson(absl::string_view json);
absl::StatusOr<AttributeMap> AttributeMapFromJson(absl::string_view json);

// Writes a value as `{"<type>": ...}` and a map as `{"name": <value>, ...}`.
void WriteAttributeValue(const AttributeValue& value, JsonWriter& writer);
void WriteAttributeMap(const AttributeMap& map, JsonWriter& writer);
// The same of a stored item, read in place: every item an answer carries
// is written this way, without decoding it into an Item first.
void WritePackedValue(ValueView value, JsonWriter& writer);
void WritePackedItem(const PackedItem& item, JsonWriter& writer);
// An item of an answer: `{}` for a null one.
void WriteItem(const ItemPtr& item, JsonWriter& writer);

// The compact JSON text of a value or map.
std::string AttributeValueToJson(const AttributeValue& value);
std::string AttributeMapToJson(const AttributeMap& map);

}  // namespace dynamite

#endif  // DYNAMITE_WIRE_VALUE_JSON_H_
