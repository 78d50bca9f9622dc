// Conversions of JSON values to the member types DynamoDB declares for its
// request parameters (String, Boolean, Integer, Long, Blob, List, Map,
// Structure), failing with DynamoDB's SerializationException messages.
//
// DynamoDB type-checks the whole request before any other validation, and
// its messages name the JSON token that did not fit and the Java type it was
// meant for: `{"N": 5}` -> "NUMBER_VALUE cannot be converted to String",
// `{"Limit": "5"}` -> "STRING_VALUE cannot be converted to Integer",
// `{"Item": []}` -> "Unrecognized collection type java.util.Map<...>".
// The messages were recorded against DynamoDB by dynalite's test suite
// (test/helpers.js assertType).
//
// Thread safety: pure functions.

#ifndef DYNAMITE_WIRE_JSON_TYPES_H_
#define DYNAMITE_WIRE_JSON_TYPES_H_

#include <cstdint>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

#include "wire/json.h"

namespace dynamite {

// The Java package of DynamoDB's request shapes, as it appears in messages.
inline constexpr absl::string_view kShapePackage =
    "com.amazonaws.dynamodb.v20120810.";

// Where a structure appears: as a named field of another structure (e.g.
// ProvisionedThroughput), or as an element of a list or value of a map
// (e.g. KeySchema[0], Item["a"]). DynamoDB words the error differently.
enum class StructurePosition { kField, kValue };

// All functions below: REQUIRES: !value.IsNull() (null means absent).

// String. Returns a view into `value`.
absl::StatusOr<absl::string_view> JsonToString(const JsonValue& value);

// Boolean: JSON true/false, or a string DynamoDB converts ("true", "false",
// "yes", "no", "1", "0", any case).
absl::StatusOr<bool> JsonToBoolean(const JsonValue& value);

// Integer (Java int) and Long (Java long): any JSON number; a fraction is
// truncated and an out-of-range value keeps its low 32 / 64 bits, as a Java
// narrowing conversion does.
absl::StatusOr<int64_t> JsonToInteger(const JsonValue& value);
absl::StatusOr<int64_t> JsonToLong(const JsonValue& value);

// Blob: a string of standard base64 with padding; returns the decoded bytes.
// Errors: "Base64 encoded length is expected a multiple of 4 bytes but found:
// <n>", and for any bad character, misplaced padding or non-zero trailing
// bits "Invalid last non-pad Base64 character dectected" (sic).
absl::StatusOr<std::string> JsonToBlob(const JsonValue& value);

// List: OK if `value` is a JSON array.
absl::Status CheckJsonList(const JsonValue& value);

// Map from string to `value_type` (a Java class name such as
// "java.lang.String" or "com.amazonaws.dynamodb.v20120810.AttributeValue"):
// OK if `value` is a JSON object.
absl::Status CheckJsonMap(const JsonValue& value, absl::string_view value_type);

// Structure named `shape` (e.g. "KeySchemaElement"): OK if `value` is a JSON
// object.
absl::Status CheckJsonStructure(const JsonValue& value, absl::string_view shape,
                                StructurePosition position);

}  // namespace dynamite

#endif  // DYNAMITE_WIRE_JSON_TYPES_H_
