// What a Query or Scan with an IndexName adds to a read of the table: the
// index found in the request's definition snapshot, DynamoDB's rules on
// reading it (consistency, Select, projections), its ExclusiveStartKey and
// LastEvaluatedKey (the index's keys plus the table's), and the attributes
// an index entry answers with (reference §5.3-§5.5, §9).
//
// Thread safety: pure functions.

#ifndef DYNAMITE_API_INDEX_READ_H_
#define DYNAMITE_API_INDEX_READ_H_

#include <optional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

#include "api/read_requests.h"
#include "common/clock.h"
#include "query/ast.h"
#include "store/item.h"
#include "store/key.h"
#include "store/packed_item.h"
#include "store/secondary_index.h"
#include "store/table_definition.h"

namespace dynamite {

// The index `index_name` of `table`. Errors (kValidation): "The table does
// not have the specified index: <name>"; with ConsistentRead on a GSI,
// "Consistent reads are not supported on global secondary indexes"; on a
// GSI still backfilling by `clock` (api/table_status.h), "Cannot read from
// backfilling global secondary index: <name>".
absl::StatusOr<const IndexDefinition*> ResolveIndex(
    const TableDefinition& table, absl::string_view index_name,
    bool consistent_read, const Clock& clock);

// Checks what the request asks an index for: Select ALL_ATTRIBUTES, or a
// projection (ProjectionExpression / AttributesToGet `projection`) naming
// an attribute the index does not hold, are errors on a GSI whose
// projection is not ALL (an LSI reads them through from the table).
absl::Status CheckIndexProjection(const IndexDefinition& index,
                                  const KeySchema& table,
                                  const std::optional<Select>& select,
                                  const std::vector<DocumentPath>& projection);

// True if the index's partition or sort key has several attributes
// (query/multi_key_condition.h plans its Queries).
bool HasMultiAttributeKey(const IndexDefinition& index);

// The index's key as a KeySchema: its partition key and its sort key, if
// any. REQUIRES: !HasMultiAttributeKey(index).
KeySchema IndexKeySchema(const IndexDefinition& index);

// Validates an ExclusiveStartKey of an index read — exactly the index's and
// the table's key attributes, of their types — and returns the position it
// names. Errors as EncodeExclusiveStartKey() (api/start_key.h).
absl::StatusOr<IndexPosition> EncodeIndexStartKey(const KeySchema& table,
                                                  const IndexDefinition& index,
                                                  const Item& start_key);

// The LastEvaluatedKey of an index page ending on `item`: the table's key
// attributes and the index's.
Item IndexPageKey(const KeySchema& table, const IndexDefinition& index,
                  const PackedItem& item);

// The attributes an index entry answers with when the request asks for its
// projected attributes (Select ALL_PROJECTED_ATTRIBUTES, the default):
// those the index projects. A GSI's entries hold nothing else; an LSI's
// hold the whole item, so they are cut here.
bool NeedsIndexProjection(const IndexDefinition& index,
                          const std::optional<Select>& select,
                          bool has_projection);
Item ProjectToIndex(const IndexDefinition& index, const KeySchema& table,
                    const PackedItem& item);

}  // namespace dynamite

#endif  // DYNAMITE_API_INDEX_READ_H_
