// Database::Fork: a new in-memory Database whose tables are forks of this
// one's (store/database_fork.h), plus the Database-wide state that goes
// with them: the counters that keep TableIds, stream labels and backup
// ARNs unique, and the backups (immutable, so shared).

#include "store/database_fork.h"

#include <memory>
#include <utility>
#include <vector>

#include "api/database.h"
#include "store/commit_observer.h"

namespace dynamite {

std::unique_ptr<Database> Database::Fork() const { return ForkWith(options_); }

void Database::OpenStreamsAfresh() {
  for (const std::shared_ptr<Table>& table : catalog_.Tables()) {
    streams_.OnTableCommit(
        TableChangeRecord{.kind = TableChangeRecord::Kind::kCreate,
                          .table = table.get(),
                          .definition = table->definition(),
                          .committed = clock_->Now()});
  }
}

std::unique_ptr<Database> Database::ForkWith(DatabaseOptions options) const {
  options.durability = DurabilityOptions{};
  std::unique_ptr<Database> fork(new Database(std::move(options), Unstarted{}));
  CatalogFork forked = ForkTables(catalog_, sequencer_, fork->sequencer_);
  // The fork's commits number on from the last one it includes.
  fork->sequencer_.ResumeAfter(forked.sequence);
  fork->catalog_.AdoptForks(std::move(forked.tables));
  // A new shard of each stream, whose records are the fork's own commits.
  fork->OpenStreamsAfresh();
  fork->tables_created_ = tables_created_.load();
  fork->last_stream_millis_ = last_stream_millis_.load();
  fork->backups_.ReplaceAll(backups_.List());
  fork->backups_created_ = backups_created_.load();
  fork->Start();
  return fork;
}

}  // namespace dynamite
