// The DynamoDB Streams operations of Database: ListStreams, DescribeStream,
// GetShardIterator, GetRecords, and the wait for new records. The records
// are kept by the StreamStore (store/stream_store.h), an observer of every
// commit; here they are paged, positioned and decoded, as DynamoDB
// Streams' API gives them.

#include <algorithm>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

#include "api/constraint.h"
#include "api/database.h"
#include "api/index_schema.h"
#include "api/shard_iterator.h"
#include "api/tag_rules.h"
#include "common/constraint_error.h"
#include "common/errors.h"
#include "common/status_macros.h"

namespace dynamite {
namespace {

// ListStreams' and DescribeStream's Limit range and default.
constexpr int64_t kMaxStreamsLimit = 100;
// GetRecords' Limit range and default.
constexpr int64_t kMaxRecordsLimit = 1000;
// DynamoDB's sequence numbers are 21 to 40 digits.
constexpr int kSequenceNumberDigits = 21;

std::string SequenceNumberText(uint64_t n) {
  return absl::StrFormat("%0*d", kSequenceNumberDigits, n);
}

// The length bounds of the Streams API's string parameters (the API
// reference).
struct LengthBounds {
  size_t min;
  size_t max;
};
constexpr LengthBounds kStreamArnLength = {37, 1024};
constexpr LengthBounds kShardIdLength = {28, 65};
constexpr LengthBounds kSequenceNumberLength = {21, 40};

// Appends the violation of `value` at `path` if its length is out of
// `bounds`.
void CheckLength(absl::string_view value, absl::string_view path,
                 LengthBounds bounds, std::vector<std::string>& violations) {
  if (value.size() < bounds.min) {
    violations.push_back(ConstraintViolation(
        value, path,
        absl::StrCat("Member must have length greater than or equal to ",
                     bounds.min)));
  } else if (value.size() > bounds.max) {
    violations.push_back(ConstraintViolation(
        value, path,
        absl::StrCat("Member must have length less than or equal to ",
                     bounds.max)));
  }
}

void CheckLimit(const std::optional<int64_t>& limit,
                std::vector<std::string>& violations) {
  if (limit.has_value() && *limit < 1) {
    violations.push_back(ConstraintViolation(
        absl::StrCat(*limit), "limit",
        "Member must have value greater than or equal to 1"));
  }
}

absl::Status Violations(const std::vector<std::string>& violations) {
  return violations.empty() ? absl::OkStatus() : ConstraintError(violations);
}

// ListStreams' and DescribeStream's upper bound, checked after the shape.
absl::Status CheckMaxLimit(const std::optional<int64_t>& limit, int64_t max) {
  if (!limit.has_value() || *limit <= max) return absl::OkStatus();
  return ConstraintError({ConstraintViolation(
      absl::StrCat(*limit), "limit",
      absl::StrCat("Member must have value less than or equal to ", max))});
}

// A stream ARN's form: "arn:aws:dynamodb:<region>:<account>:table/<table>/
// stream/<label>". AWS answers one that is not with a ValidationException
// (scylladb test_streams.py, run against AWS; the text is DynamoDB
// Local's).
absl::Status CheckStreamArn(absl::string_view arn) {
  if (!api_internal::IsTableResourceArn(arn, "stream")) {
    return ValidationError("Invalid StreamArn");
  }
  return absl::OkStatus();
}

absl::StatusOr<uint64_t> ParseSequenceNumber(absl::string_view text) {
  uint64_t n = 0;
  if (!std::all_of(text.begin(), text.end(), absl::ascii_isdigit) ||
      !absl::SimpleAtoi(text, &n)) {
    // DynamoDB Local's text; AWS's is not on record.
    return ValidationError("Invalid SequenceNumber for the shard");
  }
  return n;
}

// A 32-hex-digit eventID, unique per record of the Database: DynamoDB's
// are opaque strings of that form.
std::string EventId(absl::string_view stream_arn, uint64_t sequence_number) {
  uint64_t h = 0xCBF29CE484222325ULL;  // FNV-1a of the ARN
  for (char c : stream_arn) {
    h = (h ^ static_cast<unsigned char>(c)) * 0x100000001B3ULL;
  }
  uint64_t hi = (h ^ sequence_number) * 0x9E3779B97F4A7C15ULL;
  uint64_t lo =
      (sequence_number + 0x632BE59BD9B4E019ULL) * 0xBF58476D1CE4E5B9ULL;
  hi ^= hi >> 31;
  lo ^= lo >> 29;
  return absl::StrCat(absl::Hex(hi, absl::kZeroPad16),
                      absl::Hex(lo, absl::kZeroPad16));
}

StreamEvent EventOf(absl::string_view stream_arn, const StreamRecord& record,
                    const StreamBatch& batch) {
  StreamEvent event;
  event.event_id = EventId(stream_arn, record.sequence_number);
  switch (record.event_name) {
    case StreamEventName::kInsert:
      event.event_name = StreamEventType::kInsert;
      break;
    case StreamEventName::kModify:
      event.event_name = StreamEventType::kModify;
      break;
    case StreamEventName::kRemove:
      event.event_name = StreamEventType::kRemove;
      break;
  }
  // Rounded down to the second, as DynamoDB gives it.
  event.approximate_creation_date_time =
      absl::FromUnixSeconds(absl::ToUnixSeconds(record.created));
  const PackedItem& keyed =
      record.new_image ? *record.new_image : *record.old_image;
  for (const KeyAttribute* key :
       {&batch.key_schema.partition_key, batch.key_schema.sort_key.has_value()
                                             ? &*batch.key_schema.sort_key
                                             : nullptr}) {
    if (key == nullptr) continue;
    if (std::optional<ValueView> value = keyed.Find(key->name)) {
      event.keys.emplace(key->name, value->Decode());
    }
  }
  const StreamViewType view = batch.view_type;
  if ((view == StreamViewType::kNewImage ||
       view == StreamViewType::kNewAndOldImages) &&
      record.new_image) {
    event.new_image = record.new_image->Decode();
  }
  if ((view == StreamViewType::kOldImage ||
       view == StreamViewType::kNewAndOldImages) &&
      record.old_image) {
    event.old_image = record.old_image->Decode();
  }
  event.sequence_number = SequenceNumberText(record.sequence_number);
  event.size_bytes = record.size_bytes;
  event.stream_view_type = view;
  if (record.by_time_to_live) {
    event.user_identity =
        StreamUserIdentity{"Service", "dynamodb.amazonaws.com"};
  }
  return event;
}

}  // namespace

StreamDefinition Database::NewStream(absl::string_view table_arn,
                                     StreamViewType view_type) {
  // Strictly later than the last stream's label, so that disabling and
  // enabling again within a millisecond, or recreating a table, never
  // reuses an ARN.
  int64_t millis = absl::ToUnixMillis(clock_->Now());
  int64_t last = last_stream_millis_.load(std::memory_order_relaxed);
  do {
    millis = std::max(millis, last + 1);
  } while (!last_stream_millis_.compare_exchange_weak(
      last, millis, std::memory_order_relaxed));
  StreamDefinition stream;
  stream.enabled = true;
  stream.view_type = view_type;
  stream.created = absl::FromUnixMillis(millis);
  stream.label = absl::FormatTime("%Y-%m-%dT%H:%M:%E3S", stream.created,
                                  absl::UTCTimeZone());
  stream.arn = absl::StrCat(table_arn, "/stream/", stream.label);
  return stream;
}

absl::StatusOr<ListStreamsResponse> Database::ListStreams(
    const ListStreamsRequest& request) {
  std::vector<std::string> violations;
  if (request.exclusive_start_stream_arn.has_value()) {
    CheckLength(*request.exclusive_start_stream_arn, "exclusiveStartStreamArn",
                kStreamArnLength, violations);
  }
  CheckLimit(request.limit, violations);
  DYNAMITE_RETURN_IF_ERROR(Violations(violations));
  if (request.table_name.has_value()) {
    DYNAMITE_RETURN_IF_ERROR(
        ValidateTableName(*request.table_name, TableNameUse::kItemOperation));
  }
  DYNAMITE_RETURN_IF_ERROR(CheckMaxLimit(request.limit, kMaxStreamsLimit));
  if (request.exclusive_start_stream_arn.has_value()) {
    DYNAMITE_RETURN_IF_ERROR(
        CheckStreamArn(*request.exclusive_start_stream_arn));
  }
  const size_t limit =
      static_cast<size_t>(request.limit.value_or(kMaxStreamsLimit));
  // Newest first, as DynamoDB lists them.
  const std::vector<StreamInfo> streams =
      streams_.List(request.table_name.value_or(""));
  size_t first = 0;
  if (request.exclusive_start_stream_arn.has_value()) {
    // After the start; a start no longer listed (aged out) ends the list.
    first = streams.size();
    for (size_t i = 0; i < streams.size(); ++i) {
      if (streams[i].arn == *request.exclusive_start_stream_arn) first = i + 1;
    }
  }
  ListStreamsResponse response;
  for (size_t i = first; i < streams.size(); ++i) {
    if (response.streams.size() == limit) {
      response.last_evaluated_stream_arn = response.streams.back().stream_arn;
      break;
    }
    response.streams.push_back(
        {streams[i].arn, streams[i].table_name, streams[i].label});
  }
  return response;
}

absl::StatusOr<DescribeStreamResponse> Database::DescribeStream(
    const DescribeStreamRequest& request) {
  std::vector<std::string> violations;
  CheckLength(request.stream_arn, "streamArn", kStreamArnLength, violations);
  CheckLimit(request.limit, violations);
  if (request.exclusive_start_shard_id.has_value()) {
    CheckLength(*request.exclusive_start_shard_id, "exclusiveStartShardId",
                kShardIdLength, violations);
  }
  DYNAMITE_RETURN_IF_ERROR(Violations(violations));
  DYNAMITE_RETURN_IF_ERROR(CheckMaxLimit(request.limit, kMaxStreamsLimit));
  DYNAMITE_RETURN_IF_ERROR(CheckStreamArn(request.stream_arn));
  const size_t limit =
      static_cast<size_t>(request.limit.value_or(kMaxStreamsLimit));
  DYNAMITE_ASSIGN_OR_RETURN(StreamInfo stream,
                            streams_.Describe(request.stream_arn));
  DescribeStreamResponse response;
  StreamDescription& d = response.stream_description;
  d.stream_arn = stream.arn;
  d.stream_label = stream.label;
  d.stream_status =
      stream.enabled ? StreamStatus::kEnabled : StreamStatus::kDisabled;
  d.stream_view_type = stream.view_type;
  d.creation_request_date_time = stream.created;
  d.table_name = stream.table_name;
  d.key_schema = api_internal::KeySchemaElements(stream.key_schema);
  // Shards after ExclusiveStartShardId, oldest first; after an id that is
  // not the stream's there are none (as on AWS: scylladb test_streams.py).
  size_t first = 0;
  if (request.exclusive_start_shard_id.has_value()) {
    first = stream.shards.size();
    for (size_t i = 0; i < stream.shards.size(); ++i) {
      if (stream.shards[i].shard_id == *request.exclusive_start_shard_id) {
        first = i + 1;
      }
    }
  }
  for (size_t i = first; i < stream.shards.size(); ++i) {
    if (d.shards.size() == limit) {
      d.last_evaluated_shard_id = d.shards.back().shard_id;
      break;
    }
    const StreamShardInfo& info = stream.shards[i];
    StreamShard shard;
    shard.shard_id = info.shard_id;
    if (!info.parent_shard_id.empty()) {
      shard.parent_shard_id = info.parent_shard_id;
    }
    shard.sequence_number_range.starting_sequence_number =
        SequenceNumberText(info.starting_sequence_number);
    if (info.ending_sequence_number.has_value()) {
      shard.sequence_number_range.ending_sequence_number =
          SequenceNumberText(*info.ending_sequence_number);
    }
    d.shards.push_back(std::move(shard));
  }
  return response;
}

absl::StatusOr<GetShardIteratorResponse> Database::GetShardIterator(
    const GetShardIteratorRequest& request) {
  std::vector<std::string> violations;
  CheckLength(request.stream_arn, "streamArn", kStreamArnLength, violations);
  CheckLength(request.shard_id, "shardId", kShardIdLength, violations);
  if (request.sequence_number.has_value()) {
    CheckLength(*request.sequence_number, "sequenceNumber",
                kSequenceNumberLength, violations);
  }
  DYNAMITE_RETURN_IF_ERROR(Violations(violations));
  DYNAMITE_RETURN_IF_ERROR(CheckStreamArn(request.stream_arn));
  const bool at_sequence =
      request.shard_iterator_type == ShardIteratorType::kAtSequenceNumber ||
      request.shard_iterator_type == ShardIteratorType::kAfterSequenceNumber;
  if (at_sequence && !request.sequence_number.has_value()) {
    return ValidationError(kSequenceNumberRequiredMessage);
  }
  if (!at_sequence && request.sequence_number.has_value()) {
    return ValidationError(kSequenceNumberNotAllowedMessage);
  }
  uint64_t sequence_number = 0;
  if (at_sequence) {
    DYNAMITE_ASSIGN_OR_RETURN(sequence_number,
                              ParseSequenceNumber(*request.sequence_number));
  }
  StreamStore::Start start = StreamStore::Start::kTrimHorizon;
  switch (request.shard_iterator_type) {
    case ShardIteratorType::kTrimHorizon:
      start = StreamStore::Start::kTrimHorizon;
      break;
    case ShardIteratorType::kLatest:
      start = StreamStore::Start::kLatest;
      break;
    case ShardIteratorType::kAtSequenceNumber:
      start = StreamStore::Start::kAtSequence;
      break;
    case ShardIteratorType::kAfterSequenceNumber:
      start = StreamStore::Start::kAfterSequence;
      break;
  }
  DYNAMITE_ASSIGN_OR_RETURN(
      uint64_t after,
      streams_.StartPosition(request.stream_arn, request.shard_id, start,
                             sequence_number));
  return GetShardIteratorResponse{EncodeShardIterator(
      {request.stream_arn, request.shard_id, after, clock_->Now()})};
}

absl::StatusOr<GetRecordsResponse> Database::GetRecords(
    const GetRecordsRequest& request) {
  std::vector<std::string> violations;
  CheckLength(request.shard_iterator, "shardIterator", {1, 2048}, violations);
  CheckLimit(request.limit, violations);
  DYNAMITE_RETURN_IF_ERROR(Violations(violations));
  if (request.limit.has_value() && *request.limit > kMaxRecordsLimit) {
    // DynamoDB Local's text; AWS answers a ValidationException that names
    // the limit (scylladb test_get_records_too_high_limit).
    return ValidationError(
        "One or more parameter values were invalid: Limit should be less "
        "than or equal to 1000");
  }
  DYNAMITE_ASSIGN_OR_RETURN(ShardIterator iterator,
                            DecodeShardIterator(request.shard_iterator));
  const absl::Time now = clock_->Now();
  if (now - iterator.issued > kShardIteratorLifetime) {
    return MakeError(ErrorKind::kExpiredIterator, kExpiredIteratorMessage);
  }
  DYNAMITE_ASSIGN_OR_RETURN(
      StreamBatch batch,
      streams_.Read(
          iterator.stream_arn, iterator.shard_id, iterator.after,
          static_cast<size_t>(request.limit.value_or(kMaxRecordsLimit))));
  GetRecordsResponse response;
  response.records.reserve(batch.records.size());
  for (const StreamRecord& record : batch.records) {
    response.records.push_back(EventOf(iterator.stream_arn, record, batch));
    response.records.back().aws_region = options_.region;
  }
  if (!batch.shard_ended) {
    iterator.after = batch.after;
    iterator.issued = now;
    response.next_shard_iterator = EncodeShardIterator(iterator);
  }
  return response;
}

absl::StatusOr<bool> Database::WaitForStreamRecords(
    absl::string_view shard_iterator, absl::Duration timeout) const {
  DYNAMITE_ASSIGN_OR_RETURN(ShardIterator iterator,
                            DecodeShardIterator(shard_iterator));
  return streams_.WaitForRecords(iterator.stream_arn, iterator.shard_id,
                                 iterator.after, timeout);
}

}  // namespace dynamite
