// SSESpecification's rules, shared by CreateTable and UpdateTable, with
// DynamoDB's messages (live captures, ack-api-quirks DDB-TABLE-442):
//   - Enabled false or absent with SSEType: "SSEType can not be specified
//     if Enabled is false"; with KMSMasterKeyId: "KMSMasterKeyId can not
//     be specified if Enabled is false";
//   - SSEType AES256: "SSEType AES256 is not supported";
//   - KMSMasterKeyId with an SSEType other than KMS: "SSEType KMS is
//     required if KMSMasterKeyId is specified";
// each behind "One or more parameter values were invalid: ".
//
// Dynamite encrypts nothing: a table's key is a setting it keeps and
// describes (store/table_definition.h kms_master_key_arn).
//
// Thread safety: pure functions.

#ifndef DYNAMITE_API_SSE_RULES_H_
#define DYNAMITE_API_SSE_RULES_H_

#include <optional>
#include <string>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"

#include "api/table_requests.h"

namespace dynamite::api_internal {

absl::Status ValidateSseSpecification(const SseSpecification& spec);

// The KMS key ARN a valid `spec` asks for, or std::nullopt for the default
// AWS-owned key. A KMSMasterKeyId that is not an ARN (a key id or an
// alias/ name) is made one in `region` and `account_id`; Enabled without a
// key id names DynamoDB's AWS-managed key, alias/aws/dynamodb.
std::optional<std::string> KmsKeyArnOf(const SseSpecification& spec,
                                       absl::string_view region,
                                       absl::string_view account_id);

}  // namespace dynamite::api_internal

#endif  // DYNAMITE_API_SSE_RULES_H_
