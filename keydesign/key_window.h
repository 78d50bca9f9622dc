// Sort-key bounds for a time window over keys of the shape
// <prefix><timestamp><suffix>, e.g. EVT#2026-06-23T10:15:30.123Z#0001, to
// be used as `sk BETWEEN :lower AND :upper` (inclusive at both ends, and
// the only two-sided range a KeyConditionExpression has).
//
// Two traps make the obvious bounds wrong, and these functions avoid both:
//
// - The lower bound must be written at the stored precision. The naive
//   EVT#2026-06-23T00:00:00Z sorts after EVT#2026-06-23T00:00:00.123Z
//   ('.' < 'Z'), so it misses every item of the day's first second.
// - The upper bound must reach past every suffix. EVT#2026-06-23T23:59:59.999Z
//   sorts before EVT#2026-06-23T23:59:59.999Z#0001, so it misses the items of
//   the last millisecond. The upper bound is therefore the last timestamp of
//   the window followed by the greatest suffix a stored key carries (when
//   the key design states it, e.g. "#9999"), or else by nothing at all with
//   the timestamp's closing 'Z' raised to '[' (the next byte): the smallest
//   text above every key that starts with that timestamp, whatever follows.
//
// A window is [from, to): `to` is excluded, so consecutive windows neither
// overlap nor leave a gap. Times that are not on the precision's grid are
// rounded inward (a stored timestamp is always on the grid).
//
// Thread safety: pure functions.

#ifndef DYNAMITE_KEYDESIGN_KEY_WINDOW_H_
#define DYNAMITE_KEYDESIGN_KEY_WINDOW_H_

#include <string>

#include "absl/status/statusor.h"
#include "absl/time/civil_time.h"
#include "absl/time/time.h"

#include "keydesign/timestamp_key.h"

namespace dynamite {

// How timestamps sit in the sort keys of one key design.
struct TimestampKeyShape {
  // Text before the timestamp, e.g. "EVT#". Default: none.
  std::string prefix;
  // The precision the keys are stored at. It must match the stored keys;
  // see the file comment. Default: milliseconds.
  TimestampPrecision precision = TimestampPrecision::kMilliseconds;
  // The greatest text any stored key carries after the timestamp, e.g.
  // "#9999" for a four-digit sequence number. Default: empty, meaning "not
  // stated": the upper bound then reaches past any suffix.
  std::string max_suffix;
};

// Inclusive bounds for `sk BETWEEN lower AND upper`.
struct KeyBounds {
  std::string lower;
  std::string upper;
};

// Bounds of the keys whose timestamp t satisfies from <= t < to.
// Errors: kInvalidArgument if no stored timestamp falls in the window;
// kOutOfRange for a year outside 0000-9999.
absl::StatusOr<KeyBounds> TimeWindowBounds(absl::Time from, absl::Time to,
                                           const TimestampKeyShape& shape);

// Bounds of the keys whose timestamp falls on `day` (UTC).
absl::StatusOr<KeyBounds> DayWindowBounds(absl::CivilDay day,
                                          const TimestampKeyShape& shape);

// Bounds of the keys whose timestamp falls in `month` (UTC).
absl::StatusOr<KeyBounds> MonthWindowBounds(absl::CivilMonth month,
                                            const TimestampKeyShape& shape);

}  // namespace dynamite

#endif  // DYNAMITE_KEYDESIGN_KEY_WINDOW_H_
