// The wire-level load driver's two phases, over WireClient connections:
// loading items with BatchWriteItem, and running one read operation at a
// fixed number of keep-alive connections for a bounded time, measuring
// requests per second and latency percentiles.
//
// A run's connections are opened and warmed (one request each) before the
// clock starts, and all start together; each sends its next request as
// soon as the previous answer has arrived (a closed loop), cycling through
// the prepared request bodies from its own offset. Latency is measured per
// request, from the first byte written to the last byte read.
//
// Thread safety: the functions start and join their own threads and may be
// called from any thread, one at a time per endpoint to mean anything.

#ifndef DYNAMITE_BENCH_WIRE_MEASURE_H_
#define DYNAMITE_BENCH_WIRE_MEASURE_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/time/time.h"

#include "client/wire_client.h"

namespace dynamite {

// Deletes `table` if it exists, creates it from `create_body`, and waits
// until DescribeTable says ACTIVE (DynamoDB Local and dynalite create
// tables asynchronously). Returns kUnavailable or kInternal with the
// server's answer when a step fails.
absl::Status RecreateTable(const WireEndpoint& endpoint,
                           absl::string_view table,
                           absl::string_view create_body);

struct LoadResult {
  int64_t items = 0;
  absl::Duration elapsed;
  int64_t retried_batches = 0;  // answered with UnprocessedItems
};

// Writes `items` (ItemJson texts) into `table` in BatchWriteItem requests
// of kMaxBatchWriteItems over `connections` connections. A batch answered
// with unprocessed items is sent again whole (puts are idempotent) after a
// pause. Every endpoint, Dynamite included, is loaded this way. Returns
// the first failure.
absl::StatusOr<LoadResult> LoadItems(const WireEndpoint& endpoint,
                                     absl::string_view table,
                                     const std::vector<std::string>& items,
                                     int connections);

struct OperationRun {
  std::string operation;            // the DynamoDB operation, e.g. "Query"
  std::vector<std::string> bodies;  // cycled through; REQUIRES: non-empty
  // A substring every successful answer contains, e.g. "\"Count\":10".
  std::string expect;
};

struct RunResult {
  int connections = 0;
  int64_t requests = 0;  // answered with 200 and `expect`
  int64_t errors = 0;    // anything else
  std::string first_error;
  absl::Duration elapsed;
  absl::Duration p50;
  absl::Duration p99;

  double requests_per_second() const {
    return static_cast<double>(requests) / absl::ToDoubleSeconds(elapsed);
  }
};

// Runs `run` on `connections` connections for `duration`. Returns
// kUnavailable if a connection cannot be opened.
absl::StatusOr<RunResult> RunOperation(const WireEndpoint& endpoint,
                                       const OperationRun& run, int connections,
                                       absl::Duration duration);

}  // namespace dynamite

#endif  // DYNAMITE_BENCH_WIRE_MEASURE_H_
