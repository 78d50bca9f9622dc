#include "api/start_key.h"

#include "absl/strings/str_cat.h"

#include "common/errors.h"

namespace dynamite {

absl::StatusOr<EncodedKey> EncodeExclusiveStartKey(const KeySchema& schema,
                                                   const Item& start_key) {
  absl::StatusOr<EncodedKey> key = ExtractKey(schema, start_key);
  if (key.ok()) return key;
  return ValidationError(absl::StrCat("The provided starting key is invalid: ",
                                      key.status().message()));
}

}  // namespace dynamite
