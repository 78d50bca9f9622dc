// Backup files: an on-demand backup (api/backup_catalog.h) kept in a
// durable database's directory (durability/database_files.h), so that a
// restart has the backups it had.
//
// The file is framed as the write-ahead log (durability/log_format.h): a
// header record ("dynamite backup", the format version, the backup's ARN,
// name, creation time, size and serial), then the records of a snapshot
// (durability/snapshot.h) of the one table as it was backed up. A
// backup is never torn: it is written whole to a temporary file and
// renamed (WriteFileAtomically), and any damage refuses to load, naming
// the file and the offset.
//
// Thread safety: pure functions.

#ifndef DYNAMITE_DURABILITY_BACKUP_FILE_H_
#define DYNAMITE_DURABILITY_BACKUP_FILE_H_

#include <cstdint>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/time/time.h"

#include "store/database_capture.h"

namespace dynamite {

// What a backup is besides its table.
struct BackupFileHeader {
  std::string arn;
  std::string name;
  absl::Time created;
  int64_t size_bytes = 0;
  // The Database's count of backups when it was made (it seeds ARNs).
  uint64_t serial = 0;
};

struct BackupFile {
  BackupFileHeader header;
  CapturedTable contents;
};

// The whole file for the backup `header` of `contents`.
std::string EncodeBackupFile(const BackupFileHeader& header,
                             const CapturedTable& contents);

// The backup in `contents` (of the file `file_name`, named in errors).
// Errors are kInternal: "corrupt backup <file_name> at offset <n>: <why>".
absl::StatusOr<BackupFile> DecodeBackupFile(absl::string_view contents,
                                            absl::string_view file_name);

}  // namespace dynamite

#endif  // DYNAMITE_DURABILITY_BACKUP_FILE_H_
