#include "keydesign/composite_key.h"

#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/strings/string_view.h"

#include "common/status_macros.h"
#include "keydesign/padding.h"

namespace dynamite {

CompositeKey::CompositeKey(absl::string_view separator)
    : separator_(separator) {
  if (separator_.empty()) {
    first_error_ =
        absl::InvalidArgumentError("A key separator may not be empty");
  }
}

CompositeKey& CompositeKey::Add(absl::StatusOr<std::string> segment) {
  if (!first_error_.ok()) return *this;
  if (!segment.ok()) {
    first_error_ = segment.status();
  } else if (absl::StrContains(*segment, separator_)) {
    // Joined, it would split into two segments: the key would not parse
    // back, and would sort by the wrong segment.
    first_error_ = absl::InvalidArgumentError(
        absl::StrCat("Key segment \"", *segment, "\" contains the separator \"",
                     separator_, "\""));
  } else {
    segments_.push_back(*std::move(segment));
  }
  return *this;
}

CompositeKey& CompositeKey::AddText(absl::string_view segment) {
  return Add(std::string(segment));
}

CompositeKey& CompositeKey::AddNumber(int64_t value, int width) {
  return Add(PadNumber(value, width));
}

CompositeKey& CompositeKey::AddDescending(int64_t value, int64_t max,
                                          int width) {
  return Add(InvertForDescending(value, max, width));
}

CompositeKey& CompositeKey::AddSigned(int64_t value, int width) {
  return Add(PadSigned(value, width));
}

CompositeKey& CompositeKey::AddDecimal(absl::string_view value,
                                       int integer_digits, int scale) {
  return Add(PadDecimal(value, integer_digits, scale));
}

CompositeKey& CompositeKey::AddTimestamp(absl::Time time,
                                         TimestampPrecision precision) {
  return Add(FormatTimestampKey(time, precision));
}

absl::StatusOr<std::string> CompositeKey::Build() const {
  DYNAMITE_RETURN_IF_ERROR(first_error_);
  if (segments_.empty()) {
    return absl::InvalidArgumentError("A composite key needs a segment");
  }
  return absl::StrJoin(segments_, separator_);
}

absl::StatusOr<std::string> CompositeKey::BuildPrefix() const {
  DYNAMITE_ASSIGN_OR_RETURN(std::string key, Build());
  return absl::StrCat(key, separator_);
}

absl::StatusOr<std::vector<std::string>> ParseCompositeKey(
    absl::string_view key, absl::string_view separator) {
  if (separator.empty()) {
    return absl::InvalidArgumentError("A key separator may not be empty");
  }
  if (key.empty()) {
    return absl::InvalidArgumentError("An empty key has no segments");
  }
  return std::vector<std::string>(absl::StrSplit(key, separator));
}

}  // namespace dynamite
