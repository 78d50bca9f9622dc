#include "wire/json.h"

#include <string>

#include "rapidjson/prettywriter.h"

namespace dynamite {

const JsonValue* FindMember(const JsonValue& object, absl::string_view name) {
  const JsonValue* found = nullptr;
  for (auto it = object.MemberBegin(); it != object.MemberEnd(); ++it) {
    if (JsonString(it->name) == name) found = &it->value;
  }
  if (found != nullptr && found->IsNull()) return nullptr;
  return found;
}

std::string PrettyJson(absl::string_view json) {
  JsonDocument doc;
  if (!ParseJson(json, doc)) return std::string(json);
  rapidjson::StringBuffer buffer;
  rapidjson::PrettyWriter<rapidjson::StringBuffer> writer(buffer);
  writer.SetIndent(' ', 2);
  doc.Accept(writer);
  return JsonText(buffer);
}

}  // namespace dynamite
