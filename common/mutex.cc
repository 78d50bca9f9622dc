#include "common/mutex.h"

#include "absl/synchronization/mutex.h"

namespace dynamite::mutex_internal {

void TurnOffAbseilDeadlockDetection() {
  // A function-local static: thread-safe, and after the first call one
  // load of an initialised guard.
  [[maybe_unused]] static const bool kTurnedOff = [] {
    absl::SetMutexDeadlockDetectionMode(absl::OnDeadlockCycle::kIgnore);
    return true;
  }();
}

}  // namespace dynamite::mutex_internal
