#include "transfer/table_export.h"

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/escaping.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/time/clock.h"

#include "common/errors.h"
#include "common/status_macros.h"
#include "common/zlib_codec.h"
#include "transfer/md5_digest.h"
#include "wire/export_json.h"
#include "wire/export_manifest.h"

namespace dynamite {
namespace {

absl::Status WriteWholeFile(FileSystem& files, const std::string& path,
                            absl::string_view contents) {
  DYNAMITE_ASSIGN_OR_RETURN(std::unique_ptr<WritableFile> file,
                            files.OpenForAppend(path, /*truncate=*/true));
  DYNAMITE_RETURN_IF_ERROR(file->Append(contents));
  return file->Close();
}

// The key of `name` in the export's folder, as S3 would have it.
std::string KeyOf(const std::string& export_key, absl::string_view name) {
  return absl::StrCat(export_key, "/", name);
}

}  // namespace

absl::StatusOr<ExportTableResult> ExportTable(
    const Database& db, const ExportTableOptions& options) {
  if (options.items_per_file < 1) {
    return ValidationError("ExportTable: items_per_file must be at least 1");
  }
  FileSystem& files = options.file_system != nullptr ? *options.file_system
                                                     : *FileSystem::Default();
  const absl::Time start = absl::Now();
  // One point in time: the fork, while the Database goes on.
  std::unique_ptr<Database> snapshot = db.Fork();
  DYNAMITE_ASSIGN_OR_RETURN(
      DescribeTableResponse described,
      snapshot->DescribeTable({.table_name = options.table_name}));
  const TableDescription& table = described.table;

  const std::string export_id = absl::StrFormat(
      "%014d-%s", absl::ToUnixMillis(start),
      absl::BytesToHexString(
          Md5(absl::StrCat(table.table_arn, absl::ToUnixNanos(start))))
          .substr(0, 8));
  const std::string export_key = absl::StrCat(
      options.s3_prefix.has_value() ? absl::StrCat(*options.s3_prefix, "/")
                                    : std::string(),
      "AWSDynamoDB/", export_id);
  ExportTableResult result;
  result.export_arn = absl::StrCat(table.table_arn, "/export/", export_id);
  result.export_folder = absl::StrCat(options.folder, "/", export_key);
  const std::string data_folder = absl::StrCat(result.export_folder, "/data");
  DYNAMITE_RETURN_IF_ERROR(files.CreateDirectories(data_folder));
  DYNAMITE_RETURN_IF_ERROR(WriteWholeFile(
      files, absl::StrCat(result.export_folder, "/_started"), ""));

  std::vector<ExportDataFile> data_files;
  std::string lines;
  int64_t lines_in_file = 0;
  auto flush = [&]() -> absl::Status {
    const std::string compressed = GzipCompress(lines);
    const std::string name = absl::StrCat(Md5Base32(compressed), ".json.gz");
    DYNAMITE_RETURN_IF_ERROR(WriteWholeFile(
        files, absl::StrCat(data_folder, "/", name), compressed));
    data_files.push_back(
        {.item_count = lines_in_file,
         .md5_checksum = Md5Base64(compressed),
         .etag = MultipartEtag(compressed),
         .data_file_s3_key = KeyOf(export_key, absl::StrCat("data/", name))});
    lines.clear();
    lines_in_file = 0;
    return absl::OkStatus();
  };
  ScanRequest scan{.table_name = options.table_name};
  while (true) {
    DYNAMITE_ASSIGN_OR_RETURN(ScanResponse page, snapshot->Scan(scan));
    for (const ItemPtr& item : page.items) {
      // A Scan without a projection reads the stored, packed items.
      if (!item.packed_ref()) {
        return absl::InternalError("ExportTable: a scanned item is not packed");
      }
      AppendExportLine(*item.packed_ref(), lines);
      ++result.item_count;
      if (++lines_in_file == options.items_per_file) {
        DYNAMITE_RETURN_IF_ERROR(flush());
      }
    }
    if (!page.last_evaluated_key.has_value()) break;
    scan.exclusive_start_key = std::move(page.last_evaluated_key);
  }
  // An empty table still has one (empty) file, as an empty partition does.
  if (lines_in_file > 0 || data_files.empty()) {
    DYNAMITE_RETURN_IF_ERROR(flush());
  }
  result.file_count = static_cast<int64_t>(data_files.size());

  // Each manifest beside a file of its base64 MD5; the summary last, so
  // that an export without it is one that did not finish.
  auto write_manifest = [&](absl::string_view name,
                            const std::string& contents) -> absl::Status {
    DYNAMITE_RETURN_IF_ERROR(WriteWholeFile(
        files, absl::StrCat(result.export_folder, "/", name, ".json"),
        contents));
    return WriteWholeFile(files,
                          absl::StrCat(result.export_folder, "/", name, ".md5"),
                          Md5Base64(contents));
  };
  DYNAMITE_RETURN_IF_ERROR(
      write_manifest("manifest-files", EncodeExportDataFiles(data_files)));
  DYNAMITE_RETURN_IF_ERROR(write_manifest(
      "manifest-summary",
      EncodeExportSummary(
          {.export_arn = result.export_arn,
           .start_time = start,
           .end_time = absl::Now(),
           .table_arn = table.table_arn,
           .table_id = table.table_id,
           .export_time = start,
           .s3_bucket = options.s3_bucket,
           .s3_prefix = options.s3_prefix,
           .manifest_files_s3_key = KeyOf(export_key, "manifest-files.json"),
           .item_count = result.item_count})));
  return result;
}

}  // namespace dynamite
