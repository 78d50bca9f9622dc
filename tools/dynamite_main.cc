// The `dynamite` command: argument parsing and wiring only.
//
//   dynamite exec [--fixed-clock[=SECONDS]] [--ttl-sweep-interval D]
//                 [--delay-transient-statuses[=D]] [FILE]
//   dynamite serve [--host H] [--port N] [--threads N] [--region R]
//                  [--auth FILE] [--console on|off]
//                  [--stream-shard-records N] [--manual-clock[=SECONDS]]
//                  [--clock-start SECONDS] [--ttl-sweep-interval D]
//                  [--delay-transient-statuses[=D]] [--cors ORIGINS]
//                  [--db-path DIR [--sync MODE] [--sync-interval D]
//                   [--snapshot-after-mb N]]
//                  [DynamoDB Local's flags]
//   dynamite lint [--json] (FILE --table T --pk K [--sk K] [--lsi]
//                  [--gsi NAME=PK[,SK]]... [--lsi-index NAME=SK]... |
//                  --exec SCRIPT | --endpoint URL [--table T])
//   dynamite expr --pk NAME=VALUE [--sk NAME SELECTOR] [--filter COND] ...
//   dynamite export (--db-path DIR | --exec SCRIPT) --table T --to FOLDER
//   dynamite import --db-path DIR --table T --pk K [--sk K] --from PATH

#include <csignal>
#include <cstdint>
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/string_view.h"
#include "absl/strings/strip.h"
#include "absl/time/clock.h"
#include "absl/time/time.h"

#include "api/database.h"
#include "api/options.h"
#include "common/controlled_clock.h"
#include "console/console_routes.h"
#include "keydesign/expr_command.h"
#include "keydesign/lint_command.h"
#include "server/cors.h"
#include "server/credentials.h"
#include "server/http_server.h"
#include "transfer/transfer_command.h"
#include "wire/exec_script.h"

namespace {

constexpr absl::string_view kUsage =
    R"(Usage: dynamite <command> [options]

Commands:
  exec [--fixed-clock[=SECONDS]] [--ttl-sweep-interval D]
       [--delay-transient-statuses[=D]] [FILE]
      Runs DynamoDB requests against a fresh in-memory database and prints
      one compact JSON line per request: the response, or the error body.
      Reads FILE, or standard input when FILE is absent or "-". Each
      request is `Operation {json}` on one line (no JSON means {}); JSON
      that is not complete continues on following lines that start with a
      space or a tab. Blank lines and lines starting with '#' are skipped.
      Exits 0 even when requests fail; 1 when the input cannot be read.

      --fixed-clock            Pin the clock to 2026-01-01T00:00:00Z, so
                               CreationDateTime is the same on every run;
                               the script's AdvanceClock requests move it.
      --fixed-clock=SECONDS    Pin the clock to SECONDS since the epoch.
      --ttl-sweep-interval D   Delete expired items every D of real time
                               (e.g. 250ms). Default: only when the script
                               asks (SweepExpiredItems).
      --delay-transient-statuses[=D]
                               As for serve, by the script's clock.

      Besides DynamoDB's operations, a script may send Dynamite's control
      operations: AdvanceClock {"Seconds": N} moves a fixed clock forward;
      SweepExpiredItems deletes the items whose time to live has passed;
      CreateCheckpoint {"Name": "seeded"} keeps the whole database as it
      is, RestoreCheckpoint {"Name": "seeded"} puts it back in place of
      every table, and DeleteCheckpoint {"Name": "seeded"} forgets it.

  serve [--host HOST] [--port N] [--threads N] [--region R] [--auth FILE]
        [--console on|off] [--stream-shard-records N]
        [--manual-clock[=SECONDS]] [--clock-start SECONDS]
        [--ttl-sweep-interval D] [--delay-transient-statuses[=D]]
        [--cors ORIGINS] [--db-path DIR [--sync MODE] [--sync-interval D]
        [--snapshot-after-mb N]]
      Serves DynamoDB's HTTP API from one database, in memory or kept in a
      directory, until SIGINT or SIGTERM, then finishes the requests in
      flight and exits 0. Prints one line on standard output once it
      accepts connections, and a second when the console is on:
        dynamite serve: listening on http://127.0.0.1:8000 (in-memory)
        dynamite serve: console at http://127.0.0.1:8000/console
      With --db-path the first line ends with (data in DIR, sync MODE).

