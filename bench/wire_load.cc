// wire_load: the wire-level load driver of workloads.md. Against any
// DynamoDB-compatible endpoint on this machine (dynamite serve, DynamoDB
// Local, dynalite), it recreates the workloads' tables, loads them through
// BatchWriteItem, then runs each read operation for a bounded time at each
// connection count, and prints requests/s, p50 and p99 per operation and
// connection count (a table, or JSON with --json), with the CPU time a
// request cost the driver and, given --server_pid, the server, each split
// into user and kernel time.
//
//   wire_load --endpoint http://127.0.0.1:8000 [--workload leaderboard,audit]
//             [--items 100000] [--seconds 5] [--connections 1,4,16]
//             [--load_connections 4] [--server_pid PID] [--json]
//
// Operations: leaderboard top10, around, get (GetItem); audit recent20.
// Only loopback endpoints are accepted. The tables Leaderboard and AuditLog
// are deleted and created again, so never point this at data you keep.

#include <cstdint>
#include <cstdio>
#include <iostream>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/flags/parse.h"
#include "absl/flags/usage.h"
#include "absl/status/status.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_split.h"
#include "absl/time/time.h"

#include "bench/audit_log_workload.h"
#include "bench/cpu_time.h"
#include "bench/leaderboard_workload.h"
#include "bench/wire_measure.h"
#include "bench/wire_requests.h"
#include "client/wire_client.h"

ABSL_FLAG(std::string, endpoint, "http://127.0.0.1:8000",
          "The endpoint, http://HOST:PORT on a loopback address.");
ABSL_FLAG(std::string, workload, "leaderboard,audit",
          "Workloads to run: leaderboard, audit, or both.");
