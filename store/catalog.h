// Catalog: the set of tables of one Database, by case-sensitive name.
//
// Tables are held by std::shared_ptr so that an operation that found a table
// keeps it alive even if DeleteTable removes it from the catalog meanwhile;
// the deleted table is freed when the last such operation finishes.
//
// Creating and deleting a table are table commits (store/commit_observer.h),
// published while the name map is locked, so that the creates and deletes
// of one name are numbered in the order they happened; a delete is also
// numbered after every item commit of the table (Table::Drop()).
//
// Table statuses (store/table_definition.h, TableStatus): a table created
// with a delayed CREATING status is in the catalog at once, but the item
// operations do not find it until its status is ACTIVE (FindForItems), as
// DynamoDB answers "Requested resource not found" for it. A table deleted
// with a delay (Delete's `linger`) is dropped at once, its items gone for
// every operation, but its name stays taken and listed, and FindDeleting
// finds it, until the delay has passed. Times are the catalog's clock's.
//
// Thread safety: all methods may be called concurrently; one Mutex
// guards the name map (shared for lookups, exclusive for create and delete).
// Delete() takes the table's lock while holding it (to drop the table);
// nothing takes the catalog's lock while holding a table's, so the order
// catalog, then table, is the only one.

#ifndef DYNAMITE_STORE_CATALOG_H_
#define DYNAMITE_STORE_CATALOG_H_

#include <memory>
#include <string>
#include <vector>

#include "absl/base/thread_annotations.h"
#include "absl/container/btree_map.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/time/time.h"

#include "common/clock.h"
#include "common/mutex.h"
#include "store/table.h"

namespace dynamite {

// A table forked from another catalog's (store/database_fork.h), with the
// CREATING deadline it had there.
struct ForkedTable {
  std::shared_ptr<Table> table;
  absl::Time creating_until = absl::InfinitePast();
};

class Catalog {
 public:
  // Tables whose commits `sequencer` numbers, with statuses timed by
  // `clock`; both must outlive the catalog.
  explicit Catalog(CommitSequencer& sequencer,
                   const Clock* clock = Clock::Real())
      : sequencer_(sequencer), clock_(*clock) {}
  Catalog(const Catalog&) = delete;
  Catalog& operator=(const Catalog&) = delete;

  // Adds a table. Returns kResourceInUse "Table already exists: <name>" if
  // the name is taken, by a table or by one still DELETING.
  absl::StatusOr<std::shared_ptr<Table>> Create(TableDefinition definition)
      ABSL_LOCKS_EXCLUDED(mu_);

  // Returns the table, whatever its status, or kResourceNotFound with
  // `not_found_message`: for the control plane (DescribeTable, ...).
  absl::StatusOr<std::shared_ptr<Table>> Find(
      absl::string_view name, absl::string_view not_found_message) const
      ABSL_LOCKS_EXCLUDED(mu_);

  // As Find, for the item operations: a table still CREATING is not found.
  absl::StatusOr<std::shared_ptr<Table>> FindForItems(
      absl::string_view name, absl::string_view not_found_message) const
      ABSL_LOCKS_EXCLUDED(mu_);

  // The dropped table whose DELETING status still lasts, or nullptr.
  std::shared_ptr<Table> FindDeleting(absl::string_view name) const
      ABSL_LOCKS_EXCLUDED(mu_);

  // Removes the table, drops it (store/table.h) and returns it, or
  // kResourceNotFound with `not_found_message`. With a positive `linger`,
  // the table is DELETING for that long (see above).
  absl::StatusOr<std::shared_ptr<Table>> Delete(
      absl::string_view name, absl::string_view not_found_message,
      absl::Duration linger = absl::ZeroDuration()) ABSL_LOCKS_EXCLUDED(mu_);

  // Returns up to `limit` table names in byte order, strictly after
  // `exclusive_start` when it is non-empty; tables still DELETING included,
  // as DynamoDB lists them.
  std::vector<std::string> ListNames(absl::string_view exclusive_start,
                                     size_t limit) const
      ABSL_LOCKS_EXCLUDED(mu_);

  // Fills an empty catalog with `tables` without a commit: a new
  // Database's, before anything observes it (Database::Fork).
  // REQUIRES: the catalog is empty; each fork's commits are numbered by
  // this catalog's sequencer.
  void AdoptForks(std::vector<ForkedTable> tables) ABSL_LOCKS_EXCLUDED(mu_);

  // Replaces every table by `tables` at once: each current table is
  // dropped as Delete() drops it, and each fork added as Create() adds a
  // table, all as table commits, so observers hear of them (but not of the
  // forks' items, which no commit carried: a durable Database must not
  // do this). Tables still DELETING are forgotten.
  // REQUIRES: as AdoptForks, but for the emptiness.
  void ReplaceWithForks(std::vector<ForkedTable> tables)
      ABSL_LOCKS_EXCLUDED(mu_);

  // Every table, in name order, not counting those DELETING: for the walks
  // over all of them (the TTL sweep, a checkpoint's counts, reopening
  // streams), which a ListNames() then Find() per name would do with a
  // lock each.
  std::vector<std::shared_ptr<Table>> Tables() const ABSL_LOCKS_EXCLUDED(mu_);

  // The number of tables, not counting those DELETING.
  size_t size() const ABSL_LOCKS_EXCLUDED(mu_);

 private:
  struct Entry {
    std::shared_ptr<Table> table;
    // While the table is CREATING (kept here so that FindForItems need not
    // read the definition); the distant past otherwise.
    absl::Time creating_until = absl::InfinitePast();
  };
  struct Deleting {
    std::shared_ptr<Table> table;
    absl::Time gone_at;
  };

  // A capture of the whole database reads under locks it takes
  // (store/database_capture.cc).
  friend class DatabaseCapturer;
  // A fork of the whole database reads this catalog under its locks
  // (store/database_fork.cc).
  friend class DatabaseForker;

  // Create() under the lock; `sequence` is the table commit's number.
  absl::StatusOr<std::shared_ptr<Table>> CreateAndPublish(
      TableDefinition definition, uint64_t& sequence) ABSL_LOCKS_EXCLUDED(mu_);
  // Delete() under the lock.
  absl::StatusOr<std::shared_ptr<Table>> DeleteAndPublish(
      absl::string_view name, absl::string_view not_found_message,
      absl::Duration linger, uint64_t& sequence) ABSL_LOCKS_EXCLUDED(mu_);

  // Forgets the DELETING tables whose delay has passed.
  void ForgetDeleted(absl::Time now) ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_);

  CommitSequencer& sequencer_;
  const Clock& clock_;
  mutable Mutex mu_;
  absl::btree_map<std::string, Entry> tables_ ABSL_GUARDED_BY(mu_);
  absl::btree_map<std::string, Deleting> deleting_ ABSL_GUARDED_BY(mu_);
};

}  // namespace dynamite

#endif  // DYNAMITE_STORE_CATALOG_H_
