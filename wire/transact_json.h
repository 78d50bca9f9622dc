// DynamoDB JSON <-> the transactions: TransactWriteItems and
// TransactGetItems (api/transact_requests.h; reference §8.4).
//
// TransactWriteItems reads `TransactItems` (each element one of
// `ConditionCheck`, `Put`, `Update`, `Delete`, with its own
// ExpressionAttributeNames / ExpressionAttributeValues and
// ReturnValuesOnConditionCheckFailure), `ClientRequestToken`,
// `ReturnConsumedCapacity` and `ReturnItemCollectionMetrics`, and answers
// `{}` plus `ConsumedCapacity` (a list) and `ItemCollectionMetrics` (table
// -> list) when asked. TransactGetItems reads `TransactItems` of `Get`s and
// answers `{"Responses": [{"Item": {...}} | {} ...]}` in request order. A
// cancelled transaction's error body is CancellationResponse()
// (wire/error_body.h).
//
// Thread safety: pure functions.

#ifndef DYNAMITE_WIRE_TRANSACT_JSON_H_
#define DYNAMITE_WIRE_TRANSACT_JSON_H_

#include <string>

#include "absl/status/statusor.h"

#include "api/transact_requests.h"
#include "wire/json.h"

namespace dynamite {

// REQUIRES for the decoders: body.IsObject().
absl::StatusOr<TransactWriteItemsRequest> DecodeTransactWriteItemsRequest(
    const JsonValue& body);
absl::StatusOr<TransactGetItemsRequest> DecodeTransactGetItemsRequest(
    const JsonValue& body);

std::string EncodeTransactWriteItemsResponse(
    const TransactWriteItemsResponse& response);
std::string EncodeTransactGetItemsResponse(
    const TransactGetItemsResponse& response);

}  // namespace dynamite

#endif  // DYNAMITE_WIRE_TRANSACT_JSON_H_
