#include "durability/backup_file.h"

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"

#include "common/status_macros.h"
#include "durability/byte_codec.h"
#include "durability/commit_codec.h"
#include "durability/log_format.h"
#include "durability/snapshot.h"
#include "store/catalog.h"
#include "store/commit_sequencer.h"

namespace dynamite {
namespace {

constexpr absl::string_view kBackupMagic = "dynamite backup";

absl::Status Corrupt(absl::string_view file_name, uint64_t offset,
                     absl::string_view why) {
  return CorruptFileError("backup", file_name, offset, why);
}

}  // namespace

std::string EncodeBackupFile(const BackupFileHeader& header,
                             const CapturedTable& contents) {
  std::string payload;
  ByteWriter writer(payload);
  writer.String(kBackupMagic);
  writer.Unsigned(kCommitFormatVersion);
  writer.String(header.arn);
  writer.String(header.name);
  writer.Time(header.created);
  writer.Signed(header.size_bytes);
  writer.Unsigned(header.serial);
  std::string file;
  AppendLogRecord(payload, file);
  DatabaseCapture capture;
  capture.tables.push_back(contents);
  absl::StrAppend(&file, EncodeSnapshot(capture, /*tables_created=*/0));
  return file;
}

absl::StatusOr<BackupFile> DecodeBackupFile(absl::string_view contents,
                                            absl::string_view file_name) {
  DYNAMITE_ASSIGN_OR_RETURN(const LogContents log,
                            ReadLog(contents, file_name, "backup"));
  if (log.torn_tail) {
    return Corrupt(file_name, log.valid_bytes, "it ends inside a record");
  }
  if (log.records.empty()) return Corrupt(file_name, 0, "it is empty");
  BackupFile backup;
  ByteReader in(log.records.front());
  if (in.StringView() != kBackupMagic || !in.status().ok()) {
    return Corrupt(file_name, 0, "it does not start with a backup header");
  }
  const uint64_t version = in.Unsigned();
  backup.header.arn = std::string(in.StringView());
  backup.header.name = std::string(in.StringView());
  backup.header.created = in.Time();
  backup.header.size_bytes = in.Signed();
  backup.header.serial = in.Unsigned();
  if (!in.status().ok() || !in.done()) {
    return Corrupt(file_name, 0, "its header is malformed");
  }
  DYNAMITE_RETURN_IF_ERROR(
      CheckFileFormatVersion("backup", file_name, version));
  // The table is a snapshot of one table: loaded into a catalog of its
  // own, then captured, which leaves references to its items.
  const size_t header_bytes = kLogHeaderBytes + log.records.front().size();
  CommitSequencer sequencer;
  Catalog catalog(sequencer);
  DYNAMITE_RETURN_IF_ERROR(
      LoadSnapshot(contents.substr(header_bytes),
                   absl::StrCat(file_name, " (its table, after ", header_bytes,
                                " header bytes)"),
                   catalog)
          .status());
  const std::vector<std::string> names = catalog.ListNames("", 2);
  if (names.size() != 1) {
    return Corrupt(file_name, header_bytes,
                   absl::StrCat("it holds ", names.size(), " tables, not 1"));
  }
  DYNAMITE_ASSIGN_OR_RETURN(const std::shared_ptr<Table> table,
                            catalog.Find(names.front(), "no table"));
  backup.contents = CaptureTable(*table);
  return backup;
}

}  // namespace dynamite
