#include "wire/transact_json.h"

#include <optional>
#include <string>
#include <type_traits>
#include <utility>

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

// The member `name` of an action, with its constraint path for NotNull().
struct ActionReader {
  RequestReader& reader;
  const JsonValue* object;
  std::string path;  // "transactItems.<n>.member.<action>."

  const JsonValue* Member(absl::string_view name) const {
    return RequestReader::Member(object, name);
  }
  std::string RequiredString(absl::string_view name, absl::string_view field) {
    const JsonValue* member = Member(name);
    reader.NotNull(absl::StrCat(path, field), member != nullptr);
    return reader.String(member).value_or("");
  }
  Item RequiredMap(absl::string_view name, absl::string_view field,
                   AttributeMapRole role) {
    const JsonValue* member = Member(name);
    reader.NotNull(absl::StrCat(path, field), member != nullptr);
    return reader.Attributes(member, role).value_or(Item());
  }
  // The expression attribute maps, the condition and
  // ReturnValuesOnConditionCheckFailure every write action has (a
  // ConditionCheck's condition is required, and read by the caller).
  template <typename Action>
  void ReadConditionMembers(Action& action) {
    if constexpr (!std::is_same_v<decltype(action.condition_expression),
                                  std::string>) {
      action.condition_expression =
          reader.String(Member("ConditionExpression"));
    }
    action.expression_attribute_names =
        reader.StringMap(Member("ExpressionAttributeNames"));
    action.expression_attribute_values =
        reader.Attributes(Member("ExpressionAttributeValues"),
                          AttributeMapRole::kExpressionAttributeValues);
    action.return_values_on_condition_check_failure =
        reader
            .Enum(reader.String(Member("ReturnValuesOnConditionCheckFailure")),
                  absl::StrCat(path, "returnValuesOnConditionCheckFailure"),
                  kReturnValuesOnConditionCheckFailureNames)
            .value_or(ReturnValuesOnConditionCheckFailure::kNone);
  }
};

const JsonValue* Present(const JsonValue& value) {
  return value.IsNull() ? nullptr : &value;
}

// The action `name` of one TransactItems element, or nullptr.
const JsonValue* ActionObject(RequestReader& reader, const JsonValue* element,
                              absl::string_view name) {
  return reader.Structure(RequestReader::Member(element, name), name,
                          StructurePosition::kField);
}

TransactWriteItem ReadTransactWriteItem(RequestReader& reader,
                                        const JsonValue* json, size_t index) {
  TransactWriteItem item;
  const JsonValue* element =
      reader.Structure(json, "TransactWriteItem", StructurePosition::kValue);
  if (element == nullptr) return item;
  const std::string prefix =
      absl::StrCat("transactItems.", index + 1, ".member.");
  if (const JsonValue* check =
          ActionObject(reader, element, "ConditionCheck")) {
    ActionReader action{reader, check, absl::StrCat(prefix, "conditionCheck.")};
    ConditionCheck& out = item.condition_check.emplace();
    out.table_name = action.RequiredString("TableName", "tableName");
    out.key = action.RequiredMap("Key", "key", AttributeMapRole::kKey);
    out.condition_expression =
        action.RequiredString("ConditionExpression", "conditionExpression");
    action.ReadConditionMembers(out);
  }
  if (const JsonValue* put = ActionObject(reader, element, "Put")) {
    ActionReader action{reader, put, absl::StrCat(prefix, "put.")};
    TransactPut& out = item.put.emplace();
    out.table_name = action.RequiredString("TableName", "tableName");
    out.item = action.RequiredMap("Item", "item", AttributeMapRole::kItem);
    action.ReadConditionMembers(out);
  }
  if (const JsonValue* update = ActionObject(reader, element, "Update")) {
    ActionReader action{reader, update, absl::StrCat(prefix, "update.")};
    TransactUpdate& out = item.update.emplace();
    out.table_name = action.RequiredString("TableName", "tableName");
    out.key = action.RequiredMap("Key", "key", AttributeMapRole::kKey);
    out.update_expression =
        action.RequiredString("UpdateExpression", "updateExpression");
    action.ReadConditionMembers(out);
  }
  if (const JsonValue* del = ActionObject(reader, element, "Delete")) {
    ActionReader action{reader, del, absl::StrCat(prefix, "delete.")};
    TransactDelete& out = item.delete_item.emplace();
    out.table_name = action.RequiredString("TableName", "tableName");
    out.key = action.RequiredMap("Key", "key", AttributeMapRole::kKey);
    action.ReadConditionMembers(out);
  }
  return item;
}

