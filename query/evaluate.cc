#include "query/evaluate.h"

#include <algorithm>
#include <compare>
#include <cstddef>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "absl/strings/match.h"

#include "query/path.h"
#include "store/number.h"

namespace dynamite {
namespace {

// What a condition is evaluated against: one item, decoded (`item`) or as
// stored (`packed`; exactly one is set), and the values of the tree's slots.
struct Scope {
  const Item* item;
  const PackedItem* packed;
  ValueBindings values;
};

bool Evaluate(const Condition& condition, const Scope& scope);

// An operand's value for one item. kInvalid is size() of something that has
// no size: it fails every comparison it takes part in, unlike kMissing,
// which `<>` treats as unequal to everything.
class Evaluated {
 public:
  enum class State { kPresent, kMissing, kInvalid };

  static Evaluated Borrowed(const AttributeValue* value) {
    Evaluated e;
    e.state_ = value == nullptr ? State::kMissing : State::kPresent;
    e.borrowed_ = value;
    return e;
  }
  static Evaluated Owned(AttributeValue value) {
    Evaluated e;
    e.state_ = State::kPresent;
    e.owned_ = std::move(value);
    e.is_owned_ = true;
    return e;
  }
  static Evaluated Invalid() {
    Evaluated e;
    e.state_ = State::kInvalid;
    return e;
  }

  State state() const { return state_; }
  // The value, or nullptr unless present. Valid while *this is unchanged.
  const AttributeValue* get() const {
    if (state_ != State::kPresent) return nullptr;
    return is_owned_ ? &owned_ : borrowed_;
  }