      --host HOST      Address to listen on. Default: 127.0.0.1.
      --port N         TCP port; 0 picks a free one. Default: 8000.
      --threads N      Threads serving connections. Default: half the
                       CPU cores, at least 1 (the clients share them).
      --region R       Region in table ARNs and the GET / health line.
                       Default: ddblocal.
      --auth FILE      Verify SigV4 signatures against the access key ids
                       and secrets in FILE (one "KEYID SECRET" per line).
                       Default: any well-formed credentials are accepted.
      --console on|off Serve the console (tables, items, queries, key
                       design) at /console. Default: on for a loopback
                       --host, else off. With --auth, the page asks for an
                       access key and signs its requests.
      --stream-shard-records N
                       Close a table stream's shard, and open its child,
                       after N records (so consumers that follow shard
                       lineage can be tested). Default: every 4 hours.
      --manual-clock[=SECONDS]
                       The database's clock stands still at SECONDS since
                       the epoch (default: the time the server starts)
                       and moves only when a client sends AdvanceClock
                       (X-Amz-Target DynamiteControl_20261204.AdvanceClock,
                       body {"Seconds": N}), so a test sees items expire
                       without waiting.
      --clock-start SECONDS
                       The clock starts at SECONDS since the epoch and
                       runs with real time; AdvanceClock moves it too.
      --ttl-sweep-interval D
                       How often items whose time to live has passed are
                       deleted, in real time (e.g. 1s, 250ms; 0: never,
                       but for SweepExpiredItems requests). Default: 1s.
                       Until swept, an expired item is still read, as in
                       DynamoDB.
      --delay-transient-statuses[=D]
                       Tables stay CREATING, UPDATING or DELETING (and a
                       GSI that UpdateTable adds CREATING) for D by the
                       database's clock (default 500ms), as DynamoDB's do
                       for seconds or minutes, so code that waits for a
                       table (SDK waiters) is exercised. Meanwhile a
                       CREATING table refuses items, and a DELETING one is
                       still described and listed. Default: every change
                       is complete, the table ACTIVE, in the answer.
      --db-path DIR    Keep the database in DIR (created if missing):
                       every commit is appended to DIR/commits.log before
                       it is answered, and a restart, even after SIGKILL,
                       loads DIR/snapshot and replays the log after it
                       (tables, items, indexes, tags, backups; not yet
                       stream records). A write the log cannot take
                       (a full disk) is answered InternalServerError and
                       later writes are refused until a restart; reads go
                       on. Default: in memory only.
      --sync MODE      When the log is fsynced: always (before each
                       answer; writers waiting together share one),
                       interval (every --sync-interval, the default: a
                       machine crash loses at most that much) or never
                       (left to the operating system). A killed process
                       loses nothing acknowledged in any mode.
      --sync-interval D
                       The interval's period (e.g. 100ms, the default).
      --snapshot-after-mb N
                       Snapshot the whole database once the log has grown
                       by N MiB since the last snapshot (default 64; 0:
                       never), so that a restart replays at most that
                       much log. Writes pause while the tables are
                       captured; the file is written after.
      --cors ORIGINS   Origins (comma-separated, e.g.
                       http://localhost:3000,https://app.example.com)
                       whose browser pages may call the endpoint: their
                       answers carry CORS headers and their preflights
                       are answered; other origins get none. * allows
                       any. Default: *, as DynamoDB Local.

      Tests that start from a seeded database send Dynamite's control
      operations (X-Amz-Target DynamiteControl_20261204.<Operation>):
      CreateCheckpoint {"Name": "seeded"} keeps the whole database as it
      is, RestoreCheckpoint {"Name": "seeded"} puts it back in place of
      every table (in O(tables + partitions)), DeleteCheckpoint forgets
      it. Refused with --db-path.

      DynamoDB Local's flags are accepted, so its scripts run unchanged:
      -port N is --port N, -cors X is --cors X and
      -delayTransientStatuses is --delay-transient-statuses, -dbPath P is
      --db-path P (the files are Dynamite's own, not DynamoDB Local's);
      -inMemory (refused beside -dbPath, as DynamoDB Local refuses it),
      -sharedDb and -disableTelemetry change nothing here (a line on
      standard error says so).

  export (--db-path DIR | --exec SCRIPT) --table T --to FOLDER
         [--s3-bucket NAME] [--s3-prefix PREFIX] [--items-per-file N]
      Writes table T in the layout of DynamoDB's export to S3
      (FOLDER/AWSDynamoDB/<ExportId>/ with its manifests and
      data/*.json.gz). `dynamite export --help` says more.

  import --db-path DIR --table T --pk NAME[:S|N|B] [--sk NAME[:S|N|B]]
         --from PATH
      Creates table T in DIR from an export (DynamoDB's or Dynamite's) or
      from files of {"Item": ...} lines, as ImportTable reads DYNAMODB_JSON.
      `dynamite import --help` says more.

  lint [--json] --table T --pk NAME[:S|N|B] [--sk NAME[:S|N|B]] [--lsi]
       [--gsi NAME=PK[,SK]]... [--lsi-index NAME=SK]... FILE
  lint [--json] --exec SCRIPT
  lint [--json] --endpoint http://127.0.0.1:PORT [--table T]
      Checks a table's key design for the classic sort-key traps: numbers
      and dates that sort as text, unpadded migrations, padding headroom,
      mixed ISO-8601 precisions or offsets, random sort keys, inverted
      timestamps, hot partitions, N values past 38 digits. Prints each
      finding with its item collections, examples and fix; --json prints
      one JSON document instead. Reads FILE (items in DynamoDB JSON, one
      {"Item": {...}} per line as DynamoDB's export to S3 writes them; "-"
      is standard input; key types default to S; --lsi: the table has a
      local secondary index; --gsi and --lsi-index name a secondary
      index's keys, e.g. --gsi GSI1=GSI1PK,GSI1SK, '+' joining the
      attributes of a multi-attribute key), or the tables a `dynamite
      exec` SCRIPT leaves, or every table (or T) of a running dynamite
      serve, with their secondary indexes. An index's keys are checked as
      the table's are, and its findings name it.
      Exits 0 when clean or with warnings only, 1 when errors are found,
      2 on a usage or input error.

  expr [--table T] [--pk NAME=VALUE [--sk NAME SELECTOR]] [--filter COND]...
       [--condition COND]... [--set NAME=VALUE]... [--add NAME=VALUE]...
       [--remove NAME]... [--compact]
      Prints the DynamoDB JSON request fragment (KeyConditionExpression,
      FilterExpression, ConditionExpression, UpdateExpression,
      ExpressionAttributeNames, ExpressionAttributeValues) for the flags,
      ready to paste into an SDK call or --cli-input-json. Reserved words
      and names that are not plain tokens become #nN placeholders; values
      become :vN. A VALUE is a string, or DynamoDB JSON when it starts
      with '{' ({"N":"42"}). Exits 2 on a usage error.

      SELECTOR on the sort key, one of:
        --eq V | --lt V | --le V | --gt V | --ge V | --between A B
        --begins-with P          e.g. --prefix EVT# --begins-with 2026-06
        --day YYYY-MM-DD | --month YYYY-MM | --from T --to T
                                 a UTC time window [from, to) as a BETWEEN
                                 whose bounds take the stored precision and
                                 reach past any suffix; T is a date or a
                                 timestamp (2026-06-23T10:15:30.123Z)
      --prefix P       Text before every sort-key value (e.g. EVT#).
      --precision s|ms Precision of the stored timestamps; a time window
                       needs it ("...00Z" and "...00.000Z" do not mix).
      --suffix S       Greatest text stored after the timestamp (e.g.
                       '#9999'), making the upper bound readable. Default:
                       the bound ends in '[' just above 'Z', past any suffix.
      --sk-type S|N    Type of the sort key's values. Default: S.
      COND: NAME=V, NAME<>V, NAME<V, NAME<=V, NAME>V, NAME>=V,
            begins_with(NAME,P), attribute_exists(NAME),
            attribute_not_exists(NAME); terms are joined with AND.

  help, --help, -h
      Prints this message.
)";

int UsageError(absl::string_view message) {
  std::cerr << "dynamite: " << message << "\n\n" << kUsage;
  return 2;
}

int Expr(int argc, char** argv) {
  std::vector<std::string> args(argv + 2, argv + argc);
  for (const std::string& arg : args) {
    if (arg == "--help" || arg == "-h") {
      std::cout << kUsage;
      return 0;
    }
  }
  absl::StatusOr<std::string> json = dynamite::RunExprCommand(args);
  if (!json.ok()) return UsageError(json.status().message());
  std::cout << *json;
  return 0;
}

constexpr absl::string_view kSweepIntervalUsage =
    "--ttl-sweep-interval needs a duration such as 1s or 250ms (0: never)";

constexpr absl::string_view kTransientDelayUsage =
    "--delay-transient-statuses needs a duration such as 500ms or 2s";
// What a bare --delay-transient-statuses (or DynamoDB Local's
// -delayTransientStatuses) delays: long enough for a waiter's first poll
// to see the transient status, short enough for a test suite.
constexpr absl::Duration kDefaultTransientDelay = absl::Milliseconds(500);

// A positive duration for --delay-transient-statuses=D; a bare flag
// (empty `text`) is the default.
std::optional<absl::Duration> ParseTransientDelay(absl::string_view text) {
  if (text.empty()) return kDefaultTransientDelay;
  absl::Duration delay;
  if (!absl::ParseDuration(text, &delay) || delay <= absl::ZeroDuration() ||
      delay == absl::InfiniteDuration()) {
    return std::nullopt;
  }
  return delay;
}

// A sweep interval: an absl duration ("1s", "250ms"), or "0" for none.
std::optional<absl::Duration> ParseSweepInterval(absl::string_view text) {
  absl::Duration interval;
  if (!absl::ParseDuration(text, &interval) ||
      interval < absl::ZeroDuration() || interval == absl::InfiniteDuration()) {
    return std::nullopt;
  }
  return interval;
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
    } else if (arg == "--ttl-sweep-interval" ||
               absl::ConsumePrefix(&arg, "--ttl-sweep-interval=")) {
      std::string value;
      if (arg == "--ttl-sweep-interval") {
        if (i + 1 >= argc) {
          return UsageError("--ttl-sweep-interval needs a value");
        }
        value = argv[++i];
      } else {
        value = std::string(arg);
      }
      std::optional<absl::Duration> interval = ParseSweepInterval(value);
      if (!interval.has_value()) return UsageError(kSweepIntervalUsage);
      options.time_to_live_sweep_interval = *interval;
    } else if (arg == "--delay-transient-statuses" ||
               absl::ConsumePrefix(&arg, "--delay-transient-statuses=")) {
      const absl::string_view text =
          arg == "--delay-transient-statuses" ? absl::string_view() : arg;
      std::optional<absl::Duration> delay = ParseTransientDelay(text);
      if (!delay.has_value()) return UsageError(kTransientDelayUsage);
      options.transient_status_delay = *delay;
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

struct ServeFlags {
  dynamite::HttpServerOptions server;
  std::string region = "ddblocal";
  // --stream-shard-records N: a stream's shard closes after N records.
  int64_t stream_shard_records = 0;
  // --manual-clock[=SECONDS] / --clock-start SECONDS: the clock a client
  // moves with AdvanceClock, and where it starts.
  std::optional<dynamite::ControlledClock::Mode> clock_mode;
  std::optional<absl::Time> clock_start;
  // --ttl-sweep-interval D.
  absl::Duration ttl_sweep_interval = absl::Seconds(1);
  // --delay-transient-statuses[=D] / -delayTransientStatuses.
  absl::Duration transient_status_delay = absl::ZeroDuration();
  // --auth FILE: access key ids and secrets whose signatures are verified.
  std::optional<std::string> auth_file;
  // --console on|off; unset: on for a loopback bind.
  std::optional<bool> console;
  // --db-path DIR / -dbPath DIR, --sync MODE, --sync-interval D.
  dynamite::DurabilityOptions durability;
  // -inMemory: DynamoDB Local's, which refuses it beside -dbPath.
  bool in_memory = false;
  // DynamoDB Local flags accepted without effect, each with the reason.
  std::vector<std::string> no_effect;
};

// Reads the value after argv[*i] into *value. Accepts "--flag V" and
// "--flag=V" (for the -flag forms of DynamoDB Local, only "-flag V").
bool TakeValue(int argc, char** argv, int* i, absl::string_view inline_value,
               std::string* value) {
  if (!inline_value.empty()) {
    *value = std::string(inline_value);
    return true;
  }
  if (*i + 1 >= argc) return false;
  *value = argv[++*i];
  return true;
}

// Parses `serve`'s flags into *flags. Returns the exit code for a usage
// error or --help, or nullopt to go on.
std::optional<int> ParseServeFlags(int argc, char** argv, ServeFlags* flags) {
  for (int i = 2; i < argc; ++i) {
    absl::string_view arg = argv[i];
    absl::string_view inline_value;
    if (absl::StartsWith(arg, "--")) {
      if (size_t eq = arg.find('='); eq != absl::string_view::npos) {
        inline_value = arg.substr(eq + 1);
        arg = arg.substr(0, eq);
      }
    }
    std::string value;
    if (arg == "--help" || arg == "-h" || arg == "-help") {
      std::cout << kUsage;
      return 0;
    }
    // Flags with a value.
    if (arg == "--host" || arg == "--port" || arg == "-port" ||
        arg == "--threads" || arg == "--region" || arg == "--auth" ||
        arg == "--console" || arg == "--stream-shard-records" ||
        arg == "--clock-start" || arg == "--ttl-sweep-interval" ||
        arg == "--cors" || arg == "-cors" || arg == "-dbPath" ||
        arg == "--db-path" || arg == "--sync" || arg == "--sync-interval" ||
        arg == "--snapshot-after-mb") {
      if (!TakeValue(argc, argv, &i, inline_value, &value)) {
        return UsageError(absl::StrCat(arg, " needs a value"));
      }
    } else if (!inline_value.empty() && arg != "--manual-clock" &&
               arg != "--delay-transient-statuses") {
      return UsageError(absl::StrCat(arg, " takes no value"));
    }
    if (arg == "--host") {
      flags->server.host = value;
    } else if (arg == "--port" || arg == "-port") {
      uint32_t port = 0;
      if (!absl::SimpleAtoi(value, &port) || port > 65535) {
        return UsageError(absl::StrCat(arg, " needs a port number 0-65535"));
      }
      flags->server.port = static_cast<uint16_t>(port);
    } else if (arg == "--threads") {
      int threads = 0;
      if (!absl::SimpleAtoi(value, &threads) || threads < 1 || threads > 256) {
        return UsageError("--threads needs a number from 1 to 256");
      }
      flags->server.threads = threads;
    } else if (arg == "--region") {
      if (value.empty()) return UsageError("--region needs a region name");
      flags->region = value;
    } else if (arg == "--stream-shard-records") {
      int64_t records = 0;
      if (!absl::SimpleAtoi(value, &records) || records < 1) {
        return UsageError("--stream-shard-records needs a number from 1");
      }
      flags->stream_shard_records = records;
    } else if (arg == "--manual-clock" || arg == "--clock-start") {
      if (flags->clock_mode.has_value()) {
        return UsageError("--manual-clock and --clock-start: give one");
      }
      flags->clock_mode = arg == "--manual-clock"
                              ? dynamite::ControlledClock::Mode::kStopped
                              : dynamite::ControlledClock::Mode::kRunning;
      const std::string seconds_text =
          arg == "--manual-clock" ? std::string(inline_value) : value;
      if (!seconds_text.empty()) {
        int64_t seconds = 0;
        if (!absl::SimpleAtoi(seconds_text, &seconds)) {
          return UsageError(
              absl::StrCat(arg, " needs whole seconds since the epoch"));
        }
        flags->clock_start = absl::FromUnixSeconds(seconds);
      }
    } else if (arg == "--ttl-sweep-interval") {
      std::optional<absl::Duration> interval = ParseSweepInterval(value);
      if (!interval.has_value()) return UsageError(kSweepIntervalUsage);
      flags->ttl_sweep_interval = *interval;
    } else if (arg == "--auth") {
      flags->auth_file = value;
    } else if (arg == "--console") {
      if (value != "on" && value != "off") {
        return UsageError("--console needs on or off");
      }
      flags->console = value == "on";
    } else if (arg == "--db-path" || arg == "-dbPath") {
      if (value.empty())
        return UsageError(absl::StrCat(arg, " needs a directory"));
      flags->durability.directory = value;
    } else if (arg == "--sync") {
      if (value == "always") {
        flags->durability.sync = dynamite::SyncMode::kAlways;
      } else if (value == "interval") {
        flags->durability.sync = dynamite::SyncMode::kInterval;
      } else if (value == "never") {
        flags->durability.sync = dynamite::SyncMode::kNever;
      } else {
        return UsageError("--sync needs always, interval or never");
      }
    } else if (arg == "--sync-interval") {
      absl::Duration interval;
      if (!absl::ParseDuration(value, &interval) ||
          interval <= absl::ZeroDuration() ||
          interval == absl::InfiniteDuration()) {
        return UsageError(
            "--sync-interval needs a positive duration such as 100ms or 1s");
      }
      flags->durability.sync_interval = interval;
    } else if (arg == "--snapshot-after-mb") {
      uint64_t megabytes = 0;
      if (!absl::SimpleAtoi(value, &megabytes) || megabytes > (1u << 20)) {
        return UsageError(
            "--snapshot-after-mb needs a whole number of MiB up to 1048576 "
            "(0: never)");
      }
      flags->durability.snapshot_log_bytes = megabytes << 20;
    } else if (arg == "-inMemory") {
      flags->in_memory = true;
      flags->no_effect.push_back(
          "-inMemory (without --db-path the database is in memory)");
    } else if (arg == "-sharedDb") {
      flags->no_effect.push_back(
          "-sharedDb (one database serves every credential and region)");
    } else if (arg == "-disableTelemetry") {
      flags->no_effect.push_back("-disableTelemetry (no telemetry)");
    } else if (arg == "--delay-transient-statuses" ||
               arg == "-delayTransientStatuses") {
      std::optional<absl::Duration> delay = ParseTransientDelay(inline_value);
      if (!delay.has_value()) return UsageError(kTransientDelayUsage);
      flags->transient_status_delay = *delay;
    } else if (arg == "--cors" || arg == "-cors") {
      absl::StatusOr<dynamite::CorsPolicy> cors =
          dynamite::ParseCorsOrigins(value);
      if (!cors.ok()) {
        return UsageError(absl::StrCat(arg, ": ", cors.status().message()));
      }
      flags->server.exchange.cors = *std::move(cors);
    } else {
      return UsageError(absl::StrCat("serve: unknown option ", arg));
    }
  }
  // As DynamoDB Local: "You can't specify both -dbPath and -inMemory at
  // once." A directory is a promise to keep the data, not to be dropped.
  if (flags->in_memory && !flags->durability.directory.empty()) {
    return UsageError(
        "-inMemory and --db-path (-dbPath) cannot be given together: the "
        "database is either in memory or kept in the directory");
  }
  return std::nullopt;
}

// The console is on by default only where no one else can reach it.
bool IsLoopback(absl::string_view host) {
  return host == "localhost" || host == "::1" || absl::StartsWith(host, "127.");
}

int Serve(int argc, char** argv) {
  ServeFlags flags;
  if (std::optional<int> exit_code = ParseServeFlags(argc, argv, &flags)) {
    return *exit_code;
  }
  if (!flags.no_effect.empty()) {
    std::cerr << "dynamite serve: accepted for DynamoDB Local compatibility, "
                 "no effect here: "
              << absl::StrJoin(flags.no_effect, ", ") << "\n";
  }
  // Without --auth any well-formed credentials are accepted, as DynamoDB
  // Local does; with it, signatures are verified (server/sigv4.h).
  dynamite::Credentials credentials;
  if (flags.auth_file.has_value()) {
    absl::StatusOr<dynamite::Credentials> loaded =
        dynamite::LoadCredentialsFile(*flags.auth_file);
    if (!loaded.ok()) {
      std::cerr << "dynamite serve: --auth: " << loaded.status().message()
                << "\n";
      return 1;
    }
    credentials = *std::move(loaded);
    flags.server.exchange.credentials = &credentials;
  }
  dynamite::DatabaseOptions options{.region = flags.region};
  options.streams.shard_max_records = flags.stream_shard_records;
  options.time_to_live_sweep_interval = flags.ttl_sweep_interval;
  options.transient_status_delay = flags.transient_status_delay;
  std::optional<dynamite::ControlledClock> clock;
  if (flags.clock_mode.has_value()) {
    clock.emplace(flags.clock_start.value_or(absl::Now()), *flags.clock_mode);
    options.controlled_clock = &*clock;
  }
  options.durability = flags.durability;
  absl::StatusOr<std::unique_ptr<dynamite::Database>> opened =
      dynamite::Database::Open(options);
  if (!opened.ok()) {
    std::cerr << "dynamite serve: --db-path " << options.durability.directory
              << ": " << opened.status().message() << "\n";
    return 1;
  }
  dynamite::Database& db = **opened;
  if (!options.durability.directory.empty()) {
    const dynamite::RecoveryReport& recovery = db.recovery();
    std::cerr << "dynamite serve: ";
    if (recovery.snapshot_sequence > 0) {
      std::cerr << "loaded the snapshot of commit "
                << recovery.snapshot_sequence << ", then ";
    }
    std::cerr << "replayed " << recovery.commits_replayed << " commits from "
              << options.durability.directory;
    if (recovery.torn_tail_bytes > 0) {
      std::cerr << "; dropped a last commit cut short by a crash ("
                << recovery.torn_tail_bytes << " bytes, never acknowledged)";
    }
    std::cerr << "\n";
  }
  flags.server.exchange.region = flags.region;
  const dynamite::ConsoleRoutes console;
  const bool console_on = flags.console.value_or(IsLoopback(flags.server.host));
  if (console_on) flags.server.exchange.routes = &console;
  flags.server.stop_signals = {SIGINT, SIGTERM};
  absl::StatusOr<std::unique_ptr<dynamite::HttpServer>> server =
      dynamite::HttpServer::Create(db, flags.server);
  if (!server.ok()) {
    std::cerr << "dynamite serve: " << server.status().message() << "\n";
    return 1;
  }
  const std::string& host = flags.server.host;
  const bool ipv6 = host.find(':') != std::string::npos;
  const std::string origin =
      absl::StrCat("http://", ipv6 ? absl::StrCat("[", host, "]") : host, ":",
                   (*server)->port());
  std::string where = "in-memory";
  if (!options.durability.directory.empty()) {
    constexpr absl::string_view kModes[] = {"always", "interval", "never"};
    where = absl::StrCat("data in ", options.durability.directory, ", sync ",
                         kModes[static_cast<int>(options.durability.sync)]);
  }
  std::cout << "dynamite serve: listening on " << origin << " (" << where << ")"
            << std::endl;
  if (console_on) {
    std::cout << "dynamite serve: console at " << origin << "/console"
              << std::endl;
  }
  (*server)->Run();
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
  if (command == "serve") return Serve(argc, argv);
  if (command == "expr") return Expr(argc, argv);
  if (command == "export" || command == "import") {
    const std::vector<std::string> args(argv + 2, argv + argc);
    return command == "export"
               ? dynamite::RunExportCommand(args, std::cout, std::cerr)
               : dynamite::RunImportCommand(args, std::cout, std::cerr);
  }
  if (command == "lint") {
    return dynamite::RunLintCommand(
        std::vector<std::string>(argv + 2, argv + argc), std::cin, std::cout,
        std::cerr);
  }
  return UsageError(std::string("unknown command ") + std::string(command));
}
