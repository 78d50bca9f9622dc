// Legacy parameters -> syntax trees. The translation of one condition on
// attribute `a` (one path element) with AttributeValueList v0, v1, ...:
//
//   EQ NE LT LE GT GE   a = v0, a <> v0, a < v0, a <= v0, a > v0, a >= v0
//   BETWEEN             a BETWEEN v0 AND v1
//   IN                  a IN (v0, v1, ...)
//   BEGINS_WITH         begins_with(a, v0)
//   CONTAINS            contains(a, v0)
//   NOT_CONTAINS        attribute_exists(a) AND NOT contains(a, v0)
//   NULL / NOT_NULL     attribute_not_exists(a) / attribute_exists(a)
//
// NOT_CONTAINS is false for a missing attribute, unlike `NOT contains(a,
// v)` (alternator test_expected.py::test_update_expected_1_not_contains,
// run against AWS; DynamoDB Local's LocalDBComparisonOperator agrees). NE
// stays `<>`, which is true for a missing attribute, as in DynamoDB
// (test_update_expected_1_ne_true).
//
// The conditions of one map are joined as a balanced tree of binary AND /
// OR nodes, left half first: evaluation order and result are those of the
// left-nested chain the parser builds for `c0 AND c1 AND ...` (the same
// tree for up to three conditions), but the depth grows with log n, so no
// request can make evaluation or destruction recurse deeply.
//
// Message sources, cited at each message: dynalite (validations/*.js,
// test/*.js, recorded against DynamoDB 2013-2020), alternator test/alternator
// (run against AWS), ExtendDB tests (dual-target against AWS), DynamoDB
// Local's validation code, and the AWS API reference. Where they disagree,
// the AWS-recorded source wins and the comment says so.

#include "query/legacy.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_set.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"

#include "common/constraint_error.h"
#include "common/errors.h"
#include "common/status_macros.h"
#include "store/key_codec.h"