ABSL_FLAG(int64_t, items, 100'000, "Items loaded per workload.");
ABSL_FLAG(double, seconds, 5, "Seconds per operation and connection count.");
ABSL_FLAG(std::string, connections, "1,4,16",
          "Connection counts, comma-separated.");
ABSL_FLAG(int, load_connections, 4, "Connections loading the items.");
ABSL_FLAG(bool, json, false, "Print JSON instead of a table.");
ABSL_FLAG(int64_t, server_pid, 0,
          "The server's process id, to report its CPU time a request; 0 "
          "for none.");

namespace dynamite {
namespace {

struct Row {
  std::string workload;
  std::string operation;
  RunResult result;
  CpuTime driver_cpu;                 // this process, over the whole run
  std::optional<CpuTime> server_cpu;  // with --server_pid
};

// Microseconds of `time` a request of `result` (answered or failed).
double MicrosecondsPerRequest(absl::Duration time, const RunResult& result) {
  const int64_t requests = result.requests + result.errors;
  return requests == 0
             ? 0
             : absl::ToDoubleMicroseconds(time) / static_cast<double>(requests);
}

// "user+sys" microseconds a request, or "-" when not measured.
std::string CpuCell(const std::optional<CpuTime>& cpu,
                    const RunResult& result) {
  if (!cpu.has_value()) return "-";
  return absl::StrFormat("%.1f+%.1f", MicrosecondsPerRequest(cpu->user, result),
                         MicrosecondsPerRequest(cpu->system, result));
}

// The prepared bodies of workload L's reads over a load of `items`.
std::vector<std::pair<std::string, OperationRun>> LeaderboardRuns(
    const std::vector<LeaderboardItem>& items) {
  const std::vector<int64_t> picks = LeaderboardPicks(
      static_cast<int64_t>(items.size()), kLeaderboardPickCount);
  OperationRun top10{.operation = "Query", .expect = R"("Count":10)"};
  for (absl::string_view season : kLeaderboardSeasons) {
    top10.bodies.push_back(Top10Body(season));
  }
  // `around` may start near a partition's end and find fewer than ten.
  OperationRun around{.operation = "Query", .expect = R"("Items")"};
  OperationRun get{.operation = "GetItem", .expect = R"("Item")"};
  for (int64_t pick : picks) {
    const LeaderboardItem& item = items[pick];
    around.bodies.push_back(AroundBody(item.leaderboard_id, item.rank_key));
    get.bodies.push_back(GetLeaderboardItemBody(item));
  }
  return {{"top10", top10}, {"around", around}, {"get", get}};
}

// recent20 for the actors of uniformly picked items: actors weighted by
// their event counts, so hot actors are read most, as in the workload.
std::vector<std::pair<std::string, OperationRun>> AuditLogRuns(
    const std::vector<AuditLogItem>& items) {
  const std::vector<int64_t> picks = LeaderboardPicks(
      static_cast<int64_t>(items.size()), kLeaderboardPickCount);
  OperationRun recent20{.operation = "Query", .expect = R"("Items")"};
  for (int64_t pick : picks) {
    recent20.bodies.push_back(Recent20Body(items[pick].pk));
  }
  return {{"recent20", recent20}};
}

template <typename Item>
absl::Status SetUp(const WireEndpoint& endpoint, absl::string_view table,
                   absl::string_view partition_key, absl::string_view sort_key,
                   const std::vector<Item>& items) {
  absl::Status status = RecreateTable(
      endpoint, table, CreateTableBody(table, partition_key, sort_key));
  if (!status.ok()) return status;
  std::vector<std::string> jsons;
  jsons.reserve(items.size());
  for (const Item& item : items) jsons.push_back(ItemJson(item));
  absl::StatusOr<LoadResult> loaded =
      LoadItems(endpoint, table, jsons, absl::GetFlag(FLAGS_load_connections));
  if (!loaded.ok()) return loaded.status();
  // Progress goes to stderr, so that stdout is only the results.
  std::cerr << absl::StrFormat(
      "loaded %d items into %s with BatchWriteItem (%d a request) in %.2f s "
      "(%.0f items/s, %d batches retried)\n",
      loaded->items, table, kMaxBatchWriteItems,
      absl::ToDoubleSeconds(loaded->elapsed),
      loaded->items / absl::ToDoubleSeconds(loaded->elapsed),
      loaded->retried_batches);
  return absl::OkStatus();
}

void PrintTable(const std::vector<Row>& rows) {
  std::cout << absl::StrFormat("%-12s %-9s %5s %12s %10s %10s %8s %14s %14s\n",
                               "workload", "operation", "conns", "requests/s",
                               "p50 us", "p99 us", "errors", "server cpu us",
                               "driver cpu us");
  for (const Row& row : rows) {
    std::cout << absl::StrFormat(
        "%-12s %-9s %5d %12.0f %10.1f %10.1f %8d %14s %14s\n", row.workload,
        row.operation, row.result.connections, row.result.requests_per_second(),
        absl::ToDoubleMicroseconds(row.result.p50),
        absl::ToDoubleMicroseconds(row.result.p99), row.result.errors,
        CpuCell(row.server_cpu, row.result),
        CpuCell(row.driver_cpu, row.result));
    if (row.result.errors > 0) {
      std::cout << "  first error: " << row.result.first_error << "\n";
    }
  }
}

void PrintJson(const std::string& endpoint, const std::vector<Row>& rows) {
  std::cout << "{\"endpoint\":" << JsonString(endpoint)
            << ",\"items\":" << absl::GetFlag(FLAGS_items)
            << ",\"seconds\":" << absl::GetFlag(FLAGS_seconds)
            << ",\"results\":[";
  for (size_t i = 0; i < rows.size(); ++i) {
    const Row& row = rows[i];
    const RunResult& r = row.result;
    std::string server_cpu;
    if (row.server_cpu.has_value()) {
      server_cpu =
          absl::StrFormat(R"(,"server_user_us":%.2f,"server_system_us":%.2f)",
                          MicrosecondsPerRequest(row.server_cpu->user, r),
                          MicrosecondsPerRequest(row.server_cpu->system, r));
    }
    std::cout << (i == 0 ? "" : ",") << "\n  "
              << absl::StrFormat(
                     R"({"workload":%s,"operation":%s,"connections":%d,)"
                     R"("requests":%d,"errors":%d,"requests_per_second":%.1f,)"
                     R"("p50_us":%.1f,"p99_us":%.1f,)"
                     R"("driver_user_us":%.2f,"driver_system_us":%.2f%s})",
                     JsonString(row.workload), JsonString(row.operation),
                     r.connections, r.requests, r.errors,
                     r.requests_per_second(), absl::ToDoubleMicroseconds(r.p50),
                     absl::ToDoubleMicroseconds(r.p99),
                     MicrosecondsPerRequest(row.driver_cpu.user, r),
                     MicrosecondsPerRequest(row.driver_cpu.system, r),
                     server_cpu);
  }
  std::cout << "\n]}\n";
}

int Main() {
  absl::StatusOr<WireEndpoint> endpoint =
      ParseLoopbackEndpoint(absl::GetFlag(FLAGS_endpoint));
  if (!endpoint.ok()) {
    std::cerr << "wire_load: " << endpoint.status().message() << "\n";
    return 2;
  }
  std::vector<int> connection_counts;
  for (absl::string_view part :
       absl::StrSplit(absl::GetFlag(FLAGS_connections), ',')) {
    int count = 0;
    if (!absl::SimpleAtoi(part, &count) || count < 1 || count > 1024) {
      std::cerr << "wire_load: --connections takes counts from 1 to 1024\n";
      return 2;
    }
    connection_counts.push_back(count);
  }
  const int64_t item_count = absl::GetFlag(FLAGS_items);
  const absl::Duration duration = absl::Seconds(absl::GetFlag(FLAGS_seconds));
  const bool json = absl::GetFlag(FLAGS_json);
  if (item_count < 1 || duration <= absl::ZeroDuration() ||
      absl::GetFlag(FLAGS_load_connections) < 1) {
    std::cerr << "wire_load: --items, --seconds and --load_connections must "
                 "be positive\n";
    return 2;
  }
  const int64_t server_pid = absl::GetFlag(FLAGS_server_pid);
  if (server_pid < 0 ||
      (server_pid > 0 &&
       !ProcessCpuTime(static_cast<pid_t>(server_pid)).ok())) {
    std::cerr << "wire_load: --server_pid " << server_pid
              << " is not a process whose CPU time can be read\n";
    return 2;
  }
  // The server's CPU time, when asked for and still readable.
  const auto server_cpu = [&]() -> std::optional<CpuTime> {
    if (server_pid == 0) return std::nullopt;
    absl::StatusOr<CpuTime> cpu =
        ProcessCpuTime(static_cast<pid_t>(server_pid));
    if (!cpu.ok()) return std::nullopt;
    return *cpu;
  };

  std::vector<
      std::pair<std::string, std::vector<std::pair<std::string, OperationRun>>>>
      workloads;
  for (absl::string_view name :
       absl::StrSplit(absl::GetFlag(FLAGS_workload), ',')) {
    absl::Status status;
    if (name == "leaderboard") {
      const std::vector<LeaderboardItem> items =
          GenerateLeaderboard(item_count);
      status = SetUp(*endpoint, kLeaderboardTable, kLeaderboardPartitionKey,
                     kLeaderboardSortKey, items);
      workloads.emplace_back("leaderboard", LeaderboardRuns(items));
    } else if (name == "audit") {
      const std::vector<AuditLogItem> items = GenerateAuditLog(item_count);
      status = SetUp(*endpoint, kAuditLogTable, kAuditLogPartitionKey,
                     kAuditLogSortKey, items);
      workloads.emplace_back("audit", AuditLogRuns(items));
    } else {
      std::cerr << "wire_load: unknown workload '" << name << "'\n";
      return 2;
    }
    if (!status.ok()) {
      std::cerr << "wire_load: " << status << "\n";
      return 1;
    }
  }

  std::vector<Row> rows;
  for (const auto& [workload, runs] : workloads) {
    for (const auto& [operation, run] : runs) {
      for (int connections : connection_counts) {
        const std::optional<CpuTime> server_before = server_cpu();
        const CpuTime driver_before = SelfCpuTime();
        absl::StatusOr<RunResult> result =
            RunClosedLoop(*endpoint, run, connections, duration);
        if (!result.ok()) {
          std::cerr << "wire_load: " << workload << " " << operation << ": "
                    << result.status() << "\n";
          return 1;
        }
        Row row{workload, operation, *result, SelfCpuTime() - driver_before,
                std::nullopt};
        const std::optional<CpuTime> server_after = server_cpu();
        if (server_before.has_value() && server_after.has_value()) {
          row.server_cpu = *server_after - *server_before;
        }
        rows.push_back(std::move(row));
      }
    }
  }
  if (json) {
    PrintJson(absl::GetFlag(FLAGS_endpoint), rows);
  } else {
    PrintTable(rows);
  }
  for (const Row& row : rows) {
    if (row.result.errors > 0) return 1;
  }
  return 0;
}

}  // namespace
}  // namespace dynamite

int main(int argc, char** argv) {
  absl::SetProgramUsageMessage(
      "Wire-level load driver: loads workloads.md's tables through "
      "BatchWriteItem into a loopback DynamoDB endpoint and measures its "
      "reads at 1, 4 and 16 connections.");
  absl::ParseCommandLine(argc, argv);
  return dynamite::Main();
}
