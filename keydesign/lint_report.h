// The two output forms of `dynamite lint`: readable text (the default) and
// one JSON document (--json), plus the exit status a CI job reads.
//
// JSON shape:
//   {"tables": [{"table": "T", "partitionKey": "pk", "sortKey": "sk",
//                "itemCount": 48,
//                "indexes": [{"index": "GSI1", "type": "GSI",
//                             "partitionKeys": ["gpk"],
//                             "sortKeys": ["gsk"]}],
//                "findings": [{"severity": "error", "rule": "...",
//                              "index": "GSI1",
//                              "collections": ["..."], "collectionCount": 4,
//                              "message": "...", "examples": ["..."],
//                              "fix": "..."}]}],
//    "errors": 1, "warnings": 0, "infos": 2}
// "indexes" only for a table with secondary indexes, a finding's "index"
// only when it is about an index's keys (its collections are then the
// index's partition key values).
//
// In text, a table with indexes lists them after its keys
// ("T (partition key pk, sort key sk; GSI GSI1: gpk, gsk): 48 items") and
// an index's finding names it after the rule
// ("error numeric-sort-order [GSI1]: ...").
//
// Thread safety: pure functions.

#ifndef DYNAMITE_KEYDESIGN_LINT_REPORT_H_
#define DYNAMITE_KEYDESIGN_LINT_REPORT_H_

#include <string>
#include <vector>

#include "keydesign/lint.h"

namespace dynamite {

std::string FormatLintText(const std::vector<LintReport>& reports);
std::string FormatLintJson(const std::vector<LintReport>& reports);

// `dynamite lint`'s exit status for these reports: 1 if any finding is an
// error, else 0. (2, a usage or input error, is decided before linting.)
int LintExitCode(const std::vector<LintReport>& reports);

}  // namespace dynamite

#endif  // DYNAMITE_KEYDESIGN_LINT_REPORT_H_
