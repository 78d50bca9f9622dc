// Request and response structs of the table operations: CreateTable,
// DescribeTable, ListTables, DeleteTable. Field names follow DynamoDB's
// parameters (TableName -> table_name).
//
// Thread safety: plain structs.

#ifndef DYNAMITE_API_TABLE_REQUESTS_H_
#define DYNAMITE_API_TABLE_REQUESTS_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/time/time.h"

#include "store/key.h"
#include "store/table.h"

namespace dynamite {

// KeySchemaElement.KeyType: HASH (partition key) or RANGE (sort key).
enum class KeySchemaRole { kHash, kRange };

struct KeySchemaElement {
  std::string attribute_name;
  KeySchemaRole key_type = KeySchemaRole::kHash;
};

struct AttributeDefinition {
  std::string attribute_name;
  KeyType attribute_type = KeyType::kS;
};

struct ProvisionedThroughput {
  int64_t read_capacity_units = 0;
  int64_t write_capacity_units = 0;
};

// What DescribeTable reports. CreateTable and DeleteTable return the same
// shape with another status (and DeleteTable with fewer fields; wire/ drops
// them).
struct TableDescription {
  std::string table_name;
  std::vector<KeySchemaElement> key_schema;
  std::vector<AttributeDefinition> attribute_definitions;
  std::string table_status;  // "ACTIVE", "DELETING"
  absl::Time creation_date_time;
  int64_t item_count = 0;
  int64_t table_size_bytes = 0;
  std::string table_arn;
  std::string table_id;
  BillingMode billing_mode = BillingMode::kProvisioned;
  ProvisionedThroughput provisioned_throughput;
};

struct CreateTableRequest {
  std::string table_name;
  std::vector<KeySchemaElement> key_schema;
  std::vector<AttributeDefinition> attribute_definitions;
  // Absent: PROVISIONED, DynamoDB's default.
  std::optional<BillingMode> billing_mode;
  std::optional<ProvisionedThroughput> provisioned_throughput;
};
struct CreateTableResponse {
  TableDescription table_description;
};

struct DescribeTableRequest {
  std::string table_name;
};
struct DescribeTableResponse {
  TableDescription table;
};

struct ListTablesRequest {
  std::optional<std::string> exclusive_start_table_name;
  std::optional<int64_t> limit;  // 1..100, default 100
};
struct ListTablesResponse {
  std::vector<std::string> table_names;
  std::optional<std::string> last_evaluated_table_name;
};

struct DeleteTableRequest {
  std::string table_name;
};
struct DeleteTableResponse {
  TableDescription table_description;
};

}  // namespace dynamite

#endif  // DYNAMITE_API_TABLE_REQUESTS_H_
