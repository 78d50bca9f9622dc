#include "keydesign/key_window.h"

#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/time/civil_time.h"
#include "absl/time/time.h"

#include "common/status_macros.h"
#include "keydesign/timestamp_key.h"

namespace dynamite {
namespace {

// The first instant on the precision's grid at or after `time`.
absl::Time CeilToPrecision(absl::Time time, TimestampPrecision precision) {
  absl::Time floored = FloorToPrecision(time, precision);
  return floored == time ? time : floored + PrecisionUnit(precision);
}

absl::Time StartOf(absl::CivilSecond civil) {
  return absl::FromCivil(civil, absl::UTCTimeZone());
}

}  // namespace

absl::StatusOr<KeyBounds> TimeWindowBounds(absl::Time from, absl::Time to,
                                           const TimestampKeyShape& shape) {
  absl::Time first = CeilToPrecision(from, shape.precision);
  absl::Time last =
      CeilToPrecision(to, shape.precision) - PrecisionUnit(shape.precision);
  if (last < first) {
    return absl::InvalidArgumentError(absl::StrCat(
        "The window [", absl::FormatTime(from), ", ", absl::FormatTime(to),
        ") holds no timestamp at the stored precision"));
  }
  DYNAMITE_ASSIGN_OR_RETURN(std::string lower,
                            FormatTimestampKey(first, shape.precision));
  DYNAMITE_ASSIGN_OR_RETURN(std::string upper,
                            FormatTimestampKey(last, shape.precision));
  if (shape.max_suffix.empty()) {
    upper.back() = 'Z' + 1;  // '[': just above every "...Z<anything>"
  } else {
    upper += shape.max_suffix;
  }
  return KeyBounds{.lower = absl::StrCat(shape.prefix, lower),
                   .upper = absl::StrCat(shape.prefix, upper)};
}

absl::StatusOr<KeyBounds> DayWindowBounds(absl::CivilDay day,
                                          const TimestampKeyShape& shape) {
  return TimeWindowBounds(StartOf(day), StartOf(day + 1), shape);
}

absl::StatusOr<KeyBounds> MonthWindowBounds(absl::CivilMonth month,
                                            const TimestampKeyShape& shape) {
  return TimeWindowBounds(StartOf(month), StartOf(month + 1), shape);
}

}  // namespace dynamite
