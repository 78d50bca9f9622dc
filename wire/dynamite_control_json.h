// DynamoDB JSON <-> Dynamite's control operations: requests no DynamoDB
// has, which let a test drive what DynamoDB does on its own time. Sent
// with X-Amz-Target "DynamiteControl_20261204.<Operation>" to `dynamite
// serve`, or named alone in a `dynamite exec` script:
//
//   AdvanceClock {"Seconds": 3600}
//     moves the Database's clock forward (a server started with
//     --manual-clock or --clock-start; `exec --fixed-clock`) and answers
//     {"Now": <epoch seconds>}. "Seconds": 0 reads the clock.
//   SweepExpiredItems {}
//     deletes the expired items now, as the TTL sweeper would, and answers
//     {"DeletedItemCount": <n>}.
//
//   CreateCheckpoint {"Name": "seeded"}
//     keeps a fork of the whole database under the name (api/database.h
//     Database::CreateCheckpoint) and answers {"Name": "seeded",
//     "TableCount": <n>, "ItemCount": <n>}.
//   RestoreCheckpoint {"Name": "seeded"}
//     puts the checkpoint back in place of every table; answers the same.
//   DeleteCheckpoint {"Name": "seeded"}
//     forgets it; answers what it held.
//
// Errors are DynamoDB-shaped: a missing or negative Seconds, or a server
// on the real clock, is a ValidationException; so are a missing Name and
// a checkpoint of a server with --db-path; an unknown Name is a
// ResourceNotFoundException.
//
// Thread safety: pure functions.

#ifndef DYNAMITE_WIRE_DYNAMITE_CONTROL_JSON_H_
#define DYNAMITE_WIRE_DYNAMITE_CONTROL_JSON_H_

#include <cstdint>
#include <string>

#include "absl/status/statusor.h"
#include "absl/time/time.h"

#include "api/checkpoint_requests.h"
#include "api/ttl_requests.h"
#include "wire/json.h"

namespace dynamite {

struct AdvanceClockRequest {
  int64_t seconds = 0;
};
struct AdvanceClockResponse {
  absl::Time now;
};

// REQUIRES for the decoders: body.IsObject().
absl::StatusOr<AdvanceClockRequest> DecodeAdvanceClockRequest(
    const JsonValue& body);
std::string EncodeAdvanceClockResponse(const AdvanceClockResponse& response);
std::string EncodeSweepResult(const SweepResult& result);
absl::StatusOr<CheckpointRequest> DecodeCheckpointRequest(
    const JsonValue& body);
std::string EncodeCheckpointResponse(const CheckpointResponse& response);

}  // namespace dynamite

#endif  // DYNAMITE_WIRE_DYNAMITE_CONTROL_JSON_H_
