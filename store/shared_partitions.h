// SharedPartitions: the partitions of a table or of a secondary index, by
// encoded partition key, each held by reference so that a fork of the
// Database (Database::Fork) shares them instead of copying their items.
//
// Copy on write. Fork() copies the map, not the partitions, in
// O(partitions). From then on the parent and the fork share each partition
// and neither may change it: the first write to a shared partition, from
// either side, copies that partition (its entries, not their items, which
// are immutable and shared by reference) and the writer keeps the copy.
//
// Which partitions are shared is told without reading reference counts
// (a count of one read in one thread says nothing certain about the other
// holder's last read of the data): every slot remembers the generation of
// the map that made it exclusive, and Fork() moves the map to a new
// generation, which marks every slot shared in O(1). A write to a slot of
// an older generation copies its partition. So after a fork both sides
// copy a partition on their first write to it, even when the other side
// has since dropped its reference: one extra copy of a partition, in
// exchange for never racing on a count.
//
// `Set` is a B-tree of entries whose type has `Set::value_type Clone()
// const`: an entry that refers to the same item.
//
// Thread safety: none of its own; its owner's lock guards it. Fork() may
// run under the lock held shared, beside readers (it only reads the map,
// and its generation is atomic), but not beside a writer.

#ifndef DYNAMITE_STORE_SHARED_PARTITIONS_H_
#define DYNAMITE_STORE_SHARED_PARTITIONS_H_

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/string_view.h"

namespace dynamite {

template <typename Set>
class SharedPartitions {
 public:
  SharedPartitions() = default;
  SharedPartitions(SharedPartitions&& other) noexcept
      : slots_(std::move(other.slots_)),
        generation_(other.generation_.load(std::memory_order_relaxed)) {}
  SharedPartitions& operator=(SharedPartitions&& other) noexcept {
    slots_ = std::move(other.slots_);
    generation_.store(other.generation(), std::memory_order_relaxed);
    return *this;
  }
  SharedPartitions(const SharedPartitions&) = delete;
  SharedPartitions& operator=(const SharedPartitions&) = delete;

  // The partition `key`, or nullptr. For reading only.
  const Set* Find(absl::string_view key) const {
    auto found = slots_.find(key);
    return found == slots_.end() ? nullptr : found->second.partition.get();
  }

  // The partition `key` to change, copied first if a fork shares it; or
  // nullptr if there is none.
  Set* FindMutable(absl::string_view key) {
    auto found = slots_.find(key);
    if (found == slots_.end()) return nullptr;
    return &Exclusive(found->second);
  }

  // The partition `key` to change, created empty when there is none (then
  // `created` is true), copied first if a fork shares it.
  std::pair<Set*, bool> FindOrCreate(absl::string_view key) {
    auto [slot, created] = slots_.try_emplace(key);
    if (created) {
      slot->second.partition = std::make_shared<Set>();
      slot->second.generation = generation();
      return {slot->second.partition.get(), true};
    }
    return {&Exclusive(slot->second), false};
  }

  // Removes the partition `key`, if there is one.
  void Erase(absl::string_view key) { slots_.erase(key); }

  // Calls `visit(key, partition)` for every partition, in no order.
  template <typename Fn>
  void ForEach(Fn visit) const {
    for (const auto& [key, slot] : slots_) visit(key, *slot.partition);
  }

  size_t size() const { return slots_.size(); }

  // A map of the same partitions, all shared with this one (see above).
  SharedPartitions Fork() const {
    // Every slot of either map is now of an older generation than its
    // map's: the next write to any of them copies it.
    const uint32_t next =
        generation_.fetch_add(1, std::memory_order_relaxed) + 1;
    SharedPartitions fork;
    fork.slots_ = slots_;
    fork.generation_.store(next, std::memory_order_relaxed);
    return fork;
  }

 private:
  struct Slot {
    std::shared_ptr<Set> partition;
    // The map's generation when this slot's partition became its own.
    uint32_t generation = 0;
  };

  uint32_t generation() const {
    return generation_.load(std::memory_order_relaxed);
  }

  // The slot's partition, copied first if it is shared.
  Set& Exclusive(Slot& slot) {
    const uint32_t current = generation();
    if (slot.generation != current) {
      auto copy = std::make_shared<Set>();
      for (const auto& entry : *slot.partition) {
        copy->insert(copy->end(), entry.Clone());
      }
      slot.partition = std::move(copy);
      slot.generation = current;
    }
    return *slot.partition;
  }

  absl::flat_hash_map<std::string, Slot> slots_;
  // Moved on by Fork(), which may run beside readers (hence atomic; the
  // owner's lock orders it with the writers).
  mutable std::atomic<uint32_t> generation_{0};
};

}  // namespace dynamite

#endif  // DYNAMITE_STORE_SHARED_PARTITIONS_H_
