// The JSON shapes the table operations share (CreateTable, UpdateTable and
// the table descriptions they answer with): AttributeDefinitions,
// KeySchema, ProvisionedThroughput, and the secondary index shapes
// (LocalSecondaryIndex, GlobalSecondaryIndex, GlobalSecondaryIndexUpdate,
// and their descriptions).
//
// Readers take the member's JSON value (nullptr when absent) and the
// constraint path DynamoDB names it by, e.g. "keySchema" at the top level
// or "globalSecondaryIndexes.2.member.keySchema" inside an index, so one
// reader serves every position: a bad KeyType in the first element of the
// second GSI is reported at
// 'globalSecondaryIndexes.2.member.keySchema.1.member.keyType'. They check
// JSON types, absent members and enum values only (request_reader.h); the
// api checks lengths, ranges and names.
//
// Writers emit DynamoDB's member order (DescribeTable's documented output:
// IndexName, KeySchema, Projection, IndexStatus, ProvisionedThroughput,
// IndexSizeBytes, ItemCount, IndexArn; LSIs without IndexStatus and
// ProvisionedThroughput).
//
// Thread safety: pure functions.

#ifndef DYNAMITE_WIRE_TABLE_SHAPES_H_
#define DYNAMITE_WIRE_TABLE_SHAPES_H_

#include <optional>
#include <string>
#include <vector>

#include "absl/strings/string_view.h"

#include "api/table_requests.h"
#include "wire/json.h"
#include "wire/request_reader.h"

namespace dynamite {

// AttributeDefinitions at `path`. `required`: absent is the constraint
// "Value null at '<path>'" (CreateTable); else absent is std::nullopt.
std::optional<std::vector<AttributeDefinition>> ReadAttributeDefinitions(
    RequestReader& reader, const JsonValue* member, absl::string_view path,
    bool required);

// A KeySchema list at `path`, which must be present. Any number of
// elements: a GSI's multi-attribute key has up to eight, and the api
// checks the count.
std::vector<KeySchemaElement> ReadKeySchema(RequestReader& reader,
                                            const JsonValue* member,
                                            absl::string_view path);

// A ProvisionedThroughput structure at `path`, or std::nullopt if absent.
// Both capacity members must be present.
std::optional<ProvisionedThroughput> ReadProvisionedThroughput(
    RequestReader& reader, const JsonValue* member, absl::string_view path);

// OnDemandThroughput and WarmThroughput structures, or std::nullopt if
// absent; either member may be absent (the api checks the values).
std::optional<OnDemandThroughput> ReadOnDemandThroughput(
    RequestReader& reader, const JsonValue* member);
std::optional<WarmThroughputRequest> ReadWarmThroughput(
    RequestReader& reader, const JsonValue* member);

// An SSESpecification structure (CreateTable's SSESpecification, a
// restore's SSESpecificationOverride) whose members' paths start with
// `path`, or std::nullopt if absent.
std::optional<SseSpecification> ReadSseSpecification(RequestReader& reader,
                                                     const JsonValue* member,
                                                     absl::string_view path);

// A StreamSpecification structure at `path`, or std::nullopt if absent.
// StreamEnabled must be present.
std::optional<StreamSpecification> ReadStreamSpecification(
    RequestReader& reader, const JsonValue* member, absl::string_view path);

// CreateTable's LocalSecondaryIndexes / GlobalSecondaryIndexes (`member`
// the list, `path` "localSecondaryIndexes" / "globalSecondaryIndexes"), or
// std::nullopt if absent.
std::optional<std::vector<LocalSecondaryIndex>> ReadLocalSecondaryIndexes(
    RequestReader& reader, const JsonValue* member, absl::string_view path);
std::optional<std::vector<GlobalSecondaryIndex>> ReadGlobalSecondaryIndexes(
    RequestReader& reader, const JsonValue* member, absl::string_view path);

// UpdateTable's GlobalSecondaryIndexUpdates, or std::nullopt if absent.
// Each element's Create, Update and Delete are read as given; whether
// exactly one is set is the api's check.
std::optional<std::vector<GlobalSecondaryIndexUpdate>>
ReadGlobalSecondaryIndexUpdates(RequestReader& reader, const JsonValue* member,
                                absl::string_view path);

void WriteAttributeDefinitions(
    const std::vector<AttributeDefinition>& definitions, JsonWriter& writer);
void WriteKeySchema(const std::vector<KeySchemaElement>& schema,
                    JsonWriter& writer);
// ProvisionedThroughput {NumberOfDecreasesToday: 0, ReadCapacityUnits,
// WriteCapacityUnits}, as DynamoDB describes a table's or a GSI's.
void WriteProvisionedThroughput(const ProvisionedThroughput& throughput,
                                JsonWriter& writer);
// "OnDemandThroughput" with the members set, and "WarmThroughput"
// {ReadUnitsPerSecond, WriteUnitsPerSecond, Status}.
void WriteOnDemandThroughput(const OnDemandThroughput& throughput,
                             JsonWriter& writer);
void WriteWarmThroughput(const WarmThroughputDescription& warm,
                         JsonWriter& writer);
// An index's "Projection" {ProjectionType, NonKeyAttributes under INCLUDE}.
void WriteProjection(const IndexDescription& index, JsonWriter& writer);
// "LocalSecondaryIndexes": [...] and "GlobalSecondaryIndexes": [...], each
// only when the table has such indexes.
void WriteSecondaryIndexes(const TableDescription& table, JsonWriter& writer);
// StreamSpecification, LatestStreamLabel and LatestStreamArn, those set.
void WriteStreamFields(const TableDescription& table, JsonWriter& writer);

}  // namespace dynamite

#endif  // DYNAMITE_WIRE_TABLE_SHAPES_H_
