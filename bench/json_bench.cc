// Chooses wire/'s JSON library by measurement (docs/json_library.md has the
// results and the reasoning). Each candidate decodes a realistic DynamoDB
// Query response of 100 leaderboard items (workloads.md, L) into plain C++
// structs shaped like store/'s Item, and encodes the structs back to JSON:
// the two things wire/ does on every request.
//
//   {"Items":[{"leaderboardId":{"S":"SEASON#2026-SPRING"},
//              "rankKey":{"S":"9999998499#0000001719100800#p_8842"},
//              "playerId":{"S":"p_8842"},"score":{"N":"1500"},
//              "ts":{"N":"1719100800000"},"name":{"S":"Some Player Name"}},
//             ... 100 items ...],
//    "Count":100,"ScannedCount":100}
//
// Candidates, each used the way its documentation recommends for speed:
//   rapidjson            Document::Parse (recursive), Writer to StringBuffer
//   rapidjson_wire       Document::Parse with wire/'s flags: iterative, and
//                        validating UTF-8 as the other three always do
//   nlohmann             json::parse(..., allow_exceptions=false), dump()
//   boost                json::parse into a monotonic_resource, serialize()
//   simdjson             On-Demand over a reused parser; simdjson cannot
//                        write JSON, so encoding uses its internal
//                        mini_formatter (the string builder behind
//                        simdjson::minify), appending by hand.
//   simdjson_dom         the DOM parser (run-time CPU dispatch), same encoder
//
// Decoders check the shape (objects, one type per attribute value, strings)
// and return std::nullopt on anything else; none may throw or abort on bad
// input. Every benchmark first checks that its library decodes the input to
// the expected structs and that its encoding decodes back to them.
//
// This program is built only when all four libraries are installed
// (bench/CMakeLists.txt); only RapidJSON is a project dependency.

#include <algorithm>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "benchmark/benchmark.h"
#include "rapidjson/document.h"
#include "rapidjson/stringbuffer.h"
#include "rapidjson/writer.h"

#include "bench/leaderboard_workload.h"
#include "boost/json.hpp"
#include "nlohmann/json.hpp"
#include "simdjson.h"

// RapidJSON 1.1.0's iterators predate C++20's rewritten comparisons, so
// clang flags every `it != end` of a member iterator as ambiguous.
#if defined(__clang__)
#pragma clang diagnostic ignored "-Wambiguous-reversed-operator"
#endif

namespace dynamite {
namespace {

// --- The structs JSON is decoded into: a cut-down AttributeValue and Item.

enum class ValueType { kS, kN };

struct Value {
  ValueType type = ValueType::kS;
  std::string data;
  bool operator==(const Value&) const = default;
};

using JsonItem = std::map<std::string, Value, std::less<>>;

struct QueryResponse {
  std::vector<JsonItem> items;
  int64_t count = 0;
  int64_t scanned_count = 0;
  bool operator==(const QueryResponse&) const = default;
};

constexpr int kItemCount = 100;

const char* TypeName(ValueType type) {
  return type == ValueType::kS ? "S" : "N";
}

std::optional<ValueType> ParseTypeName(std::string_view name) {
  if (name == "S") return ValueType::kS;
  if (name == "N") return ValueType::kN;
  return std::nullopt;
}

// --- The test data: one partition's first 100 items, in rank key order.

std::vector<LeaderboardItem> ResponseItems() {
  std::vector<LeaderboardItem> season;
  for (LeaderboardItem& item : GenerateLeaderboard(4 * kItemCount)) {
    if (item.leaderboard_id == kLeaderboardSeasons[0]) {
      season.push_back(std::move(item));
    }
  }
  std::sort(season.begin(), season.end(),
            [](const LeaderboardItem& a, const LeaderboardItem& b) {
              return a.rank_key < b.rank_key;
            });
  return season;
}

const QueryResponse& Expected() {
  static const QueryResponse* const expected = [] {
    auto* response = new QueryResponse;
    for (const LeaderboardItem& item : ResponseItems()) {
      response->items.push_back(JsonItem{
          {"leaderboardId", {ValueType::kS, item.leaderboard_id}},
          {"rankKey", {ValueType::kS, item.rank_key}},
          {"playerId", {ValueType::kS, item.player_id}},
          {"score", {ValueType::kN, absl::StrCat(item.score)}},
          {"ts", {ValueType::kN, absl::StrCat(item.ts)}},
          {"name", {ValueType::kS, item.name}},
      });
    }
    response->count = kItemCount;
    response->scanned_count = kItemCount;
    return response;
  }();
  return *expected;
}

// The response as DynamoDB would send it, attributes in the order of the
// example above. The string keeps SIMDJSON_PADDING spare bytes of capacity
// so that simdjson can read it in place (wire/ can read a body that way).
const std::string& Input() {
  static const std::string* const input = [] {
    std::string json = R"({"Items":[)";
    bool first = true;
    for (const LeaderboardItem& item : ResponseItems()) {
      absl::StrAppend(&json, first ? "" : ",", R"({"leaderboardId":{"S":")",
                      item.leaderboard_id, R"("},"rankKey":{"S":")",
                      item.rank_key, R"("},"playerId":{"S":")", item.player_id,
                      R"("},"score":{"N":")", item.score, R"("},"ts":{"N":")",
                      item.ts, R"("},"name":{"S":")", item.name, R"("}})");
      first = false;
    }
    absl::StrAppend(&json, R"(],"Count":)", kItemCount, R"(,"ScannedCount":)",
                    kItemCount, "}");
    auto* padded = new std::string;
    padded->reserve(json.size() + simdjson::SIMDJSON_PADDING);
    padded->append(json);
    return padded;
  }();
  return *input;
}

