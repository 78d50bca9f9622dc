#include "wire/json.h"

namespace dynamite {

const JsonValue* FindMember(const JsonValue& object, absl::string_view name) {
  const JsonValue* found = nullptr;
  for (auto it = object.MemberBegin(); it != object.MemberEnd(); ++it) {
    if (JsonString(it->name) == name) found = &it->value;
  }
  if (found != nullptr && found->IsNull()) return nullptr;
  return found;
}

}  // namespace dynamite
