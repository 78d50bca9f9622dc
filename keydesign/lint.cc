#include "keydesign/lint.h"

#include <algorithm>
#include <iterator>

#include "keydesign/lint_collections.h"
#include "keydesign/lint_rules.h"

namespace dynamite {

LintReport LintTableDesign(const LintTable& table) {
  LintReport report{.table = table.name,
                    .partition_key = table.key_schema.partition_key.name,
                    .item_count = static_cast<int64_t>(table.items.size())};
  if (table.key_schema.has_sort_key()) {
    report.sort_key = table.key_schema.sort_key->name;
  }
  const LintCollections grouped = GroupCollections(table);
  auto append = [&report](std::vector<LintFinding> findings) {
    std::move(findings.begin(), findings.end(),
              std::back_inserter(report.findings));
  };
  append(CheckItems(grouped, table));
  append(CheckNumericOrder(grouped));
  append(CheckNumericWidth(grouped));
  append(CheckDates(grouped));
  append(CheckRandomSortKeys(grouped));
  append(CheckPartitionSkew(grouped, table));
  std::stable_sort(report.findings.begin(), report.findings.end(),
                   [](const LintFinding& a, const LintFinding& b) {
                     if (a.severity != b.severity) {
                       return a.severity > b.severity;
                     }
                     return a.rule < b.rule;
                   });
  return report;
}

}  // namespace dynamite
