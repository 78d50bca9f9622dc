#!/usr/bin/env bash
# bench/run.sh: issue 5's whole benchmark run, one command. Installs what is
# missing, builds in Release, runs both workloads in-process (Dynamite beside
# the limit and sqlite baselines, in the same process) and over the wire
# (dynamite serve beside dynalite and DynamoDB Local), and writes
# docs/benchmarks.md with the tables, the ratios and the scaling plot
# (docs/scaling.svg).
#
# Usage: bench/run.sh [--quick] [--large] [--no-wire] [--no-install]
#                     [--build DIR] [--results DIR] [--keep-docs]
#   --quick       token times, 10^4 items over the wire: checks the whole
#                 pipeline in a few minutes; its figures are not worth quoting
#   --large       also the leaderboard's reads at 10^7 items (Dynamite alone
#                 holds ~12 GB then; adds ~10 minutes)
#   --no-wire     in-process only
#   --no-install  neither apt-get nor npm (everything must be there)
#   --build DIR   the Release tree (default build-release/)
#   --results DIR where the raw outputs go (default
#                 .peers/results/<UTC time>/, git-ignored)
#   --keep-docs   write the report beside the raw outputs only, leaving
#                 docs/ as it is
#
# Steps and where their outputs go (all under the results folder):
#   1. scripts/install-deps.sh --bench   apt-get, only what is missing
#   2. cmake -DCMAKE_BUILD_TYPE=Release; dynamite, wire_load,
#      leaderboard_bench, audit_log_bench (and index_bench and
#      stream_bench, if they build)
#   3. leaderboard_bench, audit_log_bench  -> leaderboard.json, audit_log.json
#      (Google Benchmark JSON; 3 repetitions, medians reported);
#      index_bench (if built)              -> index.json (not in the report)
#      stream_bench (if built)             -> stream.json (not in the report)
#   4. bench/wire_compare.sh                -> wire/ (summary.json, logs)
#   5. bench/report.py                      -> benchmarks.md, scaling.svg,
#      copied to docs/
# The default run takes about 15 minutes on a 2-core machine once built.
# The machine's load average is recorded in the report: these machines are
# shared, so ratios measured in one run mean more than absolute times.
set -euo pipefail
export LC_ALL=C

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${root}/build-release"
results=""
quick=0
large=0
wire=1
install=1
keep_docs=0

usage() {
  sed -n '/^# Usage:/,/^#                 docs\/ as it is/p' "${BASH_SOURCE[0]}" |
    sed 's/^# \{0,1\}//'
}

die() {
  echo "run.sh: $*" >&2
  exit 2
}

while [[ $# -gt 0 ]]; do
  case "$1" in
    --quick) quick=1; shift ;;
    --large) large=1; shift ;;
    --no-wire) wire=0; shift ;;
    --no-install) install=0; shift ;;
    --build) build="${2:?--build takes a folder}"; shift 2 ;;
    --results) results="${2:?--results takes a folder}"; shift 2 ;;
    --keep-docs) keep_docs=1; shift ;;
    -h | --help) usage; exit 0 ;;
    *) usage >&2; die "unknown argument: $1" ;;
  esac
done

step() {
  echo
  echo "=== run.sh: $* ($((SECONDS))s)"
}

if [[ -z "${results}" ]]; then
  results="${root}/.peers/results/$(date -u +%Y%m%dT%H%M%SZ)"
  mkdir -p "${results}"
  ln -sfn "$(basename "${results}")" "${root}/.peers/results/latest"
fi
mkdir -p "${results}"
results="$(cd "${results}" && pwd)"
echo "run.sh: results in ${results}"

if [[ ${install} -eq 1 ]]; then
  step "installing what is missing"
  "${root}/scripts/install-deps.sh" --bench
fi

