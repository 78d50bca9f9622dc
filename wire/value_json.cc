#include "wire/value_json.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/escaping.h"

#include "common/errors.h"
#include "store/number.h"
#include "wire/json_types.h"

namespace dynamite {
namespace {

constexpr absl::string_view kEmptyValue =
    "Supplied AttributeValue is empty, must contain exactly one of the "
    "supported datatypes";
constexpr absl::string_view kMultipleTypes =
    "Supplied AttributeValue has more than one datatypes set, must contain "
    "exactly one of the supported datatypes";
constexpr absl::string_view kNullFalse =
    "One or more parameter values were invalid: Null attribute value types "
    "must have the value of true";
constexpr absl::string_view kTooDeep =
    "Nesting Levels have exceeded supported limits: Attributes in the item "
    "have nested levels beyond supported limit";
// A JSON null inside a set. DynamoDB's wording is not recorded; these are
// dynalite's messages for null-or-empty members.
constexpr absl::string_view kNullInStringSet =
    "One or more parameter values were invalid: An string set may not have a "
    "empty string as a member";
constexpr absl::string_view kNullInNumberSet =
    "The parameter cannot be converted to a numeric value";
constexpr absl::string_view kNullInBinarySet =
    "One or more parameter values were invalid: Binary sets may not contain "
    "null or empty values";

// M and L containers nested deeper than this are reported, not descended
// into. The store rejects anything deeper than kMaxNestingDepth allows with
// the same message, so this bound changes no answer: it only caps recursion.
constexpr int kMaxDecodeDepth = kMaxNestingDepth + 1;

class Decoder {
 public:
  explicit Decoder(ValueErrors& errors) : errors_(errors) {}

  // Decodes a value enclosed by `depth` containers (0: an attribute's value).
  AttributeValue Value(const JsonValue& json, int depth) {
    if (json.IsNull()) {
      Invalid(ValidationError(kEmptyValue));
      return AttributeValue();
    }
    if (!TypeOk(CheckJsonStructure(json, "AttributeValue",
                                   StructurePosition::kValue))) {
      return AttributeValue();
    }
    AttributeValue result;
    int types = 0;
    for (auto it = json.MemberBegin(); it != json.MemberEnd(); ++it) {
      if (it->value.IsNull()) continue;
      std::optional<AttributeValue> decoded =
          Typed(JsonString(it->name), it->value, depth);
      if (!decoded.has_value()) continue;  // not a type descriptor
      if (++types == 1) result = *std::move(decoded);
    }
    if (types == 0) Invalid(ValidationError(kEmptyValue));
    if (types > 1) Invalid(ValidationError(kMultipleTypes));
    return result;
  }

  // Decodes the members of a JSON object (already type-checked) as
  // attribute name -> value, each enclosed by `depth` containers. Of a
  // repeated name the last value counts (see DecodeAttributeMap()).
  AttributeMap Members(const JsonValue& json, int depth) {
    std::vector<AttributeMap::value_type> entries;
    entries.reserve(json.MemberCount());
    for (auto it = json.MemberBegin(); it != json.MemberEnd(); ++it) {
      entries.emplace_back(std::string(JsonString(it->name)),
                           Value(it->value, depth));
    }
    return AttributeMap::FromEntries(std::move(entries));
  }

 private:
  // Decodes the value of type descriptor `type`, or returns std::nullopt if
  // `type` is not one. On a problem, records it and returns a placeholder.
  std::optional<AttributeValue> Typed(absl::string_view type,
                                      const JsonValue& json, int depth) {
    if (type == "S") {
      absl::StatusOr<absl::string_view> s = JsonToString(json);
      if (!TypeOk(s.status())) return AttributeValue();
      return AttributeValue::S(std::string(*s));
    }
    if (type == "N") return AttributeValue::N(ParseNumber(json));
    if (type == "B") {
      absl::StatusOr<std::string> b = JsonToBlob(json);
      if (!TypeOk(b.status())) return AttributeValue();
      return AttributeValue::B(*std::move(b));
    }
    if (type == "BOOL") {
      absl::StatusOr<bool> b = JsonToBoolean(json);
      if (!TypeOk(b.status())) return AttributeValue();
      return AttributeValue::Bool(*b);
    }
    if (type == "NULL") {
      absl::StatusOr<bool> b = JsonToBoolean(json);
      if (TypeOk(b.status()) && !*b) Invalid(ValidationError(kNullFalse));
      return AttributeValue::Null();
    }
    if (type == "SS") return StringSet(json);
    if (type == "NS") return NumberSet(json);
    if (type == "BS") return BinarySet(json);
    if (type == "L") return ListValue(json, depth);
    if (type == "M") return MapValue(json, depth);
    return std::nullopt;
  }

  Number ParseNumber(const JsonValue& json) {
    absl::StatusOr<absl::string_view> text = JsonToString(json);
    if (!TypeOk(text.status())) return Number();
    absl::StatusOr<Number> n = Number::Parse(*text);
    if (!n.ok()) {
      Invalid(n.status());
      return Number();
    }
    return *n;
  }

