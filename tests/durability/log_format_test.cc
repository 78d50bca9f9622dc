// The write-ahead log's framing (durability/log_format.h): records round
// trip; a tail torn at any byte is dropped and reported; damage before the
// tail is refused with the file and offset; a writer's failed append is a
// torn tail for recovery, never a lost earlier record.

#include "durability/log_format.h"

#include <zlib.h>

#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include "common/errors.h"
#include "tests/support/status_matchers.h"

namespace dynamite {
namespace {

using ::dynamite::testing::IsError;
using ::dynamite::testing::IsOk;
using ::testing::ElementsAre;
using ::testing::ElementsAreArray;

std::string Framed(const std::vector<std::string>& payloads) {
  std::string log;
  for (const std::string& payload : payloads) AppendLogRecord(payload, log);
  return log;
}

std::vector<std::string> Records(const LogContents& log) {
  return {log.records.begin(), log.records.end()};
}

TEST(LogFormatTest, RecordsRoundTrip) {
  const std::vector<std::string> payloads = {
      "first", "", std::string(70000, 'x'), std::string("\0\1\2", 3)};
  const std::string log = Framed(payloads);
  auto read = ReadLog(log, "000001.log");
  ASSERT_THAT(read, IsOk());
  EXPECT_THAT(Records(*read), ElementsAreArray(payloads));
  EXPECT_EQ(read->valid_bytes, log.size());
  EXPECT_FALSE(read->torn_tail);
}

TEST(LogFormatTest, AnEmptyLogHasNoRecords) {
  auto read = ReadLog("", "000001.log");
  ASSERT_THAT(read, IsOk());
  EXPECT_TRUE(read->records.empty());
  EXPECT_FALSE(read->torn_tail);
}

TEST(LogFormatTest, ATailTornAtAnyByteIsDroppedAndReported) {
  const std::string whole = Framed({"kept-1", "kept-2"});
  const std::string last = Framed({"the last record, torn"});
  for (size_t cut = 1; cut < last.size(); ++cut) {
    const std::string log = whole + last.substr(0, cut);
    auto read = ReadLog(log, "000001.log");
    ASSERT_THAT(read, IsOk()) << cut;
    EXPECT_THAT(Records(*read), ElementsAre("kept-1", "kept-2")) << cut;
    EXPECT_TRUE(read->torn_tail) << cut;
    EXPECT_EQ(read->valid_bytes, whole.size()) << cut;
    EXPECT_EQ(read->torn_bytes, cut) << cut;
  }
}

TEST(LogFormatTest, ALastRecordWhosePayloadDidNotReachTheDiskIsTorn) {
  std::string log = Framed({"kept", "garbled"});
  log.back() ^= 0x01;
  auto read = ReadLog(log, "000001.log");
  ASSERT_THAT(read, IsOk());
  EXPECT_THAT(Records(*read), ElementsAre("kept"));
  EXPECT_TRUE(read->torn_tail);
}

TEST(LogFormatTest, ZerosAfterTheLastRecordAreATornTail) {
  const std::string log = Framed({"kept"}) + std::string(4096, '\0');
  auto read = ReadLog(log, "000001.log");
  ASSERT_THAT(read, IsOk());
  EXPECT_THAT(Records(*read), ElementsAre("kept"));
  EXPECT_TRUE(read->torn_tail);
  EXPECT_EQ(read->torn_bytes, 4096u);
}

TEST(LogFormatTest, ABitFlipBeforeTheTailIsRefusedWithItsOffset) {
  const std::string first = Framed({"first"});
  const std::string second = Framed({"second"});
  const std::string log = first + second + Framed({"third"});
  // Every bit of the second record, header and payload.
  for (size_t byte = first.size(); byte < first.size() + second.size();
       ++byte) {
    for (int bit = 0; bit < 8; ++bit) {
      std::string damaged = log;
      damaged[byte] = static_cast<char>(damaged[byte] ^ (1 << bit));
      // The length and its CRC are the first 8 bytes.
      const bool in_length = byte < first.size() + 8;
      EXPECT_THAT(
          ReadLog(damaged, "db/000007.log"),
          IsError(ErrorKind::kInternal,
                  absl::StrCat("corrupt write-ahead log db/000007.log at "
                               "offset ",
                               first.size(), ": ",
                               in_length ? "the record's length fails its CRC"
                                         : "the record's payload fails its "
                                           "CRC")))
          << byte << ":" << bit;
    }
  }
}

TEST(LogFormatTest, ALengthOverTheLimitIsCorruption) {
  // A header whose length checks out (its CRC is zlib's CRC-32 of the four
  // length bytes) but is more than any commit.
  const std::string ok = Framed({"ok"});
  const uint32_t length = kMaxLogRecordBytes + 1;
  std::string header;
  auto append_uint32 = [&header](uint32_t value) {
    for (int shift = 0; shift < 32; shift += 8) {
      header.push_back(static_cast<char>((value >> shift) & 0xff));
    }
  };
  append_uint32(length);
  append_uint32(static_cast<uint32_t>(
      ::crc32(0, reinterpret_cast<const Bytef*>(header.data()), 4)));
  append_uint32(0);
  EXPECT_THAT(ReadLog(ok + header + "more bytes", "000001.log"),
              IsError(ErrorKind::kInternal,
                      absl::StrCat("corrupt write-ahead log 000001.log at "
                                   "offset ",
                                   ok.size(), ": a record of ", length,
                                   " bytes is over the limit of ",
                                   kMaxLogRecordBytes)));
}

}  // namespace
}  // namespace dynamite
