// random-sort-key: a sort key that starts (after its labels) with a UUID
// or a hash orders the collection randomly, so no range condition selects
// anything meaningful; only GetItem and whole-collection reads remain.
// Fires when at least half of a table's sort keys lead with one. A random
// segment after a meaningful one ("EVT#<time>#<uuid>", a tie-breaker) is
// fine and is not counted.

#include "absl/strings/str_cat.h"

#include "keydesign/lint_patterns.h"
#include "keydesign/lint_rules.h"

namespace dynamite {

std::vector<LintFinding> CheckRandomSortKeys(const LintCollections& table) {
  FindingBuilder builder;
  int64_t keys = 0, random = 0;
  for (const LintCollection& collection : table.collections) {
    std::vector<std::string> examples;
    for (const std::string& key : collection.sort_keys) {
      ++keys;
      for (absl::string_view segment : SplitSortKey(key)) {
        if (IsLabelSegment(segment)) continue;
        if (LooksRandom(segment)) {
          ++random;
          if (examples.empty()) {
            examples.push_back(
                absl::StrCat(collection.partition_key, ": ", Quoted(key)));
          }
        }
        break;
      }
    }
    if (!examples.empty()) builder.Add(collection.partition_key, examples);
  }
  if (random < 2 || random * 2 < keys) return {};
  return {builder.Build(
      LintSeverity::kWarning, "random-sort-key", table.table,
      absl::StrCat(random, " of ", keys, " values of ", table.sort_key_name,
                   " start with a random identifier (UUID or hash), which "
                   "gives no useful range order"),
      "if items are read only by their full key, a simple primary key (no "
      "sort key) says so; to list a collection by time, lead with a "
      "sortable time (ISO-8601 UTC, or a ULID or UUIDv7) and keep the "
      "random id after it: EVT#2026-06-23T10:15:30.123Z#<uuid>")};
}

}  // namespace dynamite
