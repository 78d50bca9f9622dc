// Database::Open: a Database recovered from its directory, which then logs
// every commit (durability/write_ahead_log.h).
//
// The order matters. The log is replayed before anything observes commits
// or sweeps: a replayed commit must take the number it had, so no other
// commit may slip in, and it is not a new change, so it is neither logged
// again nor given a stream record. Only then are the observers attached
// and the sweeper started (Start()).

#include <memory>
#include <string>
#include <utility>

#include "absl/strings/str_cat.h"

#include "api/database.h"
#include "common/status_macros.h"
#include "durability/commit_codec.h"
#include "durability/file_system.h"
#include "durability/log_format.h"
#include "durability/replay.h"
#include "durability/write_ahead_log.h"

namespace dynamite {
namespace {

constexpr char kLogFileName[] = "commits.log";

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
  FileSystem& files = durability.file_system != nullptr
                          ? *durability.file_system
                          : *FileSystem::Default();
  DYNAMITE_RETURN_IF_ERROR(files.CreateDirectories(durability.directory));
  const std::string path =
      absl::StrCat(durability.directory, "/", kLogFileName);
  if (files.Exists(path)) {
    DYNAMITE_ASSIGN_OR_RETURN(const std::string contents, files.ReadFile(path));
    DYNAMITE_ASSIGN_OR_RETURN(const LogContents log, ReadLog(contents, path));
    LogReplayer replayer(catalog_, sequencer_);
    for (absl::string_view payload : log.records) {
      DYNAMITE_ASSIGN_OR_RETURN(const LoggedCommit commit,
                                DecodeCommit(payload));
      DYNAMITE_RETURN_IF_ERROR(replayer.Apply(commit));
      if (commit.kind == LoggedCommit::Kind::kCreateTable) ++tables_created_;
    }
    recovery_.commits_replayed = log.records.size();
    if (log.torn_tail) {
      // Appends go on after the last whole record.
      DYNAMITE_RETURN_IF_ERROR(files.Truncate(path, log.valid_bytes));
      recovery_.torn_tail_bytes = log.torn_bytes;
    }
  }
  DYNAMITE_ASSIGN_OR_RETURN(
      log_, WriteAheadLog::Open(files, path, durability,
                                sequencer_.next_sequence() - 1));
  return absl::OkStatus();
}

void Database::Start() {
  sequencer_.AddObserver(&streams_);
  if (log_ != nullptr) {
    sequencer_.AddObserver(log_.get());
    sequencer_.SetDurability(log_.get());
  }
  if (options_.time_to_live_sweep_interval > absl::ZeroDuration()) {
    sweeper_ = std::make_unique<PeriodicThread>(
        options_.time_to_live_sweep_interval, [this] { SweepExpiredItems(); });
  }
}

}  // namespace dynamite
