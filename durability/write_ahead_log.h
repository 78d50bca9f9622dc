// WriteAheadLog: the Database's commits on disk, one framed record each
// (durability/log_format.h) holding the commit's payload
// (durability/commit_codec.h), in sequence order.
//
// It is both of the commit point's seams (store/commit_observer.h):
//   - as a CommitObserver it encodes each commit into a buffer while the
//     commit's locks are held, which only copies bytes, so the order of the
//     records is the order of the sequence numbers;
//   - as the CommitDurability it makes each writer wait, outside the locks,
//     until its commit is written (and, with SyncMode::kAlways, fsynced).
//     The first waiter becomes the leader: it takes everything buffered,
//     writes it in one call and fsyncs once, while the others wait and are
//     released together (group commit, as LevelDB's writers queue).
//
// A failed write or fsync poisons the log (LevelDB's bg_error_): the log
// can no longer say what reached the disk, so the writers waiting are told
// the error (an InternalServerError naming the file and the cause), and
// every later write is refused by CheckWritable() before anything is
// applied, until the process restarts and recovers from what is on disk.
// Reads go on.
//
// Thread safety: all methods may be called concurrently. The observer
// callbacks run under the sequencer's mutex and take only this log's mutex
// (a leaf); files are written outside it.

#ifndef DYNAMITE_DURABILITY_WRITE_AHEAD_LOG_H_
#define DYNAMITE_DURABILITY_WRITE_AHEAD_LOG_H_

#include <cstdint>
#include <memory>
#include <string>

#include "absl/base/thread_annotations.h"
#include "absl/functional/function_ref.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/synchronization/mutex.h"
#include "absl/types/span.h"

#include "common/mutex.h"
#include "common/periodic_thread.h"
#include "durability/durability_options.h"
#include "durability/file_system.h"
#include "store/commit.h"
#include "store/commit_observer.h"

namespace dynamite {

class WriteAheadLog final : public CommitObserver, public CommitDurability {
 public:
  // Opens `path` for appending after its last whole record; the commits up
  // to `durable_through` are already in it. `options` gives the sync mode
  // and interval (its directory and file system are the caller's).
  static absl::StatusOr<std::unique_ptr<WriteAheadLog>> Open(
      FileSystem& file_system, std::string path,
      const DurabilityOptions& options, uint64_t durable_through);

  WriteAheadLog(const WriteAheadLog&) = delete;
  WriteAheadLog& operator=(const WriteAheadLog&) = delete;
  // Stops the interval thread, then writes and fsyncs what is buffered.
  ~WriteAheadLog() override;

  void OnItemCommit(uint64_t sequence, absl::Time committed,
                    absl::Span<const ChangeRecord> records) override;
  void OnTableCommit(const TableChangeRecord& record) override;

  absl::Status CheckWritable() const override;
  absl::Status AwaitDurable(uint64_t sequence) override;

  // Writes and fsyncs everything buffered (the interval thread's round).
  absl::Status Flush() ABSL_LOCKS_EXCLUDED(mu_);

  // Retires the log file for a snapshot (durability/snapshot.h): writes and
  // fsyncs everything buffered, renames the file to `retired_path`, and
  // goes on in a new, empty file under the old name, so that the retired
  // file holds every commit up to the snapshot's and the new one the
  // commits after it. The directory is fsynced before any commit goes to
  // the new file. A failure poisons the log, as a failed write does.
  // REQUIRES: no commit publishes during the call (the snapshot's capture
  // holds them off).
  absl::Status Rotate(const std::string& retired_path) ABSL_LOCKS_EXCLUDED(mu_);
  // The bytes of the commits logged since the last Rotate() (or since the
  // log was opened): what the next snapshot would spare a restart.
  uint64_t bytes_since_rotation() const ABSL_LOCKS_EXCLUDED(mu_);

 private:
  WriteAheadLog(FileSystem& file_system, std::string path,
                std::unique_ptr<WritableFile> file,
                const DurabilityOptions& options, uint64_t durable_through);

  // Appends one encoded commit to the buffer.
  void Buffer(uint64_t sequence) ABSL_LOCKS_EXCLUDED(mu_);
  // Returns once the commits up to `sequence` are written (and fsynced if
  // `sync`), leading a group write if no one else is.
  absl::Status WriteThrough(uint64_t sequence, bool sync)
      ABSL_LOCKS_EXCLUDED(mu_);
  // The leader's turn, entered and left with the mutex held and no other
  // leader: writes everything buffered (and fsyncs if `sync`), then runs
  // `then` at the file, all outside the mutex; poisons the log on an error
  // and returns it.
  absl::Status LeadWrite(bool sync, absl::FunctionRef<absl::Status()> then)
      ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_);

  FileSystem& file_system_;
  const std::string path_;
  const std::string directory_;
  const SyncMode mode_;
  // Written only by the leader, one at a time (`writing_`).
  std::unique_ptr<WritableFile> file_;
  // The payload being encoded: the observer callbacks run one at a time
  // (under the sequencer's mutex), so one buffer serves them all.
  std::string payload_;

  mutable Mutex mu_;
  absl::CondVar changed_;
  std::string buffered_ ABSL_GUARDED_BY(mu_);  // framed, not yet written
  uint64_t buffered_through_ ABSL_GUARDED_BY(mu_);
  uint64_t written_through_ ABSL_GUARDED_BY(mu_);
  uint64_t synced_through_ ABSL_GUARDED_BY(mu_);
  bool writing_ ABSL_GUARDED_BY(mu_) = false;  // a leader is at the file
  uint64_t bytes_since_rotation_ ABSL_GUARDED_BY(mu_);
  absl::Status failure_ ABSL_GUARDED_BY(mu_);
  // kInterval's fsync every interval (Flush()); last, started once all
  // the members above exist, and stopped first.
  std::unique_ptr<PeriodicThread> syncer_;
};

}  // namespace dynamite

#endif  // DYNAMITE_DURABILITY_WRITE_AHEAD_LOG_H_
