#include "api/shard_iterator.h"

#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"

#include "common/errors.h"

namespace dynamite {

std::string EncodeShardIterator(const ShardIterator& iterator) {
  return absl::StrCat(iterator.stream_arn, "|", iterator.shard_id, "|",
                      iterator.after, "|", absl::ToUnixMillis(iterator.issued));
}

absl::StatusOr<ShardIterator> DecodeShardIterator(absl::string_view text) {
  const std::vector<absl::string_view> parts = absl::StrSplit(text, '|');
  ShardIterator iterator;
  int64_t issued_millis = 0;
  if (parts.size() != 4 || !absl::StartsWith(parts[0], "arn:") ||
      !absl::StartsWith(parts[1], "shardId-") ||
      !absl::SimpleAtoi(parts[2], &iterator.after) ||
      !absl::SimpleAtoi(parts[3], &issued_millis)) {
    return ValidationError(kInvalidShardIteratorMessage);
  }
  iterator.stream_arn = std::string(parts[0]);
  iterator.shard_id = std::string(parts[1]);
  iterator.issued = absl::FromUnixMillis(issued_millis);
  return iterator;
}

}  // namespace dynamite
