// Request and response structs of DynamoDB's on-demand backups:
// CreateBackup, DescribeBackup, ListBackups, DeleteBackup and
// RestoreTableFromBackup. Field names follow DynamoDB's parameters.
//
//   auto backup = db.CreateBackup({.table_name = "Orders",
//                                  .backup_name = "before-migration"});
//   db.RestoreTableFromBackup(
//       {.target_table_name = "OrdersCopy",
//        .backup_arn = backup->backup_details.backup_arn});
//
// A backup is the table as it stood at one commit: its definition and
// references to its items, which are immutable and shared with the table
// until a write replaces them (copy on write, never a copy of the items).
// An in-memory Database's backups live as long as it does; a durable
// one's are also written to its directory when made (one file each,
// durability/backup_file.h) and removed when deleted, so a restart has
// them. CreateBackup answers only once its file is in place.
//
// Thread safety: plain structs.

#ifndef DYNAMITE_API_BACKUP_REQUESTS_H_
#define DYNAMITE_API_BACKUP_REQUESTS_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/time/time.h"

#include "api/table_requests.h"

namespace dynamite {

// BackupDetails: a backup's identity and state. Dynamite's backups are
// AVAILABLE as soon as CreateBackup answers, of type USER.
struct BackupDetails {
  std::string backup_arn;
  std::string backup_name;
  int64_t backup_size_bytes = 0;
  std::string backup_status;  // "AVAILABLE" or, once deleted, "DELETED"
  std::string backup_type = "USER";
  absl::Time backup_creation_date_time;
};

// SourceTableDetails: the table a backup was taken of, as it was then.
struct SourceTableDetails {
  std::string table_name;
  std::string table_id;
  std::string table_arn;
  int64_t table_size_bytes = 0;
  std::vector<KeySchemaElement> key_schema;
  absl::Time table_creation_date_time;
  ProvisionedThroughput provisioned_throughput;
  int64_t item_count = 0;
  BillingMode billing_mode = BillingMode::kProvisioned;
};

// SourceTableFeatureDetails: the table's secondary indexes then (name, key
// schema, projection; a GSI's ProvisionedThroughput under PROVISIONED).
struct SourceTableFeatureDetails {
  std::vector<IndexDescription> local_secondary_indexes;
  std::vector<IndexDescription> global_secondary_indexes;
};

struct BackupDescription {
  BackupDetails backup_details;
  SourceTableDetails source_table_details;
  SourceTableFeatureDetails source_table_feature_details;
};

struct CreateBackupRequest {
  std::optional<std::string> table_name;
  std::optional<std::string> backup_name;
};
struct CreateBackupResponse {
  BackupDetails backup_details;
};

struct DescribeBackupRequest {
  std::optional<std::string> backup_arn;
};
struct DescribeBackupResponse {
  BackupDescription backup_description;
};

struct DeleteBackupRequest {
  std::optional<std::string> backup_arn;
};
// The backup as it was, with BackupStatus DELETED.
struct DeleteBackupResponse {
  BackupDescription backup_description;
};

struct ListBackupsRequest {
  std::optional<std::string> table_name;
  std::optional<int64_t> limit;  // 1..100
  // Backups created at or after the lower bound and before the upper one.
  std::optional<absl::Time> time_range_lower_bound;
  std::optional<absl::Time> time_range_upper_bound;
  std::optional<std::string> exclusive_start_backup_arn;
  // USER, SYSTEM, AWS_BACKUP or ALL (the default: every backup).
  std::optional<std::string> backup_type;
};
struct BackupSummary {
  std::string table_name;
  std::string table_id;
  std::string table_arn;
  std::string backup_arn;
  std::string backup_name;
  absl::Time backup_creation_date_time;
  std::string backup_status;
  std::string backup_type;
  int64_t backup_size_bytes = 0;
};
struct ListBackupsResponse {
  std::vector<BackupSummary> backup_summaries;  // oldest first
  // Present when Limit cut the list short: the last backup listed.
  std::optional<std::string> last_evaluated_backup_arn;
};

struct RestoreTableFromBackupRequest {
  std::optional<std::string> target_table_name;
  std::optional<std::string> backup_arn;
  std::optional<BillingMode> billing_mode_override;
  std::optional<ProvisionedThroughput> provisioned_throughput_override;
  // The restored table's encryption instead of the backup's, checked as
  // CreateTable's SSESpecification.
  std::optional<SseSpecification> sse_specification_override;
  // The restored table's GSIs or LSIs instead of all of the backup's
  // (api/restore_overrides.h): each must have the key schema and
  // projection of one of the backup's indexes of its kind, under any
  // name; an empty list restores none of that kind. A GSI's throughput is
  // the override's.
  std::optional<std::vector<GlobalSecondaryIndex>>
      global_secondary_index_override;
  std::optional<std::vector<LocalSecondaryIndex>>
      local_secondary_index_override;
  // The restored table's on-demand caps instead of the backup's
  // (PAY_PER_REQUEST only); an empty one restores the table uncapped.
  std::optional<OnDemandThroughput> on_demand_throughput_override;
};
struct RestoreTableFromBackupResponse {
  TableDescription table_description;
};

}  // namespace dynamite

#endif  // DYNAMITE_API_BACKUP_REQUESTS_H_
