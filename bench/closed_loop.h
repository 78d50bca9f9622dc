// The measuring half of the wire-level load driver: one read operation
// over a fixed number of keep-alive connections for a bounded time, in a
// closed loop (each connection sends its next request as soon as the
// previous answer has arrived), on ONE thread that drives every connection
// through one event loop, as wrk does.
//
// Why one thread: the driver shares the machine's cores with the server it
// measures. A thread per connection (what this replaced) spent as much CPU
// per request as Dynamite's server did — mostly waking and switching
// between 16 threads — and so measured the driver as much as the server.
// Driven from one event loop, a single epoll_wait hands over every answer
// that has arrived, and the driver's share of the CPU shrinks to the HTTP
// it writes and parses. The cost is the same for every server measured.
//
// Thread safety: RunClosedLoop runs on the calling thread; one at a time
// per endpoint to mean anything.

#ifndef DYNAMITE_BENCH_CLOSED_LOOP_H_
#define DYNAMITE_BENCH_CLOSED_LOOP_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/time/time.h"

#include "client/wire_client.h"

namespace dynamite {

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

// Runs `run` on `connections` connections for `duration`. The connections
// are opened and warmed (one request each) before the clock starts, and
// all start together, each cycling through the bodies from its own offset.
// Latency is measured per request, from just before its first byte is
// written to its last byte read. A connection the server closes is opened
// again (the reconnect counts in that request's latency); a request that
// fails counts as an error. Returns kUnavailable if a connection cannot be
// opened or warmed.
absl::StatusOr<RunResult> RunClosedLoop(const WireEndpoint& endpoint,
                                        const OperationRun& run,
                                        int connections,
                                        absl::Duration duration);

}  // namespace dynamite

#endif  // DYNAMITE_BENCH_CLOSED_LOOP_H_
