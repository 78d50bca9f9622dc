#include "query/update.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"

#include "common/errors.h"
#include "common/status_macros.h"
#include "query/path.h"
#include "query/projection.h"
#include "store/number.h"

namespace dynamite {
namespace {

absl::Status MissingAttribute() {
  return ValidationError(
      "The provided expression refers to an attribute that does not exist in "
      "the item");
}

absl::Status WrongType() {
  return ValidationError(
      "An operand in the update expression has an incorrect data type");
}

absl::Status InvalidPath() {
  return ValidationError(
      "The document path provided in the update expression is invalid for "
      "update");
}

// The value at the first `n` elements of `path` inside `item`, or nullptr.
// Mutable and const flavours share the walk.
template <typename ItemT, typename ValueT>
ValueT* WalkPrefix(ItemT& item, const DocumentPath& path, size_t n) {
  auto it = item.find(path.attribute());
  if (it == item.end()) return nullptr;
  ValueT* value = &it->second;
  for (size_t i = 1; i < n; ++i) {
    const PathElement& element = path.elements[i];
    if (const std::string* name = std::get_if<std::string>(&element)) {
      if (value->type() != ValueType::kM) return nullptr;
      auto& members = [&]() -> auto& {
        if constexpr (std::is_const_v<ValueT>) {
          return value->m();
        } else {
          return value->mutable_m();
        }
      }
      ();
      auto member = members.find(*name);
      if (member == members.end()) return nullptr;
      value = &member->second;
    } else {
      const size_t index = std::get<ListIndex>(element).value;
      if (value->type() != ValueType::kL) return nullptr;
      auto& list = [&]() -> auto& {
        if constexpr (std::is_const_v<ValueT>) {
          return value->l();
        } else {
          return value->mutable_l();
        }
      }
      ();
      if (index >= list.size()) return nullptr;
      value = &list[index];
    }
  }
  return value;
}

AttributeValue* MutableParent(Item& item, const DocumentPath& path) {
  return WalkPrefix<Item, AttributeValue>(item, path, path.elements.size() - 1);
}

const AttributeValue* ConstParent(const Item& item, const DocumentPath& path) {
  return WalkPrefix<const Item, const AttributeValue>(item, path,
                                                      path.elements.size() - 1);
}

// True if `parent` is the container the last element of `path` steps into.
bool ParentFits(const AttributeValue& parent, const DocumentPath& path) {
  return std::holds_alternative<std::string>(path.elements.back())
             ? parent.type() == ValueType::kM
             : parent.type() == ValueType::kL;
}

// ------------------------------------------------------------ evaluation

absl::StatusOr<AttributeValue> Evaluate(const Operand& operand,
                                        ValueBindings values,
                                        const Item& item) {
  if (const DocumentPath* path = operand.path()) {
    const AttributeValue* value = ResolvePath(item, *path);
    if (value == nullptr) return MissingAttribute();
    return *value;
  }
  if (const ValueOperand* value = operand.value()) return *values[value->slot];
  const FunctionCall& call = *operand.call();
  if (call.function == Function::kIfNotExists) {
    const AttributeValue* value = ResolvePath(item, *call.args[0].path());
    if (value != nullptr) return *value;
    return Evaluate(call.args[1], values, item);
  }
  // list_append
  DYNAMITE_ASSIGN_OR_RETURN(AttributeValue a,
                            Evaluate(call.args[0], values, item));
  DYNAMITE_ASSIGN_OR_RETURN(AttributeValue b,
                            Evaluate(call.args[1], values, item));
  if (a.type() != ValueType::kL || b.type() != ValueType::kL) {
    return WrongType();
  }
  std::vector<AttributeValue> list = a.l();
  list.insert(list.end(), b.l().begin(), b.l().end());
  return AttributeValue::L(std::move(list));
}

absl::StatusOr<AttributeValue> EvaluateSet(const SetAction& action,
                                           ValueBindings values,
                                           const Item& item) {
  DYNAMITE_ASSIGN_OR_RETURN(AttributeValue first,
                            Evaluate(action.first, values, item));
  if (action.op == Arithmetic::kNone) return first;
  DYNAMITE_ASSIGN_OR_RETURN(AttributeValue second,
                            Evaluate(*action.second, values, item));
  if (first.type() != ValueType::kN || second.type() != ValueType::kN) {
    return WrongType();
  }
  DYNAMITE_ASSIGN_OR_RETURN(Number result,
                            action.op == Arithmetic::kPlus
                                ? Number::Add(first.n(), second.n())
                                : Number::Subtract(first.n(), second.n()));
  return AttributeValue::N(std::move(result));
}

// `set`'s members in `less` order, as pointers: a stored set is in order
// already (store/packed_value.cc sorts sets), so only an operand is sorted.
template <typename T, typename Less>
std::vector<const T*> InOrder(const std::vector<T>& set, Less less) {
  std::vector<const T*> order;
  order.reserve(set.size());
  for (const T& member : set) order.push_back(&member);
  if (!std::is_sorted(set.begin(), set.end(), less)) {
    std::sort(order.begin(), order.end(),
              [&](const T* x, const T* y) { return less(*x, *y); });
  }
  return order;
}

// `a` with the members of `b` added (union) or taken away (difference), in
// `less` order: one merge of the two sorted sets, O(n + m log m) for a
// stored set of n members and an operand of m, where looking each member
// up in the other set would be O(n * m).
template <typename T, typename Less>
std::vector<T> Combine(const std::vector<T>& a, const std::vector<T>& b,
                       bool add, Less less) {
  const std::vector<const T*> x = InOrder(a, less);
  const std::vector<const T*> y = InOrder(b, less);
  std::vector<T> out;
  out.reserve(add ? x.size() + y.size() : x.size());
  size_t i = 0;
  size_t j = 0;
  while (i < x.size() && j < y.size()) {
    if (less(*x[i], *y[j])) {
      out.push_back(*x[i++]);
    } else if (less(*y[j], *x[i])) {
      if (add) out.push_back(*y[j]);
      ++j;
    } else {  // in both: kept by a union, taken away by a difference
      if (add) out.push_back(*x[i]);
      ++i;
      ++j;
    }
  }
  for (; i < x.size(); ++i) out.push_back(*x[i]);
  if (add) {
    for (; j < y.size(); ++j) out.push_back(*y[j]);
  }
  return out;
}

// Set union or difference of two sets of the same type.
AttributeValue CombineSets(const AttributeValue& a, const AttributeValue& b,
                           bool add) {
  // std::string compares its bytes as unsigned char: DynamoDB's order.
  const std::less<std::string> bytes;
  switch (a.type()) {
    case ValueType::kSS:
      return AttributeValue::SS(Combine(a.ss(), b.ss(), add, bytes));
    case ValueType::kNS:
      return AttributeValue::NS(Combine(
          a.ns(), b.ns(), add,
          [](const Number& m, const Number& n) { return (m <=> n) < 0; }));
    default:
      return AttributeValue::BS(Combine(a.bs(), b.bs(), add, bytes));
  }
}

size_t SetSize(const AttributeValue& set) {
  switch (set.type()) {
    case ValueType::kSS:
      return set.ss().size();
    case ValueType::kNS:
      return set.ns().size();
    default:
      return set.bs().size();
  }
}

absl::StatusOr<AttributeValue> EvaluateAdd(const AddAction& action,
                                           ValueBindings values,
                                           const Item& item) {
  const AttributeValue& operand = *values[action.value.slot];
  const AttributeValue* existing = ResolvePath(item, action.path);
  if (existing == nullptr) return operand;
  if (existing->type() != operand.type()) return WrongType();
  if (operand.type() == ValueType::kN) {
    DYNAMITE_ASSIGN_OR_RETURN(Number sum,
                              Number::Add(existing->n(), operand.n()));
    return AttributeValue::N(std::move(sum));
  }
  return CombineSets(*existing, operand, /*add=*/true);
}

// ----------------------------------------------------------------- writes

// A computed change: `value` set at `path`, or `path` removed.
struct Write {
  const DocumentPath* path;
  std::optional<AttributeValue> value;
};

// A SET to a list index at or past the end: appended, in index order.
struct Append {
  const DocumentPath* path;
  int32_t index;
  AttributeValue value;
};

absl::Status Assign(Item& item, const DocumentPath& path, AttributeValue value,
                    std::vector<Append>& appends) {
  if (path.is_top_level()) {
    item.insert_or_assign(path.attribute(), std::move(value));
    return absl::OkStatus();
  }
  AttributeValue* parent = MutableParent(item, path);
  if (parent == nullptr || !ParentFits(*parent, path)) return InvalidPath();
  const PathElement& last = path.elements.back();
  if (const std::string* name = std::get_if<std::string>(&last)) {
    parent->mutable_m().insert_or_assign(*name, std::move(value));
    return absl::OkStatus();
  }
  const int32_t index = std::get<ListIndex>(last).value;
  std::vector<AttributeValue>& list = parent->mutable_l();
  if (static_cast<size_t>(index) < list.size()) {
    list[index] = std::move(value);
  } else {
    appends.push_back(Append{&path, index, std::move(value)});
  }
  return absl::OkStatus();
}

// Orders elements of paths so that, under one parent list, higher indexes
// come first when sorted descending.
bool PathLess(const DocumentPath* a, const DocumentPath* b) {
  const size_t n = std::min(a->elements.size(), b->elements.size());
  for (size_t i = 0; i < n; ++i) {
    const PathElement& x = a->elements[i];
    const PathElement& y = b->elements[i];
    if (x.index() != y.index()) return x.index() < y.index();
    if (x == y) continue;
    if (const std::string* name = std::get_if<std::string>(&x)) {
      return *name < std::get<std::string>(y);
    }
    return std::get<ListIndex>(x).value < std::get<ListIndex>(y).value;
  }
  return a->elements.size() < b->elements.size();
}

void Remove(Item& item, const DocumentPath& path) {
  if (path.is_top_level()) {
    item.erase(path.attribute());
    return;
  }
  AttributeValue* parent = MutableParent(item, path);
  if (parent == nullptr || !ParentFits(*parent, path)) return;
  const PathElement& last = path.elements.back();
  if (const std::string* name = std::get_if<std::string>(&last)) {
    AttributeMap& members = parent->mutable_m();
    members.erase(*name);
    return;
  }
  const size_t index = std::get<ListIndex>(last).value;
  std::vector<AttributeValue>& list = parent->mutable_l();
  if (index < list.size()) list.erase(list.begin() + index);
}

// Whether REMOVE `path` removes something from `item` (a missing leaf is a
// no-op); an unusable parent is an error when the item exists.
absl::StatusOr<bool> CheckRemove(const Item& item, const DocumentPath& path,
                                 bool item_exists) {
  if (path.is_top_level()) return item.contains(path.attribute());
  const AttributeValue* parent = ConstParent(item, path);
  if (parent == nullptr || !ParentFits(*parent, path)) {
    if (!item_exists) return false;
    return InvalidPath();
  }
  return ResolvePath(item, path) != nullptr;
}

absl::StatusOr<std::vector<Write>> ComputeWrites(const UpdateExpression& update,
                                                 ValueBindings values,
                                                 const Item& old,
                                                 bool item_exists) {
  std::vector<Write> writes;
  for (const SetAction& action : update.set) {
    DYNAMITE_ASSIGN_OR_RETURN(AttributeValue value,
                              EvaluateSet(action, values, old));
    writes.push_back(Write{&action.path, std::move(value)});
  }
  for (const DocumentPath& path : update.remove) {
    DYNAMITE_ASSIGN_OR_RETURN(bool removes,
                              CheckRemove(old, path, item_exists));
    if (removes) writes.push_back(Write{&path, std::nullopt});
  }
  for (const AddAction& action : update.add) {
    DYNAMITE_ASSIGN_OR_RETURN(AttributeValue value,
                              EvaluateAdd(action, values, old));
    writes.push_back(Write{&action.path, std::move(value)});
  }
  for (const DeleteAction& action : update.del) {
    const AttributeValue* existing = ResolvePath(old, action.path);
    if (existing == nullptr) continue;
    const AttributeValue& operand = *values[action.value.slot];
    if (existing->type() != operand.type()) return WrongType();
    AttributeValue rest = CombineSets(*existing, operand, /*add=*/false);
    if (SetSize(rest) == 0) {
      writes.push_back(Write{&action.path, std::nullopt});
    } else {
      writes.push_back(Write{&action.path, std::move(rest)});
    }
  }
  return writes;
}

}  // namespace

absl::StatusOr<UpdateResult> ApplyUpdate(const UpdateExpression& update,
                                         ValueBindings values,
                                         const Item* current, const Item& key) {
  UpdateResult result;
  const bool item_exists = current != nullptr;
  const Item& old = item_exists ? *current : key;
  if (!item_exists && update.set.empty() && update.add.empty()) {
    return result;
  }
  DYNAMITE_ASSIGN_OR_RETURN(std::vector<Write> writes,
                            ComputeWrites(update, values, old, item_exists));
  Item item = old;
  // In-place writes first: they change no list's length, so the positions
  // of the later steps are still those before the update.
  std::vector<Append> appends;
  std::vector<const DocumentPath*> removes;
  for (Write& write : writes) {
    if (!write.value.has_value()) {
      removes.push_back(write.path);
      continue;
    }
    DYNAMITE_RETURN_IF_ERROR(
        Assign(item, *write.path, *std::move(write.value), appends));
  }
  // Appends land past every old element, in index order.
  std::stable_sort(
      appends.begin(), appends.end(),
      [](const Append& a, const Append& b) { return a.index < b.index; });
  for (Append& append : appends) {
    AttributeValue* parent = MutableParent(item, *append.path);
    parent->mutable_l().push_back(std::move(append.value));
  }
  // Removes last, from the highest position down.
  std::sort(removes.begin(), removes.end(),
            [](const DocumentPath* a, const DocumentPath* b) {
              return PathLess(b, a);
            });
  for (const DocumentPath* path : removes) Remove(item, *path);
  result.item = std::move(item);
  return result;
}

absl::Status CheckUpdateKeepsKey(const UpdateExpression& update,
                                 const KeySchema& schema) {
  for (const DocumentPath& path : update.ModifiedPaths()) {
    if (schema.is_key_attribute(path.attribute())) {
      return ValidationError(absl::StrCat(
          "One or more parameter values were invalid: Cannot update "
          "attribute ",
          path.attribute(), ". This attribute is part of the key"));
    }
  }
  return absl::OkStatus();
}

Item UpdatedAttributes(const UpdateExpression& update, const Item* image) {
  if (image == nullptr) return Item();
  return ProjectItem(*image, update.ModifiedPaths());
}

Item UpdatedAttributes(const UpdateExpression& update,
                       const PackedItem* image) {
  if (image == nullptr) return Item();
  return ProjectItem(*image, update.ModifiedPaths());
}

}  // namespace dynamite
