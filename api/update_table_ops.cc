// Database::UpdateTable: BillingMode and ProvisionedThroughput changes,
// GlobalSecondaryIndexUpdates (Create, Update of a GSI's throughput,
// Delete), and a StreamSpecification that enables or disables the table's
// stream.
//
// The request is validated in two steps, as DynamoDB does: what needs no
// table (names, constraints, the shape of the updates, one index Create or
// Delete per call) before the table is looked up, then what depends on the
// table's definition inside the function given to Table::Redefine, which
// receives the definition current under the table's lock. So two
// UpdateTables that race are each validated against the definition the
// other left, never a stale one.
//
// Status: DynamoDB answers TableStatus UPDATING and IndexStatus CREATING,
// and turns ACTIVE later. Here every change is complete when UpdateTable
// returns (Redefine builds a new GSI from the stored items), so by default
// the response says ACTIVE for the table and its indexes: SDK waiters
// (table_exists, waitUntilTableExists) only wait for ACTIVE, and a client
// polling DescribeTable for the index to become ACTIVE finds it so at once.
// With DatabaseOptions::transient_status_delay the table is UPDATING, and
// a GSI it adds CREATING and backfilling, for that long (api/table_status.h).

#include <algorithm>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

#include "api/constraint.h"
#include "api/database.h"
#include "api/index_schema.h"
#include "api/sse_rules.h"
#include "api/table_status.h"
#include "api/throughput_rules.h"
#include "common/constraint_error.h"
#include "common/errors.h"
#include "common/status_macros.h"

