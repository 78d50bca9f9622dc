// DynamoDB's rules for tags and for the ResourceArn of the tagging
// operations, shared by TagResource, UntagResource, ListTagsOfResource
// (api/tag_ops.cc) and CreateTable's Tags (api/table_ops.cc).
//
// Every message is DynamoDB's, as live captures of 2026 show them (see
// api/tag_ops.cc for the sources). A key or value's length counts Unicode
// characters (code points), not bytes, as DynamoDB's does.
//
// Thread safety: pure functions.

#ifndef DYNAMITE_API_TAG_RULES_H_
#define DYNAMITE_API_TAG_RULES_H_

#include <cstddef>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"

#include "store/tag_set.h"

namespace dynamite::api_internal {

// DynamoDB's tagging limits (AWS docs: Tagging restrictions in DynamoDB;
// API reference: Tag).
inline constexpr size_t kMaxTagsPerResource = 50;
inline constexpr size_t kMaxTagKeyLength = 128;    // characters, at least 1
inline constexpr size_t kMaxTagValueLength = 256;  // characters, may be 0

// The name of the table `arn` names, for a table ARN of this Database's
// `region` and `account_id`. Errors: kValidation for an ARN that does not
// start with "arn:", is not a DynamoDB table ARN (an index or backup ARN,
// another resource or service), or names another region or an invalid
// table name; kAccessDenied for another account's; kResourceNotFound
// for a stream ARN (streams carry no tags here).
absl::StatusOr<std::string> TableNameOfArn(absl::string_view arn,
                                           absl::string_view region,
                                           absl::string_view account_id);

// True if `arn` has the form of a table's sub-resource ARN,
// "arn:...:table/<table>/<kind>/...": a stream's or a backup's.
bool IsTableResourceArn(absl::string_view arn, absl::string_view kind);

// kResourceNotFound "Requested resource not found: ResourceArn: <arn> not
// found", the tagging operations' answer for a table that does not exist.
absl::Status ResourceArnNotFoundError(absl::string_view arn);

// kValidation "Number of Tags exceed the current limit for the provided
// ResourceArn": more than kMaxTagsPerResource tags, counting those the
// table has.
absl::Status TooManyTagsError();

// Checks the Tags of TagResource or CreateTable: each key and value, in
// order ("The Tag Key provided is invalid, Key: <key>", "Tag Key cannot be
// prefixed with aws:, Key: <key>", "The Tag Value provided is invalid,
// Value: <value>"), then repeated keys ("Duplicate Tag Keys provided as
// input: Duplicate Tag Key found <key>"), then their number. All
// kValidation.
absl::Status ValidateTags(absl::Span<const Tag> tags);

// Checks UntagResource's TagKeys: their number, then each key as
// ValidateTags() does.
absl::Status ValidateTagKeys(absl::Span<const std::string> keys);

}  // namespace dynamite::api_internal

#endif  // DYNAMITE_API_TAG_RULES_H_
