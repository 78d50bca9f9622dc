// Helpers shared by the reads (Query, Scan): checking an ExclusiveStartKey
// against the key schema with DynamoDB's messages.
//
// Thread safety: pure functions.

#ifndef DYNAMITE_API_START_KEY_H_
#define DYNAMITE_API_START_KEY_H_

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

#include "store/item.h"
#include "store/key.h"

namespace dynamite {

// Validates `start_key` (an ExclusiveStartKey) against `schema` and returns
// it encoded. Errors: "The provided starting key is invalid: The provided
// key element does not match the schema" for missing, extra or wrong-typed
// attributes; other key errors behind "The provided starting key is
// invalid: ".
absl::StatusOr<EncodedKey> EncodeExclusiveStartKey(const KeySchema& schema,
                                                   const Item& start_key);

}  // namespace dynamite

#endif  // DYNAMITE_API_START_KEY_H_
