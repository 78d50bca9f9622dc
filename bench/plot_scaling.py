#!/usr/bin/env python3
"""Plots time per operation against the number of items (issue 5's scaling).

Reads the Google Benchmark JSON of leaderboard_bench and audit_log_bench
(BM_<System><Op>/items:N and BM_<System>Audit<Op>/items:N, the names
bench/summarize.py reads, with the same medians) and draws, for each
workload, one line per operation per store (Dynamite, limit, sqlite): time
per request against n, both axes log-scaled. The representative queries,
which those programs run at 10^3 to 10^6 items, are plotted by default:
top10 and around (workload L), recent20 and window (workload A). window's
day holds more of a hot actor's events as n grows, so its line rises with
the items it returns, not only with n.

Needs matplotlib (Debian: apt-get install -y python3-matplotlib; when the
python3 that runs this lacks it, it reruns itself under /usr/bin/python3).
Usage:
  build-release/bench/leaderboard_bench --benchmark_filter='Top10|Around' \\
      --benchmark_out=l.json --benchmark_out_format=json
  build-release/bench/audit_log_bench --benchmark_filter='Recent20|Window' \\
      --benchmark_out=a.json --benchmark_out_format=json
  bench/plot_scaling.py l.json a.json -o docs/scaling.svg
The output's format follows its extension (.svg, .png); the title names the
benchmark run's date and CPU count.
"""

import argparse
import os
import sys

DEBIAN_PYTHON = "/usr/bin/python3"  # where python3-matplotlib installs

try:
    import matplotlib
except ImportError:
    # Debian's package serves Debian's python3; another python3 first on
    # PATH (pyenv, a venv) does not see it, so rerun under Debian's.
    if (os.path.exists(DEBIAN_PYTHON)
            and os.path.realpath(sys.executable) !=
            os.path.realpath(DEBIAN_PYTHON)):
        os.execv(DEBIAN_PYTHON, [DEBIAN_PYTHON] + sys.argv)
    sys.exit("plot_scaling.py: needs matplotlib "
             "(apt-get install -y python3-matplotlib)")

matplotlib.use("Agg")  # no display: write the file only
import matplotlib.pyplot as plt  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import summarize  # noqa: E402  (the JSON reading and the names)

# (workload title, [(op, label)]): the default operations, per panel.
PANELS = (
    ("Workload L: leaderboard", (("Top10", "top10"), ("Around", "around"))),
    ("Workload A: audit log",
     (("AuditRecent20", "recent20"), ("AuditWindow", "window"))),
)
STORES = (("Dynamite", "Dynamite", "tab:red"),
          ("Limit", "limit (hash map of B-trees)", "tab:blue"),
          ("Sqlite", "SQLite in memory", "tab:green"))
OP_STYLES = (("-", "o"), ("--", "s"), (":", "^"), ("-.", "D"))


def main():
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("files", nargs="+", help="Google Benchmark JSON files")
    parser.add_argument("-o", "--output", default="docs/scaling.svg",
                        help="the image to write (default: docs/scaling.svg)")
    parser.add_argument("--time", choices=("real", "cpu"), default="real",
                        help="which time to plot (default: real)")
    args = parser.parse_args()

    streams = [open(name) for name in args.files]
    try:
        times, _, errors, context = summarize.load_runs(
            streams, args.time + "_time")
    finally:
        for stream in streams:
            stream.close()

    figure, axes = plt.subplots(1, len(PANELS), figsize=(12, 5),
                                sharey=True, squeeze=False)
    plotted = 0
    for axis, (title, operations) in zip(axes[0], PANELS):
        for (op, op_label), (line, marker) in zip(operations, OP_STYLES):
            per_request = summarize.REQUESTS_PER_ITERATION.get(op, 1)
            for system, store_label, colour in STORES:
                points = sorted((items, ns / per_request / 1000.0)
                                for (s, o, items), ns in times.items()
                                if s == system and o == op
                                and (s, o, items) not in errors)
                if not points:
                    continue
                axis.plot([p[0] for p in points], [p[1] for p in points],
                          linestyle=line, marker=marker, color=colour,
                          label="%s, %s" % (op_label, store_label))
                plotted += 1
        axis.set_title(title)
        if not axis.lines:
            axis.text(0.5, 0.5, "no runs in the JSON given",
                      transform=axis.transAxes, ha="center")
        axis.set_xscale("log")
        axis.set_yscale("log")
        axis.set_xlabel("items in the table (n)")
        axis.grid(True, which="both", alpha=0.3)
        if axis.lines:
            axis.legend(fontsize="small")
    axes[0][0].set_ylabel("time per request (us, %s time)" % args.time)
    if context:
        figure.suptitle("Time per request against n, in process (%s, %s CPUs)"
                        % (context.get("date", "?"),
                           context.get("num_cpus", "?")), fontsize="medium")
    if plotted == 0:
        print("plot_scaling.py: no runs of %s found" % ", ".join(
            op for _, ops in PANELS for op, _ in ops), file=sys.stderr)
        return 2
    figure.tight_layout()
    directory = os.path.dirname(args.output)
    if directory:
        os.makedirs(directory, exist_ok=True)
    if args.output.endswith(".svg"):
        # Stable element ids and no save date: a re-plot of the same JSON
        # gives the same file.
        plt.rcParams["svg.hashsalt"] = "dynamite"
        figure.savefig(args.output, metadata={"Date": None})
    else:
        figure.savefig(args.output, dpi=120)
    print("plot_scaling.py: wrote %s (%d lines)" % (args.output, plotted))
    return 0


if __name__ == "__main__":
    sys.exit(main())
