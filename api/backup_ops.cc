// CreateBackup, DescribeBackup, ListBackups, DeleteBackup and
// RestoreTableFromBackup (api/backup_requests.h).
//
// CreateBackup captures the table under its shared lock
// (store/database_capture.h CaptureTable): references to its packed items,
// which a later write replaces rather than changes, so the backup costs a
// pointer and a key per item and never a copy of an item. A restore
// creates the target table from the backup's definition (its indexes,
// or those the overrides choose, api/restore_overrides.h; streams, time
// to live, tags, deletion protection and the table class are not
// restored, as in DynamoDB) and puts the items back through the commit
// point, in commits of kRestoreCommitItems, so the write-ahead log and the
// indexes see them as any other write; the restored table has no stream,
// so no stream records are made.
//
// Messages: DynamoDB's request constraints in the aggregate form
// (common/constraint_error.h); "Table not found: <name>"
// (TableNotFoundException), "Backup not found: <arn>"
// (BackupNotFoundException) and "Table already exists: <name>"
// (TableAlreadyExistsException).

#include <algorithm>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/time/time.h"

#include "api/constraint.h"
#include "api/database.h"
#include "api/index_schema.h"
#include "api/restore_overrides.h"
#include "api/sse_rules.h"
#include "api/tag_rules.h"
#include "common/constraint_error.h"
#include "common/errors.h"
#include "common/status_macros.h"
#include "store/commit.h"
#include "store/database_capture.h"