// --- RapidJSON.

// The parse flags of wire/json.h: iterative (nesting costs heap, not stack)
// and UTF-8 validated.
constexpr unsigned kRapidJsonWireFlags =
    rapidjson::kParseIterativeFlag | rapidjson::kParseValidateEncodingFlag;

std::optional<JsonItem> DecodeItemRapidJson(const rapidjson::Value& json) {
  if (!json.IsObject()) return std::nullopt;
  JsonItem item;
  for (const auto& attribute : json.GetObject()) {
    const rapidjson::Value& typed = attribute.value;
    if (!typed.IsObject() || typed.MemberCount() != 1) return std::nullopt;
    const auto& member = *typed.MemberBegin();
    if (!member.name.IsString() || !member.value.IsString()) {
      return std::nullopt;
    }
    std::optional<ValueType> type = ParseTypeName(std::string_view(
        member.name.GetString(), member.name.GetStringLength()));
    if (!type.has_value()) return std::nullopt;
    item.insert_or_assign(
        std::string(attribute.name.GetString(),
                    attribute.name.GetStringLength()),
        Value{*type, std::string(member.value.GetString(),
                                 member.value.GetStringLength())});
  }
  return item;
}

template <unsigned kParseFlags>
std::optional<QueryResponse> DecodeRapidJson(const std::string& json) {
  rapidjson::Document document;
  document.Parse<kParseFlags>(json.data(), json.size());
  if (document.HasParseError() || !document.IsObject()) return std::nullopt;
  QueryResponse response;
  for (const auto& field : document.GetObject()) {
    std::string_view name(field.name.GetString(), field.name.GetStringLength());
    if (name == "Items") {
      if (!field.value.IsArray()) return std::nullopt;
      response.items.reserve(field.value.Size());
      for (const rapidjson::Value& element : field.value.GetArray()) {
        std::optional<JsonItem> item = DecodeItemRapidJson(element);
        if (!item.has_value()) return std::nullopt;
        response.items.push_back(std::move(*item));
      }
    } else if (name == "Count" || name == "ScannedCount") {
      if (!field.value.IsInt64()) return std::nullopt;
      (name == "Count" ? response.count : response.scanned_count) =
          field.value.GetInt64();
    }
  }
  return response;
}

