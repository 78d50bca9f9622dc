// DynamoDB JSON <-> the table operations: CreateTable, DescribeTable,
// UpdateTable, ListTables, DeleteTable (api/table_requests.h).
//
// Responses (reference §11.5): CreateTable {"TableDescription": {...}},
// DescribeTable {"Table": {...}}, UpdateTable {"TableDescription": {...}},
// DeleteTable {"TableDescription": {...}}
// without KeySchema, AttributeDefinitions and CreationDateTime, and
// ListTables {"TableNames": [...]} plus "LastEvaluatedTableName" when the
// list was cut. A table description carries, in DynamoDB's order:
// AttributeDefinitions, TableName, KeySchema, TableStatus, CreationDateTime
// (epoch seconds, a JSON number with milliseconds), ProvisionedThroughput
// (zeros under PAY_PER_REQUEST), TableSizeBytes, ItemCount, TableArn,
// TableId, BillingModeSummary for PAY_PER_REQUEST tables only, then
// LocalSecondaryIndexes and GlobalSecondaryIndexes when the table has such
// indexes (not in DeleteTable's; their shape: wire/table_shapes.h).
//
// Thread safety: pure functions.

#ifndef DYNAMITE_WIRE_TABLE_JSON_H_
#define DYNAMITE_WIRE_TABLE_JSON_H_

#include <string>

#include "absl/status/statusor.h"
#include "absl/time/time.h"

#include "api/table_requests.h"
#include "wire/json.h"

namespace dynamite {

// REQUIRES for the decoders: body.IsObject().
absl::StatusOr<CreateTableRequest> DecodeCreateTableRequest(
    const JsonValue& body);
absl::StatusOr<DescribeTableRequest> DecodeDescribeTableRequest(
    const JsonValue& body);
absl::StatusOr<UpdateTableRequest> DecodeUpdateTableRequest(
    const JsonValue& body);
absl::StatusOr<ListTablesRequest> DecodeListTablesRequest(
    const JsonValue& body);
absl::StatusOr<DeleteTableRequest> DecodeDeleteTableRequest(
    const JsonValue& body);

std::string EncodeCreateTableResponse(const CreateTableResponse& response);
std::string EncodeDescribeTableResponse(const DescribeTableResponse& response);
std::string EncodeUpdateTableResponse(const UpdateTableResponse& response);
std::string EncodeListTablesResponse(const ListTablesResponse& response);
std::string EncodeDeleteTableResponse(const DeleteTableResponse& response);

// `time` as epoch seconds in plain decimal with up to three fractional
// digits and no trailing zeros: "1767225600", "1767225600.25".
std::string EpochSecondsText(absl::Time time);

// Writes the member `key`: `time` as a JSON number of EpochSecondsText(),
// DynamoDB's form for CreationDateTime and its kin.
void WriteEpochSecondsMember(JsonWriter& writer, absl::string_view key,
                             absl::Time time);

}  // namespace dynamite

#endif  // DYNAMITE_WIRE_TABLE_JSON_H_