TransactGet ReadTransactGet(RequestReader& reader, const JsonValue* json,
                            size_t index) {
  TransactGet get;
  const JsonValue* element =
      reader.Structure(json, "TransactGetItem", StructurePosition::kValue);
  const JsonValue* object = ActionObject(reader, element, "Get");
  const std::string prefix =
      absl::StrCat("transactItems.", index + 1, ".member.get");
  if (element != nullptr) reader.NotNull(prefix, object != nullptr);
  if (object == nullptr) return get;
  ActionReader action{reader, object, absl::StrCat(prefix, ".")};
  get.table_name = action.RequiredString("TableName", "tableName");
  get.key = action.RequiredMap("Key", "key", AttributeMapRole::kKey);
  get.projection_expression =
      reader.String(action.Member("ProjectionExpression"));
  get.expression_attribute_names =
      reader.StringMap(action.Member("ExpressionAttributeNames"));
  return get;
}

// The TransactItems list, required as a constraint; nullptr when absent.
const JsonValue* ReadTransactItems(RequestReader& reader) {
  const JsonValue* items = reader.Member("TransactItems");
  reader.NotNull("transactItems", items != nullptr);
  return reader.List(items);
}

}  // namespace

absl::StatusOr<TransactWriteItemsRequest> DecodeTransactWriteItemsRequest(
    const JsonValue& body) {
  RequestReader reader(body);
  reader.Check(CheckSupportedParameters("TransactWriteItems", body));
  TransactWriteItemsRequest request;
  request.return_consumed_capacity = ReadReturnConsumedCapacity(reader);
  request.return_item_collection_metrics =
      ReadReturnItemCollectionMetrics(reader);
  request.client_request_token =
      reader.String(reader.Member("ClientRequestToken"));
  if (const JsonValue* items = ReadTransactItems(reader)) {
    for (const JsonValue& element : items->GetArray()) {
      request.transact_items.push_back(ReadTransactWriteItem(
          reader, Present(element), request.transact_items.size()));
    }
  }
  DYNAMITE_RETURN_IF_ERROR(reader.Finish());
  return request;
}

absl::StatusOr<TransactGetItemsRequest> DecodeTransactGetItemsRequest(
    const JsonValue& body) {
  RequestReader reader(body);
  reader.Check(CheckSupportedParameters("TransactGetItems", body));
  TransactGetItemsRequest request;
  request.return_consumed_capacity = ReadReturnConsumedCapacity(reader);
  if (const JsonValue* items = ReadTransactItems(reader)) {
    for (const JsonValue& element : items->GetArray()) {
      request.transact_items.push_back(ReadTransactGet(
          reader, Present(element), request.transact_items.size()));
    }
  }
  DYNAMITE_RETURN_IF_ERROR(reader.Finish());
  return request;
}

std::string EncodeTransactWriteItemsResponse(
    const TransactWriteItemsResponse& response) {
  rapidjson::StringBuffer buffer;
  JsonWriter writer(buffer);
  writer.StartObject();
  WriteConsumedCapacityList(response.consumed_capacity,
                            UnitSplit::kReadAndWrite, writer);
  WriteItemCollectionMetricsByTable(response.item_collection_metrics, writer);
  writer.EndObject();
  return JsonText(buffer);
}

std::string EncodeTransactGetItemsResponse(
    const TransactGetItemsResponse& response) {
  rapidjson::StringBuffer buffer;
  JsonWriter writer(buffer);
  writer.StartObject();
  WriteConsumedCapacityList(response.consumed_capacity,
                            UnitSplit::kReadAndWrite, writer);
  writer.Key("Responses");
  writer.StartArray();
  for (const ItemPtr& item : response.responses) {
    writer.StartObject();
    if (item != nullptr) {
      writer.Key("Item");
      WriteItem(item, writer);
    }
    writer.EndObject();
  }
  writer.EndArray();
  writer.EndObject();
  return JsonText(buffer);
}

}  // namespace dynamite