std::string EncodeRapidJson(const QueryResponse& response) {
  rapidjson::StringBuffer buffer;
  rapidjson::Writer<rapidjson::StringBuffer> writer(buffer);
  auto key = [&writer](std::string_view text) {
    writer.Key(text.data(), static_cast<rapidjson::SizeType>(text.size()));
  };
  writer.StartObject();
  key("Items");
  writer.StartArray();
  for (const JsonItem& item : response.items) {
    writer.StartObject();
    for (const auto& [name, value] : item) {
      key(name);
      writer.StartObject();
      key(TypeName(value.type));
      writer.String(value.data.data(),
                    static_cast<rapidjson::SizeType>(value.data.size()));
      writer.EndObject();
    }
    writer.EndObject();
  }
  writer.EndArray();
  key("Count");
  writer.Int64(response.count);
  key("ScannedCount");
  writer.Int64(response.scanned_count);
  writer.EndObject();
  return std::string(buffer.GetString(), buffer.GetSize());
}

// --- nlohmann-json.

std::optional<JsonItem> DecodeItemNlohmann(const nlohmann::json& json) {
  if (!json.is_object()) return std::nullopt;
  JsonItem item;
  for (const auto& [name, typed] : json.items()) {
    if (!typed.is_object() || typed.size() != 1) return std::nullopt;
    auto member = typed.begin();
    if (!member.value().is_string()) return std::nullopt;
    std::optional<ValueType> type = ParseTypeName(member.key());
    if (!type.has_value()) return std::nullopt;
    item.insert_or_assign(
        name, Value{*type,
                    member.value().get_ref<const nlohmann::json::string_t&>()});
  }
  return item;
}

std::optional<QueryResponse> DecodeNlohmann(const std::string& json) {
  const nlohmann::json document = nlohmann::json::parse(
      json.begin(), json.end(), /*cb=*/nullptr, /*allow_exceptions=*/false);
  if (document.is_discarded() || !document.is_object()) return std::nullopt;
  QueryResponse response;
  for (const auto& [name, value] : document.items()) {
    if (name == "Items") {
      if (!value.is_array()) return std::nullopt;
      response.items.reserve(value.size());
      for (const nlohmann::json& element : value) {
        std::optional<JsonItem> item = DecodeItemNlohmann(element);
        if (!item.has_value()) return std::nullopt;
        response.items.push_back(std::move(*item));
      }
    } else if (name == "Count" || name == "ScannedCount") {
      if (!value.is_number_integer()) return std::nullopt;
      (name == "Count" ? response.count : response.scanned_count) =
          value.get<int64_t>();
    }
  }
  return response;
}

std::string EncodeNlohmann(const QueryResponse& response) {
  nlohmann::json items = nlohmann::json::array();
  items.get_ref<nlohmann::json::array_t&>().reserve(response.items.size());
  for (const JsonItem& item : response.items) {
    nlohmann::json object = nlohmann::json::object();
    for (const auto& [name, value] : item) {
      nlohmann::json typed = nlohmann::json::object();
      typed[TypeName(value.type)] = value.data;
      object[name] = std::move(typed);
    }
    items.push_back(std::move(object));
  }
  nlohmann::json document = nlohmann::json::object();
  document["Items"] = std::move(items);
  document["Count"] = response.count;
  document["ScannedCount"] = response.scanned_count;
  return document.dump();
}

// --- Boost.JSON.

std::string_view View(boost::json::string_view text) {
  return std::string_view(text.data(), text.size());
}

std::optional<JsonItem> DecodeItemBoost(const boost::json::value& json) {
  const boost::json::object* object = json.if_object();
  if (object == nullptr) return std::nullopt;
  JsonItem item;
  for (const auto& attribute : *object) {
    const boost::json::object* typed = attribute.value().if_object();
    if (typed == nullptr || typed->size() != 1) return std::nullopt;
    const auto& member = *typed->begin();
    const boost::json::string* data = member.value().if_string();
    if (data == nullptr) return std::nullopt;
    std::optional<ValueType> type = ParseTypeName(View(member.key()));
    if (!type.has_value()) return std::nullopt;
    item.insert_or_assign(std::string(View(attribute.key())),
                          Value{*type, std::string(View(*data))});
  }
  return item;
}

