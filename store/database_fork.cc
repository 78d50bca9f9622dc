#include "store/database_fork.h"

#include <memory>

#include "absl/base/thread_annotations.h"

#include "common/mutex.h"
#include "store/table.h"
#include "store/tables_read_lock.h"

namespace dynamite {

// Catalog's and Table's friend: forks under the fork's locks.
class DatabaseForker {
 public:
  static CatalogFork Fork(
      const Catalog& source, const CommitSequencer& source_sequencer,
      CommitSequencer& sequencer) ABSL_NO_THREAD_SAFETY_ANALYSIS {
    ReaderMutexLock catalog_lock(&source.mu_);
    std::vector<const Table*> tables;
    tables.reserve(source.tables_.size());
    for (const auto& [name, entry] : source.tables_) {
      tables.push_back(entry.table.get());
    }
    const TablesReadLock lock(tables);
    CatalogFork fork;
    fork.sequence = source_sequencer.next_sequence() - 1;
    fork.tables.reserve(source.tables_.size());
    for (const auto& [name, entry] : source.tables_) {
      // A Table's fork constructor is private to its friends.
      fork.tables.push_back({.table = std::shared_ptr<Table>(new Table(
                                 *entry.table, sequencer, Table::ForkTag{})),
                             .creating_until = entry.creating_until});
    }
    return fork;
  }
};

CatalogFork ForkTables(const Catalog& source,
                       const CommitSequencer& source_sequencer,
                       CommitSequencer& sequencer) {
  return DatabaseForker::Fork(source, source_sequencer, sequencer);
}

}  // namespace dynamite
