#include "keydesign/lint_index_json.h"

#include <string>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"

#include "wire/json.h"

namespace dynamite {
namespace {

absl::Status Malformed(absl::string_view what) {
  return absl::InternalError(
      absl::StrCat("DescribeTable answered without a valid ", what));
}

// The type `definitions` (AttributeDefinitions) gives `name`; S if none.
KeyType TypeOf(const JsonValue* definitions, absl::string_view name) {
  if (definitions == nullptr || !definitions->IsArray()) return KeyType::kS;
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
}

absl::StatusOr<LintIndex> DecodeIndex(const JsonValue& json, bool global,
                                      const JsonValue* definitions) {
  if (!json.IsObject()) return Malformed("index");
  const JsonValue* name = FindMember(json, "IndexName");
  const JsonValue* schema = FindMember(json, "KeySchema");
  if (name == nullptr || !name->IsString() || schema == nullptr ||
      !schema->IsArray()) {
    return Malformed("IndexName or index KeySchema");
  }
  LintIndex index{.name = std::string(JsonString(*name)), .global = global};
  for (const JsonValue& element : schema->GetArray()) {
    if (!element.IsObject()) return Malformed("index KeySchema");
    const JsonValue* attribute = FindMember(element, "AttributeName");
    const JsonValue* role = FindMember(element, "KeyType");
    if (attribute == nullptr || role == nullptr || !attribute->IsString() ||
        !role->IsString()) {
      return Malformed("index KeySchema");
    }
    KeyAttribute key{std::string(JsonString(*attribute)),
                     TypeOf(definitions, JsonString(*attribute))};
    if (JsonString(*role) == "HASH") {
      index.partition_keys.push_back(std::move(key));
    } else if (JsonString(*role) == "RANGE") {
      index.sort_keys.push_back(std::move(key));
    } else {
      return Malformed("index KeyType");
    }
  }
  if (index.partition_keys.empty()) return Malformed("index HASH key");
  return index;
}

}  // namespace

absl::StatusOr<std::vector<LintIndex>> DecodeDescribedIndexes(
    absl::string_view body) {
  JsonDocument doc;
  if (!ParseJson(body, doc) || !doc.IsObject()) return Malformed("JSON body");
  const JsonValue* table = FindMember(doc, "Table");
  if (table == nullptr || !table->IsObject()) return Malformed("Table");
  const JsonValue* definitions = FindMember(*table, "AttributeDefinitions");
  std::vector<LintIndex> indexes;
  for (const auto& [member, global] :
       {std::pair<absl::string_view, bool>{"LocalSecondaryIndexes", false},
        std::pair<absl::string_view, bool>{"GlobalSecondaryIndexes", true}}) {
    const JsonValue* list = FindMember(*table, member);
    if (list == nullptr) continue;
    if (!list->IsArray()) return Malformed(member);
    for (const JsonValue& json : list->GetArray()) {
      absl::StatusOr<LintIndex> index = DecodeIndex(json, global, definitions);
      if (!index.ok()) return index.status();
      indexes.push_back(*std::move(index));
    }
  }
  return indexes;
}

}  // namespace dynamite