namespace dynamite {
namespace {

using Op = ComparisonOperator;

constexpr absl::string_view kInvalidPrefix =
    "One or more parameter values were invalid: ";

absl::Status InvalidParameter(absl::string_view detail) {
  return ValidationError(absl::StrCat(kInvalidPrefix, detail));
}

// ------------------------------------------------------ condition checks

bool IsOrderable(ValueType type) {
  return type == ValueType::kS || type == ValueType::kN ||
         type == ValueType::kB;
}

bool IsSet(ValueType type) {
  return type == ValueType::kSS || type == ValueType::kNS ||
         type == ValueType::kBS;
}

// How many values each operator takes: NULL and NOT_NULL none, IN one or
// more, BETWEEN two, the others one (dynalite validations/index.js
// validateConditions; DynamoDB Local LocalDBComparisonOperator).
bool IsValidCount(Op op, size_t count) {
  switch (op) {
    case Op::kNull:
    case Op::kNotNull:
      return count == 0;
    case Op::kIn:
      return count >= 1;
    case Op::kBetween:
      return count == 2;
    case Op::kEq:
    case Op::kNe:
    case Op::kLe:
    case Op::kLt:
    case Op::kGe:
    case Op::kGt:
    case Op::kContains:
    case Op::kNotContains:
    case Op::kBeginsWith:
      break;
  }
  return count == 1;
}

// The value types each operator takes. EQ and NE take every type (alternator
// test_query_filter.py::test_query_filter_eq compares lists, maps, sets and
// booleans on AWS); the ordering operators, IN and BETWEEN take S, N and B;
// BEGINS_WITH S and B; CONTAINS and NOT_CONTAINS the scalars, not sets,
// lists or maps (dynalite test/scan.js; alternator test_expected.py
// ::test_update_expected_1_contains rejects a list on AWS). DISAGREE:
// dynalite also rejects BOOL and NULL for CONTAINS (and BOOL, NULL, L, M
// for EQ); DynamoDB Local's isTypeSupported() accepts them and AWS accepts
// them for EQ, so we accept them. UNVERIFIED on AWS: CONTAINS with BOOL or
// NULL.
bool IsSupportedType(Op op, ValueType type) {
  switch (op) {
    case Op::kEq:
    case Op::kNe:
    case Op::kNull:
    case Op::kNotNull:
      return true;
    case Op::kLe:
    case Op::kLt:
    case Op::kGe:
    case Op::kGt:
    case Op::kIn:
    case Op::kBetween:
      return IsOrderable(type);
    case Op::kBeginsWith:
      return type == ValueType::kS || type == ValueType::kB;
    case Op::kContains:
    case Op::kNotContains:
      break;
  }
  return IsOrderable(type) || type == ValueType::kBool ||
         type == ValueType::kNull;
}

// The checks of one ComparisonOperator and its AttributeValueList, in
// DynamoDB's order: every value valid, the number of values, then per value
// its type for the operator and the same type as the first value, then the
// BETWEEN bounds (DynamoDB Local LocalDBValidatorUtils
// .validateArgumentsForComparisonOperator; its per-value order is what makes
// BETWEEN [S, SS] report the SS type, as in dynalite test/scan.js "should
// return ValidationException for BETWEEN on type SS").
absl::Status CheckCondition(Op op, const std::vector<AttributeValue>& values) {
  for (const AttributeValue& value : values) {
    DYNAMITE_RETURN_IF_ERROR(ValidateAttributeValue(value));
  }
  if (!IsValidCount(op, values.size())) {
    // dynalite test/scan.js "should return ValidationException for 0 args to
    // NE" and siblings; alternator test_key_conditions.py
    // ::test_key_conditions_partition_one ("ValidationException.*EQ").
    return InvalidParameter(
        absl::StrCat("Invalid number of argument(s) for the ",
                     ComparisonOperatorName(op), " ComparisonOperator"));
  }
  for (const AttributeValue& value : values) {
    if (!IsSupportedType(op, value.type())) {
      // dynalite test/scan.js "should return ValidationException for LT on
      // type SS" and siblings.
      return InvalidParameter(
          absl::StrCat("ComparisonOperator ", ComparisonOperatorName(op),
                       " is not valid for ", ValueTypeName(value.type()),
                       " AttributeValue type"));
    }
    if (value.type() != values.front().type()) {
      // dynalite test/query.js "should return ValidationException if
      // AttributeValueList has different types"; alternator
      // test_expected.py::test_update_expected_1_in ([3, 'dog'] rejected).
      return InvalidParameter(
          "AttributeValues inside AttributeValueList must be of same type");
    }
  }
  // Key encodings order exactly as DynamoDB orders S, N and B values.
  if (op == Op::kBetween &&
      EncodeKeyValue(values[0]) > EncodeKeyValue(values[1])) {
    // No prefix (dynalite test/query.js "should return ValidationException
    // if BETWEEN arguments are in the incorrect order"; reference §5.1).
    return ValidationError(
        "The BETWEEN condition was provided a range where the lower bound is "
        "greater than the upper bound");
  }
  return absl::OkStatus();
}

// ----------------------------------------------------------- translation

DocumentPath TopLevel(const std::string& attribute) {
  return DocumentPath{{PathElement(attribute)}};
}

Operand PathOperand(const std::string& attribute) {
  return Operand{TopLevel(attribute)};
}

Condition Call(Function function, std::vector<Operand> args) {
  return Condition{FunctionCall{function, std::move(args)}};
}

Condition MakeLogical(LogicalOp op, std::vector<Condition> operands) {
  return Condition{Logical{op, std::move(operands)}};
}

Comparator ComparatorOf(Op op) {
  switch (op) {
    case Op::kNe:
      return Comparator::kNe;
    case Op::kLe:
      return Comparator::kLe;
    case Op::kLt:
      return Comparator::kLt;
    case Op::kGe:
      return Comparator::kGe;
    case Op::kGt:
      return Comparator::kGt;
    case Op::kEq:
    case Op::kNotNull:
    case Op::kNull:
    case Op::kContains:
    case Op::kNotContains:
    case Op::kBeginsWith:
    case Op::kIn:
    case Op::kBetween:
      break;
  }
  return Comparator::kEq;
}

// Builds the trees of one parameter, numbering its values ":v0", ":v1", ...
class Translator {
 public:
  Operand Value(AttributeValue value) {
    return Operand{RawValue(std::move(value))};
  }

  // A new slot holding `value`.
  ValueOperand RawValue(AttributeValue value) {
    const auto slot = static_cast<uint32_t>(literals_.size());
    literals_.push_back(std::move(value));
    return ValueOperand{absl::StrCat(":v", slot), slot};
  }

  // The values of the slots made so far, by slot.
  std::vector<AttributeValue> TakeLiterals() { return std::move(literals_); }

