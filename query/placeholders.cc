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

// The keys a request used, searched by address. A request uses a few, so
// up to kScanAtMost are scanned where they lie, with nothing copied; more
// are copied and sorted once, then binary-searched.
constexpr size_t kScanAtMost = 16;

class UsedKeys {
 public:
  explicit UsedKeys(const KeySet& keys) : keys_(&keys) {
    if (keys.size() > kScanAtMost) {
      sorted_ = keys;
      std::sort(sorted_.begin(), sorted_.end());
      keys_ = &sorted_;
    }
  }
  // keys_ may point at sorted_.
  UsedKeys(const UsedKeys&) = delete;
  UsedKeys& operator=(const UsedKeys&) = delete;

  bool Contains(const std::string* key) const {
    if (keys_ == &sorted_) {
      return std::binary_search(sorted_.begin(), sorted_.end(), key);
    }
    return std::find(keys_->begin(), keys_->end(), key) != keys_->end();
  }

 private:
  const KeySet* keys_;
  KeySet sorted_;
};

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
    const UsedKeys used(used_names_);
    for (const auto& [key, name] : *names_) {
      if (!used.Contains(&key)) unused.push_back(key);
    }
  }
  if (absl::Status s = UnusedError("ExpressionAttributeNames", unused);
      !s.ok()) {
    return s;
  }
  if (values_ != nullptr) {
    const UsedKeys used(used_values_);
    for (const auto& [key, value] : *values_) {
      if (!used.Contains(&key)) unused.push_back(key);
    }
  }
  return UnusedError("ExpressionAttributeValues", unused);
}

}  // namespace dynamite
