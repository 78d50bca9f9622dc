#include "wire/export_json.h"

#include <utility>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"

#include "common/errors.h"
#include "store/item.h"
#include "store/number.h"
#include "store/value.h"
#include "wire/json.h"
#include "wire/value_json.h"

namespace dynamite {
namespace {

// The digits of `text` past the 38th significant one are dropped (after
// the decimal point) or zeroed (before it), so the magnitude is kept.
std::string TruncateDigits(absl::string_view text) {
  std::string out;
  int significant = 0;
  bool after_point = false, in_exponent = false;
  for (char c : text) {
    if (c == 'e' || c == 'E') in_exponent = true;
    if (in_exponent || !absl::ascii_isdigit(static_cast<unsigned char>(c))) {
      after_point = after_point || c == '.';
      out += c;
      continue;
    }
    if (c != '0' || significant > 0) ++significant;
    if (significant > Number::kMaxDigits) {
      if (!after_point) out += '0';
      continue;
    }
    out += c;
  }
  return out;
}

class NumberScanner {
 public:
  NumberScanner(JsonDocument::AllocatorType& allocator,
                std::vector<ExportedNumber>& found)
      : allocator_(allocator), found_(found) {}

  // Walks the AttributeValue `value` at `path`, truncating imprecise N and
  // NS members in place. Depth is bounded as DecodeAttributeValue bounds
  // it; deeper values are left for it to report.
  void Value(JsonValue& value, const std::string& path, int depth) {
    if (!value.IsObject() || depth > kMaxNestingDepth) return;
    for (auto& member : value.GetObject()) {
      absl::string_view type = JsonString(member.name);
      JsonValue& inner = member.value;
      if (type == "N") {
        Number(inner, path);
      } else if (type == "NS" && inner.IsArray()) {
        for (JsonValue& n : inner.GetArray()) Number(n, path);
      } else if (type == "M" && inner.IsObject()) {
        for (auto& field : inner.GetObject()) {
          if (!field.name.IsString()) continue;
          Value(field.value, absl::StrCat(path, ".", JsonString(field.name)),
                depth + 1);
        }
      } else if (type == "L" && inner.IsArray()) {
        int i = 0;
        for (JsonValue& element : inner.GetArray()) {
          Value(element, absl::StrCat(path, "[", i++, "]"), depth + 1);
        }
      }
    }
  }

 private:
  void Number(JsonValue& n, const std::string& path) {
    if (!n.IsString()) return;
    const absl::string_view text = JsonString(n);
    absl::StatusOr<dynamite::Number> parsed = Number::Parse(text);
    if (parsed.ok() ||
        !absl::StrContains(parsed.status().message(), "significant digits")) {
      return;
    }
    found_.push_back(ExportedNumber{path, std::string(text)});
    const std::string truncated = TruncateDigits(text);
    n.SetString(truncated.data(),
                static_cast<rapidjson::SizeType>(truncated.size()), allocator_);
  }

  JsonDocument::AllocatorType& allocator_;
  std::vector<ExportedNumber>& found_;
};

}  // namespace

absl::StatusOr<ExportedItem> DecodeExportLine(absl::string_view line) {
  JsonDocument doc;
  if (!ParseJson(line, doc) || !doc.IsObject()) {
    return SerializationError("not a JSON object");
  }
  JsonValue* item = &doc;
  if (auto it = doc.FindMember("Item"); it != doc.MemberEnd()) {
    item = &it->value;
  }
  if (!item->IsObject()) return SerializationError("\"Item\" is not an object");
  ExportedItem result;
  NumberScanner scanner(doc.GetAllocator(), result.imprecise_numbers);
  for (auto& member : item->GetObject()) {
    scanner.Value(member.value, std::string(JsonString(member.name)), 0);
  }
  ValueErrors errors;
  result.item = DecodeAttributeMap(*item, errors);
  if (!errors.ok()) return errors.first();
  // Empty or duplicated sets, nesting: what the store refuses on a write.
  if (absl::Status valid = ValidateItemAttributes(result.item); !valid.ok()) {
    return valid;
  }
  return result;
}

void AppendExportLine(const PackedItem& item, std::string& out) {
  rapidjson::StringBuffer buffer;
  JsonWriter writer(buffer);
  writer.StartObject();
  writer.Key("Item");
  WritePackedItem(item, writer);
  writer.EndObject();
  out.append(buffer.GetString(), buffer.GetSize());
  out += '\n';
}

}  // namespace dynamite
