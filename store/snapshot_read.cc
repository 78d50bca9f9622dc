#include "store/snapshot_read.h"

#include <algorithm>

namespace dynamite {

// Table's friend: holds the shared locks of a snapshot read.
class SnapshotReader {
 public:
  // Locks the distinct tables of `keys`, shared, in lock order.
  explicit SnapshotReader(absl::Span<const SnapshotKey> keys)
      ABSL_NO_THREAD_SAFETY_ANALYSIS {
    for (const SnapshotKey& key : keys) tables_.push_back(key.table);
    std::sort(tables_.begin(), tables_.end(),
              [](const Table* a, const Table* b) {
                return a->lock_order_ < b->lock_order_;
              });
    tables_.erase(std::unique(tables_.begin(), tables_.end()), tables_.end());
    for (const Table* table : tables_) table->mu_.ReaderLock();
  }
  ~SnapshotReader() ABSL_NO_THREAD_SAFETY_ANALYSIS {
    for (auto it = tables_.rbegin(); it != tables_.rend(); ++it) {
      (*it)->mu_.ReaderUnlock();
    }
  }
  SnapshotReader(const SnapshotReader&) = delete;
  SnapshotReader& operator=(const SnapshotReader&) = delete;

  static ItemPtr Find(const SnapshotKey& key) ABSL_NO_THREAD_SAFETY_ANALYSIS {
    return key.table->FindLocked(key.key.partition, key.key.sort);
  }

 private:
  std::vector<const Table*> tables_;
};

std::vector<ItemPtr> ReadSnapshot(absl::Span<const SnapshotKey> keys) {
  std::vector<ItemPtr> items;
  items.reserve(keys.size());
  SnapshotReader reader(keys);
  for (const SnapshotKey& key : keys)
    items.push_back(SnapshotReader::Find(key));
  return items;
}

}  // namespace dynamite
