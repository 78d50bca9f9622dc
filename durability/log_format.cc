#include "durability/log_format.h"

#include <zlib.h>

#include <algorithm>
#include <cstring>
#include <string>

#include "absl/strings/str_cat.h"

#include "common/errors.h"

namespace dynamite {
namespace {

uint32_t Crc32(absl::string_view bytes) {
  return static_cast<uint32_t>(
      ::crc32(0, reinterpret_cast<const Bytef*>(bytes.data()),
              static_cast<uInt>(bytes.size())));
}

void AppendUint32(uint32_t value, std::string& out) {
  for (int shift = 0; shift < 32; shift += 8) {
    out.push_back(static_cast<char>((value >> shift) & 0xff));
  }
}

uint32_t ReadUint32(const char* bytes) {
  uint32_t value = 0;
  for (int i = 3; i >= 0; --i) {
    value = (value << 8) | static_cast<unsigned char>(bytes[i]);
  }
  return value;
}

bool AllZero(absl::string_view bytes) {
  return std::all_of(bytes.begin(), bytes.end(),
                     [](char c) { return c == '\0'; });
}

}  // namespace

void AppendLogRecord(absl::string_view payload, std::string& out) {
  std::string length;
  AppendUint32(static_cast<uint32_t>(payload.size()), length);
  out.append(length);
  AppendUint32(Crc32(length), out);
  AppendUint32(Crc32(payload), out);
  out.append(payload.data(), payload.size());
}

absl::Status LogWriter::Append(absl::string_view payload) {
  frame_.clear();
  AppendLogRecord(payload, frame_);
  return file_->Append(frame_);
}

absl::Status CorruptFileError(absl::string_view file_kind,
                              absl::string_view file_name, uint64_t offset,
                              absl::string_view why) {
  return MakeError(ErrorKind::kInternal,
                   absl::StrCat("corrupt ", file_kind, " ", file_name,
                                " at offset ", offset, ": ", why));
}

absl::StatusOr<LogContents> ReadLog(absl::string_view contents,
                                    absl::string_view file_name,
                                    absl::string_view file_kind) {
  LogContents log;
  uint64_t offset = 0;
  auto torn = [&] {
    log.torn_tail = true;
    log.torn_bytes = contents.size() - offset;
  };
  while (offset < contents.size()) {
    const absl::string_view rest = contents.substr(offset);
    // The file system may leave zeros after the last write.
    if (rest.size() < kLogHeaderBytes || AllZero(rest)) {
      torn();
      break;
    }
    const uint32_t length = ReadUint32(rest.data());
    if (Crc32(rest.substr(0, 4)) != ReadUint32(rest.data() + 4)) {
      return CorruptFileError(file_kind, file_name, offset,
                              "the record's length fails its CRC");
    }
    if (length > kMaxLogRecordBytes) {
      return CorruptFileError(
          file_kind, file_name, offset,
          absl::StrCat("a record of ", length, " bytes is over the limit of ",
                       kMaxLogRecordBytes));
    }
    if (rest.size() - kLogHeaderBytes < length) {
      torn();  // the process died while appending this record
      break;
    }
    const absl::string_view payload = rest.substr(kLogHeaderBytes, length);
    if (Crc32(payload) != ReadUint32(rest.data() + 8)) {
      if (kLogHeaderBytes + length == rest.size()) {
        torn();  // the last record, whose payload did not all reach the disk
        break;
      }
      return CorruptFileError(file_kind, file_name, offset,
                              "the record's payload fails its CRC");
    }
    log.records.push_back(payload);
    offset += kLogHeaderBytes + length;
    log.valid_bytes = offset;
  }
  return log;
}

}  // namespace dynamite
