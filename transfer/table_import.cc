#include "transfer/table_import.h"

#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"

#include "common/errors.h"
#include "common/status_macros.h"
#include "common/zlib_codec.h"
#include "transfer/md5_digest.h"
#include "wire/export_json.h"
#include "wire/export_manifest.h"

namespace dynamite {
namespace {

// ImportTable's words for an import that skipped items.
constexpr absl::string_view kItemValidationMessage =
    "Some of the items failed validation checks and were not imported. "
    "Please check CloudWatch error logs for more details.";

// A data file to read, and the base64 MD5 its manifest gives it, if any.
struct DataFile {
  std::string path;
  std::string md5_checksum;
};

// An item read, and where.
struct ReadItem {
  Item item;
  std::string where;  // "<file>:<line>"
};

absl::Status Refuse(absl::string_view where, absl::string_view why) {
  return ValidationError(absl::StrCat(where, ": ", why));
}

// The data files of the export whose manifests are in `folder`.
absl::StatusOr<std::vector<DataFile>> FilesOfExport(FileSystem& files,
                                                    const std::string& folder) {
  const std::string manifest = absl::StrCat(folder, "/manifest-files.json");
  DYNAMITE_ASSIGN_OR_RETURN(const std::string text, files.ReadFile(manifest));
  DYNAMITE_ASSIGN_OR_RETURN(const std::vector<ExportDataFile> listed,
                            DecodeExportDataFiles(text, manifest));
  std::vector<DataFile> data;
  for (const ExportDataFile& file : listed) {
    // The key is the bucket's; the file is in this export's data/.
    const absl::string_view key = file.data_file_s3_key;
    const size_t slash = key.rfind('/');
    data.push_back(
        {.path = absl::StrCat(
             folder, "/data/",
             slash == absl::string_view::npos ? key : key.substr(slash + 1)),
         .md5_checksum = file.md5_checksum});
  }
  return data;
}

// What `source` names: see the header.
absl::StatusOr<std::vector<DataFile>> ResolveSource(FileSystem& files,
                                                    const std::string& source) {
  if (files.Exists(absl::StrCat(source, "/manifest-files.json"))) {
    return FilesOfExport(files, source);
  }
  const std::string exports = absl::StrCat(source, "/AWSDynamoDB");
  if (files.Exists(exports)) {
    DYNAMITE_ASSIGN_OR_RETURN(const std::vector<std::string> ids,
                              files.List(exports));
    std::vector<std::string> complete;
    for (const std::string& id : ids) {
      if (files.Exists(
              absl::StrCat(exports, "/", id, "/manifest-files.json"))) {
        complete.push_back(id);
      }
    }
    if (complete.size() != 1) {
      return ValidationError(absl::StrCat(
          exports, " holds ", complete.size(),
          " complete exports; name the one to import (its folder)"));
    }
    return FilesOfExport(files, absl::StrCat(exports, "/", complete.front()));
  }
  absl::StatusOr<std::vector<std::string>> names = files.List(source);
  if (!names.ok()) {
    if (!files.Exists(source)) {
      return ValidationError(absl::StrCat(source, ": no such file or folder"));
    }
    return std::vector<DataFile>{{.path = source}};
  }
  std::vector<DataFile> data;
  for (const std::string& name : *names) {
    // An export's own files, and hidden ones, are not data.
    if (absl::StartsWith(name, ".") || absl::StartsWith(name, "_") ||
        absl::StartsWith(name, "manifest-")) {
      continue;
    }
    data.push_back({.path = absl::StrCat(source, "/", name)});
  }
  return data;
}

// The lines of `file`: its bytes, inflated if they are gzip.
absl::StatusOr<std::string> ReadData(FileSystem& files, const DataFile& file) {
  DYNAMITE_ASSIGN_OR_RETURN(std::string bytes, files.ReadFile(file.path));
  if (!file.md5_checksum.empty() && Md5Base64(bytes) != file.md5_checksum) {
    return ValidationError(absl::StrCat(
        file.path, ": its MD5 is not the manifest's md5Checksum (",
        file.md5_checksum, "): the file is damaged or not the one exported"));
  }
  if (absl::StartsWith(bytes, "\x1f\x8b")) {
    absl::StatusOr<std::string> inflated =
        Inflate(ZlibFormat::kGzip, absl::StrCat("file ", file.path), bytes,
                std::numeric_limits<size_t>::max() / 2);
    if (!inflated.ok()) return ValidationError(inflated.status().message());
    return inflated;
  }
  if (absl::StartsWith(bytes, "\x28\xb5\x2f\xfd")) {
    return Refuse(file.path,
                  "ZSTD input is not read yet (use GZIP or no compression)");
  }
  return bytes;
}

}  // namespace

absl::StatusOr<ImportTableResult> ImportTable(
    Database& db, const ImportTableOptions& options) {
  FileSystem& files = options.file_system != nullptr ? *options.file_system
                                                     : *FileSystem::Default();
  DYNAMITE_ASSIGN_OR_RETURN(const std::vector<DataFile> sources,
                            ResolveSource(files, options.source));
  ImportTableResult result;
  // Everything is read before the table is made, so that a file DynamoDB
  // could not read at all imports nothing.
  std::vector<ReadItem> items;
  for (const DataFile& source : sources) {
    DYNAMITE_ASSIGN_OR_RETURN(const std::string text, ReadData(files, source));
    int line_number = 0;
    for (absl::string_view line : absl::StrSplit(text, '\n')) {
      ++line_number;
      line = absl::StripSuffix(line, "\r");
      if (absl::StripAsciiWhitespace(line).empty()) continue;
      const std::string where = absl::StrCat(source.path, ":", line_number);
      ++result.processed_item_count;
      result.processed_size_bytes += static_cast<int64_t>(line.size());
      absl::StatusOr<ExportedItem> decoded = DecodeExportLine(line);
      if (!decoded.ok()) {
        if (ErrorKindOf(decoded.status()) == ErrorKind::kSerialization) {
          return Refuse(where, decoded.status().message());
        }
        result.errors.push_back(
            absl::StrCat(where, ": ", decoded.status().message()));
        continue;
      }
      if (!decoded->imprecise_numbers.empty()) {
        result.errors.push_back(absl::StrCat(
            where, ": ",
            "Attempting to store more than 38 significant digits in a "
            "Number"));
        continue;
      }
      items.push_back({std::move(decoded->item), where});
    }
  }
  DYNAMITE_RETURN_IF_ERROR(db.CreateTable(options.table).status());
  for (ReadItem& read : items) {
    WriteResult<PutItemResponse> put = db.PutItem(
        {.table_name = options.table.table_name, .item = std::move(read.item)});
    if (put.ok()) {
      ++result.imported_item_count;
      continue;
    }
    if (ErrorKindOf(put.status()) != ErrorKind::kValidation) {
      return put.status();  // not the item's fault: the import stops
    }
    result.errors.push_back(
        absl::StrCat(read.where, ": ", put.status().message()));
  }
  result.error_count = static_cast<int64_t>(result.errors.size());
  if (result.error_count == 0) {
    result.import_status = "COMPLETED";
  } else {
    result.import_status = "FAILED";
    result.failure_code = "ItemValidationError";
    result.failure_message = std::string(kItemValidationMessage);
  }
  return result;
}

}  // namespace dynamite