 private:
  State state_ = State::kMissing;
  const AttributeValue* borrowed_ = nullptr;
  AttributeValue owned_;
  bool is_owned_ = false;
};

Evaluated EvaluateOperand(const Operand& operand, const Scope& scope) {
  if (const DocumentPath* path = operand.path()) {
    if (scope.item != nullptr) {
      return Evaluated::Borrowed(ResolvePath(*scope.item, *path));
    }
    // A stored item is read in place: only the values the condition names
    // are decoded, never the whole item.
    const std::optional<ValueView> value = ResolvePath(*scope.packed, *path);
    return value.has_value() ? Evaluated::Owned(value->Decode())
                             : Evaluated::Borrowed(nullptr);
  }
  if (const ValueOperand* value = operand.value()) {
    return Evaluated::Borrowed(scope.values[value->slot]);
  }
  const FunctionCall& call = *operand.call();
  // size() is the only function a condition may use as an operand; the
  // parser rejects the others (if_not_exists, list_append) here.
  if (call.function != Function::kSize || call.args.size() != 1) {
    return Evaluated::Invalid();
  }
  const Evaluated arg = EvaluateOperand(call.args[0], scope);
  if (arg.get() == nullptr) return Evaluated::Invalid();
  const int64_t size = ValueSizeFunction(*arg.get());
  if (size < 0) return Evaluated::Invalid();
  return Evaluated::Owned(AttributeValue::N(Number::FromInt(size)));
}

// The order of two values of the same orderable type (S and B as unsigned
// bytes, N numerically), or nullopt when DynamoDB does not order them.
std::optional<std::strong_ordering> Order(const AttributeValue& a,
                                          const AttributeValue& b) {
  if (a.type() != b.type()) return std::nullopt;
  switch (a.type()) {
    case ValueType::kS:
    case ValueType::kB: {
      // std::char_traits<char> compares as unsigned char, so "¿" > "z".
      const std::string& x = a.type() == ValueType::kS ? a.s() : a.b();
      const std::string& y = b.type() == ValueType::kS ? b.s() : b.b();
      const int c = x.compare(y);
      return c < 0   ? std::strong_ordering::less
             : c > 0 ? std::strong_ordering::greater
                     : std::strong_ordering::equal;
    }
    case ValueType::kN:
      return a.n() <=> b.n();
    default:
      return std::nullopt;
  }
}

bool EvaluateComparison(const Comparison& comparison, const Scope& scope) {
  const Evaluated lhs = EvaluateOperand(comparison.lhs, scope);
  const Evaluated rhs = EvaluateOperand(comparison.rhs, scope);
  if (lhs.state() == Evaluated::State::kInvalid ||
      rhs.state() == Evaluated::State::kInvalid) {
    return false;
  }
  const AttributeValue* a = lhs.get();
  const AttributeValue* b = rhs.get();
  if (a == nullptr || b == nullptr) return comparison.op == Comparator::kNe;
  switch (comparison.op) {
    case Comparator::kEq:
      return *a == *b;
    case Comparator::kNe:
      return !(*a == *b);
    default:
      break;
  }
  const std::optional<std::strong_ordering> order = Order(*a, *b);
  if (!order.has_value()) return false;
  switch (comparison.op) {
    case Comparator::kLt:
      return *order < 0;
    case Comparator::kLe:
      return *order <= 0;
    case Comparator::kGt:
      return *order > 0;
    case Comparator::kGe:
      return *order >= 0;
    default:
      return false;
  }
}

bool EvaluateBetween(const Between& between, const Scope& scope) {
  const Evaluated subject = EvaluateOperand(between.subject, scope);
  const Evaluated lower = EvaluateOperand(between.lower, scope);
  const Evaluated upper = EvaluateOperand(between.upper, scope);
  if (subject.get() == nullptr || lower.get() == nullptr ||
      upper.get() == nullptr) {
    return false;
  }
  const std::optional<std::strong_ordering> above_lower =
      Order(*subject.get(), *lower.get());
  const std::optional<std::strong_ordering> below_upper =
      Order(*subject.get(), *upper.get());
  return above_lower.has_value() && below_upper.has_value() &&
         *above_lower >= 0 && *below_upper <= 0;
}

bool EvaluateIn(const InList& in, const Scope& scope) {
  const Evaluated subject = EvaluateOperand(in.subject, scope);
  if (subject.get() == nullptr) return false;
  for (const Operand& candidate : in.candidates) {
    const Evaluated value = EvaluateOperand(candidate, scope);
    if (value.get() != nullptr && *value.get() == *subject.get()) return true;
  }
  return false;
}

bool BeginsWith(const AttributeValue& value, const AttributeValue& prefix) {
  if (value.type() != prefix.type()) return false;
  if (value.type() == ValueType::kS) {
    return absl::StartsWith(value.s(), prefix.s());
  }
  if (value.type() == ValueType::kB) {
    return absl::StartsWith(value.b(), prefix.b());
  }
  return false;
}

template <typename T>
bool Has(const std::vector<T>& members, const T& wanted) {
  return std::find(members.begin(), members.end(), wanted) != members.end();
}

// contains(haystack, needle): substring for S and B, membership for sets
// (NS numerically), element equality for L; a map contains nothing.
bool Contains(const AttributeValue& haystack, const AttributeValue& needle) {
  switch (haystack.type()) {
    case ValueType::kS:
      return needle.type() == ValueType::kS &&
             absl::StrContains(haystack.s(), needle.s());
    case ValueType::kB:
      return needle.type() == ValueType::kB &&
             absl::StrContains(haystack.b(), needle.b());
    case ValueType::kSS:
      return needle.type() == ValueType::kS && Has(haystack.ss(), needle.s());
    case ValueType::kNS:
      return needle.type() == ValueType::kN && Has(haystack.ns(), needle.n());
    case ValueType::kBS:
      return needle.type() == ValueType::kB && Has(haystack.bs(), needle.b());
    case ValueType::kL:
      return Has(haystack.l(), needle);
    default:
      return false;
  }
}

bool EvaluateFunction(const FunctionCall& call, const Scope& scope) {
  // Condition functions take one or two operands (the parser checked the
  // arity), evaluated in place: this runs once per item a filter reads.
  if (call.args.empty() || call.args.size() > 2) return false;
  const Evaluated subject = EvaluateOperand(call.args[0], scope);
  switch (call.function) {
    case Function::kAttributeExists:
      return call.args.size() == 1 &&
             subject.state() == Evaluated::State::kPresent;
    case Function::kAttributeNotExists:
      return call.args.size() == 1 &&
             subject.state() == Evaluated::State::kMissing;
    default:
      break;
  }
  if (call.args.size() != 2 || subject.get() == nullptr) return false;
  const Evaluated operand = EvaluateOperand(call.args[1], scope);
  if (operand.get() == nullptr) return false;
  const AttributeValue& first = *subject.get();
  const AttributeValue& second = *operand.get();
  switch (call.function) {
    case Function::kAttributeType:
      return second.type() == ValueType::kS &&
             ValueTypeName(first.type()) == second.s();
    case Function::kBeginsWith:
      return BeginsWith(first, second);
    case Function::kContains:
      return Contains(first, second);
    default:
      return false;
  }
}

bool EvaluateLogical(const Logical& logical, const Scope& scope) {
  switch (logical.op) {
    case LogicalOp::kAnd:
      for (const Condition& operand : logical.operands) {
        if (!Evaluate(operand, scope)) return false;
      }
      return true;
    case LogicalOp::kOr:
      for (const Condition& operand : logical.operands) {
        if (Evaluate(operand, scope)) return true;
      }
      return false;
    case LogicalOp::kNot:
      return logical.operands.size() == 1 &&
             !Evaluate(logical.operands[0], scope);
  }
  return false;
}

}  // namespace

int64_t ValueSizeFunction(const AttributeValue& value) {
  switch (value.type()) {
    case ValueType::kS: {
      // UTF-16 code units: one per character, two for a character outside
      // the Basic Multilingual Plane (a 4-byte UTF-8 sequence).
      int64_t units = 0;
      for (const char c : value.s()) {
        const auto byte = static_cast<unsigned char>(c);
        if ((byte & 0xC0) == 0x80) continue;  // continuation byte
        units += byte >= 0xF0 ? 2 : 1;
      }
      return units;
    }
    case ValueType::kB:
      return static_cast<int64_t>(value.b().size());
    case ValueType::kSS:
      return static_cast<int64_t>(value.ss().size());
    case ValueType::kNS:
      return static_cast<int64_t>(value.ns().size());
    case ValueType::kBS:
      return static_cast<int64_t>(value.bs().size());
    case ValueType::kL:
      return static_cast<int64_t>(value.l().size());
    case ValueType::kM:
      return static_cast<int64_t>(value.m().size());
    case ValueType::kN:
    case ValueType::kBool:
    case ValueType::kNull:
      return -1;
  }
  return -1;
}

bool EvaluateCondition(const Condition& condition, ValueBindings values,
                       const Item& item) {
  return Evaluate(condition, Scope{&item, nullptr, values});
}

bool EvaluateCondition(const Condition& condition, ValueBindings values,
                       const PackedItem& item) {
  return Evaluate(condition, Scope{nullptr, &item, values});
}

namespace {

bool Evaluate(const Condition& condition, const Scope& scope) {
  return std::visit(
      [&scope](const auto& node) -> bool {
        using T = std::decay_t<decltype(node)>;
        if constexpr (std::is_same_v<T, Comparison>) {
          return EvaluateComparison(node, scope);
        } else if constexpr (std::is_same_v<T, Between>) {
          return EvaluateBetween(node, scope);
        } else if constexpr (std::is_same_v<T, InList>) {
          return EvaluateIn(node, scope);
        } else if constexpr (std::is_same_v<T, FunctionCall>) {
          return EvaluateFunction(node, scope);
        } else {
          return EvaluateLogical(node, scope);
        }
      },
      condition.rep);
}

}  // namespace
}  // namespace dynamite