std::optional<QueryResponse> DecodeBoost(const std::string& json) {
  boost::json::monotonic_resource resource;
  boost::json::error_code error;
  const boost::json::value document = boost::json::parse(
      boost::json::string_view(json.data(), json.size()), error, &resource);
  if (error) return std::nullopt;
  const boost::json::object* root = document.if_object();
  if (root == nullptr) return std::nullopt;
  QueryResponse response;
  for (const auto& field : *root) {
    const std::string_view name = View(field.key());
    if (name == "Items") {
      const boost::json::array* items = field.value().if_array();
      if (items == nullptr) return std::nullopt;
      response.items.reserve(items->size());
      for (const boost::json::value& element : *items) {
        std::optional<JsonItem> item = DecodeItemBoost(element);
        if (!item.has_value()) return std::nullopt;
        response.items.push_back(std::move(*item));
      }
    } else if (name == "Count" || name == "ScannedCount") {
      const int64_t* count = field.value().if_int64();
      if (count == nullptr) return std::nullopt;
      (name == "Count" ? response.count : response.scanned_count) = *count;
    }
  }
  return response;
}

std::string EncodeBoost(const QueryResponse& response) {
  boost::json::monotonic_resource resource;
  boost::json::array items(&resource);
  items.reserve(response.items.size());
  for (const JsonItem& item : response.items) {
    boost::json::object object(&resource);
    object.reserve(item.size());
    for (const auto& [name, value] : item) {
      boost::json::object typed(&resource);
      typed.emplace(TypeName(value.type), value.data);
      object.emplace(name, std::move(typed));
    }
    items.emplace_back(std::move(object));
  }
  boost::json::object document(&resource);
  document.emplace("Items", std::move(items));
  document.emplace("Count", response.count);
  document.emplace("ScannedCount", response.scanned_count);
  return boost::json::serialize(document);
}

// --- simdjson (On-Demand).

std::optional<JsonItem> DecodeItemSimdjson(simdjson::ondemand::value json) {
  simdjson::ondemand::object object;
  if (json.get_object().get(object)) return std::nullopt;
  JsonItem item;
  for (auto attribute : object) {
    std::string_view name;
    simdjson::ondemand::object typed;
    if (attribute.unescaped_key().get(name)) return std::nullopt;
    // `name` points into the parser's buffer: copy it before going on.
    std::string name_copy(name);
    if (attribute.value().get_object().get(typed)) return std::nullopt;
    int members = 0;
    Value value;
    for (auto member : typed) {
      std::string_view type_name;
      std::string_view data;
      if (member.unescaped_key().get(type_name)) return std::nullopt;
      std::optional<ValueType> type = ParseTypeName(type_name);
      if (!type.has_value()) return std::nullopt;
      if (member.value().get_string().get(data)) return std::nullopt;
      value = Value{*type, std::string(data)};
      ++members;
    }
    if (members != 1) return std::nullopt;
    item.insert_or_assign(std::move(name_copy), std::move(value));
  }
  return item;
}

std::optional<QueryResponse> DecodeSimdjson(const std::string& json) {
  // A parser keeps its buffers between documents; simdjson's documentation
  // asks for one per thread, reused.
  thread_local simdjson::ondemand::parser parser;
  std::optional<simdjson::padded_string> copy;
  simdjson::padded_string_view input(json.data(), json.size(), json.capacity());
  if (json.capacity() - json.size() < simdjson::SIMDJSON_PADDING) {
    copy.emplace(json);
    input = *copy;
  }
  simdjson::ondemand::document document;
  simdjson::ondemand::object root;
  if (parser.iterate(input).get(document)) return std::nullopt;
  if (document.get_object().get(root)) return std::nullopt;
  QueryResponse response;
  for (auto field : root) {
    std::string_view name;
    if (field.unescaped_key().get(name)) return std::nullopt;
    if (name == "Items") {
      simdjson::ondemand::array items;
      if (field.value().get_array().get(items)) return std::nullopt;
      for (auto element : items) {
        simdjson::ondemand::value value;
        if (element.get(value)) return std::nullopt;
        std::optional<JsonItem> item = DecodeItemSimdjson(value);
        if (!item.has_value()) return std::nullopt;
        response.items.push_back(std::move(*item));
      }
    } else if (name == "Count" || name == "ScannedCount") {
      int64_t count = 0;
      if (field.value().get_int64().get(count)) return std::nullopt;
      (name == "Count" ? response.count : response.scanned_count) = count;
    }
  }
  // On-Demand reads lazily: trailing content is found only when asked for.
  // (simdjson 3.0 has no document::at_end(); past the end, the location is
  // OUT_OF_BOUNDS.)
  if (document.current_location().error() != simdjson::OUT_OF_BOUNDS) {
    return std::nullopt;
  }
  return response;
}

