// Timestamp key text:
//
//   seconds      := YYYY '-' MM '-' DD 'T' hh ':' mm ':' ss 'Z'
//   milliseconds := YYYY '-' MM '-' DD 'T' hh ':' mm ':' ss '.' mmm 'Z'
//
// Written field by field with fixed widths rather than with absl::FormatTime,
// whose %Y does not pad years below 1000 to four digits.

#include "keydesign/timestamp_key.h"

#include <cstdint>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/string_view.h"
#include "absl/time/civil_time.h"
#include "absl/time/time.h"

namespace dynamite {
namespace {

constexpr absl::string_view kSecondsShape = "dddd-dd-ddTdd:dd:ddZ";
constexpr absl::string_view kMillisShape = "dddd-dd-ddTdd:dd:dd.dddZ";
constexpr absl::string_view kDateShape = "dddd-dd-dd";

// True if `text` has `shape`, where 'd' stands for any ASCII digit.
bool HasShape(absl::string_view text, absl::string_view shape) {
  if (text.size() != shape.size()) return false;
  for (size_t i = 0; i < shape.size(); ++i) {
    bool digit = absl::ascii_isdigit(static_cast<unsigned char>(text[i]));
    if (shape[i] == 'd' ? !digit : text[i] != shape[i]) return false;
  }
  return true;
}

int Field(absl::string_view text, size_t pos, size_t len) {
  int value = 0;
  (void)absl::SimpleAtoi(text.substr(pos, len), &value);  // shape checked
  return value;
}

// The civil time written in `text` (a date, or a timestamp whose shape is
// already checked), or an error if the fields are not a real date and time
// (2026-02-30, 24:00:00).
absl::StatusOr<absl::Time> CivilFields(absl::string_view text) {
  const bool has_time = text.size() > kDateShape.size();
  int year = Field(text, 0, 4), month = Field(text, 5, 2),
      day = Field(text, 8, 2);
  int hour = has_time ? Field(text, 11, 2) : 0;
  int minute = has_time ? Field(text, 14, 2) : 0;
  int second = has_time ? Field(text, 17, 2) : 0;
  absl::CivilSecond civil(year, month, day, hour, minute, second);
  // CivilSecond normalises out-of-range fields; a change means they were.
  if (civil.year() != year || civil.month() != month || civil.day() != day ||
      civil.hour() != hour || civil.minute() != minute ||
      civil.second() != second) {
    return absl::InvalidArgumentError(
        absl::StrCat("\"", text, "\" is not a real date and time"));
  }
  return absl::FromCivil(civil, absl::UTCTimeZone());
}

}  // namespace

absl::Duration PrecisionUnit(TimestampPrecision precision) {
  switch (precision) {
    case TimestampPrecision::kSeconds:
      return absl::Seconds(1);
    case TimestampPrecision::kMilliseconds:
      return absl::Milliseconds(1);
  }
  return absl::Seconds(1);
}

absl::StatusOr<TimestampPrecision> ParsePrecision(absl::string_view text) {
  if (text == "s") return TimestampPrecision::kSeconds;
  if (text == "ms") return TimestampPrecision::kMilliseconds;
  return absl::InvalidArgumentError(
      absl::StrCat("Precision must be s or ms, not \"", text, "\""));
}

absl::Time FloorToPrecision(absl::Time time, TimestampPrecision precision) {
  // ToUnixMillis and ToUnixSeconds truncate toward the infinite past.
  switch (precision) {
    case TimestampPrecision::kSeconds:
      return absl::FromUnixSeconds(absl::ToUnixSeconds(time));
    case TimestampPrecision::kMilliseconds:
      return absl::FromUnixMillis(absl::ToUnixMillis(time));
  }
  return time;
}

absl::StatusOr<std::string> FormatTimestampKey(absl::Time time,
                                               TimestampPrecision precision) {
  absl::Time floored = FloorToPrecision(time, precision);
  absl::CivilSecond civil = absl::ToCivilSecond(floored, absl::UTCTimeZone());
  if (civil.year() < 0 || civil.year() > 9999) {
    return absl::OutOfRangeError(
        absl::StrCat("Year ", civil.year(),
                     " is outside 0000-9999; its timestamp key "
                     "would not have a fixed width"));
  }
  std::string text = absl::StrFormat(
      "%04d-%02d-%02dT%02d:%02d:%02d", civil.year(), civil.month(), civil.day(),
      civil.hour(), civil.minute(), civil.second());
  if (precision == TimestampPrecision::kMilliseconds) {
    absl::Duration into_second =
        floored - absl::FromCivil(civil, absl::UTCTimeZone());
    absl::StrAppendFormat(&text, ".%03d",
                          absl::ToInt64Milliseconds(into_second));
  }
  text += 'Z';
  return text;
}

absl::StatusOr<absl::Time> ParseTimestampKey(absl::string_view text,
                                             TimestampPrecision precision) {
  bool millis = precision == TimestampPrecision::kMilliseconds;
  if (!HasShape(text, millis ? kMillisShape : kSecondsShape)) {
    return absl::InvalidArgumentError(absl::StrCat(
        "\"", text, "\" is not a timestamp key like ",
        millis ? "2026-06-23T10:15:30.123Z" : "2026-06-23T10:15:30Z"));
  }
  absl::StatusOr<absl::Time> time = CivilFields(text);
  if (!time.ok() || !millis) return time;
  return *time + absl::Milliseconds(Field(text, 20, 3));
}

absl::StatusOr<absl::Time> ParseInstant(absl::string_view text) {
  if (HasShape(text, kDateShape)) return CivilFields(text);
  if (HasShape(text, kSecondsShape)) {
    return ParseTimestampKey(text, TimestampPrecision::kSeconds);
  }
  if (HasShape(text, kMillisShape)) {
    return ParseTimestampKey(text, TimestampPrecision::kMilliseconds);
  }
  return absl::InvalidArgumentError(
      absl::StrCat("\"", text,
                   "\" is not a date (2026-06-23) or UTC timestamp "
                   "(2026-06-23T10:15:30Z, 2026-06-23T10:15:30.123Z)"));
}

}  // namespace dynamite
