// Projections: keeping only some document paths of an item
// (ProjectionExpression and AttributesToGet; reference §5.4, §7.4).
//
// The result keeps the hierarchy of the item: projecting `a.b[2].y` gives
// {"a": {"b": [{"y": ...}]}}. Elements picked from one list are compacted
// in index order (`a.b[3], a.b[1]` gives {"a": {"b": [v1, v3]}}). Paths that
// do not resolve contribute nothing, so an item with none of the paths
// projects to {}.
//
// Thread safety: pure functions over const data.

#ifndef DYNAMITE_QUERY_PROJECTION_H_
#define DYNAMITE_QUERY_PROJECTION_H_

#include <vector>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"

#include "query/ast.h"
#include "store/item.h"
#include "store/packed_item.h"

namespace dynamite {

// Returns the parts of `item` selected by `paths`. AttributesToGet maps onto
// one top-level path per attribute name. Overlapping paths (rejected by
// CheckPathsDisjoint() before a request runs) are tolerated: the shorter
// path wins.
// REQUIRES: every path is non-empty and starts with a name.
Item ProjectItem(const Item& item, const std::vector<DocumentPath>& paths);
// The same of a stored item, read in place: only the attributes the paths
// name are decoded.
Item ProjectItem(const PackedItem& item,
                 const std::vector<DocumentPath>& paths);

// Checks DynamoDB's rule that no two document paths of one expression may
// overlap (be equal, or one a prefix of the other) or conflict (one goes
// through a map member where the other indexes a list). Shared by
// ProjectionExpression and UpdateExpression: `param_prefix` starts the
// message and names the parameter, e.g. "Invalid ProjectionExpression: " or
// "Invalid UpdateExpression: ". Returns a kValidation error:
//   <prefix>Two document paths overlap with each other; must remove or
//   rewrite one of these paths; path one: [a, b], path two: [a, b, [0]]
//   <prefix>Two document paths conflict with each other; must remove or
//   rewrite one of these paths; path one: [a, b], path two: [a, [1]]
// "path one" is the earlier path in `paths`. As in dynalite (db/
// conditionParser.pegjs, which was checked against DynamoDB), an overlap
// anywhere is reported before any conflict; among several of one kind the
// first found (by the later path, then the earlier) is reported.
absl::Status CheckPathsDisjoint(const std::vector<DocumentPath>& paths,
                                absl::string_view param_prefix);

}  // namespace dynamite

#endif  // DYNAMITE_QUERY_PROJECTION_H_
