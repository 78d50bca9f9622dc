// ControlledClock: a Clock (common/clock.h) that a test moves forward, for
// what depends on a Database's time (TTL expiry, stream retention and
// iterator age, transaction tokens).
//
// It starts at a given instant and either stands still there (kStopped:
// time passes only when Advance() moves it, so a test is exact) or runs
// with real time from there (kRunning: `dynamite serve --clock-start`, so
// a server can live in a chosen year and still tick). Advance() moves it
// forward in both modes; it never goes back, so what was already expired
// stays expired.
//
// Thread safety: Now() and Advance() may be called concurrently.

#ifndef DYNAMITE_COMMON_CONTROLLED_CLOCK_H_
#define DYNAMITE_COMMON_CONTROLLED_CLOCK_H_

#include <atomic>
#include <cstdint>

#include "absl/time/time.h"

#include "common/clock.h"

namespace dynamite {

class ControlledClock : public Clock {
 public:
  enum class Mode { kStopped, kRunning };

  explicit ControlledClock(absl::Time start, Mode mode = Mode::kStopped);

  absl::Time Now() const override;

  // Moves the clock forward by `by`. REQUIRES: by >= absl::ZeroDuration().
  void Advance(absl::Duration by);

 private:
  const Mode mode_;
  // kStopped: the time, in Unix nanoseconds. kRunning: what is added to
  // the real clock's time.
  std::atomic<int64_t> nanos_;
};

}  // namespace dynamite

#endif  // DYNAMITE_COMMON_CONTROLLED_CLOCK_H_
