#include "keydesign/lint_endpoint_reader.h"

#include <memory>
#include <utility>

#include "client/wire_client.h"
#include "common/status_macros.h"
#include "keydesign/lint_index_json.h"
#include "wire/client_json.h"

namespace dynamite {
namespace {

absl::StatusOr<LintTable> ReadTable(WireClient& client,
                                    const std::string& name) {
  DYNAMITE_ASSIGN_OR_RETURN(
      HttpReply described,
      client.Call("DescribeTable", DescribeTableRequestBody(name)));
  DYNAMITE_ASSIGN_OR_RETURN(
      DescribedKeys keys,
      DecodeDescribeTableAnswer(described.status, described.body));
  DYNAMITE_ASSIGN_OR_RETURN(std::vector<LintIndex> indexes,
                            DecodeDescribedIndexes(described.body));
  LintTable table{.name = name,
                  .key_schema = std::move(keys.key_schema),
                  .has_local_secondary_index = keys.has_local_secondary_index,
                  .indexes = std::move(indexes)};
  std::optional<Item> start;
  do {
    DYNAMITE_ASSIGN_OR_RETURN(
        HttpReply answer, client.Call("Scan", ScanRequestBody(name, start)));
    DYNAMITE_ASSIGN_OR_RETURN(ScanPage page,
                              DecodeScanAnswer(answer.status, answer.body));
    for (Item& item : page.items) {
      table.items.push_back(LintItem{.item = std::move(item)});
    }
    start = std::move(page.last_evaluated_key);
  } while (start.has_value());
  return table;
}

}  // namespace

absl::StatusOr<std::vector<LintTable>> ReadLintEndpoint(
    absl::string_view url, const std::optional<std::string>& table) {
  DYNAMITE_ASSIGN_OR_RETURN(WireEndpoint endpoint, ParseLoopbackEndpoint(url));
  DYNAMITE_ASSIGN_OR_RETURN(std::unique_ptr<WireClient> client,
                            WireClient::Connect(endpoint));
  std::vector<std::string> names;
  if (table.has_value()) {
    names.push_back(*table);
  } else {
    std::optional<std::string> start;
    do {
      DYNAMITE_ASSIGN_OR_RETURN(
          HttpReply answer,
          client->Call("ListTables", ListTablesRequestBody(start)));
      DYNAMITE_ASSIGN_OR_RETURN(
          TableNamesPage page,
          DecodeListTablesAnswer(answer.status, answer.body));
      for (std::string& name : page.table_names) {
        names.push_back(std::move(name));
      }
      start = std::move(page.last_evaluated_table_name);
    } while (start.has_value());
  }
  std::vector<LintTable> tables;
  for (const std::string& name : names) {
    DYNAMITE_ASSIGN_OR_RETURN(LintTable lint_table, ReadTable(*client, name));
    tables.push_back(std::move(lint_table));
  }
  return tables;
}

}  // namespace dynamite
