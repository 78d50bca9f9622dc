#include "durability/write_ahead_log.h"

#include <utility>

#include "absl/strings/str_cat.h"

#include "common/check.h"
#include "common/errors.h"
#include "common/status_macros.h"
#include "durability/commit_codec.h"
#include "durability/log_format.h"

namespace dynamite {
namespace {

absl::Status Poisoned(const absl::Status& cause) {
  return MakeError(
      ErrorKind::kInternal,
      absl::StrCat("The write-ahead log could not be written (",
                   cause.message(),
                   "): this write may not survive a restart, and writes are "
                   "refused until the database is opened again"));
}

}  // namespace

absl::StatusOr<std::unique_ptr<WriteAheadLog>> WriteAheadLog::Open(
    FileSystem& file_system, std::string path, const DurabilityOptions& options,
    uint64_t durable_through) {
  DYNAMITE_ASSIGN_OR_RETURN(std::unique_ptr<WritableFile> file,
                            file_system.OpenForAppend(path, false));
  return std::unique_ptr<WriteAheadLog>(new WriteAheadLog(
      file_system, std::move(path), std::move(file), options, durable_through));
}

WriteAheadLog::WriteAheadLog(FileSystem& file_system, std::string path,
                             std::unique_ptr<WritableFile> file,
                             const DurabilityOptions& options,
                             uint64_t durable_through)
    : file_system_(file_system),
      path_(std::move(path)),
      directory_(options.directory),
      mode_(options.sync),
      file_(std::move(file)),
      buffered_through_(durable_through),
      written_through_(durable_through),
      synced_through_(durable_through),
      bytes_since_rotation_(0) {
  if (mode_ == SyncMode::kInterval) {
    DYNAMITE_CHECK(options.sync_interval > absl::ZeroDuration());
    // An error poisons the log; the writers hear of it.
    syncer_ = std::make_unique<PeriodicThread>(
        options.sync_interval, [this] { Flush().IgnoreError(); });
  }
}

WriteAheadLog::~WriteAheadLog() {
  syncer_.reset();
  // Best effort: an error here was already, or can no longer be, reported
  // to a writer; recovery reads whatever reached the disk.
  Flush().IgnoreError();
  file_->Close().IgnoreError();
}

void WriteAheadLog::OnItemCommit(uint64_t sequence, absl::Time committed,
                                 absl::Span<const ChangeRecord> records) {
  payload_.clear();
  EncodeItemCommit(sequence, committed, records, payload_);
  Buffer(sequence);
}

void WriteAheadLog::OnTableCommit(const TableChangeRecord& record) {
  payload_.clear();
  EncodeTableCommit(record, payload_);
  Buffer(record.sequence);
}

void WriteAheadLog::Buffer(uint64_t sequence) {
  MutexLock lock(&mu_);
  // A poisoned log writes nothing more; the commit's writer is told so by
  // AwaitDurable().
  if (!failure_.ok()) return;
  const size_t before = buffered_.size();
  AppendLogRecord(payload_, buffered_);
  bytes_since_rotation_ += buffered_.size() - before;
  buffered_through_ = sequence;
}

absl::Status WriteAheadLog::Flush() {
  uint64_t through = 0;
  {
    MutexLock lock(&mu_);
    through = buffered_through_;
  }
  return WriteThrough(through, /*sync=*/true);
}

absl::Status WriteAheadLog::Rotate(const std::string& retired_path) {
  MutexLock lock(&mu_);
  while (writing_ && failure_.ok()) mu_.Wait(&changed_);
  if (!failure_.ok()) return failure_;
  DYNAMITE_RETURN_IF_ERROR(LeadWrite(/*sync=*/true, [&]() -> absl::Status {
    DYNAMITE_RETURN_IF_ERROR(file_->Close());
    DYNAMITE_RETURN_IF_ERROR(file_system_.Rename(path_, retired_path));
    DYNAMITE_ASSIGN_OR_RETURN(
        std::unique_ptr<WritableFile> next,
        file_system_.OpenForAppend(path_, /*truncate=*/true));
    // Else a crash could leave the new file's commits without a name.
    DYNAMITE_RETURN_IF_ERROR(file_system_.SyncDirectory(directory_));
    file_ = std::move(next);
    return absl::OkStatus();
  }));
  bytes_since_rotation_ = 0;
  return absl::OkStatus();
}

uint64_t WriteAheadLog::bytes_since_rotation() const {
  MutexLock lock(&mu_);
  return bytes_since_rotation_;
}

absl::Status WriteAheadLog::CheckWritable() const {
  MutexLock lock(&mu_);
  return failure_;
}

absl::Status WriteAheadLog::AwaitDurable(uint64_t sequence) {
  return WriteThrough(sequence, mode_ == SyncMode::kAlways);
}

absl::Status WriteAheadLog::WriteThrough(uint64_t sequence, bool sync) {
  mu_.Lock();
  absl::Status result;
  while (true) {
    if (!failure_.ok()) {
      result = failure_;
      break;
    }
    if ((sync ? synced_through_ : written_through_) >= sequence) break;
    if (writing_) {
      mu_.Wait(&changed_);
      continue;
    }
    // The leader: everything buffered goes in one write and one fsync.
    LeadWrite(sync, [] { return absl::OkStatus(); }).IgnoreError();
  }
  mu_.Unlock();
  return result;
}

absl::Status WriteAheadLog::LeadWrite(bool sync,
                                      absl::FunctionRef<absl::Status()> then) {
  writing_ = true;
  std::string batch;
  batch.swap(buffered_);
  const uint64_t through = buffered_through_;
  mu_.Unlock();
  absl::Status status;
  if (!batch.empty()) status = file_->Append(batch);
  if (status.ok() && sync) status = file_->Sync();
  if (status.ok()) status = then();
  mu_.Lock();
  writing_ = false;
  if (status.ok()) {
    written_through_ = through;
    if (sync) synced_through_ = through;
  } else {
    failure_ = Poisoned(status);
  }
  changed_.SignalAll();
  return status.ok() ? status : failure_;
}

}  // namespace dynamite
