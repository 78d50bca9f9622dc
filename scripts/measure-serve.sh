#!/usr/bin/env bash
# Measures `dynamite serve`'s start-up time and idle memory, the two figures
# issue 4 sets targets for (ready in well under 5 ms, idle under 5 MB):
#
#   ready       from just before the process is spawned to the moment the
#               answer to the first ListTables has been read in full (the
#               request is sent as soon as the ready line arrives)
#   line        from spawn to the ready line alone
#   cpu         CPU time the server's threads had used by then (from
#               /proc/PID/task/*/schedstat); less disturbed than the wall
#               clock when the machine is busy
#   idle RSS    VmRSS of /proc/PID/status, 300 ms after that first answer
#   idle PSS    Pss of /proc/PID/smaps_rollup at the same moment: RSS with
#               each shared page divided among the processes mapping it.
#               RSS counts every page of glibc and of the binary that is
#               mapped, and the kernel maps cached file pages around each
#               page fault (fault-around), so RSS moves a little with the
#               page cache's state; PSS is what the process really costs
#   peak RSS    VmHWM, the most the process was resident so far
#   libraries   shared objects mapped, from /proc/PID/maps
#
# Usage: scripts/measure-serve.sh [DYNAMITE_BINARY] [RUNS]
#        defaults: build/dynamite, 20 runs
#
# Each run starts a fresh `serve --port 0` on loopback, so runs do not share
# a port. Prints each figure's median, minimum and maximum over the runs,
# and, for scale, the median time to spawn and reap /bin/true. Needs only
# python3. The machines are shared and noisy: compare medians of runs made
# one after the other, not figures from different days.
set -euo pipefail

binary="${1:-build/dynamite}"
runs="${2:-20}"
if [[ ! -x "${binary}" ]]; then
  echo "measure-serve: ${binary} is not an executable dynamite binary" >&2
  exit 2
fi

exec python3 - "${binary}" "${runs}" <<'EOF'
import os, re, signal, socket, statistics, subprocess, sys, time

binary, runs = sys.argv[1], int(sys.argv[2])
body = b"{}"
request = (
    b"POST / HTTP/1.1\r\nHost: 127.0.0.1\r\n"
    b"Content-Type: application/x-amz-json-1.0\r\n"
    b"X-Amz-Target: DynamoDB_20120810.ListTables\r\n"
    b"X-Amz-Date: 20260101T000000Z\r\n"
    b"Authorization: AWS4-HMAC-SHA256 Credential=fake/20260101/us-east-1/"
    b"dynamodb/aws4_request, SignedHeaders=host;x-amz-date, Signature=00\r\n"
    b"Content-Length: " + str(len(body)).encode() + b"\r\n\r\n" + body)


def status_field(pid, name, file="status"):
    with open(f"/proc/{pid}/{file}") as f:
        for line in f:
            if line.startswith(name + ":"):
                return int(line.split()[1])  # kB
    return 0


def cpu_ms(pid):
    total = 0
    for task in os.listdir(f"/proc/{pid}/task"):
        with open(f"/proc/{pid}/task/{task}/schedstat") as f:
            total += int(f.read().split()[0])  # ns on the CPU
    return total / 1e6


def libraries(pid):
    with open(f"/proc/{pid}/maps") as f:
        return len({l.split()[-1] for l in f if ".so" in l.split()[-1]})


def read_response(sock):
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        if not chunk:
            raise RuntimeError("connection closed before the headers")
        data += chunk
    head, rest = data.split(b"\r\n\r\n", 1)
    length = int(re.search(rb"(?i)content-length:\s*(\d+)", head).group(1))
    while len(rest) < length:
        chunk = sock.recv(65536)
        if not chunk:
            raise RuntimeError("connection closed inside the body")
        rest += chunk
    if not head.startswith(b"HTTP/1.1 200") or b"TableNames" not in rest:
        raise RuntimeError(f"unexpected answer: {head[:40]!r} {rest[:80]!r}")


def one_run():
    t0 = time.perf_counter()
    proc = subprocess.Popen([binary, "serve", "--port", "0"],
                            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL)
    try:
        line = proc.stdout.readline().decode()
        t_line = time.perf_counter()
        m = re.match(r"dynamite serve: listening on http://127\.0\.0\.1:(\d+)",
                     line)
        if not m:
            raise RuntimeError(f"no ready line; got {line!r}")
        with socket.create_connection(("127.0.0.1", int(m.group(1)))) as s:
            s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            s.sendall(request)
            read_response(s)
            t_ready = time.perf_counter()
            cpu = cpu_ms(proc.pid)
            time.sleep(0.3)
            rss = status_field(proc.pid, "VmRSS")
            pss = status_field(proc.pid, "Pss", "smaps_rollup")
            hwm = status_field(proc.pid, "VmHWM")
            libs = libraries(proc.pid)
        return ((t_line - t0) * 1e3, (t_ready - t0) * 1e3, cpu, rss, pss,
                hwm, libs)
    finally:
        proc.send_signal(signal.SIGTERM)
        if proc.wait(timeout=10) != 0:
            raise RuntimeError(f"serve exited {proc.returncode} on SIGTERM")


def spawn_true():
    t0 = time.perf_counter()
    subprocess.run(["/bin/true"], check=True)
    return (time.perf_counter() - t0) * 1e3


one_run()  # warm the page cache
results, floors = [], []
for _ in range(runs):  # interleaved, so that both see the same machine
    results.append(one_run())
    floors.append(spawn_true())
floor = statistics.median(floors)
names = ["line (ms)", "ready (ms)", "cpu (ms)", "idle RSS (kB)",
         "idle PSS (kB)", "peak RSS (kB)", "libraries"]
print(f"measure-serve: {binary}, {runs} runs (median / min / max)")
for i, name in enumerate(names):
    column = [r[i] for r in results]
    fmt = "{:.2f}" if i < 3 else "{:.0f}"
    print(f"  {name:14} " + " / ".join(
        fmt.format(v) for v in (statistics.median(column), min(column),
                                max(column))))
print(f"  {'spawn /bin/true (ms)':14} {floor:.2f} (median, for scale)")
EOF
