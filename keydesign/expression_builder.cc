#include "keydesign/expression_builder.h"

#include <compare>
#include <iterator>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/string_view.h"

#include "common/status_macros.h"
#include "query/reserved_words.h"

namespace dynamite {
namespace {

// Hands out #nN and :vN placeholders and records what they stand for.
class PlaceholderTable {
 public:
  // The attribute as it may be written in an expression: itself, or its
  // #name placeholder (one per distinct name).
  absl::StatusOr<std::string> Name(absl::string_view attribute) {
    if (attribute.empty()) {
      return absl::InvalidArgumentError("An attribute name may not be empty");
    }
    if (!NeedsNamePlaceholder(attribute)) return std::string(attribute);
    auto [it, inserted] = by_name_.try_emplace(attribute);
    if (inserted) {
      it->second = absl::StrCat("#n", by_name_.size() - 1);
      names_[it->second] = std::string(attribute);
    }
    return it->second;
  }

  std::string Value(const AttributeValue& value) {
    std::string placeholder = absl::StrCat(":v", values_.size());
    values_[placeholder] = value;
    return placeholder;
  }

  ExpressionAttributeNames& names() { return names_; }
  ExpressionAttributeValues& values() { return values_; }

 private:
  absl::flat_hash_map<std::string, std::string> by_name_;
  ExpressionAttributeNames names_;
  ExpressionAttributeValues values_;
};

absl::string_view CompareOpText(CompareOp op) {
  switch (op) {
    case CompareOp::kEqual:
      return "=";
    case CompareOp::kNotEqual:
      return "<>";
    case CompareOp::kLess:
      return "<";
    case CompareOp::kLessOrEqual:
      return "<=";
    case CompareOp::kGreater:
      return ">";
    case CompareOp::kGreaterOrEqual:
      return ">=";
  }
  return "=";
}

bool IsScalarKeyType(const AttributeValue& value) {
  return value.type() == ValueType::kS || value.type() == ValueType::kN ||
         value.type() == ValueType::kB;
}

// DynamoDB orders only S, N and B (reference §7.6) and rejects a constant
// of another type next to an ordering operator.
absl::Status CheckComparison(const CompareTerm& c) {
  if (c.op != CompareOp::kEqual && c.op != CompareOp::kNotEqual &&
      !IsScalarKeyType(c.value)) {
    return absl::InvalidArgumentError(
        absl::StrCat("Operator ", CompareOpText(c.op), " on ", c.attribute,
                     " needs an S, N or B value"));
  }
  return absl::OkStatus();
}

// DynamoDB rejects constant BETWEEN bounds of different types or in the
// wrong order (reference §5.1).
absl::Status CheckBetween(const BetweenTerm& b) {
  if (!IsScalarKeyType(b.lower) || b.lower.type() != b.upper.type()) {
    return absl::InvalidArgumentError(
        absl::StrCat("BETWEEN on ", b.attribute,
                     " needs two bounds of one type: S, N or B"));
  }
  bool ordered = true;
  switch (b.lower.type()) {
    case ValueType::kS:
      ordered = b.lower.s() <= b.upper.s();  // char_traits: unsigned bytes
      break;
    case ValueType::kN:
      ordered = (b.lower.n() <=> b.upper.n()) <= 0;
      break;
    default:
      ordered = b.lower.b() <= b.upper.b();
      break;
  }
  if (!ordered) {
    return absl::InvalidArgumentError(absl::StrCat(
        "BETWEEN on ", b.attribute, ": the lower bound is above the upper"));
  }
  return absl::OkStatus();
}

struct ConditionWriter {
  PlaceholderTable& p;

