// ISO-8601 UTC timestamps as sort-key text, at second or millisecond
// precision: "2026-06-23T10:15:30Z" and "2026-06-23T10:15:30.123Z".
//
// Both forms have a fixed width (years 0000-9999 only), so within one
// precision byte order is time order. The two precisions must never be
// mixed in one key design: '.' (0x2E) sorts before 'Z' (0x5A), so
// "...T00:00:00.123Z" sorts *before* "...T00:00:00Z" although it is later.
// Key bounds built from these functions therefore always take the stored
// precision (keydesign/key_window.h). Formatting truncates toward the past,
// as a stored timestamp of an event inside a second or millisecond would.
//
// Thread safety: pure functions.

#ifndef DYNAMITE_KEYDESIGN_TIMESTAMP_KEY_H_
#define DYNAMITE_KEYDESIGN_TIMESTAMP_KEY_H_

#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/time/time.h"

namespace dynamite {

// The precision of the timestamps stored in a key design.
enum class TimestampPrecision { kSeconds, kMilliseconds };

// One step at `precision`: a second or a millisecond.
absl::Duration PrecisionUnit(TimestampPrecision precision);

// "s" or "ms". Errors: kInvalidArgument for any other text.
absl::StatusOr<TimestampPrecision> ParsePrecision(absl::string_view text);

// `time` truncated toward the past to a whole unit of `precision`.
absl::Time FloorToPrecision(absl::Time time, TimestampPrecision precision);

// `time` as key text at `precision`, truncated toward the past.
// Errors: kOutOfRange if the UTC year is outside 0000-9999 (the text would
// not have a fixed width).
absl::StatusOr<std::string> FormatTimestampKey(absl::Time time,
                                               TimestampPrecision precision);

// Reads key text written by FormatTimestampKey at `precision`, strictly:
// exactly that shape, a real calendar date and time.
// Errors: kInvalidArgument otherwise.
absl::StatusOr<absl::Time> ParseTimestampKey(absl::string_view text,
                                             TimestampPrecision precision);

// Reads an instant as a person writes it on a command line: a date
// ("2026-06-23", meaning its midnight UTC) or a timestamp at either
// precision. Errors: kInvalidArgument otherwise.
absl::StatusOr<absl::Time> ParseInstant(absl::string_view text);

}  // namespace dynamite

#endif  // DYNAMITE_KEYDESIGN_TIMESTAMP_KEY_H_
