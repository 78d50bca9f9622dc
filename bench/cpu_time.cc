#include "bench/cpu_time.h"

#include <unistd.h>

#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"

#include <sys/resource.h>

namespace dynamite {
namespace {

absl::Duration FromTimeval(const timeval& tv) {
  return absl::Seconds(tv.tv_sec) + absl::Microseconds(tv.tv_usec);
}

}  // namespace

CpuTime SelfCpuTime() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return CpuTime{FromTimeval(usage.ru_utime), FromTimeval(usage.ru_stime)};
}

absl::StatusOr<CpuTime> ParseProcStat(absl::string_view stat,
                                      long ticks_per_second) {
  // "PID (COMM) STATE ...": COMM is whatever the process named itself, so
  // the fields start after the LAST closing parenthesis.
  const size_t close = stat.rfind(')');
  if (close == absl::string_view::npos || ticks_per_second <= 0) {
    return absl::InternalError(absl::StrCat("unreadable stat line: ", stat));
  }
  const std::vector<absl::string_view> fields =
      absl::StrSplit(stat.substr(close + 1), ' ', absl::SkipEmpty());
  // fields[0] is the state, the 3rd field of the line; utime and stime are
  // the 14th and 15th.
  uint64_t user_ticks = 0;
  uint64_t system_ticks = 0;
  if (fields.size() < 13 || !absl::SimpleAtoi(fields[11], &user_ticks) ||
      !absl::SimpleAtoi(fields[12], &system_ticks)) {
    return absl::InternalError(absl::StrCat("unreadable stat line: ", stat));
  }
  const auto to_duration = [&](uint64_t ticks) {
    return absl::Seconds(static_cast<double>(ticks) /
                         static_cast<double>(ticks_per_second));
  };
  return CpuTime{to_duration(user_ticks), to_duration(system_ticks)};
}

absl::StatusOr<CpuTime> ProcessCpuTime(pid_t pid) {
  const std::string path = absl::StrCat("/proc/", pid, "/stat");
  std::ifstream file(path);
  if (!file) return absl::NotFoundError(absl::StrCat("no process ", pid));
  std::ostringstream text;
  text << file.rdbuf();
  return ParseProcStat(text.str(), sysconf(_SC_CLK_TCK));
}

}  // namespace dynamite
