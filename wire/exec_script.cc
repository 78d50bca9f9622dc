#include "wire/exec_script.h"

#include <string>
#include <utility>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"

#include "api/database.h"
#include "api/options.h"
#include "common/controlled_clock.h"
#include "common/errors.h"
#include "wire/dispatch.h"
#include "wire/json.h"

namespace dynamite {
namespace {

// True if `text` is a prefix of JSON that more input could complete: it
// fails to parse only because it ends too early.
bool NeedsMoreInput(absl::string_view text) {
  JsonDocument doc;
  if (ParseJson(text, doc)) return false;
  return doc.GetErrorOffset() >= text.size();
}

bool IsContinuation(absl::string_view line) {
  return !line.empty() && (line.front() == ' ' || line.front() == '\t');
}

// Accumulates the lines of one request and runs it when it is complete.
class ScriptRunner {
 public:
  ScriptRunner(Database& db, std::ostream& out) : db_(db), out_(out) {}

  void Line(absl::string_view line) {
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (pending_ && IsContinuation(line)) {
      absl::StrAppend(&body_, "\n", line);
      if (!NeedsMoreInput(body_)) Run();
      return;
    }
    if (pending_) Run();
    absl::string_view text = absl::StripAsciiWhitespace(line);
    if (text.empty() || text.front() == '#') return;
    size_t space = text.find_first_of(" \t");
    operation_ = std::string(text.substr(0, space));
    body_ = space == absl::string_view::npos
                ? std::string("{}")
                : std::string(absl::StripAsciiWhitespace(text.substr(space)));
    pending_ = true;
    if (!NeedsMoreInput(body_)) Run();
  }

  // Runs a request left incomplete at the end of the script.
  void Finish() {
    if (pending_) Run();
  }

 private:
  void Run() {
    pending_ = false;
    // Operations are named without a prefix; the Streams API's names are
    // all its own.
    WireResponse response =
        Dispatch(db_, ApiOfOperation(operation_), operation_, body_,
                 [] { return absl::OkStatus(); });
    out_ << response.body << '\n';
    out_.flush();
  }

  Database& db_;
  std::ostream& out_;
  bool pending_ = false;
  std::string operation_;
  std::string body_;
};

}  // namespace

absl::Time DefaultFixedTime() { return absl::FromUnixSeconds(1767225600); }

absl::Status RunExecScript(std::istream& in, std::ostream& out,
                           const ExecOptions& options) {
  // A fixed clock stands still but for the script's AdvanceClock requests.
  std::optional<ControlledClock> fixed_clock;
  DatabaseOptions db_options;
  if (options.fixed_time.has_value()) {
    fixed_clock.emplace(*options.fixed_time, ControlledClock::Mode::kStopped);
    db_options.controlled_clock = &*fixed_clock;
  }
  db_options.time_to_live_sweep_interval = options.time_to_live_sweep_interval;
  db_options.transient_status_delay = options.transient_status_delay;
  Database db(db_options);
  return RunExecScript(in, out, db);
}

absl::Status RunExecScript(std::istream& in, std::ostream& out, Database& db) {
  ScriptRunner runner(db, out);
  std::string line;
  while (std::getline(in, line)) runner.Line(line);
  if (in.bad()) return InternalError("Error reading the script");
  runner.Finish();
  return absl::OkStatus();
}

}  // namespace dynamite
