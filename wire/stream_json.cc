#include "wire/stream_json.h"

#include <optional>
#include <string>

#include "common/status_macros.h"
#include "wire/enum_names.h"
#include "wire/request_reader.h"
#include "wire/table_json.h"
#include "wire/table_shapes.h"
#include "wire/value_json.h"

namespace dynamite {
namespace {

// The ShardIteratorType names, in the order of the API's enum.
constexpr EnumName<ShardIteratorType> kShardIteratorTypeNames[] = {
    {"TRIM_HORIZON", ShardIteratorType::kTrimHorizon},
    {"LATEST", ShardIteratorType::kLatest},
    {"AT_SEQUENCE_NUMBER", ShardIteratorType::kAtSequenceNumber},
    {"AFTER_SEQUENCE_NUMBER", ShardIteratorType::kAfterSequenceNumber},
};

constexpr EnumName<StreamEventType> kEventNames[] = {
    {"INSERT", StreamEventType::kInsert},
    {"MODIFY", StreamEventType::kModify},
    {"REMOVE", StreamEventType::kRemove},
};

// A required string member: absent is "Value null at '<path>' ... must not
// be null".
std::string ReadRequiredString(RequestReader& reader, absl::string_view name,
                               absl::string_view path) {
  const JsonValue* member = reader.Member(name);
  reader.NotNull(path, member != nullptr);
  return reader.String(member).value_or("");
}

std::string Finish(JsonWriter& writer, const rapidjson::StringBuffer& buffer) {
  writer.EndObject();
  return JsonText(buffer);
}

}  // namespace

absl::StatusOr<ListStreamsRequest> DecodeListStreamsRequest(
    const JsonValue& body) {
  RequestReader reader(body);
  ListStreamsRequest request;
  request.table_name = reader.String(reader.Member("TableName"));
  request.limit = reader.Integer(reader.Member("Limit"));
  request.exclusive_start_stream_arn =
      reader.String(reader.Member("ExclusiveStartStreamArn"));
  DYNAMITE_RETURN_IF_ERROR(reader.Finish());
  return request;
}

absl::StatusOr<DescribeStreamRequest> DecodeDescribeStreamRequest(
    const JsonValue& body) {
  RequestReader reader(body);
  DescribeStreamRequest request;
  request.stream_arn = ReadRequiredString(reader, "StreamArn", "streamArn");
  request.limit = reader.Integer(reader.Member("Limit"));
  request.exclusive_start_shard_id =
      reader.String(reader.Member("ExclusiveStartShardId"));
  DYNAMITE_RETURN_IF_ERROR(reader.Finish());
  return request;
}

absl::StatusOr<GetShardIteratorRequest> DecodeGetShardIteratorRequest(
    const JsonValue& body) {
  RequestReader reader(body);
  GetShardIteratorRequest request;
  request.stream_arn = ReadRequiredString(reader, "StreamArn", "streamArn");
  request.shard_id = ReadRequiredString(reader, "ShardId", "shardId");
  const JsonValue* type = reader.Member("ShardIteratorType");
  reader.NotNull("shardIteratorType", type != nullptr);
  request.shard_iterator_type =
      reader
          .Enum(reader.String(type), "shardIteratorType",
                kShardIteratorTypeNames)
          .value_or(ShardIteratorType::kTrimHorizon);
  request.sequence_number = reader.String(reader.Member("SequenceNumber"));
  DYNAMITE_RETURN_IF_ERROR(reader.Finish());
  return request;
}

absl::StatusOr<GetRecordsRequest> DecodeGetRecordsRequest(
    const JsonValue& body) {
  RequestReader reader(body);
  GetRecordsRequest request;
  request.shard_iterator =
      ReadRequiredString(reader, "ShardIterator", "shardIterator");
  request.limit = reader.Integer(reader.Member("Limit"));
  DYNAMITE_RETURN_IF_ERROR(reader.Finish());
  return request;
}

std::string EncodeListStreamsResponse(const ListStreamsResponse& response) {
  rapidjson::StringBuffer buffer;
  JsonWriter writer(buffer);
  writer.StartObject();
  writer.Key("Streams");
  writer.StartArray();
  for (const StreamSummary& stream : response.streams) {
    writer.StartObject();
    WriteStringMember(writer, "StreamArn", stream.stream_arn);
    WriteStringMember(writer, "TableName", stream.table_name);
    WriteStringMember(writer, "StreamLabel", stream.stream_label);
    writer.EndObject();
  }
  writer.EndArray();
  if (response.last_evaluated_stream_arn.has_value()) {
    WriteStringMember(writer, "LastEvaluatedStreamArn",
                      *response.last_evaluated_stream_arn);
  }
  return Finish(writer, buffer);
}

std::string EncodeDescribeStreamResponse(
    const DescribeStreamResponse& response) {
  const StreamDescription& d = response.stream_description;
  rapidjson::StringBuffer buffer;
  JsonWriter writer(buffer);
  writer.StartObject();
  writer.Key("StreamDescription");
  writer.StartObject();
  WriteStringMember(writer, "StreamArn", d.stream_arn);
  WriteStringMember(writer, "StreamLabel", d.stream_label);
  WriteStringMember(
      writer, "StreamStatus",
      d.stream_status == StreamStatus::kEnabled ? "ENABLED" : "DISABLED");
  WriteStringMember(writer, "StreamViewType",
                    NameOf(kStreamViewTypeNames, d.stream_view_type));
  WriteEpochSecondsMember(writer, "CreationRequestDateTime",
                          d.creation_request_date_time);
  WriteStringMember(writer, "TableName", d.table_name);
  WriteKeySchema(d.key_schema, writer);
  writer.Key("Shards");
  writer.StartArray();
  for (const StreamShard& shard : d.shards) {
    writer.StartObject();
    WriteStringMember(writer, "ShardId", shard.shard_id);
    if (shard.parent_shard_id.has_value()) {
      WriteStringMember(writer, "ParentShardId", *shard.parent_shard_id);
    }
    writer.Key("SequenceNumberRange");
    writer.StartObject();
    WriteStringMember(writer, "StartingSequenceNumber",
                      shard.sequence_number_range.starting_sequence_number);
    if (shard.sequence_number_range.ending_sequence_number.has_value()) {
      WriteStringMember(writer, "EndingSequenceNumber",
                        *shard.sequence_number_range.ending_sequence_number);
    }
    writer.EndObject();
    writer.EndObject();
  }
  writer.EndArray();
  if (d.last_evaluated_shard_id.has_value()) {
    WriteStringMember(writer, "LastEvaluatedShardId",
                      *d.last_evaluated_shard_id);
  }
  writer.EndObject();
  return Finish(writer, buffer);
}

std::string EncodeGetShardIteratorResponse(
    const GetShardIteratorResponse& response) {
  rapidjson::StringBuffer buffer;
  JsonWriter writer(buffer);
  writer.StartObject();
  WriteStringMember(writer, "ShardIterator", response.shard_iterator);
  return Finish(writer, buffer);
}

std::string EncodeGetRecordsResponse(const GetRecordsResponse& response) {
  rapidjson::StringBuffer buffer;
  JsonWriter writer(buffer);
  writer.StartObject();
  writer.Key("Records");
  writer.StartArray();
  for (const StreamEvent& event : response.records) {
    writer.StartObject();
    WriteStringMember(writer, "eventID", event.event_id);
    WriteStringMember(writer, "eventName",
                      NameOf(kEventNames, event.event_name));
    WriteStringMember(writer, "eventVersion", "1.1");
    WriteStringMember(writer, "eventSource", "aws:dynamodb");
    WriteStringMember(writer, "awsRegion", event.aws_region);
    writer.Key("dynamodb");
    writer.StartObject();
    WriteEpochSecondsMember(writer, "ApproximateCreationDateTime",
                            event.approximate_creation_date_time);
    writer.Key("Keys");
    WriteAttributeMap(event.keys, writer);
    if (event.new_image.has_value()) {
      writer.Key("NewImage");
      WriteAttributeMap(*event.new_image, writer);
    }
    if (event.old_image.has_value()) {
      writer.Key("OldImage");
      WriteAttributeMap(*event.old_image, writer);
    }
    WriteStringMember(writer, "SequenceNumber", event.sequence_number);
    writer.Key("SizeBytes");
    writer.Int64(event.size_bytes);
    WriteStringMember(writer, "StreamViewType",
                      NameOf(kStreamViewTypeNames, event.stream_view_type));
    writer.EndObject();
    // The Streams API's Identity shape (Lambda's event spells its members
    // "type" and "principalId").
    if (event.user_identity.has_value()) {
      writer.Key("userIdentity");
      writer.StartObject();
      WriteStringMember(writer, "PrincipalId",
                        event.user_identity->principal_id);
      WriteStringMember(writer, "Type", event.user_identity->type);
      writer.EndObject();
    }
    writer.EndObject();
  }
  writer.EndArray();
  if (response.next_shard_iterator.has_value()) {
    WriteStringMember(writer, "NextShardIterator",
                      *response.next_shard_iterator);
  }
  return Finish(writer, buffer);
}

}  // namespace dynamite
