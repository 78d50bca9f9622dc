#include "common/controlled_clock.h"

#include "absl/time/clock.h"

#include "common/check.h"

namespace dynamite {

ControlledClock::ControlledClock(absl::Time start, Mode mode)
    : mode_(mode),
      nanos_(mode == Mode::kStopped
                 ? absl::ToUnixNanos(start)
                 : absl::ToInt64Nanoseconds(start - absl::Now())) {}

absl::Time ControlledClock::Now() const {
  const int64_t nanos = nanos_.load(std::memory_order_relaxed);
  if (mode_ == Mode::kStopped) return absl::FromUnixNanos(nanos);
  return absl::Now() + absl::Nanoseconds(nanos);
}

void ControlledClock::Advance(absl::Duration by) {
  DYNAMITE_CHECK(by >= absl::ZeroDuration());
  nanos_.fetch_add(absl::ToInt64Nanoseconds(by), std::memory_order_relaxed);
}

}  // namespace dynamite