// --- simdjson (DOM). Both APIs find the document's structure with the
// kernel libsimdjson picks for the CPU at run time; On-Demand's walking code
// is compiled inline for the build's target (plain x86-64 here), the DOM's
// lives in the library.

std::optional<JsonItem> DecodeItemSimdjsonDom(simdjson::dom::element json) {
  simdjson::dom::object object;
  if (json.get_object().get(object)) return std::nullopt;
  JsonItem item;
  for (simdjson::dom::key_value_pair attribute : object) {
    simdjson::dom::object typed;
    if (attribute.value.get_object().get(typed) || typed.size() != 1) {
      return std::nullopt;
    }
    simdjson::dom::key_value_pair member = *typed.begin();
    std::string_view data;
    if (member.value.get_string().get(data)) return std::nullopt;
    std::optional<ValueType> type = ParseTypeName(member.key);
    if (!type.has_value()) return std::nullopt;
    item.insert_or_assign(std::string(attribute.key),
                          Value{*type, std::string(data)});
  }
  return item;
}

std::optional<QueryResponse> DecodeSimdjsonDom(const std::string& json) {
  thread_local simdjson::dom::parser parser;
  std::optional<simdjson::padded_string> copy;
  simdjson::padded_string_view input(json.data(), json.size(), json.capacity());
  if (json.capacity() - json.size() < simdjson::SIMDJSON_PADDING) {
    copy.emplace(json);
    input = *copy;
  }
  simdjson::dom::element document;
  simdjson::dom::object root;
  if (parser.parse(input).get(document)) return std::nullopt;
  if (document.get_object().get(root)) return std::nullopt;
  QueryResponse response;
  for (simdjson::dom::key_value_pair field : root) {
    if (field.key == "Items") {
      simdjson::dom::array items;
      if (field.value.get_array().get(items)) return std::nullopt;
      response.items.reserve(items.size());
      for (simdjson::dom::element element : items) {
        std::optional<JsonItem> item = DecodeItemSimdjsonDom(element);
        if (!item.has_value()) return std::nullopt;
        response.items.push_back(std::move(*item));
      }
    } else if (field.key == "Count" || field.key == "ScannedCount") {
      int64_t count = 0;
      if (field.value.get_int64().get(count)) return std::nullopt;
      (field.key == "Count" ? response.count : response.scanned_count) = count;
    }
  }
  return response;
}

std::string EncodeSimdjson(const QueryResponse& response) {
  // Not public API ("subject to change"), and its number(int64_t) prints
  // negative numbers wrongly; good enough to time an escaping writer.
  simdjson::internal::mini_formatter out;
  out.start_object();
  out.key("Items");
  out.start_array();
  bool first_item = true;
  for (const JsonItem& item : response.items) {
    if (!first_item) out.comma();
    first_item = false;
    out.start_object();
    bool first_attribute = true;
    for (const auto& [name, value] : item) {
      if (!first_attribute) out.comma();
      first_attribute = false;
      out.key(name);
      out.start_object();
      out.key(TypeName(value.type));
      out.string(value.data);
      out.end_object();
    }
    out.end_object();
  }
  out.end_array();
  out.comma();
  out.key("Count");
  out.number(response.count);
  out.comma();
  out.key("ScannedCount");
  out.number(response.scanned_count);
  out.end_object();
  return std::string(out.str());
}

