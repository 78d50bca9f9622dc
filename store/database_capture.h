// CaptureDatabase: every table of a catalog, its definition and its items,
// as they stood at one point between two commits (a snapshot's contents,
// durability/snapshot.h); CaptureTable: one table so (a backup's).
//
// The capture locks the catalog shared (no table is created or deleted)
// and then every table shared, in the tables' lock order (store/commit.h),
// so no commit can publish while it copies: the items it sees are exactly
// those of the commits numbered up to `sequence`. It copies references to
// the packed items and their keys, never the items, so writers wait only
// for that copy (and for `at_capture`). Tables still DELETING are left
// out: their deletion is a commit the capture includes.
//
// Thread safety: may be called concurrently with anything; `at_capture`
// runs with every commit held off and must not call into the catalog or a
// table.

#ifndef DYNAMITE_STORE_DATABASE_CAPTURE_H_
#define DYNAMITE_STORE_DATABASE_CAPTURE_H_

#include <cstdint>
#include <memory>
#include <vector>

#include "absl/functional/function_ref.h"

#include "store/catalog.h"
#include "store/commit_sequencer.h"
#include "store/key.h"
#include "store/packed_item.h"
#include "store/table_definition.h"

namespace dynamite {

// One item of a captured table.
struct CapturedItem {
  EncodedKey key;
  PackedItemRef item;
};

struct CapturedTable {
  std::shared_ptr<const TableDefinition> definition;
  std::vector<CapturedItem> items;  // in no particular order
};

struct DatabaseCapture {
  // The number of the last commit the capture includes (0: none).
  uint64_t sequence = 0;
  std::vector<CapturedTable> tables;  // in name order
};

// Captures `catalog`, whose tables belong to `sequencer`; calls
// `at_capture(sequence)` at the point captured.
DatabaseCapture CaptureDatabase(
    const Catalog& catalog, const CommitSequencer& sequencer,
    absl::FunctionRef<void(uint64_t sequence)> at_capture);

// Captures one table the same way, under its shared lock alone: a backup's
// contents (CreateBackup).
CapturedTable CaptureTable(const Table& table);

}  // namespace dynamite

#endif  // DYNAMITE_STORE_DATABASE_CAPTURE_H_
