// BackupCatalog: a Database's on-demand backups (api/backup_requests.h),
// each the capture of one table (store/database_capture.h CaptureTable)
// with its name, ARN and creation time.
//
// Thread safety: all methods may be called concurrently; one Mutex guards
// the list. A Backup is immutable once added and shared with whoever
// found it, so a restore reads it without the catalog's lock.

#ifndef DYNAMITE_API_BACKUP_CATALOG_H_
#define DYNAMITE_API_BACKUP_CATALOG_H_

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "absl/base/thread_annotations.h"
#include "absl/strings/string_view.h"
#include "absl/time/time.h"

#include "common/mutex.h"
#include "store/database_capture.h"

namespace dynamite {

struct Backup {
  std::string arn;
  std::string name;
  absl::Time created;
  int64_t size_bytes = 0;
  CapturedTable contents;  // the definition and the items
};

class BackupCatalog {
 public:
  void Add(std::shared_ptr<const Backup> backup) ABSL_LOCKS_EXCLUDED(mu_);
  // The backup `arn` names, or nullptr.
  std::shared_ptr<const Backup> Find(absl::string_view arn) const
      ABSL_LOCKS_EXCLUDED(mu_);
  // Removes and returns the backup `arn` names, or nullptr.
  std::shared_ptr<const Backup> Remove(absl::string_view arn)
      ABSL_LOCKS_EXCLUDED(mu_);
  // Makes `backups` (oldest first) the only ones: a restored checkpoint's.
  void ReplaceAll(std::vector<std::shared_ptr<const Backup>> backups)
      ABSL_LOCKS_EXCLUDED(mu_);
  // Every backup, oldest first.
  std::vector<std::shared_ptr<const Backup>> List() const
      ABSL_LOCKS_EXCLUDED(mu_);

 private:
  mutable Mutex mu_;
  std::vector<std::shared_ptr<const Backup>> backups_ ABSL_GUARDED_BY(mu_);
};

}  // namespace dynamite

#endif  // DYNAMITE_API_BACKUP_CATALOG_H_