// --- Parse only: each library parses the document and reads every key and
// string in place, copying nothing. Returns the total length of the keys and
// strings, or -1 on malformed input. This is the library's own cost; the
// difference to decoding is the cost of building the structs.

int64_t WalkRapidJson(const rapidjson::Value& json) {
  if (json.IsString()) return json.GetStringLength();
  int64_t total = 0;
  if (json.IsObject()) {
    for (const auto& member : json.GetObject()) {
      total += member.name.GetStringLength() + WalkRapidJson(member.value);
    }
  } else if (json.IsArray()) {
    for (const rapidjson::Value& element : json.GetArray()) {
      total += WalkRapidJson(element);
    }
  }
  return total;
}

template <unsigned kParseFlags>
int64_t ParseRapidJson(const std::string& json) {
  rapidjson::Document document;
  document.Parse<kParseFlags>(json.data(), json.size());
  if (document.HasParseError()) return -1;
  return WalkRapidJson(document);
}

int64_t WalkNlohmann(const nlohmann::json& json) {
  if (json.is_string()) {
    return static_cast<int64_t>(
        json.get_ref<const nlohmann::json::string_t&>().size());
  }
  int64_t total = 0;
  if (json.is_object()) {
    for (const auto& [name, value] : json.items()) {
      total += static_cast<int64_t>(name.size()) + WalkNlohmann(value);
    }
  } else if (json.is_array()) {
    for (const nlohmann::json& element : json) total += WalkNlohmann(element);
  }
  return total;
}

int64_t ParseNlohmann(const std::string& json) {
  const nlohmann::json document = nlohmann::json::parse(
      json.begin(), json.end(), /*cb=*/nullptr, /*allow_exceptions=*/false);
  if (document.is_discarded()) return -1;
  return WalkNlohmann(document);
}

int64_t WalkBoost(const boost::json::value& json) {
  if (const boost::json::string* text = json.if_string()) {
    return static_cast<int64_t>(text->size());
  }
  int64_t total = 0;
  if (const boost::json::object* object = json.if_object()) {
    for (const auto& member : *object) {
      total +=
          static_cast<int64_t>(member.key().size()) + WalkBoost(member.value());
    }
  } else if (const boost::json::array* array = json.if_array()) {
    for (const boost::json::value& element : *array) {
      total += WalkBoost(element);
    }
  }
  return total;
}

int64_t ParseBoost(const std::string& json) {
  boost::json::monotonic_resource resource;
  boost::json::error_code error;
  const boost::json::value document = boost::json::parse(
      boost::json::string_view(json.data(), json.size()), error, &resource);
  if (error) return -1;
  return WalkBoost(document);
}

int64_t WalkSimdjson(simdjson::ondemand::value json) {
  simdjson::ondemand::json_type type;
  if (json.type().get(type)) return -1;
  int64_t total = 0;
  switch (type) {
    case simdjson::ondemand::json_type::string: {
      std::string_view text;
      if (json.get_string().get(text)) return -1;
      return static_cast<int64_t>(text.size());
    }
    case simdjson::ondemand::json_type::object: {
      simdjson::ondemand::object object;
      if (json.get_object().get(object)) return -1;
      for (auto member : object) {
        std::string_view key;
        simdjson::ondemand::value value;
        if (member.unescaped_key().get(key)) return -1;
        if (member.value().get(value)) return -1;
        const int64_t inner = WalkSimdjson(value);
        if (inner < 0) return -1;
        total += static_cast<int64_t>(key.size()) + inner;
      }
      return total;
    }
    case simdjson::ondemand::json_type::array: {
      simdjson::ondemand::array array;
      if (json.get_array().get(array)) return -1;
      for (auto element : array) {
        simdjson::ondemand::value value;
        if (element.get(value)) return -1;
        const int64_t inner = WalkSimdjson(value);
        if (inner < 0) return -1;
        total += inner;
      }
      return total;
    }
    case simdjson::ondemand::json_type::number: {
      simdjson::ondemand::number number;
      return json.get_number().get(number) ? -1 : 0;
    }
    default:
      return 0;
  }
}

