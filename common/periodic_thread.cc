#include "common/periodic_thread.h"

#include <utility>

#include "absl/time/clock.h"

#include "common/check.h"

namespace dynamite {

PeriodicThread::PeriodicThread(absl::Duration interval,
                               std::function<void()> round)
    : interval_(interval), round_(std::move(round)) {
  DYNAMITE_CHECK(interval_ > absl::ZeroDuration());
  thread_ = std::thread([this] { Run(); });
}

PeriodicThread::~PeriodicThread() {
  {
    MutexLock lock(&mu_);
    stopping_ = true;
    stop_requested_.Signal();
  }
  thread_.join();
}

void PeriodicThread::Run() {
  absl::Time next = absl::Now() + interval_;
  while (true) {
    {
      MutexLock lock(&mu_);
      while (!stopping_) {
        const absl::Duration left = next - absl::Now();
        if (left <= absl::ZeroDuration()) break;
        mu_.WaitWithTimeout(&stop_requested_, left);
      }
      if (stopping_) return;
    }
    // Outside the lock: a round takes the tables' locks, and the
    // destructor must be able to ask for a stop meanwhile.
    round_();
    next = absl::Now() + interval_;
  }
}

}  // namespace dynamite
