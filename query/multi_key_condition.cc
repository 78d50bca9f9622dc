#include "query/multi_key_condition.h"

#include <optional>
#include <utility>

#include "absl/strings/str_cat.h"

#include "common/errors.h"
#include "common/status_macros.h"
#include "query/key_range.h"
#include "store/index_key.h"
#include "store/key_codec.h"

namespace dynamite {
namespace {

using Op = SortKeyCondition::Op;

const KeyConditionTerm* FindTerm(const KeyConditionTermList& terms,
                                 absl::string_view attribute) {
  for (const KeyConditionTerm& term : terms) {
    if (term.attribute == attribute) return &term;
  }
  return nullptr;
}

// A partition-key attribute without `=` (DynamoDB's text is known only
// by its start, "HASH key attributes <a> must have equality conditions":
// completed as the RANGE message below is).
absl::Status HashNeedsEquality(absl::string_view attribute) {
  return ValidationError(
      absl::StrCat("HASH key attributes ", attribute,
                   " must have equality conditions specified in the query"));
}

// A sort-key attribute skipped, or given a range condition, before
// `later`, which has a condition (verified against DynamoDB).
absl::Status RangeNeedsEquality(absl::string_view earlier,
                                absl::string_view later) {
  return ValidationError(absl::StrCat(
      "RANGE key attributes ", earlier,
      " must have equality conditions specified in the query because a "
      "condition is present on key attribute ",
      later));
}

absl::Status NotSupported() {
  return ValidationError("Query key condition not supported");
}

// The term's values: of the attribute's type, not empty.
absl::Status CheckValues(const KeyConditionTerm& term,
                         const KeyAttribute& attribute) {
  for (const AttributeValue* value : term.values) {
    if (value->type() != ValueTypeOf(attribute.type)) {
      return ValidationError(
          "One or more parameter values were invalid: Condition parameter "
          "type does not match schema type");
    }
    const bool empty = (attribute.type == KeyType::kS && value->s().empty()) ||
                       (attribute.type == KeyType::kB && value->b().empty());
    if (empty) {
      return ValidationError(absl::StrCat(
          "One or more parameter values are not valid. The AttributeValue for "
          "a key attribute cannot contain an empty ",
          attribute.type == KeyType::kS ? "string" : "binary",
          " value. Key: ", attribute.name));
    }
  }
  return absl::OkStatus();
}

// The tuple `prefix` extended by `value`.
std::string Extend(const std::string& prefix, const AttributeValue& value) {
  std::string tuple = prefix;
  AppendTupleValue(EncodeKeyValue(value), tuple);
  return tuple;
}

// Every tuple that starts with `prefix` (everything when it is empty).
SortKeyRange PrefixRange(const std::string& prefix) {
  SortKeyRange range;
  if (prefix.empty()) return range;
  range.lower = SortKeyBound{prefix, true};
  if (std::optional<std::string> next = PrefixSuccessor(prefix)) {
    range.upper = SortKeyBound{*std::move(next), false};
  }
  return range;
}

// The range of tuples after `prefix` whose next value satisfies `term`.
SortKeyRange LastValueRange(const std::string& prefix,
                            const KeyConditionTerm& term) {
  SortKeyRange range = PrefixRange(prefix);
  const std::string at = Extend(prefix, *term.values.front());
  auto after = [](const std::string& tuple) {
    // Past every tuple that starts with `tuple`: there is always one, the
    // terminator's last byte being 0x01.
    return SortKeyBound{*PrefixSuccessor(tuple), true};
  };
  switch (term.op) {
    case Op::kEq:
      return PrefixRange(at);
    case Op::kLt:
      range.upper = SortKeyBound{at, false};
      break;
    case Op::kLe:
      range.upper = SortKeyBound{after(at).key, false};
      break;
    case Op::kGt:
      range.lower = after(at);
      break;
    case Op::kGe:
      range.lower = SortKeyBound{at, true};
      break;
    case Op::kBetween:
      range.lower = SortKeyBound{at, true};
      range.upper =
          SortKeyBound{after(Extend(prefix, *term.values[1])).key, false};
      break;
    case Op::kBeginsWith: {
      // The value's escaped bytes without the terminator: a prefix of the
      // tuples whose next value starts with it.
      std::string begins = at.substr(0, at.size() - 2);
      return PrefixRange(begins);
    }
  }
  return range;
}

}  // namespace

absl::StatusOr<MultiKeyPlan> PlanMultiKeyCondition(
    const KeyConditionTermList& terms,
    const std::vector<KeyAttribute>& hash_keys,
    const std::vector<KeyAttribute>& range_keys) {
  size_t matched = 0;
  std::vector<std::string> partition_values;
  for (const KeyAttribute& attribute : hash_keys) {
    const KeyConditionTerm* term = FindTerm(terms, attribute.name);
    if (term == nullptr || term->op != Op::kEq) {
      return HashNeedsEquality(attribute.name);
    }
    DYNAMITE_RETURN_IF_ERROR(CheckValues(*term, attribute));
    partition_values.push_back(EncodeKeyValue(*term->values.front()));
    ++matched;
  }
  MultiKeyPlan plan;
  plan.partition_key = EncodeIndexKeyValues(partition_values);

  // The last sort-key attribute named: every one before it must be `=`.
  size_t named = 0;
  for (size_t i = 0; i < range_keys.size(); ++i) {
    if (FindTerm(terms, range_keys[i].name) != nullptr) named = i + 1;
  }
  std::string prefix;
  const KeyConditionTerm* last = nullptr;
  for (size_t i = 0; i < named; ++i) {
    const KeyConditionTerm* term = FindTerm(terms, range_keys[i].name);
    const bool is_last = i + 1 == named;
    if (term == nullptr || (!is_last && term->op != Op::kEq)) {
      return RangeNeedsEquality(range_keys[i].name, range_keys[named - 1].name);
    }
    DYNAMITE_RETURN_IF_ERROR(CheckValues(*term, range_keys[i]));
    ++matched;
    if (is_last) {
      last = term;
    } else {
      AppendTupleValue(EncodeKeyValue(*term->values.front()), prefix);
    }
  }
  if (matched != terms.size()) {
    // A condition on an attribute that is not one of the index's keys.
    for (const KeyConditionTerm& term : terms) {
      bool is_key = false;
      for (const auto* keys : {&hash_keys, &range_keys}) {
        for (const KeyAttribute& attribute : *keys) {
          is_key = is_key || attribute.name == term.attribute;
        }
      }
      if (!is_key) return NotSupported();
    }
  }
  if (range_keys.size() == 1) {
    // One sort-key attribute is stored as its value alone, not as a tuple
    // (store/index_key.h), beside a multi-attribute partition key too: its
    // range is a single-attribute key's.
    std::optional<SortKeyCondition> sort;
    if (last != nullptr) {
      sort = SortKeyCondition{
          .op = last->op,
          .value = last->values.front(),
          .upper = last->values.size() > 1 ? last->values[1] : nullptr};
    }
    plan.range = PlanKeyRange(sort);
    return plan;
  }
  plan.range =
      last != nullptr ? LastValueRange(prefix, *last) : PrefixRange(prefix);
  return plan;
}

}  // namespace dynamite
