// The framing of the write-ahead log: one record per commit (a transaction
// is one record), each
//
//   length       4 bytes, little-endian: the payload's size
//   length crc   4 bytes, little-endian: zlib's CRC-32 of the length bytes
//   payload crc  4 bytes, little-endian: zlib's CRC-32 of the payload
//   payload      `length` bytes
//
// The length has a CRC of its own so that a damaged length is found as
// such, rather than taken for a record that runs past the end of the file.
//
// Recovery reads records front to back and tells two failures apart:
//   - a torn tail: the process died while appending the last record, so
//     the file ends inside it (or in zeros the file system left after it).
//     That record was never acknowledged; it is dropped, reported, and the
//     file is cut back to the last whole record so appends can continue.
//   - corruption: a record that does not check out and is followed by more
//     data. Something damaged acknowledged writes; recovery refuses to go
//     on and names the file and the record's offset, rather than lose them
//     silently.
// A whole-length last record whose CRC fails is a torn tail too: the
// length reached the disk, part of the payload did not.
//
// Thread safety: LogWriter is not thread-safe (the commit point appends in
// sequence order under its lock); ReadLog is a pure function.

#ifndef DYNAMITE_DURABILITY_LOG_FORMAT_H_
#define DYNAMITE_DURABILITY_LOG_FORMAT_H_

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

#include "durability/file_system.h"

namespace dynamite {

inline constexpr size_t kLogHeaderBytes = 12;
// A record's payload is at most this (a transaction of 100 items of 400 KB
// is about 40 MB; a length past this is corruption, not a commit).
inline constexpr uint32_t kMaxLogRecordBytes = 64u << 20;

// Appends `payload`'s frame (header and payload) to `out`.
void AppendLogRecord(absl::string_view payload, std::string& out);

// Appends framed records to one log file.
class LogWriter {
 public:
  explicit LogWriter(std::unique_ptr<WritableFile> file)
      : file_(std::move(file)) {}

  // Writes one record. On an error the record may be partly written: the
  // caller must not acknowledge it, and recovery treats it as a torn tail.
  absl::Status Append(absl::string_view payload);
  absl::Status Sync() { return file_->Sync(); }
  absl::Status Close() { return file_->Close(); }

 private:
  std::unique_ptr<WritableFile> file_;
  std::string frame_;  // reused between records
};

// What ReadLog found in a log's contents.
struct LogContents {
  // The payloads, in order, as views into the contents given to ReadLog.
  std::vector<absl::string_view> records;
  // The bytes up to the end of the last whole record.
  uint64_t valid_bytes = 0;
  // Set when bytes after `valid_bytes` were dropped as a torn tail.
  bool torn_tail = false;
  uint64_t torn_bytes = 0;
};

// The error for a damaged file of the database: kInternal "corrupt
// <file_kind> <file_name> at offset <offset>: <why>".
absl::Status CorruptFileError(absl::string_view file_kind,
                              absl::string_view file_name, uint64_t offset,
                              absl::string_view why);

// Reads the records of `contents`, the whole of the log file `file_name`
// (named in errors). Corruption before the tail is a kInternal error:
// "corrupt <file_kind> <file_name> at offset <n>: <why>" (a snapshot is
// framed as a log too: durability/snapshot.h).
absl::StatusOr<LogContents> ReadLog(
    absl::string_view contents, absl::string_view file_name,
    absl::string_view file_kind = "write-ahead log");

}  // namespace dynamite

#endif  // DYNAMITE_DURABILITY_LOG_FORMAT_H_
