#include "keydesign/lint_patterns.h"

#include <array>

#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_split.h"

namespace dynamite {
namespace {

bool AllDigits(absl::string_view s) {
  if (s.empty()) return false;
  for (char c : s) {
    if (!absl::ascii_isdigit(static_cast<unsigned char>(c))) return false;
  }
  return true;
}

bool AllHex(absl::string_view s) {
  for (char c : s) {
    if (!absl::ascii_isxdigit(static_cast<unsigned char>(c))) return false;
  }
  return true;
}

// Consumes exactly `n` digits from the front of *s into *value.
bool TakeDigits(absl::string_view* s, size_t n, int* value) {
  if (s->size() < n || !AllDigits(s->substr(0, n))) return false;
  *value = 0;
  for (size_t i = 0; i < n; ++i) *value = *value * 10 + ((*s)[i] - '0');
  s->remove_prefix(n);
  return true;
}

bool TakeChar(absl::string_view* s, char c) {
  if (s->empty() || s->front() != c) return false;
  s->remove_prefix(1);
  return true;
}

// Month number (1-12) of an English month name or its 3- or 4-letter
// abbreviation ("Jun", "June", "Sept"), any case; 0 otherwise.
int MonthNumber(absl::string_view word) {
  static constexpr std::array<absl::string_view, 12> kMonths = {
      "january", "february", "march",     "april",   "may",      "june",
      "july",    "august",   "september", "october", "november", "december"};
  std::string lower = absl::AsciiStrToLower(word);
  if (lower.size() < 3) return 0;
  for (size_t i = 0; i < kMonths.size(); ++i) {
    if (lower == kMonths[i] || lower == kMonths[i].substr(0, 3) ||
        (i == 8 && lower == "sept")) {
      return static_cast<int>(i) + 1;
    }
  }
  return 0;
}

bool ValidDate(const LooseDate& date) {
  return date.month >= 1 && date.month <= 12 && date.day >= 1 && date.day <= 31;
}

// What may follow a date inside the segment: nothing, or a time after a
// space or 'T'.
bool IsDateEnd(absl::string_view rest) {
  return rest.empty() || rest.front() == ' ' || rest.front() == 'T';
}

// 6/23/2026, 23-06-2026, 23.06.2026, 6/23/26 (two-digit years only with
// '/', since 26-06-23 reads as a sortable YY-MM-DD).
std::optional<LooseDate> ParseYearLastDate(absl::string_view s) {
  size_t first_len = 0;
  while (first_len < s.size() && first_len < 3 &&
         absl::ascii_isdigit(static_cast<unsigned char>(s[first_len]))) {
    ++first_len;
  }
  if (first_len < 1 || first_len > 2 || first_len == s.size()) {
    return std::nullopt;
  }
  const char sep = s[first_len];
  if (sep != '/' && sep != '-' && sep != '.') return std::nullopt;
  std::vector<absl::string_view> parts = absl::StrSplit(s, sep);
  if (parts.size() < 3) return std::nullopt;
  absl::string_view a = parts[0], b = parts[1];
  absl::string_view year_and_rest = s.substr(a.size() + b.size() + 2);
  size_t year_len = 0;
  while (year_len < year_and_rest.size() &&
         absl::ascii_isdigit(
             static_cast<unsigned char>(year_and_rest[year_len]))) {
    ++year_len;
  }
  if (!AllDigits(a) || !AllDigits(b) || b.size() > 2) return std::nullopt;
  if (year_len != 4 && !(year_len == 2 && sep == '/')) return std::nullopt;
  if (!IsDateEnd(year_and_rest.substr(year_len))) return std::nullopt;
  int x = 0, y = 0, year = 0;
  if (!absl::SimpleAtoi(a, &x) || !absl::SimpleAtoi(b, &y) ||
      !absl::SimpleAtoi(year_and_rest.substr(0, year_len), &year)) {
    return std::nullopt;  // digits too many for an int
  }
  if (year_len == 2) year += 2000;
  LooseDate date{.year = year, .month = x, .day = y};
  if (x > 12 && y <= 12) date = LooseDate{.year = year, .month = y, .day = x};
  if (!ValidDate(date)) return std::nullopt;
  return date;
}

// Jun 23 2026, 23-Jun-2026, 2026-Jun-23, June 23, 2026: the first three
// words are a month name, a one- or two-digit day and a four-digit year.
std::optional<LooseDate> ParseMonthNameDate(absl::string_view s) {
  std::vector<absl::string_view> words;
  size_t i = 0;
  while (i < s.size() && words.size() < 3) {
    const bool digit = absl::ascii_isdigit(static_cast<unsigned char>(s[i]));
    const bool alpha = absl::ascii_isalpha(static_cast<unsigned char>(s[i]));
    if (!digit && !alpha) {
      if (s[i] != ' ' && s[i] != '-' && s[i] != '/' && s[i] != ',' &&
          s[i] != '.') {
        return std::nullopt;
      }
      ++i;
      continue;
    }
    size_t j = i;
    while (j < s.size() &&
           (digit ? absl::ascii_isdigit(static_cast<unsigned char>(s[j]))
                  : absl::ascii_isalpha(static_cast<unsigned char>(s[j])))) {
      ++j;
    }
    words.push_back(s.substr(i, j - i));
    i = j;
  }
  if (words.size() < 3 || !IsDateEnd(s.substr(i))) return std::nullopt;
  LooseDate date;
  for (absl::string_view word : words) {
    if (AllDigits(word) && word.size() == 4 && date.year == 0) {
      if (!absl::SimpleAtoi(word, &date.year)) return std::nullopt;
    } else if (AllDigits(word) && word.size() <= 2 && date.day == 0) {
      if (!absl::SimpleAtoi(word, &date.day)) return std::nullopt;
    } else if (int month = MonthNumber(word); month != 0 && date.month == 0) {
      date.month = month;
    } else {
      return std::nullopt;
    }
  }
  if (date.year == 0 || !ValidDate(date)) return std::nullopt;
  return date;
}

}  // namespace

std::vector<absl::string_view> SplitSortKey(absl::string_view key) {
  return absl::StrSplit(key, '#');
}

bool IsLabelSegment(absl::string_view segment) {
  if (segment.empty()) return false;
  for (char c : segment) {
    if (!absl::ascii_isupper(static_cast<unsigned char>(c)) && c != '_') {
      return false;
    }
  }
  return true;
}

bool IsUnsignedInteger(absl::string_view segment) { return AllDigits(segment); }

std::optional<Number> NumericValue(absl::string_view segment) {
  absl::string_view s = segment;
  if (!s.empty() && s.front() == '-') s.remove_prefix(1);
  size_t dot = s.find('.');
  if (dot == absl::string_view::npos) {
    if (!AllDigits(s)) return std::nullopt;
  } else if (!AllDigits(s.substr(0, dot)) || !AllDigits(s.substr(dot + 1))) {
    return std::nullopt;
  }
  absl::StatusOr<Number> number = Number::Parse(segment);
  if (!number.ok()) return std::nullopt;
  return *number;
}

std::optional<IsoTimestamp> ParseIsoTimestamp(absl::string_view segment) {
  absl::string_view s = segment;
  int v = 0;
  if (!TakeDigits(&s, 4, &v) || !TakeChar(&s, '-') || !TakeDigits(&s, 2, &v) ||
      !TakeChar(&s, '-') || !TakeDigits(&s, 2, &v) || !TakeChar(&s, 'T') ||
      !TakeDigits(&s, 2, &v) || !TakeChar(&s, ':') || !TakeDigits(&s, 2, &v)) {
    return std::nullopt;
  }
  IsoTimestamp result;
  if (TakeChar(&s, ':')) {
    if (!TakeDigits(&s, 2, &v)) return std::nullopt;
    result.precision = ":SS";
    if (TakeChar(&s, '.') || TakeChar(&s, ',')) {
      size_t n = 0;
      while (n < s.size() &&
             absl::ascii_isdigit(static_cast<unsigned char>(s[n]))) {
        ++n;
      }
      if (n == 0) return std::nullopt;
      result.precision += "." + std::string(n, 'f');
      s.remove_prefix(n);
    }
  }
  if (s.empty() || s == "Z") {
    result.offset = std::string(s);
    return result;
  }
  absl::string_view offset = s;
  if (!TakeChar(&s, '+') && !TakeChar(&s, '-')) return std::nullopt;
  if (!TakeDigits(&s, 2, &v)) return std::nullopt;
  TakeChar(&s, ':');
  if (!TakeDigits(&s, 2, &v) || !s.empty()) return std::nullopt;
  result.offset = std::string(offset);
  return result;
}

bool IsUtcOffset(absl::string_view offset) {
  return offset == "Z" || offset == "+00:00" || offset == "+0000" ||
         offset == "-00:00" || offset == "-0000";
}

std::optional<LooseDate> ParseNonSortableDate(absl::string_view segment) {
  if (std::optional<LooseDate> date = ParseYearLastDate(segment)) return date;
  return ParseMonthNameDate(segment);
}

bool LooksRandom(absl::string_view segment) {
  if (segment.size() == 36) {
    for (size_t i : {8, 13, 18, 23}) {
      if (segment[i] != '-') return false;
    }
    std::string hex;
    for (char c : segment) {
      if (c != '-') hex.push_back(c);
    }
    if (!AllHex(hex)) return false;
    // Versions 6 and 7 start with a timestamp, so they sort by time.
    return segment[14] != '6' && segment[14] != '7';
  }
  if (segment.size() != 32 && segment.size() != 40 && segment.size() != 64) {
    return false;
  }
  if (!AllHex(segment)) return false;
  bool letter = false, digit = false;
  for (char c : segment) {
    (absl::ascii_isdigit(static_cast<unsigned char>(c)) ? digit : letter) =
        true;
  }
  return letter && digit;
}

std::optional<absl::string_view> EpochUnit(uint64_t value) {
  // 2000-01-01 and 2100-01-01 in seconds.
  constexpr uint64_t kFrom = 946684800, kTo = 4102444800;
  struct Unit {
    uint64_t scale;
    absl::string_view name;
  };
  static constexpr std::array<Unit, 4> kUnits = {
      Unit{1, "seconds"}, Unit{1000, "milliseconds"},
      Unit{1000000, "microseconds"}, Unit{1000000000, "nanoseconds"}};
  for (const Unit& unit : kUnits) {
    if (value >= kFrom * unit.scale && value <= kTo * unit.scale) {
      return unit.name;
    }
  }
  return std::nullopt;
}

}  // namespace dynamite
