#include "wire/backup_json.h"

#include <cmath>
#include <optional>
#include <string>

#include "absl/strings/str_cat.h"
#include "absl/time/time.h"

#include "common/errors.h"
#include "common/status_macros.h"
#include "wire/enum_names.h"
#include "wire/request_reader.h"
#include "wire/table_json.h"
#include "wire/table_shapes.h"

namespace dynamite {
namespace {

// A timestamp member (TimeRangeLowerBound, ...): epoch seconds, as SDKs
// send them, possibly fractional.
std::optional<absl::Time> ReadTime(RequestReader& reader,
                                   const JsonValue* value,
                                   absl::string_view name) {
  if (value == nullptr) return std::nullopt;
  if (!value->IsNumber()) {
    reader.Check(SerializationError(
        absl::StrCat(name, " must be a number of seconds since the epoch")));
    return std::nullopt;
  }
  return absl::FromUnixMillis(std::llround(value->GetDouble() * 1000));
}

void WriteDetails(const BackupDetails& details, JsonWriter& writer) {
  writer.Key("BackupDetails");
  writer.StartObject();
  WriteStringMember(writer, "BackupArn", details.backup_arn);
  WriteStringMember(writer, "BackupName", details.backup_name);
  writer.Key("BackupSizeBytes");
  writer.Int64(details.backup_size_bytes);
  WriteStringMember(writer, "BackupStatus", details.backup_status);
  WriteStringMember(writer, "BackupType", details.backup_type);
  WriteEpochSecondsMember(writer, "BackupCreationDateTime",
                          details.backup_creation_date_time);
  writer.EndObject();
}

void WriteFeatureIndexes(absl::string_view key,
                         const std::vector<IndexDescription>& indexes,
                         bool provisioned, JsonWriter& writer) {
  if (indexes.empty()) return;
  writer.Key(key.data(), static_cast<rapidjson::SizeType>(key.size()));
  writer.StartArray();
  for (const IndexDescription& index : indexes) {
    writer.StartObject();
    WriteStringMember(writer, "IndexName", index.index_name);
    WriteKeySchema(index.key_schema, writer);
    WriteProjection(index, writer);
    if (index.kind == IndexKind::kGlobal && provisioned) {
      WriteProvisionedThroughput(index.provisioned_throughput, writer);
    }
    writer.EndObject();
  }
  writer.EndArray();
}

void WriteDescription(const BackupDescription& d, JsonWriter& writer) {
  writer.Key("BackupDescription");
  writer.StartObject();
  WriteDetails(d.backup_details, writer);
  const SourceTableDetails& source = d.source_table_details;
  const bool provisioned = source.billing_mode == BillingMode::kProvisioned;
  writer.Key("SourceTableDetails");
  writer.StartObject();
  WriteStringMember(writer, "TableName", source.table_name);
  WriteStringMember(writer, "TableId", source.table_id);
  WriteStringMember(writer, "TableArn", source.table_arn);
  writer.Key("TableSizeBytes");
  writer.Int64(source.table_size_bytes);
  WriteKeySchema(source.key_schema, writer);
  WriteEpochSecondsMember(writer, "TableCreationDateTime",
                          source.table_creation_date_time);
  WriteProvisionedThroughput(source.provisioned_throughput, writer);
  writer.Key("ItemCount");
  writer.Int64(source.item_count);
  WriteStringMember(writer, "BillingMode",
                    NameOf(kBillingModeNames, source.billing_mode));
  writer.EndObject();
  writer.Key("SourceTableFeatureDetails");
  writer.StartObject();
  WriteFeatureIndexes("LocalSecondaryIndexes",
                      d.source_table_feature_details.local_secondary_indexes,
                      false, writer);
  WriteFeatureIndexes("GlobalSecondaryIndexes",
                      d.source_table_feature_details.global_secondary_indexes,
                      provisioned, writer);
  writer.EndObject();
  writer.EndObject();
}

template <typename Write>
std::string Encode(Write write) {
  rapidjson::StringBuffer buffer;
  JsonWriter writer(buffer);
  writer.StartObject();
  write(writer);
  writer.EndObject();
  return JsonText(buffer);
}

}  // namespace

absl::StatusOr<CreateBackupRequest> DecodeCreateBackupRequest(
    const JsonValue& body) {
  RequestReader reader(body);
  CreateBackupRequest request;
  request.table_name = reader.String(reader.Member("TableName"));
  request.backup_name = reader.String(reader.Member("BackupName"));
  DYNAMITE_RETURN_IF_ERROR(reader.Finish());
  return request;
}

absl::StatusOr<DescribeBackupRequest> DecodeDescribeBackupRequest(
    const JsonValue& body) {
  RequestReader reader(body);
  DescribeBackupRequest request;
  request.backup_arn = reader.String(reader.Member("BackupArn"));
  DYNAMITE_RETURN_IF_ERROR(reader.Finish());
  return request;
}

absl::StatusOr<DeleteBackupRequest> DecodeDeleteBackupRequest(
    const JsonValue& body) {
  RequestReader reader(body);
  DeleteBackupRequest request;
  request.backup_arn = reader.String(reader.Member("BackupArn"));
  DYNAMITE_RETURN_IF_ERROR(reader.Finish());
  return request;
}

absl::StatusOr<ListBackupsRequest> DecodeListBackupsRequest(
    const JsonValue& body) {
  RequestReader reader(body);
  ListBackupsRequest request;
  request.table_name = reader.String(reader.Member("TableName"));
  request.limit = reader.Integer(reader.Member("Limit"));
  request.time_range_lower_bound = ReadTime(
      reader, reader.Member("TimeRangeLowerBound"), "TimeRangeLowerBound");
  request.time_range_upper_bound = ReadTime(
      reader, reader.Member("TimeRangeUpperBound"), "TimeRangeUpperBound");
  request.exclusive_start_backup_arn =
      reader.String(reader.Member("ExclusiveStartBackupArn"));
  request.backup_type = reader.String(reader.Member("BackupType"));
  DYNAMITE_RETURN_IF_ERROR(reader.Finish());
  return request;
}

absl::StatusOr<RestoreTableFromBackupRequest>
DecodeRestoreTableFromBackupRequest(const JsonValue& body) {
  RequestReader reader(body);
  RestoreTableFromBackupRequest request;
  request.target_table_name = reader.String(reader.Member("TargetTableName"));
  request.backup_arn = reader.String(reader.Member("BackupArn"));
  request.billing_mode_override =
      reader.Enum(reader.String(reader.Member("BillingModeOverride")),
                  "billingModeOverride", kBillingModeNames);
  request.provisioned_throughput_override = ReadProvisionedThroughput(
      reader, reader.Member("ProvisionedThroughputOverride"),
      "provisionedThroughputOverride");
  request.global_secondary_index_override = ReadGlobalSecondaryIndexes(
      reader, reader.Member("GlobalSecondaryIndexOverride"),
      "globalSecondaryIndexOverride");
  request.local_secondary_index_override = ReadLocalSecondaryIndexes(
      reader, reader.Member("LocalSecondaryIndexOverride"),
      "localSecondaryIndexOverride");
  request.on_demand_throughput_override = ReadOnDemandThroughput(
      reader, reader.Member("OnDemandThroughputOverride"));
  request.sse_specification_override =
      ReadSseSpecification(reader, reader.Member("SSESpecificationOverride"),
                           "sSESpecificationOverride");
  DYNAMITE_RETURN_IF_ERROR(reader.Finish());
  return request;
}

std::string EncodeCreateBackupResponse(const CreateBackupResponse& response) {
  return Encode([&](JsonWriter& writer) {
    WriteDetails(response.backup_details, writer);
  });
}

std::string EncodeDescribeBackupResponse(
    const DescribeBackupResponse& response) {
  return Encode([&](JsonWriter& writer) {
    WriteDescription(response.backup_description, writer);
  });
}

std::string EncodeDeleteBackupResponse(const DeleteBackupResponse& response) {
  return Encode([&](JsonWriter& writer) {
    WriteDescription(response.backup_description, writer);
  });
}

std::string EncodeListBackupsResponse(const ListBackupsResponse& response) {
  return Encode([&](JsonWriter& writer) {
    writer.Key("BackupSummaries");
    writer.StartArray();
    for (const BackupSummary& s : response.backup_summaries) {
      writer.StartObject();
      WriteStringMember(writer, "TableName", s.table_name);
      WriteStringMember(writer, "TableId", s.table_id);
      WriteStringMember(writer, "TableArn", s.table_arn);
      WriteStringMember(writer, "BackupArn", s.backup_arn);
      WriteStringMember(writer, "BackupName", s.backup_name);
      WriteEpochSecondsMember(writer, "BackupCreationDateTime",
                              s.backup_creation_date_time);
      WriteStringMember(writer, "BackupStatus", s.backup_status);
      WriteStringMember(writer, "BackupType", s.backup_type);
      writer.Key("BackupSizeBytes");
      writer.Int64(s.backup_size_bytes);
      writer.EndObject();
    }
    writer.EndArray();
    if (response.last_evaluated_backup_arn.has_value()) {
      WriteStringMember(writer, "LastEvaluatedBackupArn",
                        *response.last_evaluated_backup_arn);
    }
  });
}

std::string EncodeRestoreTableFromBackupResponse(
    const RestoreTableFromBackupResponse& response) {
  return EncodeCreateTableResponse(
      CreateTableResponse{response.table_description});
}

}  // namespace dynamite
