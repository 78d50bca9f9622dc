// The request parameters DynamoDB has and Dynamite does not implement yet.
//
// A request that sets one is answered with a ValidationException
// "Dynamite does not support the parameter <Name> yet" rather than being
// run as if the parameter were absent, which would silently give a
// different answer than DynamoDB. Parameters that change nothing at one
// value (DeletionProtectionEnabled false) are accepted at that value. This is
// the one list: when a feature lands, delete its rows (unsupported.cc).
// Members DynamoDB does not have at all are ignored, as DynamoDB ignores
// them.
//
// Thread safety: pure functions over constant data.

#ifndef DYNAMITE_WIRE_UNSUPPORTED_H_
#define DYNAMITE_WIRE_UNSUPPORTED_H_

#include "absl/status/status.h"
#include "absl/strings/string_view.h"

#include "wire/json.h"

namespace dynamite {

// Returns the ValidationException for the first unsupported parameter that
// `body` (a JSON object) sets for `operation`, or OK.
absl::Status CheckSupportedParameters(absl::string_view operation,
                                      const JsonValue& body);

}  // namespace dynamite

#endif  // DYNAMITE_WIRE_UNSUPPORTED_H_
