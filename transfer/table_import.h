// ImportTable: a new table filled from files in the format of DynamoDB's
// export to S3 (transfer/table_export.h), as ImportTable's DYNAMODB_JSON
// input reads them: one {"Item":{...}} per line, gzip'd or not (told by
// the bytes, not the name).
//
// The source may be an export's folder (the one holding
// manifest-files.json, whose data files are read and checked against
// their md5Checksum), a folder above one export's AWSDynamoDB/<ExportId>/,
// a folder of data files (every regular file in it, by name), or one data
// file.
//
// DynamoDB's rules, for what it would refuse and for what it goes on past:
//   - nothing is imported, and no table created, when a file cannot be
//     read, is not gzip or text (ZSTD is not read yet), fails its
//     checksum, or has a line that is not JSON: the error names the file
//     and the line ("<file>:<line>: ...");
//   - an item DynamoDB would refuse (a key missing or of the wrong type, a
//     value it rejects) is skipped and counted, as ImportTable counts it in
//     ErrorCount; the table keeps the other items, and the import ends
//     FAILED with FailureCode ItemValidationError and DynamoDB's message.
//     Each skipped item is reported with its file and line;
//   - items with the same key overwrite one another, the last one read
//     staying (DynamoDB's order is unspecified), and count no error.
// The table is created as CreateTable creates it (its errors, e.g.
// ResourceInUseException "Table already exists: <name>"), then filled by
// PutItems, so its indexes and stream see the items.
//
// Thread safety: as the Database.

#ifndef DYNAMITE_TRANSFER_TABLE_IMPORT_H_
#define DYNAMITE_TRANSFER_TABLE_IMPORT_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"

#include "api/database.h"
#include "api/table_requests.h"
#include "durability/file_system.h"

namespace dynamite {

struct ImportTableOptions {
  std::string source;
  // ImportTable's TableCreationParameters.
  CreateTableRequest table;
  FileSystem* file_system = nullptr;  // FileSystem::Default() when null
};

// ImportTableDescription's counts and outcome.
struct ImportTableResult {
  std::string import_status;  // "COMPLETED" or "FAILED"
  std::optional<std::string> failure_code;
  std::optional<std::string> failure_message;
  int64_t processed_item_count = 0;
  int64_t processed_size_bytes = 0;
  int64_t imported_item_count = 0;
  int64_t error_count = 0;
  // One per skipped item: "<file>:<line>: <DynamoDB's message>".
  std::vector<std::string> errors;
};

absl::StatusOr<ImportTableResult> ImportTable(
    Database& db, const ImportTableOptions& options);

}  // namespace dynamite

#endif  // DYNAMITE_TRANSFER_TABLE_IMPORT_H_
