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

std::unique_ptr<Database> Database::Fork() const {
  DatabaseOptions options = options_;
  options.durability = DurabilityOptions{};
  std::unique_ptr<Database> fork(new Database(std::move(options), Unstarted{}));
  const std::vector<std::shared_ptr<Table>> tables =
      ForkCatalog(catalog_, sequencer_, fork->catalog_, fork->sequencer_);
  fork->tables_created_ = tables_created_.load();
  fork->last_stream_millis_ = last_stream_millis_.load();
  for (std::shared_ptr<const Backup>& backup : backups_.List()) {
    fork->backups_.Add(std::move(backup));
  }
  fork->backups_created_ = backups_created_.load();
  // Each enabled stream opens afresh in the fork, as at its table's
  // creation: a new shard, whose records are the fork's own commits (the
  // store observes them once Start() attaches it).
  for (const std::shared_ptr<Table>& table : tables) {
    fork->streams_.OnTableCommit(
        TableChangeRecord{.kind = TableChangeRecord::Kind::kCreate,
                          .table = table.get(),
                          .definition = table->definition()});
  }
  fork->Start();
  return fork;
}

}  // namespace dynamite
