#include "wire/table_shapes.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"

#include "wire/enum_names.h"
#include "wire/json_types.h"

namespace dynamite {
namespace {

// The elements of the list `member` (nullptr if absent or not a list, the
// latter a type error). Null elements are returned as nullptr, so that
// their required members are reported as null, as DynamoDB does.
std::vector<const JsonValue*> ListElements(RequestReader& reader,
                                           const JsonValue* member) {
  std::vector<const JsonValue*> elements;
  const JsonValue* list = reader.List(member);
  if (list == nullptr) return elements;
  for (const JsonValue& element : list->GetArray()) {
    elements.push_back(element.IsNull() ? nullptr : &element);
  }
  return elements;
}

// "<path>.<i + 1>.member": DynamoDB numbers list elements from 1.
std::string ElementPath(absl::string_view path, size_t i) {
  return absl::StrCat(path, ".", i + 1, ".member");
}

// The string member `name` of `structure` (which may be nullptr), which
// must be present (constraint `path` not null).
std::optional<std::string> ReadRequiredString(RequestReader& reader,
                                              const JsonValue* structure,
                                              absl::string_view name,
                                              absl::string_view path) {
  const JsonValue* member = RequestReader::Member(structure, name);
  reader.NotNull(path, member != nullptr);
  return reader.String(member);
}

// A list of strings (NonKeyAttributes), or std::nullopt if absent. A null
// element is dropped, as in AttributesToGet.
std::optional<std::vector<std::string>> ReadStringList(
    RequestReader& reader, const JsonValue* member) {
  const JsonValue* list = reader.List(member);
  if (list == nullptr) return std::nullopt;
  std::vector<std::string> strings;
  for (const JsonValue& element : list->GetArray()) {
    if (element.IsNull()) continue;
    std::optional<std::string> s = reader.String(&element);
    if (s.has_value()) strings.push_back(*std::move(s));
  }
  return strings;
}

// The required Projection of the index `index` whose path is `prefix`.
// Its ProjectionType may be absent: DynamoDB reports that later, as
// "Unknown ProjectionType: null" (the api's check).
Projection ReadProjection(RequestReader& reader, const JsonValue* index,
                          absl::string_view prefix) {
  const std::string path = absl::StrCat(prefix, ".projection");
  const JsonValue* member = RequestReader::Member(index, "Projection");
  reader.NotNull(path, member != nullptr);
  const JsonValue* structure =
      reader.Structure(member, "Projection", StructurePosition::kField);
  Projection projection;
  projection.projection_type = reader.Enum(
      reader.String(RequestReader::Member(structure, "ProjectionType")),
      absl::StrCat(path, ".projectionType"), kProjectionTypeNames);
  projection.non_key_attributes = ReadStringList(
      reader, RequestReader::Member(structure, "NonKeyAttributes"));
  return projection;
}

std::vector<KeySchemaElement> ReadIndexKeySchema(RequestReader& reader,
                                                 const JsonValue* index,
                                                 absl::string_view prefix) {
  return ReadKeySchema(reader, RequestReader::Member(index, "KeySchema"),
                       absl::StrCat(prefix, ".keySchema"));
}

std::string ReadIndexName(RequestReader& reader, const JsonValue* structure,
                          absl::string_view prefix) {
  return ReadRequiredString(reader, structure, "IndexName",
                            absl::StrCat(prefix, ".indexName"))
      .value_or("");
}

std::optional<ProvisionedThroughput> ReadIndexThroughput(
    RequestReader& reader, const JsonValue* structure,
    absl::string_view prefix) {
  return ReadProvisionedThroughput(
      reader, RequestReader::Member(structure, "ProvisionedThroughput"),
      absl::StrCat(prefix, ".provisionedThroughput"));
}

// A GSI's OnDemandThroughput and WarmThroughput, in `T` (GlobalSecondaryIndex
// or an Update action).
template <typename T>
void ReadIndexSettings(RequestReader& reader, const JsonValue* structure,
                       T& out) {
  out.on_demand_throughput = ReadOnDemandThroughput(
      reader, RequestReader::Member(structure, "OnDemandThroughput"));
  out.warm_throughput = ReadWarmThroughput(
      reader, RequestReader::Member(structure, "WarmThroughput"));
}

// The members of one index are read in the order DynamoDB reports their
// constraint errors (dynalite test/createTable.js, recorded against
// DynamoDB: keySchema, projection, indexName, provisionedThroughput).
LocalSecondaryIndex ReadLocalSecondaryIndex(RequestReader& reader,
                                            const JsonValue* element,
                                            absl::string_view prefix) {
  const JsonValue* index = reader.Structure(element, "LocalSecondaryIndex",
                                            StructurePosition::kValue);
  LocalSecondaryIndex lsi;
  lsi.key_schema = ReadIndexKeySchema(reader, index, prefix);
  lsi.projection = ReadProjection(reader, index, prefix);
  lsi.index_name = ReadIndexName(reader, index, prefix);
  return lsi;
}

GlobalSecondaryIndex ReadGlobalSecondaryIndex(RequestReader& reader,
                                              const JsonValue* element,
                                              absl::string_view prefix) {
  const JsonValue* index = reader.Structure(element, "GlobalSecondaryIndex",
                                            StructurePosition::kValue);
  GlobalSecondaryIndex gsi;
  gsi.key_schema = ReadIndexKeySchema(reader, index, prefix);
  gsi.projection = ReadProjection(reader, index, prefix);
  gsi.index_name = ReadIndexName(reader, index, prefix);
  gsi.provisioned_throughput = ReadIndexThroughput(reader, index, prefix);
  ReadIndexSettings(reader, index, gsi);
  return gsi;
}

// UpdateTable's Create: DynamoDB's order differs from CreateTable's
// (dynalite validations/updateTable.js: projection, indexName,
// provisionedThroughput, keySchema).
GlobalSecondaryIndex ReadCreateAction(RequestReader& reader,
                                      const JsonValue& create,
                                      absl::string_view prefix) {
  GlobalSecondaryIndex gsi;
  gsi.projection = ReadProjection(reader, &create, prefix);
  gsi.index_name = ReadIndexName(reader, &create, prefix);
  gsi.provisioned_throughput = ReadIndexThroughput(reader, &create, prefix);
  gsi.key_schema = ReadIndexKeySchema(reader, &create, prefix);
  ReadIndexSettings(reader, &create, gsi);
  return gsi;
}

// UpdateTable's Update. Its ProvisionedThroughput may be absent here: the
// api answers that with DynamoDB's message for the table's billing mode.
GlobalSecondaryIndexUpdate::Update ReadUpdateAction(RequestReader& reader,
                                                    const JsonValue& update,
                                                    absl::string_view prefix) {
  GlobalSecondaryIndexUpdate::Update action;
  action.index_name = ReadIndexName(reader, &update, prefix);
  action.provisioned_throughput = ReadIndexThroughput(reader, &update, prefix);
  ReadIndexSettings(reader, &update, action);
  return action;
}

GlobalSecondaryIndexUpdate ReadIndexUpdate(RequestReader& reader,
                                           const JsonValue* element,
                                           absl::string_view prefix) {
  const JsonValue* entry = reader.Structure(
      element, "GlobalSecondaryIndexUpdate", StructurePosition::kValue);
  GlobalSecondaryIndexUpdate out;
  if (const JsonValue* update = reader.Structure(
          RequestReader::Member(entry, "Update"),
          "UpdateGlobalSecondaryIndexAction", StructurePosition::kField)) {
    out.update =
        ReadUpdateAction(reader, *update, absl::StrCat(prefix, ".update"));
  }
  if (const JsonValue* create = reader.Structure(
          RequestReader::Member(entry, "Create"),
          "CreateGlobalSecondaryIndexAction", StructurePosition::kField)) {
    out.create =
        ReadCreateAction(reader, *create, absl::StrCat(prefix, ".create"));
  }
  if (const JsonValue* deleted = reader.Structure(
          RequestReader::Member(entry, "Delete"),
          "DeleteGlobalSecondaryIndexAction", StructurePosition::kField)) {
    out.delete_index_name =
        ReadIndexName(reader, deleted, absl::StrCat(prefix, ".delete"));
  }
  return out;
}

// Reads the list `member` with `read_one(reader, element, element_path)`,
// or returns std::nullopt if it is absent.
template <typename T, typename ReadOne>
std::optional<std::vector<T>> ReadList(RequestReader& reader,
                                       const JsonValue* member,
                                       absl::string_view path,
                                       ReadOne read_one) {
  if (member == nullptr) return std::nullopt;
  std::vector<T> out;
  std::vector<const JsonValue*> elements = ListElements(reader, member);
  for (size_t i = 0; i < elements.size(); ++i) {
    out.push_back(read_one(reader, elements[i], ElementPath(path, i)));
  }
  return out;
}

void WriteInt64(JsonWriter& writer, absl::string_view key, int64_t value) {
  WriteJsonString(writer, key);
  writer.Int64(value);
}

// Projection {ProjectionType, NonKeyAttributes (INCLUDE only)}.
void WriteIndex(const IndexDescription& index, JsonWriter& writer) {
  const bool global = index.kind == IndexKind::kGlobal;
  writer.StartObject();
  WriteStringMember(writer, "IndexName", index.index_name);
  WriteKeySchema(index.key_schema, writer);
  WriteProjection(index, writer);
  if (global) {
    WriteStringMember(writer, "IndexStatus", index.index_status);
    if (index.backfilling) {
      writer.Key("Backfilling");
      writer.Bool(true);
    }
    WriteProvisionedThroughput(index.provisioned_throughput, writer);
  }
  WriteInt64(writer, "IndexSizeBytes", index.index_size_bytes);
  WriteInt64(writer, "ItemCount", index.item_count);
  WriteStringMember(writer, "IndexArn", index.index_arn);
  if (index.on_demand_throughput.has_value()) {
    WriteOnDemandThroughput(*index.on_demand_throughput, writer);
  }
  if (index.warm_throughput.has_value()) {
    WriteWarmThroughput(*index.warm_throughput, writer);
  }
  writer.EndObject();
}

void WriteIndexList(absl::string_view key,
                    const std::vector<IndexDescription>& indexes,
                    JsonWriter& writer) {
  if (indexes.empty()) return;
  WriteJsonString(writer, key);
  writer.StartArray();
  for (const IndexDescription& index : indexes) WriteIndex(index, writer);
  writer.EndArray();
}

}  // namespace

void WriteProjection(const IndexDescription& index, JsonWriter& writer) {
  writer.Key("Projection");
  writer.StartObject();
  WriteStringMember(writer, "ProjectionType",
                    NameOf(kProjectionTypeNames, index.projection_type));
  if (index.projection_type == ProjectionType::kInclude) {
    writer.Key("NonKeyAttributes");
    writer.StartArray();
    for (const std::string& name : index.non_key_attributes) {
      WriteJsonString(writer, name);
    }
    writer.EndArray();
  }
  writer.EndObject();
}

std::optional<std::vector<AttributeDefinition>> ReadAttributeDefinitions(
    RequestReader& reader, const JsonValue* member, absl::string_view path,
    bool required) {
  if (required) reader.NotNull(path, member != nullptr);
  if (!required && member == nullptr) return std::nullopt;
  std::vector<AttributeDefinition> definitions;
  std::vector<const JsonValue*> elements = ListElements(reader, member);
  for (size_t i = 0; i < elements.size(); ++i) {
    const std::string element_path = ElementPath(path, i);
    const JsonValue* element = reader.Structure(
        elements[i], "AttributeDefinition", StructurePosition::kValue);
    AttributeDefinition definition;
    definition.attribute_name =
        ReadRequiredString(reader, element, "AttributeName",
                           absl::StrCat(element_path, ".attributeName"))
            .value_or("");
    const std::string type_path = absl::StrCat(element_path, ".attributeType");
    definition.attribute_type =
        reader
            .Enum(
                ReadRequiredString(reader, element, "AttributeType", type_path),
                type_path, kKeyTypeNames)
            .value_or(KeyType::kS);
    definitions.push_back(std::move(definition));
  }
  return definitions;
}

std::vector<KeySchemaElement> ReadKeySchema(RequestReader& reader,
                                            const JsonValue* member,
                                            absl::string_view path) {
  reader.NotNull(path, member != nullptr);
  std::vector<KeySchemaElement> schema;
  std::vector<const JsonValue*> elements = ListElements(reader, member);
  for (size_t i = 0; i < elements.size(); ++i) {
    const std::string element_path = ElementPath(path, i);
    const JsonValue* element = reader.Structure(elements[i], "KeySchemaElement",
                                                StructurePosition::kValue);
    KeySchemaElement key;
    key.attribute_name =
        ReadRequiredString(reader, element, "AttributeName",
                           absl::StrCat(element_path, ".attributeName"))
            .value_or("");
    const std::string type_path = absl::StrCat(element_path, ".keyType");
    key.key_type =
        reader
            .Enum(ReadRequiredString(reader, element, "KeyType", type_path),
                  type_path, kKeySchemaRoleNames)
            .value_or(KeySchemaRole::kHash);
    schema.push_back(std::move(key));
  }
  return schema;
}

std::optional<ProvisionedThroughput> ReadProvisionedThroughput(
    RequestReader& reader, const JsonValue* member, absl::string_view path) {
  const JsonValue* structure = reader.Structure(member, "ProvisionedThroughput",
                                                StructurePosition::kField);
  if (structure == nullptr) return std::nullopt;
  const JsonValue* write =
      RequestReader::Member(structure, "WriteCapacityUnits");
  reader.NotNull(absl::StrCat(path, ".writeCapacityUnits"), write != nullptr);
  const JsonValue* read = RequestReader::Member(structure, "ReadCapacityUnits");
  reader.NotNull(absl::StrCat(path, ".readCapacityUnits"), read != nullptr);
  ProvisionedThroughput throughput;
  throughput.write_capacity_units = reader.Long(write).value_or(0);
  throughput.read_capacity_units = reader.Long(read).value_or(0);
  return throughput;
}

std::optional<OnDemandThroughput> ReadOnDemandThroughput(
    RequestReader& reader, const JsonValue* member) {
  const JsonValue* structure =
      reader.Structure(member, "OnDemandThroughput", StructurePosition::kField);
  if (structure == nullptr) return std::nullopt;
  return OnDemandThroughput{
      .max_read_request_units =
          reader.Long(RequestReader::Member(structure, "MaxReadRequestUnits")),
      .max_write_request_units = reader.Long(
          RequestReader::Member(structure, "MaxWriteRequestUnits"))};
}

std::optional<WarmThroughputRequest> ReadWarmThroughput(
    RequestReader& reader, const JsonValue* member) {
  const JsonValue* structure =
      reader.Structure(member, "WarmThroughput", StructurePosition::kField);
  if (structure == nullptr) return std::nullopt;
  return WarmThroughputRequest{
      .read_units_per_second =
          reader.Long(RequestReader::Member(structure, "ReadUnitsPerSecond")),
      .write_units_per_second =
          reader.Long(RequestReader::Member(structure, "WriteUnitsPerSecond"))};
}

std::optional<StreamSpecification> ReadStreamSpecification(
    RequestReader& reader, const JsonValue* member, absl::string_view path) {
  const JsonValue* structure = reader.Structure(member, "StreamSpecification",
                                                StructurePosition::kField);
  if (structure == nullptr) return std::nullopt;
  const JsonValue* enabled = RequestReader::Member(structure, "StreamEnabled");
  reader.NotNull(absl::StrCat(path, ".streamEnabled"), enabled != nullptr);
  StreamSpecification spec;
  spec.stream_enabled = reader.Boolean(enabled).value_or(false);
  spec.stream_view_type = reader.Enum(
      reader.String(RequestReader::Member(structure, "StreamViewType")),
      absl::StrCat(path, ".streamViewType"), kStreamViewTypeNames);
  return spec;
}

void WriteStreamFields(const TableDescription& table, JsonWriter& writer) {
  if (table.stream_specification.has_value()) {
    writer.Key("StreamSpecification");
    writer.StartObject();
    writer.Key("StreamEnabled");
    writer.Bool(table.stream_specification->stream_enabled);
    if (table.stream_specification->stream_view_type.has_value()) {
      WriteJsonString(writer, "StreamViewType");
      WriteJsonString(writer,
                      NameOf(kStreamViewTypeNames,
                             *table.stream_specification->stream_view_type));
    }
    writer.EndObject();
  }
  if (!table.latest_stream_arn.empty()) {
    WriteJsonString(writer, "LatestStreamLabel");
    WriteJsonString(writer, table.latest_stream_label);
    WriteJsonString(writer, "LatestStreamArn");
    WriteJsonString(writer, table.latest_stream_arn);
  }
}

std::optional<std::vector<LocalSecondaryIndex>> ReadLocalSecondaryIndexes(
    RequestReader& reader, const JsonValue* member, absl::string_view path) {
  return ReadList<LocalSecondaryIndex>(reader, member, path,
                                       &ReadLocalSecondaryIndex);
}

std::optional<std::vector<GlobalSecondaryIndex>> ReadGlobalSecondaryIndexes(
    RequestReader& reader, const JsonValue* member, absl::string_view path) {
  return ReadList<GlobalSecondaryIndex>(reader, member, path,
                                        &ReadGlobalSecondaryIndex);
}

std::optional<std::vector<GlobalSecondaryIndexUpdate>>
ReadGlobalSecondaryIndexUpdates(RequestReader& reader, const JsonValue* member,
                                absl::string_view path) {
  return ReadList<GlobalSecondaryIndexUpdate>(reader, member, path,
                                              &ReadIndexUpdate);
}

void WriteAttributeDefinitions(
    const std::vector<AttributeDefinition>& definitions, JsonWriter& writer) {
  writer.Key("AttributeDefinitions");
  writer.StartArray();
  for (const AttributeDefinition& definition : definitions) {
    writer.StartObject();
    WriteStringMember(writer, "AttributeName", definition.attribute_name);
    WriteStringMember(writer, "AttributeType",
                      NameOf(kKeyTypeNames, definition.attribute_type));
    writer.EndObject();
  }
  writer.EndArray();
}

void WriteKeySchema(const std::vector<KeySchemaElement>& schema,
                    JsonWriter& writer) {
  writer.Key("KeySchema");
  writer.StartArray();
  for (const KeySchemaElement& key : schema) {
    writer.StartObject();
    WriteStringMember(writer, "AttributeName", key.attribute_name);
    WriteStringMember(writer, "KeyType",
                      NameOf(kKeySchemaRoleNames, key.key_type));
    writer.EndObject();
  }
  writer.EndArray();
}

void WriteProvisionedThroughput(const ProvisionedThroughput& throughput,
                                JsonWriter& writer) {
  writer.Key("ProvisionedThroughput");
  writer.StartObject();
  WriteInt64(writer, "NumberOfDecreasesToday", 0);
  WriteInt64(writer, "ReadCapacityUnits", throughput.read_capacity_units);
  WriteInt64(writer, "WriteCapacityUnits", throughput.write_capacity_units);
  writer.EndObject();
}

void WriteOnDemandThroughput(const OnDemandThroughput& throughput,
                             JsonWriter& writer) {
  writer.Key("OnDemandThroughput");
  writer.StartObject();
  if (throughput.max_read_request_units.has_value()) {
    WriteInt64(writer, "MaxReadRequestUnits",
               *throughput.max_read_request_units);
  }
  if (throughput.max_write_request_units.has_value()) {
    WriteInt64(writer, "MaxWriteRequestUnits",
               *throughput.max_write_request_units);
  }
  writer.EndObject();
}

void WriteWarmThroughput(const WarmThroughputDescription& warm,
                         JsonWriter& writer) {
  writer.Key("WarmThroughput");
  writer.StartObject();
  WriteInt64(writer, "ReadUnitsPerSecond", warm.read_units_per_second);
  WriteInt64(writer, "WriteUnitsPerSecond", warm.write_units_per_second);
  WriteStringMember(writer, "Status", warm.status);
  writer.EndObject();
}

void WriteSecondaryIndexes(const TableDescription& table, JsonWriter& writer) {
  WriteIndexList("LocalSecondaryIndexes", table.local_secondary_indexes,
                 writer);
  WriteIndexList("GlobalSecondaryIndexes", table.global_secondary_indexes,
                 writer);
}

std::optional<SseSpecification> ReadSseSpecification(RequestReader& reader,
                                                     const JsonValue* member,
                                                     absl::string_view path) {
  const JsonValue* spec =
      reader.Structure(member, "SSESpecification", StructurePosition::kField);
  if (spec == nullptr) return std::nullopt;
  return SseSpecification{
      .enabled = reader.Boolean(RequestReader::Member(spec, "Enabled")),
      .sse_type =
          reader.Enum(reader.String(RequestReader::Member(spec, "SSEType")),
                      absl::StrCat(path, ".sSEType"), kSseTypeNames),
      .kms_master_key_id =
          reader.String(RequestReader::Member(spec, "KMSMasterKeyId"))};
}

}  // namespace dynamite
