// The time-to-live operations of Database: UpdateTimeToLive,
// DescribeTimeToLive, and the sweep that deletes expired items.
//
// UpdateTimeToLive's checks, in DynamoDB's order (dynalite
// validations/updateTimeToLive.js and its tests, recorded against
// DynamoDB; the state messages as AWS answers them to clients such as
// Terraform's provider):
//   1. TableName (the table operations' messages);
//   2. TimeToLiveSpecification, then its Enabled and AttributeName, not
//      null; AttributeName at most 255 characters (one aggregate message);
//   3. AttributeName empty: "TimeToLiveSpecification.AttributeName must be
//      non empty";
//   4. the table: "Requested resource not found: Table: <name> not found";
//   5. the state: "TimeToLive is already enabled" (also for another
//      attribute: the attribute changes only through disabling), "TimeToLive
//      is already disabled", disabling another attribute than the enabled
//      one; then "Time to live has been modified multiple times within a
//      fixed interval" within an hour (DatabaseOptions::
//      time_to_live_change_interval) of the last change.
// A setting is part of the table's definition, so the change is a table
// commit (store/commit_observer.h): whatever follows commits (durability)
// sees it in order with the items.
//
// The sweep: a table's expired items are found under its lock shared (a
// scan of the table), then each is deleted by a commit of its own that
// checks again, under the lock, that the item stored is still expired, so
// an item rewritten meanwhile with a later expiry survives.

#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"

#include "api/constraint.h"
#include "api/database.h"
#include "api/table_status.h"
#include "common/constraint_error.h"
#include "common/errors.h"
#include "common/status_macros.h"
#include "store/commit.h"
#include "store/key.h"
#include "store/time_to_live.h"

