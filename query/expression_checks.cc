#include "query/expression_checks.h"

#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"

#include "query/ast.h"
#include "store/key_codec.h"
#include "store/value.h"

namespace dynamite::query_internal {
namespace {

// How DynamoDB names "any type" when attribute_type's second operand is a
// document path (seen in AWS responses).
constexpr absl::string_view kAnyOperandType =
    "{SS,M,DECIMAL,DOUBLESET,HDS,N,B,DICT,INTSET,BOOL,HD,BS,INT,DECIMALSET,"
    "NULL,FLOAT,FS,S,L,NS,DOUBLE}";

bool IsKeyType(ValueType type) {
  return type == ValueType::kS || type == ValueType::kN ||
         type == ValueType::kB;
}

// A BETWEEN bound as DynamoDB prints it: AttributeValue: {S:a},
// AttributeValue: {N:1}, and for B the Java ByteBuffer's toString().
// REQUIRES: IsKeyType(value.type()).
std::string BoundToString(const AttributeValue& value) {
  if (value.type() == ValueType::kS) {
    return absl::StrCat("AttributeValue: {S:", value.s(), "}");
  }
  if (value.type() == ValueType::kN) {
    return absl::StrCat("AttributeValue: {N:", value.n().ToString(), "}");
  }
  return absl::StrCat("AttributeValue: {B:java.nio.HeapByteBuffer[pos=0 lim=",
                      value.b().size(), " cap=", value.b().size(), "]}");
}

std::string OperandTypeError(absl::string_view op, absl::string_view type) {
  return absl::StrCat(
      "Incorrect operand type for operator or function; operator or "
      "function: ",
      op, ", operand type: ", type);
}

// attribute_type's second operand must be a constant S naming a type.
void CheckAttributeTypeName(DeferredErrors& errors, const Operand& type_operand,
                            ValueBindings values) {
  const ValueOperand* operand = type_operand.value();
  if (operand == nullptr) {
    errors.AddSemantic(OperandTypeError(
        "attribute_type",
        StaticType(type_operand, values).has_value() ? "N" : kAnyOperandType));
    return;
  }
  const AttributeValue& value = *values[operand->slot];
  if (value.type() != ValueType::kS) {
    errors.AddSemantic(
        OperandTypeError("attribute_type", ValueTypeName(value.type())));
    return;
  }
  static constexpr absl::string_view kTypes[] = {
      "S", "SS", "N", "NS", "B", "BS", "BOOL", "NULL", "L", "M"};
  for (absl::string_view type : kTypes) {
    if (value.s() == type) return;
  }
  errors.AddSemantic(
      absl::StrCat("Invalid attribute type name found; type: ", value.s(),
                   ", valid types: {B,NULL,SS,BOOL,L,BS,N,NS,S,M}"));
}

}  // namespace

void DeferredErrors::AddStatic(size_t offset, int rank, std::string message) {
  if (!static_.has_value() || offset < static_offset_ ||
      (offset == static_offset_ && rank < static_rank_)) {
    static_ = std::move(message);
    static_offset_ = offset;
    static_rank_ = rank;
  }
}

void DeferredErrors::AddSemantic(std::string message) {
  if (!semantic_.has_value()) semantic_ = std::move(message);
}

const std::optional<std::string>& DeferredErrors::Winner() const {
  return static_.has_value() ? static_ : semantic_;
}

std::optional<Function> LookupFunction(absl::string_view name) {
  static constexpr std::pair<absl::string_view, Function> kFunctions[] = {
      {"attribute_exists", Function::kAttributeExists},
      {"attribute_not_exists", Function::kAttributeNotExists},
      {"attribute_type", Function::kAttributeType},
      {"begins_with", Function::kBeginsWith},
      {"contains", Function::kContains},
      {"size", Function::kSize},
      {"if_not_exists", Function::kIfNotExists},
      {"list_append", Function::kListAppend},
  };
  for (const auto& [function_name, function] : kFunctions) {
    if (name == function_name) return function;
  }
  return std::nullopt;
}

size_t FunctionArity(Function function) {
  switch (function) {
    case Function::kAttributeExists:
    case Function::kAttributeNotExists:
    case Function::kSize:
      return 1;
    case Function::kAttributeType:
    case Function::kBeginsWith:
    case Function::kContains:
    case Function::kIfNotExists:
    case Function::kListAppend:
      break;
  }
  return 2;
}

bool IsConditionFunction(Function function) {
  switch (function) {
    case Function::kAttributeExists:
    case Function::kAttributeNotExists:
    case Function::kAttributeType:
    case Function::kBeginsWith:
    case Function::kContains:
      return true;
    case Function::kSize:
    case Function::kIfNotExists:
    case Function::kListAppend:
      break;
  }
  return false;
}

std::optional<ValueType> StaticType(const Operand& operand,
                                    ValueBindings values) {
  if (const ValueOperand* value = operand.value()) {
    return values[value->slot]->type();
  }
  if (const FunctionCall* call = operand.call();
      call != nullptr && call->function == Function::kSize) {
    return ValueType::kN;
  }
  return std::nullopt;
}

void CheckDistinct(DeferredErrors& errors, absl::string_view op,
                   const Operand& first,
                   const std::vector<const Operand*>& rest) {
  const DocumentPath* path = first.path();
  if (path == nullptr) return;
  for (const Operand* other : rest) {
    if (other->path() != nullptr && *other->path() == *path) {
      errors.AddSemantic(absl::StrCat(
          "The first operand must be distinct from the remaining operands "
          "for this operator or function; operator: ",
          op, ", first operand: ", DocumentPathToString(*path)));
      return;
    }
  }
}

void CheckOrderable(DeferredErrors& errors, absl::string_view op,
                    const Operand& operand, ValueBindings values) {
  const std::optional<ValueType> type = StaticType(operand, values);
  if (type.has_value() && !IsKeyType(*type)) {
    errors.AddSemantic(OperandTypeError(op, ValueTypeName(*type)));
  }
}

void CheckBetweenBounds(DeferredErrors& errors, const Between& between,
                        ValueBindings values) {
  const ValueOperand* lower = between.lower.value();
  const ValueOperand* upper = between.upper.value();
  if (lower == nullptr || upper == nullptr) return;
  const AttributeValue& a = *values[lower->slot];
  const AttributeValue& b = *values[upper->slot];
  if (!IsKeyType(a.type()) || !IsKeyType(b.type())) return;
  if (a.type() != b.type()) {
    errors.AddSemantic(absl::StrCat(
        "The BETWEEN operator requires same data type for lower and upper "
        "bounds; lower bound operand: ",
        BoundToString(a), ", upper bound operand: ", BoundToString(b)));
  } else if (a.type() == ValueType::kN
                 ? a.n() > b.n()
                 : EncodeKeyBytes(a).view() > EncodeKeyBytes(b).view()) {
    // Numbers numerically, S and B by unsigned bytes (their key encoding,
    // borrowed, not copied), as DynamoDB orders them.
    errors.AddSemantic(absl::StrCat(
        "The BETWEEN operator requires upper bound to be greater than or "
        "equal to lower bound; lower bound operand: ",
        BoundToString(a), ", upper bound operand: ", BoundToString(b)));
  }
}

void CheckFunctionOperands(DeferredErrors& errors, const FunctionCall& call,
                           ValueBindings values) {
  const absl::string_view name = FunctionName(call.function);
  switch (call.function) {
    case Function::kAttributeExists:
    case Function::kAttributeNotExists:
      if (call.args[0].path() == nullptr) {
        errors.AddSemantic(absl::StrCat(
            "Operator or function requires a document path; operator or "
            "function: ",
            name));
      }
      return;
    case Function::kAttributeType:
      CheckDistinct(errors, name, call.args[0], {&call.args[1]});
      CheckAttributeTypeName(errors, call.args[1], values);
      return;
    case Function::kBeginsWith:
      CheckDistinct(errors, name, call.args[0], {&call.args[1]});
      for (const Operand& arg : call.args) {
        const std::optional<ValueType> type = StaticType(arg, values);
        if (type.has_value() && *type != ValueType::kS &&
            *type != ValueType::kB) {
          errors.AddSemantic(OperandTypeError(name, ValueTypeName(*type)));
        }
      }
      return;
    case Function::kContains:
      CheckDistinct(errors, name, call.args[0], {&call.args[1]});
      return;
    case Function::kSize:
      if (const std::optional<ValueType> type =
              StaticType(call.args[0], values);
          type == ValueType::kN || type == ValueType::kBool ||
          type == ValueType::kNull) {
        errors.AddSemantic(OperandTypeError(name, ValueTypeName(*type)));
      }
      return;
    case Function::kIfNotExists:
    case Function::kListAppend:
      // Update functions; the update expression parser checks their
      // operands.
      return;
  }
}

bool PassesValueContentChecks(const Condition& condition,
                              ValueBindings values) {
  if (const Between* between = std::get_if<Between>(&condition.rep)) {
    DeferredErrors errors;
    CheckBetweenBounds(errors, *between, values);
    return !errors.Winner().has_value();
  }
  if (const FunctionCall* call = std::get_if<FunctionCall>(&condition.rep)) {
    if (call->function != Function::kAttributeType || call->args.size() != 2) {
      return true;
    }
    DeferredErrors errors;
    CheckAttributeTypeName(errors, call->args[1], values);
    return !errors.Winner().has_value();
  }
  if (const Logical* logical = std::get_if<Logical>(&condition.rep)) {
    for (const Condition& operand : logical->operands) {
      if (!PassesValueContentChecks(operand, values)) return false;
    }
  }
  return true;
}

}  // namespace dynamite::query_internal
