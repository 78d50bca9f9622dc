// `dynamite exec`: runs a script of DynamoDB requests against one fresh
// in-memory Database and prints one JSON line per request.
//
// Script format, one request per line:
//
//   # a comment
//   CreateTable {"TableName": "t", ...}
//   ListTables
//   PutItem {"TableName": "t",
//     "Item": {"pk": {"S": "a"}}}
//
// A request is the operation name, then (after whitespace) its JSON body;
// no body means {}. A body that is not yet complete JSON continues on the
// following lines that start with a space or a tab. Blank lines and lines
// starting with '#' are skipped. Besides DynamoDB's and DynamoDB Streams'
// operations, a script may use Dynamite's control operations
// (wire/dynamite_control_json.h: AdvanceClock, SweepExpiredItems). Each request
// goes through Dispatch(), and its response body, or its error body, is printed
// on one line, so a failing request never stops the script.
//
// Thread safety: RunExecScript is self-contained; concurrent calls share
// nothing.

#ifndef DYNAMITE_WIRE_EXEC_SCRIPT_H_
#define DYNAMITE_WIRE_EXEC_SCRIPT_H_

#include <istream>
#include <optional>
#include <ostream>

#include "absl/status/status.h"
#include "absl/time/time.h"

namespace dynamite {

class Database;

struct ExecOptions {
  // When set, the Database's clock reads this time until the script moves
  // it (AdvanceClock, wire/dynamite_control_json.h), so CreationDateTime, TTL
  // expiry and everything else time-dependent is reproducible. Default: the
  // system clock, which no AdvanceClock moves.
  std::optional<absl::Time> fixed_time;
  // DatabaseOptions::time_to_live_sweep_interval (real time). Default:
  // none; a script deletes expired items with SweepExpiredItems.
  absl::Duration time_to_live_sweep_interval = absl::ZeroDuration();
  // DatabaseOptions::transient_status_delay (by the Database's clock, so a
  // script with a fixed clock moves past it with AdvanceClock).
  absl::Duration transient_status_delay = absl::ZeroDuration();
};

// The time `dynamite exec --fixed-clock` pins the clock to:
// 2026-01-01T00:00:00Z.
absl::Time DefaultFixedTime();

// Runs the script read from `in`, writing one line per request to `out`.
// Returns OK once `in` is exhausted, even if requests failed; returns a
// kInternal error only if reading `in` failed.
absl::Status RunExecScript(std::istream& in, std::ostream& out,
                           const ExecOptions& options = {});

// Runs the script against `db` instead of a fresh Database, so the caller
// can read the tables it leaves (`dynamite lint` of an exec script).
absl::Status RunExecScript(std::istream& in, std::ostream& out, Database& db);

}  // namespace dynamite

#endif  // DYNAMITE_WIRE_EXEC_SCRIPT_H_
