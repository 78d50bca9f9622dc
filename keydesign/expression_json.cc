#include "keydesign/expression_json.h"

#include <optional>
#include <string>

#include "absl/strings/string_view.h"

#include "wire/json.h"
#include "wire/value_json.h"

namespace dynamite {
namespace {

void WriteOptionalMember(JsonWriter& writer, absl::string_view name,
                         const std::optional<std::string>& text) {
  if (!text.has_value()) return;
  WriteJsonString(writer, name);
  WriteJsonString(writer, *text);
}

}  // namespace

std::string ExpressionsToJson(const BuiltExpressions& expressions,
                              absl::string_view table_name) {
  rapidjson::StringBuffer buffer;
  JsonWriter writer(buffer);
  writer.StartObject();
  if (!table_name.empty()) {
    WriteJsonString(writer, "TableName");
    WriteJsonString(writer, table_name);
  }
  WriteOptionalMember(writer, "KeyConditionExpression",
                      expressions.key_condition_expression);
  WriteOptionalMember(writer, "FilterExpression",
                      expressions.filter_expression);
  WriteOptionalMember(writer, "ConditionExpression",
                      expressions.condition_expression);
  WriteOptionalMember(writer, "UpdateExpression",
                      expressions.update_expression);
  if (!expressions.names.empty()) {
    WriteJsonString(writer, "ExpressionAttributeNames");
    writer.StartObject();
    for (const auto& [placeholder, name] : expressions.names) {
      WriteJsonString(writer, placeholder);
      WriteJsonString(writer, name);
    }
    writer.EndObject();
  }
  if (!expressions.values.empty()) {
    WriteJsonString(writer, "ExpressionAttributeValues");
    WriteAttributeMap(expressions.values, writer);
  }
  writer.EndObject();
  return JsonText(buffer);
}

}  // namespace dynamite
