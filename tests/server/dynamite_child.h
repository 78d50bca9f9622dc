// The `dynamite` binary run as a child process by the server tests:
// spawned with its stdout on a pipe, its ready line read with a deadline,
// its exit awaited with one (DYNAMITE_BINARY comes from CMake).

#ifndef DYNAMITE_TESTS_SERVER_DYNAMITE_CHILD_H_
#define DYNAMITE_TESTS_SERVER_DYNAMITE_CHILD_H_

#include <poll.h>
#include <signal.h>
#include <unistd.h>

#include <chrono>
#include <string>
#include <thread>
#include <vector>

#include "tests/server/http_test_client.h"

#include <sys/wait.h>

namespace dynamite {

struct Child {
  pid_t pid = -1;
  int stdout_fd = -1;
};

inline Child Spawn(std::vector<std::string> args) {
  int fds[2];
  if (pipe(fds) != 0) return {};
  const pid_t pid = fork();
  if (pid == 0) {
    dup2(fds[1], STDOUT_FILENO);
    close(fds[0]);
    close(fds[1]);
    std::vector<char*> argv;
    std::string binary = DYNAMITE_BINARY;
    argv.push_back(binary.data());
    for (std::string& arg : args) argv.push_back(arg.data());
    argv.push_back(nullptr);
    execv(binary.c_str(), argv.data());
    _exit(127);
  }
  close(fds[1]);
  return Child{pid, fds[0]};
}

// The child's first line of stdout, or "" after kClientTimeout.
inline std::string ReadLine(int fd) {
  std::string line;
  const auto deadline = std::chrono::steady_clock::now() + kClientTimeout;
  while (std::chrono::steady_clock::now() < deadline) {
    pollfd p{fd, POLLIN, 0};
    if (poll(&p, 1, 100) <= 0) continue;
    char c;
    if (read(fd, &c, 1) != 1 || c == '\n') break;
    line.push_back(c);
  }
  return line;
}

// The child's exit code; -1 if it did not exit within kClientTimeout (it
// is then killed) or died of a signal.
inline int WaitExit(pid_t pid) {
  const auto deadline = std::chrono::steady_clock::now() + kClientTimeout;
  int status = 0;
  while (std::chrono::steady_clock::now() < deadline) {
    if (waitpid(pid, &status, WNOHANG) == pid) {
      return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  kill(pid, SIGKILL);
  waitpid(pid, &status, 0);
  return -1;
}

}  // namespace dynamite

#endif  // DYNAMITE_TESTS_SERVER_DYNAMITE_CHILD_H_
