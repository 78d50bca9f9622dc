// ShardIterator: where a reader of a stream shard is, as the opaque string
// GetShardIterator and GetRecords hand out.
//
// The string carries everything a read needs, so the Database keeps no
// state per iterator: the stream's ARN, the shard, the last sequence
// number consumed, and when the iterator was issued (iterators expire 15
// minutes after, as DynamoDB's do). Its form is
// "<stream ARN>|<shard id>|<after>|<issued, Unix milliseconds>", like
// DynamoDB's, which also start with the stream's ARN.
//
// Thread safety: pure functions.

#ifndef DYNAMITE_API_SHARD_ITERATOR_H_
#define DYNAMITE_API_SHARD_ITERATOR_H_

#include <cstdint>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/time/time.h"

namespace dynamite {

// How long an iterator stays valid (DynamoDB's 15 minutes).
inline constexpr absl::Duration kShardIteratorLifetime = absl::Minutes(15);

struct ShardIterator {
  std::string stream_arn;
  std::string shard_id;
  uint64_t after = 0;  // the next read returns records after this one
  absl::Time issued;
};

// The messages of the iterator errors. AWS's texts for a malformed
// iterator and for a SequenceNumber given or missing are not on record:
// the first is DynamoDB Local's, the others say what is wrong.
inline constexpr absl::string_view kInvalidShardIteratorMessage =
    "Invalid ShardIterator";
inline constexpr absl::string_view kSequenceNumberRequiredMessage =
    "SequenceNumber is required for ShardIteratorType AT_SEQUENCE_NUMBER or "
    "AFTER_SEQUENCE_NUMBER";
inline constexpr absl::string_view kSequenceNumberNotAllowedMessage =
    "SequenceNumber can only be specified for ShardIteratorType "
    "AT_SEQUENCE_NUMBER or AFTER_SEQUENCE_NUMBER";
// ExpiredIteratorException's (the API reference's text).
inline constexpr absl::string_view kExpiredIteratorMessage =
    "The provided iterator exceeds the maximum age allowed.";

std::string EncodeShardIterator(const ShardIterator& iterator);

// The iterator `text` encodes, or ValidationException for a string that
// is not one.
absl::StatusOr<ShardIterator> DecodeShardIterator(absl::string_view text);

}  // namespace dynamite

#endif  // DYNAMITE_API_SHARD_ITERATOR_H_
