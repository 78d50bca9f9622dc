// DynamoDB JSON <-> Query (api/read_requests.h).
//
// The response is {"Items": [...], "Count": n, "ScannedCount": n} plus
// "LastEvaluatedKey" when the page was cut; "Items" is absent under
// Select COUNT.
//
// Thread safety: pure functions.

#ifndef DYNAMITE_WIRE_QUERY_JSON_H_
#define DYNAMITE_WIRE_QUERY_JSON_H_

#include <string>

#include "absl/status/statusor.h"

#include "api/read_requests.h"
#include "wire/json.h"

namespace dynamite {

// REQUIRES: body.IsObject().
absl::StatusOr<QueryRequest> DecodeQueryRequest(const JsonValue& body);

// Encodes a Query or Scan page: Items (absent under Select COUNT), Count,
// ScannedCount, and LastEvaluatedKey when the page was cut short.
std::string EncodeItemPage(const ItemPage& response);

}  // namespace dynamite

#endif  // DYNAMITE_WIRE_QUERY_JSON_H_