namespace dynamite {
namespace {

// Items put back per commit by a restore: large enough that the commits'
// fixed costs vanish, small enough that readers of other tables are not
// held up (a commit locks only the new table, which nobody reads yet).
constexpr size_t kRestoreCommitItems = 256;

constexpr size_t kMinBackupNameLength = 3;
constexpr size_t kMaxBackupNameLength = 255;
constexpr size_t kMaxBackupArnLength = 1024;
constexpr int64_t kMaxListLimit = 100;

// The violations of a table or backup name at `path` (3..255 characters
// of [a-zA-Z0-9_.-]).
void AppendNameViolations(absl::string_view name, absl::string_view path,
                          std::vector<std::string>& violations) {
  if (!MatchesTableNamePattern(name)) {
    violations.push_back(ConstraintViolation(
        name, path,
        "Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+"));
  }
  if (name.size() < kMinBackupNameLength) {
    violations.push_back(ConstraintViolation(
        name, path, "Member must have length greater than or equal to 3"));
  }
  if (name.size() > kMaxBackupNameLength) {
    violations.push_back(ConstraintViolation(
        name, path, "Member must have length less than or equal to 255"));
  }
}

void AppendArnViolations(const std::optional<std::string>& arn,
                         std::vector<std::string>& violations) {
  if (!arn.has_value()) {
    violations.push_back(NullViolation("backupArn"));
  } else if (arn->size() > kMaxBackupArnLength) {
    violations.push_back(ConstraintViolation(
        *arn, "backupArn",
        "Member must have length less than or equal to 1024"));
  }
}

// A BackupArn that is not a backup's ARN (empty, a table's, not an ARN)
// is "Invalid Backup ARN", whatever its length (live captures).
absl::Status CheckBackupArnShape(absl::string_view arn) {
  if (!api_internal::IsTableResourceArn(arn, "backup")) {
    return ValidationError("Invalid Backup ARN");
  }
  return absl::OkStatus();
}

// CreateBackup's and ListBackups' TableName: a table's name or its ARN.
absl::string_view TableNameOf(absl::string_view name_or_arn) {
  const size_t slash = name_or_arn.rfind(":table/");
  if (!absl::StartsWith(name_or_arn, "arn:") ||
      slash == absl::string_view::npos) {
    return name_or_arn;
  }
  return name_or_arn.substr(slash + 7);
}

absl::Status BackupNotFoundError(absl::string_view arn) {
  return MakeError(ErrorKind::kBackupNotFound,
                   absl::StrCat("Backup not found: ", arn));
}

BackupDetails DetailsOf(const Backup& backup) {
  return {.backup_arn = backup.arn,
          .backup_name = backup.name,
          .backup_size_bytes = backup.size_bytes,
          .backup_status = "AVAILABLE",
          .backup_type = "USER",
          .backup_creation_date_time = backup.created};
}

BackupDescription DescriptionOf(const Backup& backup) {
  const TableDefinition& def = *backup.contents.definition;
  BackupDescription d;
  d.backup_details = DetailsOf(backup);
  SourceTableDetails& source = d.source_table_details;
  source.table_name = def.name;
  source.table_id = def.table_id;
  source.table_arn = def.arn;
  source.table_size_bytes = backup.size_bytes;
  source.key_schema = api_internal::KeySchemaElements(def.key_schema);
  source.table_creation_date_time = def.creation_time;
  source.provisioned_throughput = {def.read_capacity_units,
                                   def.write_capacity_units};
  source.item_count = static_cast<int64_t>(backup.contents.items.size());
  source.billing_mode = def.billing_mode;
  for (const IndexDefinition& index : def.indexes) {
    IndexDescription shape =
        api_internal::DescribeIndexShape(def, index, backup.created);
    (index.kind == IndexKind::kLocal
         ? d.source_table_feature_details.local_secondary_indexes
         : d.source_table_feature_details.global_secondary_indexes)
        .push_back(std::move(shape));
  }
  return d;
}

BackupSummary SummaryOf(const Backup& backup) {
  const TableDefinition& def = *backup.contents.definition;
  return {.table_name = def.name,
          .table_id = def.table_id,
          .table_arn = def.arn,
          .backup_arn = backup.arn,
          .backup_name = backup.name,
          .backup_creation_date_time = backup.created,
          .backup_status = "AVAILABLE",
          .backup_type = "USER",
          .backup_size_bytes = backup.size_bytes};
}

// Puts one captured item back (the change function of a restore's commit).
struct PutBack {
  Item item;
  absl::StatusOr<NextItem> operator()(const ItemPtr&) const {
    return NextItem::Borrow(item);
  }
};

// What the overrides decided of a restored table (api/restore_overrides.h).
struct RestoredShape {
  BillingMode billing_mode = BillingMode::kProvisioned;
  ProvisionedThroughput throughput;  // PROVISIONED only
  std::vector<IndexDefinition> indexes;
};

// The definition of the table a restore of `backup` makes, named `name`.
TableDefinition RestoredDefinition(const Backup& backup, absl::string_view name,
                                   const RestoreTableFromBackupRequest& request,
                                   RestoredShape shape,
                                   absl::string_view table_arn,
                                   absl::string_view region,
                                   absl::string_view account_id,
                                   absl::Time now) {
  const TableDefinition& source = *backup.contents.definition;
  TableDefinition def;
  def.name = std::string(name);
  def.key_schema = source.key_schema;
  def.billing_mode = shape.billing_mode;
  if (def.billing_mode == BillingMode::kProvisioned) {
    def.read_capacity_units = shape.throughput.read_capacity_units;
    def.write_capacity_units = shape.throughput.write_capacity_units;
  }
  def.creation_time = now;
  def.arn = std::string(table_arn);
  def.item_collection_limit_bytes = source.item_collection_limit_bytes;
  def.kms_master_key_arn = source.kms_master_key_arn;
  if (request.sse_specification_override.has_value()) {
    def.kms_master_key_arn = api_internal::KmsKeyArnOf(
        *request.sse_specification_override, region, account_id);
  }
  def.on_demand_throughput = OnDemandThroughput{};
  if (def.billing_mode == BillingMode::kPayPerRequest) {
    def.on_demand_throughput = request.on_demand_throughput_override.value_or(
        source.on_demand_throughput);
  }
  def.warm_throughput = source.warm_throughput;
  def.indexes = std::move(shape.indexes);
  for (IndexDefinition& index : def.indexes) {
    index.arn = absl::StrCat(table_arn, "/index/", index.name);
  }
  // An index left out leaves its key attributes undefined, as CreateTable
  // would have them.
  def.attribute_definitions =
      api_internal::UsedAttributeDefinitions(def, source.attribute_definitions);
  // DynamoDB's RestoreDateTime is the backup's creation time.
  def.restored_from = RestoreSource{.backup_arn = backup.arn,
                                    .table_arn = source.arn,
                                    .restored = backup.created};
  return def;
}

}  // namespace

absl::StatusOr<CreateBackupResponse> Database::CreateBackup(
    const CreateBackupRequest& request) {
  std::vector<std::string> violations;
  if (!request.table_name.has_value()) {
    violations.push_back(NullViolation("tableName"));
  }
  if (!request.backup_name.has_value()) {
    violations.push_back(NullViolation("backupName"));
  } else {
    AppendNameViolations(*request.backup_name, "backupName", violations);
  }
  if (!violations.empty()) return ConstraintError(violations);
  const std::string table_name(TableNameOf(*request.table_name));
  absl::StatusOr<std::shared_ptr<Table>> table =
      catalog_.FindForItems(table_name, "");
  if (!table.ok()) {
    return MakeError(ErrorKind::kTableNotFound,
                     absl::StrCat("Table not found: ", table_name));
  }
  auto backup = std::make_shared<Backup>();
  backup->contents = CaptureTable(**table);
  backup->created = clock_->Now();
  backup->name = *request.backup_name;
  for (const CapturedItem& item : backup->contents.items) {
    backup->size_bytes += item.item->size();
  }
  // DynamoDB's form: the table's ARN, "/backup/", the creation time in
  // Unix milliseconds zero-padded to 14 digits, and 8 hex digits.
  const uint64_t serial = ++backups_created_;
  backup->arn =
      absl::StrFormat("%s/backup/%014d-%08x", backup->contents.definition->arn,
                      absl::ToUnixMillis(backup->created),
                      static_cast<uint32_t>(serial * 0x9E3779B1u));
  CreateBackupResponse response{DetailsOf(*backup)};
  // DynamoDB answers CREATING and is AVAILABLE by the next read; a
  // Dynamite backup is complete at once.
  response.backup_details.backup_status = "CREATING";
  DYNAMITE_RETURN_IF_ERROR(KeepBackupFile(*backup, serial));
  backups_.Add(std::move(backup));
  return response;
}

absl::StatusOr<DescribeBackupResponse> Database::DescribeBackup(
    const DescribeBackupRequest& request) {
  std::vector<std::string> violations;
  AppendArnViolations(request.backup_arn, violations);
  if (!violations.empty()) return ConstraintError(violations);
  DYNAMITE_RETURN_IF_ERROR(CheckBackupArnShape(*request.backup_arn));
  std::shared_ptr<const Backup> backup = backups_.Find(*request.backup_arn);
  if (backup == nullptr) return BackupNotFoundError(*request.backup_arn);
  return DescribeBackupResponse{DescriptionOf(*backup)};
}

absl::StatusOr<DeleteBackupResponse> Database::DeleteBackup(
    const DeleteBackupRequest& request) {
  std::vector<std::string> violations;
  AppendArnViolations(request.backup_arn, violations);
  if (!violations.empty()) return ConstraintError(violations);
  DYNAMITE_RETURN_IF_ERROR(CheckBackupArnShape(*request.backup_arn));
  std::shared_ptr<const Backup> backup = backups_.Remove(*request.backup_arn);
  if (backup == nullptr) return BackupNotFoundError(*request.backup_arn);
  if (absl::Status removed = RemoveBackupFile(*backup); !removed.ok()) {
    // Still on disk, so still listed.
    backups_.Add(backup);
    return removed;
  }
  DeleteBackupResponse response{DescriptionOf(*backup)};
  response.backup_description.backup_details.backup_status = "DELETED";
  return response;
}

absl::StatusOr<ListBackupsResponse> Database::ListBackups(
    const ListBackupsRequest& request) {
  std::vector<std::string> violations;
  if (request.limit.has_value() &&
      (*request.limit < 1 || *request.limit > kMaxListLimit)) {
    violations.push_back(ConstraintViolation(
        absl::StrCat(*request.limit), "limit",
        *request.limit < 1
            ? "Member must have value greater than or equal to 1"
            : "Member must have value less than or equal to 100"));
  }
  if (request.backup_type.has_value() && *request.backup_type != "USER" &&
      *request.backup_type != "SYSTEM" &&
      *request.backup_type != "AWS_BACKUP" && *request.backup_type != "ALL") {
    violations.push_back(ConstraintViolation(
        *request.backup_type, "backupType",
        "Member must satisfy enum value set: [USER, SYSTEM, AWS_BACKUP, "
        "ALL]"));
  }
  if (!violations.empty()) return ConstraintError(violations);
  if (request.time_range_lower_bound.has_value() &&
      request.time_range_upper_bound.has_value() &&
      *request.time_range_lower_bound > *request.time_range_upper_bound) {
    return ValidationError(
        "Time range lower bound must be less than or equal to upper bound");
  }
  // Dynamite makes only USER backups.
  const bool wants_user = !request.backup_type.has_value() ||
                          *request.backup_type == "USER" ||
                          *request.backup_type == "ALL";
  ListBackupsResponse response;
  if (!wants_user) return response;
  std::vector<std::shared_ptr<const Backup>> backups = backups_.List();
  auto start = backups.begin();
  if (request.exclusive_start_backup_arn.has_value()) {
    start = std::find_if(backups.begin(), backups.end(),
                         [&](const std::shared_ptr<const Backup>& b) {
                           return b->arn == *request.exclusive_start_backup_arn;
                         });
    if (start == backups.end()) {
      // A deleted backup's ARN still marks a place: after every backup
      // created before it (its 14 digits are its creation in milliseconds).
      const std::string& arn = *request.exclusive_start_backup_arn;
      const size_t digits = arn.rfind("/backup/");
      int64_t millis = 0;
      if (digits == std::string::npos ||
          !absl::SimpleAtoi(absl::string_view(arn).substr(digits + 8, 14),
                            &millis)) {
        return ValidationError("Invalid Backup ARN");
      }
      start = std::find_if(backups.begin(), backups.end(),
                           [&](const std::shared_ptr<const Backup>& b) {
                             return absl::ToUnixMillis(b->created) > millis;
                           });
    } else {
      ++start;
    }
  }
  const size_t limit = static_cast<size_t>(request.limit.value_or(0));
  for (auto it = start; it != backups.end(); ++it) {
    const Backup& backup = **it;
    if (request.table_name.has_value() &&
        backup.contents.definition->name != TableNameOf(*request.table_name)) {
      continue;
    }
    if (request.time_range_lower_bound.has_value() &&
        backup.created < *request.time_range_lower_bound) {
      continue;
    }
    if (request.time_range_upper_bound.has_value() &&
        backup.created >= *request.time_range_upper_bound) {
      continue;
    }
    if (limit != 0 && response.backup_summaries.size() == limit) {
      response.last_evaluated_backup_arn =
          response.backup_summaries.back().backup_arn;
      break;
    }
    response.backup_summaries.push_back(SummaryOf(backup));
  }
  return response;
}

absl::StatusOr<RestoreTableFromBackupResponse> Database::RestoreTableFromBackup(
    const RestoreTableFromBackupRequest& request) {
  std::vector<std::string> violations;
  if (!request.target_table_name.has_value()) {
    violations.push_back(NullViolation("targetTableName"));
  } else if (const size_t size = request.target_table_name->size();
             size >= kMinTableNameLength && size <= kMaxTableNameLength) {
    AppendNameViolations(*request.target_table_name, "targetTableName",
                         violations);
  }
  AppendArnViolations(request.backup_arn, violations);
  api_internal::AppendRestoreOverrideViolations(request, violations);
  if (!violations.empty()) return ConstraintError(violations);
  // The table operations' own words for the length (live captures).
  DYNAMITE_RETURN_IF_ERROR(ValidateTableName(*request.target_table_name,
                                             TableNameUse::kTableOperation));
  DYNAMITE_RETURN_IF_ERROR(CheckBackupArnShape(*request.backup_arn));
  std::shared_ptr<const Backup> backup = backups_.Find(*request.backup_arn);
  if (backup == nullptr) return BackupNotFoundError(*request.backup_arn);
  const TableDefinition& source = *backup->contents.definition;
  RestoredShape shape;
  DYNAMITE_ASSIGN_OR_RETURN(
      shape.billing_mode,
      api_internal::CheckThroughputOverrides(request, source, options_.region));
  shape.throughput =
      request.provisioned_throughput_override.value_or(ProvisionedThroughput{
          source.read_capacity_units, source.write_capacity_units});
  if (request.sse_specification_override.has_value()) {
    DYNAMITE_RETURN_IF_ERROR(api_internal::ValidateSseSpecification(
        *request.sse_specification_override));
  }
  DYNAMITE_ASSIGN_OR_RETURN(
      shape.indexes,
      api_internal::RestoredIndexes(request, source, shape.billing_mode,
                                    shape.throughput, options_.region));
  const std::string& name = *request.target_table_name;
  auto already_exists = [&] {
    return MakeError(ErrorKind::kTableAlreadyExists,
                     absl::StrCat("Table already exists: ", name));
  };
  if (catalog_.Find(name, "").ok() || catalog_.FindDeleting(name) != nullptr) {
    return already_exists();
  }
  const std::string table_arn = TableArn(name);
  TableDefinition def =
      RestoredDefinition(*backup, name, request, std::move(shape), table_arn,
                         options_.region, options_.account_id, clock_->Now());
  def.table_id = NewTableId(def.creation_time);
  if (options_.transient_status_delay > absl::ZeroDuration()) {
    def.transient_status = TableStatus::kCreating;
    def.transient_until = def.creation_time + options_.transient_status_delay;
  }
  absl::StatusOr<std::shared_ptr<Table>> created =
      catalog_.Create(std::move(def));
  if (!created.ok()) {
    // Another request took the name since it was looked up.
    if (ErrorKindOf(created.status()) == ErrorKind::kResourceInUse) {
      return already_exists();
    }
    return created.status();
  }
  Table& table = **created;
  const std::vector<CapturedItem>& items = backup->contents.items;
  uint64_t last_sequence = 0;
  for (size_t begin = 0; begin < items.size(); begin += kRestoreCommitItems) {
    const size_t end = std::min(items.size(), begin + kRestoreCommitItems);
    std::vector<PutBack> puts;
    puts.reserve(end - begin);
    for (size_t i = begin; i < end; ++i) {
      puts.push_back({items[i].item->Decode()});
    }
    std::vector<Change> changes;
    changes.reserve(end - begin);
    for (size_t i = begin; i < end; ++i) {
      changes.push_back({&table, items[i].key, puts[i - begin]});
    }
    CommitResult result = Commit(changes, AwaitDurability::kDeferred);
    DYNAMITE_RETURN_IF_ERROR(result.status);
    last_sequence = result.records.front().sequence;
  }
  if (last_sequence != 0) {
    DYNAMITE_RETURN_IF_ERROR(sequencer_.AwaitDurable(last_sequence));
  }
  RestoreTableFromBackupResponse response{
      api_internal::DescribeTableAt(table, clock_->Now())};
  response.table_description.restore_summary =
      table.definition()->restored_from;
  return response;
}

}  // namespace dynamite
