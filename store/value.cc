#include "store/value.h"

#include <algorithm>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "absl/container/inlined_vector.h"
#include "absl/status/status.h"
#include "absl/strings/escaping.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/string_view.h"

#include "common/errors.h"
#include "common/status_macros.h"

namespace dynamite {
namespace {

// DynamoDB's messages, spacing and missing spaces included (reference §1.2,
// §1.3, §1.4).
constexpr absl::string_view kInvalidPrefix =
    "One or more parameter values were invalid: ";
constexpr absl::string_view kEmptyStringSet =
    "One or more parameter values were invalid: An string set  may not be "
    "empty";
constexpr absl::string_view kEmptyNumberSet =
    "One or more parameter values were invalid: An number set  may not be "
    "empty";
constexpr absl::string_view kEmptyBinarySet =
    "One or more parameter values were invalid: Binary sets should not be "
    "empty";
constexpr absl::string_view kNumberSetDuplicates =
    "Input collection contains duplicates";
constexpr absl::string_view kTooDeep =
    "Nesting Levels have exceeded supported limits: Attributes in the item "
    "have nested levels beyond supported limit";

// Returns true if `members` holds two equal strings.
bool HasDuplicates(const std::vector<std::string>& members) {
  std::vector<absl::string_view> sorted(members.begin(), members.end());
  std::sort(sorted.begin(), sorted.end());
  return std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end();
}

// Returns `numbers` sorted. Number is canonical, so equal values become
// adjacent and compare ==.
std::vector<Number> Sorted(std::vector<Number> numbers) {
  std::sort(numbers.begin(), numbers.end());
  return numbers;
}

std::vector<std::string> SortedUnique(std::vector<std::string> members) {
  std::sort(members.begin(), members.end());
  members.erase(std::unique(members.begin(), members.end()), members.end());
  return members;
}

absl::Status ValidateStringSet(const std::vector<std::string>& ss) {
  if (ss.empty()) return ValidationError(kEmptyStringSet);
  if (HasDuplicates(ss)) {
    return ValidationError(absl::StrCat(kInvalidPrefix, "Input collection [",
                                        absl::StrJoin(ss, ", "),
                                        "] contains duplicates."));
  }
  return absl::OkStatus();
}

absl::Status ValidateNumberSet(const std::vector<Number>& ns) {
  if (ns.empty()) return ValidationError(kEmptyNumberSet);
  const std::vector<Number> sorted = Sorted(ns);
  if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end()) {
    return ValidationError(kNumberSetDuplicates);
  }
  return absl::OkStatus();
}

absl::Status ValidateBinarySet(const std::vector<std::string>& bs) {
  if (bs.empty()) return ValidationError(kEmptyBinarySet);
  if (HasDuplicates(bs)) {
    // DynamoDB lists the members in base64, as they appeared on the wire.
    const std::string listed = absl::StrJoin(
        bs, ", ", [](std::string* out, const std::string& member) {
          out->append(absl::Base64Escape(member));
        });
    return ValidationError(absl::StrCat(kInvalidPrefix, "Input collection [",
                                        listed,
                                        "]of type BS contains duplicates."));
  }
  return absl::OkStatus();
}

// Checks that no M or L inside `value` sits deeper than kMaxNestingDepth,
// where the item itself is level 1, so a top-level attribute's own map or
// list is level 2. Stops descending at the limit, so the recursion depth is
// bounded whatever the input.
bool WithinNestingLimit(const AttributeValue& value, int level) {
  switch (value.type()) {
    case ValueType::kM:
    case ValueType::kL:
      break;
    case ValueType::kS:
    case ValueType::kN:
    case ValueType::kB:
    case ValueType::kBool:
    case ValueType::kNull:
    case ValueType::kSS:
    case ValueType::kNS:
    case ValueType::kBS:
      return true;
  }
  if (level + 1 > kMaxNestingDepth) return false;
  if (value.type() == ValueType::kM) {
    for (const auto& [name, member] : value.m()) {
      if (!WithinNestingLimit(member, level + 1)) return false;
    }
  } else {
    for (const AttributeValue& member : value.l()) {
      if (!WithinNestingLimit(member, level + 1)) return false;
    }
  }
  return true;
}

// Checks the set rules everywhere inside `value`.
// REQUIRES: WithinNestingLimit(value, 1), which bounds the recursion.
absl::Status ValidateSets(const AttributeValue& value) {
  switch (value.type()) {
    case ValueType::kS:
    case ValueType::kN:
    case ValueType::kB:
    case ValueType::kBool:
    case ValueType::kNull:
      return absl::OkStatus();
    case ValueType::kM:
      for (const auto& [name, member] : value.m()) {
        DYNAMITE_RETURN_IF_ERROR(ValidateSets(member));
      }
      return absl::OkStatus();
    case ValueType::kL:
      for (const AttributeValue& member : value.l()) {
        DYNAMITE_RETURN_IF_ERROR(ValidateSets(member));
      }
      return absl::OkStatus();
    case ValueType::kSS:
      return ValidateStringSet(value.ss());
    case ValueType::kNS:
      return ValidateNumberSet(value.ns());
    case ValueType::kBS:
      return ValidateBinarySet(value.bs());
  }
  return absl::OkStatus();
}

}  // namespace

