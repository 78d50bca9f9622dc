#include "durability/snapshot.h"

#include <memory>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/types/span.h"

#include "common/status_macros.h"
#include "durability/byte_codec.h"
#include "durability/commit_codec.h"
#include "durability/database_files.h"
#include "durability/log_format.h"
#include "durability/stream_state_codec.h"
#include "store/table.h"

namespace dynamite {
namespace {

constexpr absl::string_view kHeaderMagic = "dynamite snapshot";
constexpr absl::string_view kEndMagic = "dynamite snapshot end";

absl::Status Corrupt(absl::string_view file_name, uint64_t offset,
                     absl::string_view why) {
  return CorruptFileError("snapshot", file_name, offset, why);
}

// Builds the file, each payload framed as a log record, and hands it to
// `sink` whenever kSnapshotWriteBytes have gathered, and at the end. After
// the sink fails, nothing more is encoded; status() says why.
class SnapshotBuilder {
 public:
  using Sink = absl::FunctionRef<absl::Status(absl::string_view)>;
  explicit SnapshotBuilder(Sink sink) : sink_(sink) {}

  void Add(absl::FunctionRef<void(std::string&)> encode) {
    if (!status_.ok()) return;
    payload_.clear();
    encode(payload_);
    AppendLogRecord(payload_, pending_);
    ++records_;
    if (pending_.size() >= kSnapshotWriteBytes) Flush();
  }
  uint64_t records() const { return records_; }
  absl::Status Finish() {
    Flush();
    return status_;
  }

 private:
  void Flush() {
    if (!status_.ok() || pending_.empty()) return;
    status_ = sink_(pending_);
    pending_.clear();
  }