  AttributeValue StringSet(const JsonValue& json) {
    std::vector<std::string> members;
    if (!TypeOk(CheckJsonList(json))) return AttributeValue();
    for (const JsonValue& member : json.GetArray()) {
      if (member.IsNull()) {
        Invalid(ValidationError(kNullInStringSet));
        continue;
      }
      absl::StatusOr<absl::string_view> s = JsonToString(member);
      if (TypeOk(s.status())) members.emplace_back(*s);
    }
    return AttributeValue::SS(std::move(members));
  }

  AttributeValue NumberSet(const JsonValue& json) {
    std::vector<Number> members;
    if (!TypeOk(CheckJsonList(json))) return AttributeValue();
    for (const JsonValue& member : json.GetArray()) {
      if (member.IsNull()) {
        Invalid(ValidationError(kNullInNumberSet));
        continue;
      }
      members.push_back(ParseNumber(member));
    }
    return AttributeValue::NS(std::move(members));
  }

  AttributeValue BinarySet(const JsonValue& json) {
    std::vector<std::string> members;
    if (!TypeOk(CheckJsonList(json))) return AttributeValue();
    for (const JsonValue& member : json.GetArray()) {
      if (member.IsNull()) {
        Invalid(ValidationError(kNullInBinarySet));
        continue;
      }
      absl::StatusOr<std::string> b = JsonToBlob(member);
      if (TypeOk(b.status())) members.push_back(*std::move(b));
    }
    return AttributeValue::BS(std::move(members));
  }

  AttributeValue ListValue(const JsonValue& json, int depth) {
    if (!TypeOk(CheckJsonList(json))) return AttributeValue();
    if (!DepthOk(depth)) return AttributeValue();
    std::vector<AttributeValue> elements;
    elements.reserve(json.Size());
    for (const JsonValue& element : json.GetArray()) {
      elements.push_back(Value(element, depth + 1));
    }
    return AttributeValue::L(std::move(elements));
  }

  AttributeValue MapValue(const JsonValue& json, int depth) {
    if (!TypeOk(CheckJsonMap(json, kAttributeValueClass))) {
      return AttributeValue();
    }
    if (!DepthOk(depth)) return AttributeValue();
    return AttributeValue::M(Members(json, depth + 1));
  }

  // A container enclosed by `depth` others is container number depth + 1.
  bool DepthOk(int depth) {
    if (depth + 1 <= kMaxDecodeDepth) return true;
    Invalid(ValidationError(kTooDeep));
    return false;
  }

  bool TypeOk(absl::Status status) {
    if (status.ok()) return true;
    if (errors_.serialization.ok()) errors_.serialization = std::move(status);
    return false;
  }

  void Invalid(absl::Status status) {
    if (errors_.validation.ok()) errors_.validation = std::move(status);
  }

