// Reading document paths (a.b[2].c) inside an item.
//
// A path that does not resolve — a missing attribute or map member, an
// index past the end of a list, `.x` on something that is not a map, `[n]`
// on something that is not a list — reads as absent (nullptr). DynamoDB
// treats such paths as missing, never as an error, in conditions, filters
// and projections.
//
// Thread safety: pure functions over const data.

#ifndef DYNAMITE_QUERY_PATH_H_
#define DYNAMITE_QUERY_PATH_H_

#include <optional>

#include "query/ast.h"
#include "store/item.h"
#include "store/packed_item.h"
#include "store/value.h"

namespace dynamite {

// Returns the value at `path` inside `item`, or nullptr when the path does
// not resolve. The pointer is valid as long as `item` is unchanged.
// REQUIRES: path.elements is not empty and starts with a name.
const AttributeValue* ResolvePath(const Item& item, const DocumentPath& path);
// The same in a stored item, read in place: the value at `path`, or nullopt.
std::optional<ValueView> ResolvePath(const PackedItem& item,
                                     const DocumentPath& path);

}  // namespace dynamite

#endif  // DYNAMITE_QUERY_PATH_H_
