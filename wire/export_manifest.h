// The manifests of DynamoDB's export to S3 (full export, DYNAMODB_JSON),
// in the form real exports write them:
//
//   manifest-summary.json   one compact line, no newline after it:
//     {"version":"2020-06-30","exportArn":...,"startTime":...,
//      "endTime":...,"tableArn":...,"tableId":...,"exportTime":...,
//      "s3Bucket":...,"s3Prefix":... or null,"s3SseAlgorithm":"AES256",
//      "s3SseKmsKeyId":null,"manifestFilesS3Key":...,"billedSizeBytes":0,
//      "itemCount":...,"outputFormat":"DYNAMODB_JSON"}
//   manifest-files.json     one line per data file, each ending in "\n":
//     {"itemCount":n,"md5Checksum":<base64 MD5 of the .json.gz>,
//      "etag":<S3's one-part multipart ETag>,"dataFileS3Key":<key>}
//
// Times are ISO-8601 UTC with milliseconds ("2020-11-11T21:33:52.834Z").
//
// Thread safety: pure functions.

#ifndef DYNAMITE_WIRE_EXPORT_MANIFEST_H_
#define DYNAMITE_WIRE_EXPORT_MANIFEST_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/time/time.h"

namespace dynamite {

struct ExportSummary {
  std::string export_arn;
  absl::Time start_time;
  absl::Time end_time;
  std::string table_arn;
  std::string table_id;
  absl::Time export_time;
  std::string s3_bucket;
  std::optional<std::string> s3_prefix;
  std::string manifest_files_s3_key;
  int64_t item_count = 0;
};

struct ExportDataFile {
  int64_t item_count = 0;
  std::string md5_checksum;
  std::string etag;
  std::string data_file_s3_key;
};

std::string EncodeExportSummary(const ExportSummary& summary);
std::string EncodeExportDataFiles(const std::vector<ExportDataFile>& files);

// The data files a manifest-files.json lists. Errors (kValidation) name
// `file_name` and the line: "<file_name>:<line>: <why>".
absl::StatusOr<std::vector<ExportDataFile>> DecodeExportDataFiles(
    absl::string_view text, absl::string_view file_name);

}  // namespace dynamite

#endif  // DYNAMITE_WIRE_EXPORT_MANIFEST_H_
