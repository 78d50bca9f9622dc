#include "wire/scan_json.h"

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

// The reads follow DecodeQueryRequest (wire/query_json.cc); dynalite
// test/scan.js orders select, indexName, totalSegments,
// returnConsumedCapacity, tableName, conditionalOperator.
absl::StatusOr<ScanRequest> DecodeScanRequest(const JsonValue& body) {
  RequestReader reader(body);
  reader.Check(CheckSupportedParameters("Scan", body));
  ScanRequest request;
  request.limit = reader.Integer(reader.Member("Limit"));
  request.exclusive_start_key = reader.Attributes(
      reader.Member("ExclusiveStartKey"), AttributeMapRole::kExclusiveStartKey);
  request.select = reader.Enum(reader.String(reader.Member("Select")), "select",
                               kSelectNames);
  request.index_name = reader.String(reader.Member("IndexName"));
  reader.IndexName(request.index_name, "indexName");
  request.return_consumed_capacity = ReadReturnConsumedCapacity(reader);
  request.segment = reader.Integer(reader.Member("Segment"));
  request.total_segments = reader.Integer(reader.Member("TotalSegments"));
  request.table_name = reader.TableName(TableNameUse::kItemOperation);
  request.conditional_operator = ReadConditionalOperator(reader);
  request.scan_filter =
      ReadLegacyConditions(reader, "ScanFilter", "scanFilter");
  request.attributes_to_get = ReadAttributesToGet(reader);
  request.consistent_read =
      reader.Boolean(reader.Member("ConsistentRead")).value_or(false);
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

}  // namespace dynamite
