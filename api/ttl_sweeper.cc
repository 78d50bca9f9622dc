#include "api/ttl_sweeper.h"

#include <utility>

#include "absl/time/clock.h"

#include "common/check.h"

namespace dynamite {

TtlSweeper::TtlSweeper(absl::Duration interval, std::function<void()> sweep)
    : interval_(interval), sweep_(std::move(sweep)) {
  DYNAMITE_CHECK(interval_ > absl::ZeroDuration());
  thread_ = std::thread([this] { Run(); });
}

TtlSweeper::~TtlSweeper() {
  {
    MutexLock lock(&mu_);
    stopping_ = true;
    stop_requested_.Signal();
  }
  thread_.join();
}

void TtlSweeper::Run() {
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
    sweep_();
    next = absl::Now() + interval_;
  }
}

}  // namespace dynamite
