#include "query/placeholders.h"

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/string_view.h"

#include "common/errors.h"

namespace dynamite {
namespace {

// Returns the "unused" error for `parameter` if `unused` is not empty.
absl::Status UnusedError(absl::string_view parameter,
                         const std::vector<absl::string_view>& unused) {
  if (unused.empty()) return absl::OkStatus();
  return ValidationError(absl::StrCat("Value provided in ", parameter,
                                      " unused in expressions: keys: {",
                                      absl::StrJoin(unused, ", "), "}"));
}

using KeySet = Placeholders::KeyList;

// Up to this many used keys are searched in place; more are sorted once.
// A request uses a few placeholders, and sorting them would cost more
// than the scans.
constexpr size_t kScanAtMost = 16;

KeySet Searchable(KeySet keys) {
  if (keys.size() > kScanAtMost) std::sort(keys.begin(), keys.end());
  return keys;
}

bool Contains(const KeySet& keys, const std::string* key) {
  if (keys.size() > kScanAtMost) {
    return std::binary_search(keys.begin(), keys.end(), key);
  }
  return std::find(keys.begin(), keys.end(), key) != keys.end();
}

}  // namespace

absl::StatusOr<std::string> Placeholders::ResolveName(
    absl::string_view placeholder) {
  if (names_ != nullptr) {
    auto it = names_->find(std::string(placeholder));
    if (it != names_->end()) {
      used_names_.push_back(&it->first);
      resolved_names_.push_back(&it->first);
      return it->second;
    }
  }
  return ValidationError(absl::StrCat(
      "An expression attribute name used in the document path is not "
      "defined; attribute name: ",
      placeholder));
}

absl::StatusOr<const AttributeValue*> Placeholders::ResolveValue(
    absl::string_view placeholder) {
  if (values_ != nullptr) {
    auto it = values_->find(placeholder);
    if (it != values_->end()) {
      used_values_.push_back(&it->first);
      return &it->second;
    }
  }
  return ValidationError(absl::StrCat(
      "An expression attribute value used in expression is not defined; "
      "attribute value: ",
      placeholder));
}

std::optional<Placeholders::ValueList> Placeholders::Bind(
    const std::vector<std::string>& slots) const {
  return LookUpSlots(slots, nullptr);
}

std::optional<Placeholders::ValueList> Placeholders::BindUsed(
    const std::vector<std::string>& slots) {
  return LookUpSlots(slots, &used_values_);
}

std::optional<Placeholders::ValueList> Placeholders::LookUpSlots(
    const std::vector<std::string>& slots, KeyList* used) const {
  ValueList bound;
  bound.reserve(slots.size());
  for (const std::string& slot : slots) {
    if (values_ == nullptr) return std::nullopt;
    auto it = values_->find(slot);
    if (it == values_->end()) return std::nullopt;
    if (used != nullptr) used->push_back(&it->first);
    bound.push_back(&it->second);
  }
  return bound;
}

void Placeholders::MarkNamesUsed(const std::vector<std::string>& names) {
  if (names_ == nullptr) return;
  for (const std::string& name : names) {
    auto it = names_->find(name);
    if (it == names_->end()) continue;
    used_names_.push_back(&it->first);
    resolved_names_.push_back(&it->first);
  }
}

absl::Status Placeholders::CheckAllUsed() const {
  // Both maps iterate in ascending key order, so the lists come out sorted.
  std::vector<absl::string_view> unused;
  if (names_ != nullptr) {
    const KeySet used = Searchable(used_names_);
    for (const auto& [key, name] : *names_) {
      if (!Contains(used, &key)) unused.push_back(key);
    }
  }
  if (absl::Status s = UnusedError("ExpressionAttributeNames", unused);
      !s.ok()) {
    return s;
  }
  if (values_ != nullptr) {
    const KeySet used = Searchable(used_values_);
    for (const auto& [key, value] : *values_) {
      if (!Contains(used, &key)) unused.push_back(key);
    }
  }
  return UnusedError("ExpressionAttributeValues", unused);
}

}  // namespace dynamite