int64_t ParseSimdjson(const std::string& json) {
  thread_local simdjson::ondemand::parser parser;
  simdjson::padded_string_view input(json.data(), json.size(), json.capacity());
  simdjson::ondemand::document document;
  simdjson::ondemand::value root;
  if (parser.iterate(input).get(document)) return -1;
  if (document.get_value().get(root)) return -1;
  return WalkSimdjson(root);
}

int64_t WalkSimdjsonDom(simdjson::dom::element json) {
  std::string_view text;
  if (!json.get_string().get(text)) return static_cast<int64_t>(text.size());
  int64_t total = 0;
  simdjson::dom::object object;
  simdjson::dom::array array;
  if (!json.get_object().get(object)) {
    for (simdjson::dom::key_value_pair member : object) {
      total += static_cast<int64_t>(member.key.size()) +
               WalkSimdjsonDom(member.value);
    }
  } else if (!json.get_array().get(array)) {
    for (simdjson::dom::element element : array) {
      total += WalkSimdjsonDom(element);
    }
  }
  return total;
}

int64_t ParseSimdjsonDom(const std::string& json) {
  thread_local simdjson::dom::parser parser;
  simdjson::padded_string_view input(json.data(), json.size(), json.capacity());
  simdjson::dom::element document;
  if (parser.parse(input).get(document)) return -1;
  return WalkSimdjsonDom(document);
}

// --- The benchmarks.

using DecodeFn = std::optional<QueryResponse> (*)(const std::string&);
using EncodeFn = std::string (*)(const QueryResponse&);
using ParseFn = int64_t (*)(const std::string&);

struct Library {
  DecodeFn decode;
  EncodeFn encode;
  ParseFn parse;
};

// Returns false, and marks `state` skipped, unless `library` decodes the
// input correctly and its encoding decodes (with RapidJSON) back to the
// same structs.
bool CheckLibrary(benchmark::State& state, const Library& library) {
  std::optional<QueryResponse> decoded = library.decode(Input());
  if (!decoded.has_value() || *decoded != Expected()) {
    state.SkipWithError("decode does not match the expected items");
    return false;
  }
  std::optional<QueryResponse> again =
      DecodeRapidJson<rapidjson::kParseDefaultFlags>(
          library.encode(Expected()));
  if (!again.has_value() || *again != Expected()) {
    state.SkipWithError("encode does not decode back to the same items");
    return false;
  }
  if (library.decode(R"({"Items":[{"a":{"S":"x"}}])").has_value() ||
      library.decode(R"({"Items":[{"a":{"X":"x"}}]})").has_value() ||
      library.decode(R"({"Items":[{"a":{"S":"x","N":"1"}}]})").has_value() ||
      library.decode(R"({"Items":[]} [])").has_value()) {
    state.SkipWithError("decode accepts malformed input");
    return false;
  }
  return true;
}

// Measures parsing alone: JSON text read in place, nothing copied out.
// REQUIRES: Input() has SIMDJSON_PADDING spare capacity.
void BM_JsonParse(benchmark::State& state, Library library) {
  if (!CheckLibrary(state, library)) return;
  const std::string& input = Input();
  const int64_t expected = ParseRapidJson<rapidjson::kParseDefaultFlags>(input);
  if (library.parse(input) != expected) {
    state.SkipWithError("parse does not read the whole document");
    return;
  }
  for (auto _ : state) {
    int64_t total = library.parse(input);
    benchmark::DoNotOptimize(total);
  }
  state.SetItemsProcessed(state.iterations() * kItemCount);
  state.SetBytesProcessed(state.iterations() *
                          static_cast<int64_t>(input.size()));
}

// Measures JSON text -> QueryResponse (parse and walk into the structs).
void BM_JsonDecode(benchmark::State& state, Library library) {
  if (!CheckLibrary(state, library)) return;
  const std::string& input = Input();
  for (auto _ : state) {
    std::optional<QueryResponse> response = library.decode(input);
    benchmark::DoNotOptimize(response);
  }
  state.SetItemsProcessed(state.iterations() * kItemCount);
  state.SetBytesProcessed(state.iterations() *
                          static_cast<int64_t>(input.size()));
}

