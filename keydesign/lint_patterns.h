// Text patterns the key-design linter recognises inside S sort keys:
// '#'-separated segments, numbers, ISO-8601 timestamps, dates in formats
// whose byte order is not date order, random identifiers, epoch times.
//
// Each recogniser looks at one whole segment and is deliberately strict
// (a segment must match entirely), because a false positive in a CI gate
// costs more than a missed hint.
//
// Thread safety: pure functions.

#ifndef DYNAMITE_KEYDESIGN_LINT_PATTERNS_H_
#define DYNAMITE_KEYDESIGN_LINT_PATTERNS_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/strings/string_view.h"

#include "store/number.h"

namespace dynamite {

// The '#'-separated segments of a sort key ("EVT#2026-06-23#0001" -> three).
// A key without '#' is one segment.
std::vector<absl::string_view> SplitSortKey(absl::string_view key);

// A label segment is a fixed type tag such as "EVT" or "ORDER": upper-case
// letters and '_' only. Rules group values by the labels before them.
bool IsLabelSegment(absl::string_view segment);

// Digits only (at least one): the values zero-padding applies to.
bool IsUnsignedInteger(absl::string_view segment);

// The value of a segment written as a plain decimal, -?digits(.digits)?;
// nullopt for anything else (including numbers DynamoDB could not hold).
std::optional<Number> NumericValue(absl::string_view segment);

// An ISO-8601 date-time: YYYY-MM-DDTHH:MM[:SS[.fraction]][offset], offset
// "Z", "+HH:MM", "-HH:MM", "+HHMM" or "-HHMM" (or absent: local time).
struct IsoTimestamp {
  // The precision, as the characters after the minutes: "" (minutes),
  // ":SS" (seconds), ":SS.fff" (milliseconds, with as many f as digits).
  std::string precision;
  std::string offset;  // as written: "Z", "+02:00", "" (none)
};
std::optional<IsoTimestamp> ParseIsoTimestamp(absl::string_view segment);

// True for a UTC offset: "Z", "+00:00", "+0000", "-00:00".
bool IsUtcOffset(absl::string_view offset);

// A date written so that its bytes do not sort as dates: year last
// (6/23/2026, 23-06-2026, 23.06.2026, 6/23/26) or a month name (Jun 23
// 2026, 23-Jun-2026, 2026-Jun-23), optionally followed by a time after a
// space or 'T'. Numeric day-month order is ambiguous; `month` and `day`
// follow the US reading (M/D) unless a value above 12 settles it.
struct LooseDate {
  int year = 0;  // four digits; two-digit years are read as 20YY
  int month = 0;
  int day = 0;
};
std::optional<LooseDate> ParseNonSortableDate(absl::string_view segment);

// A random identifier, which gives no useful range order: a UUID of a
// version other than 6 and 7 (those two begin with their timestamp and
// sort by time), or a hex digest of 32, 40 or 64 characters (MD5, SHA-1,
// SHA-256) mixing letters and digits. ULIDs and KSUIDs sort by time and
// are not reported.
bool LooksRandom(absl::string_view segment);

// If `value` reads as a Unix time between 2000 and 2100 in seconds,
// milliseconds, microseconds or nanoseconds, returns the unit's name
// ("seconds", ...); else nullopt.
std::optional<absl::string_view> EpochUnit(uint64_t value);

}  // namespace dynamite

#endif  // DYNAMITE_KEYDESIGN_LINT_PATTERNS_H_
