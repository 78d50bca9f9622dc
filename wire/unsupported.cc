#include "wire/unsupported.h"

#include "absl/strings/str_cat.h"

#include "common/errors.h"

namespace dynamite {
namespace {

struct UnsupportedParameter {
  absl::string_view operation;
  absl::string_view parameter;
  // A value that changes nothing and is therefore accepted (compared with a
  // JSON string, or with "true"/"false" for a JSON boolean); empty if none.
  absl::string_view accepted_value = "";
};

// Delete rows as features land.
constexpr UnsupportedParameter kUnsupported[] = {
    // Table operations.
    {"CreateTable", "ResourcePolicy"},
    {"UpdateTable", "ReplicaUpdates"},
    {"UpdateTable", "MultiRegionConsistency"},
    {"UpdateTable", "GlobalTableWitnessUpdates"},
};

bool IsAccepted(const JsonValue& value, absl::string_view accepted) {
  if (accepted.empty()) return false;
  if (value.IsString()) return JsonString(value) == accepted;
  if (value.IsBool()) return accepted == (value.GetBool() ? "true" : "false");
  return false;
}

}  // namespace

absl::Status CheckSupportedParameters(absl::string_view operation,
                                      const JsonValue& body) {
  for (const UnsupportedParameter& row : kUnsupported) {
    if (row.operation != operation) continue;
    const JsonValue* value = FindMember(body, row.parameter);
    if (value == nullptr || IsAccepted(*value, row.accepted_value)) continue;
    if (row.accepted_value.empty()) {
      return ValidationError(absl::StrCat(
          "Dynamite does not support the parameter ", row.parameter, " yet"));
    }
    return ValidationError(
        absl::StrCat("Dynamite does not support the parameter ", row.parameter,
                     " with a value other than ", row.accepted_value, " yet"));
  }
  return absl::OkStatus();
}

}  // namespace dynamite