// Measures QueryResponse -> JSON text.
void BM_JsonEncode(benchmark::State& state, Library library) {
  if (!CheckLibrary(state, library)) return;
  const QueryResponse& response = Expected();
  for (auto _ : state) {
    std::string json = library.encode(response);
    benchmark::DoNotOptimize(json);
  }
  state.SetItemsProcessed(state.iterations() * kItemCount);
}

// Measures decode then encode of the result, as a server does with a
// request and its response.
void BM_JsonRoundTrip(benchmark::State& state, Library library) {
  if (!CheckLibrary(state, library)) return;
  const std::string& input = Input();
  for (auto _ : state) {
    std::optional<QueryResponse> response = library.decode(input);
    std::string json = library.encode(*response);
    benchmark::DoNotOptimize(json);
  }
  state.SetItemsProcessed(state.iterations() * kItemCount);
}

const Library kRapidJson{&DecodeRapidJson<rapidjson::kParseDefaultFlags>,
                         &EncodeRapidJson,
                         &ParseRapidJson<rapidjson::kParseDefaultFlags>};
const Library kRapidJsonWire{&DecodeRapidJson<kRapidJsonWireFlags>,
                             &EncodeRapidJson,
                             &ParseRapidJson<kRapidJsonWireFlags>};
const Library kNlohmann{&DecodeNlohmann, &EncodeNlohmann, &ParseNlohmann};
const Library kBoost{&DecodeBoost, &EncodeBoost, &ParseBoost};
const Library kSimdjson{&DecodeSimdjson, &EncodeSimdjson, &ParseSimdjson};
const Library kSimdjsonDom{&DecodeSimdjsonDom, &EncodeSimdjson,
                           &ParseSimdjsonDom};

BENCHMARK_CAPTURE(BM_JsonParse, rapidjson, kRapidJson);
BENCHMARK_CAPTURE(BM_JsonParse, rapidjson_wire, kRapidJsonWire);
BENCHMARK_CAPTURE(BM_JsonParse, nlohmann, kNlohmann);
BENCHMARK_CAPTURE(BM_JsonParse, boost, kBoost);
BENCHMARK_CAPTURE(BM_JsonParse, simdjson, kSimdjson);
BENCHMARK_CAPTURE(BM_JsonParse, simdjson_dom, kSimdjsonDom);

BENCHMARK_CAPTURE(BM_JsonDecode, rapidjson, kRapidJson);
BENCHMARK_CAPTURE(BM_JsonDecode, rapidjson_wire, kRapidJsonWire);
BENCHMARK_CAPTURE(BM_JsonDecode, nlohmann, kNlohmann);
BENCHMARK_CAPTURE(BM_JsonDecode, boost, kBoost);
BENCHMARK_CAPTURE(BM_JsonDecode, simdjson, kSimdjson);
BENCHMARK_CAPTURE(BM_JsonDecode, simdjson_dom, kSimdjsonDom);
BENCHMARK_CAPTURE(BM_JsonEncode, rapidjson, kRapidJson);
BENCHMARK_CAPTURE(BM_JsonEncode, nlohmann, kNlohmann);
BENCHMARK_CAPTURE(BM_JsonEncode, boost, kBoost);
BENCHMARK_CAPTURE(BM_JsonEncode, simdjson, kSimdjson);
BENCHMARK_CAPTURE(BM_JsonRoundTrip, rapidjson, kRapidJson);
BENCHMARK_CAPTURE(BM_JsonRoundTrip, rapidjson_wire, kRapidJsonWire);
BENCHMARK_CAPTURE(BM_JsonRoundTrip, nlohmann, kNlohmann);
BENCHMARK_CAPTURE(BM_JsonRoundTrip, boost, kBoost);
BENCHMARK_CAPTURE(BM_JsonRoundTrip, simdjson, kSimdjson);
BENCHMARK_CAPTURE(BM_JsonRoundTrip, simdjson_dom, kSimdjsonDom);

}  // namespace
}  // namespace dynamite
