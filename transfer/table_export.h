// ExportTable: one table of a Database written as DynamoDB's export to S3
// writes it (a full export, DYNAMODB_JSON), into a folder that stands for
// the bucket, so that what reads real exports (Athena, Glue, scripts,
// ImportTable, `dynamite import`) reads it:
//
//   <folder>/[<s3_prefix>/]AWSDynamoDB/<ExportId>/
//     _started                 empty, written first
//     data/<26 letters>.json.gz  gzip'd lines {"Item":{...}}, DynamoDB JSON,
//                              at most items_per_file each
//     manifest-files.json, manifest-files.md5
//     manifest-summary.json, manifest-summary.md5   written last: an
//                              export without them is incomplete
//
// (wire/export_manifest.h has the manifests' fields.) The ExportId is the
// export's start in Unix milliseconds, 14 digits, "-" and 8 hex digits;
// the ExportArn is the table's ARN, "/export/" and the ExportId. The
// export is of one point in time: a Fork() of the Database, taken at the
// start, is read while writers go on. The items are written in scan
// order, each attribute in its stored order, and a data file is named by
// the MD5 of its bytes, so the same items always make the same files.
//
// Thread safety: as the Database; `options.file_system` must be too.

#ifndef DYNAMITE_TRANSFER_TABLE_EXPORT_H_
#define DYNAMITE_TRANSFER_TABLE_EXPORT_H_

#include <cstdint>
#include <optional>
#include <string>

#include "absl/status/statusor.h"

#include "api/database.h"
#include "durability/file_system.h"

namespace dynamite {

struct ExportTableOptions {
  std::string table_name;
  // Where the export goes (the bucket's root); created if missing.
  std::string folder;
  // Named in the manifests, as S3's would be.
  std::string s3_bucket = "dynamite-export";
  std::optional<std::string> s3_prefix;
  int64_t items_per_file = 100'000;
  FileSystem* file_system = nullptr;  // FileSystem::Default() when null
};

struct ExportTableResult {
  std::string export_arn;
  // <folder>/[<prefix>/]AWSDynamoDB/<ExportId>: the manifests' folder.
  std::string export_folder;
  int64_t item_count = 0;
  int64_t file_count = 0;
};

// Errors: the table's (ResourceNotFoundException, as DescribeTable's);
// kValidation for items_per_file < 1; kInternal when a file cannot be
// written (naming it).
absl::StatusOr<ExportTableResult> ExportTable(
    const Database& db, const ExportTableOptions& options);

}  // namespace dynamite

#endif  // DYNAMITE_TRANSFER_TABLE_EXPORT_H_
