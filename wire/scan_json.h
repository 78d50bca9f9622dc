// DynamoDB JSON <-> Scan (api/read_requests.h).
//
// The response is {"Items": [...], "Count": n, "ScannedCount": n} plus
// "LastEvaluatedKey" when the page was cut; "Items" is absent under
// Select COUNT.
//
// Thread safety: pure functions.

#ifndef DYNAMITE_WIRE_SCAN_JSON_H_
#define DYNAMITE_WIRE_SCAN_JSON_H_

#include <string>

#include "absl/status/statusor.h"

#include "api/read_requests.h"
#include "wire/json.h"

namespace dynamite {

// REQUIRES: body.IsObject().
absl::StatusOr<ScanRequest> DecodeScanRequest(const JsonValue& body);

}  // namespace dynamite

#endif  // DYNAMITE_WIRE_SCAN_JSON_H_
