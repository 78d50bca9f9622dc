// The files of a durable database's directory (DurabilityOptions::
// directory):
//
//   commits.log           the write-ahead log the commits go to now
//   commits-<S>.log       a retired log (WriteAheadLog::Rotate()): the
//                         commits up to number S, since the one before;
//                         S is 20 digits, so names sort as numbers
//   snapshot              the latest whole snapshot (durability/snapshot.h)
//   snapshot.tmp          a snapshot being written; left only by a crash,
//                         and removed at the next open
//   backups/<id>.backup   an on-demand backup (durability/backup_file.h),
//                         <id> the end of its ARN; written whole to
//                         <id>.backup.tmp and renamed, so a crash leaves
//                         the backup complete or absent (a .tmp is removed
//                         at the next open)
//
// A restart loads the snapshot, then replays the retired logs in order and
// commits.log, skipping the commits the snapshot includes. A retired log
// the snapshot covers is deleted once the snapshot is in place.
//
// Thread safety: pure functions.

#ifndef DYNAMITE_DURABILITY_DATABASE_FILES_H_
#define DYNAMITE_DURABILITY_DATABASE_FILES_H_

#include <cstdint>
#include <optional>
#include <string>

#include "absl/strings/string_view.h"

namespace dynamite {

inline constexpr char kLogFileName[] = "commits.log";
inline constexpr char kSnapshotFileName[] = "snapshot";
inline constexpr char kSnapshotTempFileName[] = "snapshot.tmp";

inline constexpr char kBackupsDirectoryName[] = "backups";
inline constexpr char kBackupFileSuffix[] = ".backup";
inline constexpr char kTempFileSuffix[] = ".tmp";

// "<id>.backup" for the backup `arn` ("...:table/T/backup/<id>").
std::string BackupFileName(absl::string_view arn);

// "commits-<through, 20 digits>.log".
std::string RetiredLogName(uint64_t through);
// The S of a retired log's name, or nullopt if `name` is not one.
std::optional<uint64_t> RetiredLogThrough(absl::string_view name);

}  // namespace dynamite

#endif  // DYNAMITE_DURABILITY_DATABASE_FILES_H_
