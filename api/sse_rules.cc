#include "api/sse_rules.h"

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"

#include "common/errors.h"

namespace dynamite::api_internal {
namespace {

absl::Status Invalid(absl::string_view detail) {
  return ValidationError(
      absl::StrCat("One or more parameter values were invalid: ", detail));
}

}  // namespace

absl::Status ValidateSseSpecification(const SseSpecification& spec) {
  const bool enabled = spec.enabled.value_or(false);
  if (!enabled && spec.sse_type.has_value()) {
    return Invalid("SSEType can not be specified if Enabled is false");
  }
  if (!enabled && spec.kms_master_key_id.has_value()) {
    return Invalid("KMSMasterKeyId can not be specified if Enabled is false");
  }
  if (spec.sse_type == SseType::kAes256) {
    return Invalid("SSEType AES256 is not supported");
  }
  if (spec.kms_master_key_id.has_value() && spec.sse_type.has_value() &&
      *spec.sse_type != SseType::kKms) {
    return Invalid("SSEType KMS is required if KMSMasterKeyId is specified");
  }
  return absl::OkStatus();
}

std::optional<std::string> KmsKeyArnOf(const SseSpecification& spec,
                                       absl::string_view region,
                                       absl::string_view account_id) {
  if (!spec.enabled.value_or(false)) return std::nullopt;
  const std::string prefix =
      absl::StrCat("arn:aws:kms:", region, ":", account_id, ":");
  if (!spec.kms_master_key_id.has_value()) {
    return absl::StrCat(prefix, "alias/aws/dynamodb");
  }
  const std::string& id = *spec.kms_master_key_id;
  if (absl::StartsWith(id, "arn:")) return id;
  if (absl::StartsWith(id, "alias/")) return absl::StrCat(prefix, id);
  return absl::StrCat(prefix, "key/", id);
}

}  // namespace dynamite::api_internal
