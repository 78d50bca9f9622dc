// Snapshot reads: several items, over one or more tables, read as of one
// instant (TransactGetItems).
//
// ReadSnapshot() takes every named table's lock shared, in the commit
// point's lock order (store/commit.h), reads every item, and releases them:
// since a commit holds all of its tables' locks exclusively while it
// applies, the items read are all from before or all from after any commit
// — never part of one.
//
// Thread safety: may be called concurrently from any thread.

#ifndef DYNAMITE_STORE_SNAPSHOT_READ_H_
#define DYNAMITE_STORE_SNAPSHOT_READ_H_

#include <vector>

#include "absl/types/span.h"

#include "store/item_ptr.h"
#include "store/key.h"
#include "store/table.h"

namespace dynamite {

// One item to read. `table` must outlive the ReadSnapshot() call.
struct SnapshotKey {
  const Table* table;
  EncodedKey key;
};

// The items stored under `keys`, in their order (nullptr: none).
std::vector<ItemPtr> ReadSnapshot(absl::Span<const SnapshotKey> keys);

}  // namespace dynamite

#endif  // DYNAMITE_STORE_SNAPSHOT_READ_H_
