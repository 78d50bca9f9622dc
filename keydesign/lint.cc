#include "keydesign/lint.h"

#include <algorithm>
#include <iterator>
#include <utility>

#include "keydesign/lint_collections.h"
#include "keydesign/lint_rules.h"

namespace dynamite {
namespace {

// The findings of the rules that judge one key view: the sort key rules
// when it has a sort key, partition-skew when `skew`.
std::vector<LintFinding> CheckKeyView(const LintCollections& grouped,
                                      const LintTable& table, bool skew) {
  std::vector<LintFinding> findings;
  auto append = [&findings](std::vector<LintFinding> more) {
    std::move(more.begin(), more.end(), std::back_inserter(findings));
  };
  if (!grouped.sort_key_name.empty()) {
    append(CheckNumericOrder(grouped));
    append(CheckNumericWidth(grouped));
    append(CheckDates(grouped));
    append(CheckRandomSortKeys(grouped));
  }
  if (skew) append(CheckPartitionSkew(grouped, table));
  return findings;
}

// True if `view` orders items as the table's primary key does (a GSI on
// the table's own keys): its findings would repeat the table's.
bool SameAsTable(const LintKeyView& view, const LintKeyView& table) {
  return view.group_by == table.group_by && view.sort_key == table.sort_key;
}

// The findings about `index`'s keys, each naming it.
std::vector<LintFinding> CheckIndex(const LintTable& table,
                                    const LintIndex& index) {
  const LintKeyView table_view = TableKeyView(table.key_schema);
  std::vector<LintFinding> findings;
  const std::vector<LintKeyView> views = IndexKeyViews(index);
  for (size_t i = 0; i < views.size(); ++i) {
    const LintCollections grouped = GroupCollections(table, views[i]);
    std::vector<LintFinding> found;
    if (i == 0) found = CheckIndexKeys(grouped, index);
    if (!SameAsTable(views[i], table_view)) {
      // An LSI's partitions are the table's; so are those of a GSI keyed
      // on the table's partition key.
      const bool skew =
          i == 0 && index.global && views[i].group_by != table_view.group_by;
      std::vector<LintFinding> more = CheckKeyView(grouped, table, skew);
      std::move(more.begin(), more.end(), std::back_inserter(found));
    }
    for (LintFinding& finding : found) {
      finding.index = index.name;
      findings.push_back(std::move(finding));
    }
  }
  return findings;
}

}  // namespace

LintReport LintTableDesign(const LintTable& table) {
  LintReport report{.table = table.name,
                    .partition_key = table.key_schema.partition_key.name,
                    .indexes = table.indexes,
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
  append(CheckKeyView(grouped, table, /*skew=*/true));
  for (const LintIndex& index : table.indexes) {
    append(CheckIndex(table, index));
  }
  // The table's findings before its indexes' within a rule (stable).
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
