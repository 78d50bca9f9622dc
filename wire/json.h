// The one place wire/ includes RapidJSON (the project's JSON library, chosen
// by measurement: docs/json_library.md), with the parse options every
// request uses and a few accessors that never abort on unexpected input.
//
// Parsing is iterative (kParseIterativeFlag), so nesting depth costs heap,
// not stack: 200,000 nested `[` are an ordinary document or parse error,
// never a stack overflow. The Document's allocator (a memory pool) frees the
// tree without recursion. Strings are validated as UTF-8.
//
// RapidJSON asserts (RAPIDJSON_ASSERT) when a GetXxx() accessor is called on
// a value of another type; code in wire/ checks IsXxx() first, always.
//
// Thread safety: a Document is a value; distinct Documents may be used
// concurrently.

#ifndef DYNAMITE_WIRE_JSON_H_
#define DYNAMITE_WIRE_JSON_H_

#include <string>

#include "absl/strings/string_view.h"
#include "rapidjson/document.h"
#include "rapidjson/stringbuffer.h"
#include "rapidjson/writer.h"

namespace dynamite {

using JsonValue = rapidjson::Value;
using JsonDocument = rapidjson::Document;
using JsonWriter = rapidjson::Writer<rapidjson::StringBuffer>;

// Parse options for every request body.
inline constexpr unsigned kJsonParseFlags =
    rapidjson::kParseIterativeFlag | rapidjson::kParseValidateEncodingFlag;

// Parses `text` into `doc`. Returns false if `text` is not one well-formed
// JSON value (with optional surrounding whitespace).
inline bool ParseJson(absl::string_view text, JsonDocument& doc) {
  doc.Parse<kJsonParseFlags>(text.data(), text.size());
  return !doc.HasParseError();
}

// The bytes of a JSON string, which may contain NUL.
// REQUIRES: value.IsString().
inline absl::string_view JsonString(const JsonValue& value) {
  return absl::string_view(value.GetString(), value.GetStringLength());
}

// Writes a string that may contain NUL.
inline void WriteJsonString(JsonWriter& writer, absl::string_view s) {
  writer.String(s.data(), static_cast<rapidjson::SizeType>(s.size()));
}

// Writes the member `key`: `value` of the object being written.
inline void WriteStringMember(JsonWriter& writer, absl::string_view key,
                              absl::string_view value) {
  WriteJsonString(writer, key);
  WriteJsonString(writer, value);
}

// Returns the member `name` of `object`, or nullptr if it is absent or JSON
// null (DynamoDB treats a null member as absent). If the name repeats, the
// last one wins, as in DynamoDB's parser.
// REQUIRES: object.IsObject().
const JsonValue* FindMember(const JsonValue& object, absl::string_view name);

// `json` re-indented for people to read: two spaces per level, one member
// or element per line. Returns `json` unchanged if it does not parse.
std::string PrettyJson(absl::string_view json);

// Returns the compact JSON text held by `buffer`.
inline std::string JsonText(const rapidjson::StringBuffer& buffer) {
  return std::string(buffer.GetString(), buffer.GetSize());
}

}  // namespace dynamite

#endif  // DYNAMITE_WIRE_JSON_H_
