#include "query/ast.h"

#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/string_view.h"

namespace dynamite {
namespace {

template <class... Ts>
struct Overloaded : Ts... {
  using Ts::operator()...;
};
template <class... Ts>
Overloaded(Ts...) -> Overloaded<Ts...>;

// "a.b[2]" as written (names unescaped).
std::string PathSource(const DocumentPath& path) {
  std::string out;
  for (const PathElement& element : path.elements) {
    if (const std::string* name = std::get_if<std::string>(&element)) {
      if (!out.empty()) out += '.';
      out += *name;
    } else {
      absl::StrAppend(&out, "[", std::get<ListIndex>(element).value, "]");
    }
  }
  return out;
}

std::string CallToString(const FunctionCall& call) {
  std::string out = absl::StrCat(FunctionName(call.function), "(");
  for (size_t i = 0; i < call.args.size(); ++i) {
    if (i > 0) out += ", ";
    out += OperandToString(call.args[i]);
  }
  return out + ")";
}

}  // namespace

std::string DocumentPathToString(const DocumentPath& path) {
  std::string out = "[";
  for (size_t i = 0; i < path.elements.size(); ++i) {
    if (i > 0) out += ", ";
    const PathElement& element = path.elements[i];
    if (const std::string* name = std::get_if<std::string>(&element)) {
      out += *name;
    } else {
      absl::StrAppend(&out, "[", std::get<ListIndex>(element).value, "]");
    }
  }
  return out + "]";
}

absl::string_view FunctionName(Function function) {
  switch (function) {
    case Function::kAttributeExists:
      return "attribute_exists";
    case Function::kAttributeNotExists:
      return "attribute_not_exists";
    case Function::kAttributeType:
      return "attribute_type";
    case Function::kBeginsWith:
      return "begins_with";
    case Function::kContains:
      return "contains";
    case Function::kSize:
      return "size";
    case Function::kIfNotExists:
      return "if_not_exists";
    case Function::kListAppend:
      return "list_append";
  }
  return "";
}

absl::string_view ComparatorName(Comparator op) {
  switch (op) {
    case Comparator::kEq:
      return "=";
    case Comparator::kNe:
      return "<>";
    case Comparator::kLt:
      return "<";
    case Comparator::kLe:
      return "<=";
    case Comparator::kGt:
      return ">";
    case Comparator::kGe:
      return ">=";
  }
  return "";
}

std::string OperandToString(const Operand& operand) {
  return std::visit(
      Overloaded{
          [](const DocumentPath& path) { return PathSource(path); },
          [](const ValueOperand& value) { return value.placeholder; },
          [](const FunctionCall& call) { return CallToString(call); },
      },
      operand.rep);
}

std::string ConditionToString(const Condition& condition) {
  return std::visit(
      Overloaded{
          [](const Comparison& c) {
            return absl::StrCat("(", OperandToString(c.lhs), " ",
                                ComparatorName(c.op), " ",
                                OperandToString(c.rhs), ")");
          },
          [](const Between& b) {
            return absl::StrCat("(", OperandToString(b.subject), " BETWEEN ",
                                OperandToString(b.lower), " AND ",
                                OperandToString(b.upper), ")");
          },
          [](const InList& in) {
            return absl::StrCat(
                "(", OperandToString(in.subject), " IN (",
                absl::StrJoin(in.candidates, ", ",
                              [](std::string* out, const Operand& o) {
                                out->append(OperandToString(o));
                              }),
                "))");
          },
          [](const FunctionCall& call) { return CallToString(call); },
          [](const Logical& l) {
            if (l.op == LogicalOp::kNot) {
              return absl::StrCat("(NOT ", ConditionToString(l.operands[0]),
                                  ")");
            }
            return absl::StrCat("(", ConditionToString(l.operands[0]),
                                l.op == LogicalOp::kAnd ? " AND " : " OR ",
                                ConditionToString(l.operands[1]), ")");
          },
      },
      condition.rep);
}

std::vector<DocumentPath> UpdateExpression::ModifiedPaths() const {
  std::vector<DocumentPath> paths;
  for (const SetAction& action : set) paths.push_back(action.path);
  for (const DocumentPath& path : remove) paths.push_back(path);
  for (const AddAction& action : add) paths.push_back(action.path);
  for (const DeleteAction& action : del) paths.push_back(action.path);
  return paths;
}

std::string UpdateToString(const UpdateExpression& update) {
  std::vector<std::string> clauses;
  if (!update.set.empty()) {
    clauses.push_back(absl::StrCat(
        "SET ", absl::StrJoin(
                    update.set, ", ", [](std::string* out, const SetAction& a) {
                      absl::StrAppend(out, PathSource(a.path), " = ");
                      if (a.op == Arithmetic::kNone) {
                        out->append(OperandToString(a.first));
                        return;
                      }
                      absl::StrAppend(out, "(", OperandToString(a.first),
                                      a.op == Arithmetic::kPlus ? " + " : " - ",
                                      OperandToString(*a.second), ")");
                    })));
  }
  if (!update.remove.empty()) {
    clauses.push_back(absl::StrCat(
        "REMOVE ", absl::StrJoin(update.remove, ", ",
                                 [](std::string* out, const DocumentPath& p) {
                                   out->append(PathSource(p));
                                 })));
  }
  const auto join_values = [](const std::vector<AddAction>& actions) {
    return absl::StrJoin(
        actions, ", ", [](std::string* out, const AddAction& a) {
          absl::StrAppend(out, PathSource(a.path), " ", a.value.placeholder);
        });
  };
  if (!update.add.empty()) {
    clauses.push_back(absl::StrCat("ADD ", join_values(update.add)));
  }
  if (!update.del.empty()) {
    clauses.push_back(absl::StrCat("DELETE ", join_values(update.del)));
  }
  return absl::StrJoin(clauses, " ");
}

namespace {

// Records every ValueOperand of a tree at its slot.
class SlotCollector {
 public:
  void Visit(const ValueOperand& value) {
    if (slots_.size() <= value.slot) slots_.resize(value.slot + 1);
    slots_[value.slot] = value.placeholder;
  }
  void Visit(const Operand& operand) {
    if (const ValueOperand* value = operand.value()) Visit(*value);
    if (const FunctionCall* call = operand.call()) {
      for (const Operand& arg : call->args) Visit(arg);
    }
  }
  void Visit(const Condition& condition) {
    std::visit(Overloaded{
                   [this](const Comparison& c) {
                     Visit(c.lhs);
                     Visit(c.rhs);
                   },
                   [this](const Between& b) {
                     Visit(b.subject);
                     Visit(b.lower);
                     Visit(b.upper);
                   },
                   [this](const InList& in) {
                     Visit(in.subject);
                     for (const Operand& o : in.candidates) Visit(o);
                   },
                   [this](const FunctionCall& call) {
                     for (const Operand& arg : call.args) Visit(arg);
                   },
                   [this](const Logical& l) {
                     for (const Condition& c : l.operands) Visit(c);
                   },
               },
               condition.rep);
  }
  std::vector<std::string> Take() && { return std::move(slots_); }

 private:
  std::vector<std::string> slots_;
};

}  // namespace

std::vector<std::string> ValueSlots(const Condition& condition) {
  SlotCollector collector;
  collector.Visit(condition);
  return std::move(collector).Take();
}

std::vector<std::string> ValueSlots(const UpdateExpression& update) {
  SlotCollector collector;
  for (const SetAction& action : update.set) {
    collector.Visit(action.first);
    if (action.second.has_value()) collector.Visit(*action.second);
  }
  for (const AddAction& action : update.add) collector.Visit(action.value);
  for (const DeleteAction& action : update.del) collector.Visit(action.value);
  return std::move(collector).Take();
}

}  // namespace dynamite