  // REQUIRES: CheckCondition(op, values) is OK.
  Condition Translate(const std::string& attribute, Op op,
                      const std::vector<AttributeValue>& values) {
    switch (op) {
      case Op::kEq:
      case Op::kNe:
      case Op::kLe:
      case Op::kLt:
      case Op::kGe:
      case Op::kGt:
        return Condition{Comparison{ComparatorOf(op), PathOperand(attribute),
                                    Value(values[0])}};
      case Op::kNotNull:
        return Call(Function::kAttributeExists, {PathOperand(attribute)});
      case Op::kNull:
        return Call(Function::kAttributeNotExists, {PathOperand(attribute)});
      case Op::kContains:
        return Call(Function::kContains,
                    {PathOperand(attribute), Value(values[0])});
      case Op::kNotContains: {
        Condition contains = Call(Function::kContains,
                                  {PathOperand(attribute), Value(values[0])});
        std::vector<Condition> not_contains;
        not_contains.push_back(std::move(contains));
        std::vector<Condition> both;
        both.push_back(
            Call(Function::kAttributeExists, {PathOperand(attribute)}));
        both.push_back(MakeLogical(LogicalOp::kNot, std::move(not_contains)));
        return MakeLogical(LogicalOp::kAnd, std::move(both));
      }
      case Op::kBeginsWith:
        return Call(Function::kBeginsWith,
                    {PathOperand(attribute), Value(values[0])});
      case Op::kIn: {
        InList in{PathOperand(attribute), {}};
        for (const AttributeValue& value : values) {
          in.candidates.push_back(Value(value));
        }
        return Condition{std::move(in)};
      }
      case Op::kBetween:
        break;
    }
    return Condition{
        Between{PathOperand(attribute), Value(values[0]), Value(values[1])}};
  }

