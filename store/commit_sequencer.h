// CommitSequencer: numbers the commits of one Database and tells its
// observers of each, in order (store/commit_observer.h).
//
// Every Table belongs to one sequencer (its Database's, given at
// construction); a commit may span only tables of one sequencer. Tables
// made outside any Database (tests, benchmarks) share Unowned(), which has
// no observers unless one is added.
//
// A commit publishes itself while holding the locks of the tables it
// changed: the sequencer's mutex is taken last and released first (a leaf
// lock), so publishing can never deadlock with the table locks, and the
// order of sequence numbers is the order in which commits became visible to
// readers of any one table.
//
// Thread safety: all methods may be called concurrently; observers are
// called one at a time, under the sequencer's mutex.

#ifndef DYNAMITE_STORE_COMMIT_SEQUENCER_H_
#define DYNAMITE_STORE_COMMIT_SEQUENCER_H_

#include <atomic>
#include <cstdint>
#include <vector>

#include "absl/base/thread_annotations.h"
#include "absl/functional/function_ref.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/types/span.h"

#include "common/clock.h"
#include "common/mutex.h"
#include "store/commit_observer.h"

namespace dynamite {

class CommitSequencer {
 public:
  CommitSequencer() = default;
  CommitSequencer(const CommitSequencer&) = delete;
  CommitSequencer& operator=(const CommitSequencer&) = delete;

  // The sequencer of tables made outside any Database.
  static CommitSequencer& Unowned();

  // Calls `observer` for every commit published after this returns.
  // REQUIRES: `observer` outlives the sequencer, or every commit on it.
  void AddObserver(CommitObserver* observer) ABSL_LOCKS_EXCLUDED(mu_);

  // Makes every commit wait for `durability` (store/commit_observer.h).
  // REQUIRES: called before the first commit; `durability` outlives the
  // sequencer.
  void SetDurability(CommitDurability* durability);
  // The durability's CheckWritable() and AwaitDurable(); OK without one.
  // Called by the commit point outside its locks.
  absl::Status CheckWritable() const;
  absl::Status AwaitDurable(uint64_t sequence);
  // A table commit made durably, as Commit() makes an item commit: refused
  // if CheckWritable() fails, else `commit` (which publishes one table
  // commit under its own lock and sets `sequence` to its number), then,
  // if it succeeded, AwaitDurable() outside that lock.
  template <typename T>
  absl::StatusOr<T> CommitDurably(
      absl::FunctionRef<absl::StatusOr<T>(uint64_t& sequence)> commit) {
    if (absl::Status writable = CheckWritable(); !writable.ok()) {
      return writable;
    }
    uint64_t sequence = 0;
    absl::StatusOr<T> result = commit(sequence);
    if (!result.ok()) return result;
    if (absl::Status durable = AwaitDurable(sequence); !durable.ok()) {
      return durable;
    }
    return result;
  }

  // The clock that dates each commit as it is numbered (the Database's;
  // Clock::Real() until set). Recovery sets the logged times instead
  // (durability/replay.h), so that observers see a replayed commit at the
  // time it was first made. REQUIRES: `clock` outlives its use.
  void SetClock(const Clock* clock) ABSL_LOCKS_EXCLUDED(mu_);
  const Clock* clock() const ABSL_LOCKS_EXCLUDED(mu_);

  // Numbers an item commit, writes its number into each of `records`, and
  // tells the observers. Returns the number.
  uint64_t PublishItems(absl::Span<ChangeRecord> records)
      ABSL_LOCKS_EXCLUDED(mu_);
  // Numbers a table commit (record.sequence is set) and tells the
  // observers. Returns the number.
  uint64_t PublishTable(TableChangeRecord& record) ABSL_LOCKS_EXCLUDED(mu_);

  // Numbers the next commit `sequence` + 1: recovery resumes the numbering
  // of a snapshot, whose commits it loads without publishing them.
  // REQUIRES: no observer yet; `sequence` + 1 >= next_sequence().
  void ResumeAfter(uint64_t sequence) ABSL_LOCKS_EXCLUDED(mu_);

  // The number the next commit will get.
  uint64_t next_sequence() const ABSL_LOCKS_EXCLUDED(mu_);

 private:
  mutable Mutex mu_;
  uint64_t next_sequence_ ABSL_GUARDED_BY(mu_) = 1;
  const Clock* clock_ ABSL_GUARDED_BY(mu_) = Clock::Real();
  std::vector<CommitObserver*> observers_ ABSL_GUARDED_BY(mu_);
  // Read by every commit without the mutex: set once, before any.
  std::atomic<CommitDurability*> durability_{nullptr};
};

}  // namespace dynamite

#endif  // DYNAMITE_STORE_COMMIT_SEQUENCER_H_
