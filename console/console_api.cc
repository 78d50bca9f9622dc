// The console's helper endpoints (console/console_api.h). Each reads the
// table through the Database's own operations (DescribeTable, Scan), so it
// sees what a client would and needs no access to the store.

#include "console/console_api.h"

#include <algorithm>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

#include "common/errors.h"
#include "common/status_macros.h"
#include "keydesign/expression_builder.h"
#include "keydesign/expression_json.h"
#include "keydesign/lint.h"
#include "keydesign/lint_exec_reader.h"
#include "keydesign/lint_report.h"
#include "store/packed_item.h"
#include "wire/error_body.h"
#include "wire/json.h"
#include "wire/value_json.h"

namespace dynamite {
namespace {

ConsoleAnswer Failure(const absl::Status& status) {
  WireResponse response = ErrorResponse(status);
  return ConsoleAnswer{response.http_status, std::move(response.body)};
}

// The body's JSON object, or a SerializationException as DynamoDB answers
// malformed JSON.
absl::Status ParseObject(absl::string_view body, JsonDocument& doc) {
  if (!ParseJson(body, doc) || !doc.IsObject()) {
    return SerializationError(
        "Start of structure or map found where not "
        "expected");
  }
  return absl::OkStatus();
}

absl::StatusOr<std::string> RequiredString(const JsonValue& object,
                                           absl::string_view name) {
  const JsonValue* member = FindMember(object, name);
  if (member == nullptr || !member->IsString()) {
    return ValidationError(absl::StrCat(name, " is required"));
  }
  return std::string(JsonString(*member));
}

absl::StatusOr<AttributeValue> ValueOf(const JsonValue& json) {
  ValueErrors errors;
  AttributeValue value = DecodeAttributeValue(json, errors);
  if (!errors.ok()) return errors.first();
  return value;
}

absl::StatusOr<TableDescription> Describe(Database& db,
                                          const std::string& table) {
  DYNAMITE_ASSIGN_OR_RETURN(DescribeTableResponse described,
                            db.DescribeTable({.table_name = table}));
  return std::move(described.table);
}

// The partition and sort key attributes, in key order, of the table or of
// its index `index` (a multi-attribute GSI key has up to four of each).
struct KeyNames {
  std::vector<std::string> partition;
  std::vector<std::string> sort;
};
absl::StatusOr<KeyNames> KeyNamesOf(const TableDescription& table,
                                    const std::optional<std::string>& index) {
  const std::vector<KeySchemaElement>* schema = &table.key_schema;
  if (index.has_value()) {
    schema = nullptr;
    for (const auto* list :
         {&table.local_secondary_indexes, &table.global_secondary_indexes}) {
      for (const IndexDescription& candidate : *list) {
        if (candidate.index_name == *index) schema = &candidate.key_schema;
      }
    }
    if (schema == nullptr) {
      return ValidationError(absl::StrCat(
          "The table does not have the specified index: ", *index));
    }
  }
  KeyNames names;
  for (const KeySchemaElement& element : *schema) {
    (element.key_type == KeySchemaRole::kHash ? names.partition : names.sort)
        .push_back(element.attribute_name);
  }
  return names;
}

// The AttributeValues of the array member `name` (absent: none).
absl::StatusOr<std::vector<AttributeValue>> ValuesOf(const JsonValue& object,
                                                     absl::string_view name) {
  std::vector<AttributeValue> values;
  const JsonValue* array = FindMember(object, name);
  if (array == nullptr) return values;
  if (!array->IsArray()) {
    return ValidationError(absl::StrCat(name, " must be a list"));
  }
  for (const JsonValue& value : array->GetArray()) {
    DYNAMITE_ASSIGN_OR_RETURN(values.emplace_back(), ValueOf(value));
  }
  return values;
}

absl::StatusOr<SortKeyTerm> SortTermOf(const JsonValue& condition,
                                       const std::string& sort_key) {
  if (!condition.IsObject()) {
    return ValidationError("SortKeyCondition must be an object");
  }
  DYNAMITE_ASSIGN_OR_RETURN(std::string op,
                            RequiredString(condition, "Operator"));
  DYNAMITE_ASSIGN_OR_RETURN(std::vector<AttributeValue> operands,
                            ValuesOf(condition, "Values"));
  const size_t wanted = op == "BETWEEN" ? 2 : 1;
  if (operands.size() != wanted) {
    return ValidationError(absl::StrCat("The operator ", op, " takes ", wanted,
                                        " value", wanted == 1 ? "" : "s"));
  }
  if (op == "BETWEEN") {
    return BetweenTerm{sort_key, std::move(operands[0]),
                       std::move(operands[1])};
  }
  if (op == "begins_with") {
    return BeginsWithTerm{sort_key, std::move(operands[0])};
  }
  static const auto* const kCompare =
      new std::map<std::string, CompareOp>{{"=", CompareOp::kEqual},
                                           {"<", CompareOp::kLess},
                                           {"<=", CompareOp::kLessOrEqual},
                                           {">", CompareOp::kGreater},
                                           {">=", CompareOp::kGreaterOrEqual}};
  auto it = kCompare->find(op);
  if (it == kCompare->end()) {
    return ValidationError(absl::StrCat("Unknown sort key operator: ", op));
  }
  return CompareTerm{sort_key, it->second, std::move(operands[0])};
}

absl::StatusOr<std::string> Expression(Database& db, absl::string_view body) {
  JsonDocument doc;
  DYNAMITE_RETURN_IF_ERROR(ParseObject(body, doc));
  DYNAMITE_ASSIGN_OR_RETURN(std::string table,
                            RequiredString(doc, "TableName"));
  std::optional<std::string> index;
  if (const JsonValue* name = FindMember(doc, "IndexName");
      name != nullptr && name->IsString() && name->GetStringLength() > 0) {
    index = std::string(JsonString(*name));
  }
  DYNAMITE_ASSIGN_OR_RETURN(TableDescription described, Describe(db, table));
  DYNAMITE_ASSIGN_OR_RETURN(KeyNames keys, KeyNamesOf(described, index));
  // One value per partition-key attribute: PartitionValues, or for a
  // single-attribute key PartitionValue alone.
  DYNAMITE_ASSIGN_OR_RETURN(std::vector<AttributeValue> partition,
                            ValuesOf(doc, "PartitionValues"));
  if (const JsonValue* one = FindMember(doc, "PartitionValue")) {
    DYNAMITE_ASSIGN_OR_RETURN(partition.emplace_back(), ValueOf(*one));
  }
  if (partition.size() != keys.partition.size()) {
    return ValidationError(absl::StrCat(
        "The key has ", keys.partition.size(), " partition-key attribute",
        keys.partition.size() == 1 ? "" : "s", ": give one value for each (",
        absl::StrJoin(keys.partition, ", "), ")"));
  }
  KeyConditionSpec key_condition{.partition_key = keys.partition[0],
                                 .partition_value = std::move(partition[0])};
  for (size_t i = 1; i < partition.size(); ++i) {
    key_condition.equalities.push_back(CompareTerm{
        keys.partition[i], CompareOp::kEqual, std::move(partition[i])});
  }
  // The sort-key attributes held equal, from the first, then one condition
  // on the next.
  DYNAMITE_ASSIGN_OR_RETURN(std::vector<AttributeValue> equal,
                            ValuesOf(doc, "SortKeyEqualities"));
  const JsonValue* condition = FindMember(doc, "SortKeyCondition");
  const size_t tested = equal.size() + (condition != nullptr ? 1 : 0);
  if (tested > keys.sort.size()) {
    return ValidationError(absl::StrCat(
        "The key has ", keys.sort.size(), " sort-key attribute",
        keys.sort.size() == 1 ? "" : "s", ", and the request tests ", tested));
  }
  for (size_t i = 0; i < equal.size(); ++i) {
    key_condition.equalities.push_back(
        CompareTerm{keys.sort[i], CompareOp::kEqual, std::move(equal[i])});
  }
  if (condition != nullptr) {
    DYNAMITE_ASSIGN_OR_RETURN(key_condition.sort_key,
                              SortTermOf(*condition, keys.sort[equal.size()]));
  }
  absl::StatusOr<BuiltExpressions> built =
      BuildExpressions({.key_condition = std::move(key_condition)});
  // The builder's errors are the request's: a ValidationException.
  if (!built.ok()) return ValidationError(built.status().message());
  return ExpressionsToJson(*built, table);
}

absl::StatusOr<std::string> Lint(Database& db, absl::string_view body) {
  JsonDocument doc;
  DYNAMITE_RETURN_IF_ERROR(ParseObject(body, doc));
  DYNAMITE_ASSIGN_OR_RETURN(std::string table,
                            RequiredString(doc, "TableName"));
  DYNAMITE_ASSIGN_OR_RETURN(LintTable read, ReadLintTable(db, table));
  return FormatLintJson({LintTableDesign(read)});
}

absl::StatusOr<std::string> Partitions(Database& db, absl::string_view body) {
  JsonDocument doc;
  DYNAMITE_RETURN_IF_ERROR(ParseObject(body, doc));
  DYNAMITE_ASSIGN_OR_RETURN(std::string table,
                            RequiredString(doc, "TableName"));
  DYNAMITE_ASSIGN_OR_RETURN(TableDescription described, Describe(db, table));
  std::string partition_key;
  for (const KeySchemaElement& element : described.key_schema) {
    if (element.key_type == KeySchemaRole::kHash) {
      partition_key = element.attribute_name;
    }
  }
  struct Partition {
    AttributeValue key;
    int64_t items = 0;
    int64_t bytes = 0;
  };
  // By the key's JSON text: equal values (numbers included, which the
  // encoder writes canonically) share one entry.
  std::map<std::string, Partition> partitions;
  int64_t total_items = 0;
  int64_t total_bytes = 0;
  ScanRequest scan{.table_name = table};
  while (true) {
    DYNAMITE_ASSIGN_OR_RETURN(ScanResponse page, db.Scan(scan));
    for (const ItemPtr& item : page.items) {
      // An unprojected Scan hands out the stored items: read in place, with
      // their sizes as stored, never decoded whole.
      const PackedItem& packed = *item.packed();
      std::optional<ValueView> key = packed.Find(partition_key);
      if (!key.has_value()) continue;
      AttributeValue value = key->Decode();
      Partition& partition = partitions[AttributeValueToJson(value)];
      partition.key = std::move(value);
      const int64_t size = packed.size();
      ++partition.items;
      partition.bytes += size;
      ++total_items;
      total_bytes += size;
    }
    if (!page.last_evaluated_key.has_value()) break;
    scan.exclusive_start_key = std::move(page.last_evaluated_key);
  }
  std::vector<const Partition*> largest;
  largest.reserve(partitions.size());
  for (const auto& [text, partition] : partitions)
    largest.push_back(&partition);
  std::stable_sort(largest.begin(), largest.end(),
                   [](const Partition* a, const Partition* b) {
                     return std::pair(a->bytes, a->items) >
                            std::pair(b->bytes, b->items);
                   });
  if (largest.size() > kMaxListedPartitions) {
    largest.resize(kMaxListedPartitions);
  }
  rapidjson::StringBuffer buffer;
  JsonWriter writer(buffer);
  writer.StartObject();
  writer.Key("ItemCount");
  writer.Int64(total_items);
  writer.Key("SizeBytes");
  writer.Int64(total_bytes);
  writer.Key("PartitionCount");
  writer.Int64(static_cast<int64_t>(partitions.size()));
  writer.Key("Partitions");
  writer.StartArray();
  for (const Partition* partition : largest) {
    writer.StartObject();
    writer.Key("Key");
    WriteAttributeValue(partition->key, writer);
    writer.Key("ItemCount");
    writer.Int64(partition->items);
    writer.Key("SizeBytes");
    writer.Int64(partition->bytes);
    writer.EndObject();
  }
  writer.EndArray();
  writer.EndObject();
  return JsonText(buffer);
}

}  // namespace

ConsoleAnswer AnswerConsoleApi(Database& db, absl::string_view endpoint,
                               absl::string_view body) {
  absl::StatusOr<std::string> answer;
  if (endpoint == "expression") {
    answer = Expression(db, body);
  } else if (endpoint == "lint") {
    answer = Lint(db, body);
  } else if (endpoint == "partitions") {
    answer = Partitions(db, body);
  } else {
    ConsoleAnswer unknown = Failure(UnknownOperationError(""));
    unknown.http_status = 404;
    return unknown;
  }
  if (!answer.ok()) return Failure(answer.status());
  return ConsoleAnswer{200, *std::move(answer)};
}

}  // namespace dynamite
