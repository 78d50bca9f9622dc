// Key-range planning: a key condition's sort-key part -> the range of
// encoded sort keys (store/key_codec.h) a Query visits.
//
// The range types are store/table.h's SortKeyBound and SortKeyRange (named
// KeyBound and KeyRange here), which Table::VisitPartition() takes and whose
// Contains() is defined there. Encoded keys compare with memcmp in
// DynamoDB's order, and S and B encode as their own bytes, so begins_with is
// the byte range [prefix, PrefixSuccessor(prefix)).
//
// Thread safety: pure functions.

#ifndef DYNAMITE_QUERY_KEY_RANGE_H_
#define DYNAMITE_QUERY_KEY_RANGE_H_

#include <optional>
#include <string>

#include "absl/strings/string_view.h"

#include "query/key_condition.h"
#include "store/table.h"

namespace dynamite {

using KeyBound = SortKeyBound;
using KeyRange = SortKeyRange;

// Returns the range of encoded sort keys that satisfy `sort`; no condition
// means the whole partition (both bounds absent). Bounds from S and B
// values borrow their bytes (store/key_bytes.h): the values `sort` points
// at must outlive the range.
// REQUIRES: `sort` came from BindKeyCondition(): its values have the sort
// key's type, and begins_with values are S or B.
KeyRange PlanKeyRange(const std::optional<SortKeyCondition>& sort);

// The smallest byte string greater than every string that starts with
// `prefix`: `prefix` without its trailing 0xFF bytes, with the last
// remaining byte incremented. Returns std::nullopt when there is none (the
// prefix is empty or all 0xFF), i.e. the range has no upper bound.
std::optional<std::string> PrefixSuccessor(absl::string_view prefix);

}  // namespace dynamite

#endif  // DYNAMITE_QUERY_KEY_RANGE_H_
