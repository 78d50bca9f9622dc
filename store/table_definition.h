// What a table is, as DynamoDB describes it apart from its data: the key
// schema, the attribute definitions, billing, the secondary indexes, the
// stream, the time to live and the tags.
//
// A TableDefinition is immutable once published: a Table holds its current
// definition as a shared_ptr<const TableDefinition> and replaces it whole
// when UpdateTable changes something (store/table.h), so an operation reads
// one consistent snapshot of it per request (Table::definition()) and a
// definition it holds never changes under it. Each replacement is a table
// commit with its own sequence number (store/commit_observer.h).
//
// Thread safety: immutable after construction; share freely.

#ifndef DYNAMITE_STORE_TABLE_DEFINITION_H_
#define DYNAMITE_STORE_TABLE_DEFINITION_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/strings/string_view.h"
#include "absl/time/time.h"

#include "store/key.h"
#include "store/tag_set.h"

namespace dynamite {

enum class BillingMode { kProvisioned, kPayPerRequest };

enum class IndexKind { kLocal, kGlobal };

// Projection.ProjectionType.
enum class ProjectionType { kKeysOnly, kInclude, kAll };

// StreamSpecification.StreamViewType: what a stream record carries besides
// the item's key.
enum class StreamViewType { kKeysOnly, kNewImage, kOldImage, kNewAndOldImages };

// SSESpecification.SSEType. AES256 is in DynamoDB's enum but refused.
enum class SseType { kAes256, kKms };

// TableClass: a pricing class in DynamoDB; here a label kept and described.
enum class TableClass { kStandard, kStandardInfrequentAccess };

// TableStatus. DynamoDB takes seconds to minutes to create, update or
// delete a table; Dynamite does it at once, and shows CREATING, UPDATING
// or DELETING only when asked to (DatabaseOptions::transient_status_delay),
// for as long as asked, so that code waiting for ACTIVE is exercised.
enum class TableStatus { kCreating, kUpdating, kDeleting, kActive };

// OnDemandThroughput: a PAY_PER_REQUEST table's cap on the request units it
// serves per second, each member absent while uncapped. Dynamite throttles
// nothing; the setting is kept and described.
struct OnDemandThroughput {
  std::optional<int64_t> max_read_request_units;
  std::optional<int64_t> max_write_request_units;

  bool empty() const {
    return !max_read_request_units.has_value() &&
           !max_write_request_units.has_value();
  }
};

// WarmThroughput: the read and write units per second a table can serve at
// once. DynamoDB only ever raises it: to the table's highest provisioned
// capacity, to 12,000 / 4,000 once it is on demand, or to what
// CreateTable or UpdateTable asked for (api/throughput_rules.h).
struct WarmThroughput {
  int64_t read_units_per_second = 0;
  int64_t write_units_per_second = 0;
};

// DynamoDB's limits on indexes (reference §9).
inline constexpr size_t kMaxLocalSecondaryIndexes = 5;
inline constexpr size_t kMaxGlobalSecondaryIndexes = 20;
inline constexpr size_t kMaxProjectedNonKeyAttributes = 100;
// The items of one partition key and their LSI entries, together, may
// hold at most 10 GB on a table with LSIs (reference §9.1).
inline constexpr int64_t kMaxItemCollectionBytes = int64_t{10} << 30;
// Multi-attribute GSI keys: up to four HASH and four RANGE attributes.
inline constexpr size_t kMaxIndexKeyAttributes = 4;

// One secondary index. An LSI has the table's partition key and one sort
// key; a GSI has one to four partition-key attributes and zero to four
// sort-key attributes (a key of several attributes is ordered as the tuple
// of its values, store/index_key.h).
struct IndexDefinition {
  std::string name;
  IndexKind kind = IndexKind::kGlobal;
  std::vector<KeyAttribute> hash_keys;
  std::vector<KeyAttribute> range_keys;
  ProjectionType projection = ProjectionType::kAll;
  // INCLUDE only: the extra top-level attributes, as given.
  std::vector<std::string> non_key_attributes;
  // A GSI's own throughput on a PROVISIONED table; 0 otherwise.
  int64_t read_capacity_units = 0;
  int64_t write_capacity_units = 0;
  // A GSI's cap on a PAY_PER_REQUEST table (empty when uncapped), and the
  // warm throughput asked for it (zeros when none; DescribeTable shows at
  // least what the billing mode implies, api/throughput_rules.h), UPDATING
  // until warm_throughput_updating_until.
  OnDemandThroughput on_demand_throughput;
  WarmThroughput warm_throughput;
  absl::Time warm_throughput_updating_until = absl::InfinitePast();
  std::string arn;
  // A GSI that UpdateTable added is CREATING, and refuses reads
  // ("backfilling"), until then, when statuses are delayed; the distant
  // past otherwise.
  absl::Time backfilled_at = absl::InfinitePast();

