#include "wire/query_json.h"

#include <algorithm>
#include <cstddef>
#include <optional>
#include <string>
#include <utility>

#include "common/errors.h"
#include "common/status_macros.h"
#include "wire/consumed_capacity_json.h"
#include "wire/enum_names.h"
#include "wire/legacy_json.h"
#include "wire/request_reader.h"
#include "wire/unsupported.h"
#include "wire/value_json.h"

namespace dynamite {

// The order of the reads is DynamoDB's order of constraint errors (dynalite
// test/query.js: select, indexName, returnConsumedCapacity, queryFilter,
// tableName, conditionalOperator, keyConditions) and of its request checks
// (ExclusiveStartKey values, the key condition's presence,
// ExpressionAttributeValues).
absl::StatusOr<QueryRequest> DecodeQueryRequest(const JsonValue& body) {
  RequestReader reader(body);
  reader.Check(CheckSupportedParameters("Query", body));
  QueryRequest request;
  request.limit = reader.Integer(reader.Member("Limit"));
  request.exclusive_start_key = reader.Attributes(
      reader.Member("ExclusiveStartKey"), AttributeMapRole::kExclusiveStartKey);
  request.select = reader.Enum(reader.String(reader.Member("Select")), "select",
                               kSelectNames);
  request.index_name = reader.String(reader.Member("IndexName"));
  reader.IndexName(request.index_name, "indexName");
  request.return_consumed_capacity = ReadReturnConsumedCapacity(reader);
  request.query_filter =
      ReadLegacyConditions(reader, "QueryFilter", "queryFilter");
  request.table_name = reader.TableName(TableNameUse::kItemOperation);
  request.conditional_operator = ReadConditionalOperator(reader);
  request.attributes_to_get = ReadAttributesToGet(reader);
  request.key_conditions =
      ReadLegacyConditions(reader, "KeyConditions", "keyConditions");
  request.consistent_read =
      reader.Boolean(reader.Member("ConsistentRead")).value_or(false);
  request.scan_index_forward =
      reader.Boolean(reader.Member("ScanIndexForward")).value_or(true);
  request.key_condition_expression =
      reader.String(reader.Member("KeyConditionExpression"));
  request.filter_expression = reader.String(reader.Member("FilterExpression"));
  request.projection_expression =
      reader.String(reader.Member("ProjectionExpression"));
  request.expression_attribute_values =
      reader.Attributes(reader.Member("ExpressionAttributeValues"),
                        AttributeMapRole::kExpressionAttributeValues);
  request.expression_attribute_names =
      reader.StringMap(reader.Member("ExpressionAttributeNames"));
  DYNAMITE_RETURN_IF_ERROR(reader.Finish());
  return request;
}

std::string EncodeItemPage(const ItemPage& response) {
  // Room for a page of small items up front, so the buffer does not grow
  // (reallocating and copying) several times while a Query page is written.
  // Capped: a Scan page of tiny items can hold ~100,000 of them, and
  // 256 bytes each would reserve far more than its JSON needs.
  constexpr size_t kReservedItems = 64;
  rapidjson::StringBuffer buffer(
      nullptr, 256 + 256 * std::min(response.items.size(), kReservedItems));
  JsonWriter writer(buffer);
  writer.StartObject();
  if (response.has_items) {
    writer.Key("Items");
    writer.StartArray();
    for (const ItemPtr& item : response.items) WriteItem(item, writer);
    writer.EndArray();
  }
  writer.Key("Count");
  writer.Int64(response.count);
  writer.Key("ScannedCount");
  writer.Int64(response.scanned_count);
  if (response.last_evaluated_key.has_value()) {
    writer.Key("LastEvaluatedKey");
    WriteAttributeMap(*response.last_evaluated_key, writer);
  }
  WriteConsumedCapacityMember(response.consumed_capacity, writer);
  writer.EndObject();
  return JsonText(buffer);
}

}  // namespace dynamite
