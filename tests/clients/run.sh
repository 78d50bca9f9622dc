#!/usr/bin/env bash
# Runs real DynamoDB clients, none of them written here, against one
# `dynamite serve`:
#
#   tests/clients/test_boto3.py     boto3 (Debian python3-boto3), under pytest
#   tests/clients/test_seeded_fixtures.py, js/seeded_fixtures.test.mjs
#                                   examples of fixtures that restore a
#                                   checkpoint before each test (each starts
#                                   a server of its own)
#   tests/clients/test_awscli.sh    the AWS CLI (Debian awscli)
#   tests/clients/js/               AWS SDK for JavaScript v3, under `node --test`
#   tests/clients/admin/            dynamodb-admin, the web GUI, under `node --test`
#   tests/clients/console/          the console at /console, in headless Chromium
#                                   (tests/clients/install-js.sh installs the
#                                   npm packages; Debian's chromium the browser)
#
# Usage: tests/clients/run.sh DYNAMITE_BINARY      e.g. build/dynamite
#
# Starts the server on a free loopback port, waits (at most 10 s) for its
# ready line, runs every suite against it, stops it with SIGTERM and checks
# that it exits 0. A client that is not installed is a failure with a message
# saying what to install, never a skip. Ends with one line,
# "clients: N passed, M failed" (N counts test cases), and exits non-zero on
# any failure.
#
# The interpreters default to Debian's (what scripts/install-deps.sh
# installs), not whatever comes first on PATH; DYNAMITE_CLIENT_PYTHON,
# DYNAMITE_CLIENT_AWS and DYNAMITE_CLIENT_NODE override them.
set -uo pipefail

