// ManualClock: a ControlledClock (common/controlled_clock.h) that stands
// still until a test moves it, starting by default at
// 2026-01-01T00:00:00Z.
//
// Thread safety: as ControlledClock.

#ifndef DYNAMITE_TESTS_SUPPORT_MANUAL_CLOCK_H_
#define DYNAMITE_TESTS_SUPPORT_MANUAL_CLOCK_H_

#include "absl/time/time.h"

#include "common/controlled_clock.h"

namespace dynamite::testing {

class ManualClock final : public ControlledClock {
 public:
  explicit ManualClock(absl::Time start = absl::FromUnixSeconds(1767225600))
      : ControlledClock(start, Mode::kStopped) {}
};

}  // namespace dynamite::testing

#endif  // DYNAMITE_TESTS_SUPPORT_MANUAL_CLOCK_H_
