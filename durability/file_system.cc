#include "durability/file_system.h"

#include <dirent.h>
#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"

#include "common/errors.h"
#include "common/status_macros.h"

#include <sys/stat.h>

namespace dynamite {
namespace {

absl::Status PosixError(absl::string_view what, absl::string_view path,
                        int error) {
  return MakeError(ErrorKind::kInternal,
                   absl::StrCat(what, " ", path, ": ", std::strerror(error)));
}

class PosixWritableFile final : public WritableFile {
 public:
  PosixWritableFile(std::string path, int fd)
      : path_(std::move(path)), fd_(fd) {}
  ~PosixWritableFile() override {
    if (fd_ >= 0) ::close(fd_);
  }

  absl::Status Append(absl::string_view data) override {
    while (!data.empty()) {
      const ssize_t written = ::write(fd_, data.data(), data.size());
      if (written < 0) {
        if (errno == EINTR) continue;
        return PosixError("write", path_, errno);
      }
      data.remove_prefix(static_cast<size_t>(written));
    }
    return absl::OkStatus();
  }

  absl::Status Sync() override {
    if (::fdatasync(fd_) != 0) return PosixError("fsync", path_, errno);
    return absl::OkStatus();
  }

  absl::Status Close() override {
    const int fd = std::exchange(fd_, -1);
    if (fd >= 0 && ::close(fd) != 0) return PosixError("close", path_, errno);
    return absl::OkStatus();
  }

 private:
  const std::string path_;
  int fd_;
};

class PosixFileSystem final : public FileSystem {
 public:
  absl::StatusOr<std::unique_ptr<WritableFile>> OpenForAppend(
      const std::string& path, bool truncate) override {
    const int flags =
        O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC | (truncate ? O_TRUNC : 0);
    const int fd = ::open(path.c_str(), flags, 0644);
    if (fd < 0) return PosixError("open", path, errno);
    return std::make_unique<PosixWritableFile>(path, fd);
  }

  absl::StatusOr<std::string> ReadFile(const std::string& path) override {
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return PosixError("open", path, errno);
    std::string contents;
    char buffer[1 << 16];
    while (true) {
      const ssize_t got = ::read(fd, buffer, sizeof(buffer));
      if (got < 0) {
        if (errno == EINTR) continue;
        const int error = errno;
        ::close(fd);
        return PosixError("read", path, error);
      }
      if (got == 0) break;
      contents.append(buffer, static_cast<size_t>(got));
    }
    ::close(fd);
    return contents;
  }

  absl::Status Rename(const std::string& from, const std::string& to) override {
    if (::rename(from.c_str(), to.c_str()) != 0) {
      return PosixError("rename", absl::StrCat(from, " to ", to), errno);
    }
    return absl::OkStatus();
  }

  absl::Status Remove(const std::string& path) override {
    if (::unlink(path.c_str()) != 0) return PosixError("remove", path, errno);
    return absl::OkStatus();
  }

  absl::Status Truncate(const std::string& path, uint64_t size) override {
    if (::truncate(path.c_str(), static_cast<off_t>(size)) != 0) {
      return PosixError("truncate", path, errno);
    }
    return absl::OkStatus();
  }

  absl::StatusOr<std::vector<std::string>> List(
      const std::string& directory) override {
    DIR* dir = ::opendir(directory.c_str());
    if (dir == nullptr) return PosixError("list", directory, errno);
    std::vector<std::string> names;
    while (const dirent* entry = ::readdir(dir)) {
      const absl::string_view name = entry->d_name;
      if (name == "." || name == "..") continue;
      names.emplace_back(name);
    }
    ::closedir(dir);
    std::sort(names.begin(), names.end());
    return names;
  }

  absl::Status CreateDirectories(const std::string& directory) override {
    // Each prefix ending before a '/', then the whole path.
    for (size_t slash = directory.find('/', 1);;
         slash = directory.find('/', slash + 1)) {
      const std::string prefix = directory.substr(0, slash);
      if (::mkdir(prefix.c_str(), 0755) != 0 && errno != EEXIST) {
        return PosixError("create directory", prefix, errno);
      }
      if (slash == std::string::npos) break;
    }
    return absl::OkStatus();
  }

  absl::Status SyncDirectory(const std::string& directory) override {
    const int fd =
        ::open(directory.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) return PosixError("open", directory, errno);
    const int result = ::fsync(fd);
    const int error = errno;
    ::close(fd);
    if (result != 0) return PosixError("fsync", directory, error);
    return absl::OkStatus();
  }

  bool Exists(const std::string& path) override {
    struct stat info;
    return ::stat(path.c_str(), &info) == 0;
  }
};

}  // namespace

absl::Status WriteFileAtomically(FileSystem& file_system,
                                 const std::string& directory,
                                 absl::string_view name,
                                 absl::string_view contents) {
  return WriteFileAtomically(
      file_system, directory, name,
      [contents](WritableFile& file) { return file.Append(contents); });
}

absl::Status WriteFileAtomically(
    FileSystem& file_system, const std::string& directory,
    absl::string_view name,
    absl::FunctionRef<absl::Status(WritableFile&)> write) {
  const std::string path = absl::StrCat(directory, "/", name);
  const std::string temp = absl::StrCat(path, ".tmp");
  absl::Status written = [&]() -> absl::Status {
    DYNAMITE_ASSIGN_OR_RETURN(std::unique_ptr<WritableFile> file,
                              file_system.OpenForAppend(temp, true));
    DYNAMITE_RETURN_IF_ERROR(write(*file));
    DYNAMITE_RETURN_IF_ERROR(file->Sync());
    DYNAMITE_RETURN_IF_ERROR(file->Close());
    DYNAMITE_RETURN_IF_ERROR(file_system.Rename(temp, path));
    return file_system.SyncDirectory(directory);
  }();
  if (!written.ok() && file_system.Exists(temp)) {
    file_system.Remove(temp).IgnoreError();
  }
  return written;
}

FileSystem* FileSystem::Default() {
  static PosixFileSystem* const file_system = new PosixFileSystem();
  return file_system;
}

}  // namespace dynamite
