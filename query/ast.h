// The syntax tree of DynamoDB expressions (reference §7.5).
//
// A tree is built by query/parser.h with every #name resolved: a
// DocumentPath holds literal attribute names (a `#n` is one path element
// whatever its text, so `#n` = "a.b" is the attribute "a.b"). A `:value` is
// a slot, bound to a value only when the tree is evaluated (ValueBindings).
// Parentheses leave no node: precedence is the shape of the tree. All nodes are
// plain copyable value types; closed sets of alternatives are std::variant.
//
//   condition := Comparison | Between | InList | FunctionCall | Logical
//   operand   := DocumentPath | ValueOperand | FunctionCall
//
// Projection and update expressions reuse DocumentPath and Operand; an
// update (reference §7.7) is four lists of actions:
//
//   update     := [SET SetAction, ...] [REMOVE path, ...]
//                 [ADD AddAction, ...] [DELETE DeleteAction, ...]
//   SetAction  := path = operand [(+ | -) operand]
//   operand    := path | :v | if_not_exists(path, operand)
//               | list_append(operand, operand)
//
// Thread safety: value types; const access may be concurrent.

#ifndef DYNAMITE_QUERY_AST_H_
#define DYNAMITE_QUERY_AST_H_

#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "absl/strings/string_view.h"
#include "absl/types/span.h"

#include "store/value.h"

namespace dynamite {

// ---------------------------------------------------------------- paths

// A list index in a document path: the 3 in `a[3]`.
struct ListIndex {
  int32_t value = 0;
  friend bool operator==(const ListIndex&, const ListIndex&) = default;
};

// One step of a document path: an attribute or map-member name, or a list
// index.
using PathElement = std::variant<std::string, ListIndex>;

// A document path such as `a.b[2].c`. The first element is always a name
// (the top-level attribute).
struct DocumentPath {
  std::vector<PathElement> elements;

  bool is_top_level() const { return elements.size() == 1; }
  // The top-level attribute's name. REQUIRES: elements is not empty.
  const std::string& attribute() const {
    return std::get<std::string>(elements.front());
  }
  friend bool operator==(const DocumentPath&, const DocumentPath&) = default;
};

// DynamoDB's rendering of a path in messages: "[a, b, [2], c]".
std::string DocumentPathToString(const DocumentPath& path);

// ------------------------------------------------------------- operands

// A `:v` reference. The tree holds no value: `slot` indexes the
// ValueBindings the tree is evaluated with, so one parsed tree serves every
// request that writes the same text with other values (query/
// expression_cache.h). Slots are numbered 0, 1, ... by each distinct
// placeholder's first appearance in the text.
struct ValueOperand {
  std::string placeholder;  // ":v", for messages, binding and debugging
  uint32_t slot = 0;
  friend bool operator==(const ValueOperand&, const ValueOperand&) = default;
};

// The values of a tree's slots for one request: slot i is *values[i]. The
// values belong to the request (its ExpressionAttributeValues) or to the
// legacy translation that made the tree (query/bound.h).
using ValueBindings = absl::Span<const AttributeValue* const>;

// The built-in functions. Names are case-sensitive.
enum class Function {
  kAttributeExists,     // attribute_exists(path)
  kAttributeNotExists,  // attribute_not_exists(path)
  kAttributeType,       // attribute_type(operand, :type)
  kBeginsWith,          // begins_with(operand, operand)
  kContains,            // contains(operand, operand)
  kSize,                // size(operand), an operand of type N
  kIfNotExists,         // if_not_exists(path, operand), update only
  kListAppend,          // list_append(operand, operand), update only
};

// "attribute_exists", "size", ...
absl::string_view FunctionName(Function function);

struct Operand;

struct FunctionCall {
  Function function = Function::kSize;
  std::vector<Operand> args;
  friend bool operator==(const FunctionCall&, const FunctionCall&) = default;
};

struct Operand {
  std::variant<DocumentPath, ValueOperand, FunctionCall> rep;

