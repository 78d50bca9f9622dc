#include "query/path.h"

#include <cstddef>
#include <string>
#include <variant>

#include "common/check.h"

namespace dynamite {

const AttributeValue* ResolvePath(const Item& item, const DocumentPath& path) {
  DYNAMITE_CHECK(!path.elements.empty());
  auto top = item.find(path.attribute());
  if (top == item.end()) return nullptr;
  const AttributeValue* current = &top->second;
  for (size_t i = 1; i < path.elements.size(); ++i) {
    const PathElement& element = path.elements[i];
    if (const std::string* name = std::get_if<std::string>(&element)) {
      if (current->type() != ValueType::kM) return nullptr;
      auto member = current->m().find(*name);
      if (member == current->m().end()) return nullptr;
      current = &member->second;
    } else {
      const int32_t index = std::get<ListIndex>(element).value;
      if (current->type() != ValueType::kL || index < 0 ||
          static_cast<size_t>(index) >= current->l().size()) {
        return nullptr;
      }
      current = &current->l()[static_cast<size_t>(index)];
    }
  }
  return current;
}

std::optional<ValueView> ResolvePath(const PackedItem& item,
                                     const DocumentPath& path) {
  DYNAMITE_CHECK(!path.elements.empty());
  std::optional<ValueView> current = item.Find(path.attribute());
  for (size_t i = 1; i < path.elements.size() && current.has_value(); ++i) {
    const PathElement& element = path.elements[i];
    if (const std::string* name = std::get_if<std::string>(&element)) {
      if (current->type() != ValueType::kM) return std::nullopt;
      current = current->Member(*name);
    } else {
      const int32_t index = std::get<ListIndex>(element).value;
      if (current->type() != ValueType::kL || index < 0) return std::nullopt;
      current = current->Element(static_cast<size_t>(index));
    }
  }
  return current;
}

}  // namespace dynamite
