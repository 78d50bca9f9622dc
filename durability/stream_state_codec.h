// The stream records a snapshot keeps (durability/snapshot.h): the whole
// StreamStore (store/stream_store.h) as one record, so that a restart
// finds every stream, shard and retained record where it was, with the
// same ARNs, shard ids and sequence numbers, and the log replayed after
// the snapshot appends what followed (durability/replay.h).
//
//   magic       "dynamite streams"
//   counters    the next sequence number, the shards ever opened, the
//               records ever trimmed
//   per stream  ARN, label, table name, key schema, view type, enabled,
//               creation time; per shard its id, parent, starting and
//               ending sequence numbers, opening time, trim point, last
//               sequence number and appends; per record its number,
//               event, time, images (packed, as the log writes items),
//               whether the time to live removed it, and its SizeBytes
//
// Thread safety: pure functions.

#ifndef DYNAMITE_DURABILITY_STREAM_STATE_CODEC_H_
#define DYNAMITE_DURABILITY_STREAM_STATE_CODEC_H_

#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

#include "store/stream_store.h"

namespace dynamite {

// Appends the record of `state` to `out`.
void EncodeStreamState(const StreamStoreState& state, std::string& out);

// True if `payload` is such a record (it starts with the magic).
bool IsStreamStateRecord(absl::string_view payload);

// Decodes a record. A malformed one is kInternal, saying why.
absl::StatusOr<StreamStoreState> DecodeStreamState(absl::string_view payload);

}  // namespace dynamite

#endif  // DYNAMITE_DURABILITY_STREAM_STATE_CODEC_H_
