// DynamoDB JSON <-> the control-plane calls (api/control_plane_requests.h):
// DescribeLimits, DescribeEndpoints, DescribeContinuousBackups,
// UpdateContinuousBackups, DescribeContributorInsights.
//
// Responses as DynamoDB's: {"AccountMaxReadCapacityUnits": 80000, ...};
// {"Endpoints": [{"Address": "...", "CachePeriodInMinutes": 1440}]};
// {"ContinuousBackupsDescription": {"ContinuousBackupsStatus": "ENABLED",
// "PointInTimeRecoveryDescription": {"PointInTimeRecoveryStatus":
// "DISABLED"}}} (with EarliestRestorableDateTime, LatestRestorableDateTime
// and RecoveryPeriodInDays while ENABLED); {"TableName": "t",
// "ContributorInsightsStatus": "DISABLED"}.
//
// Only the types and the required members are checked here; the
// constraints are the api's.
//
// Thread safety: pure functions.

#ifndef DYNAMITE_WIRE_CONTROL_PLANE_JSON_H_
#define DYNAMITE_WIRE_CONTROL_PLANE_JSON_H_

#include <string>

#include "absl/status/statusor.h"

#include "api/control_plane_requests.h"
#include "wire/json.h"

namespace dynamite {

// REQUIRES for the decoders: body.IsObject().
absl::StatusOr<DescribeLimitsRequest> DecodeDescribeLimitsRequest(
    const JsonValue& body);
absl::StatusOr<DescribeEndpointsRequest> DecodeDescribeEndpointsRequest(
    const JsonValue& body);
absl::StatusOr<DescribeContinuousBackupsRequest>
DecodeDescribeContinuousBackupsRequest(const JsonValue& body);
absl::StatusOr<UpdateContinuousBackupsRequest>
DecodeUpdateContinuousBackupsRequest(const JsonValue& body);
absl::StatusOr<DescribeContributorInsightsRequest>
DecodeDescribeContributorInsightsRequest(const JsonValue& body);

std::string EncodeDescribeLimitsResponse(
    const DescribeLimitsResponse& response);
std::string EncodeDescribeEndpointsResponse(
    const DescribeEndpointsResponse& response);
std::string EncodeDescribeContinuousBackupsResponse(
    const DescribeContinuousBackupsResponse& response);
std::string EncodeUpdateContinuousBackupsResponse(
    const UpdateContinuousBackupsResponse& response);
std::string EncodeDescribeContributorInsightsResponse(
    const DescribeContributorInsightsResponse& response);

}  // namespace dynamite

#endif  // DYNAMITE_WIRE_CONTROL_PLANE_JSON_H_
