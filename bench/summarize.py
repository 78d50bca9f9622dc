#!/usr/bin/env python3
"""Summarises leaderboard_bench's and audit_log_bench's Google Benchmark JSON
as issue 5's ratios.

For each operation and scale of workload L (BM_<System><Op>) and of workload
A (BM_<System>Audit<Op>) it prints Dynamite's time (BM_Dynamite...), its
ratio to the "limit" baseline (BM_Limit...) and to the "sqlite" baseline
(BM_Sqlite...) of the same run, and whether it meets issue 5's in-process
target for read operations: at most 2 x limit + 1 us a request, and faster
than sqlite. Writes (submit, append, load) get their ratios but no verdict;
the target is for reads.

For each load it then prints the resident memory per item of the three
stores (the rss_per_item counter of bench/load_memory.h; heap_per_item
beside it), the overhead beyond the items' DynamoDB size (item_bytes) and
whether Dynamite meets issue 5's memory target: at most 2 x limit's.

Times are per benchmark iteration, in ns. page100's iteration is ten
requests, so its 1 us allowance is 10 us. With --benchmark_repetitions the
median aggregate is used when the JSON has it, else the median of the
repetitions.

Usage (python3 standard library only):
  build-release/bench/leaderboard_bench --benchmark_format=json > l.json
  bench/summarize.py l.json
  build-release/bench/leaderboard_bench --benchmark_out=l.json \\
      --benchmark_out_format=json && bench/summarize.py --markdown l.json
  bench/summarize.py l.json audit.json   # both workloads in one table
Reads standard input when no file is named. --check exits 1 when a read
operation or a load misses its target or lacks a run.
"""

import argparse
import json
import re
import statistics
import sys

SYSTEMS = ("Dynamite", "Limit", "Sqlite")
# workloads.md's order, L then A; anything else found is appended.
OPERATIONS = ("Top10", "Around", "Page100", "Get", "Submit", "Load",
              "AuditRecent20", "AuditWindow", "AuditMonth", "AuditFiltered",
              "AuditAppend", "AuditLoad")
WRITES = {"Submit", "Load", "AuditAppend", "AuditLoad"}
LOADS = {"Load", "AuditLoad"}
AUDIT_PREFIX = "Audit"  # workload A's operations: BM_<System>Audit<Op>
MEMORY_FACTOR = 2.0  # issue 5: memory per item at most 2 x limit's
# The load counters read from the JSON (bench/load_memory.h, item_bytes from
# the Dynamite loads).
MEMORY_COUNTERS = ("rss_per_item", "heap_per_item", "item_bytes")
# Requests in one benchmark iteration (default 1).
REQUESTS_PER_ITERATION = {"Page100": 10}
FIXED_COST_NS = 1000.0  # issue 5: the whole fixed cost of one request
LIMIT_FACTOR = 2.0

NAME = re.compile(r"^BM_(%s)([A-Za-z0-9]+)/items:(\d+)" % "|".join(SYSTEMS))
UNIT_NS = {"ns": 1.0, "us": 1e3, "ms": 1e6, "s": 1e9}


def label_of(op):
    """top10, page100 (x10); audit recent20, audit load."""
    label = op.lower()
    if op.startswith(AUDIT_PREFIX):
        label = "audit " + op[len(AUDIT_PREFIX):].lower()
    if REQUESTS_PER_ITERATION.get(op, 1) > 1:
        label += " (x%d)" % REQUESTS_PER_ITERATION[op]
    return label


def load_runs(streams, time_field):
    """Returns {(system, op, items): ns}, the load counters
    {(system, op, items): {counter: value}} and the benchmarks' errors."""
    repetitions = {}  # key -> [ns, ...] from iteration runs
    medians = {}  # key -> ns from median aggregates
    counter_runs = {}  # key -> {counter: [value, ...]} from iteration runs
    counter_medians = {}  # key -> {counter: value} from median aggregates
    errors = {}
    context = None
    for stream in streams:
        document = json.load(stream)
        context = context or document.get("context")
        for run in document.get("benchmarks", []):
            name = run.get("run_name") or run.get("name", "")
            match = NAME.match(name)
            if not match:
                continue
            key = (match.group(1), match.group(2), int(match.group(3)))
            if run.get("error_occurred"):
                errors[key] = run.get("error_message", "error")
                continue
            if time_field not in run:
                continue
            ns = float(run[time_field]) * UNIT_NS[run.get("time_unit", "ns")]
            counters = {c: float(run[c]) for c in MEMORY_COUNTERS if c in run}
            if run.get("run_type") == "aggregate":
                if run.get("aggregate_name") == "median":
                    medians[key] = ns
                    counter_medians[key] = counters
            else:
                repetitions.setdefault(key, []).append(ns)
                for c, value in counters.items():
                    counter_runs.setdefault(key, {}).setdefault(
                        c, []).append(value)
    times = {key: statistics.median(v) for key, v in repetitions.items()}
    times.update(medians)
    memory = {key: {c: statistics.median(v) for c, v in runs.items()}
              for key, runs in counter_runs.items()}
    memory.update(counter_medians)
    return times, memory, errors, context


