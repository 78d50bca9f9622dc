// TablesReadLock: the locks of several tables held shared, taken in the
// commit point's lock order (store/commit.h) and released in reverse. A
// commit holds each of its tables' locks exclusively while it applies, so
// what is read under a TablesReadLock is all from before or all from after
// any commit: a TransactGetItems (store/snapshot_read.h) and a capture of
// the whole database (store/database_capture.h) read this way.
//
// Thread safety: held by one thread, for one scope.

#ifndef DYNAMITE_STORE_TABLES_READ_LOCK_H_
#define DYNAMITE_STORE_TABLES_READ_LOCK_H_

#include <vector>

#include "store/table.h"

namespace dynamite {

class TablesReadLock {
 public:
  // Locks each distinct table of `tables` (which must outlive the lock).
  explicit TablesReadLock(std::vector<const Table*> tables);
  ~TablesReadLock();
  TablesReadLock(const TablesReadLock&) = delete;
  TablesReadLock& operator=(const TablesReadLock&) = delete;

 private:
  std::vector<const Table*> tables_;  // in lock order, distinct
};

}  // namespace dynamite

#endif  // DYNAMITE_STORE_TABLES_READ_LOCK_H_
