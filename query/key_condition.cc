#include "query/key_condition.h"

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "absl/container/inlined_vector.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"

#include "common/errors.h"
#include "common/status_macros.h"
#include "query/ast.h"
#include "query/parser.h"

namespace dynamite {
namespace {

using Op = SortKeyCondition::Op;

// DynamoDB (2024 and later) prefixes the shape errors with the parameter
// name, e.g. "Invalid KeyConditionExpression: KeyConditionExpressions must
// only contain one condition per key"; older captures (dynalite) did not.
absl::Status ShapeError(absl::string_view message) {
  return ExpressionError(ExpressionKind::kKeyConditionExpression, message);
}

absl::Status InvalidOperator(absl::string_view op) {
  return ShapeError(
      absl::StrCat("Invalid operator used in KeyConditionExpression: ", op));
}

absl::Status InvalidCondition(absl::string_view message) {
  return ShapeError(
      absl::StrCat("Invalid condition in KeyConditionExpression: ", message));
}

// The operator seen from the other side: `:v < c` is `c > :v`.
Op Flip(Op op) {
  switch (op) {
    case Op::kLt:
      return Op::kGt;
    case Op::kLe:
      return Op::kGe;
    case Op::kGt:
      return Op::kLt;
    case Op::kGe:
      return Op::kLe;
    case Op::kEq:
    case Op::kBetween:
    case Op::kBeginsWith:
      break;
  }
  return op;
}

Op OpOf(Comparator comparator) {
  switch (comparator) {
    case Comparator::kLt:
      return Op::kLt;
    case Comparator::kLe:
      return Op::kLe;
    case Comparator::kGt:
      return Op::kGt;
    case Comparator::kGe:
      return Op::kGe;
    case Comparator::kEq:
    case Comparator::kNe:
      break;
  }
  return Op::kEq;
}

// Walks the tree in DynamoDB's order (left to right, each condition before
// its operands; DynamoDB Local's KeyConditionExpressionExtractor has the
// same order) and collects one term per condition.
class TermCollector {
 public:
  absl::Status Visit(const Condition& condition) {
    if (const Logical* logical = std::get_if<Logical>(&condition.rep)) {
      switch (logical->op) {
        case LogicalOp::kOr:
          return InvalidOperator("OR");
        case LogicalOp::kNot:
          return InvalidOperator("NOT");
        case LogicalOp::kAnd:
          break;
      }
      for (const Condition& operand : logical->operands) {
        DYNAMITE_RETURN_IF_ERROR(Visit(operand));
      }
      return absl::OkStatus();
    }
    if (std::holds_alternative<InList>(condition.rep)) {
      return InvalidOperator("IN");
    }
    if (const Comparison* c = std::get_if<Comparison>(&condition.rep)) {
      if (c->op == Comparator::kNe) return InvalidOperator("<>");
      return AddTerm(OpOf(c->op), {&c->lhs, &c->rhs});
    }
    if (const Between* b = std::get_if<Between>(&condition.rep)) {
      return AddTerm(Op::kBetween, {&b->subject, &b->lower, &b->upper});
    }
    const FunctionCall& call = std::get<FunctionCall>(condition.rep);
    if (call.function != Function::kBeginsWith) {
      return InvalidOperator(FunctionName(call.function));
    }
    return AddTerm(Op::kBeginsWith, {&call.args[0], &call.args[1]});
  }

  KeyConditionShape TakeTerms() { return std::move(terms_); }

 private:
  // Reads one condition's operands in order, as DynamoDB does: the one
  // path is the key attribute; a value before it flips a comparison (`:v <
  // c` is `c > :v`) and is an error for BETWEEN and begins_with, whose key
  // attribute must come first.
  absl::Status AddTerm(Op op, std::initializer_list<const Operand*> operands) {
    const std::string* attribute = nullptr;
    absl::InlinedVector<uint32_t, 2> slots;
    for (const Operand* operand : operands) {
      if (const DocumentPath* path = operand->path()) {
        if (attribute != nullptr) {
          return InvalidCondition(
              "Multiple attribute names used in one condition");
        }
        if (!path->is_top_level()) {
          return ShapeError(
              "KeyConditionExpressions cannot have conditions on nested "
              "attributes");
        }
        attribute = &path->attribute();
      } else if (const ValueOperand* value = operand->value()) {
        if (attribute == nullptr) {
          if (op == Op::kBetween || op == Op::kBeginsWith) {
            return InvalidCondition(
                absl::StrCat(op == Op::kBetween ? "BETWEEN" : "begins_with",
                             " operator must have the key attribute as its "
                             "first operand"));
          }
          op = Flip(op);
        }
        slots.push_back(value->slot);
      } else {
        return ShapeError(
            "KeyConditionExpressions cannot contain nested operations");
      }
    }
    if (attribute == nullptr) {
      return InvalidCondition("No key attribute specified");
    }
    for (const KeyTermShape& term : terms_) {
      if (term.attribute == *attribute) {
        return ShapeError(
            "KeyConditionExpressions must only contain one condition per key");
      }
    }
    terms_.push_back(KeyTermShape{*attribute, op, std::move(slots)});
    return absl::OkStatus();
  }

