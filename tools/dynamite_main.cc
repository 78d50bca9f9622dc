// The `dynamite` command: argument parsing and wiring only.
//
//   dynamite exec [--fixed-clock[=SECONDS]] [FILE]

#include <cstdint>
#include <fstream>
#include <iostream>
#include <optional>
#include <string>

#include "absl/status/status.h"
#include "absl/strings/numbers.h"
#include "absl/strings/string_view.h"
#include "absl/strings/strip.h"
#include "absl/time/time.h"

#include "wire/exec_script.h"

namespace {

constexpr absl::string_view kUsage =
    R"(Usage: dynamite <command> [options]

Commands:
  exec [--fixed-clock[=SECONDS]] [FILE]
      Runs DynamoDB requests against a fresh in-memory database and prints
      one compact JSON line per request: the response, or the error body.
      Reads FILE, or standard input when FILE is absent or "-". Each
      request is `Operation {json}` on one line (no JSON means {}); JSON
      that is not complete continues on following lines that start with a
      space or a tab. Blank lines and lines starting with '#' are skipped.
      Exits 0 even when requests fail; 1 when the input cannot be read.

      --fixed-clock            Pin the clock to 2026-01-01T00:00:00Z, so
                               CreationDateTime is the same on every run.
      --fixed-clock=SECONDS    Pin the clock to SECONDS since the epoch.

  help, --help, -h
      Prints this message.
)";

int UsageError(absl::string_view message) {
  std::cerr << "dynamite: " << message << "\n\n" << kUsage;
  return 2;
}

int Exec(int argc, char** argv) {
  dynamite::ExecOptions options;
  std::optional<std::string> file;
  for (int i = 2; i < argc; ++i) {
    absl::string_view arg = argv[i];
    if (arg == "--help" || arg == "-h") {
      std::cout << kUsage;
      return 0;
    }
    if (arg == "--fixed-clock") {
      options.fixed_time = dynamite::DefaultFixedTime();
    } else if (absl::ConsumePrefix(&arg, "--fixed-clock=")) {
      int64_t seconds = 0;
      if (!absl::SimpleAtoi(arg, &seconds)) {
        return UsageError("--fixed-clock= needs whole seconds since the epoch");
      }
      options.fixed_time = absl::FromUnixSeconds(seconds);
    } else if (arg.size() > 1 && arg.front() == '-') {
      return UsageError(std::string("unknown option ") + std::string(arg));
    } else if (file.has_value()) {
      return UsageError("exec takes at most one FILE");
    } else {
      file = std::string(arg);
    }
  }
  absl::Status status;
  if (!file.has_value() || *file == "-") {
    status = dynamite::RunExecScript(std::cin, std::cout, options);
  } else {
    std::ifstream in(*file);
    if (!in) {
      std::cerr << "dynamite: cannot open " << *file << "\n";
      return 1;
    }
    status = dynamite::RunExecScript(in, std::cout, options);
  }
  if (!status.ok()) {
    std::cerr << "dynamite: " << status.message() << "\n";
    return 1;
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) return UsageError("missing command");
  absl::string_view command = argv[1];
  if (command == "help" || command == "--help" || command == "-h") {
    std::cout << kUsage;
    return 0;
  }
  if (command == "exec") return Exec(argc, argv);
  return UsageError(std::string("unknown command ") + std::string(command));
}
