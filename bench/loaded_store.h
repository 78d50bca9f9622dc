// A benchmark's store (Dynamite or a baseline) loaded with a workload's data
// set of one scale, built on first use and kept for the life of the process:
// one per scale, Store type and data set type, so that every benchmark of a
// binary at that scale reads the same store, and a 10^6-item load is paid
// once. (The load benchmarks measure memory on loads of their own,
// bench/load_memory.h.)
//
// Thread safety: not thread-safe; benchmarks run one at a time, on one
// thread. Only the write benchmarks change a store, and they restore it
// before returning.

#ifndef DYNAMITE_BENCH_LOADED_STORE_H_
#define DYNAMITE_BENCH_LOADED_STORE_H_

#include <cstdint>
#include <map>
#include <memory>

namespace dynamite {

template <typename DataSet, typename Store>
struct LoadedStore {
  const DataSet* data = nullptr;
  Store store;
};

// Returns the store of `item_count` items, loaded on first use by
// `load(data.items)` from `data_set_for(item_count)` (itself a per-scale
// cache of the workload, e.g. LeaderboardDataSetFor).
template <typename Store, typename DataSet, typename Load>
LoadedStore<DataSet, Store>& LoadedStoreFor(
    int64_t item_count, const DataSet& (*data_set_for)(int64_t),
    const Load& load) {
  static auto* cache =
      new std::map<int64_t, std::unique_ptr<LoadedStore<DataSet, Store>>>();
  std::unique_ptr<LoadedStore<DataSet, Store>>& loaded = (*cache)[item_count];
  if (loaded == nullptr) {
    loaded = std::make_unique<LoadedStore<DataSet, Store>>();
    loaded->data = &data_set_for(item_count);
    loaded->store = load(loaded->data->items);
  }
  return *loaded;
}

}  // namespace dynamite

#endif  // DYNAMITE_BENCH_LOADED_STORE_H_
