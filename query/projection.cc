// Projection works in two steps. First every path that resolves in the item
// is recorded in a selection tree:
//
//   node := whole                      the entire value is selected
//         | members: name -> node      some members of a map
//         | elements: index -> node    some elements of a list
//
// Then the tree is copied out of the item; `elements` is ordered by index,
// so the selected elements of a list come out compacted in index order.

#include "query/projection.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "absl/strings/str_cat.h"

#include "common/check.h"
#include "common/errors.h"
#include "query/path.h"

namespace dynamite {
namespace {

struct Selection {
  bool whole = false;
  std::map<std::string, Selection, std::less<>> members;
  std::map<int32_t, Selection> elements;
};

// Records `path` in `root`. REQUIRES: the path resolves in the item.
void Select(const DocumentPath& path, Selection& root) {
  Selection* node = &root;
  for (const PathElement& element : path.elements) {
    if (node->whole) return;  // an enclosing value is already selected
    if (const std::string* name = std::get_if<std::string>(&element)) {
      node = &node->members[*name];
    } else {
      node = &node->elements[std::get<ListIndex>(element).value];
    }
  }
  node->whole = true;
  node->members.clear();
  node->elements.clear();
}

// Copies the part of `value` that `selection` selects.
AttributeValue Extract(const AttributeValue& value,
                       const Selection& selection) {
  if (selection.whole) return value;
  if (value.type() == ValueType::kM) {
    AttributeMap members;
    for (const auto& [name, child] : selection.members) {
      auto it = value.m().find(name);
      if (it != value.m().end())
        members.emplace(name, Extract(it->second, child));
    }
    return AttributeValue::M(std::move(members));
  }
  DYNAMITE_CHECK(value.type() == ValueType::kL);
  std::vector<AttributeValue> elements;
  for (const auto& [index, child] : selection.elements) {
    if (index >= 0 && static_cast<size_t>(index) < value.l().size()) {
      elements.push_back(Extract(value.l()[static_cast<size_t>(index)], child));
    }
  }
  return AttributeValue::L(std::move(elements));
}

enum class PathRelation { kDisjoint, kOverlap, kConflict };

// dynalite's rule: walk both paths together; a name against an index is a
// conflict, two different names or indexes make the paths disjoint, and
// reaching the end of the shorter path means one is a prefix of the other.
PathRelation Relate(const DocumentPath& a, const DocumentPath& b) {
  const size_t n = std::min(a.elements.size(), b.elements.size());
  for (size_t i = 0; i < n; ++i) {
    if (a.elements[i].index() != b.elements[i].index()) {
      return PathRelation::kConflict;
    }
    if (a.elements[i] != b.elements[i]) return PathRelation::kDisjoint;
  }
  return PathRelation::kOverlap;
}

}  // namespace

namespace {

// The projection of `item`, of either form: ResolvePath has an overload for
// each, and `value_of(name, selection)` copies out the selected part of the
// top-level attribute `name`, which is present.
template <typename ItemForm, typename ValueOf>
Item Project(const ItemForm& item, const std::vector<DocumentPath>& paths,
             ValueOf value_of) {
  Selection root;
  for (const DocumentPath& path : paths) {
    if (ResolvePath(item, path)) Select(path, root);
  }
  Item result;
  for (const auto& [name, child] : root.members) {
    result.emplace(name, value_of(name, child));
  }
  return result;
}

}  // namespace

Item ProjectItem(const Item& item, const std::vector<DocumentPath>& paths) {
  return Project(item, paths,
                 [&](const std::string& name, const Selection& selection) {
                   auto it = item.find(name);
                   DYNAMITE_CHECK(it != item.end());
                   return Extract(it->second, selection);
                 });
}

Item ProjectItem(const PackedItem& item,
                 const std::vector<DocumentPath>& paths) {
  return Project(item, paths,
                 [&](const std::string& name, const Selection& selection) {
                   const std::optional<ValueView> value = item.Find(name);
                   DYNAMITE_CHECK(value.has_value());
                   // A whole attribute decodes straight into the result.
                   return selection.whole ? value->Decode()
                                          : Extract(value->Decode(), selection);
                 });
}

absl::Status CheckPathsDisjoint(const std::vector<DocumentPath>& paths,
                                absl::string_view param_prefix) {
  std::optional<std::pair<size_t, size_t>> conflict;
  for (size_t later = 1; later < paths.size(); ++later) {
    for (size_t earlier = 0; earlier < later; ++earlier) {
      const PathRelation relation = Relate(paths[earlier], paths[later]);
      if (relation == PathRelation::kOverlap) {
        return ValidationError(absl::StrCat(
            param_prefix,
            "Two document paths overlap with each other; must remove or "
            "rewrite one of these paths; path one: ",
            DocumentPathToString(paths[earlier]),
            ", path two: ", DocumentPathToString(paths[later])));
      }
      if (relation == PathRelation::kConflict && !conflict.has_value()) {
        conflict.emplace(earlier, later);
      }
    }
  }
  if (!conflict.has_value()) return absl::OkStatus();
  return ValidationError(absl::StrCat(
      param_prefix,
      "Two document paths conflict with each other; must remove or rewrite "
      "one of these paths; path one: ",
      DocumentPathToString(paths[conflict->first]),
      ", path two: ", DocumentPathToString(paths[conflict->second])));
}

}  // namespace dynamite
