#include "wire/item_json.h"

#include <optional>
#include <string>
#include <utility>

#include "common/status_macros.h"
#include "wire/consumed_capacity_json.h"
#include "wire/enum_names.h"
#include "wire/item_collection_json.h"
#include "wire/legacy_json.h"
#include "wire/request_reader.h"
#include "wire/unsupported.h"
#include "wire/value_json.h"

namespace dynamite {
namespace {

// Reads a required attribute map (Item or Key).
Item ReadRequiredMap(RequestReader& reader, absl::string_view name,
                     absl::string_view path, AttributeMapRole role) {
  const JsonValue* member = reader.Member(name);
  reader.NotNull(path, member != nullptr);
  return reader.Attributes(member, role).value_or(Item());
}

ReturnValue ReadReturnValues(RequestReader& reader) {
  return reader
      .Enum(reader.String(reader.Member("ReturnValues")), "returnValues",
            kReturnValueNames)
      .value_or(ReturnValue::kNone);
}

ReturnValuesOnConditionCheckFailure ReadReturnValuesOnConditionCheckFailure(
    RequestReader& reader) {
  return reader
      .Enum(reader.String(reader.Member("ReturnValuesOnConditionCheckFailure")),
            "returnValuesOnConditionCheckFailure",
            kReturnValuesOnConditionCheckFailureNames)
      .value_or(ReturnValuesOnConditionCheckFailure::kNone);
}

// Reads the ConditionExpression of a write and the expression attribute
// maps, after the constraint checks.
template <typename Request>
void ReadCondition(RequestReader& reader, Request& request) {
  request.condition_expression =
      reader.String(reader.Member("ConditionExpression"));
  request.expression_attribute_names =
      reader.StringMap(reader.Member("ExpressionAttributeNames"));
  request.expression_attribute_values =
      reader.Attributes(reader.Member("ExpressionAttributeValues"),
                        AttributeMapRole::kExpressionAttributeValues);
}

// Reads the legacy Expected and ConditionalOperator of a write.
template <typename Request>
void ReadExpectedCondition(RequestReader& reader, Request& request) {
  request.expected = ReadExpected(reader);
  request.conditional_operator = ReadConditionalOperator(reader);
}

// {"<field>": {...}} when `item` is set, else {}; with the
// ConsumedCapacity and the ItemCollectionMetrics when there are some.
std::string EncodeOptionalItem(
    absl::string_view field, const ItemPtr& item,
    const std::optional<ConsumedCapacity>& capacity,
    const std::optional<ItemCollectionMetrics>& metrics = std::nullopt) {
  rapidjson::StringBuffer buffer;
  JsonWriter writer(buffer);
  writer.StartObject();
  if (item != nullptr) {
    WriteJsonString(writer, field);
    WriteItem(item, writer);
  }
  WriteConsumedCapacityMember(capacity, writer);
  if (metrics.has_value()) {
    writer.Key("ItemCollectionMetrics");
    WriteItemCollectionMetrics(*metrics, writer);
  }
  writer.EndObject();
  return JsonText(buffer);
}

// The parameters DeleteItem and UpdateItem share, in the order both read
// them (the reader reports the first error met).
template <typename Request>
void ReadKeyedWrite(RequestReader& reader, Request& request) {
  request.return_consumed_capacity = ReadReturnConsumedCapacity(reader);
  request.table_name = reader.TableName(TableNameUse::kItemOperation);
  request.return_values = ReadReturnValues(reader);
  request.return_item_collection_metrics =
      ReadReturnItemCollectionMetrics(reader);
  request.key = ReadRequiredMap(reader, "Key", "key", AttributeMapRole::kKey);
  request.return_values_on_condition_check_failure =
      ReadReturnValuesOnConditionCheckFailure(reader);
}

}  // namespace

// The order of the reads is DynamoDB's order of constraint errors.
absl::StatusOr<PutItemRequest> DecodePutItemRequest(const JsonValue& body) {
  RequestReader reader(body);
  reader.Check(CheckSupportedParameters("PutItem", body));
  PutItemRequest request;
  request.return_consumed_capacity = ReadReturnConsumedCapacity(reader);
  request.table_name = reader.TableName(TableNameUse::kItemOperation);
  request.item =
      ReadRequiredMap(reader, "Item", "item", AttributeMapRole::kItem);
  request.return_values = ReadReturnValues(reader);
  request.return_item_collection_metrics =
      ReadReturnItemCollectionMetrics(reader);
  request.return_values_on_condition_check_failure =
      ReadReturnValuesOnConditionCheckFailure(reader);
  ReadCondition(reader, request);
  ReadExpectedCondition(reader, request);
  DYNAMITE_RETURN_IF_ERROR(reader.Finish());
  return request;
}

absl::StatusOr<GetItemRequest> DecodeGetItemRequest(const JsonValue& body) {
  RequestReader reader(body);
  reader.Check(CheckSupportedParameters("GetItem", body));
  GetItemRequest request;
  request.return_consumed_capacity = ReadReturnConsumedCapacity(reader);
  request.table_name = reader.TableName(TableNameUse::kItemOperation);
  request.key = ReadRequiredMap(reader, "Key", "key", AttributeMapRole::kKey);
  request.consistent_read =
      reader.Boolean(reader.Member("ConsistentRead")).value_or(false);
  request.projection_expression =
      reader.String(reader.Member("ProjectionExpression"));
  request.expression_attribute_names =
      reader.StringMap(reader.Member("ExpressionAttributeNames"));
  request.attributes_to_get = ReadAttributesToGet(reader);
  DYNAMITE_RETURN_IF_ERROR(reader.Finish());
  return request;
}

absl::StatusOr<DeleteItemRequest> DecodeDeleteItemRequest(
    const JsonValue& body) {
  RequestReader reader(body);
  reader.Check(CheckSupportedParameters("DeleteItem", body));
  DeleteItemRequest request;
  ReadKeyedWrite(reader, request);
  ReadCondition(reader, request);
  ReadExpectedCondition(reader, request);
  DYNAMITE_RETURN_IF_ERROR(reader.Finish());
  return request;
}

absl::StatusOr<UpdateItemRequest> DecodeUpdateItemRequest(
    const JsonValue& body) {
  RequestReader reader(body);
  reader.Check(CheckSupportedParameters("UpdateItem", body));
  UpdateItemRequest request;
  ReadKeyedWrite(reader, request);
  request.update_expression = reader.String(reader.Member("UpdateExpression"));
  request.attribute_updates = ReadAttributeUpdates(reader);
  ReadCondition(reader, request);
  ReadExpectedCondition(reader, request);
  DYNAMITE_RETURN_IF_ERROR(reader.Finish());
  return request;
}

std::string EncodePutItemResponse(const PutItemResponse& response) {
  return EncodeOptionalItem("Attributes", response.attributes,
                            response.consumed_capacity,
                            response.item_collection_metrics);
}

std::string EncodeGetItemResponse(const GetItemResponse& response) {
  return EncodeOptionalItem("Item", response.item, response.consumed_capacity);
}

std::string EncodeDeleteItemResponse(const DeleteItemResponse& response) {
  return EncodeOptionalItem("Attributes", response.attributes,
                            response.consumed_capacity,
                            response.item_collection_metrics);
}

std::string EncodeUpdateItemResponse(const UpdateItemResponse& response) {
  return EncodeOptionalItem("Attributes", response.attributes,
                            response.consumed_capacity,
                            response.item_collection_metrics);
}

}  // namespace dynamite
