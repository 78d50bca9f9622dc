// The key-design linter behind `dynamite lint`: a pure function from one
// table (name, key schema, secondary indexes, items; lint_table.h) to its
// findings (lint_finding.h), those about an index's keys naming it. Readers
// (lint_file_reader.h, lint_exec_reader.h, lint_endpoint_reader.h) build
// LintTables; lint_report.h prints the result. The rules and their ids are
// listed in lint_rules.h.
//
// Example:
//   LintTable table{.name = "Leaderboard", .key_schema = ..., .items = ...};
//   LintReport report = LintTableDesign(table);
//   std::cout << FormatLintText({report});
//
// Thread safety: pure functions.

#ifndef DYNAMITE_KEYDESIGN_LINT_H_
#define DYNAMITE_KEYDESIGN_LINT_H_

#include <cstdint>
#include <string>
#include <vector>

#include "keydesign/lint_finding.h"
#include "keydesign/lint_table.h"

namespace dynamite {

struct LintReport {
  std::string table;
  std::string partition_key;  // attribute name
  std::string sort_key;       // attribute name; empty without one
  std::vector<LintIndex> indexes;
  int64_t item_count = 0;
  // Errors first, then warnings, then infos; by rule within each.
  std::vector<LintFinding> findings;
};

LintReport LintTableDesign(const LintTable& table);

}  // namespace dynamite

#endif  // DYNAMITE_KEYDESIGN_LINT_H_
