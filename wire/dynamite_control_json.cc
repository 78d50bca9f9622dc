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

}  // namespace dynamite
