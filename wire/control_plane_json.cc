#include "wire/control_plane_json.h"

#include <optional>

#include "common/status_macros.h"
#include "wire/request_reader.h"
#include "wire/table_json.h"

namespace dynamite {
namespace {

std::string EncodeBackups(const ContinuousBackupsDescription& d) {
  rapidjson::StringBuffer buffer;
  JsonWriter writer(buffer);
  writer.StartObject();
  writer.Key("ContinuousBackupsDescription");
  writer.StartObject();
  WriteStringMember(writer, "ContinuousBackupsStatus", "ENABLED");
  writer.Key("PointInTimeRecoveryDescription");
  writer.StartObject();
  WriteStringMember(writer, "PointInTimeRecoveryStatus",
                    d.point_in_time_recovery_enabled ? "ENABLED" : "DISABLED");
  if (d.point_in_time_recovery_enabled) {
    writer.Key("RecoveryPeriodInDays");
    writer.Int64(d.recovery_period_in_days);
    WriteEpochSecondsMember(writer, "EarliestRestorableDateTime",
                            d.earliest_restorable_date_time);
    WriteEpochSecondsMember(writer, "LatestRestorableDateTime",
                            d.latest_restorable_date_time);
  }
  writer.EndObject();
  writer.EndObject();
  writer.EndObject();
  return JsonText(buffer);
}

}  // namespace

absl::StatusOr<DescribeLimitsRequest> DecodeDescribeLimitsRequest(
    const JsonValue&) {
  return DescribeLimitsRequest{};
}

absl::StatusOr<DescribeEndpointsRequest> DecodeDescribeEndpointsRequest(
    const JsonValue&) {
  return DescribeEndpointsRequest{};
}

absl::StatusOr<DescribeContinuousBackupsRequest>
DecodeDescribeContinuousBackupsRequest(const JsonValue& body) {
  RequestReader reader(body);
  DescribeContinuousBackupsRequest request;
  request.table_name = reader.TableName(TableNameUse::kItemOperation);
  DYNAMITE_RETURN_IF_ERROR(reader.Finish());
  return request;
}

absl::StatusOr<UpdateContinuousBackupsRequest>
DecodeUpdateContinuousBackupsRequest(const JsonValue& body) {
  RequestReader reader(body);
  UpdateContinuousBackupsRequest request;
  request.table_name = reader.TableName(TableNameUse::kItemOperation);
  if (const JsonValue* spec = reader.Structure(
          reader.Member("PointInTimeRecoverySpecification"),
          "PointInTimeRecoverySpecification", StructurePosition::kField)) {
    request.point_in_time_recovery_specification =
        PointInTimeRecoverySpecification{
            .point_in_time_recovery_enabled = reader.Boolean(
                RequestReader::Member(spec, "PointInTimeRecoveryEnabled")),
            .recovery_period_in_days = reader.Integer(
                RequestReader::Member(spec, "RecoveryPeriodInDays"))};
  }
  DYNAMITE_RETURN_IF_ERROR(reader.Finish());
  return request;
}

absl::StatusOr<DescribeContributorInsightsRequest>
DecodeDescribeContributorInsightsRequest(const JsonValue& body) {
  RequestReader reader(body);
  DescribeContributorInsightsRequest request;
  request.table_name = reader.TableName(TableNameUse::kItemOperation);
  request.index_name = reader.String(reader.Member("IndexName"));
  DYNAMITE_RETURN_IF_ERROR(reader.Finish());
  return request;
}

std::string EncodeDescribeLimitsResponse(
    const DescribeLimitsResponse& response) {
  rapidjson::StringBuffer buffer;
  JsonWriter writer(buffer);
  writer.StartObject();
  writer.Key("AccountMaxReadCapacityUnits");
  writer.Int64(response.account_max_read_capacity_units);
  writer.Key("AccountMaxWriteCapacityUnits");
  writer.Int64(response.account_max_write_capacity_units);
  writer.Key("TableMaxReadCapacityUnits");
  writer.Int64(response.table_max_read_capacity_units);
  writer.Key("TableMaxWriteCapacityUnits");
  writer.Int64(response.table_max_write_capacity_units);
  writer.EndObject();
  return JsonText(buffer);
}

std::string EncodeDescribeEndpointsResponse(
    const DescribeEndpointsResponse& response) {
  rapidjson::StringBuffer buffer;
  JsonWriter writer(buffer);
  writer.StartObject();
  writer.Key("Endpoints");
  writer.StartArray();
  for (const Endpoint& endpoint : response.endpoints) {
    writer.StartObject();
    WriteStringMember(writer, "Address", endpoint.address);
    writer.Key("CachePeriodInMinutes");
    writer.Int64(endpoint.cache_period_in_minutes);
    writer.EndObject();
  }
  writer.EndArray();
  writer.EndObject();
  return JsonText(buffer);
}

std::string EncodeDescribeContinuousBackupsResponse(
    const DescribeContinuousBackupsResponse& response) {
  return EncodeBackups(response.continuous_backups_description);
}

std::string EncodeUpdateContinuousBackupsResponse(
    const UpdateContinuousBackupsResponse& response) {
  return EncodeBackups(response.continuous_backups_description);
}

std::string EncodeDescribeContributorInsightsResponse(
    const DescribeContributorInsightsResponse& response) {
  rapidjson::StringBuffer buffer;
  JsonWriter writer(buffer);
  writer.StartObject();
  WriteStringMember(writer, "TableName", response.table_name);
  if (response.index_name.has_value()) {
    WriteStringMember(writer, "IndexName", *response.index_name);
  }
  WriteStringMember(writer, "ContributorInsightsStatus", "DISABLED");
  writer.EndObject();
  return JsonText(buffer);
}

}  // namespace dynamite
