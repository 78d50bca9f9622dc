#!/usr/bin/env python3
"""Summarises leaderboard_bench's Google Benchmark JSON as issue 5's ratios.

For each operation and scale of workload L it prints Dynamite's time
(BM_Dynamite<Op>), its ratio to the "limit" baseline (BM_Limit<Op>) and to
the "sqlite" baseline (BM_Sqlite<Op>) of the same run, and whether it meets
issue 5's in-process target for read operations: at most 2 x limit + 1 us a
request, and faster than sqlite. Writes (submit, load) get their ratios but
no verdict; the target is for reads.

Times are per benchmark iteration, in ns. page100's iteration is ten
requests, so its 1 us allowance is 10 us. With --benchmark_repetitions the
median aggregate is used when the JSON has it, else the median of the
repetitions.

Usage (python3 standard library only):
  build-release/bench/leaderboard_bench --benchmark_format=json > l.json
  bench/summarize.py l.json
  build-release/bench/leaderboard_bench --benchmark_out=l.json \\
      --benchmark_out_format=json && bench/summarize.py --markdown l.json
Reads standard input when no file is named. --check exits 1 when a read
operation misses the target or lacks a run.
"""

import argparse
import json
import re
import statistics
import sys

SYSTEMS = ("Dynamite", "Limit", "Sqlite")
# workloads.md's order; anything else found is appended.
OPERATIONS = ("Top10", "Around", "Page100", "Get", "Submit", "Load")
WRITES = {"Submit", "Load"}
# Requests in one benchmark iteration (default 1).
REQUESTS_PER_ITERATION = {"Page100": 10}
FIXED_COST_NS = 1000.0  # issue 5: the whole fixed cost of one request
LIMIT_FACTOR = 2.0

NAME = re.compile(r"^BM_(%s)([A-Za-z0-9]+)/items:(\d+)" % "|".join(SYSTEMS))
UNIT_NS = {"ns": 1.0, "us": 1e3, "ms": 1e6, "s": 1e9}


def load_runs(streams, time_field):
    """Returns {(system, op, items): ns} and the benchmarks' errors."""
    repetitions = {}  # key -> [ns, ...] from iteration runs
    medians = {}  # key -> ns from median aggregates
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
            if run.get("run_type") == "aggregate":
                if run.get("aggregate_name") == "median":
                    medians[key] = ns
            else:
                repetitions.setdefault(key, []).append(ns)
    times = {key: statistics.median(v) for key, v in repetitions.items()}
    times.update(medians)
    return times, errors, context


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
                        help="exit 1 if a read operation misses the target "
                        "or lacks one of the three runs")
    args = parser.parse_args()

    streams = [open(name) for name in args.files] or [sys.stdin]
    try:
        times, errors, context = load_runs(streams, args.time + "_time")
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
        label = op.lower()
        if REQUESTS_PER_ITERATION.get(op, 1) > 1:
            label += " (x%d)" % REQUESTS_PER_ITERATION[op]
        rows.append((label, "{:,}".format(items), format_ns(t["Dynamite"]),
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
    if args.markdown:
        print("| " + " | ".join(header) + " |")
        print("|" + "|".join("---" if i in (0, 8) else "---:"
                             for i in range(len(header))) + "|")
        for row in rows:
            print("| " + " | ".join(row) + " |")
    else:
        widths = [max(len(str(r[i])) for r in rows + [header])
                  for i in range(len(header))]
        for row in [header] + rows:
            print("  ".join(
                str(c).ljust(w) if i in (0, 8) else str(c).rjust(w)
                for i, (c, w) in enumerate(zip(row, widths))).rstrip())
    print("\nread operations meeting the target (<= 2 x limit + 1 us a "
          "request, and < sqlite): %d of %d%s" %
          (met, met + missed + unknown,
           " (%d without all three runs)" % unknown if unknown else ""))
    if "Page100" in {op for op, _ in found}:
        print("page100 (x10): one iteration is ten requests of 100 items; "
              "its allowance is 2 x limit + 10 us")
    return 1 if args.check and (missed or unknown) else 0


if __name__ == "__main__":
    sys.exit(main())
