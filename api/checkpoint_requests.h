// Request and response structs of the checkpoints (api/checkpoint_ops.cc):
// Dynamite's own operations, no DynamoDB's, by which a test suite seeds a
// Database once and puts the seeded state back before each test.
//
// Thread safety: plain structs.

#ifndef DYNAMITE_API_CHECKPOINT_REQUESTS_H_
#define DYNAMITE_API_CHECKPOINT_REQUESTS_H_

#include <cstdint>
#include <string>

namespace dynamite {

// CreateCheckpoint, RestoreCheckpoint and DeleteCheckpoint name one.
struct CheckpointRequest {
  std::string name;  // 1..255 characters
};

// What the checkpoint holds (for DeleteCheckpoint, held).
struct CheckpointResponse {
  std::string name;
  int64_t table_count = 0;
  int64_t item_count = 0;  // over every table
};

}  // namespace dynamite

#endif  // DYNAMITE_API_CHECKPOINT_REQUESTS_H_
