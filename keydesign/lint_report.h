// The two output forms of `dynamite lint`: readable text (the default) and
// one JSON document (--json), plus the exit status a CI job reads.
//
// JSON shape:
//   {"tables": [{"table": "T", "partitionKey": "pk", "sortKey": "sk",
//                "itemCount": 48,
//                "findings": [{"severity": "error", "rule": "...",
//                              "collections": ["..."], "collectionCount": 4,
//                              "message": "...", "examples": ["..."],
//                              "fix": "..."}]}],
//    "errors": 1, "warnings": 0, "infos": 2}
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
