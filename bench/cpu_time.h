// CPU time a process has spent, split into user and kernel (system) time,
// so that the wire-level driver can say what one request costs each side:
// the server measured and the driver itself. On two cores shared by both,
// requests/s is bounded by the CPU both spend a request, and the kernel
// share of it (loopback TCP, per request on both sides) is a floor no
// server-side change removes.
//
// Thread safety: the functions are safe to call from any thread.

#ifndef DYNAMITE_BENCH_CPU_TIME_H_
#define DYNAMITE_BENCH_CPU_TIME_H_

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/time/time.h"

#include <sys/types.h>

namespace dynamite {

struct CpuTime {
  absl::Duration user;
  absl::Duration system;

  friend CpuTime operator-(const CpuTime& a, const CpuTime& b) {
    return CpuTime{a.user - b.user, a.system - b.system};
  }
};

// The calling process's CPU time, all its threads (getrusage).
CpuTime SelfCpuTime();

// Process `pid`'s CPU time, all its threads, from /proc/PID/stat (in clock
// ticks, 10 ms on Linux: over a run of seconds, well under 1%). Returns
// kNotFound when there is no such process, kInternal when the file does not
// parse.
absl::StatusOr<CpuTime> ProcessCpuTime(pid_t pid);

// The user and system time of one /proc/PID/stat line (its 14th and 15th
// fields, counted after the command name, which may hold spaces and
// parentheses), with `ticks_per_second` ticks a second.
absl::StatusOr<CpuTime> ParseProcStat(absl::string_view stat,
                                      long ticks_per_second);

}  // namespace dynamite

#endif  // DYNAMITE_BENCH_CPU_TIME_H_
