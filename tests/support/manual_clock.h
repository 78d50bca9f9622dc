// ManualClock: a Clock (common/clock.h) that stands still until a test
// moves it, for what depends on the Database's time (stream retention and
// iterator age, transaction tokens, later TTL).
//
// Thread safety: Now() and Advance() may be called concurrently.

#ifndef DYNAMITE_TESTS_SUPPORT_MANUAL_CLOCK_H_
#define DYNAMITE_TESTS_SUPPORT_MANUAL_CLOCK_H_

#include <atomic>
#include <cstdint>

#include "absl/time/time.h"

#include "common/clock.h"

namespace dynamite::testing {

class ManualClock final : public Clock {
 public:
  // Default: 2026-01-01T00:00:00Z.
  explicit ManualClock(absl::Time start = absl::FromUnixSeconds(1767225600))
      : nanos_(absl::ToUnixNanos(start)) {}

  absl::Time Now() const override {
    return absl::FromUnixNanos(nanos_.load(std::memory_order_relaxed));
  }
  void Advance(absl::Duration d) {
    nanos_.fetch_add(absl::ToInt64Nanoseconds(d), std::memory_order_relaxed);
  }

 private:
  std::atomic<int64_t> nanos_;
};

}  // namespace dynamite::testing

#endif  // DYNAMITE_TESTS_SUPPORT_MANUAL_CLOCK_H_
