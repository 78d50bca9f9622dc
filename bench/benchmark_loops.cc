#include "bench/benchmark_loops.h"

#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "benchmark/benchmark.h"

namespace dynamite {

void WorkloadScales(benchmark::internal::Benchmark* benchmark) {
  benchmark->ArgName("items")->Arg(10'000)->Arg(100'000)->Arg(1'000'000);
}

void ScalingScales(benchmark::internal::Benchmark* benchmark) {
  benchmark->ArgName("items")->Arg(1'000)->Arg(10'000)->Arg(100'000)->Arg(
      1'000'000);
}

void LargeScaleIfAsked(benchmark::internal::Benchmark* benchmark) {
  const char* large = std::getenv("DYNAMITE_BENCH_LARGE");
  if (large != nullptr && *large != '\0' && std::string_view(large) != "0") {
    benchmark->Arg(10'000'000);
  }
}

}  // namespace dynamite