  bool BackfillingAt(absl::Time now) const { return now < backfilled_at; }
  // True if `name` is one of the index's key attributes.
  bool is_key_attribute(absl::string_view attribute) const;
  // True if the index holds attribute `attribute` of its items: every
  // attribute under ALL, else the index and table keys and the
  // NonKeyAttributes.
  bool projects(absl::string_view attribute, const KeySchema& table) const;
};

// The backup a table was restored from, and when.
struct RestoreSource {
  std::string backup_arn;
  std::string table_arn;  // the backed-up table's
  absl::Time restored;
};

// A table's latest stream (DescribeTable's StreamSpecification,
// LatestStreamArn and LatestStreamLabel). Disabling it keeps it here,
// disabled: its records stay readable until they age out; enabling again
// starts a new stream, with a new label and ARN (store/stream_store.h keeps
// the records).
struct StreamDefinition {
  bool enabled = false;
  StreamViewType view_type = StreamViewType::kKeysOnly;
  // When the stream was created, as DynamoDB labels it
  // ("2026-12-04T13:20:00.123"), unique among the table's streams.
  absl::Time created;
  std::string label;
  std::string arn;  // the table's ARN, "/stream/", the label
};

// A table's time to live (UpdateTimeToLive): the attribute whose N value,
// epoch seconds, says when an item expires (store/time_to_live.h), and
// when the setting last changed, since DynamoDB refuses a second change
// within an hour. Absent until UpdateTimeToLive first succeeds.
struct TimeToLiveDefinition {
  bool enabled = false;
  // While enabled; empty once disabled.
  std::string attribute_name;
  absl::Time modified;
};

struct TableDefinition {
  std::string name;
  KeySchema key_schema;
  // The AttributeDefinitions as given (the table's and the indexes' key
  // attributes, with types).
  std::vector<KeyAttribute> attribute_definitions;
  BillingMode billing_mode = BillingMode::kProvisioned;
  int64_t read_capacity_units = 0;   // 0 under PAY_PER_REQUEST
  int64_t write_capacity_units = 0;  // 0 under PAY_PER_REQUEST
  absl::Time creation_time;
  std::string table_id;  // a UUID
  std::string arn;
  // LSIs and GSIs, in the order CreateTable and UpdateTable gave them.
  std::vector<IndexDefinition> indexes;
  // The item-collection limit a table with LSIs enforces: DynamoDB's, or a
  // smaller one a test asks for (DatabaseOptions).
  int64_t item_collection_limit_bytes = kMaxItemCollectionBytes;
  // The latest stream; absent if the table never had one.
  std::optional<StreamDefinition> stream;
  // The time to live; absent if UpdateTimeToLive never changed it.
  std::optional<TimeToLiveDefinition> time_to_live;
  // DeletionProtectionEnabled: DeleteTable refuses the table while set.
  bool deletion_protection = false;
  // The TableClass CreateTable or UpdateTable gave (DescribeTable's
  // TableClassSummary); absent if none ever did. `table_class_updated` is
  // set once UpdateTable changes it.
  std::optional<TableClass> table_class;
  std::optional<absl::Time> table_class_updated;
  // Server-side encryption with a KMS key (SSESpecification Enabled): the
  // key's ARN, which DescribeTable's SSEDescription shows. Absent: the
  // default, an AWS-owned key, which DynamoDB does not describe. Dynamite
  // encrypts nothing; the setting is kept and described.
  std::optional<std::string> kms_master_key_arn;
  // Point-in-time recovery (UpdateContinuousBackups): whether it is on,
  // since when, and the recovery period in days. Dynamite keeps no
  // history: the setting is described, a restore is not offered.
  bool point_in_time_recovery = false;
  absl::Time point_in_time_recovery_since;
  int64_t recovery_period_in_days = 35;
  // Absent members: uncapped (PAY_PER_REQUEST tables only).
  OnDemandThroughput on_demand_throughput;
  WarmThroughput warm_throughput;
  // A WarmThroughput that CreateTable or UpdateTable asked for is UPDATING
  // until then when statuses are delayed, ACTIVE otherwise.
  absl::Time warm_throughput_updating_until = absl::InfinitePast();
  // A delayed status (TableStatus): CREATING after CreateTable or UPDATING
  // after UpdateTable, shown until `transient_until`, ACTIVE from then on.
  TableStatus transient_status = TableStatus::kActive;
  absl::Time transient_until = absl::InfinitePast();
  // The table's tags, in byte order of their keys (store/tag_set.h).
  std::vector<Tag> tags;
  // GSIs the last UpdateTable deleted while statuses are delayed: gone from
  // reads and writes at once, DescribeTable lists them as DELETING while
  // the table is UPDATING (until transient_until).
  std::vector<IndexDefinition> deleting_indexes;
  // Set on a table RestoreTableFromBackup made (DescribeTable's
  // RestoreSummary).
  std::optional<RestoreSource> restored_from;

  // The table's status at `now`: the transient one while it lasts, else
  // ACTIVE. (DELETING is the catalog's: store/catalog.h.)
  TableStatus StatusAt(absl::Time now) const {
    return now < transient_until ? transient_status : TableStatus::kActive;
  }

  // The index named `name`, or nullptr.
  const IndexDefinition* FindIndex(absl::string_view index_name) const;
  IndexDefinition* FindIndex(absl::string_view index_name);
  bool has_local_indexes() const;
};

}  // namespace dynamite

#endif  // DYNAMITE_STORE_TABLE_DEFINITION_H_
