// date-format and timestamp-mixed: dates in S sort keys sort as dates only
// when written most significant part first, in one format.
//
// date-format fires on any segment in a year-last or month-name format
// (lint_patterns.h); its example is an adjacent pair of keys in DynamoDB's
// order whose dates run backwards, when the data holds one.
//
// timestamp-mixed fires on a column of ISO-8601 timestamps that mixes
// precisions ("10:15:30Z" sorts after "10:15:30.500Z", because '.' is 0x2E
// and 'Z' 0x5A) or offsets ("+02:00" and "Z" order by text, not instant).
// One consistent non-UTC offset, or none, is a warning: it sorts right
// until a writer's offset changes (daylight saving time).

#include <map>
#include <string>
#include <tuple>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/string_view.h"

#include "keydesign/lint_patterns.h"
#include "keydesign/lint_rules.h"

namespace dynamite {
namespace {

std::string Iso(const LooseDate& date) {
  return absl::StrFormat("%04d-%02d-%02d", date.year, date.month, date.day);
}

std::tuple<int, int, int> Tie(const LooseDate& d) {
  return {d.year, d.month, d.day};
}

// One example key for each distinct value of a property, in order.
std::vector<std::string> OnePerValue(
    const std::map<std::string, std::string>& key_by_value,
    absl::string_view what) {
  std::vector<std::string> examples;
  for (const auto& [value, key] : key_by_value) {
    examples.push_back(absl::StrCat(what, " ", value.empty() ? "(none)" : value,
                                    ": ", Quoted(key)));
  }
  return examples;
}

}  // namespace

std::vector<LintFinding> CheckDates(const LintCollections& table) {
  FindingsByColumn formats, precisions, offsets, local_offsets;
  for (const LintCollection& collection : table.collections) {
    for (const SegmentColumn& column : SegmentColumns(table, collection)) {
      // date-format
      std::optional<LooseDate> previous;
      const std::string* previous_key = nullptr;
      std::string first_bad;
      std::string wrong_pair;
      for (size_t i = 0; i < column.values.size(); ++i) {
        std::optional<LooseDate> date = ParseNonSortableDate(column.values[i]);
        if (!date.has_value()) continue;
        if (first_bad.empty()) {
          first_bad = absl::StrCat(Quoted(*column.keys[i]), ": ",
                                   column.values[i], " -> ", Iso(*date));
        }
        if (wrong_pair.empty() && previous.has_value() &&
            Tie(*date) < Tie(*previous)) {
          wrong_pair = absl::StrCat(Quoted(*column.keys[i]), " sorts after ",
                                    Quoted(*previous_key), ", but ", Iso(*date),
                                    " is before ", Iso(*previous));
        }
        previous = date;
        previous_key = column.keys[i];
      }
      if (!first_bad.empty()) {
        std::vector<std::string> examples;
        if (!wrong_pair.empty()) {
          examples.push_back(
              absl::StrCat(collection.partition_key, ": ", wrong_pair));
        }
        examples.push_back(
            absl::StrCat(collection.partition_key, ": ", first_bad));
        formats[column.description].Add(collection.partition_key, examples);
      }

      // timestamp-mixed
      std::map<std::string, std::string> key_by_precision, key_by_offset;
      for (size_t i = 0; i < column.values.size(); ++i) {
        std::optional<IsoTimestamp> ts = ParseIsoTimestamp(column.values[i]);
        if (!ts.has_value()) continue;
        key_by_precision.emplace(absl::StrCat("HH:MM", ts->precision),
                                 *column.keys[i]);
        key_by_offset.emplace(ts->offset, *column.keys[i]);
      }
      auto prefixed = [&](std::vector<std::string> examples) {
        for (std::string& e : examples) {
          e = absl::StrCat(collection.partition_key, ": ", e);
        }
        return examples;
      };
      if (key_by_precision.size() > 1) {
        precisions[column.description].Add(
            collection.partition_key,
            prefixed(OnePerValue(key_by_precision, "precision")));
      }
      if (key_by_offset.size() > 1) {
        offsets[column.description].Add(
            collection.partition_key,
            prefixed(OnePerValue(key_by_offset, "offset")));
      } else if (key_by_offset.size() == 1 &&
                 !IsUtcOffset(key_by_offset.begin()->first)) {
        local_offsets[column.description].Add(
            collection.partition_key,
            prefixed(OnePerValue(key_by_offset, "offset")));
      }
    }
  }

  std::vector<LintFinding> findings;
  // One finding per column: "<column description><what>" and the fix.
  const auto report = [&](const auto& columns, LintSeverity severity,
                          absl::string_view rule, absl::string_view what,
                          absl::string_view fix) {
    for (const auto& [description, builder] : columns) {
      findings.push_back(builder.Build(severity, rule, table.table,
                                       absl::StrCat(description, what),
                                       std::string(fix)));
    }
  };
  report(formats, LintSeverity::kError, "date-format",
         " holds dates in a format whose byte order is not date order (year "
         "last, or a month name)",
         "write dates as ISO-8601, most significant first: YYYY-MM-DD, or "
         "YYYY-MM-DDTHH:MM:SS.sssZ in UTC; then ranges and begins_with "
         "(\"2026-06\" for a month) select exact periods");
  report(precisions, LintSeverity::kError, "timestamp-mixed",
         " mixes ISO-8601 precisions, which do not sort together: "
         "\"10:15:30Z\" sorts after \"10:15:30.500Z\" ('.' is 0x2E, 'Z' "
         "0x5A)",
         "write every timestamp at one precision (milliseconds: "
         "2026-06-23T10:15:30.000Z) and rewrite the others; query bounds "
         "must use the same precision");
  report(offsets, LintSeverity::kError, "timestamp-mixed",
         " mixes UTC offsets, so keys sort by their text, not by the instant "
         "they name",
         "convert every timestamp to UTC with the 'Z' suffix before writing "
         "it; keep the writer's offset in another attribute if needed");
  report(local_offsets, LintSeverity::kWarning, "timestamp-mixed",
         " holds timestamps in one non-UTC offset (or none): they sort right "
         "only until a writer's offset changes, as daylight saving time does",
         "write timestamps in UTC with the 'Z' suffix");
  return findings;
}

}  // namespace dynamite
