// Request and response structs of the table operations: CreateTable,
// DescribeTable, UpdateTable, ListTables, DeleteTable. Field names follow
// DynamoDB's parameters (TableName -> table_name).
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
#include "store/table_definition.h"
#include "store/tag_set.h"

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

// WarmThroughput as CreateTable and UpdateTable take it: either member may
// be absent (UpdateTable keeps the other).
struct WarmThroughputRequest {
  std::optional<int64_t> read_units_per_second;
  std::optional<int64_t> write_units_per_second;
};

// WarmThroughput as DescribeTable shows it, for the table and each GSI.
struct WarmThroughputDescription {
  int64_t read_units_per_second = 0;
  int64_t write_units_per_second = 0;
  std::string status;  // "ACTIVE", "UPDATING" or, for a new GSI, "CREATING"
};

// Projection of a secondary index, as a request gives it (absent members
// are validated by CreateTable / UpdateTable).
struct Projection {
  std::optional<ProjectionType> projection_type;
  std::optional<std::vector<std::string>> non_key_attributes;
};

struct LocalSecondaryIndex {
  std::string index_name;
  std::vector<KeySchemaElement> key_schema;
  Projection projection;
};

struct GlobalSecondaryIndex {
  std::string index_name;
  // One to four HASH elements, then zero to four RANGE elements
  // (multi-attribute keys).
  std::vector<KeySchemaElement> key_schema;
  Projection projection;
  std::optional<ProvisionedThroughput> provisioned_throughput;
  std::optional<OnDemandThroughput> on_demand_throughput;
  std::optional<WarmThroughputRequest> warm_throughput;
};

// StreamSpecification, as CreateTable and UpdateTable take it and
// DescribeTable shows it.
struct StreamSpecification {
  bool stream_enabled = false;
  // Required when enabling, forbidden when disabling (validated by
  // CreateTable and UpdateTable).
  std::optional<StreamViewType> stream_view_type;
};

// One index of DescribeTable's LocalSecondaryIndexes or
// GlobalSecondaryIndexes.
struct IndexDescription {
  std::string index_name;
  IndexKind kind = IndexKind::kGlobal;
  std::vector<KeySchemaElement> key_schema;
  ProjectionType projection_type = ProjectionType::kAll;
  std::vector<std::string> non_key_attributes;  // INCLUDE only
  // GSIs only: IndexStatus "ACTIVE" (or "CREATING") and their throughput
  // (zeros under PAY_PER_REQUEST, as DynamoDB shows them). Backfilling:
  // a GSI that UpdateTable added, while it is CREATING.
  std::string index_status;
  bool backfilling = false;
  ProvisionedThroughput provisioned_throughput;
  int64_t item_count = 0;
  int64_t index_size_bytes = 0;
  std::string index_arn;
  // GSIs only: the on-demand cap, when it has one, and the warm
  // throughput.
  std::optional<OnDemandThroughput> on_demand_throughput;
  std::optional<WarmThroughputDescription> warm_throughput;
};

// What DescribeTable reports. CreateTable and DeleteTable return the same
// shape with another status (and DeleteTable with fewer fields; wire/ drops
// them).
struct TableDescription {
  std::string table_name;
  std::vector<KeySchemaElement> key_schema;
  std::vector<AttributeDefinition> attribute_definitions;
  std::string table_status;  // "ACTIVE", "CREATING", ... (TableStatusName)
  absl::Time creation_date_time;
  int64_t item_count = 0;
  int64_t table_size_bytes = 0;
  std::string table_arn;
  std::string table_id;
  BillingMode billing_mode = BillingMode::kProvisioned;
  ProvisionedThroughput provisioned_throughput;
  // In definition order; each list absent from the JSON when empty.
  std::vector<IndexDescription> local_secondary_indexes;
  std::vector<IndexDescription> global_secondary_indexes;
  // The latest stream: StreamSpecification while it is enabled;
  // LatestStreamArn and LatestStreamLabel from its creation on, also once
  // it is disabled. Absent from the JSON when unset.
  std::optional<StreamSpecification> stream_specification;
  std::string latest_stream_arn;
  std::string latest_stream_label;
  bool deletion_protection_enabled = false;
  // TableClassSummary: present once a TableClass was given.
  std::optional<TableClass> table_class;
  std::optional<absl::Time> table_class_last_update;
  // SSEDescription (Status ENABLED, SSEType KMS): present with a KMS key.
  std::optional<std::string> kms_master_key_arn;
  // Present while either member is set; UpdateTable's answer also shows a
  // member it cleared, as -1.
  std::optional<OnDemandThroughput> on_demand_throughput;
  // Always in DescribeTable; in CreateTable's answer only when asked for.
  std::optional<WarmThroughputDescription> warm_throughput;
  // RestoreSummary: a table RestoreTableFromBackup made, in its answer and
  // while it is CREATING (RestoreInProgress then).
  std::optional<RestoreSource> restore_summary;
};

