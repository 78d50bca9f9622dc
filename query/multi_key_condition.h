// Key conditions on a multi-attribute GSI key (DynamoDB, November 2025): a
// key of up to four partition-key and four sort-key attributes, stored as
// the tuple of their values (store/index_key.h).
//
// A Query names every partition-key attribute with `=`, and may constrain
// the sort-key attributes left to right: `=` on a prefix of them and at
// most one range condition (<, <=, >, >=, BETWEEN, begins_with), on the
// last attribute it names. The tuple encoding makes each such condition one
// contiguous range of encoded sort keys: the `=` prefix is a byte prefix of
// every tuple that matches it, and a range on the next value is a range of
// tuples after that prefix.
//
// Thread safety: pure functions.

#ifndef DYNAMITE_QUERY_MULTI_KEY_CONDITION_H_
#define DYNAMITE_QUERY_MULTI_KEY_CONDITION_H_

#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"

#include "query/key_condition.h"
#include "store/key.h"
#include "store/sort_key_range.h"

namespace dynamite {

// What a Query reads of a multi-attribute index: one partition and one
// range of its encoded sort keys. Owns its bytes.
struct MultiKeyPlan {
  std::string partition_key;
  SortKeyRange range;
};

// Checks `terms` (KeyConditionTerms(), step 2) against the index's key
// attributes and plans the read. Errors (kValidation): "RANGE key
// attributes <a> must have equality conditions specified in the query
// because a condition is present on key attribute <b>" (a sort-key
// attribute skipped, or given a range condition, before the last one
// named), "HASH key attributes <a> must have equality conditions specified
// in the query" (a partition-key attribute without `=`), "Query key
// condition not supported" (a condition on an attribute that is not one of
// the index's keys), and the type and empty-value messages of
// BindKeyCondition().
absl::StatusOr<MultiKeyPlan> PlanMultiKeyCondition(
    const KeyConditionTermList& terms,
    const std::vector<KeyAttribute>& hash_keys,
    const std::vector<KeyAttribute>& range_keys);

}  // namespace dynamite

#endif  // DYNAMITE_QUERY_MULTI_KEY_CONDITION_H_
