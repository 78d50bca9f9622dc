// PeriodicThread: a thread that calls a function every interval of real
// time, until it is destroyed. The Database's TTL sweeper
// (DatabaseOptions::time_to_live_round_interval: each round deletes the
// expired items through the commit point, in seconds rather than
// DynamoDB's days) and the write-ahead log's interval fsync
// (durability/write_ahead_log.h) are each one.
//
// The interval is real time, whatever the Database's clock: a test that
// moves a ControlledClock past an item's expiry sees the item go within
// one interval.
//
// Thread safety: constructed and destroyed by one owner; the destructor
// stops the thread and waits for a round in progress.

#ifndef DYNAMITE_COMMON_PERIODIC_THREAD_H_
#define DYNAMITE_COMMON_PERIODIC_THREAD_H_

#include <functional>
#include <thread>

#include "absl/base/thread_annotations.h"
#include "absl/synchronization/mutex.h"
#include "absl/time/time.h"

#include "common/mutex.h"

namespace dynamite {

class PeriodicThread {
 public:
  // Starts a thread that calls `round` every `interval`, the first time
  // one interval from now. REQUIRES: interval > absl::ZeroDuration().
  PeriodicThread(absl::Duration interval, std::function<void()> round);
  PeriodicThread(const PeriodicThread&) = delete;
  PeriodicThread& operator=(const PeriodicThread&) = delete;
  ~PeriodicThread();

 private:
  void Run();

  const absl::Duration interval_;
  const std::function<void()> round_;
  Mutex mu_;
  absl::CondVar stop_requested_;
  bool stopping_ ABSL_GUARDED_BY(mu_) = false;
  std::thread thread_;  // last: started once the members above exist
};

}  // namespace dynamite

#endif  // DYNAMITE_COMMON_PERIODIC_THREAD_H_
