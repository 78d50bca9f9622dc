// The table operations of Database: CreateTable, DescribeTable, ListTables,
// DeleteTable (UpdateTable is in api/update_table_ops.cc; CreateTable's
// Tags follow api/tag_rules.h, and DeleteTable drops the tags with the
// table). Tables and their indexes are ACTIVE as soon as CreateTable
// returns (as in DynamoDB Local); validation follows DynamoDB's order and
// messages (reference §3.1, §9, §11.4, §11.5); the secondary index rules are in
// api/index_schema.h.

#include <cstdint>
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
#include "api/tag_rules.h"
#include "api/throughput_rules.h"
#include "common/check.h"
#include "common/constraint_error.h"
#include "common/errors.h"
#include "common/status_macros.h"

namespace dynamite {
namespace {

// ListTables' Limit range and default (reference §11.5).
constexpr int64_t kMaxListTablesLimit = 100;
// Key attribute names are at most 255 bytes (reference §1.5).
constexpr size_t kMaxKeyAttributeNameBytes = 255;

constexpr absl::string_view kInvalidPrefix =
    "One or more parameter values were invalid: ";

bool HasIndexes(const CreateTableRequest& request) {
  return request.local_secondary_indexes.has_value() ||
         request.global_secondary_indexes.has_value();
}

absl::Status ValidateKeySchemaShape(const CreateTableRequest& request) {
  const auto& key_schema = request.key_schema;
  if (key_schema.empty() || key_schema.size() > 2) {
    return ConstraintError({ConstraintViolation(
        key_schema.empty() ? "[]" : "[...]", "keySchema",
        key_schema.empty()
            ? "Member must have length greater than or equal to 1"
            : "Member must have length less than or equal to 2")});
  }
  std::vector<std::string> violations;
  for (size_t i = 0; i < key_schema.size(); ++i) {
    const std::string& name = key_schema[i].attribute_name;
    if (name.empty() || name.size() > kMaxKeyAttributeNameBytes) {
      violations.push_back(ConstraintViolation(
          name, absl::StrCat("keySchema.", i + 1, ".member.attributeName"),
          name.empty() ? "Member must have length greater than or equal to 1"
                       : "Member must have length less than or equal to 255"));
    }
  }
  for (size_t i = 0; i < request.attribute_definitions.size(); ++i) {
    const std::string& name = request.attribute_definitions[i].attribute_name;
    if (name.empty() || name.size() > kMaxKeyAttributeNameBytes) {
      violations.push_back(ConstraintViolation(
          name,
          absl::StrCat("attributeDefinitions.", i + 1, ".member.attributeName"),
          name.empty() ? "Member must have length greater than or equal to 1"
                       : "Member must have length less than or equal to 255"));
    }
  }
  // DynamoDB reports the index lists' constraint violations together with
  // the table's, before any semantic check.
  api_internal::AppendIndexConstraintViolations(request, violations);
  if (!violations.empty()) return ConstraintError(violations);

  if (key_schema[0].key_type != KeySchemaRole::kHash) {
    return ValidationError(
        "Invalid KeySchema: The first KeySchemaElement is not a HASH key type");
  }
  if (key_schema.size() == 2) {
    if (key_schema[1].key_type != KeySchemaRole::kRange) {
      return ValidationError(
          "Invalid KeySchema: The second KeySchemaElement is not a RANGE key "
          "type");
    }
    if (key_schema[0].attribute_name == key_schema[1].attribute_name) {
      return ValidationError(
          "Both the Hash Key and the Range Key element in the KeySchema have "
          "the same name");
    }
  }
  return absl::OkStatus();
}

// Builds the KeySchema from the request's KeySchema and
// AttributeDefinitions, which must define exactly the key attributes.
absl::StatusOr<KeySchema> ResolveKeySchema(const CreateTableRequest& request) {
  DYNAMITE_RETURN_IF_ERROR(ValidateKeySchemaShape(request));
  const auto& definitions = request.attribute_definitions;
  for (size_t i = 0; i < definitions.size(); ++i) {
    for (size_t j = 0; j < i; ++j) {
      if (definitions[i].attribute_name == definitions[j].attribute_name) {
        // Current DynamoDB's text, without the usual prefix (research:
        // ACKQ DDB-TABLE-127).
        return ValidationError(absl::StrCat("Attribute Name is duplicated: ",
                                            definitions[i].attribute_name));
      }
    }
  }
  auto find_type = [&](const std::string& name) -> const AttributeDefinition* {
    for (const AttributeDefinition& d : definitions) {
      if (d.attribute_name == name) return &d;
    }
    return nullptr;
  };
  std::vector<std::string> undefined;
  for (const KeySchemaElement& element : request.key_schema) {
    if (find_type(element.attribute_name) == nullptr) {
      undefined.push_back(element.attribute_name);
    }
  }
  if (!undefined.empty()) {
    std::vector<std::string> defined;
    for (const AttributeDefinition& d : definitions) {
      defined.push_back(d.attribute_name);
    }
    return ValidationError(absl::StrCat(
        kInvalidPrefix,
        "Some index key attributes are not defined in AttributeDefinitions. "
        "Keys: [",
        absl::StrJoin(undefined, ", "), "], AttributeDefinitions: [",
        absl::StrJoin(defined, ", "), "]"));
  }
  // With indexes, the index keys use definitions too; unused ones are
  // reported with DynamoDB's index-aware message (api/index_schema.h).
  if (!HasIndexes(request) && definitions.size() != request.key_schema.size()) {
    return ValidationError(absl::StrCat(
        kInvalidPrefix,
        "Number of attributes in KeySchema does not exactly match number of "
        "attributes defined in AttributeDefinitions"));
  }
  KeySchema schema;
  schema.partition_key = {
      request.key_schema[0].attribute_name,
      find_type(request.key_schema[0].attribute_name)->attribute_type};
  if (request.key_schema.size() == 2) {
    schema.sort_key = KeyAttribute{
        request.key_schema[1].attribute_name,
        find_type(request.key_schema[1].attribute_name)->attribute_type};
  }
  return schema;
}

absl::Status ValidateBilling(const CreateTableRequest& request) {
  const BillingMode mode =
      request.billing_mode.value_or(BillingMode::kProvisioned);
  if (mode == BillingMode::kPayPerRequest) {
    if (request.provisioned_throughput.has_value()) {
      return ValidationError(absl::StrCat(
          kInvalidPrefix,
          "Neither ReadCapacityUnits nor WriteCapacityUnits can be specified "
          "when BillingMode is PAY_PER_REQUEST"));
    }
    return absl::OkStatus();
  }
  if (!request.provisioned_throughput.has_value()) {
    return ValidationError(
        absl::StrCat(kInvalidPrefix,
                     "ReadCapacityUnits and WriteCapacityUnits must both be "
                     "specified when BillingMode is PROVISIONED"));
  }
  std::vector<std::string> violations;
  const ProvisionedThroughput& t = *request.provisioned_throughput;
  if (t.write_capacity_units < 1) {
    violations.push_back(ConstraintViolation(
        absl::StrCat(t.write_capacity_units),
        "provisionedThroughput.writeCapacityUnits",
        "Member must have value greater than or equal to 1"));
  }
  if (t.read_capacity_units < 1) {
    violations.push_back(ConstraintViolation(
        absl::StrCat(t.read_capacity_units),
        "provisionedThroughput.readCapacityUnits",
        "Member must have value greater than or equal to 1"));
  }
  if (!violations.empty()) return ConstraintError(violations);
  return absl::OkStatus();
}

// CreateTable's StreamSpecification: a view type exactly when the stream is
// enabled (messages: ack-api-quirks catalogue, live captures).
absl::Status ValidateStreamSpecification(const CreateTableRequest& request) {
  if (!request.stream_specification.has_value()) return absl::OkStatus();
  const StreamSpecification& spec = *request.stream_specification;
  if (spec.stream_enabled && !spec.stream_view_type.has_value()) {
    return ValidationError(absl::StrCat(
        kInvalidPrefix,
        "Table is being created with a stream enabled, UpdateViewType is "
        "required"));
  }
  if (!spec.stream_enabled && spec.stream_view_type.has_value()) {
    return ValidationError(absl::StrCat(
        kInvalidPrefix,
        "Table is being created with a stream disabled, UpdateViewType "
        "should not be specified"));
  }
  return absl::OkStatus();
}

// A version-4-shaped UUID from a process-wide counter and the creation time;
// unique within a Database, which is all DynamoDB's TableId promises here.
std::string MakeTableId(absl::Time created, uint64_t sequence) {
  const uint64_t nanos = static_cast<uint64_t>(absl::ToUnixNanos(created));
  const uint64_t hi = nanos ^ (sequence * 0x9E3779B97F4A7C15ULL);
  const uint64_t lo = sequence * 0xBF58476D1CE4E5B9ULL + nanos;
  const std::string hex = absl::StrCat(absl::Hex(hi, absl::kZeroPad16),
                                       absl::Hex(lo, absl::kZeroPad16));
  return absl::StrCat(hex.substr(0, 8), "-", hex.substr(8, 4), "-4",
                      hex.substr(13, 3), "-a", hex.substr(17, 3), "-",
                      hex.substr(20, 12));
}

}  // namespace

Database::Database(DatabaseOptions options)
    : Database(std::move(options), Unstarted{}) {
  DYNAMITE_CHECK(options_.durability.directory.empty());
  Start();
}

Database::Database(DatabaseOptions options, Unstarted /*unstarted*/)
    : options_(std::move(options)),
      clock_(options_.controlled_clock != nullptr ? options_.controlled_clock
             : options_.clock != nullptr          ? options_.clock
                                                  : Clock::Real()),
      controlled_clock_(options_.controlled_clock),
      streams_(*clock_, options_.streams),
      catalog_(sequencer_, clock_) {
  DYNAMITE_CHECK(options_.clock == nullptr ||
                 options_.controlled_clock == nullptr);
  sequencer_.SetClock(clock_);
}

void Database::AddCommitObserver(CommitObserver* observer) {
  sequencer_.AddObserver(observer);
}

std::string Database::TableArn(absl::string_view name) const {
  return absl::StrCat("arn:aws:dynamodb:", options_.region, ":",
                      options_.account_id, ":table/", name);
}

std::string Database::NewTableId(absl::Time created) {
  return MakeTableId(created, ++tables_created_);
}

absl::StatusOr<CreateTableResponse> Database::CreateTable(
    const CreateTableRequest& request) {
  DYNAMITE_RETURN_IF_ERROR(
      ValidateTableName(request.table_name, TableNameUse::kTableOperation));
  DYNAMITE_ASSIGN_OR_RETURN(KeySchema schema, ResolveKeySchema(request));
  DYNAMITE_RETURN_IF_ERROR(ValidateBilling(request));
  DYNAMITE_RETURN_IF_ERROR(
      api_internal::ValidateCreateThroughputSettings(request, options_.region));
  DYNAMITE_RETURN_IF_ERROR(ValidateStreamSpecification(request));
  if (request.sse_specification.has_value()) {
    DYNAMITE_RETURN_IF_ERROR(
        api_internal::ValidateSseSpecification(*request.sse_specification));
  }
  const std::vector<Tag> no_tags;
  const std::vector<Tag>& tags = request.tags.value_or(no_tags);
  DYNAMITE_RETURN_IF_ERROR(api_internal::ValidateTags(tags));

  TableDefinition def;
  def.name = request.table_name;
  def.key_schema = std::move(schema);
  for (const AttributeDefinition& a : request.attribute_definitions) {
    def.attribute_definitions.push_back({a.attribute_name, a.attribute_type});
  }
  def.billing_mode = request.billing_mode.value_or(BillingMode::kProvisioned);
  if (request.provisioned_throughput.has_value()) {
    def.read_capacity_units =
        request.provisioned_throughput->read_capacity_units;
    def.write_capacity_units =
        request.provisioned_throughput->write_capacity_units;
  }
  def.on_demand_throughput =
      request.on_demand_throughput.value_or(OnDemandThroughput{});
  def.warm_throughput = api_internal::InitialWarmThroughput(request);
  def.item_collection_limit_bytes = options_.item_collection_limit_bytes;
  def.creation_time = clock_->Now();
  if (options_.transient_status_delay > absl::ZeroDuration()) {
    def.transient_status = TableStatus::kCreating;
    def.transient_until = def.creation_time + options_.transient_status_delay;
    if (request.warm_throughput.has_value()) {
      def.warm_throughput_updating_until = def.transient_until;
    }
  }
  def.table_id = NewTableId(def.creation_time);
  def.arn = TableArn(request.table_name);
  if (HasIndexes(request)) {
    DYNAMITE_ASSIGN_OR_RETURN(def.indexes,
                              api_internal::ResolveCreateTableIndexes(
                                  request, def.key_schema, def.arn));
  }
  if (request.global_secondary_indexes.has_value()) {
    for (const GlobalSecondaryIndex& gsi : *request.global_secondary_indexes) {
      IndexDefinition* index = def.FindIndex(gsi.index_name);
      DYNAMITE_CHECK(index != nullptr);
      DYNAMITE_RETURN_IF_ERROR(api_internal::SetNewIndexThroughputSettings(
          gsi, def.billing_mode, options_.region, *index));
    }
  }
  if (request.stream_specification.has_value() &&
      request.stream_specification->stream_enabled) {
    def.stream =
        NewStream(def.arn, *request.stream_specification->stream_view_type);
  }
  def.deletion_protection = request.deletion_protection_enabled.value_or(false);
  def.table_class = request.table_class;
  if (request.sse_specification.has_value()) {
    def.kms_master_key_arn = api_internal::KmsKeyArnOf(
        *request.sse_specification, options_.region, options_.account_id);
  }
  // The tags were validated, limit included.
  PutTags(def.tags, tags, tags.size());
  DYNAMITE_ASSIGN_OR_RETURN(std::shared_ptr<Table> table,
                            catalog_.Create(std::move(def)));
  CreateTableResponse response{
      api_internal::DescribeTableAt(*table, clock_->Now())};
  // DynamoDB's answer has WarmThroughput only when it was asked for
  // (ack-api-quirks DDB-TABLE-033); DescribeTable always has it.
  if (!request.warm_throughput.has_value()) {
    response.table_description.warm_throughput.reset();
  }
  return response;
}

absl::StatusOr<DescribeTableResponse> Database::DescribeTable(
    const DescribeTableRequest& request) {
  DYNAMITE_RETURN_IF_ERROR(
      ValidateTableName(request.table_name, TableNameUse::kTableOperation));
  const absl::Time now = clock_->Now();
  absl::StatusOr<std::shared_ptr<Table>> table = catalog_.Find(
      request.table_name, TableNotFoundMessage(request.table_name));
  if (!table.ok()) {
    if (std::shared_ptr<Table> deleting =
            catalog_.FindDeleting(request.table_name)) {
      return DescribeTableResponse{api_internal::DescribeTableAt(
          *deleting, now, TableStatus::kDeleting)};
    }
    return table.status();
  }
  return DescribeTableResponse{api_internal::DescribeTableAt(**table, now)};
}

absl::StatusOr<ListTablesResponse> Database::ListTables(
    const ListTablesRequest& request) {
  const int64_t limit = request.limit.value_or(kMaxListTablesLimit);
  if (limit < 1 || limit > kMaxListTablesLimit) {
    return ConstraintError({ConstraintViolation(
        absl::StrCat(limit), "limit",
        limit < 1 ? "Member must have value greater than or equal to 1"
                  : "Member must have value less than or equal to 100")});
  }
  // One more than asked tells whether the listing was truncated.
  ListTablesResponse response;
  response.table_names = catalog_.ListNames(
      request.exclusive_start_table_name.value_or(""), limit + 1);
  if (response.table_names.size() > static_cast<size_t>(limit)) {
    response.table_names.pop_back();
    response.last_evaluated_table_name = response.table_names.back();
  }
  return response;
}

absl::StatusOr<DeleteTableResponse> Database::DeleteTable(
    const DeleteTableRequest& request) {
  DYNAMITE_RETURN_IF_ERROR(
      ValidateTableName(request.table_name, TableNameUse::kTableOperation));
  // Checked before the catalog lets go of the table. An UpdateTable that
  // turns protection on at the same moment may lose the race, as it may
  // against any DeleteTable that came first.
  DYNAMITE_ASSIGN_OR_RETURN(
      std::shared_ptr<Table> found,
      api_internal::FindTableToChange(catalog_, request.table_name));
  const std::shared_ptr<const TableDefinition> definition = found->definition();
  DYNAMITE_RETURN_IF_ERROR(
      api_internal::CheckTableChangeable(*definition, clock_->Now()));
  if (definition->deletion_protection) {
    return ValidationError(
        "Resource cannot be deleted as it is currently protected against "
        "deletion. Disable deletion protection first.");
  }
  DYNAMITE_ASSIGN_OR_RETURN(
      std::shared_ptr<Table> table,
      catalog_.Delete(request.table_name,
                      TableNotFoundMessage(request.table_name),
                      options_.transient_status_delay));
  return DeleteTableResponse{api_internal::DescribeTableAt(
      *table, clock_->Now(), TableStatus::kDeleting)};
}

}  // namespace dynamite
