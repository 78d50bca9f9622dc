// LogReplayer: rebuilds a database from its logged commits
// (durability/commit_codec.h), in order, through the same store calls the
// operations use (Catalog::Create, Table::Redefine, Catalog::Delete,
// Commit), so that each replayed commit takes the sequence number it had
// and the tables, items and index entries come back as they were. An
// index a redefinition adds is rebuilt from the items as they are then, as
// its backfill did (store/commit_observer.h).
//
// A log that does not fit the database it is replayed into (a commit to a
// table that does not exist, a number out of order) is a kInternal error
// naming the commit: recovery refuses to start rather than guess.
//
// Tags come back with their table's definition (TagResource is a
// redefinition). While a replayer lives, the sequencer dates each commit
// with the time it was logged with, so that the observers attached during
// the replay (the stream store) see the commits as they first were:
// stream records come back with their times, numbers and shards.
//
// Thread safety: one replayer per catalog, before anything else uses it.

#ifndef DYNAMITE_DURABILITY_REPLAY_H_
#define DYNAMITE_DURABILITY_REPLAY_H_

#include "absl/status/status.h"
#include "absl/time/time.h"

#include "common/clock.h"
#include "durability/commit_codec.h"
#include "store/catalog.h"
#include "store/commit_sequencer.h"

namespace dynamite {

class LogReplayer {
 public:
  // `catalog` numbers its commits with `sequencer`, whose clock the
  // replayer replaces until it is destroyed.
  LogReplayer(Catalog& catalog, CommitSequencer& sequencer);
  LogReplayer(const LogReplayer&) = delete;
  LogReplayer& operator=(const LogReplayer&) = delete;
  ~LogReplayer();

  // Applies `commit`, which must be the next one: its sequence number is
  // the one the sequencer gives next.
  absl::Status Apply(const LoggedCommit& commit);

 private:
  absl::Status ApplyItems(const LoggedCommit& commit);

  // The logged time of the commit being replayed.
  class LoggedTime final : public Clock {
   public:
    absl::Time Now() const override { return now_; }
    absl::Time now_ = absl::InfinitePast();
  };

  Catalog& catalog_;
  CommitSequencer& sequencer_;
  LoggedTime logged_time_;
  const Clock* previous_clock_;
};

}  // namespace dynamite

#endif  // DYNAMITE_DURABILITY_REPLAY_H_
