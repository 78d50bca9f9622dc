// StreamOptions: how a Database's streams roll their shards over, and how
// long and how much of their records they keep (store/stream_store.h).
//
// Thread safety: a plain struct.

#ifndef DYNAMITE_STORE_STREAM_OPTIONS_H_
#define DYNAMITE_STORE_STREAM_OPTIONS_H_

#include <cstdint>

#include "absl/time/time.h"

namespace dynamite {

struct StreamOptions {
  // A shard closes, and its child opens, once it holds this many records
  // (0: no limit by count)...
  int64_t shard_max_records = 0;
  // ...or when a record arrives and the shard was opened this long ago
  // (DynamoDB rolls its shards over about every four hours).
  absl::Duration shard_max_age = absl::Hours(4);
  // How long a record stays readable: DynamoDB's 24 hours.
  absl::Duration retention = absl::Hours(24);
  // The most SizeBytes that the retained records of all streams may total;
  // past it the oldest records are trimmed first.
  int64_t max_retained_bytes = int64_t{256} << 20;
};

}  // namespace dynamite

#endif  // DYNAMITE_STORE_STREAM_OPTIONS_H_