namespace dynamite {
namespace {

constexpr absl::string_view kInvalidPrefix =
    "One or more parameter values were invalid: ";
// Key attribute names are at most 255 bytes (reference §1.5).
constexpr size_t kMaxKeyAttributeNameBytes = 255;

// Current DynamoDB's text for an UpdateTable that changes nothing (live
// captures, ack-api-quirks catalogue, 2026). Older captures (dynalite;
// reference §11.5) list fewer members; SDKs never parse it.
constexpr absl::string_view kNothingToUpdate =
    "At least one of ProvisionedThroughput, BillingMode, UpdateStreamEnabled, "
    "GlobalSecondaryIndexUpdates, SSESpecification, ReplicaUpdates, "
    "MultiAccountReplicaReady, ReplicaTransitRoleArn, MultiRegionConsistency, "
    "DeletionProtectionEnabled, OnDemandThroughput, WarmThroughput or "
    "TableClass is required";

absl::Status Invalid(absl::string_view detail) {
  return ValidationError(absl::StrCat(kInvalidPrefix, detail));
}

absl::Status ValidateConstraints(const UpdateTableRequest& request) {
  std::vector<std::string> violations;
  if (request.attribute_definitions.has_value()) {
    const auto& definitions = *request.attribute_definitions;
    for (size_t i = 0; i < definitions.size(); ++i) {
      const std::string& name = definitions[i].attribute_name;
      if (!name.empty() && name.size() <= kMaxKeyAttributeNameBytes) continue;
      violations.push_back(ConstraintViolation(
          name,
          absl::StrCat("attributeDefinitions.", i + 1, ".member.attributeName"),
          name.empty() ? "Member must have length greater than or equal to 1"
                       : "Member must have length less than or equal to 255"));
    }
  }
  if (request.provisioned_throughput.has_value()) {
    const ProvisionedThroughput& t = *request.provisioned_throughput;
    for (const auto& [value, field] :
         {std::pair{t.write_capacity_units, "writeCapacityUnits"},
          std::pair{t.read_capacity_units, "readCapacityUnits"}}) {
      if (value >= 1) continue;
      violations.push_back(ConstraintViolation(
          absl::StrCat(value), absl::StrCat("provisionedThroughput.", field),
          "Member must have value greater than or equal to 1"));
    }
  }
  api_internal::AppendIndexUpdateConstraintViolations(request, violations);
  if (!violations.empty()) return ConstraintError(violations);
  return absl::OkStatus();
}

absl::string_view UpdatedIndexName(const GlobalSecondaryIndexUpdate& update) {
  if (update.create.has_value()) return update.create->index_name;
  if (update.update.has_value()) return update.update->index_name;
  return *update.delete_index_name;
}

// The shape of GlobalSecondaryIndexUpdates (messages: ack-api-quirks
// catalogue; the limit: scylladb test_gsi_updatetable.py, run against AWS,
// and dynalite).
absl::Status ValidateIndexUpdates(
    const std::vector<GlobalSecondaryIndexUpdate>& updates,
    bool changes_table_throughput) {
  size_t online = 0;  // Creates and Deletes
  for (const GlobalSecondaryIndexUpdate& update : updates) {
    const int actions = update.create.has_value() + update.update.has_value() +
                        update.delete_index_name.has_value();
    if (actions == 0) {
      return Invalid(
          "One of GlobalSecondaryIndexUpdate.Update, "
          "GlobalSecondaryIndexUpdate.Create, "
          "GlobalSecondaryIndexUpdate.Delete "
          "must not be null");
    }
    if (actions > 1) {
      return Invalid(
          "Only one global secondary index action is allowed per "
          "GlobalSecondaryIndexUpdate object");
    }
    online += update.create.has_value() + update.delete_index_name.has_value();
  }
  if (online > 1) {
    return MakeError(ErrorKind::kLimitExceeded,
                     "Subscriber limit exceeded: Only 1 online index can be "
                     "created or deleted simultaneously per table");
  }
  if (online == 1 && changes_table_throughput) {
    return Invalid(
        "You cannot create or delete index while updating table IOPS");
  }
  for (size_t i = 0; i < updates.size(); ++i) {
    for (size_t j = 0; j < i; ++j) {
      if (UpdatedIndexName(updates[i]) == UpdatedIndexName(updates[j])) {
        return Invalid(absl::StrCat(
            "Only one global secondary index update per index is allowed "
            "simultaneously. Index: ",
            UpdatedIndexName(updates[i])));
      }
    }
  }
  return absl::OkStatus();
}

// A StreamSpecification: a view type exactly when enabling, and no index
// created or deleted, nor the table's throughput changed, in the same call
// (messages: ack-api-quirks catalogue, live captures).
absl::Status ValidateStreamUpdate(const UpdateTableRequest& request) {
  const StreamSpecification& spec = *request.stream_specification;
  if (spec.stream_enabled && !spec.stream_view_type.has_value()) {
    return Invalid(
        "If stream is being enabled then UpdateViewType is required");
  }
  if (!spec.stream_enabled && spec.stream_view_type.has_value()) {
    return Invalid(
        "If stream is being disabled, then UpdateViewType must not be "
        "specified");
  }
  if (request.provisioned_throughput.has_value() ||
      request.billing_mode == BillingMode::kProvisioned) {
    return Invalid("You cannot modify stream status while updating table IOPS");
  }
  if (request.global_secondary_index_updates.has_value()) {
    for (const GlobalSecondaryIndexUpdate& update :
         *request.global_secondary_index_updates) {
      if (update.create.has_value() || update.delete_index_name.has_value()) {
        return Invalid(
            "You cannot create or delete index while changing stream status");
      }
    }
  }
  return absl::OkStatus();
}

// Everything UpdateTable checks before it looks the table up.
absl::Status ValidateRequest(const UpdateTableRequest& request,
                             absl::string_view region) {
  DYNAMITE_RETURN_IF_ERROR(
      ValidateTableName(request.table_name, TableNameUse::kTableOperation));
  DYNAMITE_RETURN_IF_ERROR(ValidateConstraints(request));
  DYNAMITE_RETURN_IF_ERROR(
      api_internal::ValidateUpdateThroughputShapes(request, region));
  const bool has_index_updates =
      request.global_secondary_index_updates.has_value() &&
      !request.global_secondary_index_updates->empty();
  // An empty GlobalSecondaryIndexUpdates alone counts as absent
  // (test_gsi_updatetable.py::test_updatetable_empty); beside a real change
  // it is an error of its own (research: ACKQ DDB-TABLE-359).
  const bool changes_capacity_or_indexes =
      request.billing_mode.has_value() ||
      request.provisioned_throughput.has_value() || has_index_updates ||
      request.stream_specification.has_value() ||
      request.on_demand_throughput.has_value() ||
      request.warm_throughput.has_value();
  if (!changes_capacity_or_indexes &&
      !request.deletion_protection_enabled.has_value() &&
      !request.table_class.has_value() &&
      !request.sse_specification.has_value()) {
    return ValidationError(kNothingToUpdate);
  }
  if (request.sse_specification.has_value()) {
    if (changes_capacity_or_indexes ||
        request.deletion_protection_enabled.has_value() ||
        request.table_class.has_value()) {
      return Invalid(
          "Server-Side Encryption modification must be the only "
          "operation in the request");
    }
    DYNAMITE_RETURN_IF_ERROR(
        api_internal::ValidateSseSpecification(*request.sse_specification));
  }
  // Each of these must be alone in its request (live captures, ack-api-
  // quirks DDB-TABLE-442).
  if (request.table_class.has_value() &&
      (changes_capacity_or_indexes ||
       request.deletion_protection_enabled.has_value())) {
    return Invalid(
        "TableClass modification must be the only operation in "
        "the request");
  }
  if (request.deletion_protection_enabled.has_value() &&
      changes_capacity_or_indexes) {
    return Invalid(
        "DeletionProtection modification must be the only "
        "operation in the request");
  }
  if (request.global_secondary_index_updates.has_value() &&
      !has_index_updates) {
    return Invalid("List of GlobalSecondaryIndexUpdates is empty");
  }
  if (has_index_updates) {
    DYNAMITE_RETURN_IF_ERROR(
        ValidateIndexUpdates(*request.global_secondary_index_updates,
                             request.provisioned_throughput.has_value()));
  }
  if (request.stream_specification.has_value()) {
    DYNAMITE_RETURN_IF_ERROR(ValidateStreamUpdate(request));
  }
  if (request.attribute_definitions.has_value()) {
    const auto& definitions = *request.attribute_definitions;
    for (size_t i = 0; i < definitions.size(); ++i) {
      for (size_t j = 0; j < i; ++j) {
        if (definitions[i].attribute_name == definitions[j].attribute_name) {
          // CreateTable's text; UNVERIFIED for UpdateTable.
          return ValidationError(absl::StrCat("Attribute Name is duplicated: ",
                                              definitions[i].attribute_name));
        }
      }
    }
  }
  return absl::OkStatus();
}

// Billing mode and the table's throughput (messages: research ACKQ
// DDB-TABLE-152/153/164; dynalite actions/updateTable.js).
absl::Status ApplyBilling(const TableDefinition& current,
                          const UpdateTableRequest& request,
                          TableDefinition& next) {
  const BillingMode target =
      request.billing_mode.value_or(current.billing_mode);
  const auto& throughput = request.provisioned_throughput;
  if (throughput.has_value() && target == BillingMode::kPayPerRequest) {
    return Invalid(
        "Neither ReadCapacityUnits nor WriteCapacityUnits can be specified "
        "when BillingMode is PAY_PER_REQUEST");
  }
  if (request.billing_mode == BillingMode::kProvisioned &&
      !throughput.has_value()) {
    return Invalid(
        "ProvisionedThroughput must be specified when BillingMode is "
        "PROVISIONED");
  }
  next.billing_mode = target;
  if (target == BillingMode::kPayPerRequest) {
    next.read_capacity_units = 0;
    next.write_capacity_units = 0;
    for (IndexDefinition& index : next.indexes) {
      index.read_capacity_units = 0;
      index.write_capacity_units = 0;
    }
    return absl::OkStatus();
  }
  if (!throughput.has_value()) return absl::OkStatus();
  if (current.billing_mode == BillingMode::kProvisioned &&
      throughput->read_capacity_units == current.read_capacity_units &&
      throughput->write_capacity_units == current.write_capacity_units) {
    return ValidationError(absl::StrCat(
        "The provisioned throughput for the table will not change. The "
        "requested value equals the current value. Current ReadCapacityUnits "
        "provisioned for the table: ",
        current.read_capacity_units,
        ". Requested ReadCapacityUnits: ", throughput->read_capacity_units,
        ". Current WriteCapacityUnits provisioned for the table: ",
        current.write_capacity_units,
        ". Requested WriteCapacityUnits: ", throughput->write_capacity_units,
        ". Refer to the Amazon DynamoDB Developer Guide for current limits and "
        "how to request higher limits."));
  }
  next.read_capacity_units = throughput->read_capacity_units;
  next.write_capacity_units = throughput->write_capacity_units;
  return absl::OkStatus();
}

// The existing GSI an Update or Delete names, in `next`. A missing index is
// ResourceNotFound (test_updatetable_delete_missing_gsi; the text is the
// live capture for an Update of a missing GSI); an LSI cannot be changed.
absl::StatusOr<IndexDefinition*> FindGlobalIndex(TableDefinition& next,
                                                 absl::string_view name,
                                                 absl::string_view verb) {
  for (IndexDefinition& index : next.indexes) {
    if (index.name != name) continue;
    if (index.kind != IndexKind::kGlobal) {
      return ValidationError(
          absl::StrCat("Cannot ", verb,
                       " an index that is not a GlobalSecondaryIndex: ", name));
    }
    return &index;
  }
  return ResourceNotFoundError(absl::StrCat(
      "Requested resource not found: Index ", name, " for table ", next.name));
}

absl::Status ApplyThroughputUpdate(const GlobalSecondaryIndexUpdate::Update& u,
                                   absl::Time now, absl::Duration delay,
                                   TableDefinition& next) {
  DYNAMITE_ASSIGN_OR_RETURN(IndexDefinition * index,
                            FindGlobalIndex(next, u.index_name, "update"));
  const bool changes_settings =
      u.on_demand_throughput.has_value() || u.warm_throughput.has_value();
  // A PAY_PER_REQUEST table's GSIs have no throughput to update (research:
  // ACKQ DDB-TABLE-152).
  if (next.billing_mode == BillingMode::kPayPerRequest &&
      (u.provisioned_throughput.has_value() || !changes_settings)) {
    return Invalid(
        absl::StrCat("The only Updates for index: ", u.index_name,
                     " when TableThroughputMode is PAY_PER_REQUEST can be to "
                     "OnDemandThroughput, WarmThroughput"));
  }
  if (changes_settings) {
    DYNAMITE_RETURN_IF_ERROR(api_internal::ApplyIndexThroughputSettings(
        u, next, now, delay, *index));
    if (!u.provisioned_throughput.has_value()) return absl::OkStatus();
  }
  if (!u.provisioned_throughput.has_value()) {
    return Invalid(absl::StrCat(
        "Both ReadCapacityUnits and WriteCapacityUnits must be specified for "
        "index: ",
        u.index_name));
  }
  const ProvisionedThroughput& t = *u.provisioned_throughput;
  if (t.read_capacity_units == index->read_capacity_units &&
      t.write_capacity_units == index->write_capacity_units) {
    // The capture (ACKQ DDB-TABLE-164) is cut after the read units; the
    // rest follows the table's form.
    return ValidationError(absl::StrCat(
        "The provisioned throughput for the index ", u.index_name,
        " will not change. The requested value equals the current value. "
        "Current ReadCapacityUnits provisioned for index ",
        u.index_name, ": ", index->read_capacity_units,
        ". Requested ReadCapacityUnits: ", t.read_capacity_units,
        ". Current WriteCapacityUnits provisioned for index ", u.index_name,
        ": ", index->write_capacity_units,
        ". Requested WriteCapacityUnits: ", t.write_capacity_units,
        ". Refer to the Amazon DynamoDB Developer Guide for current limits and "
        "how to request higher limits."));
  }
  index->read_capacity_units = u.provisioned_throughput->read_capacity_units;
  index->write_capacity_units = u.provisioned_throughput->write_capacity_units;
  return absl::OkStatus();
}

// One GlobalSecondaryIndexUpdates entry. `region`, `now` and `delay` as
// for Redefined().
absl::Status ApplyIndexUpdate(const TableDefinition& current,
                              const UpdateTableRequest& request,
                              const GlobalSecondaryIndexUpdate& update,
                              absl::string_view region, absl::Time now,
                              absl::Duration delay, TableDefinition& next) {
  if (update.create.has_value()) {
    const auto& definitions = request.attribute_definitions;
    DYNAMITE_ASSIGN_OR_RETURN(
        IndexDefinition created,
        api_internal::ResolveCreatedGlobalIndex(
            *update.create, definitions.has_value() ? &*definitions : nullptr,
            current, next.billing_mode));
    for (const std::vector<KeyAttribute>* keys :
         {&created.hash_keys, &created.range_keys}) {
      for (const KeyAttribute& key : *keys) {
        if (std::find(next.attribute_definitions.begin(),
                      next.attribute_definitions.end(),
                      key) == next.attribute_definitions.end()) {
          next.attribute_definitions.push_back(key);
        }
      }
    }
    DYNAMITE_RETURN_IF_ERROR(api_internal::SetNewIndexThroughputSettings(
        *update.create, next.billing_mode, region, created));
    next.indexes.push_back(std::move(created));
    return absl::OkStatus();
  }
  if (update.update.has_value()) {
    return ApplyThroughputUpdate(*update.update, now, delay, next);
  }
  DYNAMITE_ASSIGN_OR_RETURN(
      IndexDefinition * deleted,
      FindGlobalIndex(next, *update.delete_index_name, "delete"));
  if (delay > absl::ZeroDuration()) next.deleting_indexes.push_back(*deleted);
  next.indexes.erase(next.indexes.begin() + (deleted - next.indexes.data()));
  // An attribute only the deleted index used is no longer defined.
  next.attribute_definitions =
      api_internal::UsedAttributeDefinitions(next, next.attribute_definitions);
  return absl::OkStatus();
}

// Enables a new stream (`enabled`, made by the caller) or disables the
// current one.
absl::Status ApplyStream(const TableDefinition& current,
                         const UpdateTableRequest& request,
                         const StreamDefinition& enabled,
                         TableDefinition& next) {
  if (!request.stream_specification.has_value()) return absl::OkStatus();
  const bool has_enabled_stream =
      current.stream.has_value() && current.stream->enabled;
  if (request.stream_specification->stream_enabled) {
    if (has_enabled_stream) {
      return ValidationError(absl::StrCat(
          "Table already has an enabled stream: TableName: ", current.name));
    }
    next.stream = enabled;
    return absl::OkStatus();
  }
  if (!has_enabled_stream) {
    return ValidationError(absl::StrCat(
        "Table has no stream to disable: TableName: ", current.name));
  }
  next.stream->enabled = false;
  return absl::OkStatus();
}

// The next definition, validated against `current`. Pure: it may run under
// the table's lock.
absl::StatusOr<TableDefinition> Redefined(
    const TableDefinition& current, const UpdateTableRequest& request,
    const StreamDefinition& stream, absl::string_view region, absl::Time now,
    absl::Duration delay,
    const std::optional<std::string>& kms_master_key_arn) {
  TableDefinition next = current;
  // What an earlier UpdateTable was deleting is gone by now: the table was
  // ACTIVE again to be changed.
  next.deleting_indexes.clear();
  if (request.sse_specification.has_value()) {
    // Asking for the encryption the table has is an error (live captures,
    // ack-api-quirks DDB-TABLE-442).
    if (!kms_master_key_arn.has_value() &&
        !current.kms_master_key_arn.has_value()) {
      return Invalid("Table is already encrypted by default");
    }
    if (kms_master_key_arn == current.kms_master_key_arn) {
      return Invalid(
          "Table is already encrypted with given KMSMasterKeyId. Use "
          "KMSMasterKeyId parameter if you want to change Master Key");
    }
    next.kms_master_key_arn = kms_master_key_arn;
  }
  if (request.deletion_protection_enabled.has_value()) {
    next.deletion_protection = *request.deletion_protection_enabled;
  }
  if (request.table_class.has_value()) {
    next.table_class = *request.table_class;
    next.table_class_updated = now;
  }
  DYNAMITE_RETURN_IF_ERROR(ApplyBilling(current, request, next));
  DYNAMITE_RETURN_IF_ERROR(api_internal::ApplyThroughputSettings(
      current, request, now, delay, next));
  DYNAMITE_RETURN_IF_ERROR(ApplyStream(current, request, stream, next));
  if (request.global_secondary_index_updates.has_value()) {
    for (const GlobalSecondaryIndexUpdate& update :
         *request.global_secondary_index_updates) {
      DYNAMITE_RETURN_IF_ERROR(
          ApplyIndexUpdate(current, request, update, region, now, delay, next));
    }
  }
  // A table that becomes PROVISIONED needs every GSI's throughput in the
  // same request (dynalite actions/updateTable.js).
  if (current.billing_mode == BillingMode::kPayPerRequest &&
      next.billing_mode == BillingMode::kProvisioned) {
    std::vector<std::string> missing;
    for (const IndexDefinition& index : next.indexes) {
      if (index.kind == IndexKind::kGlobal && index.read_capacity_units == 0) {
        missing.push_back(index.name);
      }
    }
    if (!missing.empty()) {
      return Invalid(
          absl::StrCat("ProvisionedThroughput must be specified for index: ",
                       absl::StrJoin(missing, ",")));
    }
  }
  return next;
}

// `next` as UpdateTable leaves it when statuses are delayed by `delay`
// (api/table_status.h): UPDATING, and each GSI it adds backfilling, for
// that long.
TableDefinition WithTransientStatus(const TableDefinition& current,
                                    const UpdateTableRequest& request,
                                    TableDefinition next, absl::Time now,
                                    absl::Duration delay) {
  if (delay <= absl::ZeroDuration()) return next;
  // Changing only the on-demand cap or the warm throughput leaves the table
  // ACTIVE (ack-api-quirks DDB-TABLE-051, -059); the warm throughput shows
  // its own UPDATING.
  // The same holds, by assumption, for a GSI's.
  bool index_settings_only = true;
  bool changes_index_settings = false;
  if (request.global_secondary_index_updates.has_value()) {
    for (const GlobalSecondaryIndexUpdate& update :
         *request.global_secondary_index_updates) {
      if (!update.update.has_value() ||
          update.update->provisioned_throughput.has_value()) {
        index_settings_only = false;
      } else {
        changes_index_settings = true;
      }
    }
  }
  const bool only_throughput_settings =
      (request.on_demand_throughput.has_value() ||
       request.warm_throughput.has_value() || changes_index_settings) &&
      index_settings_only && !request.billing_mode.has_value() &&
      !request.provisioned_throughput.has_value() &&
      !request.stream_specification.has_value();
  if (only_throughput_settings) return next;
  next.transient_status = TableStatus::kUpdating;
  next.transient_until = now + delay;
  for (IndexDefinition& index : next.indexes) {
    if (current.FindIndex(index.name) == nullptr) {
      index.backfilled_at = now + delay;
    }
  }
  return next;
}

}  // namespace

absl::StatusOr<UpdateTableResponse> Database::UpdateTable(
    const UpdateTableRequest& request) {
  DYNAMITE_RETURN_IF_ERROR(ValidateRequest(request, options_.region));
  DYNAMITE_ASSIGN_OR_RETURN(
      std::shared_ptr<Table> table,
      api_internal::FindTableToChange(catalog_, request.table_name));
  // A stream to enable is made out here, since Redefined() must be pure; it
  // is not used if the table already has one.
  StreamDefinition stream;
  const absl::Time now = clock_->Now();
  std::optional<std::string> kms_master_key_arn;
  if (request.sse_specification.has_value()) {
    kms_master_key_arn = api_internal::KmsKeyArnOf(
        *request.sse_specification, options_.region, options_.account_id);
  }
  if (request.stream_specification.has_value() &&
      request.stream_specification->stream_enabled) {
    stream = NewStream(table->definition()->arn,
                       *request.stream_specification->stream_view_type);
  }
  auto redefine =
      [&](const TableDefinition& current) -> absl::StatusOr<TableDefinition> {
    DYNAMITE_RETURN_IF_ERROR(api_internal::CheckTableChangeable(current, now));
    DYNAMITE_ASSIGN_OR_RETURN(
        TableDefinition next,
        Redefined(current, request, stream, options_.region, now,
                  options_.transient_status_delay, kms_master_key_arn));
    return WithTransientStatus(current, request, std::move(next), now,
                               options_.transient_status_delay);
  };
  DYNAMITE_RETURN_IF_ERROR(table->Redefine(redefine).status());
  UpdateTableResponse response{api_internal::DescribeTableAt(*table, now)};
  api_internal::ShowClearedOnDemandMembers(request, response.table_description);
  return response;
}

}  // namespace dynamite
