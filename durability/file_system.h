// FileSystem: the one seam through which durability touches files, as
// LevelDB's Env. The write-ahead log and the snapshots (issue 26) write
// through it, so that a test can give them a file system that writes
// short, fails an fsync or runs out of space at a chosen moment
// (tests/support/faulty_file_system.h) and check that the writer gets a
// clear error and nothing already acknowledged is lost.
//
// Every error names the path and what failed ("write log/000001.log: No
// space left on device"), as a kInternal status.
//
// Thread safety: a FileSystem may be shared; one WritableFile is used by
// one thread at a time.

#ifndef DYNAMITE_DURABILITY_FILE_SYSTEM_H_
#define DYNAMITE_DURABILITY_FILE_SYSTEM_H_

#include <memory>
#include <string>
#include <vector>

#include "absl/functional/function_ref.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace dynamite {

// A file open for appending.
class WritableFile {
 public:
  virtual ~WritableFile() = default;

  // Appends all of `data`, or fails; after a failure the file's length is
  // unknown (a short write may have left part of `data`).
  virtual absl::Status Append(absl::string_view data) = 0;
  // Makes what was appended durable (fsync).
  virtual absl::Status Sync() = 0;
  virtual absl::Status Close() = 0;
};

class FileSystem {
 public:
  virtual ~FileSystem() = default;

  // The machine's file system (POSIX calls). Never null; not owned.
  static FileSystem* Default();

  // Opens `path` for appending, creating it if missing; `truncate` empties
  // it first.
  virtual absl::StatusOr<std::unique_ptr<WritableFile>> OpenForAppend(
      const std::string& path, bool truncate) = 0;
  // The whole contents of `path`.
  virtual absl::StatusOr<std::string> ReadFile(const std::string& path) = 0;
  // Replaces `to` by `from` atomically (rename(2)).
  virtual absl::Status Rename(const std::string& from,
                              const std::string& to) = 0;
  virtual absl::Status Remove(const std::string& path) = 0;
  // Truncates `path` to `size` bytes (a torn log tail is cut off so that
  // appends continue after the last whole record).
  virtual absl::Status Truncate(const std::string& path, uint64_t size) = 0;
  // The names (not paths) in `directory`, sorted; "." and ".." left out.
  virtual absl::StatusOr<std::vector<std::string>> List(
      const std::string& directory) = 0;
  // Creates `directory` (and its parents) if missing.
  virtual absl::Status CreateDirectories(const std::string& directory) = 0;
  // Makes the directory's entries (a rename, a new file) durable.
  virtual absl::Status SyncDirectory(const std::string& directory) = 0;
  virtual bool Exists(const std::string& path) = 0;
};

// Puts `contents` in place as `directory`/`name`: written to
// `name`.tmp, fsynced, renamed over `name`, the directory fsynced. On an
// error the file is as it was (the temporary one is removed, best effort;
// an open removes any left by a crash).
absl::Status WriteFileAtomically(FileSystem& file_system,
                                 const std::string& directory,
                                 absl::string_view name,
                                 absl::string_view contents);
// The same for contents that `write` appends to the open temporary file
// piece by piece (a snapshot, written as it is encoded).
absl::Status WriteFileAtomically(
    FileSystem& file_system, const std::string& directory,
    absl::string_view name,
    absl::FunctionRef<absl::Status(WritableFile&)> write);

}  // namespace dynamite

#endif  // DYNAMITE_DURABILITY_FILE_SYSTEM_H_
