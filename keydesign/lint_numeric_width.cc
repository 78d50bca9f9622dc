// numeric-width-headroom and inverted-timestamp: facts about zero-padded
// and inverted ("9999999999 - value") numeric segments.
//
// A column (lint_collections.h) of digits-only values of one width is
// padded when a value starts with '0', and inverted when every value
// starts with '9' (the complement of small values). For an inverted column
// the value that matters is the complement (the number before inversion),
// found digit by digit as 9 - d, so widths past 64 bits need no
// arithmetic.

#include <algorithm>
#include <map>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/time/time.h"

#include "keydesign/lint_patterns.h"
#include "keydesign/lint_rules.h"

namespace dynamite {
namespace {

// Widths this short are ordinary fixed-width codes, not padding schemes.
constexpr size_t kMinInvertedWidth = 4;
// The widest column whose complement still fits in a uint64_t.
constexpr size_t kMaxEpochWidth = 19;

std::string Complement(absl::string_view digits) {
  std::string result(digits);
  for (char& c : result) c = static_cast<char>('9' - (c - '0'));
  return result;
}

absl::string_view StripZeros(absl::string_view digits) {
  while (digits.size() > 1 && digits.front() == '0') digits.remove_prefix(1);
  return digits;
}

// The largest value seen in one column across a table's collections.
struct Headroom {
  std::string description;
  size_t width = 0;
  bool inverted = false;
  std::string largest;  // digits, before inversion
  std::string key;      // a sort key holding it
};

std::string ToTime(uint64_t value, absl::string_view unit) {
  absl::Time time = unit == "seconds"        ? absl::FromUnixSeconds(value)
                    : unit == "milliseconds" ? absl::FromUnixMillis(value)
                    : unit == "microseconds" ? absl::FromUnixMicros(value)
                                             : absl::FromUnixNanos(value);
  return absl::FormatTime("%Y-%m-%dT%H:%M:%SZ", time, absl::UTCTimeZone());
}

}  // namespace

std::vector<LintFinding> CheckNumericWidth(const LintCollections& table) {
  std::map<std::string, Headroom> headroom;
  std::map<std::string, FindingBuilder> headroom_builders;
  FindingsByColumn inverted_times;
  for (const LintCollection& collection : table.collections) {
    for (const SegmentColumn& column : SegmentColumns(table, collection)) {
      const size_t width = column.values.front().size();
      bool uniform = true, padded = false, nines = true;
      for (absl::string_view value : column.values) {
        if (!IsUnsignedInteger(value) || value.size() != width) {
          uniform = false;
          break;
        }
        padded = padded || (width > 1 && value.front() == '0');
        nines = nines && value.front() == '9';
      }
      if (!uniform) continue;

      // inverted-timestamp: every complement is a Unix time in one unit,
      // and the column decides the collection's order.
      if (column.is_leading && width <= kMaxEpochWidth && !padded) {
        std::optional<absl::string_view> unit;
        uint64_t first = 0;
        bool all = true;
        for (absl::string_view value : column.values) {
          uint64_t original = 0, complement = 0;
          // A value too long for 64 bits is no epoch time.
          const bool parsed = absl::SimpleAtoi(value, &original) &&
                              absl::SimpleAtoi(Complement(value), &complement);
          std::optional<absl::string_view> u = EpochUnit(complement);
          if (!parsed || !u.has_value() || EpochUnit(original).has_value() ||
              (unit.has_value() && *u != *unit)) {
            all = false;
            break;
          }
          if (!unit.has_value()) first = complement;
          unit = u;
        }
        if (all && unit.has_value()) {
          inverted_times[column.description].Add(
              collection.partition_key,
              {absl::StrCat(collection.partition_key, ": ",
                            Quoted(*column.keys.front()), " holds ",
                            std::string(width, '9'), " - ", first, " (",
                            ToTime(first, *unit), ", ", *unit, ")")});
        }
      }

      const bool inverted = !padded && nines && width >= kMinInvertedWidth;
      if (!padded && !inverted) continue;
      // The largest value before inversion: the largest padded value, or
      // the complement of the smallest inverted one. Same width, so the
      // byte order is the numeric order.
      size_t at = 0;
      for (size_t i = 1; i < column.values.size(); ++i) {
        if (inverted ? column.values[i] < column.values[at]
                     : column.values[i] > column.values[at]) {
          at = i;
        }
      }
      std::string largest = inverted ? Complement(column.values[at])
                                     : std::string(column.values[at]);
      // Keyed by kind and width too, so collections of different designs
      // (padded in one, inverted in another) are reported apart.
      const std::string key =
          absl::StrCat(column.description, "|",
                       inverted ? "inverted" : "padded", "|", width);
      auto [it, inserted] = headroom.try_emplace(key);
      Headroom& h = it->second;
      if (inserted) {
        h.description = column.description;
        h.width = width;
        h.inverted = inverted;
      }
      if (largest > h.largest) {
        h.largest = largest;
        h.key = *column.keys[at];
      }
      headroom_builders[key].Add(collection.partition_key, {});
    }
  }

  std::vector<LintFinding> findings;
  for (const auto& [key, h] : headroom) {
    const std::string& description = h.description;
    const absl::string_view largest = StripZeros(h.largest);
    const int left =
        static_cast<int>(h.width) - static_cast<int>(largest.size());
    std::string message = absl::StrCat(
        description, " is ",
        h.inverted ? absl::StrCat("inverted (", std::string(h.width, '9'),
                                  " - value) in ")
                   : "zero-padded to ",
        h.width, " digits; the largest value",
        h.inverted ? " before inversion" : "", " is ", largest, " (",
        largest.size(), largest.size() == 1 ? " digit): " : " digits): ", left,
        left == 1 ? " digit" : " digits", " of headroom");
    const FindingBuilder& builder = headroom_builders[key];
    LintFinding finding = builder.Build(
        left == 0 ? LintSeverity::kWarning : LintSeverity::kInfo,
        "numeric-width-headroom", table.table, std::move(message),
        left == 0 ? absl::StrCat("a value of ", h.width + 1,
                                 " digits would sort out of place; widen the "
                                 "padding now, while rewriting few items is "
                                 "cheap")
                  : "none needed; widen the padding before values reach " +
                        std::string(h.width, '9'));
    finding.examples = {absl::StrCat("largest in ", Quoted(h.key))};
    findings.push_back(std::move(finding));
  }
  for (const auto& [description, builder] : inverted_times) {
    findings.push_back(builder.Build(
        LintSeverity::kWarning, "inverted-timestamp", table.table,
        absl::StrCat(description,
                     " is an inverted Unix time, which only serves "
                     "newest-first reads"),
        "store the time itself (ISO-8601 UTC, or zero-padded epoch) and "
        "Query with ScanIndexForward=false for newest first: DynamoDB reads "
        "a collection backwards at the same cost, and the key stays "
        "readable and usable for date ranges in both directions"));
  }
  return findings;
}

}  // namespace dynamite
