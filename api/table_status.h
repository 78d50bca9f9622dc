// What each operation may do to a table in a transient status, with
// DynamoDB's answers (store/table_definition.h, TableStatus; the statuses
// last only when DatabaseOptions::transient_status_delay asks them to).
//
//   CREATING  item operations: ResourceNotFoundException (the catalog's
//             FindForItems); UpdateTable, DeleteTable: ResourceInUse
//             "... Table is being created: <name>"; UpdateTimeToLive:
//             ResourceInUse "... Table <name> is being created";
//             DescribeTimeToLive: ValidationException.
//   UPDATING  item operations as on an ACTIVE table; UpdateTable and
//             DeleteTable: ResourceInUse "... Table is being updated".
//   DELETING  the table is gone for everything but DescribeTable (which
//             shows it DELETING), ListTables (which lists it), CreateTable
//             of its name ("Table already exists"), DeleteTable and
//             UpdateTable (ResourceInUse "... Table is being deleted") and
//             DescribeTimeToLive (ValidationException).
//
// Messages: terraform and SDK logs of DynamoDB, dynalite, and the
// ack-api-quirks catalogue (DDB-TABLE-100, -115, -118).

#ifndef DYNAMITE_API_TABLE_STATUS_H_
#define DYNAMITE_API_TABLE_STATUS_H_

#include <memory>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/time/time.h"

#include "store/catalog.h"
#include "store/table.h"
#include "store/table_definition.h"

namespace dynamite::api_internal {

// "CREATING", "UPDATING", "DELETING", "ACTIVE".
absl::string_view TableStatusName(TableStatus status);

// An index's IndexStatus at `now`: CREATING while its table is CREATING or
// while it backfills, else ACTIVE.
absl::string_view IndexStatusName(const TableDefinition& table,
                                  const IndexDefinition& index, absl::Time now);

// OK if UpdateTable or DeleteTable may change `table` at `now`.
absl::Status CheckTableChangeable(const TableDefinition& table, absl::Time now);

// The table UpdateTable or DeleteTable names: kResourceNotFound with the
// table operations' message if there is none, kResourceInUse "... Table is
// being deleted" if it is still DELETING. Its status is checked by
// CheckTableChangeable().
absl::StatusOr<std::shared_ptr<Table>> FindTableToChange(
    const Catalog& catalog, const std::string& table_name);

// OK if UpdateTimeToLive may change `table` at `now`.
absl::Status CheckTimeToLiveChangeable(const TableDefinition& table,
                                       absl::Time now);

// DescribeTimeToLive's refusal of a table in `status` (not ACTIVE or
// UPDATING).
absl::Status TimeToLiveNotDescribableError(TableStatus status);

}  // namespace dynamite::api_internal

#endif  // DYNAMITE_API_TABLE_STATUS_H_
