// A durable Database's backups on disk: one file each under
// <directory>/backups (durability/database_files.h), so that a restart
// has the backups it had, as DynamoDB keeps them until deleted.

#include <algorithm>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"

#include "api/database.h"
#include "common/status_macros.h"
#include "durability/backup_file.h"
#include "durability/database_files.h"

namespace dynamite {
namespace {

std::string BackupsDirectory(const DurabilityOptions& durability) {
  return absl::StrCat(durability.directory, "/", kBackupsDirectoryName);
}

}  // namespace

absl::Status Database::KeepBackupFile(const Backup& backup, uint64_t serial) {
  if (files_ == nullptr) return absl::OkStatus();
  const BackupFileHeader header{.arn = backup.arn,
                                .name = backup.name,
                                .created = backup.created,
                                .size_bytes = backup.size_bytes,
                                .serial = serial};
  const std::string directory = BackupsDirectory(options_.durability);
  // Made with the first backup, so a directory without any has none.
  DYNAMITE_RETURN_IF_ERROR(files_->CreateDirectories(directory));
  return WriteFileAtomically(*files_, directory, BackupFileName(backup.arn),
                             EncodeBackupFile(header, backup.contents));
}

absl::Status Database::RemoveBackupFile(const Backup& backup) {
  if (files_ == nullptr) return absl::OkStatus();
  const std::string directory = BackupsDirectory(options_.durability);
  DYNAMITE_RETURN_IF_ERROR(
      files_->Remove(absl::StrCat(directory, "/", BackupFileName(backup.arn))));
  return files_->SyncDirectory(directory);
}

absl::Status Database::LoadBackupFiles() {
  FileSystem& files = *files_;
  const std::string directory = BackupsDirectory(options_.durability);
  if (!files.Exists(directory)) return absl::OkStatus();
  DYNAMITE_ASSIGN_OR_RETURN(const std::vector<std::string> names,
                            files.List(directory));
  // By serial: the order they were made in.
  std::vector<std::pair<uint64_t, std::shared_ptr<const Backup>>> made;
  // First the backups being written when the process died: never
  // answered, so never there.
  for (const std::string& name : names) {
    if (absl::EndsWith(name, kTempFileSuffix)) {
      DYNAMITE_RETURN_IF_ERROR(
          files.Remove(absl::StrCat(directory, "/", name)));
    }
  }
  for (const std::string& name : names) {
    if (!absl::EndsWith(name, kBackupFileSuffix)) continue;
    const std::string path = absl::StrCat(directory, "/", name);
    DYNAMITE_ASSIGN_OR_RETURN(const std::string contents, files.ReadFile(path));
    DYNAMITE_ASSIGN_OR_RETURN(BackupFile file,
                              DecodeBackupFile(contents, path));
    auto backup = std::make_shared<Backup>();
    backup->arn = std::move(file.header.arn);
    backup->name = std::move(file.header.name);
    backup->created = file.header.created;
    backup->size_bytes = file.header.size_bytes;
    backup->contents = std::move(file.contents);
    made.emplace_back(file.header.serial, std::move(backup));
  }
  std::sort(made.begin(), made.end(),
            [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<std::shared_ptr<const Backup>> backups;
  backups.reserve(made.size());
  for (auto& [serial, backup] : made) backups.push_back(std::move(backup));
  // New ARNs go on from the last serial.
  backups_created_ = made.empty() ? 0 : made.back().first;
  backups_.ReplaceAll(std::move(backups));
  return absl::OkStatus();
}

}  // namespace dynamite
