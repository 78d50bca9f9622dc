// TtlSweeper: the thread that deletes expired items every interval, as
// DynamoDB's background TTL process does (in seconds rather than days).
// The Database owns one when DatabaseOptions::time_to_live_sweep_interval
// is positive; each round calls the function it was given
// (Database::SweepExpiredItems), which deletes through the commit point.
//
// The interval is real time, whatever the Database's clock: a test that
// moves a ControlledClock past an item's expiry sees the item go within
// one interval.
//
// Thread safety: constructed and destroyed by the Database's owner; the
// destructor stops the thread and waits for a round in progress.

#ifndef DYNAMITE_API_TTL_SWEEPER_H_
#define DYNAMITE_API_TTL_SWEEPER_H_

#include <functional>
#include <thread>

#include "absl/base/thread_annotations.h"
#include "absl/synchronization/mutex.h"
#include "absl/time/time.h"

#include "common/mutex.h"

namespace dynamite {

class TtlSweeper {
 public:
  // Starts a thread that calls `sweep` every `interval`, the first time
  // one interval from now. REQUIRES: interval > absl::ZeroDuration().
  TtlSweeper(absl::Duration interval, std::function<void()> sweep);
  TtlSweeper(const TtlSweeper&) = delete;
  TtlSweeper& operator=(const TtlSweeper&) = delete;
  ~TtlSweeper();

 private:
  void Run();

  const absl::Duration interval_;
  const std::function<void()> sweep_;
  Mutex mu_;
  absl::CondVar stop_requested_;
  bool stopping_ ABSL_GUARDED_BY(mu_) = false;
  std::thread thread_;  // last: started once the members above exist
};

}  // namespace dynamite

#endif  // DYNAMITE_API_TTL_SWEEPER_H_
