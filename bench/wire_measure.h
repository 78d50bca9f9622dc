// The wire-level load driver's set-up phases, over WireClient connections:
// creating a workload's table, and loading items with BatchWriteItem. The
// measuring phase is bench/closed_loop.h (included here for its callers).
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

#include "bench/closed_loop.h"
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

}  // namespace dynamite

#endif  // DYNAMITE_BENCH_WIRE_MEASURE_H_
