// OnDemandThroughput and WarmThroughput, the table-level settings
// CreateTable and UpdateTable take and DescribeTable shows, with DynamoDB's
// rules and messages (live captures, ack-api-quirks DDB-TABLE-028, -032,
// -038, -039, -051, -059, -061, -154, -178, -182):
//
//   - OnDemandThroughput belongs to PAY_PER_REQUEST tables: on a
//     PROVISIONED one it is "MaxReadRequestUnits for OnDemandThroughput
//     cannot be specified when [the] table BillingMode is PROVISIONED".
//     Each member is at least 1 ("Requested MaxReadRequestUnits for
//     OnDemandThroughput for table is outside of valid range"); UpdateTable
//     also takes -1, which removes the cap, and merges member by member.
//     Above the account's table quota (40,000) it is LimitExceeded.
//   - WarmThroughput never decreases. A new on-demand table starts at
//     12,000 reads / 4,000 writes per second and may ask for more, never
//     less ("... is lower than initial throughput for OnDemand. See: ...");
//     a provisioned one starts at its capacity and may not ask for less
//     ("... is lower than ReadCapacityUnits of ProvisionedThroughput").
//     Raising the provisioned capacity, or going on demand, raises it;
//     UpdateTable may raise it and refuses to lower it ("... decreasing
//     WarmThroughput is not supported").
//
// One deliberate difference: DynamoDB answers an UpdateTable whose
// OnDemandThroughput or WarmThroughput is an empty structure with HTTP 500
// InternalFailure and no message, which SDKs retry for seconds; Dynamite
// answers a ValidationException that says what is missing.
//
// A GSI has the same two settings, under the same rules, in CreateTable's
// GlobalSecondaryIndexes and UpdateTable's Create and Update actions; its
// warm throughput starts from 12,000 / 4,000 on demand or from its own
// capacity. Switching the table to PROVISIONED drops every cap.
//
// Thread safety: pure functions.

#ifndef DYNAMITE_API_THROUGHPUT_RULES_H_
#define DYNAMITE_API_THROUGHPUT_RULES_H_

#include <cstdint>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "absl/time/time.h"

#include "api/table_requests.h"
#include "store/table_definition.h"

namespace dynamite::api_internal {

// DynamoDB's default per-table quota (DescribeLimits'
// TableMaxRead/WriteCapacityUnits).
inline constexpr int64_t kTableMaxCapacityUnits = 40000;

// The warm throughput of a new on-demand table.
inline constexpr WarmThroughput kOnDemandInitialWarmThroughput = {12000, 4000};

// CreateTable's OnDemandThroughput and WarmThroughput, against the billing
// mode and throughput the request gives. `region` names the quota's region
// in the LimitExceeded message.
absl::Status ValidateCreateThroughputSettings(const CreateTableRequest& request,
                                              absl::string_view region);

// The warm throughput a table created by a valid `request` starts with.
WarmThroughput InitialWarmThroughput(const CreateTableRequest& request);

// UpdateTable's checks that need no table: the shapes and ranges.
absl::Status ValidateUpdateThroughputShapes(const UpdateTableRequest& request,
                                            absl::string_view region);

// Applies UpdateTable's OnDemandThroughput and WarmThroughput to `next`
// (already carrying the request's billing mode and capacity), checked
// against `current`, and raises the warm throughput to what the new
// billing mode and capacity imply. `delay`: how long an asked-for warm
// throughput stays UPDATING (DatabaseOptions::transient_status_delay).
absl::Status ApplyThroughputSettings(const TableDefinition& current,
                                     const UpdateTableRequest& request,
                                     absl::Time now, absl::Duration delay,
                                     TableDefinition& next);

// RestoreTableFromBackup's OnDemandThroughputOverride for a table restored
// as `billing_mode`: PAY_PER_REQUEST only ("Invalid Request: Cannot
// override MaxReadRequestUnits for OnDemandThroughput unless
// BillingModeOverride is PAY_PER_REQUEST"), each member at least 1
// ("Invalid Request: Requested MaxReadRequestUnits for OnDemandThroughput
// is outside of valid range") and within the quota (ack-api-quirks
// DDB-TABLE-273, -280, -457). An empty one asks for no cap and passes.
absl::Status CheckRestoreOnDemandOverride(const OnDemandThroughput& asked,
                                          BillingMode billing_mode,
                                          absl::string_view region);

// A new GSI's OnDemandThroughput and WarmThroughput (`gsi`, from
// CreateTable or UpdateTable's Create), on a table of `billing_mode`:
// checked as a table's are, and set on `index`.
absl::Status SetNewIndexThroughputSettings(const GlobalSecondaryIndex& gsi,
                                           BillingMode billing_mode,
                                           absl::string_view region,
                                           IndexDefinition& index);

// UpdateTable's Update of a GSI's OnDemandThroughput and WarmThroughput,
// applied to `index` of `table` (the definition the request leads to; its
// shapes were checked by ValidateUpdateThroughputShapes). `delay` as for
// ApplyThroughputSettings.
absl::Status ApplyIndexThroughputSettings(
    const GlobalSecondaryIndexUpdate::Update& update,
    const TableDefinition& table, absl::Time now, absl::Duration delay,
    IndexDefinition& index);

// UpdateTable's answer shows the members the request cleared as -1, as
// DynamoDB's does; DescribeTable omits them.
void ShowClearedOnDemandMembers(const UpdateTableRequest& request,
                                TableDescription& description);

// DescribeTable's WarmThroughput of the table, and of a GSI (at least
// 12,000 / 4,000 under PAY_PER_REQUEST, its capacity otherwise; its status
// is `index_status`, the GSI's IndexStatus, or UPDATING while a raise is
// delayed).
WarmThroughputDescription DescribeWarmThroughput(const TableDefinition& def,
                                                 absl::Time now);
WarmThroughputDescription DescribeIndexWarmThroughput(
    const TableDefinition& def, const IndexDefinition& index,
    absl::string_view index_status, absl::Time now);

}  // namespace dynamite::api_internal

#endif  // DYNAMITE_API_THROUGHPUT_RULES_H_
