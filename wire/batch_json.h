// DynamoDB JSON <-> the batch operations: BatchWriteItem and BatchGetItem
// (api/batch_requests.h).
//
//   BatchWriteItem {"RequestItems": {"<table>": [{"PutRequest": {"Item":
//                  {...}}}, {"DeleteRequest": {"Key": {...}}}, ...]}}
//     -> {"UnprocessedItems": {}}
//   BatchGetItem   {"RequestItems": {"<table>": {"Keys": [{...}, ...],
//                  "ProjectionExpression": "...", ...}}}
//     -> {"Responses": {"<table>": [{...}, ...]}, "UnprocessedKeys": {}}
//
// Decoders read a request body (a JSON object) in DynamoDB's order of
// checks (wire/request_reader.h) and reject parameters Dynamite does not
// implement yet (wire/unsupported.h). Constraint paths name the member as
// DynamoDB does, e.g. "requestItems.Music.member.1.member.putRequest.item"
// (1-based) and "requestItems.Music.member.keys".
//
// Thread safety: pure functions.

#ifndef DYNAMITE_WIRE_BATCH_JSON_H_
#define DYNAMITE_WIRE_BATCH_JSON_H_

#include <string>

#include "absl/status/statusor.h"

#include "api/batch_requests.h"
#include "wire/json.h"

namespace dynamite {

// REQUIRES for the decoders: body.IsObject().
absl::StatusOr<BatchWriteItemRequest> DecodeBatchWriteItemRequest(
    const JsonValue& body);
// BatchGetItem compares keys as given, so the same number spelled two ways
// ("1", "1.0") is not a duplicate, and the item comes back once (reference
// §2.4). The api sees numbers only by value; the decoder therefore drops a
// key equal to an earlier key of its table but spelled differently. Keys
// spelled alike are kept, for the api to reject as duplicates.
absl::StatusOr<BatchGetItemRequest> DecodeBatchGetItemRequest(
    const JsonValue& body);

std::string EncodeBatchWriteItemResponse(
    const BatchWriteItemResponse& response);
std::string EncodeBatchGetItemResponse(const BatchGetItemResponse& response);

}  // namespace dynamite

#endif  // DYNAMITE_WIRE_BATCH_JSON_H_
