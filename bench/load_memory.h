// Memory per item of a load benchmark (workloads.md: "for each load: items
// per second and resident memory per item"), measured the same way for
// Dynamite and both baselines so that their figures compare.
//
// Two counters per load, from the first iteration (later ones reuse the
// pages the first one freed, so their deltas read low):
//   rss_per_item   growth of the process's resident set (VmRSS) while the
//                  store was built, divided by the items loaded: what the
//                  issue's target is stated in
//   heap_per_item  growth of the bytes malloc has handed out (mallinfo2:
//                  in use + mmapped), divided likewise: the same figure
//                  without page granularity or allocator slack, which makes
//                  it the steadier one to compare across runs
// Both are taken after malloc_trim(0), so pages freed by earlier benchmarks
// are returned to the kernel and the RSS delta counts only the new store.
// bench/summarize.py subtracts the items' DynamoDB size (the Dynamite load
// benchmarks report it as item_bytes) to get the per-item overhead.

#ifndef DYNAMITE_BENCH_LOAD_MEMORY_H_
#define DYNAMITE_BENCH_LOAD_MEMORY_H_

#include <cstdint>

#include "benchmark/benchmark.h"

namespace dynamite {

struct MemoryUse {
  int64_t resident_bytes = 0;
  int64_t heap_bytes = 0;
};

// Trims malloc's free pages, then reads VmRSS and malloc's statistics.
MemoryUse CurrentMemoryUse();

// Sets rss_per_item and heap_per_item from the use before and after a load
// of `items` items.
void ReportMemoryPerItem(benchmark::State& state, const MemoryUse& before,
                         const MemoryUse& after, int64_t items);

// The body of a load benchmark: builds a store with `load()` once per
// iteration (timed), measures the memory the first one holds (untimed), and
// reports items/s and the memory counters. A store that is a null pointer is
// a failed load.
template <typename LoadFn>
void RunLoadBenchmark(benchmark::State& state, int64_t items, LoadFn load) {
  bool first = true;
  for (auto _ : state) {
    MemoryUse before;
    if (first) {
      state.PauseTiming();
      before = CurrentMemoryUse();
      state.ResumeTiming();
    }
    auto store = load();
    if constexpr (requires { store == nullptr; }) {
      if (store == nullptr) {
        state.SkipWithError("load failed");
        break;
      }
    }
    if (first) {
      state.PauseTiming();
      ReportMemoryPerItem(state, before, CurrentMemoryUse(), items);
      state.ResumeTiming();
      first = false;
    }
    benchmark::DoNotOptimize(store);
  }
  state.SetItemsProcessed(state.iterations() * items);
}

}  // namespace dynamite

#endif  // DYNAMITE_BENCH_LOAD_MEMORY_H_