namespace dynamite {
namespace {

constexpr size_t kMaxAttributeNameLength = 255;

// Steps 2 and 3.
absl::Status ValidateSpecification(
    const std::optional<TimeToLiveSpecification>& spec) {
  if (!spec.has_value()) {
    return ConstraintError(NullViolation("timeToLiveSpecification"));
  }
  std::vector<std::string> violations;
  if (!spec->enabled.has_value()) {
    violations.push_back(NullViolation("timeToLiveSpecification.enabled"));
  }
  if (!spec->attribute_name.has_value()) {
    violations.push_back(
        NullViolation("timeToLiveSpecification.attributeName"));
  } else if (spec->attribute_name->size() > kMaxAttributeNameLength) {
    violations.push_back(ConstraintViolation(
        *spec->attribute_name, "timeToLiveSpecification.attributeName",
        "Member must have length less than or equal to 255"));
  }
  if (!violations.empty()) return ConstraintError(violations);
  if (spec->attribute_name->empty()) {
    return ValidationError(
        "TimeToLiveSpecification.AttributeName must be non empty");
  }
  return absl::OkStatus();
}

// Step 5: the next definition. Pure: it runs under the table's lock.
absl::StatusOr<TableDefinition> WithTimeToLive(
    const TableDefinition& current, bool enable,
    const std::string& attribute_name, absl::Time now,
    absl::Duration change_interval) {
  const bool enabled =
      current.time_to_live.has_value() && current.time_to_live->enabled;
  if (enable && enabled) {
    return ValidationError("TimeToLive is already enabled");
  }
  if (!enable && !enabled) {
    return ValidationError("TimeToLive is already disabled");
  }
  if (!enable && current.time_to_live->attribute_name != attribute_name) {
    return ValidationError(
        absl::StrCat("TimeToLive is active on a different AttributeName: "
                     "current AttributeName is "
                     "",
                     current.time_to_live->attribute_name));
  }
  if (current.time_to_live.has_value() &&
      now < current.time_to_live->modified + change_interval) {
    return ValidationError(
        "Time to live has been modified multiple times within a fixed "
        "interval");
  }
  TableDefinition next = current;
  next.time_to_live = TimeToLiveDefinition{
      .enabled = enable,
      .attribute_name = enable ? attribute_name : std::string(),
      .modified = now};
  return next;
}

// The keys of the items of `table` that have expired at `now` under its
// TTL attribute `attribute`.
std::vector<EncodedKey> ExpiredKeys(const Table& table,
                                    absl::string_view attribute,
                                    absl::Time now) {
  std::vector<EncodedKey> keys;
  table.VisitAll(ScanRange{}, [&](absl::string_view, const PackedItem& item) {
    if (IsExpired(item, attribute, now)) {
      absl::StatusOr<EncodedKey> key =
          ExtractKey(table.schema(), KeyOf(table.schema(), item));
      if (key.ok()) keys.push_back(*std::move(key));
    }
    return true;
  });
  return keys;
}

}  // namespace

absl::StatusOr<UpdateTimeToLiveResponse> Database::UpdateTimeToLive(
    const UpdateTimeToLiveRequest& request) {
  DYNAMITE_RETURN_IF_ERROR(
      ValidateTableName(request.table_name, TableNameUse::kTableOperation));
  DYNAMITE_RETURN_IF_ERROR(
      ValidateSpecification(request.time_to_live_specification));
  const bool enable = *request.time_to_live_specification->enabled;
  const std::string& attribute_name =
      *request.time_to_live_specification->attribute_name;
  UpdateTimeToLiveResponse response;
  response.enabled = enable;
  if (enable) response.attribute_name = attribute_name;
  absl::StatusOr<std::shared_ptr<Table>> found = catalog_.Find(
      request.table_name, TableNotFoundMessage(request.table_name));
  if (!found.ok()) {
    // A DELETING table takes the change and answers 200, as DynamoDB's
    // does (ack-api-quirks); the table goes with its setting.
    if (catalog_.FindDeleting(request.table_name) != nullptr) return response;
    return found.status();
  }
  std::shared_ptr<Table> table = *std::move(found);
  const absl::Time now = clock_->Now();
  auto redefine =
      [&](const TableDefinition& current) -> absl::StatusOr<TableDefinition> {
    DYNAMITE_RETURN_IF_ERROR(
        api_internal::CheckTimeToLiveChangeable(current, now));
    return WithTimeToLive(current, enable, attribute_name, now,
                          options_.time_to_live_change_interval);
  };
  DYNAMITE_RETURN_IF_ERROR(table->Redefine(redefine).status());
  return response;
}

absl::StatusOr<DescribeTimeToLiveResponse> Database::DescribeTimeToLive(
    const DescribeTimeToLiveRequest& request) {
  DYNAMITE_RETURN_IF_ERROR(
      ValidateTableName(request.table_name, TableNameUse::kTableOperation));
  absl::StatusOr<std::shared_ptr<Table>> table = catalog_.Find(
      request.table_name, TableNotFoundMessage(request.table_name));
  if (!table.ok()) {
    if (catalog_.FindDeleting(request.table_name) != nullptr) {
      return api_internal::TimeToLiveNotDescribableError(
          TableStatus::kDeleting);
    }
    return table.status();
  }
  const std::shared_ptr<const TableDefinition> definition =
      (*table)->definition();
  if (definition->StatusAt(clock_->Now()) == TableStatus::kCreating) {
    return api_internal::TimeToLiveNotDescribableError(TableStatus::kCreating);
  }
  DescribeTimeToLiveResponse response;
  if (definition->time_to_live.has_value() &&
      definition->time_to_live->enabled) {
    response.time_to_live_description = {
        .time_to_live_status = TimeToLiveStatus::kEnabled,
        .attribute_name = definition->time_to_live->attribute_name};
  }
  return response;
}

SweepResult Database::SweepExpiredItems() {
  SweepResult result;
  const absl::Time now = clock_->Now();
  for (const std::shared_ptr<Table>& table : catalog_.Tables()) {
    const std::shared_ptr<const TableDefinition> definition =
        table->definition();
    if (!definition->time_to_live.has_value() ||
        !definition->time_to_live->enabled) {
      continue;
    }
    const std::string& attribute = definition->time_to_live->attribute_name;
    for (const EncodedKey& key : ExpiredKeys(*table, attribute, now)) {
      auto compute = [&](const ItemPtr& current) -> absl::StatusOr<NextItem> {
        if (current.packed() != nullptr &&
            IsExpired(*current.packed(), attribute, now)) {
          return NextItem::Delete();
        }
        return NextItem::Keep();
      };
      const Change change{table.get(), key, compute, ChangeSource::kTimeToLive};
      CommitResult committed = Commit(absl::MakeConstSpan(&change, 1));
      if (committed.status.ok() && !committed.records.front().kept) {
        ++result.deleted_items;
      }
    }
  }
  return result;
}

absl::StatusOr<absl::Time> Database::AdvanceClock(absl::Duration by) {
  if (controlled_clock_ == nullptr) {
    return ValidationError(
        "The clock cannot be moved: this Database runs on the real clock "
        "(start dynamite serve with --manual-clock or --clock-start)");
  }
  if (by < absl::ZeroDuration()) {
    return ValidationError("The clock can only be moved forward");
  }
  controlled_clock_->Advance(by);
  return controlled_clock_->Now();
}

}  // namespace dynamite
