// Applying a parsed UpdateExpression (query/parser.h ParseUpdate) to an
// item, and the UpdateItem return-value shapes that depend on it
// (reference §7.7, §7.8).
//
// ApplyUpdate() evaluates every right-hand side, ADD and DELETE against the
// item as it was before the update, then writes: SETs and ADDs in place,
// SETs to list indexes past the end appended in index order, then REMOVEs
// (and DELETEs that empty a set) by the positions the elements had before
// the update. The result is not validated against item size or nesting
// limits; the caller does that, as for any written item.
//
// Thread safety: pure functions over const data.

#ifndef DYNAMITE_QUERY_UPDATE_H_
#define DYNAMITE_QUERY_UPDATE_H_

#include <optional>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"

#include "query/ast.h"
#include "store/item.h"
#include "store/key.h"

namespace dynamite {

class PackedItem;  // store/packed_item.h

struct UpdateResult {
  // The item after the update, or nullopt when the item did not exist and
  // the update created nothing (only REMOVE and DELETE actions).
  std::optional<Item> item;
};

// Applies `update`, its value slots bound to `values`, to `current`, or,
// when `current` is nullptr (no such item), to an item holding just `key`.
// Returns kValidation errors with DynamoDB's messages:
//   "The provided expression refers to an attribute that does not exist in
//    the item" (a path read on a right-hand side is missing);
//   "An operand in the update expression has an incorrect data type" (+ or
//    - on a non-number, list_append on a non-list, ADD or DELETE on an
//    attribute of another type);
//   "The document path provided in the update expression is invalid for
//    update" (a nested SET/ADD/REMOVE/DELETE whose parent is missing or not
//    the right kind of container);
//   Number overflow / underflow errors from store/number.h.
// REQUIRES: `update` came from ParseUpdate() (paths are disjoint).
absl::StatusOr<UpdateResult> ApplyUpdate(const UpdateExpression& update,
                                         ValueBindings values,
                                         const Item* current, const Item& key);

// Returns "One or more parameter values were invalid: Cannot update
// attribute <attr>. This attribute is part of the key" (kValidation) for the
// first modified path, in clause order, whose top-level attribute is a key
// attribute of `schema`; else OK. Needs no item.
absl::Status CheckUpdateKeepsKey(const UpdateExpression& update,
                                 const KeySchema& schema);

// ReturnValues UPDATED_OLD and UPDATED_NEW: `image` (the item before the
// update, or after it) at the paths `update` names as targets
// (UpdateExpression::ModifiedPaths()), within their hierarchy. Paths the
// image lacks are left out: in the new image a removed attribute is absent,
// a removed list element shows its successor, and an element appended past
// the named index is not returned, as in DynamoDB. Empty when `image` is
// nullptr. The targets depend on the expression alone, so UpdateItem reads
// these from its commit's own images and never applies an update twice.
Item UpdatedAttributes(const UpdateExpression& update, const Item* image);
Item UpdatedAttributes(const UpdateExpression& update, const PackedItem* image);

}  // namespace dynamite

#endif  // DYNAMITE_QUERY_UPDATE_H_
