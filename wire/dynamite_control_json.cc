#include "wire/dynamite_control_json.h"

#include <optional>

#include "common/status_macros.h"
#include "wire/request_reader.h"
#include "wire/table_json.h"

namespace dynamite {

absl::StatusOr<AdvanceClockRequest> DecodeAdvanceClockRequest(
    const JsonValue& body) {
  RequestReader reader(body);
  const JsonValue* member = reader.Member("Seconds");
  std::optional<int64_t> seconds = reader.Long(member);
  reader.NotNull("seconds", member != nullptr);
  DYNAMITE_RETURN_IF_ERROR(reader.Finish());
  return AdvanceClockRequest{.seconds = seconds.value_or(0)};
}

std::string EncodeAdvanceClockResponse(const AdvanceClockResponse& response) {
  rapidjson::StringBuffer buffer;
  JsonWriter writer(buffer);
  writer.StartObject();
  WriteEpochSecondsMember(writer, "Now", response.now);
  writer.EndObject();
  return JsonText(buffer);
}

std::string EncodeSweepResult(const SweepResult& result) {
  rapidjson::StringBuffer buffer;
  JsonWriter writer(buffer);
  writer.StartObject();
  writer.Key("DeletedItemCount");
  writer.Int64(result.deleted_items);
  writer.EndObject();
  return JsonText(buffer);
}

absl::StatusOr<CheckpointRequest> DecodeCheckpointRequest(
    const JsonValue& body) {
  RequestReader reader(body);
  const JsonValue* member = reader.Member("Name");
  std::optional<std::string> name = reader.String(member);
  reader.NotNull("name", member != nullptr);
  DYNAMITE_RETURN_IF_ERROR(reader.Finish());
  return CheckpointRequest{.name = name.value_or("")};
}

std::string EncodeCheckpointResponse(const CheckpointResponse& response) {
  rapidjson::StringBuffer buffer;
  JsonWriter writer(buffer);
  writer.StartObject();
  writer.Key("Name");
  writer.String(response.name.data(),
                static_cast<rapidjson::SizeType>(response.name.size()));
  writer.Key("TableCount");
  writer.Int64(response.table_count);
  writer.Key("ItemCount");
  writer.Int64(response.item_count);
  writer.EndObject();
  return JsonText(buffer);
}

}  // namespace dynamite
