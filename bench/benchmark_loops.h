// The timed loops the workload benchmarks share, whatever the store
// (Dynamite through api::Database, the limit baseline, the sqlite baseline)
// and whatever the workload: a benchmark supplies the one operation, these
// run it, count what it returned and set the counters:
//
//   items_per_second   reads: items returned (or counted) per second;
//                      writes: items written per second
//   returned           reads: items returned (or counted) per iteration
//
// The loads have theirs in bench/load_memory.h; the scales, here, are the
// argument lists of both.
//
// Thread safety: call from the benchmark's own thread.

#ifndef DYNAMITE_BENCH_BENCHMARK_LOOPS_H_
#define DYNAMITE_BENCH_BENCHMARK_LOOPS_H_

#include <cstdint>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "benchmark/benchmark.h"

namespace dynamite {

// The scales of workloads.md: 10^4, 10^5 and 10^6 items, as the argument
// "items". Use as BENCHMARK(BM_X)->Apply(WorkloadScales).
void WorkloadScales(benchmark::internal::Benchmark* benchmark);

// WorkloadScales and 10^3: the points of the scaling curve
// (bench/plot_scaling.py), for each workload's representative queries.
void ScalingScales(benchmark::internal::Benchmark* benchmark);

// 10^7 items, appended to a read benchmark's scales only when the
// environment variable DYNAMITE_BENCH_LARGE is set (bench/run.sh --large):
// workloads.md asks for 10^7 "where memory allows", and a leaderboard of
// 10^7 items holds ~10 GB in Dynamite alone and takes minutes to load, too
// much for the default run or the CI's token runs. The loads are never
// run at 10^7 (a second copy of the store would not fit beside the first).
// Use as ->Apply(ScalingScales)->Apply(LargeScaleIfAsked).
void LargeScaleIfAsked(benchmark::internal::Benchmark* benchmark);

// Measures `read(i)` for i = 0, 1, 2, ...: a read that returns how many
// items it returned (or counted), or an error, which stops the benchmark.
// `read` picks its own random key from i (picks are drawn before the run)
// and keeps its result from being optimised away.
template <typename Read>
void RunReadBenchmark(benchmark::State& state, const Read& read) {
  int64_t returned = 0;
  int64_t i = 0;
  for (auto _ : state) {
    absl::StatusOr<int64_t> count = read(i++);
    if (!count.ok()) {
      state.SkipWithError(count.status().ToString().c_str());
      break;
    }
    returned += *count;
  }
  state.SetItemsProcessed(returned);
  state.counters["returned"] = benchmark::Counter(
      static_cast<double>(returned), benchmark::Counter::kAvgIterations);
}

// Measures `write(j)`, the write of new item j (j < batch), then every
// `batch` writes, with timing paused, `undo(batch)`, which removes new items
// 0 .. batch - 1 again, so the store stays within `batch` items of its
// scale; at the end, `undo` of what is left.
template <typename Write, typename Undo>
void RunBatchedWriteBenchmark(benchmark::State& state, int64_t batch,
                              const Write& write, const Undo& undo) {
  if (batch <= 0) return state.SkipWithError("no new items to write");
  int64_t pending = 0;  // written since the last undo
  for (auto _ : state) {
    if (pending == batch) {
      state.PauseTiming();
      absl::Status undone = undo(pending);
      pending = 0;
      state.ResumeTiming();
      if (!undone.ok()) {
        state.SkipWithError(undone.ToString().c_str());
        break;
      }
    }
    absl::Status written = write(pending++);
    if (!written.ok()) {
      state.SkipWithError(written.ToString().c_str());
      break;
    }
  }
  if (absl::Status undone = undo(pending); !undone.ok()) {
    state.SkipWithError(undone.ToString().c_str());
  }
  state.SetItemsProcessed(state.iterations());
}

}  // namespace dynamite

#endif  // DYNAMITE_BENCH_BENCHMARK_LOOPS_H_
