// DynamoDB's limits on the size of a key value (reference §3.4): an S or B
// value of at most 2048 bytes as a partition key and 1024 bytes as a sort
// key (an N key has no byte limit). Table keys (store/key.h) and
// secondary-index keys (store/index_key.h) are held to the same limits,
// with the same messages.
//
// Thread safety: pure functions.

#ifndef DYNAMITE_STORE_KEY_SIZE_H_
#define DYNAMITE_STORE_KEY_SIZE_H_

#include <cstddef>

#include "absl/status/status.h"

#include "store/key.h"

namespace dynamite {

// True if an S or B value of `bytes` bytes fits a key of `role`.
bool KeyBytesFit(size_t bytes, KeyRole role);

// OK if an S or B value of `bytes` bytes fits a key of `role`; else
// DynamoDB's ValidationException: "One or more parameter values were
// invalid: Size of hashkey has exceeded the maximum size limit of2048
// bytes" (sic: no space) or "... Aggregated size of all range keys has
// exceeded the size limit of 1024 bytes".
absl::Status CheckKeyBytes(size_t bytes, KeyRole role);

}  // namespace dynamite

#endif  // DYNAMITE_STORE_KEY_SIZE_H_
