// Builders of LintTables for the linter's tests: a table "T" with S keys
// "pk" and "sk", filled from {partition key -> sort keys}, and the
// findings of a report as "severity rule" strings for compact assertions.

#ifndef DYNAMITE_TESTS_KEYDESIGN_LINT_TEST_TABLES_H_
#define DYNAMITE_TESTS_KEYDESIGN_LINT_TEST_TABLES_H_

#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"

#include "keydesign/lint.h"
#include "keydesign/lint_table.h"

namespace dynamite {

using Collections =
    std::vector<std::pair<std::string, std::vector<std::string>>>;

inline LintTable TableOf(const Collections& collections) {
  LintTable table{.name = "T",
                  .key_schema = {.partition_key = {"pk", KeyType::kS},
                                 .sort_key = KeyAttribute{"sk", KeyType::kS}}};
  for (const auto& [pk, sort_keys] : collections) {
    for (const std::string& sk : sort_keys) {
      table.items.push_back(LintItem{.item = {{"pk", AttributeValue::S(pk)},
                                              {"sk", AttributeValue::S(sk)}}});
    }
  }
  return table;
}

// The warnings and errors of `report`, as "severity rule". Infos (the
// partition summary, padding headroom) state facts, not problems.
inline std::vector<std::string> RulesOf(const LintReport& report) {
  std::vector<std::string> rules;
  for (const LintFinding& f : report.findings) {
    if (f.severity == LintSeverity::kInfo) continue;
    rules.push_back(absl::StrCat(LintSeverityName(f.severity), " ", f.rule));
  }
  return rules;
}

inline const LintFinding* FindRule(const LintReport& report,
                                   absl::string_view rule) {
  for (const LintFinding& f : report.findings) {
    if (f.rule == rule) return &f;
  }
  return nullptr;
}

}  // namespace dynamite

#endif  // DYNAMITE_TESTS_KEYDESIGN_LINT_TEST_TABLES_H_
