#include "wire/consumed_capacity_json.h"

#include <map>
#include <string>

#include "wire/enum_names.h"

namespace dynamite {
namespace {

// CapacityUnits, then (under kReadAndWrite) ReadCapacityUnits and
// WriteCapacityUnits when nonzero, as members of the object being written.
void WriteUnits(const Capacity& capacity, UnitSplit split, JsonWriter& writer) {
  writer.Key("CapacityUnits");
  writer.Double(capacity.capacity_units());
  if (split == UnitSplit::kTotalOnly) return;
  if (capacity.read_units != 0) {
    writer.Key("ReadCapacityUnits");
    writer.Double(capacity.read_units);
  }
  if (capacity.write_units != 0) {
    writer.Key("WriteCapacityUnits");
    writer.Double(capacity.write_units);
  }
}

void WriteCapacity(const Capacity& capacity, UnitSplit split,
                   JsonWriter& writer) {
  writer.StartObject();
  WriteUnits(capacity, split, writer);
  writer.EndObject();
}

void WriteIndexes(const char* member,
                  const std::map<std::string, Capacity>& indexes,
                  UnitSplit split, JsonWriter& writer) {
  if (indexes.empty()) return;
  writer.Key(member);
  writer.StartObject();
  for (const auto& [name, capacity] : indexes) {
    WriteJsonString(writer, name);
    WriteCapacity(capacity, split, writer);
  }
  writer.EndObject();
}

}  // namespace

ReturnConsumedCapacity ReadReturnConsumedCapacity(RequestReader& reader) {
  return reader
      .Enum(reader.String(reader.Member("ReturnConsumedCapacity")),
            "returnConsumedCapacity", kReturnConsumedCapacityNames)
      .value_or(ReturnConsumedCapacity::kNone);
}

void WriteConsumedCapacity(const ConsumedCapacity& capacity, UnitSplit split,
                           JsonWriter& writer) {
  writer.StartObject();
  writer.Key("TableName");
  WriteJsonString(writer, capacity.table_name);
  WriteUnits(capacity.total, split, writer);
  if (capacity.table.has_value()) {
    writer.Key("Table");
    WriteCapacity(*capacity.table, split, writer);
  }
  WriteIndexes("GlobalSecondaryIndexes", capacity.global_secondary_indexes,
               split, writer);
  WriteIndexes("LocalSecondaryIndexes", capacity.local_secondary_indexes, split,
               writer);
  writer.EndObject();
}

void WriteConsumedCapacityMember(
    const std::optional<ConsumedCapacity>& capacity, JsonWriter& writer) {
  if (!capacity.has_value()) return;
  writer.Key("ConsumedCapacity");
  WriteConsumedCapacity(*capacity, UnitSplit::kTotalOnly, writer);
}

void WriteConsumedCapacityList(const std::vector<ConsumedCapacity>& capacities,
                               UnitSplit split, JsonWriter& writer) {
  if (capacities.empty()) return;
  writer.Key("ConsumedCapacity");
  writer.StartArray();
  for (const ConsumedCapacity& capacity : capacities) {
    WriteConsumedCapacity(capacity, split, writer);
  }
  writer.EndArray();
}

}  // namespace dynamite
