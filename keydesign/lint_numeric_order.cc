// numeric-sort-order and numeric-width-mixed: numbers written into S sort
// keys sort by their bytes, so "9" sorts after "1500". A column (one
// segment position, lint_collections.h) is checked when every value in it
// is a plain decimal; sorting its distinct values as bytes and finding one
// adjacent pair in descending numeric order proves the order wrong, and
// that pair is the example. Zero-padded columns of one width never have
// such a pair, so padded designs stay clean.

#include <algorithm>
#include <map>
#include <set>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

#include "keydesign/lint_patterns.h"
#include "keydesign/lint_rules.h"

namespace dynamite {
namespace {

// Digits of a plain decimal, leading zeros not counted ("0150" has 3).
int SignificantDigits(absl::string_view value) {
  int digits = 0;
  bool leading = true;
  for (char c : value) {
    if (c < '0' || c > '9') continue;
    if (leading && c == '0') continue;
    leading = false;
    ++digits;
  }
  return std::max(digits, 1);
}

bool HasLeadingZero(absl::string_view value) {
  return value.size() > 1 && value.front() == '0';
}

}  // namespace

std::vector<LintFinding> CheckNumericOrder(const LintCollections& table) {
  FindingsByColumn order, widths;
  std::map<std::string, int> max_digits;
  std::map<std::string, int> padded_width;
  for (const LintCollection& collection : table.collections) {
    for (const SegmentColumn& column : SegmentColumns(table, collection)) {
      // Distinct values in byte order, each with one whole key holding it.
      std::map<absl::string_view, const std::string*> values;
      bool numeric = true;
      for (size_t i = 0; i < column.values.size() && numeric; ++i) {
        numeric = NumericValue(column.values[i]).has_value();
        values.emplace(column.values[i], column.keys[i]);
      }
      if (!numeric || values.size() < 2) continue;
      for (auto it = values.begin(); std::next(it) != values.end(); ++it) {
        auto next = std::next(it);
        if (*NumericValue(it->first) > *NumericValue(next->first)) {
          // The fix's pad width comes from the collections that need it.
          int& digits = max_digits[column.description];
          for (const auto& [value, key] : values) {
            digits = std::max(digits, SignificantDigits(value));
          }
          order[column.description].Add(
              collection.partition_key,
              {absl::StrCat(collection.partition_key, ": ",
                            Quoted(*next->second), " sorts after ",
                            Quoted(*it->second), ", but ", next->first, " < ",
                            it->first)});
          break;
        }
      }
      // An unpadded migration: some values carry leading zeros (the design
      // pads) and the column holds more than one width.
      std::map<size_t, int64_t> count_by_width;
      std::map<size_t, absl::string_view> key_by_width;
      bool padded = false;
      size_t pad_width = 0;
      for (size_t i = 0; i < column.values.size(); ++i) {
        if (!IsUnsignedInteger(column.values[i])) {
          padded = false;
          break;
        }
        if (HasLeadingZero(column.values[i])) {
          padded = true;
          pad_width = std::max(pad_width, column.values[i].size());
        }
        ++count_by_width[column.values[i].size()];
        key_by_width.emplace(column.values[i].size(), *column.keys[i]);
      }
      if (!padded || count_by_width.size() < 2) continue;
      std::vector<std::string> parts;
      for (const auto& [width, count] : count_by_width) {
        parts.push_back(absl::StrCat(count, " of width ", width, " (e.g. ",
                                     Quoted(key_by_width[width]), ")"));
      }
      padded_width[column.description] = std::max(
          padded_width[column.description], static_cast<int>(pad_width));
      widths[column.description].Add(
          collection.partition_key,
          {absl::StrCat(collection.partition_key, ": ",
                        absl::StrJoin(parts, ", "))});
    }
  }
  std::vector<LintFinding> findings;
  for (const auto& [description, builder] : order) {
    const int width = max_digits[description] + 2;
    findings.push_back(builder.Build(
        LintSeverity::kError, "numeric-sort-order", table.table,
        absl::StrCat(description,
                     " holds numbers whose byte order (DynamoDB's order for "
                     "S keys) disagrees with their numeric order"),
        absl::StrCat(
            "zero-pad the segment to a fixed width with room to grow (the "
            "largest value has ",
            max_digits[description], " digits; e.g. width ", width, ": ",
            std::string(width - 1, '0'),
            "9), or use an N sort key if the key is just this number. "
            "Existing items must be rewritten under the new key (put the "
            "new item, delete the old)")));
  }
  for (const auto& [description, builder] : widths) {
    findings.push_back(builder.Build(
        LintSeverity::kWarning, "numeric-width-mixed", table.table,
        absl::StrCat(description,
                     " is zero-padded in some items and of another width in "
                     "others (an unfinished migration to padded keys?)"),
        absl::StrCat("rewrite the items whose segment is not ",
                     padded_width[description],
                     " digits wide with the padded key, so every value has "
                     "one width; until then range queries return them out "
                     "of place")));
  }
  return findings;
}

}  // namespace dynamite
