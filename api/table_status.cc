#include "api/table_status.h"

#include "absl/strings/str_cat.h"

#include "common/errors.h"

namespace dynamite::api_internal {
namespace {

constexpr absl::string_view kInUse =
    "Attempt to change a resource which is still in use: ";

}  // namespace

absl::string_view TableStatusName(TableStatus status) {
  switch (status) {
    case TableStatus::kCreating:
      return "CREATING";
    case TableStatus::kUpdating:
      return "UPDATING";
    case TableStatus::kDeleting:
      return "DELETING";
    case TableStatus::kActive:
      break;
  }
  return "ACTIVE";
}

absl::string_view IndexStatusName(const TableDefinition& table,
                                  const IndexDefinition& index,
                                  absl::Time now) {
  if (table.StatusAt(now) == TableStatus::kCreating ||
      index.BackfillingAt(now)) {
    return "CREATING";
  }
  return "ACTIVE";
}

absl::Status CheckTableChangeable(const TableDefinition& table,
                                  absl::Time now) {
  switch (table.StatusAt(now)) {
    case TableStatus::kCreating:
      return ResourceInUseError(
          absl::StrCat(kInUse, "Table is being created: ", table.name));
    case TableStatus::kUpdating:
      return ResourceInUseError(
          absl::StrCat(kInUse, "Table is being updated: ", table.name));
    case TableStatus::kDeleting:
      return TableBeingDeletedError(table.name);
    case TableStatus::kActive:
      break;
  }
  return absl::OkStatus();
}

absl::Status TableBeingDeletedError(absl::string_view table_name) {
  return ResourceInUseError(
      absl::StrCat(kInUse, "Table is being deleted: ", table_name));
}

absl::Status CheckTimeToLiveChangeable(const TableDefinition& table,
                                       absl::Time now) {
  if (table.StatusAt(now) != TableStatus::kCreating) return absl::OkStatus();
  return ResourceInUseError(
      absl::StrCat(kInUse, "Table ", table.name, " is being created"));
}

absl::Status TimeToLiveNotDescribableError(TableStatus status) {
  const absl::string_view name = TableStatusName(status);
  return ValidationError(
      absl::StrCat("Cannot describe time to live while table is in ", name,
                   " state: Current table state is ", name));
}

}  // namespace dynamite::api_internal