 private:
  std::vector<AttributeValue> literals_;
};

// Joins conditions[begin, end) with `op` as a balanced tree, the left half
// no smaller than the right. REQUIRES: begin < end.
Condition JoinRange(std::vector<Condition>& conditions, size_t begin,
                    size_t end, LogicalOp op) {
  if (end - begin == 1) return std::move(conditions[begin]);
  const size_t middle = begin + (end - begin + 1) / 2;
  std::vector<Condition> operands;
  operands.push_back(JoinRange(conditions, begin, middle, op));
  operands.push_back(JoinRange(conditions, middle, end, op));
  return MakeLogical(op, std::move(operands));
}

std::optional<Condition> Join(std::vector<Condition> conditions,
                              ConditionalOperator op) {
  if (conditions.empty()) return std::nullopt;
  return JoinRange(
      conditions, 0, conditions.size(),
      op == ConditionalOperator::kAnd ? LogicalOp::kAnd : LogicalOp::kOr);
}

// --------------------------------------------------------------- Expected

std::string ForAttribute(absl::string_view attribute) {
  return absl::StrCat(" for Attribute: ", attribute);
}

// The structural checks of one Expected entry, in DynamoDB Local's order
// (WriteDataPlaneFunction.validateExpectedAttribute). The messages are also
// in dynalite validations/index.js validateAttributeConditions and its
// test/putItem.js, recorded against DynamoDB; alternator test_expected.py
// (run against AWS) checks that each combination is a ValidationException.
// A Value with a ComparisonOperator and no AttributeValueList is accepted
// as a one-value list by both, as the wording of the "Value or
// AttributeValueList must be used" message implies.
absl::Status CheckExpectedShape(const std::string& attribute,
                                const ExpectedAttributeValue& expected) {
  if (expected.exists.has_value() && expected.op.has_value()) {
    return InvalidParameter(
        absl::StrCat("Exists and ComparisonOperator cannot be used together",
                     ForAttribute(attribute)));
  }
  if (expected.value.has_value() && expected.values.has_value()) {
    return InvalidParameter(
        absl::StrCat("Value and AttributeValueList cannot be used together",
                     ForAttribute(attribute)));
  }
  if (!expected.op.has_value() && expected.values.has_value()) {
    return InvalidParameter(absl::StrCat(
        "AttributeValueList can only be used with a ComparisonOperator",
        ForAttribute(attribute)));
  }
  if (expected.exists == false && expected.value.has_value()) {
    return InvalidParameter(absl::StrCat(
        "Value cannot be used when Exists is false", ForAttribute(attribute)));
  }
  if (expected.value.has_value() || expected.values.has_value()) {
    return absl::OkStatus();
  }
  if (expected.op.has_value()) {
    if (*expected.op == Op::kNull || *expected.op == Op::kNotNull) {
      return absl::OkStatus();
    }
    return InvalidParameter(absl::StrCat(
        "Value or AttributeValueList must be used with ComparisonOperator: ",
        ComparisonOperatorName(*expected.op), ForAttribute(attribute)));
  }
  if (!expected.exists.has_value()) {
    return InvalidParameter(absl::StrCat(
        "Value must be provided when Exists is null", ForAttribute(attribute)));
  }
  if (*expected.exists) {
    return InvalidParameter(absl::StrCat(
        "Value must be provided when Exists is true", ForAttribute(attribute)));
  }
  return absl::OkStatus();
}

// The AttributeValueList an Expected entry with a ComparisonOperator uses.
std::vector<AttributeValue> ExpectedValues(
    const ExpectedAttributeValue& expected) {
  if (expected.values.has_value()) return *expected.values;
  if (expected.value.has_value()) return {*expected.value};
  return {};
}

// ------------------------------------------------------- AttributeUpdates

// The checks of one AttributeUpdates entry, in the order of dynalite
// validations/updateItem.js (and DynamoDB Local's validateAttributeUpdates).
// The type is named by its descriptor, as in dynalite test/updateItem.js
// "should return ValidationException if trying to delete incorrect types" /
// "... add incorrect types" (recorded against DynamoDB); alternator
// test_item.py::test_update_item_delete and ::test_update_item_add check
// "ValidationException.*type" on AWS. UNVERIFIED: whether current AWS
// spells the type as a descriptor ("S") or a DocumentNodeType name.
absl::Status CheckAttributeUpdate(const AttributeValueUpdate& update) {
  if (update.value.has_value()) {
    DYNAMITE_RETURN_IF_ERROR(ValidateAttributeValue(*update.value));
  }
  if (!update.value.has_value()) {
    if (update.action == AttributeAction::kDelete) return absl::OkStatus();
    // dynalite validations/updateItem.js; test/updateItem.js "should return
    // ValidationException if update has no value"; reference §7.7.
    return InvalidParameter(
        "Only DELETE action is allowed when no attribute value is specified");
  }
  const ValueType type = update.value->type();
  switch (update.action) {
    case AttributeAction::kPut:
      return absl::OkStatus();
    case AttributeAction::kDelete:
      if (IsSet(type)) return absl::OkStatus();
      return InvalidParameter(absl::StrCat(
          "DELETE action with value is not supported for the type ",
          ValueTypeName(type)));
    case AttributeAction::kAdd:
      break;
  }
  // ADD takes numbers, sets and lists (alternator test_item.py
  // ::test_update_item_add appends lists on AWS).
  if (type == ValueType::kN || type == ValueType::kL || IsSet(type)) {
    return absl::OkStatus();
  }
  return InvalidParameter(absl::StrCat(
      "ADD action is not supported for the type ", ValueTypeName(type)));
}

// ApplyUpdate()'s message for ADD / DELETE / list_append on an attribute of
// another type (query/update.cc).
constexpr absl::string_view kExpressionWrongType =
    "An operand in the update expression has an incorrect data type";

// -------------------------------------------------------- KeyConditions

SortKeyCondition::Op KeyOpOf(Op op) {
  switch (op) {
    case Op::kLe:
      return SortKeyCondition::Op::kLe;
    case Op::kLt:
      return SortKeyCondition::Op::kLt;
    case Op::kGe:
      return SortKeyCondition::Op::kGe;
    case Op::kGt:
      return SortKeyCondition::Op::kGt;
    case Op::kBeginsWith:
      return SortKeyCondition::Op::kBeginsWith;
    case Op::kBetween:
      return SortKeyCondition::Op::kBetween;
    case Op::kEq:
    case Op::kNe:
    case Op::kNotNull:
    case Op::kNull:
    case Op::kContains:
    case Op::kNotContains:
    case Op::kIn:
      break;
  }
  return SortKeyCondition::Op::kEq;
}

bool IsIndexable(Op op) {
  switch (op) {
    case Op::kEq:
    case Op::kLe:
    case Op::kLt:
    case Op::kGe:
    case Op::kGt:
    case Op::kBeginsWith:
    case Op::kBetween:
      return true;
    case Op::kNe:
    case Op::kNotNull:
    case Op::kNull:
    case Op::kContains:
    case Op::kNotContains:
    case Op::kIn:
      break;
  }
  return false;
}

absl::Status NotIndexable() {
  // dynalite actions/query.js and test/query.js "should return
  // ValidationException for unsupported comparison on range"; alternator
  // test_key_conditions.py::test_key_conditions_sort_unsupported (AWS);
  // reference §5.1.
  return ValidationError(
      "Attempted conditional constraint is not an indexable operation");
}

const LegacyCondition* Find(const LegacyConditions& conditions,
                            const std::string& attribute) {
  auto it = conditions.find(attribute);
  return it == conditions.end() ? nullptr : &it->second;
}

}  // namespace

// ------------------------------------------------------------- operators

std::optional<ComparisonOperator> ParseComparisonOperator(
    absl::string_view name) {
  static constexpr Op kAll[] = {
      Op::kEq,       Op::kNe,          Op::kLe,         Op::kLt,
      Op::kGe,       Op::kGt,          Op::kNotNull,    Op::kNull,
      Op::kContains, Op::kNotContains, Op::kBeginsWith, Op::kIn,
      Op::kBetween,
  };
  for (Op op : kAll) {
    if (ComparisonOperatorName(op) == name) return op;
  }
  return std::nullopt;
}

absl::string_view ComparisonOperatorName(ComparisonOperator op) {
  switch (op) {
    case Op::kEq:
      return "EQ";
    case Op::kNe:
      return "NE";
    case Op::kLe:
      return "LE";
    case Op::kLt:
      return "LT";
    case Op::kGe:
      return "GE";
    case Op::kGt:
      return "GT";
    case Op::kNotNull:
      return "NOT_NULL";
    case Op::kNull:
      return "NULL";
    case Op::kContains:
      return "CONTAINS";
    case Op::kNotContains:
      return "NOT_CONTAINS";
    case Op::kBeginsWith:
      return "BEGINS_WITH";
    case Op::kIn:
      return "IN";
    case Op::kBetween:
      break;
  }
  return "BETWEEN";
}

std::optional<ConditionalOperator> ParseConditionalOperator(
    absl::string_view name) {
  if (name == "AND") return ConditionalOperator::kAnd;
  if (name == "OR") return ConditionalOperator::kOr;
  return std::nullopt;
}

absl::StatusOr<ConditionalOperator> ResolveConditionalOperator(
    std::optional<ConditionalOperator> given, size_t condition_count) {
  if (!given.has_value()) return ConditionalOperator::kAnd;
  // ExtendDB tests/test_conditional_operator.py (dual-target against AWS);
  // DynamoDB Local ErrorFactory COND_OP_WITHOUT_FILTER_OR_EXPECTED /
  // COND_OP_WITH_ONE_ELEMENT; alternator test_expected.py
  // ::test_update_expected_empty.
  if (condition_count == 0) {
    return ValidationError(
        "ConditionalOperator cannot be used without Filter or Expected");
  }
  if (condition_count == 1) {
    return ValidationError(
        "ConditionalOperator can only be used when Filter or Expected has two "
        "or more elements");
  }
  return *given;
}

std::optional<AttributeAction> ParseAttributeAction(absl::string_view name) {
  if (name == "PUT") return AttributeAction::kPut;
  if (name == "ADD") return AttributeAction::kAdd;
  if (name == "DELETE") return AttributeAction::kDelete;
  return std::nullopt;
}

// --------------------------------------------------------- KeyConditions

absl::Status CheckKeyConditions(const LegacyConditions& conditions) {
  for (const auto& [attribute, condition] : conditions) {
    DYNAMITE_RETURN_IF_ERROR(CheckCondition(condition.op, condition.values));
  }
  // dynalite validations/query.js; DynamoDB Local ErrorFactory
  // INVALID_KEY_CONDITIONS_SIZE; reference §5.1. A multi-attribute GSI key
  // takes more (kMaxKeyConditions); a one-attribute key's two are checked
  // against the schema, in BindKeyConditions().
  if (conditions.empty() || conditions.size() > kMaxKeyConditions) {
    return ValidationError("Conditions can be of length 1 or 2 only");
  }
  return absl::OkStatus();
}

absl::StatusOr<KeyConditionTermList> LegacyKeyConditionTerms(
    const LegacyConditions& conditions) {
  DYNAMITE_RETURN_IF_ERROR(CheckKeyConditions(conditions));
  KeyConditionTermList terms;
  for (const auto& [attribute, condition] : conditions) {
    if (!IsIndexable(condition.op)) return NotIndexable();
    KeyConditionTerm term{attribute, KeyOpOf(condition.op), {}};
    for (const AttributeValue& value : condition.values) {
      term.values.push_back(&value);
    }
    terms.push_back(std::move(term));
  }
  return terms;
}

// DynamoDB walks the key schema, partition key first, and checks for each
// key: present (else "Query condition missed key schema element"), an
// indexable operator, the value type, EQ on the partition key (dynalite
// actions/query.js). BindKeyCondition() makes every check but the second,
// in the same order, so the operator check is slotted in around it.
absl::StatusOr<KeyCondition> BindKeyConditions(
    const LegacyConditions& conditions, const KeySchema& schema) {
  DYNAMITE_RETURN_IF_ERROR(CheckKeyConditions(conditions));
  if (conditions.size() > 2) {
    return ValidationError("Conditions can be of length 1 or 2 only");
  }
  KeyConditionTermList terms;
  for (const auto& [attribute, condition] : conditions) {
    // A non-indexable operator on a non-key attribute is never looked at:
    // its presence alone fails the schema walk.
    KeyConditionTerm term{attribute, KeyOpOf(condition.op), {}};
    for (const AttributeValue& value : condition.values) {
      term.values.push_back(&value);
    }
    terms.push_back(std::move(term));
  }
  const LegacyCondition* partition =
      Find(conditions, schema.partition_key.name);
  const bool too_many = !schema.has_sort_key() && conditions.size() > 1;
  if (partition == nullptr || too_many) {
    return BindKeyCondition(terms, schema);
  }
  if (!IsIndexable(partition->op)) return NotIndexable();
  const LegacyCondition* sort =
      schema.has_sort_key() ? Find(conditions, schema.sort_key->name) : nullptr;
  if (sort != nullptr && !IsIndexable(sort->op)) {
    // The partition key's remaining checks come first.
    KeyConditionTermList partition_only;
    for (KeyConditionTerm& term : terms) {
      if (term.attribute == schema.partition_key.name) {
        partition_only.push_back(std::move(term));
      }
    }
    DYNAMITE_RETURN_IF_ERROR(BindKeyCondition(partition_only, schema).status());
    return NotIndexable();
  }
  return BindKeyCondition(terms, schema);
}

// ---------------------------------------------------------------- filters

absl::StatusOr<std::optional<BoundCondition>> TranslateFilter(
    const LegacyConditions& conditions, ConditionalOperator op) {
  for (const auto& [attribute, condition] : conditions) {
    DYNAMITE_RETURN_IF_ERROR(CheckCondition(condition.op, condition.values));
  }
  Translator translator;
  std::vector<Condition> translated;
  translated.reserve(conditions.size());
  for (const auto& [attribute, condition] : conditions) {
    translated.push_back(
        translator.Translate(attribute, condition.op, condition.values));
  }
  std::optional<Condition> joined = Join(std::move(translated), op);
  if (!joined.has_value()) return std::optional<BoundCondition>();
  return std::optional<BoundCondition>(
      BoundCondition(*std::move(joined), translator.TakeLiterals()));
}

absl::StatusOr<std::optional<BoundCondition>> TranslateExpected(
    const ExpectedAttributeValues& expected, ConditionalOperator op) {
  for (const auto& [attribute, entry] : expected) {
    DYNAMITE_RETURN_IF_ERROR(CheckExpectedShape(attribute, entry));
    if (entry.op.has_value()) {
      DYNAMITE_RETURN_IF_ERROR(
          CheckCondition(*entry.op, ExpectedValues(entry)));
    } else if (entry.value.has_value()) {
      DYNAMITE_RETURN_IF_ERROR(ValidateAttributeValue(*entry.value));
    }
  }
  Translator translator;
  std::vector<Condition> translated;
  translated.reserve(expected.size());
  for (const auto& [attribute, entry] : expected) {
    if (entry.op.has_value()) {
      translated.push_back(
          translator.Translate(attribute, *entry.op, ExpectedValues(entry)));
    } else if (entry.value.has_value()) {
      translated.push_back(
          translator.Translate(attribute, Op::kEq, {*entry.value}));
    } else {
      translated.push_back(translator.Translate(attribute, Op::kNull, {}));
    }
  }
  std::optional<Condition> joined = Join(std::move(translated), op);
  if (!joined.has_value()) return std::optional<BoundCondition>();
  return std::optional<BoundCondition>(
      BoundCondition(*std::move(joined), translator.TakeLiterals()));
}

// ------------------------------------------------------- AttributeUpdates

absl::StatusOr<BoundUpdate> TranslateAttributeUpdates(
    const AttributeValueUpdates& updates) {
  for (const auto& [attribute, update] : updates) {
    DYNAMITE_RETURN_IF_ERROR(CheckAttributeUpdate(update));
  }
  Translator translator;
  UpdateExpression expression;
  for (const auto& [attribute, update] : updates) {
    DocumentPath path = TopLevel(attribute);
    switch (update.action) {
      case AttributeAction::kPut:
        expression.set.push_back(
            SetAction{std::move(path), translator.Value(*update.value)});
        continue;
      case AttributeAction::kDelete:
        if (update.value.has_value()) {
          expression.del.push_back(DeleteAction{
              std::move(path), translator.RawValue(*update.value)});
        } else {
          expression.remove.push_back(std::move(path));
        }
        continue;
      case AttributeAction::kAdd:
        break;
    }
    if (update.value->type() != ValueType::kL) {
      expression.add.push_back(
          AddAction{std::move(path), translator.RawValue(*update.value)});
      continue;
    }
    // list_append(if_not_exists(a, []), v): appends to an existing list,
    // starts a missing one, and fails with a type error on anything else.
    FunctionCall existing{
        Function::kIfNotExists,
        {PathOperand(attribute), translator.Value(AttributeValue::L({}))}};
    FunctionCall append{
        Function::kListAppend,
        {Operand{std::move(existing)}, translator.Value(*update.value)}};
    expression.set.push_back(
        SetAction{std::move(path), Operand{std::move(append)}});
  }
  return BoundUpdate(std::move(expression), translator.TakeLiterals());
}

absl::StatusOr<UpdateResult> ApplyAttributeUpdates(const BoundUpdate& bound,
                                                   const Item* current,
                                                   const Item& key) {
  const UpdateExpression& update = bound.tree();
  if (update.set.empty() && update.remove.empty() && update.add.empty() &&
      update.del.empty()) {
    // An UpdateItem that changes nothing still creates the item (alternator
    // test_item.py::test_update_item_non_existent, AttributeUpdates={}).
    UpdateResult result;
    result.item = current != nullptr ? *current : key;
    return result;
  }
  absl::StatusOr<UpdateResult> result =
      ApplyUpdate(update, bound.values(), current, key);
  if (!result.ok() && result.status().message() == kExpressionWrongType) {
    // dynalite actions/updateItem.js and test/updateItem.js "should return
    // ValidationException if trying to add NS to SS"; alternator test_item.py
    // ::test_update_item_add / ::test_update_item_delete match "mismatch" on
    // AWS; listed in the AWS API reference (TransactionCanceledException).
    return ValidationError("Type mismatch for attribute to update");
  }
  return result;
}

// -------------------------------------------------------- AttributesToGet

absl::StatusOr<std::vector<DocumentPath>> TranslateAttributesToGet(
    const std::vector<std::string>& names) {
  if (names.empty()) {
    // The request-constraint form (dynalite validations/query.js,
    // AttributesToGet lengthGreaterThanOrEqual 1, in checkValidations'
    // format); alternator test_query.py::test_query_attributes_to_get_empty
    // checks only for a ValidationException on AWS.
    return ConstraintError(
        ConstraintViolation("[]", "attributesToGet",
                            "Member must have length greater than or equal "
                            "to 1"));
  }
  std::vector<DocumentPath> paths;
  paths.reserve(names.size());
  absl::flat_hash_set<absl::string_view> seen;
  for (const std::string& name : names) {
    if (!seen.insert(name).second) {
      // dynalite validations/query.js and test/scan.js "should return
      // ValidationException duplicate values in AttributesToGet"; alternator
      // test_item.py::test_getitem_attributes_to_get_duplicate (AWS);
      // reference §5.4.
      return InvalidParameter(
          absl::StrCat("Duplicate value in attribute name: ", name));
    }
    paths.push_back(TopLevel(name));
  }
  return paths;
}

}  // namespace dynamite
