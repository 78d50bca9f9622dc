// DynamoDB JSON <-> the DynamoDB Streams operations: ListStreams,
// DescribeStream, GetShardIterator, GetRecords (api/stream_requests.h), the
// X-Amz-Target prefix DynamoDBStreams_20120810.
//
// Responses, in DynamoDB's order of members:
//   ListStreams {"Streams": [{"StreamArn", "TableName", "StreamLabel"}],
//     "LastEvaluatedStreamArn"?}
//   DescribeStream {"StreamDescription": {"StreamArn", "StreamLabel",
//     "StreamStatus", "StreamViewType", "CreationRequestDateTime" (epoch
//     seconds), "TableName", "KeySchema", "Shards": [{"ShardId",
//     "ParentShardId"?, "SequenceNumberRange": {"StartingSequenceNumber",
//     "EndingSequenceNumber"?}}], "LastEvaluatedShardId"?}}
//   GetShardIterator {"ShardIterator"}
//   GetRecords {"Records": [{"eventID", "eventName", "eventVersion" "1.1",
//     "eventSource" "aws:dynamodb", "awsRegion", "dynamodb":
//     {"ApproximateCreationDateTime", "Keys", "NewImage"?, "OldImage"?,
//     "SequenceNumber", "SizeBytes", "StreamViewType"}}],
//     "NextShardIterator"?}
//
// Thread safety: pure functions.

#ifndef DYNAMITE_WIRE_STREAM_JSON_H_
#define DYNAMITE_WIRE_STREAM_JSON_H_

#include <string>

#include "absl/status/statusor.h"

#include "api/stream_requests.h"
#include "wire/json.h"

namespace dynamite {

// REQUIRES for the decoders: body.IsObject().
absl::StatusOr<ListStreamsRequest> DecodeListStreamsRequest(
    const JsonValue& body);
absl::StatusOr<DescribeStreamRequest> DecodeDescribeStreamRequest(
    const JsonValue& body);
absl::StatusOr<GetShardIteratorRequest> DecodeGetShardIteratorRequest(
    const JsonValue& body);
absl::StatusOr<GetRecordsRequest> DecodeGetRecordsRequest(
    const JsonValue& body);

std::string EncodeListStreamsResponse(const ListStreamsResponse& response);
std::string EncodeDescribeStreamResponse(
    const DescribeStreamResponse& response);
std::string EncodeGetShardIteratorResponse(
    const GetShardIteratorResponse& response);
std::string EncodeGetRecordsResponse(const GetRecordsResponse& response);

}  // namespace dynamite

#endif  // DYNAMITE_WIRE_STREAM_JSON_H_
