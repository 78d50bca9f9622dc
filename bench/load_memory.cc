#include "bench/load_memory.h"

#include <malloc.h>
#include <unistd.h>

#include <fstream>

namespace dynamite {
namespace {

// VmRSS from /proc/self/statm's second field (pages).
int64_t ResidentBytes() {
  std::ifstream statm("/proc/self/statm");
  int64_t size_pages = 0;
  int64_t resident_pages = 0;
  statm >> size_pages >> resident_pages;
  return resident_pages * static_cast<int64_t>(sysconf(_SC_PAGESIZE));
}

}  // namespace

MemoryUse CurrentMemoryUse() {
  malloc_trim(0);
  const struct mallinfo2 info = mallinfo2();
  return MemoryUse{
      .resident_bytes = ResidentBytes(),
      .heap_bytes = static_cast<int64_t>(info.uordblks + info.hblkhd)};
}

void ReportMemoryPerItem(benchmark::State& state, const MemoryUse& before,
                         const MemoryUse& after, int64_t items) {
  if (items <= 0) return;
  const auto per_item = [items](int64_t bytes) {
    return static_cast<double>(bytes) / static_cast<double>(items);
  };
  state.counters["rss_per_item"] =
      per_item(after.resident_bytes - before.resident_bytes);
  state.counters["heap_per_item"] =
      per_item(after.heap_bytes - before.heap_bytes);
}

}  // namespace dynamite
