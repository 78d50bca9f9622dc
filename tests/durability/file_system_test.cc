// The file-system seam (durability/file_system.h) on the machine's file
// system, and the log writer through a file system that fails: a short
// write or a full disk is an error to the writer, and what was written
// before it reads back whole, with the partial record as a torn tail that
// Truncate cuts off so appends go on.

#include "durability/file_system.h"

#include <stdlib.h>

#include <memory>
#include <string>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include "common/errors.h"
#include "durability/log_format.h"
#include "tests/support/faulty_file_system.h"
#include "tests/support/status_matchers.h"

namespace dynamite {
namespace {

using ::dynamite::testing::FaultyFileSystem;
using ::dynamite::testing::IsError;
using ::dynamite::testing::IsOk;
using ::dynamite::testing::IsOkAndHolds;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

class FileSystemTest : public ::testing::Test {
 protected:
  FileSystemTest() {
    std::string pattern = ::testing::TempDir() + "dynamite-fs-XXXXXX";
    dir_ = ::mkdtemp(pattern.data());
  }
  ~FileSystemTest() override {
    auto names = FileSystem::Default()->List(dir_ + "/db");
    if (names.ok()) {
      for (const std::string& name : *names) {
        (void)FileSystem::Default()->Remove(dir_ + "/db/" + name);
      }
    }
  }
  std::string Path(const std::string& name) { return dir_ + "/db/" + name; }

  std::string dir_;
};

TEST_F(FileSystemTest, AppendsReadsRenamesListsAndTruncates) {
  FileSystem& fs = *FileSystem::Default();
  ASSERT_THAT(fs.CreateDirectories(dir_ + "/db"), IsOk());
  ASSERT_THAT(fs.CreateDirectories(dir_ + "/db"), IsOk());  // exists: fine
  auto file = fs.OpenForAppend(Path("b.tmp"), /*truncate=*/false);
  ASSERT_THAT(file, IsOk());
  ASSERT_THAT((*file)->Append("hello, "), IsOk());
  ASSERT_THAT((*file)->Append("world"), IsOk());
  ASSERT_THAT((*file)->Sync(), IsOk());
  ASSERT_THAT((*file)->Close(), IsOk());
  ASSERT_THAT(fs.Rename(Path("b.tmp"), Path("b")), IsOk());
  ASSERT_THAT(fs.SyncDirectory(dir_ + "/db"), IsOk());
  EXPECT_THAT(fs.ReadFile(Path("b")), IsOkAndHolds("hello, world"));
  ASSERT_THAT(fs.Truncate(Path("b"), 5), IsOk());
  EXPECT_THAT(fs.ReadFile(Path("b")), IsOkAndHolds("hello"));
  ASSERT_THAT(fs.OpenForAppend(Path("a"), /*truncate=*/true), IsOk());
  EXPECT_THAT(fs.List(dir_ + "/db"), IsOkAndHolds(ElementsAre("a", "b")));
  EXPECT_TRUE(fs.Exists(Path("a")));
  ASSERT_THAT(fs.Remove(Path("a")), IsOk());
  EXPECT_FALSE(fs.Exists(Path("a")));
}

TEST_F(FileSystemTest, ErrorsNameThePathAndTheCause) {
  FileSystem& fs = *FileSystem::Default();
  EXPECT_THAT(fs.ReadFile(Path("missing")),
              IsError(ErrorKind::kInternal,
                      absl::StrCat("open ", Path("missing"),
                                   ": No such file or directory")));
  EXPECT_THAT(fs.OpenForAppend(dir_ + "/no/such/dir/f", false),
              IsError(ErrorKind::kInternal,
                      absl::StrCat("open ", dir_,
                                   "/no/such/dir/f: No such file or "
                                   "directory")));
}

TEST_F(FileSystemTest, AFullDiskFailsTheWriterAndKeepsWhatWasWritten) {
  FaultyFileSystem fs;
  ASSERT_THAT(fs.CreateDirectories(dir_ + "/db"), IsOk());
  auto file = fs.OpenForAppend(Path("000001.log"), /*truncate=*/true);
  ASSERT_THAT(file, IsOk());
  LogWriter writer(*std::move(file));
  ASSERT_THAT(writer.Append("acknowledged-1"), IsOk());
  ASSERT_THAT(writer.Append("acknowledged-2"), IsOk());
  fs.FailWritesAfter(5);  // the next record is written short
  EXPECT_THAT(
      writer.Append("never acknowledged"),
      IsError(ErrorKind::kInternal, absl::StrCat("write ", Path("000001.log"),
                                                 ": No space left on device")));
  fs.FailSyncs(1);
  EXPECT_THAT(writer.Sync(), IsError(ErrorKind::kInternal,
                                     absl::StrCat("fsync ", Path("000001.log"),
                                                  ": Input/output error")));
  ASSERT_THAT(writer.Close(), IsOk());

  auto contents = fs.ReadFile(Path("000001.log"));
  ASSERT_THAT(contents, IsOk());
  auto log = ReadLog(*contents, "000001.log");
  ASSERT_THAT(log, IsOk());
  EXPECT_THAT(log->records, ElementsAre("acknowledged-1", "acknowledged-2"));
  EXPECT_TRUE(log->torn_tail);
  EXPECT_EQ(log->torn_bytes, 5u);

  // Recovery cuts the torn tail off; appends continue after the last whole
  // record.
  fs.FailWritesAfter(-1);
  ASSERT_THAT(fs.Truncate(Path("000001.log"), log->valid_bytes), IsOk());
  auto reopened = fs.OpenForAppend(Path("000001.log"), /*truncate=*/false);
  ASSERT_THAT(reopened, IsOk());
  LogWriter more(*std::move(reopened));
  ASSERT_THAT(more.Append("acknowledged-3"), IsOk());
  ASSERT_THAT(more.Close(), IsOk());
  contents = fs.ReadFile(Path("000001.log"));
  ASSERT_THAT(contents, IsOk());
  log = ReadLog(*contents, "000001.log");
  ASSERT_THAT(log, IsOk());
  EXPECT_THAT(log->records, ElementsAre("acknowledged-1", "acknowledged-2",
                                        "acknowledged-3"));
  EXPECT_FALSE(log->torn_tail);
}

}  // namespace
}  // namespace dynamite
