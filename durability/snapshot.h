// Snapshots: the whole database as of one commit, in one file, so that a
// restart loads it and replays only the commits logged after it
// (durability/database_files.h).
//
// The file is framed as the write-ahead log (durability/log_format.h), and
// its records but the first and the last are commit payloads
// (durability/commit_codec.h):
//   header   "dynamite snapshot", the format version, the number S of the
//            last commit the snapshot includes, and the count of tables
//            ever created (which seeds TableIds)
//   per table, in name order: a table commit creating it (its whole
//            definition, tags included), then its items in item commits
//            of at most kSnapshotChunkItems each
//   streams  the stream store as of the same commit
//            (durability/stream_state_codec.h); a backup's has none
//   end      "dynamite snapshot end" and the number of records before it
// It is written to snapshot.tmp, fsynced, renamed over the snapshot and
// the directory fsynced, so an interrupted snapshot leaves the previous
// one in force. A snapshot is never torn: any damage, a file cut short, or
// a missing end record refuses to load, naming the file and the offset.
//
// Thread safety: pure functions, but for LoadSnapshot's catalog.

#ifndef DYNAMITE_DURABILITY_SNAPSHOT_H_
#define DYNAMITE_DURABILITY_SNAPSHOT_H_

#include <cstddef>
#include <cstdint>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

#include "durability/file_system.h"
#include "store/catalog.h"
#include "store/database_capture.h"
#include "store/stream_store.h"

namespace dynamite {

inline constexpr size_t kSnapshotChunkItems = 1024;

struct SnapshotHeader {
  uint64_t sequence = 0;  // the last commit included
  uint64_t tables_created = 0;
};

// The whole file for `capture`, with `streams` if given (a backup's
// file, tests).
std::string EncodeSnapshot(const DatabaseCapture& capture,
                           uint64_t tables_created,
                           const StreamStoreState* streams = nullptr);

// Writes the file for `capture` and `streams` as `directory`'s snapshot:
// to a temporary file, in pieces of about kSnapshotWriteBytes as they are
// encoded (so a snapshot holds one piece of the file in memory, not the
// file), fsynced, renamed, the directory fsynced. On an error the previous
// snapshot is still the one in force.
inline constexpr size_t kSnapshotWriteBytes = size_t{1} << 20;
absl::Status WriteSnapshot(FileSystem& file_system,
                           const std::string& directory,
                           const DatabaseCapture& capture,
                           uint64_t tables_created,
                           const StreamStoreState& streams);

// Rebuilds the snapshot `contents` (of the file `file_name`, named in
// errors) in `catalog`, which must be empty and observed by no one: each
// table is created (a table commit, numbered by the catalog's sequencer)
// and its items restored without commits (Table::Restore()). The caller
// then resumes the sequencer after the header's sequence. The stream
// records go to `streams`; a file that has them where `streams` is null
// (a backup's) is corrupt. Errors are kInternal: "corrupt snapshot
// <file_name> at offset <n>: <why>".
absl::StatusOr<SnapshotHeader> LoadSnapshot(
    absl::string_view contents, absl::string_view file_name, Catalog& catalog,
    StreamStoreState* streams = nullptr);

}  // namespace dynamite

#endif  // DYNAMITE_DURABILITY_SNAPSHOT_H_
