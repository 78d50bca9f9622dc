#include "common/mutex.h"

#include "gtest/gtest.h"

namespace dynamite {
namespace {

// Debian's abseil runs its deadlock detector on every lock and aborts on a
// lock-order cycle; Dynamite's Mutex turns it off for the process
// (common/mutex.h). Taking two mutexes in both orders from one thread is
// such a cycle, though never a deadlock, so this test dies if the detector
// is on. (Not run under ThreadSanitizer, whose own detector would report
// the inversion: this test is labelled `unit`, not `concurrency`.)
TEST(MutexTest, AbseilsDeadlockDetectorIsOff) {
  Mutex a;
  Mutex b;
  {
    MutexLock first(&a);
    MutexLock second(&b);
  }
  {
    MutexLock first(&b);
    MutexLock second(&a);
  }
  SUCCEED();
}

}  // namespace
}  // namespace dynamite