absl::string_view ValueTypeName(ValueType type) {
  switch (type) {
    case ValueType::kS:
      return "S";
    case ValueType::kN:
      return "N";
    case ValueType::kB:
      return "B";
    case ValueType::kBool:
      return "BOOL";
    case ValueType::kNull:
      return "NULL";
    case ValueType::kM:
      return "M";
    case ValueType::kL:
      return "L";
    case ValueType::kSS:
      return "SS";
    case ValueType::kNS:
      return "NS";
    case ValueType::kBS:
      return "BS";
  }
  return "";
}

AttributeValue AttributeValue::S(std::string s) {
  return Make<kSIndex>(std::move(s));
}
AttributeValue AttributeValue::N(Number n) { return Make<kNIndex>(n); }
AttributeValue AttributeValue::B(std::string bytes) {
  return Make<kBIndex>(std::move(bytes));
}
AttributeValue AttributeValue::Bool(bool b) { return Make<kBoolIndex>(b); }
AttributeValue AttributeValue::Null() { return AttributeValue(); }
// An item is a map of these: their size is most of an item's footprint.
static_assert(sizeof(Number) <= 24, "Number grew: see store/number.h");
static_assert(sizeof(AttributeMap) <= 24,
              "AttributeMap grew: it must stay one std::vector");
static_assert(sizeof(AttributeValue) <= 40,
              "AttributeValue grew: see the file comment of store/value.h");

AttributeValue AttributeValue::M(AttributeMap m) {
  return Make<kMIndex>(std::move(m));
}
AttributeValue AttributeValue::L(std::vector<AttributeValue> l) {
  return Make<kLIndex>(std::move(l));
}
AttributeValue AttributeValue::SS(std::vector<std::string> ss) {
  return Make<kSSIndex>(std::move(ss));
}
AttributeValue AttributeValue::NS(std::vector<Number> ns) {
  return Make<kNSIndex>(std::move(ns));
}
AttributeValue AttributeValue::BS(std::vector<std::string> bs) {
  return Make<kBSIndex>(std::move(bs));
}

bool operator==(const AttributeValue& a, const AttributeValue& b) {
  if (a.type() != b.type()) return false;
  switch (a.type()) {
    case ValueType::kS:
    case ValueType::kN:
    case ValueType::kB:
    case ValueType::kBool:
    case ValueType::kNull:
    case ValueType::kM:
    case ValueType::kL:
      return a.rep_ == b.rep_;
    case ValueType::kSS:
      return SortedUnique(a.ss()) == SortedUnique(b.ss());
    case ValueType::kBS:
      return SortedUnique(a.bs()) == SortedUnique(b.bs());
    case ValueType::kNS: {
      std::vector<Number> left = Sorted(a.ns());
      std::vector<Number> right = Sorted(b.ns());
      left.erase(std::unique(left.begin(), left.end()), left.end());
      right.erase(std::unique(right.begin(), right.end()), right.end());
      return left == right;
    }
  }
  return false;
}

absl::Status ValidateAttributeValue(const AttributeValue& value) {
  // A scalar holds no set and no nesting: nothing to walk. Most values of a
  // request are scalars.
  if (IsScalar(value.type())) return absl::OkStatus();
  if (!WithinNestingLimit(value, 1)) return ValidationError(kTooDeep);
  return ValidateSets(value);
}

int64_t ValueSize(const AttributeValue& value) {
  // An explicit stack rather than recursion, so that the size of any value,
  // validated or not, can be measured.
  int64_t size = 0;
  absl::InlinedVector<const AttributeValue*, 8> pending = {&value};
  while (!pending.empty()) {
    const AttributeValue& v = *pending.back();
    pending.pop_back();
    switch (v.type()) {
      case ValueType::kS:
        size += static_cast<int64_t>(v.s().size());
        break;
      case ValueType::kN:
        size += v.n().StorageSize();
        break;
      case ValueType::kB:
        size += static_cast<int64_t>(v.b().size());
        break;
      case ValueType::kBool:
      case ValueType::kNull:
        size += 1;
        break;
      case ValueType::kM:
        // 3 bytes of overhead, and per member 1 byte plus its name.
        size += 3;
        for (const auto& [name, member] : v.m()) {
          size += 1 + static_cast<int64_t>(name.size());
          pending.push_back(&member);
        }
        break;
      case ValueType::kL:
        size += 3;
        for (const AttributeValue& member : v.l()) {
          size += 1;
          pending.push_back(&member);
        }
        break;
      case ValueType::kSS:
      case ValueType::kBS:
        for (const std::string& member :
             v.type() == ValueType::kSS ? v.ss() : v.bs()) {
          size += static_cast<int64_t>(member.size());
        }
        break;
      case ValueType::kNS:
        for (const Number& member : v.ns()) size += member.StorageSize();
        break;
    }
  }
  return size;
}

}  // namespace dynamite
