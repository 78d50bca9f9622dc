#include "store/snapshot_read.h"

#include <utility>

#include "store/tables_read_lock.h"

namespace dynamite {

// Table's friend: reads under the locks of a TablesReadLock.
class SnapshotReader {
 public:
  static ItemPtr Find(const SnapshotKey& key) ABSL_NO_THREAD_SAFETY_ANALYSIS {
    return key.table->FindLocked(key.key.partition, key.key.sort);
  }
};

std::vector<ItemPtr> ReadSnapshot(absl::Span<const SnapshotKey> keys) {
  std::vector<ItemPtr> items;
  items.reserve(keys.size());
  std::vector<const Table*> tables;
  tables.reserve(keys.size());
  for (const SnapshotKey& key : keys) tables.push_back(key.table);
  const TablesReadLock lock(std::move(tables));
  for (const SnapshotKey& key : keys)
    items.push_back(SnapshotReader::Find(key));
  return items;
}

}  // namespace dynamite