  Sink sink_;
  std::string payload_;
  std::string pending_;
  uint64_t records_ = 0;
  absl::Status status_;
};

absl::StatusOr<SnapshotHeader> ReadHeader(absl::string_view payload,
                                          absl::string_view file_name) {
  ByteReader in(payload);
  if (in.StringView() != kHeaderMagic || !in.status().ok()) {
    return Corrupt(file_name, 0, "it does not start with a snapshot header");
  }
  const uint64_t version = in.Unsigned();
  SnapshotHeader header;
  header.sequence = in.Unsigned();
  header.tables_created = in.Unsigned();
  if (!in.status().ok() || !in.done()) {
    return Corrupt(file_name, 0, "its header is malformed");
  }
  DYNAMITE_RETURN_IF_ERROR(
      CheckFileFormatVersion("snapshot", file_name, version));
  return header;
}

// Whether `payload` is an end record counting `records` before it.
bool IsEnd(absl::string_view payload, uint64_t records) {
  ByteReader in(payload);
  if (in.StringView() != kEndMagic) return false;
  const uint64_t count = in.Unsigned();
  return in.status().ok() && in.done() && count == records;
}

// Gives the whole file for `capture` and `streams` (if any) to `file`.
void BuildSnapshot(const DatabaseCapture& capture, uint64_t tables_created,
                   const StreamStoreState* streams, SnapshotBuilder& file) {
  file.Add([&](std::string& out) {
    ByteWriter writer(out);
    writer.String(kHeaderMagic);
    writer.Unsigned(kCommitFormatVersion);
    writer.Unsigned(capture.sequence);
    writer.Unsigned(tables_created);
  });
  for (const CapturedTable& table : capture.tables) {
    file.Add([&](std::string& out) {
      EncodeTableCommit({.kind = TableChangeRecord::Kind::kCreate,
                         .definition = table.definition,
                         .sequence = capture.sequence},
                        out);
    });
    const absl::Span<const CapturedItem> items(table.items);
    for (size_t at = 0; at < items.size(); at += kSnapshotChunkItems) {
      file.Add([&](std::string& out) {
        EncodeItemImages(capture.sequence, table.definition->name,
                         items.subspan(at, kSnapshotChunkItems), out);
      });
    }
  }
  if (streams != nullptr) {
    file.Add([&](std::string& out) { EncodeStreamState(*streams, out); });
  }
  const uint64_t before_end = file.records();
  file.Add([&](std::string& out) {
    ByteWriter writer(out);
    writer.String(kEndMagic);
    writer.Unsigned(before_end);
  });
}

}  // namespace

std::string EncodeSnapshot(const DatabaseCapture& capture,
                           uint64_t tables_created,
                           const StreamStoreState* streams) {
  std::string contents;
  // A FunctionRef refers to its callable: it must outlive the builder.
  auto append = [&contents](absl::string_view piece) {
    absl::StrAppend(&contents, piece);
    return absl::OkStatus();
  };
  SnapshotBuilder file(append);
  BuildSnapshot(capture, tables_created, streams, file);
  file.Finish().IgnoreError();  // appending to a string cannot fail
  return contents;
}

absl::Status WriteSnapshot(FileSystem& file_system,
                           const std::string& directory,
                           const DatabaseCapture& capture,
                           uint64_t tables_created,
                           const StreamStoreState& streams) {
  static_assert(absl::string_view(kSnapshotTempFileName) ==
                    absl::string_view("snapshot.tmp"),
                "WriteFileAtomically's temporary name");
  return WriteFileAtomically(
      file_system, directory, kSnapshotFileName, [&](WritableFile& out) {
        auto append = [&out](absl::string_view piece) {
          return out.Append(piece);
        };
        SnapshotBuilder file(append);
        BuildSnapshot(capture, tables_created, &streams, file);
        return file.Finish();
      });
}

absl::StatusOr<SnapshotHeader> LoadSnapshot(absl::string_view contents,
                                            absl::string_view file_name,
                                            Catalog& catalog,
                                            StreamStoreState* streams) {
  DYNAMITE_ASSIGN_OR_RETURN(const LogContents file,
                            ReadLog(contents, file_name, "snapshot"));
  if (file.torn_tail) {
    return Corrupt(file_name, file.valid_bytes, "it ends inside a record");
  }
  if (file.records.empty()) {
    return Corrupt(file_name, 0, "it is empty");
  }
  DYNAMITE_ASSIGN_OR_RETURN(const SnapshotHeader header,
                            ReadHeader(file.records.front(), file_name));
  const size_t last = file.records.size() - 1;
  if (last == 0 || !IsEnd(file.records[last], last)) {
    return Corrupt(file_name, file.valid_bytes, "its end record is missing");
  }
  std::shared_ptr<Table> table;
  uint64_t offset = kLogHeaderBytes + file.records.front().size();
  for (size_t i = 1; i < last; ++i) {
    const absl::string_view payload = file.records[i];
    if (streams != nullptr && i + 1 == last && IsStreamStateRecord(payload)) {
      absl::StatusOr<StreamStoreState> decoded = DecodeStreamState(payload);
      if (!decoded.ok()) {
        return Corrupt(file_name, offset, decoded.status().message());
      }
      *streams = *std::move(decoded);
      break;
    }
    absl::StatusOr<LoggedCommit> commit = DecodeCommit(payload);
    if (!commit.ok())
      return Corrupt(file_name, offset, commit.status().message());
    if (commit->kind == LoggedCommit::Kind::kCreateTable) {
      absl::StatusOr<std::shared_ptr<Table>> created =
          catalog.Create(*commit->definition);
      if (!created.ok()) {
        return Corrupt(
            file_name, offset,
            absl::StrCat("cannot create table ", commit->definition->name, ": ",
                         created.status().message()));
      }
      table = *std::move(created);
    } else if (commit->kind == LoggedCommit::Kind::kItems && table != nullptr) {
      for (LoggedItemChange& change : commit->changes) {
        if (change.table_name != table->name()) {
          return Corrupt(
              file_name, offset,
              absl::StrCat("an item of table ", change.table_name,
                           " is among table ", table->name(), "'s items"));
        }
        if (!change.new_image) {
          return Corrupt(file_name, offset, "an item record holds no item");
        }
        table->Restore(change.key, std::move(change.new_image));
      }
    } else {
      return Corrupt(file_name, offset,
                     "a record is neither a table nor its items");
    }
    offset += kLogHeaderBytes + payload.size();
  }
  return header;
}

}  // namespace dynamite
