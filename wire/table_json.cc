#include "wire/table_json.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

#include "common/status_macros.h"
#include "wire/enum_names.h"
#include "wire/request_reader.h"
#include "wire/unsupported.h"

namespace dynamite {
namespace {

// Reads the TableName a table operation requires.
std::string ReadRequiredTableName(RequestReader& reader) {
  const JsonValue* member = reader.Member("TableName");
  reader.Required("TableName", member != nullptr);
  return reader.String(member).value_or("");
}

// The JSON array elements of the list member `name`, checking that the
// member is present (constraint `path` not null). Null elements are
// returned as nullptr.
std::vector<const JsonValue*> ReadRequiredList(RequestReader& reader,
                                               absl::string_view name,
                                               absl::string_view path) {
  const JsonValue* member = reader.Member(name);
  reader.NotNull(path, member != nullptr);
  std::vector<const JsonValue*> elements;
  const JsonValue* list = reader.List(member);
  if (list == nullptr) return elements;
  for (const JsonValue& element : list->GetArray()) {
    elements.push_back(element.IsNull() ? nullptr : &element);
  }
  return elements;
}

// Reads the string member `name` of `structure` (which may be nullptr),
// which must be present (constraint "<path>.<field>" not null).
std::optional<std::string> ReadRequiredString(RequestReader& reader,
                                              const JsonValue* structure,
                                              absl::string_view name,
                                              absl::string_view path) {
  const JsonValue* member = RequestReader::Member(structure, name);
  reader.NotNull(path, member != nullptr);
  return reader.String(member);
}

std::vector<AttributeDefinition> ReadAttributeDefinitions(
    RequestReader& reader) {
  std::vector<AttributeDefinition> definitions;
  std::vector<const JsonValue*> elements =
      ReadRequiredList(reader, "AttributeDefinitions", "attributeDefinitions");
  for (size_t i = 0; i < elements.size(); ++i) {
    std::string path = absl::StrCat("attributeDefinitions.", i + 1, ".member");
    const JsonValue* element = reader.Structure(
        elements[i], "AttributeDefinition", StructurePosition::kValue);
    AttributeDefinition definition;
    definition.attribute_name =
        ReadRequiredString(reader, element, "AttributeName",
                           absl::StrCat(path, ".attributeName"))
            .value_or("");
    std::string type_path = absl::StrCat(path, ".attributeType");
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

std::vector<KeySchemaElement> ReadKeySchema(RequestReader& reader) {
  std::vector<KeySchemaElement> schema;
  std::vector<const JsonValue*> elements =
      ReadRequiredList(reader, "KeySchema", "keySchema");
  for (size_t i = 0; i < elements.size(); ++i) {
    std::string path = absl::StrCat("keySchema.", i + 1, ".member");
    const JsonValue* element = reader.Structure(elements[i], "KeySchemaElement",
                                                StructurePosition::kValue);
    KeySchemaElement key;
    key.attribute_name =
        ReadRequiredString(reader, element, "AttributeName",
                           absl::StrCat(path, ".attributeName"))
            .value_or("");
    std::string type_path = absl::StrCat(path, ".keyType");
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
    RequestReader& reader) {
  const JsonValue* structure =
      reader.Structure(reader.Member("ProvisionedThroughput"),
                       "ProvisionedThroughput", StructurePosition::kField);
  if (structure == nullptr) return std::nullopt;
  const JsonValue* write =
      RequestReader::Member(structure, "WriteCapacityUnits");
  reader.NotNull("provisionedThroughput.writeCapacityUnits", write != nullptr);
  const JsonValue* read = RequestReader::Member(structure, "ReadCapacityUnits");
  reader.NotNull("provisionedThroughput.readCapacityUnits", read != nullptr);
  ProvisionedThroughput throughput;
  throughput.write_capacity_units = reader.Long(write).value_or(0);
  throughput.read_capacity_units = reader.Long(read).value_or(0);
  return throughput;
}

void WriteString(JsonWriter& writer, absl::string_view key,
                 absl::string_view value) {
  WriteJsonString(writer, key);
  WriteJsonString(writer, value);
}

void WriteTime(JsonWriter& writer, absl::string_view key, absl::Time time) {
  WriteJsonString(writer, key);
  std::string seconds = EpochSecondsText(time);
  writer.RawValue(seconds.data(), seconds.size(), rapidjson::kNumberType);
}

void WriteAttributeDefinitions(
    const std::vector<AttributeDefinition>& definitions, JsonWriter& writer) {
  writer.Key("AttributeDefinitions");
  writer.StartArray();
  for (const AttributeDefinition& definition : definitions) {
    writer.StartObject();
    WriteString(writer, "AttributeName", definition.attribute_name);
    WriteString(writer, "AttributeType",
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
    WriteString(writer, "AttributeName", key.attribute_name);
    WriteString(writer, "KeyType", NameOf(kKeySchemaRoleNames, key.key_type));
    writer.EndObject();
  }
  writer.EndArray();
}

void WriteProvisionedThroughput(const ProvisionedThroughput& throughput,
                                JsonWriter& writer) {
  writer.Key("ProvisionedThroughput");
  writer.StartObject();
  writer.Key("NumberOfDecreasesToday");
  writer.Int64(0);
  writer.Key("ReadCapacityUnits");
  writer.Int64(throughput.read_capacity_units);
  writer.Key("WriteCapacityUnits");
  writer.Int64(throughput.write_capacity_units);
  writer.EndObject();
}

// Which fields a table description carries.
enum class DescriptionFields { kAll, kDeleted };

void WriteTableDescription(const TableDescription& table,
                           DescriptionFields fields, JsonWriter& writer) {
  bool all = fields == DescriptionFields::kAll;
  writer.StartObject();
  if (all) WriteAttributeDefinitions(table.attribute_definitions, writer);
  WriteString(writer, "TableName", table.table_name);
  if (all) WriteKeySchema(table.key_schema, writer);
  WriteString(writer, "TableStatus", table.table_status);
  if (all) WriteTime(writer, "CreationDateTime", table.creation_date_time);
  WriteProvisionedThroughput(table.provisioned_throughput, writer);
  writer.Key("TableSizeBytes");
  writer.Int64(table.table_size_bytes);
  writer.Key("ItemCount");
  writer.Int64(table.item_count);
  WriteString(writer, "TableArn", table.table_arn);
  WriteString(writer, "TableId", table.table_id);
  if (table.billing_mode == BillingMode::kPayPerRequest) {
    writer.Key("BillingModeSummary");
    writer.StartObject();
    WriteString(writer, "BillingMode", "PAY_PER_REQUEST");
    WriteTime(writer, "LastUpdateToPayPerRequestDateTime",
              table.creation_date_time);
    writer.EndObject();
  }
  writer.EndObject();
}

std::string EncodeDescription(absl::string_view field,
                              const TableDescription& table,
                              DescriptionFields fields) {
  rapidjson::StringBuffer buffer;
  JsonWriter writer(buffer);
  writer.StartObject();
  WriteJsonString(writer, field);
  WriteTableDescription(table, fields, writer);
  writer.EndObject();
  return JsonText(buffer);
}

}  // namespace

// The order of the reads is DynamoDB's order of constraint errors.
absl::StatusOr<CreateTableRequest> DecodeCreateTableRequest(
    const JsonValue& body) {
  RequestReader reader(body);
  reader.Check(CheckSupportedParameters("CreateTable", body));
  CreateTableRequest request;
  request.attribute_definitions = ReadAttributeDefinitions(reader);
  request.table_name = ReadRequiredTableName(reader);
  request.provisioned_throughput = ReadProvisionedThroughput(reader);
  request.key_schema = ReadKeySchema(reader);
  request.billing_mode =
      reader.Enum(reader.String(reader.Member("BillingMode")), "billingMode",
                  kBillingModeNames);
  DYNAMITE_RETURN_IF_ERROR(reader.Finish());
  return request;
}

absl::StatusOr<DescribeTableRequest> DecodeDescribeTableRequest(
    const JsonValue& body) {
  RequestReader reader(body);
  DescribeTableRequest request;
  request.table_name = ReadRequiredTableName(reader);
  DYNAMITE_RETURN_IF_ERROR(reader.Finish());
  return request;
}

absl::StatusOr<ListTablesRequest> DecodeListTablesRequest(
    const JsonValue& body) {
  RequestReader reader(body);
  ListTablesRequest request;
  request.exclusive_start_table_name =
      reader.String(reader.Member("ExclusiveStartTableName"));
  request.limit = reader.Integer(reader.Member("Limit"));
  DYNAMITE_RETURN_IF_ERROR(reader.Finish());
  return request;
}

absl::StatusOr<DeleteTableRequest> DecodeDeleteTableRequest(
    const JsonValue& body) {
  RequestReader reader(body);
  DeleteTableRequest request;
  request.table_name = ReadRequiredTableName(reader);
  DYNAMITE_RETURN_IF_ERROR(reader.Finish());
  return request;
}

std::string EncodeCreateTableResponse(const CreateTableResponse& response) {
  return EncodeDescription("TableDescription", response.table_description,
                           DescriptionFields::kAll);
}

std::string EncodeDescribeTableResponse(const DescribeTableResponse& response) {
  return EncodeDescription("Table", response.table, DescriptionFields::kAll);
}

std::string EncodeDeleteTableResponse(const DeleteTableResponse& response) {
  return EncodeDescription("TableDescription", response.table_description,
                           DescriptionFields::kDeleted);
}

std::string EncodeListTablesResponse(const ListTablesResponse& response) {
  rapidjson::StringBuffer buffer;
  JsonWriter writer(buffer);
  writer.StartObject();
  writer.Key("TableNames");
  writer.StartArray();
  for (const std::string& name : response.table_names) {
    WriteJsonString(writer, name);
  }
  writer.EndArray();
  if (response.last_evaluated_table_name.has_value()) {
    WriteString(writer, "LastEvaluatedTableName",
                *response.last_evaluated_table_name);
  }
  writer.EndObject();
  return JsonText(buffer);
}

std::string EpochSecondsText(absl::Time time) {
  int64_t millis = absl::ToUnixMillis(time);
  int64_t seconds = millis / 1000;
  int64_t fraction = millis % 1000;
  if (fraction < 0) {
    fraction += 1000;
    --seconds;
  }
  if (fraction == 0) return absl::StrCat(seconds);
  std::string text = absl::StrFormat("%d.%03d", seconds, fraction);
  while (text.back() == '0') text.pop_back();
  return text;
}

}  // namespace dynamite
