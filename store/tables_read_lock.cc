#include "store/tables_read_lock.h"

#include <algorithm>
#include <utility>

namespace dynamite {

TablesReadLock::TablesReadLock(std::vector<const Table*> tables)
    ABSL_NO_THREAD_SAFETY_ANALYSIS : tables_(std::move(tables)) {
  std::sort(tables_.begin(), tables_.end(), [](const Table* a, const Table* b) {
    return a->lock_order_ < b->lock_order_;
  });
  tables_.erase(std::unique(tables_.begin(), tables_.end()), tables_.end());
  for (const Table* table : tables_) table->mu_.ReaderLock();
}

TablesReadLock::~TablesReadLock() ABSL_NO_THREAD_SAFETY_ANALYSIS {
  for (auto it = tables_.rbegin(); it != tables_.rend(); ++it) {
    (*it)->mu_.ReaderUnlock();
  }
}

}  // namespace dynamite
