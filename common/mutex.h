// Mutex: absl::Mutex, made visible to ThreadSanitizer.
//
// Debian's abseil is not built with -fsanitize=thread, so TSan cannot see
// absl::Mutex's acquire and release and reports every access it guards as a
// data race. Under TSan this wrapper tells it about each lock and unlock
// through the sanitizer's mutex annotations; in other builds it is exactly
// an absl::Mutex (the annotations compile away). Use it, and the RAII
// lockers below, instead of absl::Mutex everywhere in Dynamite.
//
// Debian's abseil is built in debug mode, where every absl::Mutex lock runs
// abseil's deadlock detector, which takes one process-wide spinlock and
// records the lock in a graph: 2-4% of a Query alone, and concurrent readers
// serialise on that spinlock. The first Dynamite Mutex turns the detector
// off for the process (SetMutexDeadlockDetectionMode(kIgnore)); lock-order
// inversions are ThreadSanitizer's to find (its deadlock detector runs in
// the concurrency tests).
//
// Thread safety: a mutex; carries Clang's thread-safety attributes.

#ifndef DYNAMITE_COMMON_MUTEX_H_
#define DYNAMITE_COMMON_MUTEX_H_

#include "absl/base/thread_annotations.h"
#include "absl/synchronization/mutex.h"

#if defined(__SANITIZE_THREAD__)
#define DYNAMITE_TSAN 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define DYNAMITE_TSAN 1
#endif
#endif

#ifdef DYNAMITE_TSAN
#include <sanitizer/tsan_interface.h>
#endif

namespace dynamite {
namespace mutex_internal {

// Sets abseil's deadlock detection to kIgnore, once per process.
void TurnOffAbseilDeadlockDetection();

}  // namespace mutex_internal

class ABSL_LOCKABLE Mutex {
 public:
  Mutex() {
    mutex_internal::TurnOffAbseilDeadlockDetection();
    Annotate(kCreate, 0);
  }
  ~Mutex() { Annotate(kDestroy, 0); }
  Mutex(const Mutex&) = delete;
  Mutex& operator=(const Mutex&) = delete;

  void Lock() ABSL_EXCLUSIVE_LOCK_FUNCTION() {
    Annotate(kPreLock, 0);
    mu_.Lock();
    Annotate(kPostLock, 0);
  }
  void Unlock() ABSL_UNLOCK_FUNCTION() {
    Annotate(kPreUnlock, 0);
    mu_.Unlock();
    Annotate(kPostUnlock, 0);
  }
  void ReaderLock() ABSL_SHARED_LOCK_FUNCTION() {
    Annotate(kPreLock, kReadLock);
    mu_.ReaderLock();
    Annotate(kPostLock, kReadLock);
  }
  // Aborts unless the mutex is held exclusively (abseil's check); tells
  // the thread-safety analysis that this thread holds it, where the lock
  // was taken by code the analysis cannot follow (store/commit.cc).
  void AssertHeld() const ABSL_ASSERT_EXCLUSIVE_LOCK() { mu_.AssertHeld(); }
  void ReaderUnlock() ABSL_UNLOCK_FUNCTION() {
    Annotate(kPreUnlock, kReadLock);
    mu_.ReaderUnlock();
    Annotate(kPostUnlock, kReadLock);
  }
  // Releases the mutex until `cv` is signalled, then holds it again
  // (absl::CondVar::Wait). REQUIRES: the mutex is held exclusively.
  void Wait(absl::CondVar* cv) ABSL_EXCLUSIVE_LOCKS_REQUIRED(this) {
    Annotate(kPreUnlock, 0);
    Annotate(kPostUnlock, 0);
    cv->Wait(&mu_);
    Annotate(kPreLock, 0);
    Annotate(kPostLock, 0);
  }
  // Releases the mutex until `cv` is signalled or `timeout` has passed,
  // then holds it again (absl::CondVar::WaitWithTimeout); returns true if
  // the wait timed out. Callers check their condition again after it, as
  // with any condition variable. REQUIRES: the mutex is held exclusively.
  bool WaitWithTimeout(absl::CondVar* cv, absl::Duration timeout)
      ABSL_EXCLUSIVE_LOCKS_REQUIRED(this) {
    Annotate(kPreUnlock, 0);
    Annotate(kPostUnlock, 0);
    const bool timed_out = cv->WaitWithTimeout(&mu_, timeout);
    Annotate(kPreLock, 0);
    Annotate(kPostLock, 0);
    return timed_out;
  }

 private:
  enum Event {
    kCreate,
    kDestroy,
    kPreLock,
    kPostLock,
    kPreUnlock,
    kPostUnlock
  };
#ifdef DYNAMITE_TSAN
  static constexpr unsigned kReadLock = __tsan_mutex_read_lock;
  void Annotate(Event event, unsigned flags) {
    switch (event) {
      case kCreate:
        __tsan_mutex_create(this, flags);
        return;
      case kDestroy:
        __tsan_mutex_destroy(this, flags);
        return;
      case kPreLock:
        __tsan_mutex_pre_lock(this, flags);
        return;
      case kPostLock:
        __tsan_mutex_post_lock(this, flags, 0);
        return;
      case kPreUnlock:
        __tsan_mutex_pre_unlock(this, flags);
        return;
      case kPostUnlock:
        __tsan_mutex_post_unlock(this, flags);
        return;
    }
  }
#else
  static constexpr unsigned kReadLock = 0;
  void Annotate(Event, unsigned) {}
#endif

  absl::Mutex mu_;
};

// Holds `mu` exclusively for the scope.
class ABSL_SCOPED_LOCKABLE MutexLock {
 public:
  explicit MutexLock(Mutex* mu) ABSL_EXCLUSIVE_LOCK_FUNCTION(mu) : mu_(mu) {
    mu_->Lock();
  }
  ~MutexLock() ABSL_UNLOCK_FUNCTION() { mu_->Unlock(); }
  MutexLock(const MutexLock&) = delete;
  MutexLock& operator=(const MutexLock&) = delete;

 private:
  Mutex* const mu_;
};

// Holds `mu` shared for the scope.
class ABSL_SCOPED_LOCKABLE ReaderMutexLock {
 public:
  explicit ReaderMutexLock(Mutex* mu) ABSL_SHARED_LOCK_FUNCTION(mu) : mu_(mu) {
    mu_->ReaderLock();
  }
  ~ReaderMutexLock() ABSL_UNLOCK_FUNCTION() { mu_->ReaderUnlock(); }
  ReaderMutexLock(const ReaderMutexLock&) = delete;
  ReaderMutexLock& operator=(const ReaderMutexLock&) = delete;

 private:
  Mutex* const mu_;
};

}  // namespace dynamite

#endif  // DYNAMITE_COMMON_MUTEX_H_
