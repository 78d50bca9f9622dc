// CreateCheckpoint, RestoreCheckpoint and DeleteCheckpoint: named forks of
// the Database (api/database_fork.cc), and putting one back in place of
// every table (store/catalog.h Catalog::ReplaceWithForks).

#include <memory>
#include <string>
#include <utility>

#include "absl/strings/str_cat.h"

#include "api/database.h"
#include "common/errors.h"
#include "common/status_macros.h"
#include "store/database_fork.h"

namespace dynamite {
namespace {

constexpr size_t kMaxCheckpointName = 255;

absl::Status ValidateCheckpointRequest(const CheckpointRequest& request,
                                       bool durable) {
  if (request.name.empty() || request.name.size() > kMaxCheckpointName) {
    return ValidationError(
        "A checkpoint's Name must be 1 to 255 characters long");
  }
  if (durable) {
    return ValidationError(
        "Checkpoints are for in-memory databases: this one keeps its "
        "commits on disk (--db-path), and its log would not hold the items "
        "of a restored checkpoint");
  }
  return absl::OkStatus();
}

// What `catalog` holds, described as the checkpoint `name`.
CheckpointResponse Describe(const std::string& name, const Catalog& catalog) {
  CheckpointResponse response{.name = name};
  for (const std::shared_ptr<Table>& table : catalog.Tables()) {
    ++response.table_count;
    response.item_count += table->item_count();
  }
  return response;
}

}  // namespace

absl::StatusOr<std::shared_ptr<Database>> Database::FindCheckpoint(
    const CheckpointRequest& request) const {
  DYNAMITE_RETURN_IF_ERROR(ValidateCheckpointRequest(request, log_ != nullptr));
  ReaderMutexLock lock(&checkpoints_mu_);
  auto found = checkpoints_.find(request.name);
  if (found == checkpoints_.end()) {
    return ResourceNotFoundError(
        absl::StrCat("Checkpoint not found: ", request.name));
  }
  return found->second;
}

absl::StatusOr<CheckpointResponse> Database::CreateCheckpoint(
    const CheckpointRequest& request) {
  DYNAMITE_RETURN_IF_ERROR(ValidateCheckpointRequest(request, log_ != nullptr));
  DatabaseOptions options = options_;
  // A checkpoint stays as it was taken.
  options.time_to_live_sweep_interval = absl::ZeroDuration();
  std::shared_ptr<Database> checkpoint = ForkWith(std::move(options));
  CheckpointResponse response = Describe(request.name, checkpoint->catalog_);
  MutexLock lock(&checkpoints_mu_);
  checkpoints_.insert_or_assign(request.name, std::move(checkpoint));
  return response;
}

absl::StatusOr<CheckpointResponse> Database::RestoreCheckpoint(
    const CheckpointRequest& request) {
  DYNAMITE_ASSIGN_OR_RETURN(std::shared_ptr<Database> checkpoint,
                            FindCheckpoint(request));
  CatalogFork forked =
      ForkTables(checkpoint->catalog_, checkpoint->sequencer_, sequencer_);
  catalog_.ReplaceWithForks(std::move(forked.tables));
  backups_.ReplaceAll(checkpoint->backups_.List());
  return Describe(request.name, catalog_);
}

absl::StatusOr<CheckpointResponse> Database::DeleteCheckpoint(
    const CheckpointRequest& request) {
  DYNAMITE_ASSIGN_OR_RETURN(std::shared_ptr<Database> checkpoint,
                            FindCheckpoint(request));
  {
    MutexLock lock(&checkpoints_mu_);
    checkpoints_.erase(request.name);
  }
  // Described after it is gone from the map, so no restore can change it.
  return Describe(request.name, checkpoint->catalog_);
}

}  // namespace dynamite
