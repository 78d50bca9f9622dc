// FaultyFileSystem: the machine's file system (FileSystem::Default()) with
// faults a test arms, to check that durability gives the writer a clear
// error and loses nothing already acknowledged when a write is short, an
// fsync fails or the disk is full.
//
// Thread safety: arm faults before sharing; the counters are atomic.

#ifndef DYNAMITE_TESTS_SUPPORT_FAULTY_FILE_SYSTEM_H_
#define DYNAMITE_TESTS_SUPPORT_FAULTY_FILE_SYSTEM_H_

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"

#include "common/errors.h"
#include "common/status_macros.h"
#include "durability/file_system.h"

namespace dynamite::testing {

class FaultyFileSystem final : public FileSystem {
 public:
  // Appends after `bytes` more bytes have been written write only what
  // fits and fail as a full disk does.
  void FailWritesAfter(int64_t bytes) { space_left_ = bytes; }
  // The next `count` Syncs fail.
  void FailSyncs(int count) { failing_syncs_ = count; }
  // Renames to `to` fail (as a snapshot's rename into place would if the
  // process died just before it).
  void FailRenamesTo(std::string to) { failing_rename_to_ = std::move(to); }
  // The Syncs that succeeded.
  int syncs() const { return syncs_.load(); }
  // The most bytes one Append has been given.
  int64_t largest_append() const { return largest_append_.load(); }

  absl::StatusOr<std::unique_ptr<WritableFile>> OpenForAppend(
      const std::string& path, bool truncate) override {
    auto file = FileSystem::Default()->OpenForAppend(path, truncate);
    if (!file.ok()) return file.status();
    return std::unique_ptr<WritableFile>(
        new File(*this, path, *std::move(file)));
  }
  absl::StatusOr<std::string> ReadFile(const std::string& path) override {
    return FileSystem::Default()->ReadFile(path);
  }
  absl::Status Rename(const std::string& from, const std::string& to) override {
    if (to == failing_rename_to_) {
      return MakeError(ErrorKind::kInternal,
                       absl::StrCat("rename ", to, ": Input/output error"));
    }
    return FileSystem::Default()->Rename(from, to);
  }
  absl::Status Remove(const std::string& path) override {
    return FileSystem::Default()->Remove(path);
  }
  absl::Status Truncate(const std::string& path, uint64_t size) override {
    return FileSystem::Default()->Truncate(path, size);
  }
  absl::StatusOr<std::vector<std::string>> List(
      const std::string& directory) override {
    return FileSystem::Default()->List(directory);
  }
  absl::Status CreateDirectories(const std::string& directory) override {
    return FileSystem::Default()->CreateDirectories(directory);
  }
  absl::Status SyncDirectory(const std::string& directory) override {
    return FileSystem::Default()->SyncDirectory(directory);
  }
  bool Exists(const std::string& path) override {
    return FileSystem::Default()->Exists(path);
  }

 private:
  class File final : public WritableFile {
   public:
    File(FaultyFileSystem& owner, std::string path,
         std::unique_ptr<WritableFile> file)
        : owner_(owner), path_(std::move(path)), file_(std::move(file)) {}

    absl::Status Append(absl::string_view data) override {
      const auto size = static_cast<int64_t>(data.size());
      if (size > owner_.largest_append_.load()) owner_.largest_append_ = size;
      const int64_t left = owner_.space_left_.load();
      if (left >= 0 && static_cast<int64_t>(data.size()) > left) {
        owner_.space_left_ = 0;
        DYNAMITE_RETURN_IF_ERROR(
            file_->Append(data.substr(0, static_cast<size_t>(left))));
        return MakeError(
            ErrorKind::kInternal,
            absl::StrCat("write ", path_, ": No space left on device"));
      }
      if (left >= 0) owner_.space_left_ -= static_cast<int64_t>(data.size());
      return file_->Append(data);
    }
    absl::Status Sync() override {
      if (owner_.failing_syncs_.load() > 0) {
        --owner_.failing_syncs_;
        return MakeError(ErrorKind::kInternal,
                         absl::StrCat("fsync ", path_, ": Input/output error"));
      }
      DYNAMITE_RETURN_IF_ERROR(file_->Sync());
      ++owner_.syncs_;
      return absl::OkStatus();
    }
    absl::Status Close() override { return file_->Close(); }

   private:
    FaultyFileSystem& owner_;
    const std::string path_;
    std::unique_ptr<WritableFile> file_;
  };

  std::atomic<int64_t> space_left_{-1};  // -1: no limit
  std::atomic<int> failing_syncs_{0};
  std::atomic<int> syncs_{0};
  std::atomic<int64_t> largest_append_{0};
  std::string failing_rename_to_;
};

}  // namespace dynamite::testing

#endif  // DYNAMITE_TESTS_SUPPORT_FAULTY_FILE_SYSTEM_H_