def format_ns(ns):
    if ns is None:
        return "-"
    if ns >= 10_000_000:  # loads: whole milliseconds
        return "{:,.0f} ms".format(ns / 1e6)
    return "{:,.0f} ns".format(ns)


def format_ratio(numerator, denominator):
    if numerator is None or denominator is None or denominator <= 0:
        return "-"
    return "{:.2f}x".format(numerator / denominator)


def verdict(op, dynamite, limit, sqlite):
    """Returns (target ns or None, verdict text, met: True/False/None)."""
    if op in WRITES:
        return None, "n/a (write)", None
    if dynamite is None or limit is None or sqlite is None:
        return None, "? (missing run)", None
    target = LIMIT_FACTOR * limit + FIXED_COST_NS * REQUESTS_PER_ITERATION.get(
        op, 1)
    misses = []
    if dynamite > target:
        misses.append("> 2 x limit + 1 us")
    if dynamite >= sqlite:
        misses.append("not faster than sqlite")
    if misses:
        return target, "NO: " + ", ".join(misses), False
    return target, "yes", True


def format_bytes(value):
    return "-" if value is None else "{:,.0f} B".format(value)


def memory_rows(memory, errors):
    """Returns the memory table's rows and (met, missed, unknown)."""
    rows = []
    met = missed = unknown = 0
    order = {op: i for i, op in enumerate(OPERATIONS)}
    loads = sorted({(op, items) for (_, op, items) in memory if op in LOADS}
                   | {(op, items) for (_, op, items) in errors
                      if op in LOADS},
                   key=lambda k: (order.get(k[0], len(order)), k[1]))
    for op, items in loads:
        m = {s: memory.get((s, op, items), {}) for s in SYSTEMS}
        rss = {s: m[s].get("rss_per_item") for s in SYSTEMS}
        heap = {s: m[s].get("heap_per_item") for s in SYSTEMS}
        item_bytes = next((m[s]["item_bytes"] for s in SYSTEMS
                           if "item_bytes" in m[s]), None)
        # Issue 5: "resident bytes per item minus the item's DynamoDB
        # size, at most 2 x limit's" (limit's counted the same way).
        overhead = {s: None if rss[s] is None or item_bytes is None
                    else rss[s] - item_bytes for s in SYSTEMS}
        if overhead["Dynamite"] is None or overhead["Limit"] is None:
            text, unknown = "? (missing run)", unknown + 1
        elif overhead["Dynamite"] <= MEMORY_FACTOR * overhead["Limit"]:
            text, met = "yes", met + 1
        else:
            text, missed = "NO: overhead > 2 x limit's", missed + 1
        rows.append((label_of(op), "{:,}".format(items),
                     format_bytes(rss["Dynamite"]), format_bytes(rss["Limit"]),
                     format_bytes(rss["Sqlite"]),
                     format_bytes(heap["Dynamite"]), format_bytes(item_bytes),
                     format_bytes(overhead["Dynamite"]),
                     format_bytes(overhead["Limit"]),
                     format_ratio(rss["Dynamite"], rss["Limit"]),
                     format_ratio(rss["Dynamite"], rss["Sqlite"]), text))
    return rows, (met, missed, unknown)


def print_table(header, rows, markdown, left):
    """Prints rows under header; columns in `left` are left-aligned."""
    if markdown:
        print("| " + " | ".join(header) + " |")
        print("|" + "|".join("---" if i in left else "---:"
                             for i in range(len(header))) + "|")
        for row in rows:
            print("| " + " | ".join(row) + " |")
        return
    widths = [max(len(str(r[i])) for r in rows + [header])
              for i in range(len(header))]
    for row in [header] + rows:
        print("  ".join(
            str(c).ljust(w) if i in left else str(c).rjust(w)
            for i, (c, w) in enumerate(zip(row, widths))).rstrip())


