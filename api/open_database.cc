// Database::Open: a Database recovered from its directory, which then logs
// every commit (durability/write_ahead_log.h); and Database::Snapshot(),
// which spares the next open most of that log (durability/snapshot.h). The
// directory's files are durability/database_files.h's.
//
// The order matters. The snapshot is loaded and the log replayed before
// anything observes commits or sweeps: a replayed commit must take the
// number it had, so no other commit may slip in, and it is not a new
// change, so it is neither logged again nor given a stream record. Only
// then are the observers attached and the sweeper started (Start()).

#include <algorithm>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"

#include "api/database.h"
#include "common/errors.h"
#include "common/status_macros.h"
#include "durability/commit_codec.h"
#include "durability/database_files.h"
#include "durability/file_system.h"
#include "durability/log_format.h"
#include "durability/replay.h"
#include "durability/snapshot.h"
#include "durability/write_ahead_log.h"
#include "store/database_capture.h"

namespace dynamite {
namespace {

// Replays the log file `path` into `replayer`, skipping the commits up to
// `skip_through` (a snapshot's). Only the current log, `last`, may end in
// a torn record, which is cut off; a retired one was whole when retired.
absl::Status ReplayLogFile(FileSystem& files, const std::string& path,
                           bool last, uint64_t skip_through,
                           LogReplayer& replayer, RecoveryReport& report,
                           std::atomic<uint64_t>& tables_created) {
  DYNAMITE_ASSIGN_OR_RETURN(const std::string contents, files.ReadFile(path));
  DYNAMITE_ASSIGN_OR_RETURN(const LogContents log, ReadLog(contents, path));
  if (log.torn_tail && !last) {
    return CorruptFileError("write-ahead log", path, log.valid_bytes,
                            "a retired log ends inside a record");
  }
  for (absl::string_view payload : log.records) {
    DYNAMITE_ASSIGN_OR_RETURN(const LoggedCommit commit, DecodeCommit(payload));
    if (commit.sequence <= skip_through) continue;
    DYNAMITE_RETURN_IF_ERROR(replayer.Apply(commit));
    if (commit.kind == LoggedCommit::Kind::kCreateTable) ++tables_created;
    ++report.commits_replayed;
  }
  if (log.torn_tail) {
    // Appends go on after the last whole record.
    DYNAMITE_RETURN_IF_ERROR(files.Truncate(path, log.valid_bytes));
    report.torn_tail_bytes = log.torn_bytes;
  }
  return absl::OkStatus();
}

// Removes the retired logs of `directory` that hold only commits up to
// `through`.
absl::Status RemoveRetiredLogs(FileSystem& files, const std::string& directory,
                               uint64_t through) {
  DYNAMITE_ASSIGN_OR_RETURN(const std::vector<std::string> names,
                            files.List(directory));
  for (const std::string& name : names) {
    const std::optional<uint64_t> retired = RetiredLogThrough(name);
    if (retired.has_value() && *retired <= through) {
      DYNAMITE_RETURN_IF_ERROR(
          files.Remove(absl::StrCat(directory, "/", name)));
    }
  }
  return absl::OkStatus();
}

}  // namespace

Database::~Database() = default;

absl::StatusOr<std::unique_ptr<Database>> Database::Open(
    DatabaseOptions options) {
  if (options.durability.directory.empty()) {
    return std::make_unique<Database>(std::move(options));
  }
  std::unique_ptr<Database> database(
      new Database(std::move(options), Unstarted{}));
  DYNAMITE_RETURN_IF_ERROR(database->Recover());
  database->Start();
  return database;
}

absl::Status Database::Recover() {
  const DurabilityOptions& durability = options_.durability;
  files_ = durability.file_system != nullptr ? durability.file_system
                                             : FileSystem::Default();
  FileSystem& files = *files_;
  const std::string& directory = durability.directory;
  auto path = [&](absl::string_view name) {
    return absl::StrCat(directory, "/", name);
  };
  DYNAMITE_RETURN_IF_ERROR(files.CreateDirectories(directory));
  // A snapshot being written when the process died: the one before stays.
  if (files.Exists(path(kSnapshotTempFileName))) {
    DYNAMITE_RETURN_IF_ERROR(files.Remove(path(kSnapshotTempFileName)));
  }
  StreamStoreState streams;
  if (files.Exists(path(kSnapshotFileName))) {
    DYNAMITE_ASSIGN_OR_RETURN(const std::string contents,
                              files.ReadFile(path(kSnapshotFileName)));
    DYNAMITE_ASSIGN_OR_RETURN(
        const SnapshotHeader header,
        LoadSnapshot(contents, path(kSnapshotFileName), catalog_, &streams));
    if (header.sequence + 1 < sequencer_.next_sequence()) {
      return CorruptFileError("snapshot", path(kSnapshotFileName), 0,
                              absl::StrCat("it claims ", header.sequence,
                                           " commits but holds more tables"));
    }
    sequencer_.ResumeAfter(header.sequence);
    tables_created_ = header.tables_created;
    recovery_.snapshot_sequence = header.sequence;
  }
  const uint64_t snapshot = recovery_.snapshot_sequence;
  absl::Status imported =
      streams_.Import(std::move(streams), [&](absl::string_view name) {
        absl::StatusOr<std::shared_ptr<Table>> table = catalog_.Find(name, "");
        return table.ok() ? table->get() : nullptr;
      });
  if (!imported.ok()) {
    return CorruptFileError("snapshot", path(kSnapshotFileName), 0,
                            imported.message());
  }
  // The stream store watches the replay, which makes the records the
  // logged commits made after the snapshot, dated as they were.
  sequencer_.AddObserver(&streams_);
  observing_streams_ = true;
  DYNAMITE_ASSIGN_OR_RETURN(const std::vector<std::string> names,
                            files.List(directory));
  LogReplayer replayer(catalog_, sequencer_);
  for (const std::string& name : names) {
    const std::optional<uint64_t> retired = RetiredLogThrough(name);
    if (!retired.has_value()) continue;
    if (*retired <= snapshot) {
      // Left by a crash after the snapshot that covers it was put in place.
      DYNAMITE_RETURN_IF_ERROR(files.Remove(path(name)));
      continue;
    }
    DYNAMITE_RETURN_IF_ERROR(ReplayLogFile(files, path(name), /*last=*/false,
                                           snapshot, replayer, recovery_,
                                           tables_created_));
  }
  if (files.Exists(path(kLogFileName))) {
    DYNAMITE_RETURN_IF_ERROR(ReplayLogFile(files, path(kLogFileName),
                                           /*last=*/true, snapshot, replayer,
                                           recovery_, tables_created_));
  }
  DYNAMITE_RETURN_IF_ERROR(LoadBackupFiles());
  // New stream labels stay later than every kept stream's, as they were
  // before the restart (NewStream).
  for (const StreamInfo& stream : streams_.List("")) {
    last_stream_millis_ = std::max(last_stream_millis_.load(),
                                   absl::ToUnixMillis(stream.created));
  }
  DYNAMITE_ASSIGN_OR_RETURN(
      log_, WriteAheadLog::Open(files, path(kLogFileName), durability,
                                sequencer_.next_sequence() - 1));
  return absl::OkStatus();
}

void Database::Start() {
  if (!observing_streams_) sequencer_.AddObserver(&streams_);
  if (log_ != nullptr) {
    sequencer_.AddObserver(log_.get());
    sequencer_.SetDurability(log_.get());
  }
  if (options_.time_to_live_sweep_interval > absl::ZeroDuration()) {
    sweeper_ = std::make_unique<PeriodicThread>(
        options_.time_to_live_sweep_interval, [this] { SweepExpiredItems(); });
  }
  const DurabilityOptions& durability = options_.durability;
  if (log_ != nullptr && durability.snapshot_log_bytes > 0) {
    snapshotter_ = std::make_unique<PeriodicThread>(
        durability.snapshot_check_interval, [this, &durability] {
          if (log_->bytes_since_rotation() >= durability.snapshot_log_bytes) {
            // A failure keeps the log as it is (or poisons it, and the
            // writers hear of it); the next round tries again.
            Snapshot().IgnoreError();
          }
        });
  }
}

absl::Status Database::Snapshot() {
  if (log_ == nullptr) {
    return ValidationError(
        "Snapshot: the database is in memory (it has no "
        "DurabilityOptions::directory)");
  }
  MutexLock lock(&snapshot_mu_);
  const std::string& directory = options_.durability.directory;
  absl::Status rotated;
  uint64_t tables_created = 0;
  StreamStoreState streams;
  const DatabaseCapture capture =
      CaptureDatabase(catalog_, sequencer_, [&](uint64_t sequence) {
        tables_created = tables_created_;
        streams = streams_.Export();
        rotated = log_->Rotate(
            absl::StrCat(directory, "/", RetiredLogName(sequence)));
      });
  DYNAMITE_RETURN_IF_ERROR(rotated);
  DYNAMITE_RETURN_IF_ERROR(
      WriteSnapshot(*files_, directory, capture, tables_created, streams));
  return RemoveRetiredLogs(*files_, directory, capture.sequence);
}

}  // namespace dynamite