  // The alternative held, or nullptr.
  const DocumentPath* path() const { return std::get_if<DocumentPath>(&rep); }
  const ValueOperand* value() const { return std::get_if<ValueOperand>(&rep); }
  const FunctionCall* call() const { return std::get_if<FunctionCall>(&rep); }
  friend bool operator==(const Operand&, const Operand&) = default;
};

// ----------------------------------------------------------- conditions

enum class Comparator { kEq, kNe, kLt, kLe, kGt, kGe };

// "=", "<>", "<", "<=", ">", ">=".
absl::string_view ComparatorName(Comparator op);

struct Comparison {
  Comparator op = Comparator::kEq;
  Operand lhs;
  Operand rhs;
  friend bool operator==(const Comparison&, const Comparison&) = default;
};

// `subject BETWEEN lower AND upper`, inclusive at both ends.
struct Between {
  Operand subject;
  Operand lower;
  Operand upper;
  friend bool operator==(const Between&, const Between&) = default;
};

// `subject IN (candidates...)`.
struct InList {
  Operand subject;
  std::vector<Operand> candidates;  // 1..99
  friend bool operator==(const InList&, const InList&) = default;
};

enum class LogicalOp { kAnd, kOr, kNot };

struct Condition;

// AND and OR have two operands (left, right); NOT has one.
struct Logical {
  LogicalOp op = LogicalOp::kAnd;
  std::vector<Condition> operands;
  friend bool operator==(const Logical&, const Logical&) = default;
};

// A FunctionCall used as a condition is one of attribute_exists,
// attribute_not_exists, attribute_type, begins_with or contains.
struct Condition {
  std::variant<Comparison, Between, InList, FunctionCall, Logical> rep;
  friend bool operator==(const Condition&, const Condition&) = default;
};

// -------------------------------------------------------------- updates

enum class Arithmetic { kNone, kPlus, kMinus };

// `path = first`, or `path = first + second` / `first - second`.
struct SetAction {
  DocumentPath path;
  Operand first;
  Arithmetic op = Arithmetic::kNone;
  std::optional<Operand> second;  // set iff op != kNone
  friend bool operator==(const SetAction&, const SetAction&) = default;
};

// `ADD path :v` (number addition or set union) and `DELETE path :v` (set
// difference).
struct AddAction {
  DocumentPath path;
  ValueOperand value;
  friend bool operator==(const AddAction&, const AddAction&) = default;
};
using DeleteAction = AddAction;

// A parsed UpdateExpression; each list holds its clause's actions in text
// order (empty when the clause is absent).
struct UpdateExpression {
  std::vector<SetAction> set;
  std::vector<DocumentPath> remove;
  std::vector<AddAction> add;
  std::vector<DeleteAction> del;

  // Every path the update writes or removes, in clause order SET, REMOVE,
  // ADD, DELETE.
  std::vector<DocumentPath> ModifiedPaths() const;
  friend bool operator==(const UpdateExpression&,
                         const UpdateExpression&) = default;
};

// The placeholder of each slot of a tree, by slot: the names to bind a
// request's ExpressionAttributeValues by.
std::vector<std::string> ValueSlots(const Condition& condition);
std::vector<std::string> ValueSlots(const UpdateExpression& update);

// "SET a = (b + :v), c = if_not_exists(c, :z) REMOVE d[1] ADD n :n DELETE
// s :s", for tests and debugging; absent clauses are left out.
std::string UpdateToString(const UpdateExpression& update);

// A compact, fully parenthesised rendering for tests and debugging, e.g.
// "((a < :v) AND (NOT attribute_exists(b.c[0])))". Values print as their
// placeholder.
std::string ConditionToString(const Condition& condition);
std::string OperandToString(const Operand& operand);

}  // namespace dynamite

#endif  // DYNAMITE_QUERY_AST_H_
