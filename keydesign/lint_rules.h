// The rules of `dynamite lint`, one function per family. Each takes the
// grouped table and returns its findings; lint.h runs them all.
//
// Rule ids (stable: CI configurations and tests refer to them):
//   numeric-sort-order      error    numbers in S sort keys sort as text
//   numeric-width-mixed     warning  a zero-padded segment of several widths
//   numeric-width-headroom  info     (warning when no digit is left)
//   inverted-timestamp      warning  where ScanIndexForward=false would do
//   date-format             error    dates whose bytes do not sort as dates
//   timestamp-mixed         error    ISO-8601 of mixed precision or offsets
//                                    (warning: one non-UTC offset)
//   random-sort-key         warning  UUIDs or digests leading the sort key
//   partition-skew          info     (warning: hot partition; error: an
//                                    item collection past 10 GB with an LSI)
//   number-precision        error    N values of more than 38 digits
//   missing-key             error    items without the table's key
//   index-key-type          error    items holding an index key attribute
//                                    in another type
//
// Each sort key rule runs on the table's sort key and on every secondary
// index's sort key attributes, partition-skew on the table's partition key
// and on each GSI's; an index's findings name it (LintFinding::index).
//
// Thread safety: pure functions.

#ifndef DYNAMITE_KEYDESIGN_LINT_RULES_H_
#define DYNAMITE_KEYDESIGN_LINT_RULES_H_

#include <vector>

#include "keydesign/lint_collections.h"
#include "keydesign/lint_finding.h"
#include "keydesign/lint_table.h"

namespace dynamite {

// numeric-sort-order and numeric-width-mixed.
std::vector<LintFinding> CheckNumericOrder(const LintCollections& table);

// numeric-width-headroom and inverted-timestamp.
std::vector<LintFinding> CheckNumericWidth(const LintCollections& table);

// date-format and timestamp-mixed.
std::vector<LintFinding> CheckDates(const LintCollections& table);

// random-sort-key.
std::vector<LintFinding> CheckRandomSortKeys(const LintCollections& table);

// partition-skew.
std::vector<LintFinding> CheckPartitionSkew(const LintCollections& table,
                                            const LintTable& source);

// number-precision and missing-key.
std::vector<LintFinding> CheckItems(const LintCollections& table,
                                    const LintTable& source);

// index-key-type, for the first view of `index` (IndexKeyViews).
std::vector<LintFinding> CheckIndexKeys(const LintCollections& grouped,
                                        const LintIndex& index);

}  // namespace dynamite

#endif  // DYNAMITE_KEYDESIGN_LINT_RULES_H_