def main():
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("files", nargs="*",
                        help="Google Benchmark JSON files (default: stdin)")
    parser.add_argument("--time", choices=("real", "cpu"), default="real",
                        help="which time to compare (default: real, the "
                        "'Time' column Google Benchmark prints)")
    parser.add_argument("--markdown", action="store_true",
                        help="print a Markdown table")
    parser.add_argument("--check", action="store_true",
                        help="exit 1 if a read operation or a load misses "
                        "its target or lacks one of the runs it needs")
    args = parser.parse_args()

    streams = [open(name) for name in args.files] or [sys.stdin]
    try:
        times, memory, errors, context = load_runs(streams,
                                                   args.time + "_time")
    finally:
        for stream in streams:
            if stream is not sys.stdin:
                stream.close()

    found = sorted({(op, items) for (_, op, items) in times}
                   | {(op, items) for (_, op, items) in errors})
    order = {op: i for i, op in enumerate(OPERATIONS)}
    found.sort(key=lambda k: (order.get(k[0], len(order)), k[0], k[1]))
    if not found:
        print("no BM_Dynamite/BM_Limit/BM_Sqlite runs found", file=sys.stderr)
        return 2

    header = ("operation", "items", "dynamite", "limit", "sqlite",
              "vs limit", "vs sqlite", "target", "meets target")
    rows = []
    met = missed = unknown = 0
    for op, items in found:
        t = {s: times.get((s, op, items)) for s in SYSTEMS}
        for s in SYSTEMS:
            if (s, op, items) in errors:
                t[s] = None
        target, text, ok = verdict(op, t["Dynamite"], t["Limit"], t["Sqlite"])
        if ok is True:
            met += 1
        elif ok is False:
            missed += 1
        elif op not in WRITES:
            unknown += 1
        for s in SYSTEMS:
            if (s, op, items) in errors:
                text += " [%s: %s]" % (s, errors[(s, op, items)])
        rows.append((label_of(op), "{:,}".format(items),
                     format_ns(t["Dynamite"]),
                     format_ns(t["Limit"]), format_ns(t["Sqlite"]),
                     format_ratio(t["Dynamite"], t["Limit"]),
                     format_ratio(t["Dynamite"], t["Sqlite"]),
                     format_ns(target), text))

    if context:
        print("# %s, %s CPUs @ %s MHz, load %s; %s time per iteration" %
              (context.get("date", "?"), context.get("num_cpus", "?"),
               context.get("mhz_per_cpu", "?"),
               " ".join("%.2f" % x for x in context.get("load_avg", [])),
               args.time))
        if context.get("library_build_type") == "debug":
            print("# note: the benchmark library itself is a debug build")
    print_table(header, rows, args.markdown, left=(0, 8))
    print("\nread operations meeting the target (<= 2 x limit + 1 us a "
          "request, and < sqlite): %d of %d%s" %
          (met, met + missed + unknown,
           " (%d without all three runs)" % unknown if unknown else ""))
    if "Page100" in {op for op, _ in found}:
        print("page100 (x10): one iteration is ten requests of 100 items; "
              "its allowance is 2 x limit + 10 us")

    memory_table, (memory_met, memory_missed, memory_unknown) = memory_rows(
        memory, errors)
    if memory_table:
        print("\nresident memory per item of each load (rss_per_item; "
              "overhead: beyond the items' DynamoDB size)%s" %
              ("\n" if args.markdown else ""))
        print_table(("load", "items", "dynamite", "limit", "sqlite",
                     "dynamite heap", "item size", "dynamite overhead",
                     "limit overhead", "vs limit", "vs sqlite",
                     "meets target"),
                    memory_table, args.markdown, left=(0, 11))
        print("\nloads meeting the memory target (overhead beyond the "
              "item's DynamoDB size <= 2 x limit's): "
              "%d of %d%s" %
              (memory_met, memory_met + memory_missed + memory_unknown,
               " (%d without Dynamite's and limit's runs)" % memory_unknown
               if memory_unknown else ""))
    failed = missed or unknown or memory_missed or memory_unknown
    return 1 if args.check and failed else 0


if __name__ == "__main__":
    sys.exit(main())
