// ForkCatalog: a copy of every table of a catalog, as they stood at one
// point between two commits, that shares their items and partitions with
// them until either side writes (store/shared_partitions.h): what
// Database::Fork builds a new Database from.
//
// Like a capture (store/database_capture.h), the fork locks the catalog
// shared and then every table shared, in the tables' lock order, so no
// commit publishes while it copies; what it copies is each table's map of
// partitions, its indexes' maps and its scan order: O(tables + partitions),
// never O(items). Tables still DELETING are left out, as their deletion is
// a commit the fork includes.
//
// Thread safety: may be called concurrently with anything on `source`;
// `target` must not be in use yet.

#ifndef DYNAMITE_STORE_DATABASE_FORK_H_
#define DYNAMITE_STORE_DATABASE_FORK_H_

#include <cstdint>
#include <memory>
#include <vector>

#include "store/catalog.h"
#include "store/commit_sequencer.h"
#include "store/table.h"

namespace dynamite {

// Forks every table of `source`, whose commits `source_sequencer` numbers,
// into `target`, an empty catalog numbered by `target_sequencer`, which
// then resumes after the last commit the fork includes (so the fork's
// commits, and their stream records, number on from its parent's).
// Returns the forked tables, in name order.
// REQUIRES: `target` is empty and `target_sequencer` has no observer and
// no commit yet.
std::vector<std::shared_ptr<Table>> ForkCatalog(
    const Catalog& source, const CommitSequencer& source_sequencer,
    Catalog& target, CommitSequencer& target_sequencer);

}  // namespace dynamite

#endif  // DYNAMITE_STORE_DATABASE_FORK_H_
