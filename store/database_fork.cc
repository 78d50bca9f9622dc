#include "store/database_fork.h"

#include <string>
#include <utility>

#include "absl/base/thread_annotations.h"

#include "common/check.h"
#include "common/mutex.h"
#include "store/tables_read_lock.h"

namespace dynamite {

// Catalog's and Table's friend: forks under the fork's locks.
class DatabaseForker {
 public:
  static std::vector<std::shared_ptr<Table>> Fork(
      const Catalog& source, const CommitSequencer& source_sequencer,
      Catalog& target,
      CommitSequencer& target_sequencer) ABSL_NO_THREAD_SAFETY_ANALYSIS {
    std::vector<std::pair<std::shared_ptr<Table>, absl::Time>> forked;
    uint64_t sequence = 0;
    {
      ReaderMutexLock catalog_lock(&source.mu_);
      std::vector<const Table*> tables;
      tables.reserve(source.tables_.size());
      for (const auto& [name, entry] : source.tables_) {
        tables.push_back(entry.table.get());
      }
      const TablesReadLock lock(tables);
      sequence = source_sequencer.next_sequence() - 1;
      forked.reserve(source.tables_.size());
      for (const auto& [name, entry] : source.tables_) {
        // A Table's constructors are private to its friends.
        std::shared_ptr<Table> table(
            new Table(*entry.table, target_sequencer, Table::ForkTag{}));
        forked.emplace_back(std::move(table), entry.creating_until);
      }
    }
    target_sequencer.ResumeAfter(sequence);
    std::vector<std::shared_ptr<Table>> tables;
    tables.reserve(forked.size());
    MutexLock target_lock(&target.mu_);
    DYNAMITE_CHECK(target.tables_.empty());
    for (auto& [table, creating_until] : forked) {
      tables.push_back(table);
      const std::string name = table->name();
      target.tables_.emplace(name,
                             Catalog::Entry{.table = std::move(table),
                                            .creating_until = creating_until});
    }
    return tables;
  }
};

std::vector<std::shared_ptr<Table>> ForkCatalog(
    const Catalog& source, const CommitSequencer& source_sequencer,
    Catalog& target, CommitSequencer& target_sequencer) {
  return DatabaseForker::Fork(source, source_sequencer, target,
                              target_sequencer);
}

}  // namespace dynamite
