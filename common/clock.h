// Clock: the source of wall-clock time (CreationDateTime, later TTL and
// SigV4). A virtual seam so tests can use a fake clock.
//
// Thread safety: implementations must be safe to call concurrently.

#ifndef DYNAMITE_COMMON_CLOCK_H_
#define DYNAMITE_COMMON_CLOCK_H_

#include "absl/time/time.h"

namespace dynamite {

class Clock {
 public:
  virtual ~Clock() = default;
  virtual absl::Time Now() const = 0;

  // Returns the process-wide real clock. Never null; never destroyed.
  static const Clock* Real();
};

}  // namespace dynamite

#endif  // DYNAMITE_COMMON_CLOCK_H_