  absl::StatusOr<std::string> operator()(const CompareTerm& c) {
    DYNAMITE_RETURN_IF_ERROR(CheckComparison(c));
    DYNAMITE_ASSIGN_OR_RETURN(std::string name, p.Name(c.attribute));
    return absl::StrCat(name, " ", CompareOpText(c.op), " ", p.Value(c.value));
  }
  absl::StatusOr<std::string> operator()(const BetweenTerm& b) {
    DYNAMITE_RETURN_IF_ERROR(CheckBetween(b));
    DYNAMITE_ASSIGN_OR_RETURN(std::string name, p.Name(b.attribute));
    std::string lower = p.Value(b.lower);
    return absl::StrCat(name, " BETWEEN ", lower, " AND ", p.Value(b.upper));
  }
  absl::StatusOr<std::string> operator()(const BeginsWithTerm& b) {
    if (b.prefix.type() != ValueType::kS && b.prefix.type() != ValueType::kB) {
      return absl::InvalidArgumentError(absl::StrCat(
          "begins_with on ", b.attribute, " needs an S or B prefix"));
    }
    DYNAMITE_ASSIGN_OR_RETURN(std::string name, p.Name(b.attribute));
    return absl::StrCat("begins_with(", name, ", ", p.Value(b.prefix), ")");
  }
  absl::StatusOr<std::string> operator()(const ExistsTerm& e) {
    DYNAMITE_ASSIGN_OR_RETURN(std::string name, p.Name(e.attribute));
    return absl::StrCat("attribute_exists(", name, ")");
  }
  absl::StatusOr<std::string> operator()(const NotExistsTerm& e) {
    DYNAMITE_ASSIGN_OR_RETURN(std::string name, p.Name(e.attribute));
    return absl::StrCat("attribute_not_exists(", name, ")");
  }
};

std::string AttributeOf(const ConditionTerm& condition) {
  return std::visit([](const auto& c) { return c.attribute; }, condition);
}

absl::StatusOr<std::string> KeyConditionText(const KeyConditionSpec& key,
                                             PlaceholderTable& p) {
  DYNAMITE_ASSIGN_OR_RETURN(std::string pk, p.Name(key.partition_key));
  std::string text = absl::StrCat(pk, " = ", p.Value(key.partition_value));
  // DynamoDB allows one condition per key attribute (reference §5.1).
  absl::flat_hash_set<std::string> tested = {key.partition_key};
  for (const CompareTerm& equality : key.equalities) {
    if (equality.op != CompareOp::kEqual) {
      return absl::InvalidArgumentError(absl::StrCat(
          "A key condition's equality on ", equality.attribute, " must be ="));
    }
    if (!tested.insert(equality.attribute).second) {
      return absl::InvalidArgumentError(absl::StrCat(
          "A key condition may test ", equality.attribute, " only once"));
    }
    DYNAMITE_ASSIGN_OR_RETURN(std::string term, ConditionWriter{p}(equality));
    absl::StrAppend(&text, " AND ", term);
  }
  if (!key.sort_key.has_value()) return text;
  const SortKeyTerm& sort = *key.sort_key;
  // ... and no <> (reference §5.1).
  ConditionTerm condition =
      std::visit([](const auto& c) -> ConditionTerm { return c; }, sort);
  if (AttributeOf(condition) == key.partition_key) {
    return absl::InvalidArgumentError(
        "A key condition may test the partition key only once");
  }
  if (tested.contains(AttributeOf(condition))) {
    return absl::InvalidArgumentError(absl::StrCat(
        "A key condition may test ", AttributeOf(condition), " only once"));
  }
  if (const auto* c = std::get_if<CompareTerm>(&sort);
      c != nullptr && c->op == CompareOp::kNotEqual) {
    return absl::InvalidArgumentError(
        "A key condition cannot use <> on the sort key");
  }
  DYNAMITE_ASSIGN_OR_RETURN(std::string sort_text,
                            std::visit(ConditionWriter{p}, condition));
  return absl::StrCat(text, " AND ", sort_text);
}

absl::StatusOr<std::optional<std::string>> ConjunctionText(
    const std::vector<ConditionTerm>& conditions, PlaceholderTable& p) {
  if (conditions.empty()) return std::nullopt;
  std::vector<std::string> terms;
  for (const ConditionTerm& condition : conditions) {
    DYNAMITE_ASSIGN_OR_RETURN(std::string term,
                              std::visit(ConditionWriter{p}, condition));
    terms.push_back(std::move(term));
  }
  return absl::StrJoin(terms, " AND ");
}

// DynamoDB rejects a Query filter on a key attribute (reference §5.2).
absl::Status CheckFilterKeys(const ExpressionSpec& spec) {
  if (!spec.key_condition.has_value()) return absl::OkStatus();
  const KeyConditionSpec& key = *spec.key_condition;
  absl::flat_hash_set<std::string> keys = {key.partition_key};
  for (const CompareTerm& equality : key.equalities) {
    keys.insert(equality.attribute);
  }
  if (key.sort_key.has_value()) {
    keys.insert(
        std::visit([](const auto& c) { return c.attribute; }, *key.sort_key));
  }
  for (const ConditionTerm& condition : spec.filter) {
    if (keys.contains(AttributeOf(condition))) {
      return absl::InvalidArgumentError(absl::StrCat(
          "A Query's filter can only test non-key attributes, not ",
          AttributeOf(condition)));
    }
  }
  return absl::OkStatus();
}

bool IsSet(const AttributeValue& value) {
  return value.type() == ValueType::kSS || value.type() == ValueType::kNS ||
         value.type() == ValueType::kBS;
}

// DynamoDB's ADD takes a number or a set, DELETE a set (reference §7.7).
absl::Status CheckUpdateAction(const UpdateTerm& action) {
  if (const auto* add = std::get_if<AddTerm>(&action);
      add != nullptr && add->value.type() != ValueType::kN &&
      !IsSet(add->value)) {
    return absl::InvalidArgumentError(
        absl::StrCat("ADD ", add->attribute, " needs an N or a set value"));
  }
  if (const auto* del = std::get_if<DeleteTerm>(&action);
      del != nullptr && !IsSet(del->value)) {
    return absl::InvalidArgumentError(
        absl::StrCat("DELETE ", del->attribute, " needs a set value"));
  }
  return absl::OkStatus();
}

struct UpdateWriter {
  PlaceholderTable& p;

