#include "wire/legacy_json.h"

#include <utility>

#include "absl/strings/str_cat.h"

#include "wire/enum_names.h"
#include "wire/json_types.h"

namespace dynamite {
namespace {

// The Java class of a map's values, as DynamoDB names it in type errors.
std::string ShapeClass(absl::string_view shape) {
  return absl::StrCat(kShapePackage, shape);
}

// "<path>.<attribute>.member.<field>", DynamoDB's path of a member of a
// map entry.
std::string EntryPath(absl::string_view path, absl::string_view attribute,
                      absl::string_view field) {
  return absl::StrCat(path, ".", attribute, ".member.", field);
}

// An AttributeValueList: a list of AttributeValues.
std::optional<std::vector<AttributeValue>> ReadValueList(
    RequestReader& reader, const JsonValue* member) {
  const JsonValue* list = reader.List(member);
  if (list == nullptr) return std::nullopt;
  std::vector<AttributeValue> values;
  for (const JsonValue& element : list->GetArray()) {
    std::optional<AttributeValue> value = reader.Value(&element);
    if (value.has_value()) values.push_back(*std::move(value));
  }
  return values;
}

// A field holding one AttributeValue ("Value").
std::optional<AttributeValue> ReadValueField(RequestReader& reader,
                                             const JsonValue* member) {
  const JsonValue* value =
      reader.Structure(member, "AttributeValue", StructurePosition::kField);
  return reader.Value(value);
}

// Calls `read(attribute, entry)` for each non-null entry of the map member
// `name` whose values are structures of `shape`.
template <typename Read>
bool ForEachEntry(RequestReader& reader, absl::string_view name,
                  absl::string_view shape, Read read) {
  const JsonValue* map = reader.Map(reader.Member(name), ShapeClass(shape));
  if (map == nullptr) return false;
  for (auto it = map->MemberBegin(); it != map->MemberEnd(); ++it) {
    if (it->value.IsNull()) continue;
    const JsonValue* entry =
        reader.Structure(&it->value, shape, StructurePosition::kValue);
    if (entry == nullptr) continue;
    read(std::string(JsonString(it->name)), *entry);
  }
  return true;
}

}  // namespace

std::optional<LegacyConditions> ReadLegacyConditions(RequestReader& reader,
                                                     absl::string_view name,
                                                     absl::string_view path) {
  LegacyConditions conditions;
  bool present = ForEachEntry(
      reader, name, "Condition",
      [&](const std::string& attribute, const JsonValue& entry) {
        const std::string op_path =
            EntryPath(path, attribute, "comparisonOperator");
        std::optional<std::string> op_name =
            reader.String(RequestReader::Member(&entry, "ComparisonOperator"));
        reader.NotNull(op_path, op_name.has_value());
        std::optional<ComparisonOperator> op =
            reader.Enum(op_name, op_path, kComparisonOperatorNames);
        std::optional<std::vector<AttributeValue>> values = ReadValueList(
            reader, RequestReader::Member(&entry, "AttributeValueList"));
        LegacyCondition& condition = conditions[attribute];
        condition.op = op.value_or(ComparisonOperator::kEq);
        condition.values =
            std::move(values).value_or(std::vector<AttributeValue>());
      });
  if (!present) return std::nullopt;
  return conditions;
}

std::optional<ExpectedAttributeValues> ReadExpected(RequestReader& reader) {
  ExpectedAttributeValues expected;
  bool present = ForEachEntry(
      reader, "Expected", "ExpectedAttributeValue",
      [&](const std::string& attribute, const JsonValue& entry) {
        ExpectedAttributeValue& value = expected[attribute];
        value.value =
            ReadValueField(reader, RequestReader::Member(&entry, "Value"));
        value.exists = reader.Boolean(RequestReader::Member(&entry, "Exists"));
        value.op = reader.Enum(
            reader.String(RequestReader::Member(&entry, "ComparisonOperator")),
            EntryPath("expected", attribute, "comparisonOperator"),
            kComparisonOperatorNames);
        value.values = ReadValueList(
            reader, RequestReader::Member(&entry, "AttributeValueList"));
      });
  if (!present) return std::nullopt;
  return expected;
}

std::optional<AttributeValueUpdates> ReadAttributeUpdates(
    RequestReader& reader) {
  AttributeValueUpdates updates;
  bool present = ForEachEntry(
      reader, "AttributeUpdates", "AttributeValueUpdate",
      [&](const std::string& attribute, const JsonValue& entry) {
        AttributeValueUpdate& update = updates[attribute];
        update.value =
            ReadValueField(reader, RequestReader::Member(&entry, "Value"));
        update.action =
            reader
                .Enum(reader.String(RequestReader::Member(&entry, "Action")),
                      EntryPath("attributeUpdates", attribute, "action"),
                      kAttributeActionNames)
                .value_or(AttributeAction::kPut);
      });
  if (!present) return std::nullopt;
  return updates;
}

std::optional<std::vector<std::string>> ReadAttributesToGet(
    RequestReader& reader) {
  const JsonValue* list = reader.List(reader.Member("AttributesToGet"));
  if (list == nullptr) return std::nullopt;
  std::vector<std::string> names;
  for (const JsonValue& element : list->GetArray()) {
    // A null element is dropped, as in a map.
    if (element.IsNull()) continue;
    std::optional<std::string> name = reader.String(&element);
    if (name.has_value()) names.push_back(*std::move(name));
  }
  return names;
}

std::optional<ConditionalOperator> ReadConditionalOperator(
    RequestReader& reader) {
  return reader.Enum(reader.String(reader.Member("ConditionalOperator")),
                     "conditionalOperator", kConditionalOperatorNames);
}

}  // namespace dynamite
