// LintFinding: one problem (or one fact worth knowing) `dynamite lint`
// reports about a table's key design, with the evidence and the fix.
//
// A finding names the rule that produced it, the table (and the secondary
// index, when it is about an index's keys), and the item collections
// (partition key values, of the index for an index's finding) that show
// it. A rule that fires in
// many collections yields one finding listing the first few of them and
// the total count, so a 10,000-actor table does not print 10,000 lines.
//
// Severity decides the exit status: any kError makes `dynamite lint` exit
// 1, so it can gate a CI job; warnings and infos never do.
//
// Thread safety: plain structs and pure functions.

#ifndef DYNAMITE_KEYDESIGN_LINT_FINDING_H_
#define DYNAMITE_KEYDESIGN_LINT_FINDING_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/strings/string_view.h"

namespace dynamite {

enum class LintSeverity { kInfo, kWarning, kError };

// "info", "warning", "error".
absl::string_view LintSeverityName(LintSeverity severity);

// How many collections and examples a finding lists at most.
inline constexpr int kMaxListedCollections = 5;
inline constexpr int kMaxListedExamples = 3;

struct LintFinding {
  LintSeverity severity = LintSeverity::kInfo;
  std::string rule;   // stable id, e.g. "numeric-sort-order"
  std::string table;  // table name
  // The secondary index whose keys the finding is about; empty for the
  // table's primary key.
  std::string index;
  // The first kMaxListedCollections affected partition key values, in
  // order; empty for a finding about the table as a whole.
  std::vector<std::string> collections;
  int64_t collection_count = 0;  // all affected collections
  std::string message;           // what is wrong, in one sentence
  std::vector<std::string> examples;
  std::string fix;
};

// True if any finding is an error.
bool HasLintErrors(const std::vector<LintFinding>& findings);

}  // namespace dynamite

#endif  // DYNAMITE_KEYDESIGN_LINT_FINDING_H_
