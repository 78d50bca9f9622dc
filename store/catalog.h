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
#include "absl/types/span.h"

#include "common/mutex.h"
#include "store/table.h"
#include "store/tag_set.h"

namespace dynamite {

class Catalog {
 public:
  // Tables whose commits `sequencer` numbers; it must outlive the catalog.
  explicit Catalog(CommitSequencer& sequencer) : sequencer_(sequencer) {}
  Catalog(const Catalog&) = delete;
  Catalog& operator=(const Catalog&) = delete;

  // Adds a table, with the tags `tags` (CreateTable's Tags: set before any
  // other operation can find the table). Returns kResourceInUse "Table
  // already exists: <name>" if the name is taken.
  absl::StatusOr<std::shared_ptr<Table>> Create(TableDefinition definition,
                                                absl::Span<const Tag> tags = {})
      ABSL_LOCKS_EXCLUDED(mu_);

  // Returns the table, or kResourceNotFound with `not_found_message`.
  absl::StatusOr<std::shared_ptr<Table>> Find(
      absl::string_view name, absl::string_view not_found_message) const
      ABSL_LOCKS_EXCLUDED(mu_);

  // Removes the table and returns it, or kResourceNotFound with
  // `not_found_message`.
  absl::StatusOr<std::shared_ptr<Table>> Delete(
      absl::string_view name, absl::string_view not_found_message)
      ABSL_LOCKS_EXCLUDED(mu_);

  // Returns up to `limit` table names in byte order, strictly after
  // `exclusive_start` when it is non-empty.
  std::vector<std::string> ListNames(absl::string_view exclusive_start,
                                     size_t limit) const
      ABSL_LOCKS_EXCLUDED(mu_);

  // The number of tables.
  size_t size() const ABSL_LOCKS_EXCLUDED(mu_);

 private:
  CommitSequencer& sequencer_;
  mutable Mutex mu_;
  absl::btree_map<std::string, std::shared_ptr<Table>> tables_
      ABSL_GUARDED_BY(mu_);
};

}  // namespace dynamite

#endif  // DYNAMITE_STORE_CATALOG_H_
