// ForkTables: a copy of every table of a catalog, as they stood at one
// point between two commits, that shares their items and partitions with
// them until either side writes (store/shared_partitions.h): what
// Database::Fork builds a new Database from, and what
// Database::RestoreCheckpoint puts in place of a Database's tables.
//
// Like a capture (store/database_capture.h), the fork locks the catalog
// shared and then every table shared, in the tables' lock order, so no
// commit publishes while it copies; what it copies is each table's map of
// partitions, its indexes' maps and its scan order: O(tables + partitions),
// never O(items). Tables still DELETING are left out, as their deletion is
// a commit the fork includes.
//
// Thread safety: may be called concurrently with anything.

#ifndef DYNAMITE_STORE_DATABASE_FORK_H_
#define DYNAMITE_STORE_DATABASE_FORK_H_

#include <cstdint>
#include <vector>

#include "store/catalog.h"
#include "store/commit_sequencer.h"

namespace dynamite {

struct CatalogFork {
  // The number of the last commit the fork includes (0: none).
  uint64_t sequence = 0;
  std::vector<ForkedTable> tables;  // in name order
};

// Forks every table of `source`, whose commits `source_sequencer` numbers;
// the forks' commits are numbered by `sequencer` (their new Database's).
CatalogFork ForkTables(const Catalog& source,
                       const CommitSequencer& source_sequencer,
                       CommitSequencer& sequencer);

}  // namespace dynamite

#endif  // DYNAMITE_STORE_DATABASE_FORK_H_
