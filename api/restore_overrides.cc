// RestoreTableFromBackup's overrides (api/restore_overrides.h).

#include "api/restore_overrides.h"

#include <algorithm>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/time/time.h"

#include "api/index_schema.h"
#include "api/throughput_rules.h"
#include "common/errors.h"
#include "common/status_macros.h"

namespace dynamite::api_internal {
namespace {

absl::Status Invalid(absl::string_view detail) {
  return ValidationError(absl::StrCat("Invalid Request: ", detail));
}

// True if `key_schema` is `index`'s: the same attributes in the same roles
// and order.
bool SameKeySchema(const std::vector<KeySchemaElement>& key_schema,
                   const IndexDefinition& index) {
  if (key_schema.size() != index.hash_keys.size() + index.range_keys.size()) {
    return false;
  }
  size_t i = 0;
  for (const auto* keys : {&index.hash_keys, &index.range_keys}) {
    const KeySchemaRole role =
        keys == &index.hash_keys ? KeySchemaRole::kHash : KeySchemaRole::kRange;
    for (const KeyAttribute& key : *keys) {
      if (key_schema[i].attribute_name != key.name ||
          key_schema[i].key_type != role) {
        return false;
      }
      ++i;
    }
  }
  return true;
}

// True if `projection` is `index`'s; NonKeyAttributes compare as sets, as
// DynamoDB keeps them sorted.
bool SameProjection(const Projection& projection,
                    const IndexDefinition& index) {
  if (projection.projection_type != index.projection) return false;
  if (index.projection != ProjectionType::kInclude) {
    return !projection.non_key_attributes.has_value();
  }
  if (!projection.non_key_attributes.has_value()) return false;
  std::vector<std::string> asked = *projection.non_key_attributes;
  std::vector<std::string> had = index.non_key_attributes;
  std::sort(asked.begin(), asked.end());
  std::sort(had.begin(), had.end());
  return asked == had;
}

// The backup's index of `kind` that an override with `key_schema` and
// `projection` names, or null.
const IndexDefinition* FindMatch(
    IndexKind kind, const std::vector<KeySchemaElement>& key_schema,
    const Projection& projection, const TableDefinition& source) {
  for (const IndexDefinition& index : source.indexes) {
    if (index.kind == kind && SameKeySchema(key_schema, index) &&
        SameProjection(projection, index)) {
      return &index;
    }
  }
  return nullptr;
}

absl::Status NoMatchError(absl::string_view name) {
  return Invalid(absl::StrCat(
      "Index ", name,
      " does not match a secondary index that existed in the source table and "
      "cannot be created during the restore operation"));
}

// The backup's `index` as the restored table of `billing_mode` has it: a
// GSI without throughput of its own (backed up on demand, restored
// PROVISIONED) takes the table's.
IndexDefinition RestoredIndex(IndexDefinition index, BillingMode billing_mode,
                              const ProvisionedThroughput& table_throughput) {
  index.backfilled_at = absl::InfinitePast();
  index.warm_throughput_updating_until = absl::InfinitePast();
  if (billing_mode == BillingMode::kPayPerRequest) {
    index.read_capacity_units = 0;
    index.write_capacity_units = 0;
  } else {
    index.on_demand_throughput = OnDemandThroughput{};
    if (index.kind == IndexKind::kGlobal && index.read_capacity_units == 0) {
      index.read_capacity_units = table_throughput.read_capacity_units;
      index.write_capacity_units = table_throughput.write_capacity_units;
    }
  }
  return index;
}

// An overriding GSI's throughput, set on `index` (the backup's, restored).
// Its OnDemandThroughput and WarmThroughput are checked as CreateTable's
// GSI's; absent, the backup's stay.
absl::Status ApplyGlobalOverrideThroughput(
    const GlobalSecondaryIndex& gsi,
    const RestoreTableFromBackupRequest& request, BillingMode billing_mode,
    absl::string_view region, IndexDefinition& index) {
  const bool given = gsi.provisioned_throughput.has_value();
  if (billing_mode == BillingMode::kProvisioned) {
    if (!given) {
      return Invalid(absl::StrCat(
          "Must specify provisioned throughput for index ", gsi.index_name));
    }
    index.read_capacity_units = gsi.provisioned_throughput->read_capacity_units;
    index.write_capacity_units =
        gsi.provisioned_throughput->write_capacity_units;
  } else if (given) {
    // UNVERIFIED: the second form, for a backup taken on demand without a
    // BillingModeOverride, follows the table-level message.
    return Invalid(absl::StrCat(
        request.billing_mode_override == BillingMode::kPayPerRequest
            ? "Cannot override ProvisionedThroughput if BillingMode is "
              "overridden to PAY_PER_REQUEST for index "
            : "Cannot override ProvisionedThroughput unless BillingMode is "
              "PROVISIONED for index ",
        gsi.index_name));
  }
  const OnDemandThroughput kept_on_demand = index.on_demand_throughput;
  const WarmThroughput kept_warm = index.warm_throughput;
  DYNAMITE_RETURN_IF_ERROR(
      SetNewIndexThroughputSettings(gsi, billing_mode, region, index));
  if (!gsi.on_demand_throughput.has_value()) {
    index.on_demand_throughput = kept_on_demand;
  }
  if (!gsi.warm_throughput.has_value()) index.warm_throughput = kept_warm;
  return absl::OkStatus();
}

// CreateTable's messages for what a table cannot hold (api/index_schema.cc).
absl::Status CheckIndexLimits(const std::vector<IndexDefinition>& indexes) {
  const absl::Span<const IndexDefinition> all(indexes);
  for (size_t i = 0; i < all.size(); ++i) {
    DYNAMITE_RETURN_IF_ERROR(CheckNewIndexName(all[i].name, all.first(i)));
  }
  const size_t lsis = std::count_if(
      indexes.begin(), indexes.end(),
      [](const IndexDefinition& i) { return i.kind == IndexKind::kLocal; });
  if (lsis > kMaxLocalSecondaryIndexes) {
    return ValidationError(
        "One or more parameter values were invalid: Number of "
        "LocalSecondaryIndexes exceeds per-table limit of 5");
  }
  if (indexes.size() - lsis > kMaxGlobalSecondaryIndexes) {
    return ValidationError(
        "One or more parameter values were invalid: GlobalSecondaryIndex "
        "count exceeds the per-table limit of 20");
  }
  return absl::OkStatus();
}

}  // namespace

void AppendRestoreOverrideViolations(
    const RestoreTableFromBackupRequest& request,
    std::vector<std::string>& violations) {
  if (request.global_secondary_index_override.has_value()) {
    AppendGlobalIndexListViolations(*request.global_secondary_index_override,
                                    "globalSecondaryIndexOverride", violations);
  }
  if (request.local_secondary_index_override.has_value()) {
    AppendLocalIndexListViolations(*request.local_secondary_index_override,
                                   "localSecondaryIndexOverride", violations);
  }
}

absl::StatusOr<BillingMode> CheckThroughputOverrides(
    const RestoreTableFromBackupRequest& request, const TableDefinition& source,
    absl::string_view region) {
  const BillingMode billing_mode =
      request.billing_mode_override.value_or(source.billing_mode);
  if (request.provisioned_throughput_override.has_value() &&
      billing_mode != BillingMode::kProvisioned) {
    return Invalid(
        request.billing_mode_override == BillingMode::kPayPerRequest
            ? "Cannot override ProvisionedThroughput if BillingMode is "
              "overridden to PAY_PER_REQUEST"
            : "Cannot override ProvisionedThroughput unless BillingMode is "
              "PROVISIONED");
  }
  if (request.billing_mode_override == BillingMode::kProvisioned &&
      !request.provisioned_throughput_override.has_value()) {
    return Invalid(
        "Must override ProvisionedThroughput if BillingMode is overridden to "
        "PROVISIONED");
  }
  if (request.on_demand_throughput_override.has_value()) {
    DYNAMITE_RETURN_IF_ERROR(CheckRestoreOnDemandOverride(
        *request.on_demand_throughput_override, billing_mode, region));
  }
  return billing_mode;
}

absl::StatusOr<std::vector<IndexDefinition>> RestoredIndexes(
    const RestoreTableFromBackupRequest& request, const TableDefinition& source,
    BillingMode billing_mode, const ProvisionedThroughput& table_throughput,
    absl::string_view region) {
  std::vector<IndexDefinition> indexes;
  auto restore_all = [&](IndexKind kind) {
    for (const IndexDefinition& index : source.indexes) {
      if (index.kind == kind) {
        indexes.push_back(RestoredIndex(index, billing_mode, table_throughput));
      }
    }
  };
  if (request.local_secondary_index_override.has_value()) {
    for (const LocalSecondaryIndex& lsi :
         *request.local_secondary_index_override) {
      const IndexDefinition* match =
          FindMatch(IndexKind::kLocal, lsi.key_schema, lsi.projection, source);
      if (match == nullptr) return NoMatchError(lsi.index_name);
      indexes.push_back(RestoredIndex(*match, billing_mode, table_throughput));
      indexes.back().name = lsi.index_name;
    }
  } else {
    restore_all(IndexKind::kLocal);
  }
  if (request.global_secondary_index_override.has_value()) {
    for (const GlobalSecondaryIndex& gsi :
         *request.global_secondary_index_override) {
      const IndexDefinition* match =
          FindMatch(IndexKind::kGlobal, gsi.key_schema, gsi.projection, source);
      if (match == nullptr) return NoMatchError(gsi.index_name);
      IndexDefinition index =
          RestoredIndex(*match, billing_mode, table_throughput);
      index.name = gsi.index_name;
      DYNAMITE_RETURN_IF_ERROR(ApplyGlobalOverrideThroughput(
          gsi, request, billing_mode, region, index));
      indexes.push_back(std::move(index));
    }
  } else {
    restore_all(IndexKind::kGlobal);
  }
  DYNAMITE_RETURN_IF_ERROR(CheckIndexLimits(indexes));
  return indexes;
}

}  // namespace dynamite::api_internal
