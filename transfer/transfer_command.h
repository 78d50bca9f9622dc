// `dynamite export` and `dynamite import`: a table to and from the format
// of DynamoDB's export to S3 (transfer/table_export.h,
// transfer/table_import.h). Here rather than in tools/ so that tests can
// run the whole commands.
//
//   dynamite export (--db-path DIR | --exec SCRIPT) --table T --to FOLDER
//                   [--s3-bucket NAME] [--s3-prefix PREFIX]
//                   [--items-per-file N]
//   dynamite import --db-path DIR --table T --pk NAME[:S|N|B]
//                   [--sk NAME[:S|N|B]] --from PATH
//
// Exit status: 0 done (import: COMPLETED); 1 an import that skipped items
// (FAILED, ItemValidationError; the rest imported); 2 a usage error or a
// refusal (nothing written).
//
// Thread safety: touches only its streams and the files named.

#ifndef DYNAMITE_TRANSFER_TRANSFER_COMMAND_H_
#define DYNAMITE_TRANSFER_TRANSFER_COMMAND_H_

#include <ostream>
#include <string>
#include <vector>

#include "absl/strings/string_view.h"

namespace dynamite {

inline constexpr absl::string_view kExportUsage =
    R"(Usage: dynamite export (--db-path DIR | --exec SCRIPT) --table T --to FOLDER
         [--s3-bucket NAME] [--s3-prefix PREFIX] [--items-per-file N]
      Writes table T as DynamoDB's export to S3 writes it (a full export,
      DYNAMODB_JSON) under FOLDER, which stands for the bucket:
      FOLDER/[PREFIX/]AWSDynamoDB/<ExportId>/ with manifest-summary.json,
      manifest-files.json, their .md5 files, and data/*.json.gz lines of
      {"Item": {...}}. The table is read from a durable database (DIR, as
      `dynamite serve --db-path` keeps it; not while a server has it open)
      or from the database a `dynamite exec` SCRIPT leaves. NAME (default
      dynamite-export) is the bucket the manifests name; N (default
      100000) the most items in one data file.
)";

inline constexpr absl::string_view kImportUsage =
    R"(Usage: dynamite import --db-path DIR --table T --pk NAME[:S|N|B]
         [--sk NAME[:S|N|B]] --from PATH
      Creates table T (PAY_PER_REQUEST, keyed as given; types default to S)
      in the durable database DIR and fills it from PATH, as ImportTable
      reads DYNAMODB_JSON: an export's folder (`dynamite export`'s or
      DynamoDB's: the one holding manifest-files.json, or a folder above
      AWSDynamoDB/), a folder of data files, or one file; one {"Item": ...}
      per line, gzip'd or not. A file that cannot be read or a line that is
      not JSON imports nothing (exit 2); an item DynamoDB would refuse is
      skipped and reported with its file and line, and the import ends
      FAILED (exit 1) with the rest imported.
)";

int RunExportCommand(const std::vector<std::string>& args, std::ostream& out,
                     std::ostream& err);
int RunImportCommand(const std::vector<std::string>& args, std::ostream& out,
                     std::ostream& err);

}  // namespace dynamite

#endif  // DYNAMITE_TRANSFER_TRANSFER_COMMAND_H_
