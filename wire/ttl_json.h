// DynamoDB JSON <-> the time-to-live operations (api/ttl_requests.h).
//
// Requests: {"TableName": "t", "TimeToLiveSpecification": {"Enabled": true,
// "AttributeName": "expiresAt"}}; {"TableName": "t"}. Responses:
// {"TimeToLiveSpecification": {"Enabled": true, "AttributeName":
// "expiresAt"}} ({"Enabled": false} alone after disabling);
// {"TimeToLiveDescription": {"TimeToLiveStatus": "ENABLED",
// "AttributeName": "expiresAt"}} ({"TimeToLiveStatus": "DISABLED"} alone).
//
// Only the types and the required TableName are checked here; the
// constraints are the api's (api/ttl_ops.cc).
//
// Thread safety: pure functions.

#ifndef DYNAMITE_WIRE_TTL_JSON_H_
#define DYNAMITE_WIRE_TTL_JSON_H_

#include <string>

#include "absl/status/statusor.h"

#include "api/ttl_requests.h"
#include "wire/json.h"

namespace dynamite {

// REQUIRES for the decoders: body.IsObject().
absl::StatusOr<UpdateTimeToLiveRequest> DecodeUpdateTimeToLiveRequest(
    const JsonValue& body);
absl::StatusOr<DescribeTimeToLiveRequest> DecodeDescribeTimeToLiveRequest(
    const JsonValue& body);

std::string EncodeUpdateTimeToLiveResponse(
    const UpdateTimeToLiveResponse& response);
std::string EncodeDescribeTimeToLiveResponse(
    const DescribeTimeToLiveResponse& response);

}  // namespace dynamite

#endif  // DYNAMITE_WIRE_TTL_JSON_H_
