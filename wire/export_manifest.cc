#include "wire/export_manifest.h"

#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"

#include "common/errors.h"
#include "wire/json.h"

namespace dynamite {
namespace {

std::string IsoMillis(absl::Time time) {
  return absl::FormatTime("%Y-%m-%dT%H:%M:%E3SZ", time, absl::UTCTimeZone());
}

}  // namespace

std::string EncodeExportSummary(const ExportSummary& summary) {
  rapidjson::StringBuffer buffer;
  JsonWriter writer(buffer);
  writer.StartObject();
  WriteStringMember(writer, "version", "2020-06-30");
  WriteStringMember(writer, "exportArn", summary.export_arn);
  WriteStringMember(writer, "startTime", IsoMillis(summary.start_time));
  WriteStringMember(writer, "endTime", IsoMillis(summary.end_time));
  WriteStringMember(writer, "tableArn", summary.table_arn);
  WriteStringMember(writer, "tableId", summary.table_id);
  WriteStringMember(writer, "exportTime", IsoMillis(summary.export_time));
  WriteStringMember(writer, "s3Bucket", summary.s3_bucket);
  writer.Key("s3Prefix");
  if (summary.s3_prefix.has_value()) {
    WriteJsonString(writer, *summary.s3_prefix);
  } else {
    writer.Null();
  }
  WriteStringMember(writer, "s3SseAlgorithm", "AES256");
  writer.Key("s3SseKmsKeyId");
  writer.Null();
  WriteStringMember(writer, "manifestFilesS3Key",
                    summary.manifest_files_s3_key);
  writer.Key("billedSizeBytes");
  writer.Int64(0);
  writer.Key("itemCount");
  writer.Int64(summary.item_count);
  WriteStringMember(writer, "outputFormat", "DYNAMODB_JSON");
  writer.EndObject();
  return JsonText(buffer);
}

std::string EncodeExportDataFiles(const std::vector<ExportDataFile>& files) {
  std::string out;
  for (const ExportDataFile& file : files) {
    rapidjson::StringBuffer buffer;
    JsonWriter writer(buffer);
    writer.StartObject();
    writer.Key("itemCount");
    writer.Int64(file.item_count);
    WriteStringMember(writer, "md5Checksum", file.md5_checksum);
    WriteStringMember(writer, "etag", file.etag);
    WriteStringMember(writer, "dataFileS3Key", file.data_file_s3_key);
    writer.EndObject();
    absl::StrAppend(&out, JsonText(buffer), "\n");
  }
  return out;
}

absl::StatusOr<std::vector<ExportDataFile>> DecodeExportDataFiles(
    absl::string_view text, absl::string_view file_name) {
  std::vector<ExportDataFile> files;
  int line_number = 0;
  for (absl::string_view line : absl::StrSplit(text, '\n')) {
    ++line_number;
    if (line.empty()) continue;
    auto refuse = [&](absl::string_view why) {
      return ValidationError(
          absl::StrCat(file_name, ":", line_number, ": ", why));
    };
    JsonDocument doc;
    if (!ParseJson(line, doc) || !doc.IsObject()) {
      return refuse("not a JSON object");
    }
    const JsonValue* count = FindMember(doc, "itemCount");
    const JsonValue* md5 = FindMember(doc, "md5Checksum");
    const JsonValue* key = FindMember(doc, "dataFileS3Key");
    if (count == nullptr || !count->IsInt64() || count->GetInt64() < 0) {
      return refuse("itemCount is not a count");
    }
    if (key == nullptr || !key->IsString() || JsonString(*key).empty()) {
      return refuse("dataFileS3Key is not a key");
    }
    ExportDataFile file;
    file.item_count = count->GetInt64();
    file.data_file_s3_key = std::string(JsonString(*key));
    if (md5 != nullptr && md5->IsString()) {
      file.md5_checksum = std::string(JsonString(*md5));
    }
    const JsonValue* etag = FindMember(doc, "etag");
    if (etag != nullptr && etag->IsString()) {
      file.etag = std::string(JsonString(*etag));
    }
    files.push_back(std::move(file));
  }
  return files;
}

}  // namespace dynamite
