// The tagging operations of Database: TagResource, UntagResource,
// ListTagsOfResource, on table ARNs. A table's tags are part of its
// definition (store/tag_set.h), so a tag change is a table commit (kept by
// the write-ahead log); DeleteTable drops them, a re-created table starts
// with none.
//
// DynamoDB's checks, in its order (dynalite validations/tagResource.js,
// untagResource.js, listTagsOfResource.js, whose tests were recorded
// against DynamoDB; the current message texts from 2026 live captures of
// DynamoDB, which supersede dynalite's older AccessDeniedException for an
// ARN without "arn:" and its "ResourcArn" spelling; scylladb
// test/alternator/test_tag.py for the cases it checks against AWS):
//   1. ResourceArn absent: "Invalid TableArn";
//   2. ResourceArn not starting with "arn:" (api/tag_rules.h);
//   3. Tags / TagKeys absent: the "Member must not be null" constraint;
//   4. the ARN's shape: a table ARN of this region and account;
//   5. Tags / TagKeys empty: "Atleast one Tag needs to be provided as
//      Input." / "Atleast one Tag Key needs to be provided as Input.";
//   6. each tag (api/tag_rules.h) — before the table is looked up;
//   7. the table: "Requested resource not found: ResourceArn: <arn> not
//      found";
//   8. TagResource: at most 50 tags on the table after the change.
// A failed request changes no tag. DynamoDB applies a tag change a second
// or two after answering (ListTagsOfResource returns the old set
// meanwhile); Dynamite applies it before answering.
//
// ListTagsOfResource lists the tags in byte order of their keys (as
// dynalite, whose tags are LevelDB keys, lists them; DynamoDB promises no
// order) in one page: a NextToken is accepted and ignored.

#include <string>
#include <utility>
#include <vector>

#include "absl/functional/function_ref.h"
#include "absl/status/status.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"

#include "api/database.h"
#include "api/tag_rules.h"
#include "common/constraint_error.h"
#include "common/errors.h"
#include "common/status_macros.h"

namespace dynamite {
namespace {

using api_internal::ResourceArnNotFoundError;

// Steps 1 and 2: the ARN is present and starts with "arn:" (the rest of
// TableNameOfArn() runs after step 3).
absl::Status CheckArnPresent(const std::optional<std::string>& arn) {
  if (!arn.has_value()) return ValidationError("Invalid TableArn");
  if (!absl::StartsWith(*arn, "arn:")) {
    // TableNameOfArn() words this error.
    return api_internal::TableNameOfArn(*arn, "", "").status();
  }
  return absl::OkStatus();
}

// Replaces the tags of the table `arn` names with what `change` makes of
// them: one table commit, or none if `change` returns false (too many
// tags) or the table was deleted meanwhile.
absl::Status ChangeTags(Table& table, const std::string& arn,
                        absl::FunctionRef<bool(std::vector<Tag>&)> change) {
  absl::StatusOr<std::shared_ptr<const TableDefinition>> redefined =
      table.Redefine([&](const TableDefinition& current)
                         -> absl::StatusOr<TableDefinition> {
        TableDefinition next = current;
        if (!change(next.tags)) return api_internal::TooManyTagsError();
        return next;
      });
  if (redefined.ok()) return absl::OkStatus();
  if (ErrorKindOf(redefined.status()) == ErrorKind::kResourceNotFound) {
    return ResourceArnNotFoundError(arn);
  }
  return redefined.status();
}

absl::Status NullMember(absl::string_view path) {
  return ConstraintError(NullViolation(path));
}

}  // namespace

absl::StatusOr<std::shared_ptr<Table>> Database::FindTaggedTable(
    const std::string& arn) const {
  DYNAMITE_ASSIGN_OR_RETURN(
      std::string name,
      api_internal::TableNameOfArn(arn, options_.region, options_.account_id));
  absl::StatusOr<std::shared_ptr<Table>> table = catalog_.Find(name, "");
  if (!table.ok()) return ResourceArnNotFoundError(arn);
  // A table still CREATING (delayed statuses) cannot be tagged, untagged or
  // have its tags listed: DynamoDB answers as if it did not exist (users'
  // reports: cortexproject/cortex#1369, cloud-custodian#3177). An UPDATING
  // table takes tag changes.
  if ((*table)->definition()->StatusAt(clock_->Now()) ==
      TableStatus::kCreating) {
    return ResourceArnNotFoundError(arn);
  }
  return table;
}

absl::StatusOr<TagResourceResponse> Database::TagResource(
    const TagResourceRequest& request) {
  DYNAMITE_RETURN_IF_ERROR(CheckArnPresent(request.resource_arn));
  if (!request.tags.has_value()) return NullMember("tags");
  const std::string& arn = *request.resource_arn;
  DYNAMITE_RETURN_IF_ERROR(
      api_internal::TableNameOfArn(arn, options_.region, options_.account_id)
          .status());
  if (request.tags->empty()) {
    return ValidationError("Atleast one Tag needs to be provided as Input.");
  }
  DYNAMITE_RETURN_IF_ERROR(api_internal::ValidateTags(*request.tags));
  DYNAMITE_ASSIGN_OR_RETURN(std::shared_ptr<Table> table, FindTaggedTable(arn));
  DYNAMITE_RETURN_IF_ERROR(ChangeTags(*table, arn, [&](std::vector<Tag>& tags) {
    return PutTags(tags, *request.tags, api_internal::kMaxTagsPerResource);
  }));
  return TagResourceResponse{};
}

absl::StatusOr<UntagResourceResponse> Database::UntagResource(
    const UntagResourceRequest& request) {
  DYNAMITE_RETURN_IF_ERROR(CheckArnPresent(request.resource_arn));
  if (!request.tag_keys.has_value()) return NullMember("tagKeys");
  const std::string& arn = *request.resource_arn;
  DYNAMITE_RETURN_IF_ERROR(
      api_internal::TableNameOfArn(arn, options_.region, options_.account_id)
          .status());
  if (request.tag_keys->empty()) {
    return ValidationError(
        "Atleast one Tag Key needs to be provided as Input.");
  }
  DYNAMITE_RETURN_IF_ERROR(api_internal::ValidateTagKeys(*request.tag_keys));
  DYNAMITE_ASSIGN_OR_RETURN(std::shared_ptr<Table> table, FindTaggedTable(arn));
  DYNAMITE_RETURN_IF_ERROR(ChangeTags(*table, arn, [&](std::vector<Tag>& tags) {
    RemoveTags(tags, *request.tag_keys);
    return true;
  }));
  return UntagResourceResponse{};
}

absl::StatusOr<ListTagsOfResourceResponse> Database::ListTagsOfResource(
    const ListTagsOfResourceRequest& request) {
  DYNAMITE_RETURN_IF_ERROR(CheckArnPresent(request.resource_arn));
  DYNAMITE_ASSIGN_OR_RETURN(std::shared_ptr<Table> table,
                            FindTaggedTable(*request.resource_arn));
  return ListTagsOfResourceResponse{table->definition()->tags};
}

}  // namespace dynamite
