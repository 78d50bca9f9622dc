#include "keydesign/lint_exec_reader.h"

#include <sstream>
#include <string>
#include <utility>

#include "absl/strings/match.h"

#include "api/options.h"
#include "common/status_macros.h"
#include "wire/exec_script.h"

namespace dynamite {
namespace {

// The type AttributeDefinitions gives `name` (S if none does).
KeyType TypeOf(const TableDescription& table, const std::string& name) {
  for (const AttributeDefinition& d : table.attribute_definitions) {
    if (d.attribute_name == name) return d.attribute_type;
  }
  return KeyType::kS;
}

KeySchema KeySchemaOf(const TableDescription& table) {
  KeySchema schema;
  for (const KeySchemaElement& element : table.key_schema) {
    KeyAttribute key{element.attribute_name,
                     TypeOf(table, element.attribute_name)};
    if (element.key_type == KeySchemaRole::kHash) {
      schema.partition_key = std::move(key);
    } else {
      schema.sort_key = std::move(key);
    }
  }
  return schema;
}

// The table's LSIs, then its GSIs, in DescribeTable's order.
std::vector<LintIndex> IndexesOf(const TableDescription& table) {
  std::vector<LintIndex> indexes;
  for (const auto* list :
       {&table.local_secondary_indexes, &table.global_secondary_indexes}) {
    for (const IndexDescription& described : *list) {
      LintIndex index{.name = described.index_name,
                      .global = described.kind == IndexKind::kGlobal};
      for (const KeySchemaElement& element : described.key_schema) {
        KeyAttribute key{element.attribute_name,
                         TypeOf(table, element.attribute_name)};
        (element.key_type == KeySchemaRole::kHash ? index.partition_keys
                                                  : index.sort_keys)
            .push_back(std::move(key));
      }
      indexes.push_back(std::move(index));
    }
  }
  return indexes;
}

}  // namespace

absl::StatusOr<LintTable> ReadLintTable(Database& db, const std::string& name) {
  DYNAMITE_ASSIGN_OR_RETURN(DescribeTableResponse described,
                            db.DescribeTable({.table_name = name}));
  LintTable table{.name = name,
                  .key_schema = KeySchemaOf(described.table),
                  .has_local_secondary_index =
                      !described.table.local_secondary_indexes.empty(),
                  .indexes = IndexesOf(described.table)};
  ScanRequest scan{.table_name = name};
  do {
    DYNAMITE_ASSIGN_OR_RETURN(ScanResponse page, db.Scan(scan));
    for (const ItemPtr& item : page.items) {
      table.items.push_back(LintItem{.item = *item});
    }
    scan.exclusive_start_key = std::move(page.last_evaluated_key);
  } while (scan.exclusive_start_key.has_value());
  return table;
}

absl::StatusOr<std::vector<LintTable>> ReadLintDatabase(Database& db) {
  std::vector<LintTable> tables;
  ListTablesRequest list;
  do {
    DYNAMITE_ASSIGN_OR_RETURN(ListTablesResponse names, db.ListTables(list));
    for (const std::string& name : names.table_names) {
      DYNAMITE_ASSIGN_OR_RETURN(LintTable table, ReadLintTable(db, name));
      tables.push_back(std::move(table));
    }
    list.exclusive_start_table_name = names.last_evaluated_table_name;
  } while (list.exclusive_start_table_name.has_value());
  return tables;
}

absl::StatusOr<std::vector<LintTable>> ReadLintExecScript(
    std::istream& in, ExecScriptFailures* failures) {
  Database db{DatabaseOptions{}};
  std::ostringstream responses;
  DYNAMITE_RETURN_IF_ERROR(RunExecScript(in, responses, db));
  if (failures != nullptr) {
    // One compact JSON line per request; error bodies start with __type
    // (wire/error_body.h), successful ones never do.
    std::istringstream lines(responses.str());
    std::string line;
    while (std::getline(lines, line)) {
      if (!absl::StartsWith(line, "{\"__type\"")) continue;
      if (failures->count++ == 0) failures->first = line;
    }
  }
  return ReadLintDatabase(db);
}

}  // namespace dynamite
