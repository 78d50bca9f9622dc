// DynamoDB JSON <-> the single-item operations: PutItem, GetItem,
// UpdateItem, DeleteItem (api/item_requests.h).
//
// Decoders read a request body (a JSON object) in DynamoDB's order of
// checks (wire/request_reader.h) and reject parameters Dynamite does not
// implement yet (wire/unsupported.h). Encoders write DynamoDB's response
// shapes: GetItem `{"Item": {...}}`, or `{}` when there is no item;
// PutItem, UpdateItem and DeleteItem `{}`, or `{"Attributes": {...}}` when
// ReturnValues has something to return.
//
// Thread safety: pure functions.

#ifndef DYNAMITE_WIRE_ITEM_JSON_H_
#define DYNAMITE_WIRE_ITEM_JSON_H_

#include <string>

#include "absl/status/statusor.h"

#include "api/item_requests.h"
#include "wire/json.h"

namespace dynamite {

// REQUIRES for the decoders: body.IsObject().
absl::StatusOr<PutItemRequest> DecodePutItemRequest(const JsonValue& body);
absl::StatusOr<GetItemRequest> DecodeGetItemRequest(const JsonValue& body);
absl::StatusOr<DeleteItemRequest> DecodeDeleteItemRequest(
    const JsonValue& body);
absl::StatusOr<UpdateItemRequest> DecodeUpdateItemRequest(
    const JsonValue& body);

std::string EncodePutItemResponse(const PutItemResponse& response);
std::string EncodeGetItemResponse(const GetItemResponse& response);
std::string EncodeDeleteItemResponse(const DeleteItemResponse& response);
std::string EncodeUpdateItemResponse(const UpdateItemResponse& response);

}  // namespace dynamite

#endif  // DYNAMITE_WIRE_ITEM_JSON_H_
