// DurabilityOptions: whether a Database keeps its commits on disk, where,
// and when a write is acknowledged (DatabaseOptions::durability; `dynamite
// serve --db-path DIR --sync MODE --sync-interval-ms N`).
//
// Every mode writes a commit to the write-ahead log before its writer is
// answered, so a killed process loses nothing it acknowledged; the modes
// differ in when the log is fsynced, which decides what a crash of the
// machine (power, kernel) may lose:
//   kAlways    fsync before answering: nothing acknowledged is lost. The
//              writers waiting together share one fsync (group commit).
//   kInterval  fsync in the background every `sync_interval`: a machine
//              crash loses at most that much (the default, as Redis's
//              appendfsync everysec).
//   kNever     leave it to the operating system.
//
// Thread safety: a plain struct, read once by Database::Open.

#ifndef DYNAMITE_DURABILITY_DURABILITY_OPTIONS_H_
#define DYNAMITE_DURABILITY_DURABILITY_OPTIONS_H_

#include <cstdint>
#include <string>

#include "absl/time/time.h"

namespace dynamite {

class FileSystem;  // durability/file_system.h

enum class SyncMode { kAlways, kInterval, kNever };

struct DurabilityOptions {
  // The directory of the database's files, created if missing. Empty (the
  // default): the Database lives in memory only.
  std::string directory;
  SyncMode sync = SyncMode::kInterval;
  // kInterval's period. REQUIRES: positive.
  absl::Duration sync_interval = absl::Milliseconds(100);
  // A snapshot is written (Database::Snapshot()) once the log has grown by
  // this many bytes since the last one, checked every
  // `snapshot_check_interval`; 0: only when asked.
  uint64_t snapshot_log_bytes = uint64_t{64} << 20;
  absl::Duration snapshot_check_interval = absl::Seconds(1);
  // Not owned; must outlive the Database. Default (nullptr): the machine's
  // (FileSystem::Default()). Tests give one that fails on purpose.
  FileSystem* file_system = nullptr;
};

}  // namespace dynamite

#endif  // DYNAMITE_DURABILITY_DURABILITY_OPTIONS_H_