step "building in Release (${build})"
cmake -S "${root}" -B "${build}" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DDYNAMITE_BUILD_TESTS=OFF >/dev/null
cmake --build "${build}" -j "${DYNAMITE_JOBS:-2}" --target dynamite wire_load \
  leaderboard_bench audit_log_bench
# index_bench (secondary indexes) is built on its own and is optional: a
# tree where it does not build still gets the report of the others.
index_bench=1
cmake --build "${build}" -j "${DYNAMITE_JOBS:-2}" --target index_bench ||
  index_bench=0
# So is stream_bench (a table stream's write cost, GetRecords).
stream_bench=1
cmake --build "${build}" -j "${DYNAMITE_JOBS:-2}" --target stream_bench ||
  stream_bench=0

load_before="$(cut -d' ' -f1-3 /proc/loadavg)"

# Google Benchmark flags shared by both programs. The leaderboard's reads
# run at 10^7 too when DYNAMITE_BENCH_LARGE is set (bench/benchmark_loops.h).
bench_flags=(--benchmark_out_format=json)
if [[ ${quick} -eq 1 ]]; then
  bench_flags+=(--benchmark_min_time=0.01 --benchmark_repetitions=1)
else
  bench_flags+=(--benchmark_min_time=0.2 --benchmark_repetitions=3
    --benchmark_report_aggregates_only=true)
fi
if [[ ${large} -eq 1 ]]; then
  export DYNAMITE_BENCH_LARGE=1
fi

step "in-process: leaderboard (workload L)"
"${build}/bench/leaderboard_bench" "${bench_flags[@]}" \
  --benchmark_out="${results}/leaderboard.json" | tee "${results}/leaderboard.txt"

step "in-process: audit log (workload A)"
"${build}/bench/audit_log_bench" "${bench_flags[@]}" \
  --benchmark_out="${results}/audit_log.json" | tee "${results}/audit_log.txt"

if [[ ${index_bench} -eq 1 ]]; then
  step "in-process: audit log with a GSI (index_bench)"
  "${build}/bench/index_bench" "${bench_flags[@]}" \
    --benchmark_out="${results}/index.json" | tee "${results}/index.txt"
else
  step "index_bench did not build: skipped"
fi

if [[ ${stream_bench} -eq 1 ]]; then
  step "in-process: audit log with a table stream (stream_bench)"
  "${build}/bench/stream_bench" "${bench_flags[@]}" \
    --benchmark_out="${results}/stream.json" | tee "${results}/stream.txt"
else
  step "stream_bench did not build: skipped"
fi

wire_status=0
if [[ ${wire} -eq 1 ]]; then
  step "over the wire: dynamite serve, dynalite, DynamoDB Local"
  wire_flags=(--results "${results}/wire" --dynamite "${build}/dynamite"
    --wire-load "${build}/bench/wire_load")
  if [[ ${quick} -eq 1 ]]; then
    wire_flags+=(--items 10000 --seconds 1 --startups 2)
  else
    wire_flags+=(--items 100000 --seconds 3)
  fi
  [[ ${install} -eq 1 ]] || wire_flags+=(--no-install)
  "${root}/bench/wire_compare.sh" "${wire_flags[@]}" || wire_status=$?
fi

load_after="$(cut -d' ' -f1-3 /proc/loadavg)"

step "report"
report_flags=(--results "${results}" --load-before "${load_before}"
  --load-after "${load_after}")
[[ ${quick} -eq 1 ]] && report_flags+=(--quick)
python3 "${root}/bench/report.py" "${report_flags[@]}"
if [[ ${keep_docs} -eq 0 ]]; then
  cp "${results}/benchmarks.md" "${root}/docs/"
  if [[ -f "${results}/scaling.svg" ]]; then
    cp "${results}/scaling.svg" "${root}/docs/"
  fi
  echo "run.sh: wrote docs/benchmarks.md (and docs/scaling.svg)"
fi
echo "run.sh: done in ${SECONDS}s; raw outputs in ${results}"
exit "${wire_status}"
