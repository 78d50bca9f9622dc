// Request and response structs of the DynamoDB Streams operations:
// ListStreams, DescribeStream, GetShardIterator, GetRecords (the
// DynamoDBStreams_20120810 API). Field names follow DynamoDB's parameters.
//
// Thread safety: plain structs.

#ifndef DYNAMITE_API_STREAM_REQUESTS_H_
#define DYNAMITE_API_STREAM_REQUESTS_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/time/time.h"

#include "api/table_requests.h"
#include "store/item.h"
#include "store/table_definition.h"

namespace dynamite {

struct ListStreamsRequest {
  std::optional<std::string> table_name;
  std::optional<int64_t> limit;  // 1..100, default 100
  std::optional<std::string> exclusive_start_stream_arn;
};
struct StreamSummary {
  std::string stream_arn;
  std::string table_name;
  std::string stream_label;
};
struct ListStreamsResponse {
  std::vector<StreamSummary> streams;
  std::optional<std::string> last_evaluated_stream_arn;
};

struct DescribeStreamRequest {
  std::string stream_arn;
  std::optional<int64_t> limit;  // shards, 1..100, default 100
  std::optional<std::string> exclusive_start_shard_id;
};
// Sequence numbers are decimal strings, as DynamoDB gives them.
struct SequenceNumberRange {
  std::string starting_sequence_number;
  std::optional<std::string> ending_sequence_number;  // once closed
};
struct StreamShard {
  std::string shard_id;
  std::optional<std::string> parent_shard_id;
  SequenceNumberRange sequence_number_range;
};
enum class StreamStatus { kEnabled, kDisabled };
struct StreamDescription {
  std::string stream_arn;
  std::string stream_label;
  StreamStatus stream_status = StreamStatus::kEnabled;
  StreamViewType stream_view_type = StreamViewType::kKeysOnly;
  absl::Time creation_request_date_time;
  std::string table_name;
  std::vector<KeySchemaElement> key_schema;
  std::vector<StreamShard> shards;  // oldest first
  std::optional<std::string> last_evaluated_shard_id;
};
struct DescribeStreamResponse {
  StreamDescription stream_description;
};

enum class ShardIteratorType {
  kTrimHorizon,
  kLatest,
  kAtSequenceNumber,
  kAfterSequenceNumber,
};
struct GetShardIteratorRequest {
  std::string stream_arn;
  std::string shard_id;
  ShardIteratorType shard_iterator_type = ShardIteratorType::kTrimHorizon;
  // AT_SEQUENCE_NUMBER and AFTER_SEQUENCE_NUMBER only.
  std::optional<std::string> sequence_number;
};
struct GetShardIteratorResponse {
  std::string shard_iterator;
};

enum class StreamEventType { kInsert, kModify, kRemove };

// Who made a change, when it was not a request: DynamoDB's Identity. A
// deletion of an expired item by time to live carries
// {"Type": "Service", "PrincipalId": "dynamodb.amazonaws.com"}.
struct StreamUserIdentity {
  std::string type;
  std::string principal_id;
};

// One record of GetRecords: the change to one item (DynamoDB's Record with
// its `dynamodb` StreamRecord).
struct StreamEvent {
  std::string event_id;
  StreamEventType event_name = StreamEventType::kInsert;
  std::string aws_region;  // the Database's (DatabaseOptions::region)
  absl::Time approximate_creation_date_time;
  AttributeMap keys;
  // Per the stream's view type.
  std::optional<AttributeMap> new_image;
  std::optional<AttributeMap> old_image;
  std::string sequence_number;
  int64_t size_bytes = 0;
  StreamViewType stream_view_type = StreamViewType::kKeysOnly;
  // Set on a TTL deletion's REMOVE only.
  std::optional<StreamUserIdentity> user_identity;
};

struct GetRecordsRequest {
  std::string shard_iterator;
  std::optional<int64_t> limit;  // 1..1000, default 1000
};
struct GetRecordsResponse {
  std::vector<StreamEvent> records;
  // Absent once a closed shard has been read to its end.
  std::optional<std::string> next_shard_iterator;
};

}  // namespace dynamite

#endif  // DYNAMITE_API_STREAM_REQUESTS_H_
