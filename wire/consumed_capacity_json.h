// ReturnConsumedCapacity and ConsumedCapacity as DynamoDB writes them
// (api/consumed_capacity.h; reference §10.3).
//
// The request member: "INDEXES" | "TOTAL" | "NONE" (default NONE), any other
// value a constraint error at 'returnConsumedCapacity'. The response member,
// one table's:
//   {"TableName": "t", "CapacityUnits": 1.5,
//    "Table": {"CapacityUnits": 1.0},                      (INDEXES only)
//    "GlobalSecondaryIndexes": {"i": {"CapacityUnits": 0.5}},
//    "LocalSecondaryIndexes": {...}}                       (when non-empty)
// Transactional responses (TransactWriteItems, TransactGetItems) split each
// CapacityUnits into ReadCapacityUnits and WriteCapacityUnits beside it
// (those that are nonzero); the others write CapacityUnits alone. Units are
// JSON numbers (0.5, 1.0). Batch and transaction responses carry a list,
// one entry per table.
//
// Thread safety: pure functions.

#ifndef DYNAMITE_WIRE_CONSUMED_CAPACITY_JSON_H_
#define DYNAMITE_WIRE_CONSUMED_CAPACITY_JSON_H_

#include <optional>
#include <vector>

#include "api/consumed_capacity.h"
#include "wire/json.h"
#include "wire/request_reader.h"

namespace dynamite {

// Reads the request's ReturnConsumedCapacity (stage 3 of the reader: an
// unknown value is a constraint error); kNone when absent or invalid.
ReturnConsumedCapacity ReadReturnConsumedCapacity(RequestReader& reader);

// Whether ReadCapacityUnits and WriteCapacityUnits accompany CapacityUnits
// (see the header comment).
enum class UnitSplit { kTotalOnly, kReadAndWrite };

// Writes one ConsumedCapacity object.
void WriteConsumedCapacity(const ConsumedCapacity& capacity, UnitSplit split,
                           JsonWriter& writer);

// Writes "ConsumedCapacity": {...} when `capacity` is set (a member of an
// object being written), else nothing. Single-table operations are never
// transactional: CapacityUnits alone.
void WriteConsumedCapacityMember(
    const std::optional<ConsumedCapacity>& capacity, JsonWriter& writer);

// Writes "ConsumedCapacity": [...] when `capacities` is non-empty (the
// request asked for it: every batch names a table), else nothing.
void WriteConsumedCapacityList(const std::vector<ConsumedCapacity>& capacities,
                               UnitSplit split, JsonWriter& writer);

}  // namespace dynamite

#endif  // DYNAMITE_WIRE_CONSUMED_CAPACITY_JSON_H_