  absl::StatusOr<std::string> operator()(const SetTerm& a) {
    DYNAMITE_ASSIGN_OR_RETURN(std::string name, p.Name(a.attribute));
    return absl::StrCat(name, " = ", p.Value(a.value));
  }
  absl::StatusOr<std::string> operator()(const RemoveTerm& a) {
    return p.Name(a.attribute);
  }
  absl::StatusOr<std::string> operator()(const AddTerm& a) {
    DYNAMITE_ASSIGN_OR_RETURN(std::string name, p.Name(a.attribute));
    return absl::StrCat(name, " ", p.Value(a.value));
  }
  absl::StatusOr<std::string> operator()(const DeleteTerm& a) {
    DYNAMITE_ASSIGN_OR_RETURN(std::string name, p.Name(a.attribute));
    return absl::StrCat(name, " ", p.Value(a.value));
  }
};

// "SET a = :v0, b = :v1 REMOVE c ADD d :v2 DELETE e :v3": actions grouped
// into clauses in that order, each clause at most once (DynamoDB rejects a
// repeated clause), actions in the order given.
absl::StatusOr<std::optional<std::string>> UpdateText(
    const std::vector<UpdateTerm>& actions, PlaceholderTable& p) {
  if (actions.empty()) return std::nullopt;
  absl::flat_hash_set<std::string> seen;
  for (const UpdateTerm& action : actions) {
    DYNAMITE_RETURN_IF_ERROR(CheckUpdateAction(action));
    std::string attribute =
        std::visit([](const auto& a) { return a.attribute; }, action);
    // DynamoDB rejects two actions on one path (overlapping paths, §7.7).
    if (!seen.insert(attribute).second) {
      return absl::InvalidArgumentError(
          absl::StrCat("Attribute ", attribute, " is updated twice"));
    }
  }
  constexpr absl::string_view kClauses[] = {"SET", "REMOVE", "ADD", "DELETE"};
  std::vector<std::string> clauses;
  for (size_t clause = 0; clause < std::size(kClauses); ++clause) {
    std::vector<std::string> items;
    for (const UpdateTerm& action : actions) {
      if (action.index() != clause) continue;
      DYNAMITE_ASSIGN_OR_RETURN(std::string item,
                                std::visit(UpdateWriter{p}, action));
      items.push_back(std::move(item));
    }
    if (!items.empty()) {
      clauses.push_back(
          absl::StrCat(kClauses[clause], " ", absl::StrJoin(items, ", ")));
    }
  }
  return absl::StrJoin(clauses, " ");
}

}  // namespace

bool NeedsNamePlaceholder(absl::string_view attribute) {
  if (attribute.empty() ||
      !absl::ascii_isalpha(static_cast<unsigned char>(attribute[0]))) {
    return true;
  }
  for (char c : attribute) {
    if (!absl::ascii_isalnum(static_cast<unsigned char>(c)) && c != '_') {
      return true;
    }
  }
  return IsReservedWord(attribute);
}

absl::StatusOr<BuiltExpressions> BuildExpressions(const ExpressionSpec& spec) {
  if (!spec.key_condition.has_value() && spec.filter.empty() &&
      spec.condition.empty() && spec.update.empty()) {
    return absl::InvalidArgumentError("There is no expression to build");
  }
  DYNAMITE_RETURN_IF_ERROR(CheckFilterKeys(spec));
  PlaceholderTable p;
  BuiltExpressions out;
  if (spec.key_condition.has_value()) {
    DYNAMITE_ASSIGN_OR_RETURN(out.key_condition_expression,
                              KeyConditionText(*spec.key_condition, p));
  }
  DYNAMITE_ASSIGN_OR_RETURN(out.filter_expression,
                            ConjunctionText(spec.filter, p));
  DYNAMITE_ASSIGN_OR_RETURN(out.condition_expression,
                            ConjunctionText(spec.condition, p));
  DYNAMITE_ASSIGN_OR_RETURN(out.update_expression, UpdateText(spec.update, p));
  out.names = std::move(p.names());
  out.values = std::move(p.values());
  return out;
}

}  // namespace dynamite
