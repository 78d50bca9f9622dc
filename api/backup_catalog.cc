#include "api/backup_catalog.h"

#include <algorithm>
#include <utility>

namespace dynamite {

void BackupCatalog::Add(std::shared_ptr<const Backup> backup) {
  MutexLock lock(&mu_);
  backups_.push_back(std::move(backup));
}

std::shared_ptr<const Backup> BackupCatalog::Find(absl::string_view arn) const {
  ReaderMutexLock lock(&mu_);
  for (const std::shared_ptr<const Backup>& backup : backups_) {
    if (backup->arn == arn) return backup;
  }
  return nullptr;
}

std::shared_ptr<const Backup> BackupCatalog::Remove(absl::string_view arn) {
  MutexLock lock(&mu_);
  auto it = std::find_if(
      backups_.begin(), backups_.end(),
      [&](const std::shared_ptr<const Backup>& b) { return b->arn == arn; });
  if (it == backups_.end()) return nullptr;
  std::shared_ptr<const Backup> removed = std::move(*it);
  backups_.erase(it);
  return removed;
}

void BackupCatalog::ReplaceAll(
    std::vector<std::shared_ptr<const Backup>> backups) {
  MutexLock lock(&mu_);
  backups_ = std::move(backups);
}

std::vector<std::shared_ptr<const Backup>> BackupCatalog::List() const {
  ReaderMutexLock lock(&mu_);
  return backups_;
}

}  // namespace dynamite
