#include "wire/batch_json.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"

#include "common/status_macros.h"
#include "wire/consumed_capacity_json.h"
#include "wire/enum_names.h"
#include "wire/item_collection_json.h"
#include "wire/request_reader.h"
#include "wire/unsupported.h"
#include "wire/value_json.h"

namespace dynamite {
namespace {

// The Java types DynamoDB names in RequestItems' type errors.
constexpr absl::string_view kWriteListClass =
    "java.util.List<com.amazonaws.dynamodb.v20120810.WriteRequest>";
constexpr absl::string_view kKeysAndAttributesClass =
    "com.amazonaws.dynamodb.v20120810.KeysAndAttributes";

// nullptr for JSON null, which DynamoDB reads as absent.
const JsonValue* Present(const JsonValue& value) {
  return value.IsNull() ? nullptr : &value;
}

// Reads RequestItems, which both batches require as a constraint; nullptr
// when it is absent or not a map.
const JsonValue* ReadRequestItems(RequestReader& reader,
                                  absl::string_view value_class) {
  const JsonValue* member = reader.Member("RequestItems");
  reader.NotNull("requestItems", member != nullptr);
  return reader.Map(member, value_class);
}

// One WriteRequest, the `index`th (0-based) of table `table`. DynamoDB
// reports a missing Key before a missing Item.
WriteRequest ReadWriteRequest(RequestReader& reader, const JsonValue* json,
                              absl::string_view table, size_t index) {
  WriteRequest write;
  const JsonValue* object =
      reader.Structure(json, "WriteRequest", StructurePosition::kValue);
  if (object == nullptr) return write;
  const std::string path =
      absl::StrCat("requestItems.", table, ".member.", index + 1, ".member.");
  const JsonValue* del =
      reader.Structure(RequestReader::Member(object, "DeleteRequest"),
                       "DeleteRequest", StructurePosition::kField);
  const JsonValue* put =
      reader.Structure(RequestReader::Member(object, "PutRequest"),
                       "PutRequest", StructurePosition::kField);
  if (del != nullptr) {
    const JsonValue* key = RequestReader::Member(del, "Key");
    reader.NotNull(absl::StrCat(path, "deleteRequest.key"), key != nullptr);
    write.delete_request = DeleteRequest{
        reader.Attributes(key, AttributeMapRole::kKey).value_or(Item())};
  }
  if (put != nullptr) {
    const JsonValue* item = RequestReader::Member(put, "Item");
    reader.NotNull(absl::StrCat(path, "putRequest.item"), item != nullptr);
    write.put_request = PutRequest{
        reader.Attributes(item, AttributeMapRole::kItem).value_or(Item())};
  }
  return write;
}

// True if two keys that decode equal spell a number differently: their
// JSON differs in the text of some attribute's "N".
bool SpelledDifferently(const JsonValue& a, const JsonValue& b) {
  for (auto it = a.MemberBegin(); it != a.MemberEnd(); ++it) {
    const JsonValue* other = FindMember(b, JsonString(it->name));
    if (other == nullptr || !it->value.IsObject() || !other->IsObject()) {
      continue;
    }
    const JsonValue* n = FindMember(it->value, "N");
    const JsonValue* other_n = FindMember(*other, "N");
    if (n != nullptr && other_n != nullptr && n->IsString() &&
        other_n->IsString() && JsonString(*n) != JsonString(*other_n)) {
      return true;
    }
  }
  return false;
}

// True if `key` (decoded from `json`) equals one of `keys` (decoded from
// `sources`) but is spelled differently: DynamoDB does not count it as a
// duplicate and returns the item once.
bool IsRespelledKey(const Item& key, const JsonValue& json,
                    const std::vector<Item>& keys,
                    const std::vector<const JsonValue*>& sources) {
  for (size_t i = 0; i < keys.size(); ++i) {
    if (keys[i] == key && SpelledDifferently(*sources[i], json)) return true;
  }
  return false;
}

// The Keys of one table. A null element is dropped, as in AttributesToGet.
std::vector<Item> ReadKeys(RequestReader& reader, const JsonValue* json) {
  std::vector<Item> keys;
  const JsonValue* list = reader.List(json);
  if (list == nullptr) return keys;
  // Past 100 keys the request is rejected whatever is dropped.
  const bool dedupe = list->Size() <= kMaxBatchGetKeys;
  std::vector<const JsonValue*> sources;
  for (const JsonValue& element : list->GetArray()) {
    std::optional<Item> key =
        reader.Attributes(Present(element), AttributeMapRole::kKey);
    if (!key.has_value()) continue;
    if (dedupe && IsRespelledKey(*key, element, keys, sources)) continue;
    keys.push_back(*std::move(key));
    sources.push_back(&element);
  }
  return keys;
}

std::optional<std::vector<std::string>> ReadNames(RequestReader& reader,
                                                  const JsonValue* json) {
  const JsonValue* list = reader.List(json);
  if (list == nullptr) return std::nullopt;
  std::vector<std::string> names;
  for (const JsonValue& element : list->GetArray()) {
    std::optional<std::string> name = reader.String(Present(element));
    if (name.has_value()) names.push_back(*std::move(name));
  }
  return names;
}

// The KeysAndAttributes of table `table`; JSON null reads as {}.
KeysAndAttributes ReadKeysAndAttributes(RequestReader& reader,
                                        const JsonValue* json,
                                        absl::string_view table) {
  KeysAndAttributes read;
  const JsonValue* object =
      reader.Structure(json, "KeysAndAttributes", StructurePosition::kValue);
  if (json != nullptr && object == nullptr) return read;
  const JsonValue* keys = RequestReader::Member(object, "Keys");
  reader.NotNull(absl::StrCat("requestItems.", table, ".member.keys"),
                 keys != nullptr);
  read.keys = ReadKeys(reader, keys);
  read.attributes_to_get =
      ReadNames(reader, RequestReader::Member(object, "AttributesToGet"));
  read.consistent_read =
      reader.Boolean(RequestReader::Member(object, "ConsistentRead"))
          .value_or(false);
  read.projection_expression =
      reader.String(RequestReader::Member(object, "ProjectionExpression"));
  read.expression_attribute_names = reader.StringMap(
      RequestReader::Member(object, "ExpressionAttributeNames"));
  return read;
}

void WriteKeysAndAttributes(const KeysAndAttributes& read, JsonWriter& writer) {
  writer.StartObject();
  writer.Key("Keys");
  writer.StartArray();
  for (const Item& key : read.keys) WriteAttributeMap(key, writer);
  writer.EndArray();
  if (read.attributes_to_get.has_value()) {
    writer.Key("AttributesToGet");
    writer.StartArray();
    for (const std::string& name : *read.attributes_to_get) {
      WriteJsonString(writer, name);
    }
    writer.EndArray();
  }
  if (read.consistent_read) {
    writer.Key("ConsistentRead");
    writer.Bool(true);
  }
  if (read.projection_expression.has_value()) {
    writer.Key("ProjectionExpression");
    WriteJsonString(writer, *read.projection_expression);
  }
  if (read.expression_attribute_names.has_value()) {
    writer.Key("ExpressionAttributeNames");
    writer.StartObject();
    for (const auto& [placeholder, name] : *read.expression_attribute_names) {
      WriteJsonString(writer, placeholder);
      WriteJsonString(writer, name);
    }
    writer.EndObject();
  }
  writer.EndObject();
}

void WriteWriteRequest(const WriteRequest& write, JsonWriter& writer) {
  writer.StartObject();
  if (write.put_request.has_value()) {
    writer.Key("PutRequest");
    writer.StartObject();
    writer.Key("Item");
    WriteAttributeMap(write.put_request->item, writer);
    writer.EndObject();
  }
  if (write.delete_request.has_value()) {
    writer.Key("DeleteRequest");
    writer.StartObject();
    writer.Key("Key");
    WriteAttributeMap(write.delete_request->key, writer);
    writer.EndObject();
  }
  writer.EndObject();
}

}  // namespace

// The order of the reads is DynamoDB's order of constraint errors (dynalite
// test/batchWriteItem.js: returnConsumedCapacity,
// returnItemCollectionMetrics, requestItems).
absl::StatusOr<BatchWriteItemRequest> DecodeBatchWriteItemRequest(
    const JsonValue& body) {
  RequestReader reader(body);
  reader.Check(CheckSupportedParameters("BatchWriteItem", body));
  BatchWriteItemRequest request;
  request.return_consumed_capacity = ReadReturnConsumedCapacity(reader);
  request.return_item_collection_metrics =
      ReadReturnItemCollectionMetrics(reader);
  const JsonValue* items = ReadRequestItems(reader, kWriteListClass);
  if (items != nullptr) {
    for (auto it = items->MemberBegin(); it != items->MemberEnd(); ++it) {
      const absl::string_view table = JsonString(it->name);
      std::vector<WriteRequest> writes;
      if (const JsonValue* list = reader.List(Present(it->value))) {
        for (const JsonValue& element : list->GetArray()) {
          writes.push_back(
              ReadWriteRequest(reader, Present(element), table, writes.size()));
        }
      }
      request.request_items.insert_or_assign(std::string(table),
                                             std::move(writes));
    }
  }
  DYNAMITE_RETURN_IF_ERROR(reader.Finish());
  return request;
}

absl::StatusOr<BatchGetItemRequest> DecodeBatchGetItemRequest(
    const JsonValue& body) {
  RequestReader reader(body);
  reader.Check(CheckSupportedParameters("BatchGetItem", body));
  BatchGetItemRequest request;
  request.return_consumed_capacity = ReadReturnConsumedCapacity(reader);
  const JsonValue* items = ReadRequestItems(reader, kKeysAndAttributesClass);
  if (items != nullptr) {
    for (auto it = items->MemberBegin(); it != items->MemberEnd(); ++it) {
      const absl::string_view table = JsonString(it->name);
      request.request_items.insert_or_assign(
          std::string(table),
          ReadKeysAndAttributes(reader, Present(it->value), table));
    }
  }
  DYNAMITE_RETURN_IF_ERROR(reader.Finish());
  return request;
}

std::string EncodeBatchWriteItemResponse(
    const BatchWriteItemResponse& response) {
  rapidjson::StringBuffer buffer;
  JsonWriter writer(buffer);
  writer.StartObject();
  writer.Key("UnprocessedItems");
  writer.StartObject();
  for (const auto& [table, writes] : response.unprocessed_items) {
    WriteJsonString(writer, table);
    writer.StartArray();
    for (const WriteRequest& write : writes) WriteWriteRequest(write, writer);
    writer.EndArray();
  }
  writer.EndObject();
  WriteItemCollectionMetricsByTable(response.item_collection_metrics, writer);
  WriteConsumedCapacityList(response.consumed_capacity, UnitSplit::kTotalOnly,
                            writer);
  writer.EndObject();
  return JsonText(buffer);
}

std::string EncodeBatchGetItemResponse(const BatchGetItemResponse& response) {
  rapidjson::StringBuffer buffer;
  JsonWriter writer(buffer);
  writer.StartObject();
  writer.Key("Responses");
  writer.StartObject();
  for (const auto& [table, items] : response.responses) {
    WriteJsonString(writer, table);
    writer.StartArray();
    for (const ItemPtr& item : items) WriteItem(item, writer);
    writer.EndArray();
  }
  writer.EndObject();
  writer.Key("UnprocessedKeys");
  writer.StartObject();
  for (const auto& [table, read] : response.unprocessed_keys) {
    WriteJsonString(writer, table);
    WriteKeysAndAttributes(read, writer);
  }
  writer.EndObject();
  WriteConsumedCapacityList(response.consumed_capacity, UnitSplit::kTotalOnly,
                            writer);
  writer.EndObject();
  return JsonText(buffer);
}

}  // namespace dynamite