  KeyConditionShape terms_;
};

const KeyConditionTerm* FindTerm(const KeyConditionTermList& terms,
                                 absl::string_view attribute) {
  for (const KeyConditionTerm& term : terms) {
    if (term.attribute == attribute) return &term;
  }
  return nullptr;
}

absl::Status NotSupported() {
  return ValidationError("Query key condition not supported");
}

// The schema checks of one key attribute (dynalite actions/query.js, which
// follows DynamoDB's order). `term` is the attribute's term of `terms`, or
// null when it has none.
absl::Status CheckKeyTerm(const KeySchema& schema, const KeyAttribute& key,
                          KeyRole role, const KeyConditionTermList& terms,
                          const KeyConditionTerm* term) {
  const bool is_partition = role == KeyRole::kPartition;
  if (is_partition && !schema.has_sort_key() && terms.size() > 1) {
    return NotSupported();
  }
  if (term == nullptr) {
    if (is_partition || terms.size() > 1) {
      return ValidationError(absl::StrCat(
          "Query condition missed key schema element: ", key.name));
    }
    return absl::OkStatus();
  }
  for (const AttributeValue* value : term->values) {
    if (value->type() != ValueTypeOf(key.type)) {
      return ValidationError(
          "One or more parameter values were invalid: Condition parameter "
          "type does not match schema type");
    }
  }
  if (is_partition && term->op != Op::kEq) return NotSupported();
  for (const AttributeValue* value : term->values) {
    DYNAMITE_RETURN_IF_ERROR(CheckKeyValue(schema, *value, role));
  }
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<KeyConditionShape> KeyConditionShapeOf(
    const Condition& condition) {
  TermCollector collector;
  DYNAMITE_RETURN_IF_ERROR(collector.Visit(condition));
  KeyConditionShape shape = collector.TakeTerms();
  // A multi-attribute GSI key (query/multi_key_condition.h) takes up to
  // eight conditions; a one-attribute key's limit of two is checked
  // against the schema, in BindKeyCondition().
  if (shape.size() > kMaxKeyConditions) {
    return ValidationError("Conditions can be of length 1 or 2 only");
  }
  return shape;
}

KeyConditionTermList BindKeyConditionShape(const KeyConditionShape& shape,
                                           ValueBindings values) {
  KeyConditionTermList terms;
  for (const KeyTermShape& term : shape) {
    KeyConditionTerm& bound = terms.emplace_back();
    bound.attribute = term.attribute;
    bound.op = term.op;
    for (const uint32_t slot : term.slots) bound.values.push_back(values[slot]);
  }
  return terms;
}

absl::StatusOr<KeyConditionTermList> KeyConditionTerms(
    const Condition& condition, ValueBindings values) {
  DYNAMITE_ASSIGN_OR_RETURN(const KeyConditionShape shape,
                            KeyConditionShapeOf(condition));
  return BindKeyConditionShape(shape, values);
}

absl::StatusOr<KeyCondition> BindKeyCondition(const KeyConditionTermList& terms,
                                              const KeySchema& schema) {
  if (terms.size() > 2) {
    return ValidationError("Conditions can be of length 1 or 2 only");
  }
  // Each term is looked up once, for the checks and the result.
  const KeyConditionTerm* partition =
      FindTerm(terms, schema.partition_key.name);
  const KeyConditionTerm* sort_term =
      schema.has_sort_key() ? FindTerm(terms, schema.sort_key->name) : nullptr;
  DYNAMITE_RETURN_IF_ERROR(CheckKeyTerm(schema, schema.partition_key,
                                        KeyRole::kPartition, terms, partition));
  if (schema.has_sort_key()) {
    DYNAMITE_RETURN_IF_ERROR(CheckKeyTerm(schema, *schema.sort_key,
                                          KeyRole::kSort, terms, sort_term));
  }
  // The partition check passed, so its term is there.
  KeyCondition result;
  result.partition_value = partition->values.front();
  if (sort_term != nullptr) {
    SortKeyCondition sort;
    sort.op = sort_term->op;
    sort.value = sort_term->values.front();
    if (sort_term->values.size() > 1) sort.upper = sort_term->values[1];
    result.sort = sort;
  }
  return result;
}

absl::StatusOr<KeyCondition> CompileKeyCondition(absl::string_view expression,
                                                 const KeySchema& schema,
                                                 Placeholders& placeholders) {
  DYNAMITE_ASSIGN_OR_RETURN(
      Condition condition,
      ParseCondition(expression, ExpressionKind::kKeyConditionExpression,
                     placeholders));
  // Every slot is defined: ParseCondition() succeeded.
  const Placeholders::ValueList values =
      *placeholders.Bind(ValueSlots(condition));
  DYNAMITE_ASSIGN_OR_RETURN(KeyConditionTermList terms,
                            KeyConditionTerms(condition, values));
  return BindKeyCondition(terms, schema);
}

}  // namespace dynamite
