// RestoreTableFromBackup's overrides (api/backup_requests.h): the billing
// mode, throughput and indexes of the restored table where they differ
// from the backup's, with DynamoDB's rules and messages (live captures,
// ack-api-quirks DDB-TABLE-273, -279, -280, -442):
//
//   - ProvisionedThroughputOverride needs the restored table PROVISIONED,
//     and a BillingModeOverride of PROVISIONED needs it.
//   - OnDemandThroughputOverride needs it PAY_PER_REQUEST
//     (api/throughput_rules.h).
//   - An index override names an index of the backup by its key schema and
//     projection, not its name: the restored index takes the override's
//     name. One that matches none is "Invalid Request: Index <name> does
//     not match a secondary index that existed in the source table and
//     cannot be created during the restore operation". An empty list
//     restores no index of its kind; an absent one restores them all.
//   - An overriding GSI's ProvisionedThroughput follows the restored
//     table's billing mode: required when PROVISIONED ("Must specify
//     provisioned throughput for index <name>"), refused otherwise.
//
// Every message here starts "Invalid Request: ", as the captured ones do.
//
// Thread safety: pure functions.

#ifndef DYNAMITE_API_RESTORE_OVERRIDES_H_
#define DYNAMITE_API_RESTORE_OVERRIDES_H_

#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

#include "api/backup_requests.h"
#include "store/table_definition.h"

namespace dynamite::api_internal {

// Appends the request-model constraint violations of the index overrides
// (paths 'globalSecondaryIndexOverride.<n>.member.indexName', ...).
void AppendRestoreOverrideViolations(
    const RestoreTableFromBackupRequest& request,
    std::vector<std::string>& violations);

// Checks the billing mode and throughput overrides against the backed-up
// table `source` and returns the restored table's billing mode.
absl::StatusOr<BillingMode> CheckThroughputOverrides(
    const RestoreTableFromBackupRequest& request, const TableDefinition& source,
    absl::string_view region);

// The restored table's indexes, LSIs then GSIs: the backup's, or those the
// overrides name, each carrying the throughput of `billing_mode` (the
// backup's GSI throughput, the table's when the backup had none, or the
// override's). Their ARNs are left for the caller.
absl::StatusOr<std::vector<IndexDefinition>> RestoredIndexes(
    const RestoreTableFromBackupRequest& request, const TableDefinition& source,
    BillingMode billing_mode, const ProvisionedThroughput& table_throughput,
    absl::string_view region);

}  // namespace dynamite::api_internal

#endif  // DYNAMITE_API_RESTORE_OVERRIDES_H_
