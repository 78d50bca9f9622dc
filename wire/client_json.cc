#include "wire/client_json.h"

#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"

#include "wire/json.h"
#include "wire/value_json.h"

namespace dynamite {
namespace {

// Parses an answer; an error answer becomes its status.
absl::Status ParseAnswer(int http_status, absl::string_view body,
                         JsonDocument& doc) {
  if (!ParseJson(body, doc) || !doc.IsObject()) {
    return absl::InternalError(absl::StrCat(
        "HTTP ", http_status, ": the answer is not a JSON object"));
  }
  if (http_status == 200) return absl::OkStatus();
  std::string type = "error";
  if (const JsonValue* t = FindMember(doc, "__type"); t && t->IsString()) {
    type = std::string(JsonString(*t));
    if (size_t hash = type.rfind('#'); hash != std::string::npos) {
      type = type.substr(hash + 1);
    }
  }
  const JsonValue* message = FindMember(doc, "message");
  if (message == nullptr) message = FindMember(doc, "Message");
  return absl::UnavailableError(
      absl::StrCat(type, message != nullptr && message->IsString()
                             ? absl::StrCat(": ", JsonString(*message))
                             : ""));
}

absl::Status Malformed(absl::string_view what) {
  return absl::InternalError(absl::StrCat("unexpected answer: ", what));
}

absl::StatusOr<Item> DecodeItem(const JsonValue& json) {
  ValueErrors errors;
  Item item = DecodeAttributeMap(json, errors);
  if (!errors.ok()) return errors.first();
  return item;
}

}  // namespace

std::string ListTablesRequestBody(
    const std::optional<std::string>& exclusive_start_table_name) {
  rapidjson::StringBuffer buffer;
  JsonWriter writer(buffer);
  writer.StartObject();
  if (exclusive_start_table_name.has_value()) {
    writer.Key("ExclusiveStartTableName");
    WriteJsonString(writer, *exclusive_start_table_name);
  }
  writer.EndObject();
  return JsonText(buffer);
}

std::string DescribeTableRequestBody(absl::string_view table_name) {
  rapidjson::StringBuffer buffer;
  JsonWriter writer(buffer);
  writer.StartObject();
  writer.Key("TableName");
  WriteJsonString(writer, table_name);
  writer.EndObject();
  return JsonText(buffer);
}

std::string ScanRequestBody(absl::string_view table_name,
                            const std::optional<Item>& exclusive_start_key) {
  rapidjson::StringBuffer buffer;
  JsonWriter writer(buffer);
  writer.StartObject();
  writer.Key("TableName");
  WriteJsonString(writer, table_name);
  if (exclusive_start_key.has_value()) {
    writer.Key("ExclusiveStartKey");
    WriteAttributeMap(*exclusive_start_key, writer);
  }
  writer.EndObject();
  return JsonText(buffer);
}

absl::StatusOr<TableNamesPage> DecodeListTablesAnswer(int http_status,
                                                      absl::string_view body) {
  JsonDocument doc;
  if (absl::Status s = ParseAnswer(http_status, body, doc); !s.ok()) return s;
  TableNamesPage page;
  const JsonValue* names = FindMember(doc, "TableNames");
  if (names == nullptr || !names->IsArray()) return Malformed("TableNames");
  for (const JsonValue& name : names->GetArray()) {
    if (!name.IsString()) return Malformed("TableNames");
    page.table_names.emplace_back(JsonString(name));
  }
  if (const JsonValue* last = FindMember(doc, "LastEvaluatedTableName")) {
    if (!last->IsString()) return Malformed("LastEvaluatedTableName");
    page.last_evaluated_table_name = std::string(JsonString(*last));
  }
  return page;
}

absl::StatusOr<DescribedKeys> DecodeDescribeTableAnswer(
    int http_status, absl::string_view body) {
  JsonDocument doc;
  if (absl::Status s = ParseAnswer(http_status, body, doc); !s.ok()) return s;
  const JsonValue* table = FindMember(doc, "Table");
  if (table == nullptr || !table->IsObject()) return Malformed("Table");
  const JsonValue* schema = FindMember(*table, "KeySchema");
  const JsonValue* definitions = FindMember(*table, "AttributeDefinitions");
  if (schema == nullptr || !schema->IsArray() || definitions == nullptr ||
      !definitions->IsArray()) {
    return Malformed("KeySchema or AttributeDefinitions");
  }
  auto type_of = [definitions](absl::string_view name) -> KeyType {
    for (const JsonValue& d : definitions->GetArray()) {
      if (!d.IsObject()) continue;
      const JsonValue* n = FindMember(d, "AttributeName");
      const JsonValue* t = FindMember(d, "AttributeType");
      if (n == nullptr || t == nullptr || !n->IsString() || !t->IsString() ||
          JsonString(*n) != name) {
        continue;
      }
      if (JsonString(*t) == "N") return KeyType::kN;
      if (JsonString(*t) == "B") return KeyType::kB;
    }
    return KeyType::kS;
  };
  DescribedKeys keys;
  bool has_partition_key = false;
  for (const JsonValue& element : schema->GetArray()) {
    if (!element.IsObject()) return Malformed("KeySchema");
    const JsonValue* name = FindMember(element, "AttributeName");
    const JsonValue* role = FindMember(element, "KeyType");
    if (name == nullptr || role == nullptr || !name->IsString() ||
        !role->IsString()) {
      return Malformed("KeySchema");
    }
    KeyAttribute key{std::string(JsonString(*name)),
                     type_of(JsonString(*name))};
    if (JsonString(*role) == "HASH") {
      keys.key_schema.partition_key = std::move(key);
      has_partition_key = true;
    } else {
      keys.key_schema.sort_key = std::move(key);
    }
  }
  if (!has_partition_key) return Malformed("KeySchema without HASH");
  const JsonValue* lsi = FindMember(*table, "LocalSecondaryIndexes");
  keys.has_local_secondary_index =
      lsi != nullptr && lsi->IsArray() && !lsi->GetArray().Empty();
  return keys;
}

absl::StatusOr<ScanPage> DecodeScanAnswer(int http_status,
                                          absl::string_view body) {
  JsonDocument doc;
  if (absl::Status s = ParseAnswer(http_status, body, doc); !s.ok()) return s;
  ScanPage page;
  const JsonValue* items = FindMember(doc, "Items");
  if (items == nullptr || !items->IsArray()) return Malformed("Items");
  for (const JsonValue& json : items->GetArray()) {
    absl::StatusOr<Item> item = DecodeItem(json);
    if (!item.ok()) return item.status();
    page.items.push_back(*std::move(item));
  }
  if (const JsonValue* last = FindMember(doc, "LastEvaluatedKey")) {
    absl::StatusOr<Item> key = DecodeItem(*last);
    if (!key.ok()) return key.status();
    page.last_evaluated_key = *std::move(key);
  }
  return page;
}

}  // namespace dynamite
