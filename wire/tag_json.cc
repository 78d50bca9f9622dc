#include "wire/tag_json.h"

#include <utility>

#include "common/errors.h"
#include "common/status_macros.h"

namespace dynamite {

std::optional<std::vector<Tag>> ReadTags(RequestReader& reader,
                                         const JsonValue* member) {
  const JsonValue* list = reader.List(member);
  if (list == nullptr) return std::nullopt;
  std::vector<Tag> tags;
  for (const JsonValue& element : list->GetArray()) {
    const JsonValue* tag =
        element.IsNull()
            ? nullptr
            : reader.Structure(&element, "Tag", StructurePosition::kValue);
    std::optional<std::string> key =
        reader.String(RequestReader::Member(tag, "Key"));
    std::optional<std::string> value =
        reader.String(RequestReader::Member(tag, "Value"));
    if (!key.has_value()) {
      reader.Check(
          ValidationError("The Tag Key provided is invalid, Key: null"));
    } else if (!value.has_value()) {
      reader.Check(
          ValidationError("The Tag Value provided is invalid, Value: null"));
    }
    tags.push_back({key.value_or(""), value.value_or("")});
  }
  return tags;
}

absl::StatusOr<TagResourceRequest> DecodeTagResourceRequest(
    const JsonValue& body) {
  RequestReader reader(body);
  TagResourceRequest request;
  request.resource_arn = reader.String(reader.Member("ResourceArn"));
  request.tags = ReadTags(reader, reader.Member("Tags"));
  DYNAMITE_RETURN_IF_ERROR(reader.Finish());
  return request;
}

absl::StatusOr<UntagResourceRequest> DecodeUntagResourceRequest(
    const JsonValue& body) {
  RequestReader reader(body);
  UntagResourceRequest request;
  request.resource_arn = reader.String(reader.Member("ResourceArn"));
  if (const JsonValue* list = reader.List(reader.Member("TagKeys"))) {
    request.tag_keys.emplace();
    for (const JsonValue& element : list->GetArray()) {
      std::optional<std::string> key =
          reader.String(element.IsNull() ? nullptr : &element);
      if (!key.has_value()) {
        reader.Check(
            ValidationError("The Tag Key provided is invalid, Key: null"));
      }
      request.tag_keys->push_back(key.value_or(""));
    }
  }
  DYNAMITE_RETURN_IF_ERROR(reader.Finish());
  return request;
}

absl::StatusOr<ListTagsOfResourceRequest> DecodeListTagsOfResourceRequest(
    const JsonValue& body) {
  RequestReader reader(body);
  ListTagsOfResourceRequest request;
  request.resource_arn = reader.String(reader.Member("ResourceArn"));
  request.next_token = reader.String(reader.Member("NextToken"));
  DYNAMITE_RETURN_IF_ERROR(reader.Finish());
  return request;
}

// DynamoDB answers TagResource and UntagResource with an empty body (a
// 200 with Content-Length 0), not "{}".
std::string EncodeTagResourceResponse(const TagResourceResponse&) { return ""; }

std::string EncodeUntagResourceResponse(const UntagResourceResponse&) {
  return "";
}

std::string EncodeListTagsOfResourceResponse(
    const ListTagsOfResourceResponse& response) {
  rapidjson::StringBuffer buffer;
  JsonWriter writer(buffer);
  writer.StartObject();
  writer.Key("Tags");
  writer.StartArray();
  for (const Tag& tag : response.tags) {
    writer.StartObject();
    writer.Key("Key");
    WriteJsonString(writer, tag.key);
    writer.Key("Value");
    WriteJsonString(writer, tag.value);
    writer.EndObject();
  }
  writer.EndArray();
  writer.EndObject();
  return JsonText(buffer);
}

}  // namespace dynamite
