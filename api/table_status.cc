#include "api/table_status.h"

#include "absl/strings/str_cat.h"

#include "api/constraint.h"
#include "common/errors.h"

namespace dynamite::api_internal {
namespace {

constexpr absl::string_view kInUse =
    "Attempt to change a resource which is still in use: ";

absl::Status BeingDeletedError(absl::string_view table_name) {
  return ResourceInUseError(
      absl::StrCat(kInUse, "Table is being deleted: ", table_name));
}

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
      return BeingDeletedError(table.name);
    case TableStatus::kActive:
      break;
  }
  return absl::OkStatus();
}

absl::StatusOr<std::shared_ptr<Table>> FindTableToChange(
    const Catalog& catalog, const std::string& table_name) {
  absl::StatusOr<std::shared_ptr<Table>> table =
      catalog.Find(table_name, TableNotFoundMessage(table_name));
  if (!table.ok() && catalog.FindDeleting(table_name) != nullptr) {
    return BeingDeletedError(table_name);
  }
  return table;
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