if [[ $# -ne 1 ]]; then
  echo "usage: $0 DYNAMITE_BINARY" >&2
  exit 2
fi
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
binary="$(realpath -- "$1" 2>/dev/null || true)"
if [[ -z "${binary}" || ! -x "${binary}" ]]; then
  echo "clients: ${1} is not an executable dynamite binary" >&2
  exit 2
fi
python="${DYNAMITE_CLIENT_PYTHON:-/usr/bin/python3}"
aws_cli="${DYNAMITE_CLIENT_AWS:-/usr/bin/aws}"
node="${DYNAMITE_CLIENT_NODE:-$(command -v node || echo node)}"
suite_timeout=300  # seconds for one suite; a hung request must not hang CI

work="$(mktemp -d)"
server_pid=""
cleanup() {
  if [[ -n "${server_pid}" ]] && kill -0 "${server_pid}" 2>/dev/null; then
    kill -KILL "${server_pid}" 2>/dev/null
    wait "${server_pid}" 2>/dev/null
  fi
  rm -rf "${work}"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

passed=0
failed=0
# Usage: fail COUNT MESSAGE...: COUNT failed cases (at least one).
fail() {
  local count=$1
  shift
  [[ ${count} =~ ^[0-9]+$ && ${count} -gt 0 ]] || count=1
  echo "clients: FAIL: $*" >&2
  failed=$((failed + count))
}

# --- start the server -----------------------------------------------------
: >"${work}/server.out"
# --clock-start: the clock runs from now, and the TTL tests move it forward
# (AdvanceClock) to see items expire.
"${binary}" serve --port 0 --host 127.0.0.1 --stream-shard-records 5 \
  --clock-start "$(date +%s)" \
  >"${work}/server.out" \
  2>"${work}/server.err" </dev/null &
server_pid=$!
endpoint=""
for _ in $(seq 1 100); do  # 100 x 0.1 s
  line="$(head -n 1 "${work}/server.out")"
  # Only a whole line: a partial one could end in part of the port.
  if [[ "$(wc -l <"${work}/server.out")" -ge 1 &&
    "${line}" =~ ^dynamite\ serve:\ listening\ on\ (http://127\.0\.0\.1:[0-9]+) ]]; then
    endpoint="${BASH_REMATCH[1]}"
    break
  fi
  if ! kill -0 "${server_pid}" 2>/dev/null; then
    break
  fi
  sleep 0.1
done
if [[ -z "${endpoint}" ]]; then
  if kill -0 "${server_pid}" 2>/dev/null; then
    why="within 10 s"
  else
    wait "${server_pid}"
    why="and exited with status $?"
  fi
  echo "clients: FAIL: '${binary} serve --port 0' printed no ready line" \
    "'dynamite serve: listening on http://127.0.0.1:PORT ...' ${why}" >&2
  echo "--- its stdout:" >&2
  cat "${work}/server.out" >&2
  echo "--- its stderr:" >&2
  cat "${work}/server.err" >&2
  echo "clients: 0 passed, 1 failed"
  exit 1
fi
echo "clients: ${binary} serve is listening on ${endpoint}"

# --- the clients' environment: fake credentials, no user configuration -----
while IFS= read -r name; do
  unset "${name}"
done < <(compgen -e | grep -E '^AWS_|^BOTO_|^(http|https|all|no)_proxy$|^(HTTP|HTTPS|ALL|NO)_PROXY$')
export DYNAMITE_ENDPOINT="${endpoint}"
# For the tests that need a server of their own, started with other flags.
export DYNAMITE_BINARY="${binary}"
export AWS_ACCESS_KEY_ID=fake
export AWS_SECRET_ACCESS_KEY=fake
export AWS_DEFAULT_REGION=us-east-1
export AWS_REGION=us-east-1
export AWS_CONFIG_FILE=/dev/null
export AWS_SHARED_CREDENTIALS_FILE=/dev/null
export AWS_EC2_METADATA_DISABLED=true
export AWS_PAGER=""
# One attempt: a retried 5xx would hide a server error.
export AWS_MAX_ATTEMPTS=1
export AWS_RETRY_MODE=standard
export NO_PROXY=127.0.0.1,localhost
export no_proxy=127.0.0.1,localhost
export PYTHONDONTWRITEBYTECODE=1

# --- boto3 ----------------------------------------------------------------
echo
echo "--- boto3 (pytest tests/clients/test_boto3.py, test_seeded_fixtures.py)"
suite_start=${SECONDS}
if ! "${python}" -c 'import boto3, pytest' 2>/dev/null; then
  fail 1 "boto3 suite: ${python} cannot import boto3 and pytest;" \
    "install the Debian packages python3-boto3 and python3-pytest" \
    "(scripts/install-deps.sh)"
else
  "${python}" -c 'import boto3, botocore, pytest; print("boto3", boto3.__version__, "botocore", botocore.__version__, "pytest", pytest.__version__)'
  timeout "${suite_timeout}" "${python}" -m pytest -p no:cacheprovider -q \
    --tb=short --durations=5 -o console_output_style=classic --junit-xml="${work}/boto3.xml" \
    "${here}/test_boto3.py" "${here}/test_seeded_fixtures.py"
  status=$?
  counts="$("${python}" - "${work}/boto3.xml" <<'EOF' 2>/dev/null
import sys, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
suites = [root] if root.tag == "testsuite" else list(root)
n = sum(int(s.get("tests", 0)) for s in suites)
bad = sum(int(s.get(k, 0)) for s in suites for k in ("failures", "errors", "skipped"))
print(n - bad, bad)
EOF
)"
  read -r ok bad <<<"${counts:-0 1}"
  passed=$((passed + ok))
  echo "boto3: ${ok} passed, ${bad} failed (pytest exit ${status}," \
    "$((SECONDS - suite_start)) s)"
  if [[ ${status} -ne 0 || ${bad} -ne 0 || ${ok} -eq 0 ]]; then
    fail "${bad}" "boto3 suite (pytest exit ${status}, ${bad} failed, ${ok} passed)"
  fi
fi

# --- AWS CLI --------------------------------------------------------------
echo
echo "--- AWS CLI (tests/clients/test_awscli.sh)"
suite_start=${SECONDS}
if ! "${aws_cli}" --version >/dev/null 2>&1; then
  fail 1 "AWS CLI suite: ${aws_cli} does not run; install the Debian package" \
    "awscli (scripts/install-deps.sh)"
else
  "${aws_cli}" --version
  AWS_CLI="${aws_cli}" PYTHON="${python}" timeout "${suite_timeout}" \
    bash "${here}/test_awscli.sh" | tee "${work}/awscli.log"
  status=${PIPESTATUS[0]}
  summary="$(grep -E '^awscli: [0-9]+ passed, [0-9]+ failed$' \
    "${work}/awscli.log" | tail -n 1)"
  ok="$(sed -E 's/^awscli: ([0-9]+) passed.*/\1/' <<<"${summary}")"
  bad="$(sed -E 's/.* ([0-9]+) failed$/\1/' <<<"${summary}")"
  passed=$((passed + ${ok:-0}))
  echo "awscli: took $((SECONDS - suite_start)) s"
  if [[ ${status} -ne 0 || -z "${summary}" || "${bad}" != 0 ]]; then
    fail "${bad:-1}" "AWS CLI suite (exit ${status})"
  fi
fi

# Runs `node --test` on tests/clients/DIR/FILE, adds its passed cases to
# `passed`, and fails the run unless every case passed.
# Usage: run_node_suite DIR FILE LABEL [FILE...]
run_node_suite() {
  local dir="$1" file="$2" label="$3" status ok bad
  shift 3
  (cd "${here}/${dir}" && timeout "${suite_timeout}" "${node}" --test \
    --test-reporter=spec --test-reporter-destination=stdout \
    --test-reporter=tap --test-reporter-destination="${work}/${dir}.tap" \
    "${file}" "$@")
  status=$?
  ok="$(sed -n 's/^# pass \([0-9]*\)$/\1/p' "${work}/${dir}.tap" | tail -n 1)"
  bad="$(sed -n 's/^# fail \([0-9]*\)$/\1/p' "${work}/${dir}.tap" | tail -n 1)"
  passed=$((passed + ${ok:-0}))
  echo "${dir}: ${ok:-0} passed, ${bad:-?} failed (node --test exit" \
    "${status}, $((SECONDS - suite_start)) s)"
  if [[ ${status} -ne 0 || "${bad:-1}" != 0 || ${ok:-0} -eq 0 ]]; then
    fail "${bad:-1}" "${label} (node --test exit ${status})"
  fi
}

# --- AWS SDK for JavaScript v3 --------------------------------------------
echo
echo "--- AWS SDK for JavaScript v3 (node --test tests/clients/js/)"
suite_start=${SECONDS}
if ! "${node}" --version >/dev/null 2>&1; then
  fail 1 "JS suite: node does not run; install the Debian package nodejs" \
    "(scripts/install-deps.sh)"
elif [[ ! -f "${here}/js/node_modules/@aws-sdk/lib-dynamodb/package.json" ||
  ! -f "${here}/js/node_modules/@aws-sdk/client-dynamodb/package.json" ||
  ! -f "${here}/js/node_modules/@aws-sdk/client-dynamodb-streams/package.json" ]]; then
  fail 1 "JS suite: the AWS SDK for JavaScript v3 is not installed in" \
    "tests/clients/js/node_modules; run tests/clients/install-js.sh"
else
  echo "node $("${node}" --version)," \
    "@aws-sdk/client-dynamodb $("${node}" -p "require('${here}/js/node_modules/@aws-sdk/client-dynamodb/package.json').version")"
  run_node_suite js dynamite.test.mjs "JS suite" seeded_fixtures.test.mjs
fi

# --- dynamodb-admin -------------------------------------------------------
echo
echo "--- dynamodb-admin (node --test tests/clients/admin/)"
suite_start=${SECONDS}
if ! "${node}" --version >/dev/null 2>&1; then
  fail 1 "dynamodb-admin suite: node does not run; install the Debian" \
    "package nodejs (scripts/install-deps.sh)"
elif [[ ! -f "${here}/admin/node_modules/dynamodb-admin/package.json" ||
  ! -f "${here}/admin/node_modules/@aws-sdk/client-dynamodb/package.json" ]]; then
  fail 1 "dynamodb-admin suite: dynamodb-admin is not installed in" \
    "tests/clients/admin/node_modules; run tests/clients/install-js.sh"
else
  echo "node $("${node}" --version)," \
    "dynamodb-admin $("${node}" -p "require('${here}/admin/node_modules/dynamodb-admin/package.json').version")"
  run_node_suite admin dynamodb-admin.test.mjs "dynamodb-admin suite"
fi

# --- the console, in headless Chromium -------------------------------------
echo
echo "--- the console (node --test tests/clients/console/, headless Chromium)"
suite_start=${SECONDS}
chromium="${DYNAMITE_CHROMIUM:-/usr/bin/chromium}"
if ! "${node}" --version >/dev/null 2>&1; then
  fail 1 "console suite: node does not run; install the Debian package" \
    "nodejs (scripts/install-deps.sh)"
elif [[ ! -x "${chromium}" ]]; then
  fail 1 "console suite: ${chromium} not found; install the Debian package" \
    "chromium (scripts/install-deps.sh)"
elif [[ ! -f "${here}/console/node_modules/playwright-core/package.json" ]]; then
  fail 1 "console suite: playwright-core is not installed in" \
    "tests/clients/console/node_modules; run tests/clients/install-js.sh"
else
  # Screenshots of each step, kept beside the binary for people to look at.
  export DYNAMITE_TEST_OUTPUT="$(dirname "${binary}")/test-output/console"
  export DYNAMITE_CHROMIUM="${chromium}"
  # The suite starts a server of its own with --auth.
  export DYNAMITE_BINARY="${binary}"
  echo "$("${chromium}" --version 2>/dev/null)," \
    "playwright-core $("${node}" -p "require('${here}/console/node_modules/playwright-core/package.json').version");" \
    "screenshots in ${DYNAMITE_TEST_OUTPUT}"
  run_node_suite console console.test.mjs "console suite"
fi

# --- stop the server ------------------------------------------------------
echo
kill -TERM "${server_pid}"
for _ in $(seq 1 100); do  # 10 s to shut down
  kill -0 "${server_pid}" 2>/dev/null || break
  sleep 0.1
done
if kill -0 "${server_pid}" 2>/dev/null; then
  fail 1 "dynamite serve did not exit within 10 s of SIGTERM"
else
  wait "${server_pid}"
  server_status=$?
  if [[ ${server_status} -ne 0 ]]; then
    fail 1 "dynamite serve exited ${server_status} after SIGTERM (want 0)"
  else
    echo "clients: dynamite serve exited 0 on SIGTERM"
  fi
fi
server_pid=""
if [[ -s "${work}/server.err" ]]; then
  echo "--- dynamite serve's stderr (last 20 lines):"
  tail -n 20 "${work}/server.err"
fi

echo "clients: ${passed} passed, ${failed} failed"
[[ ${failed} -eq 0 ]]