  ValueErrors& errors_;
};

}  // namespace

AttributeValue DecodeAttributeValue(const JsonValue& json,
                                    ValueErrors& errors) {
  return Decoder(errors).Value(json, 0);
}

AttributeMap DecodeAttributeMap(const JsonValue& json, ValueErrors& errors) {
  absl::Status type = CheckJsonMap(json, kAttributeValueClass);
  if (!type.ok()) {
    if (errors.serialization.ok()) errors.serialization = std::move(type);
    return AttributeMap();
  }
  // The members are collected, then sorted once: inserting them one by one
  // in JSON order would be quadratic for an item of many attributes. Of a
  // repeated name the last value counts, as it always has here.
  Decoder decoder(errors);
  std::vector<AttributeMap::value_type> entries;
  entries.reserve(json.MemberCount());
  for (auto it = json.MemberBegin(); it != json.MemberEnd(); ++it) {
    bool was_valid = errors.validation.ok();
    std::string name(JsonString(it->name));
    AttributeValue value = decoder.Value(it->value, 0);
    if (was_valid && !errors.validation.ok()) {
      errors.validation_attribute = name;
    }
    entries.emplace_back(std::move(name), std::move(value));
  }
  return AttributeMap::FromEntries(std::move(entries));
}

absl::StatusOr<AttributeValue> AttributeValueFromJson(absl::string_view json) {
  JsonDocument doc;
  if (!ParseJson(json, doc)) return SerializationError("");
  ValueErrors errors;
  AttributeValue value = DecodeAttributeValue(doc, errors);
  if (!errors.ok()) return errors.first();
  return value;
}

absl::StatusOr<AttributeMap> AttributeMapFromJson(absl::string_view json) {
  JsonDocument doc;
  if (!ParseJson(json, doc)) return SerializationError("");
  ValueErrors errors;
  AttributeMap map = DecodeAttributeMap(doc, errors);
  if (!errors.ok()) return errors.first();
  return map;
}

namespace {

void WriteNumber(const Number& n, JsonWriter& writer) {
  Number::TextBuffer text;
  WriteJsonString(writer, n.Format(text));
}

void WriteBinary(absl::string_view bytes, JsonWriter& writer) {
  WriteJsonString(writer, absl::Base64Escape(bytes));
}

// The members of an M, L or set: the one part of a value whose reading
// differs between a decoded value and a packed one.
void WriteContainer(const AttributeValue& value, JsonWriter& writer) {
  switch (value.type()) {
    case ValueType::kM:
      WriteAttributeMap(value.m(), writer);
      return;
    case ValueType::kL:
      writer.StartArray();
      for (const AttributeValue& element : value.l()) {
        WriteAttributeValue(element, writer);
      }
      writer.EndArray();
      return;
    case ValueType::kSS:
      writer.StartArray();
      for (const std::string& s : value.ss()) WriteJsonString(writer, s);
      writer.EndArray();
      return;
    case ValueType::kNS:
      writer.StartArray();
      for (const Number& n : value.ns()) WriteNumber(n, writer);
      writer.EndArray();
      return;
    case ValueType::kBS:
      writer.StartArray();
      for (const std::string& b : value.bs()) WriteBinary(b, writer);
      writer.EndArray();
      return;
    default:
      return;
  }
}

void WriteContainer(ValueView value, JsonWriter& writer) {
  switch (value.type()) {
    case ValueType::kM:
      writer.StartObject();
      value.ForEachMember([&](absl::string_view name, ValueView member) {
        WriteJsonString(writer, name);
        WritePackedValue(member, writer);
      });
      writer.EndObject();
      return;
    case ValueType::kL:
      writer.StartArray();
      value.ForEachElement(
          [&](ValueView element) { WritePackedValue(element, writer); });
      writer.EndArray();
      return;
    case ValueType::kSS:
      writer.StartArray();
      value.ForEachBytes(
          [&](absl::string_view s) { WriteJsonString(writer, s); });
      writer.EndArray();
      return;
    case ValueType::kNS:
      writer.StartArray();
      value.ForEachNumber([&](const Number& n) { WriteNumber(n, writer); });
      writer.EndArray();
      return;
    case ValueType::kBS:
      writer.StartArray();
      value.ForEachBytes([&](absl::string_view b) { WriteBinary(b, writer); });
      writer.EndArray();
      return;
    default:
      return;
  }
}

// `{"<type>": ...}` of an AttributeValue or a packed ValueView, which
// answer the scalar accessors alike.
template <typename Value>
void WriteValue(const Value& value, JsonWriter& writer) {
  writer.StartObject();
  WriteJsonString(writer, ValueTypeName(value.type()));
  switch (value.type()) {
    case ValueType::kS:
      WriteJsonString(writer, value.s());
      break;
    case ValueType::kN:
      WriteNumber(value.n(), writer);
      break;
    case ValueType::kB:
      WriteBinary(value.b(), writer);
      break;
    case ValueType::kBool:
      writer.Bool(value.boolean());
      break;
    case ValueType::kNull:
      writer.Bool(true);
      break;
    case ValueType::kM:
    case ValueType::kL:
    case ValueType::kSS:
    case ValueType::kNS:
    case ValueType::kBS:
      WriteContainer(value, writer);
      break;
  }
  writer.EndObject();
}

}  // namespace

void WriteAttributeValue(const AttributeValue& value, JsonWriter& writer) {
  WriteValue(value, writer);
}

void WriteAttributeMap(const AttributeMap& map, JsonWriter& writer) {
  writer.StartObject();
  for (const auto& [name, value] : map) {
    WriteJsonString(writer, name);
    WriteAttributeValue(value, writer);
  }
  writer.EndObject();
}

void WritePackedValue(ValueView value, JsonWriter& writer) {
  WriteValue(value, writer);
}

void WritePackedItem(const PackedItem& item, JsonWriter& writer) {
  writer.StartObject();
  item.ForEach([&](absl::string_view name, ValueView value) {
    WriteJsonString(writer, name);
    WritePackedValue(value, writer);
  });
  writer.EndObject();
}

void WriteItem(const ItemPtr& item, JsonWriter& writer) {
  if (item == nullptr) {
    writer.StartObject();
    writer.EndObject();
    return;
  }
  if (item.packed() == nullptr) {
    WriteAttributeMap(*item, writer);  // built for this answer, unpacked
    return;
  }
  WritePackedItem(*item.packed(), writer);
}

std::string AttributeValueToJson(const AttributeValue& value) {
  rapidjson::StringBuffer buffer;
  JsonWriter writer(buffer);
  WriteAttributeValue(value, writer);
  return JsonText(buffer);
}

std::string AttributeMapToJson(const AttributeMap& map) {
  rapidjson::StringBuffer buffer;
  JsonWriter writer(buffer);
  WriteAttributeMap(map, writer);
  return JsonText(buffer);
}

}  // namespace dynamite
