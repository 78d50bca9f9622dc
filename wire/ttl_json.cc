#include "wire/ttl_json.h"

#include <optional>

#include "common/status_macros.h"
#include "wire/request_reader.h"

namespace dynamite {
namespace {}  // namespace

absl::StatusOr<UpdateTimeToLiveRequest> DecodeUpdateTimeToLiveRequest(
    const JsonValue& body) {
  RequestReader reader(body);
  UpdateTimeToLiveRequest request;
  request.table_name = reader.TableName(TableNameUse::kTableOperation);
  if (const JsonValue* spec = reader.Structure(
          reader.Member("TimeToLiveSpecification"), "TimeToLiveSpecification",
          StructurePosition::kField)) {
    request.time_to_live_specification = TimeToLiveSpecification{
        .enabled = reader.Boolean(RequestReader::Member(spec, "Enabled")),
        .attribute_name =
            reader.String(RequestReader::Member(spec, "AttributeName"))};
  }
  DYNAMITE_RETURN_IF_ERROR(reader.Finish());
  return request;
}

absl::StatusOr<DescribeTimeToLiveRequest> DecodeDescribeTimeToLiveRequest(
    const JsonValue& body) {
  RequestReader reader(body);
  DescribeTimeToLiveRequest request;
  request.table_name = reader.TableName(TableNameUse::kTableOperation);
  DYNAMITE_RETURN_IF_ERROR(reader.Finish());
  return request;
}

std::string EncodeUpdateTimeToLiveResponse(
    const UpdateTimeToLiveResponse& response) {
  rapidjson::StringBuffer buffer;
  JsonWriter writer(buffer);
  writer.StartObject();
  writer.Key("TimeToLiveSpecification");
  writer.StartObject();
  if (response.attribute_name.has_value()) {
    WriteStringMember(writer, "AttributeName", *response.attribute_name);
  }
  writer.Key("Enabled");
  writer.Bool(response.enabled);
  writer.EndObject();
  writer.EndObject();
  return JsonText(buffer);
}

std::string EncodeDescribeTimeToLiveResponse(
    const DescribeTimeToLiveResponse& response) {
  const TimeToLiveDescription& description = response.time_to_live_description;
  rapidjson::StringBuffer buffer;
  JsonWriter writer(buffer);
  writer.StartObject();
  writer.Key("TimeToLiveDescription");
  writer.StartObject();
  WriteStringMember(
      writer, "TimeToLiveStatus",
      description.time_to_live_status == TimeToLiveStatus::kEnabled
          ? "ENABLED"
          : "DISABLED");
  if (description.attribute_name.has_value()) {
    WriteStringMember(writer, "AttributeName", *description.attribute_name);
  }
  writer.EndObject();
  writer.EndObject();
  return JsonText(buffer);
}

}  // namespace dynamite
