#include "api/throughput_rules.h"

#include <algorithm>
#include <optional>
#include <string>

#include "absl/strings/str_cat.h"

#include "common/errors.h"
#include "common/status_macros.h"

namespace dynamite::api_internal {
namespace {

constexpr absl::string_view kInvalidPrefix =
    "One or more parameter values were invalid: ";
// RestoreTableFromBackup's own prefix (ack-api-quirks DDB-TABLE-442).
constexpr absl::string_view kRestorePrefix = "Invalid Request: ";
// UpdateTable's OnDemandThroughput member that removes the cap.
constexpr int64_t kRemoveCap = -1;

absl::Status Invalid(absl::string_view detail) {
  return ValidationError(absl::StrCat(kInvalidPrefix, detail));
}

// One member of a setting, with the names DynamoDB's messages use.
struct Member {
  const std::optional<int64_t>& value;
  absl::string_view name;   // "MaxReadRequestUnits", "ReadUnitsPerSecond"
  absl::string_view quota;  // "TableMaxReadCapacityUnits"
};

// Whose setting a message names: "table", or "index" for a GSI's.
// UNVERIFIED: the GSI forms of the range, floor and decrease messages are
// assumed to follow the table's with "index" for "table".
// kRestore: RestoreTableFromBackup's OnDemandThroughputOverride, whose
// message names neither.
enum class Scope { kTable, kIndex, kRestore };

absl::string_view ScopeName(Scope scope) {
  return scope == Scope::kTable ? "table" : "index";
}

// The captured GSI form says "for table" too: the quota is the table's.
absl::Status AboveQuota(const Member& member, absl::string_view setting,
                        absl::string_view region) {
  return MakeError(
      ErrorKind::kLimitExceeded,
      absl::StrCat("Subscriber limit exceeded: Requested ", member.name,
                   " for ", setting, " for table exceeds ", member.quota,
                   " of the account in region ", region));
}

// The OnDemandThroughput members, read first as in DynamoDB's messages.
// `allow_remove`: UpdateTable's -1.
absl::Status CheckOnDemandMembers(const OnDemandThroughput& throughput,
                                  bool allow_remove, Scope scope,
                                  absl::string_view region) {
  for (const Member& member :
       {Member{throughput.max_read_request_units, "MaxReadRequestUnits",
               "TableMaxReadCapacityUnits"},
        Member{throughput.max_write_request_units, "MaxWriteRequestUnits",
               "TableMaxWriteCapacityUnits"}}) {
    if (!member.value.has_value()) continue;
    const int64_t value = *member.value;
    if (allow_remove && value == kRemoveCap) continue;
    if (value < 1 && scope == Scope::kRestore) {
      return ValidationError(absl::StrCat(kRestorePrefix, "Requested ",
                                          member.name,
                                          " for OnDemandThroughput is outside "
                                          "of valid range"));
    }
    if (value < 1) {
      return Invalid(absl::StrCat(
          "Requested ", member.name, " for OnDemandThroughput for ",
          ScopeName(scope), " is outside of valid range"));
    }
    if (value > kTableMaxCapacityUnits) {
      return AboveQuota(member, "OnDemandThroughput", region);
    }
  }
  return absl::OkStatus();
}

// The member an OnDemandThroughput on a PROVISIONED table is refused by.
absl::string_view FirstOnDemandMember(const OnDemandThroughput& throughput) {
  return throughput.max_read_request_units.has_value() ? "MaxReadRequestUnits"
                                                       : "MaxWriteRequestUnits";
}

// Above the quota: the GSI form of this message is captured (ack-api-
// quirks DDB-TABLE-154); the table's is assumed to follow it.
absl::Status CheckWarmQuota(const WarmThroughputRequest& warm,
                            absl::string_view region) {
  for (const Member& member :
       {Member{warm.read_units_per_second, "ReadUnitsPerSecond",
               "TableMaxReadCapacityUnits"},
        Member{warm.write_units_per_second, "WriteUnitsPerSecond",
               "TableMaxWriteCapacityUnits"}}) {
    if (member.value.has_value() && *member.value > kTableMaxCapacityUnits) {
      return AboveQuota(member, "WarmThroughput", region);
    }
  }
  return absl::OkStatus();
}

// The warm throughput `def` has at least: its own, raised to 12,000 /
// 4,000 on demand or to its capacity.
WarmThroughput EffectiveWarmThroughput(const TableDefinition& def) {
  WarmThroughput floor =
      def.billing_mode == BillingMode::kPayPerRequest
          ? kOnDemandInitialWarmThroughput
          : WarmThroughput{def.read_capacity_units, def.write_capacity_units};
  return {std::max(def.warm_throughput.read_units_per_second,
                   floor.read_units_per_second),
          std::max(def.warm_throughput.write_units_per_second,
                   floor.write_units_per_second)};
}

// The warm throughput a GSI of `def` has at least: what was asked for it,
// raised to 12,000 / 4,000 on demand or to its capacity.
WarmThroughput EffectiveIndexWarmThroughput(const TableDefinition& def,
                                            const IndexDefinition& index) {
  WarmThroughput floor = def.billing_mode == BillingMode::kPayPerRequest
                             ? kOnDemandInitialWarmThroughput
                             : WarmThroughput{index.read_capacity_units,
                                              index.write_capacity_units};
  return {std::max(index.warm_throughput.read_units_per_second,
                   floor.read_units_per_second),
          std::max(index.warm_throughput.write_units_per_second,
                   floor.write_units_per_second)};
}

// A new table's or GSI's OnDemandThroughput and WarmThroughput (CreateTable,
// UpdateTable's Create), given its billing mode and ProvisionedThroughput.
absl::Status CheckNewSettings(
    const std::optional<OnDemandThroughput>& on_demand_throughput,
    const std::optional<WarmThroughputRequest>& warm_throughput,
    BillingMode billing_mode,
    const std::optional<ProvisionedThroughput>& provisioned_throughput,
    Scope scope, absl::string_view region) {
  const bool on_demand = billing_mode == BillingMode::kPayPerRequest;
  if (on_demand_throughput.has_value()) {
    const OnDemandThroughput& throughput = *on_demand_throughput;
    if (!on_demand && !throughput.empty()) {
      return Invalid(
          absl::StrCat(FirstOnDemandMember(throughput),
                       " for OnDemandThroughput cannot be specified when table "
                       "BillingMode is PROVISIONED."));
    }
    DYNAMITE_RETURN_IF_ERROR(CheckOnDemandMembers(
        throughput, /*allow_remove=*/false, scope, region));
  }
  if (!warm_throughput.has_value()) return absl::OkStatus();
  const WarmThroughputRequest& warm = *warm_throughput;
  const ProvisionedThroughput provisioned =
      provisioned_throughput.value_or(ProvisionedThroughput{});
  struct Floor {
    const std::optional<int64_t>& value;
    int64_t minimum;
    absl::string_view member;
    absl::string_view capacity;
  };
  for (const Floor& floor :
       {Floor{warm.read_units_per_second,
              on_demand ? kOnDemandInitialWarmThroughput.read_units_per_second
                        : provisioned.read_capacity_units,
              "ReadUnitsPerSecond", "ReadCapacityUnits"},
        Floor{warm.write_units_per_second,
              on_demand ? kOnDemandInitialWarmThroughput.write_units_per_second
                        : provisioned.write_capacity_units,
              "WriteUnitsPerSecond", "WriteCapacityUnits"}}) {
    if (!floor.value.has_value() || *floor.value >= floor.minimum) continue;
    if (on_demand) {
      return Invalid(absl::StrCat(
          "Requested ", floor.member, " for WarmThroughput for ",
          ScopeName(scope),
          " is lower than initial throughput for OnDemand. See: "
          "https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/"
          "on-demand-capacity-mode.html#on-demand-capacity-mode-initial"));
    }
    return Invalid(absl::StrCat("Requested ", floor.member,
                                " for WarmThroughput for ", ScopeName(scope),
                                " is lower than ", floor.capacity,
                                " of ProvisionedThroughput"));
  }
  return CheckWarmQuota(warm, region);
}

// UpdateTable's checks of a table's or GSI's settings that need no table.
absl::Status CheckUpdateShapes(
    const std::optional<OnDemandThroughput>& on_demand_throughput,
    const std::optional<WarmThroughputRequest>& warm_throughput, Scope scope,
    absl::string_view region) {
  if (on_demand_throughput.has_value()) {
    if (on_demand_throughput->empty()) {
      return Invalid(
          "OnDemandThroughput must specify MaxReadRequestUnits, "
          "MaxWriteRequestUnits or both");
    }
    DYNAMITE_RETURN_IF_ERROR(CheckOnDemandMembers(
        *on_demand_throughput, /*allow_remove=*/true, scope, region));
  }
  if (warm_throughput.has_value()) {
    const WarmThroughputRequest& warm = *warm_throughput;
    if (!warm.read_units_per_second.has_value() &&
        !warm.write_units_per_second.has_value()) {
      return Invalid(
          "WarmThroughput must specify ReadUnitsPerSecond, "
          "WriteUnitsPerSecond or both");
    }
    DYNAMITE_RETURN_IF_ERROR(CheckWarmQuota(warm, region));
  }
  return absl::OkStatus();
}

// UpdateTable's OnDemandThroughput, merged member by member into `cap` (-1
// removes a member). `billing_mode`: the table's, after the request.
absl::Status MergeOnDemandThroughput(const OnDemandThroughput& asked,
                                     BillingMode billing_mode,
                                     OnDemandThroughput& cap) {
  if (billing_mode == BillingMode::kProvisioned) {
    return Invalid(absl::StrCat(
        FirstOnDemandMember(asked),
        " for OnDemandThroughput cannot be specified when the table "
        "BillingMode is PROVISIONED"));
  }
  auto merge = [](const std::optional<int64_t>& asked_member,
                  std::optional<int64_t>& member) {
    if (!asked_member.has_value()) return;
    member = *asked_member == kRemoveCap ? std::nullopt : asked_member;
  };
  merge(asked.max_read_request_units, cap.max_read_request_units);
  merge(asked.max_write_request_units, cap.max_write_request_units);
  return absl::OkStatus();
}

// UpdateTable's WarmThroughput: raises `target` to what was asked, never
// below `was` (what the table or GSI had).
absl::Status RaiseWarmThroughput(const WarmThroughputRequest& asked,
                                 const WarmThroughput& was, Scope scope,
                                 WarmThroughput& target) {
  struct Raise {
    const std::optional<int64_t>& value;
    int64_t was;
    int64_t& target;
    absl::string_view member;
  };
  for (const Raise& raise :
       {Raise{asked.read_units_per_second, was.read_units_per_second,
              target.read_units_per_second, "ReadUnitsPerSecond"},
        Raise{asked.write_units_per_second, was.write_units_per_second,
              target.write_units_per_second, "WriteUnitsPerSecond"}}) {
    if (!raise.value.has_value()) continue;
    if (*raise.value < raise.was) {
      return Invalid(absl::StrCat(
          "Requested ", raise.member, " for WarmThroughput for ",
          ScopeName(scope),
          " is lower than current WarmThroughput, decreasing WarmThroughput "
          "is not supported"));
    }
    raise.target = std::max(raise.target, *raise.value);
  }
  return absl::OkStatus();
}

}  // namespace

absl::Status ValidateCreateThroughputSettings(const CreateTableRequest& request,
                                              absl::string_view region) {
  const BillingMode billing_mode =
      request.billing_mode.value_or(BillingMode::kProvisioned);
  return CheckNewSettings(request.on_demand_throughput, request.warm_throughput,
                          billing_mode, request.provisioned_throughput,
                          Scope::kTable, region);
}

WarmThroughput InitialWarmThroughput(const CreateTableRequest& request) {
  const bool on_demand = request.billing_mode == BillingMode::kPayPerRequest;
  const ProvisionedThroughput provisioned =
      request.provisioned_throughput.value_or(ProvisionedThroughput{});
  const WarmThroughput floor =
      on_demand ? kOnDemandInitialWarmThroughput
                : WarmThroughput{provisioned.read_capacity_units,
                                 provisioned.write_capacity_units};
  const WarmThroughputRequest warm =
      request.warm_throughput.value_or(WarmThroughputRequest{});
  return {warm.read_units_per_second.value_or(floor.read_units_per_second),
          warm.write_units_per_second.value_or(floor.write_units_per_second)};
}

absl::Status ValidateUpdateThroughputShapes(const UpdateTableRequest& request,
                                            absl::string_view region) {
  DYNAMITE_RETURN_IF_ERROR(CheckUpdateShapes(request.on_demand_throughput,
                                             request.warm_throughput,
                                             Scope::kTable, region));
  if (!request.global_secondary_index_updates.has_value()) {
    return absl::OkStatus();
  }
  for (const GlobalSecondaryIndexUpdate& update :
       *request.global_secondary_index_updates) {
    if (!update.update.has_value()) continue;
    DYNAMITE_RETURN_IF_ERROR(CheckUpdateShapes(
        update.update->on_demand_throughput, update.update->warm_throughput,
        Scope::kIndex, region));
  }
  return absl::OkStatus();
}

absl::Status ApplyThroughputSettings(const TableDefinition& current,
                                     const UpdateTableRequest& request,
                                     absl::Time now, absl::Duration delay,
                                     TableDefinition& next) {
  if (request.on_demand_throughput.has_value()) {
    DYNAMITE_RETURN_IF_ERROR(
        MergeOnDemandThroughput(*request.on_demand_throughput,
                                next.billing_mode, next.on_demand_throughput));
  }
  // A provisioned table and its GSIs have no on-demand cap (DescribeTable
  // omits it after the switch).
  if (next.billing_mode == BillingMode::kProvisioned) {
    next.on_demand_throughput = OnDemandThroughput{};
    for (IndexDefinition& index : next.indexes) {
      index.on_demand_throughput = OnDemandThroughput{};
    }
  }
  const WarmThroughput was = EffectiveWarmThroughput(current);
  next.warm_throughput = EffectiveWarmThroughput(next);
  if (!request.warm_throughput.has_value()) return absl::OkStatus();
  DYNAMITE_RETURN_IF_ERROR(RaiseWarmThroughput(
      *request.warm_throughput, was, Scope::kTable, next.warm_throughput));
  if (delay > absl::ZeroDuration()) {
    next.warm_throughput_updating_until = now + delay;
  }
  return absl::OkStatus();
}

absl::Status CheckRestoreOnDemandOverride(const OnDemandThroughput& asked,
                                          BillingMode billing_mode,
                                          absl::string_view region) {
  if (asked.empty()) return absl::OkStatus();
  if (billing_mode != BillingMode::kPayPerRequest) {
    return ValidationError(absl::StrCat(
        kRestorePrefix, "Cannot override ", FirstOnDemandMember(asked),
        " for OnDemandThroughput unless BillingModeOverride is "
        "PAY_PER_REQUEST"));
  }
  return CheckOnDemandMembers(asked, /*allow_remove=*/false, Scope::kRestore,
                              region);
}

absl::Status SetNewIndexThroughputSettings(const GlobalSecondaryIndex& gsi,
                                           BillingMode billing_mode,
                                           absl::string_view region,
                                           IndexDefinition& index) {
  DYNAMITE_RETURN_IF_ERROR(CheckNewSettings(
      gsi.on_demand_throughput, gsi.warm_throughput, billing_mode,
      gsi.provisioned_throughput, Scope::kIndex, region));
  if (billing_mode == BillingMode::kPayPerRequest) {
    index.on_demand_throughput =
        gsi.on_demand_throughput.value_or(OnDemandThroughput{});
  }
  const WarmThroughputRequest warm =
      gsi.warm_throughput.value_or(WarmThroughputRequest{});
  index.warm_throughput = {warm.read_units_per_second.value_or(0),
                           warm.write_units_per_second.value_or(0)};
  return absl::OkStatus();
}

absl::Status ApplyIndexThroughputSettings(
    const GlobalSecondaryIndexUpdate::Update& update,
    const TableDefinition& table, absl::Time now, absl::Duration delay,
    IndexDefinition& index) {
  if (update.on_demand_throughput.has_value()) {
    DYNAMITE_RETURN_IF_ERROR(MergeOnDemandThroughput(
        *update.on_demand_throughput, table.billing_mode,
        index.on_demand_throughput));
  }
  if (!update.warm_throughput.has_value()) return absl::OkStatus();
  const WarmThroughput was = EffectiveIndexWarmThroughput(table, index);
  index.warm_throughput = was;
  DYNAMITE_RETURN_IF_ERROR(RaiseWarmThroughput(
      *update.warm_throughput, was, Scope::kIndex, index.warm_throughput));
  if (delay > absl::ZeroDuration()) {
    index.warm_throughput_updating_until = now + delay;
  }
  return absl::OkStatus();
}

void ShowClearedOnDemandMembers(const UpdateTableRequest& request,
                                TableDescription& description) {
  if (!request.on_demand_throughput.has_value()) return;
  OnDemandThroughput shown =
      description.on_demand_throughput.value_or(OnDemandThroughput{});
  if (request.on_demand_throughput->max_read_request_units == kRemoveCap) {
    shown.max_read_request_units = kRemoveCap;
  }
  if (request.on_demand_throughput->max_write_request_units == kRemoveCap) {
    shown.max_write_request_units = kRemoveCap;
  }
  if (!shown.empty()) description.on_demand_throughput = shown;
}

WarmThroughputDescription DescribeWarmThroughput(const TableDefinition& def,
                                                 absl::Time now) {
  const WarmThroughput warm = EffectiveWarmThroughput(def);
  return {warm.read_units_per_second, warm.write_units_per_second,
          now < def.warm_throughput_updating_until ? "UPDATING" : "ACTIVE"};
}

WarmThroughputDescription DescribeIndexWarmThroughput(
    const TableDefinition& def, const IndexDefinition& index,
    absl::string_view index_status, absl::Time now) {
  const WarmThroughput warm = EffectiveIndexWarmThroughput(def, index);
  const bool updating =
      index_status == "ACTIVE" && now < index.warm_throughput_updating_until;
  return {warm.read_units_per_second, warm.write_units_per_second,
          updating ? "UPDATING" : std::string(index_status)};
}

}  // namespace dynamite::api_internal
