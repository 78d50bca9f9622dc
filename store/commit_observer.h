// CommitObserver: what streams and durability attach to. (TTL is a writer:
// its deletions are commits, ChangeSource::kTimeToLive in store/commit.h.)
//
// Every change to a Database is a commit with a sequence number: an item
// commit (store/commit.h Commit(): PutItem, UpdateItem, DeleteItem, each
// BatchWriteItem request, a TransactWriteItems) or a table commit
// (CreateTable, DeleteTable, a table's redefinition by UpdateTable, with an
// index backfill). The Database's CommitSequencer (store/commit_sequencer.h)
// numbers them 1, 2, 3, ... with no gaps, and calls each registered
// observer once per commit, in sequence order, while the commit's locks are
// still held: the tables it changed, and the sequencer's own. So two
// commits' calls never overlap or arrive out of order, and a reader of a
// table can never see a change that an observer has not been told of yet.
// A commit that fails is not numbered and not observed.
//
// Replaying the observed commits, in order, into an empty Database rebuilds
// the same database (a table commit carries the whole new definition; an
// index that a redefinition adds is rebuilt from the items as they are then,
// as the backfill did).
//
// Thread safety: the callbacks run on the committing thread under the
// locks, one at a time. They must be cheap and ordered (append to a buffer
// or a shard), must not block, and must not call into any Table, Catalog or
// Database.

#ifndef DYNAMITE_STORE_COMMIT_OBSERVER_H_
#define DYNAMITE_STORE_COMMIT_OBSERVER_H_

#include <cstdint>
#include <memory>

#include "absl/status/status.h"
#include "absl/time/time.h"
#include "absl/types/span.h"

#include "store/table_definition.h"

namespace dynamite {

class Table;
struct ChangeRecord;  // store/commit.h

// What a table commit did.
struct TableChangeRecord {
  enum class Kind {
    kCreate,    // `definition` is the new table's
    kDelete,    // `definition` is the table's last
    kRedefine,  // `definition` replaces the table's definition
  };
  Kind kind = Kind::kCreate;
  const Table* table = nullptr;
  std::shared_ptr<const TableDefinition> definition;
  uint64_t sequence = 0;
  // When the commit was numbered, by the sequencer's clock.
  absl::Time committed;
};

class CommitObserver {
 public:
  virtual ~CommitObserver() = default;

  // An item commit: its records, one per change in the order given to
  // Commit(), each carrying `sequence`, numbered at `committed` by the
  // sequencer's clock (a replayed commit: at the time it was first made).
  // Records with `kept` set (a ConditionCheck) wrote nothing.
  virtual void OnItemCommit(uint64_t sequence, absl::Time committed,
                            absl::Span<const ChangeRecord> records) = 0;
  // A table commit.
  virtual void OnTableCommit(const TableChangeRecord& record) = 0;
};

// CommitDurability: what a write waits for before it is acknowledged (the
// write-ahead log, durability/write_ahead_log.h). A Database has at most
// one, set on its sequencer before the first commit.
//
// Thread safety: both methods are called concurrently from committing
// threads, outside every table lock and the sequencer's.
class CommitDurability {
 public:
  virtual ~CommitDurability() = default;

  // Before a commit takes its locks: an error refuses the commit, so that
  // nothing is applied (a log that failed to write refuses every later
  // write until the process restarts).
  virtual absl::Status CheckWritable() const = 0;
  // After the commit numbered `sequence` has released its locks and before
  // its writer is answered: returns once the commit is as durable as the
  // Database promises (written, or written and fsynced), sharing the work
  // with the commits that wait beside it (group commit). An error means
  // the commit is applied in memory but may not survive a crash; the
  // writer is told so rather than acknowledged.
  virtual absl::Status AwaitDurable(uint64_t sequence) = 0;
};

}  // namespace dynamite

#endif  // DYNAMITE_STORE_COMMIT_OBSERVER_H_