// SSESpecification, as CreateTable and UpdateTable take it. Enabled true
// is a KMS key (KMSMasterKeyId, or DynamoDB's AWS-managed key); false or
// absent the default AWS-owned key.
struct SseSpecification {
  std::optional<bool> enabled;
  std::optional<SseType> sse_type;
  std::optional<std::string> kms_master_key_id;
};

struct CreateTableRequest {
  std::string table_name;
  std::vector<KeySchemaElement> key_schema;
  std::vector<AttributeDefinition> attribute_definitions;
  // Absent: PROVISIONED, DynamoDB's default.
  std::optional<BillingMode> billing_mode;
  std::optional<ProvisionedThroughput> provisioned_throughput;
  std::optional<std::vector<LocalSecondaryIndex>> local_secondary_indexes;
  std::optional<std::vector<GlobalSecondaryIndex>> global_secondary_indexes;
  std::optional<StreamSpecification> stream_specification;
  // The table's first tags (api/tag_rules.h); an empty list is accepted,
  // as DynamoDB accepts it.
  std::optional<std::vector<Tag>> tags;
  std::optional<bool> deletion_protection_enabled;
  std::optional<TableClass> table_class;
  std::optional<SseSpecification> sse_specification;
  // PAY_PER_REQUEST only; each member at least 1.
  std::optional<OnDemandThroughput> on_demand_throughput;
  std::optional<WarmThroughputRequest> warm_throughput;
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

// One element of UpdateTable's GlobalSecondaryIndexUpdates: exactly one of
// Create, Update (a GSI's ProvisionedThroughput) and Delete.
struct GlobalSecondaryIndexUpdate {
  std::optional<GlobalSecondaryIndex> create;
  struct Update {
    std::string index_name;
    std::optional<ProvisionedThroughput> provisioned_throughput;
    std::optional<OnDemandThroughput> on_demand_throughput;
    std::optional<WarmThroughputRequest> warm_throughput;
  };
  std::optional<Update> update;
  std::optional<std::string> delete_index_name;
};

struct UpdateTableRequest {
  std::string table_name;
  // The definitions of the attributes a created index uses (those already
  // defined may be repeated with their types).
  std::optional<std::vector<AttributeDefinition>> attribute_definitions;
  std::optional<BillingMode> billing_mode;
  std::optional<ProvisionedThroughput> provisioned_throughput;
  std::optional<std::vector<GlobalSecondaryIndexUpdate>>
      global_secondary_index_updates;
  // Enables the table's stream (a new one) or disables it.
  std::optional<StreamSpecification> stream_specification;
  // Each must be the only change of its request, as in DynamoDB.
  std::optional<bool> deletion_protection_enabled;
  std::optional<TableClass> table_class;
  std::optional<SseSpecification> sse_specification;
  // A member given replaces the current one; -1 removes it. WarmThroughput
  // may only rise.
  std::optional<OnDemandThroughput> on_demand_throughput;
  std::optional<WarmThroughputRequest> warm_throughput;
};
struct UpdateTableResponse {
  TableDescription table_description;
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
