#!/usr/bin/env bash
# The whole test run, as CI does it (.ci/run):
#   scripts/install-deps.sh && scripts/test.sh
#
#   1. clang-format --dry-run --Werror over every tracked .h/.cc (seconds,
#      so it goes first)
#   2. build/       RelWithDebInfo, -Werror, gcc: every test
#   3. clients:     boto3, the AWS CLI, the AWS SDK for JavaScript v3,
#                   dynamodb-admin and the console (headless Chromium)
#                   against build/dynamite serve
#                   (tests/clients/run.sh; the npm ones installed by
#                   tests/clients/install-js.sh), each
#                   test case counted
#   4. build/bench  each benchmark for a token time so none rots
#   5. build-embed/ examples/embed built as a separate CMake project, run;
#                   then the C entry point installed into a temporary
#                   prefix and examples/c/hello.c built against it
#   6. build-asan/  clang, -O1 -g1 with assertions, AddressSanitizer +
#                   UndefinedBehaviorSanitizer: every test, then the libFuzzer
#                   target fuzz/expression_fuzzer for 60 seconds on a copy of
#                   fuzz/corpus/ (counts as one test; a crash fails the run).
#                   One tree serves both: the fuzzer's coverage
#                   instrumentation (fuzz/CMakeLists.txt) is harmless to the
#                   tests, and the libraries are compiled once.
#   7. build-tsan/  clang, ThreadSanitizer: the tests labelled `concurrency`
#                   (only their executables are built)
#
# scripts/test.sh --quick runs steps 1 to 3 only: what a change must pass
# before it is committed (the full run stays CI's).
#
# Every tree compiles through ccache when it is installed
# (scripts/install-deps.sh installs it; CMakeLists.txt sets it up so that a
# fresh clone in another folder hits what a build of the same commit
# cached). The run ends with ccache's hit statistics for the run.
#
# Stops at the first failure (non-zero exit). Ends with one summary line,
# "test.sh: N passed, 0 failed", counting the tests ctest ran and the client
# test cases.
# Set DYNAMITE_JOBS to change the parallelism (default 2: the machines have
# two cores).
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
quick=0
case "${1:-}" in
  --quick) quick=1 ;;
  "") ;;
  *) echo "usage: scripts/test.sh [--quick]" >&2; exit 2 ;;
esac
if command -v ccache >/dev/null 2>&1; then
  ccache --zero-stats >/dev/null
fi
jobs="${DYNAMITE_JOBS:-2}"
logs="$(mktemp -d)"
passed=0
last_total=0
start_seconds=${SECONDS}
current_step="setup"

finish() {
  local status=$?
  rm -rf "${logs}"
  if [[ ${status} -ne 0 ]]; then
    echo
    echo "test.sh: FAILED (exit ${status}) in step: ${current_step}" \
      "(${passed} tests had passed before it)"
  fi
}
trap finish EXIT

step() {
  current_step="$*"
  echo
  echo "=== $* ($((SECONDS - start_seconds))s)"
}

# Configures and builds one tree. Usage: build DIR [cmake args...]
build() {
  local dir="$1"
  shift
  cmake -S . -B "${dir}" -G Ninja "$@"
  cmake --build "${dir}" -j "${jobs}"
}

# Runs ctest in one tree and adds its passed tests to the total.
# Usage: run_ctest DIR [ctest args...]
run_ctest() {
  local dir="$1"
  shift
  local log="${logs}/ctest-${dir}.log"
  ctest --test-dir "${dir}" --output-on-failure -j "${jobs}" "$@" 2>&1 |
    tee "${log}"
  # "100% tests passed, 0 tests failed out of 42"; absent when no test ran.
  local total
  total="$(sed -n 's/.*tests passed, .* tests failed out of \([0-9]*\).*/\1/p' \
    "${log}" | tail -n 1)"
  last_total=${total:-0}
  passed=$((passed + last_total))
}

step "clang-format --dry-run --Werror"
mapfile -t sources < <(git ls-files -- '*.h' '*.cc')
if [[ ${#sources[@]} -gt 0 ]]; then
  clang-format --dry-run --Werror "${sources[@]}"
fi
echo "${#sources[@]} files formatted correctly"

step "build/: RelWithDebInfo, -Werror"
# Tests and benchmarks on explicitly: the README's first command configures
# build/ without them, and CMake would keep that in its cache.
build build -DCMAKE_BUILD_TYPE=RelWithDebInfo -DDYNAMITE_WERROR=ON \
  -DDYNAMITE_BUILD_TESTS=ON -DDYNAMITE_BUILD_BENCHMARKS=ON
run_ctest build

step "clients: boto3, AWS CLI, AWS SDK for JS v3, dynamodb-admin, the console in Chromium against build/dynamite serve"
tests/clients/install-js.sh
tests/clients/run.sh build/dynamite 2>&1 | tee "${logs}/clients.log"
# "clients: 48 passed, 0 failed"
clients_passed="$(sed -n 's/^clients: \([0-9]*\) passed, 0 failed$/\1/p' \
  "${logs}/clients.log" | tail -n 1)"
passed=$((passed + ${clients_passed:-0}))

# What ccache saved in this run (its counters are zeroed at the start).
ccache_summary() {
  if command -v ccache >/dev/null 2>&1; then
    echo
    echo "=== ccache"
    ccache --show-stats 2>/dev/null | grep -Ei 'hits|misses|cache size' || true
  fi
}

if [[ ${quick} -eq 1 ]]; then
  ccache_summary
  echo
  echo "=== quick check passed in $((SECONDS - start_seconds))s"
  echo "test.sh --quick: ${passed} passed, 0 failed"
  exit 0
fi

step "build/bench: each benchmark for a token time"
shopt -s nullglob
benchmarks=(build/bench/*_bench)
shopt -u nullglob
for bench in "${benchmarks[@]}"; do
  echo "--- ${bench}"
  "${bench}" --benchmark_min_time=0.01
done
echo "ran ${#benchmarks[@]} benchmark programs"

step "build-embed/: examples/embed as its own CMake project (README)"
# The programs' targets only, not the CLI, server, console and tools that
# `all` holds too: a cold run compiled 126 steps here in 266 s, the
# programs need about 71. (Their objects cannot hit build/'s in ccache:
# their paths, in the dependency-file targets ccache hashes, differ.)
cmake -S examples/embed -B build-embed -G Ninja -DCMAKE_BUILD_TYPE=Debug
cmake --build build-embed -j "${jobs}" --target leaderboard_top3 \
  stream_follower
embed_output="$(build-embed/leaderboard_top3)"
echo "${embed_output}"
if [[ "${embed_output}" != $'p_bea 1500\np_cleo 240\np_ana 10' ]]; then
  echo "examples/embed printed the wrong top three" >&2
  exit 1
fi
passed=$((passed + 1))
# A second thread follows the table's stream; its lines are the records.
follower_output="$(timeout 30 build-embed/stream_follower)"
echo "${follower_output}"
if [[ "${follower_output}" != $'INSERT p_ana score=10\nMODIFY p_ana score 10 -> 25\nREMOVE p_ana score was 25' ]]; then
  echo "examples/embed/stream_follower printed the wrong records" >&2
  exit 1
fi
passed=$((passed + 1))

step "install: the C entry point into a temporary prefix, examples/c/hello.c built against it with pkg-config"
c_prefix="$(mktemp -d)"
cmake --install build --prefix "${c_prefix}" --component dynamite_c
cc -std=c11 -Wall -Wextra -Werror examples/c/hello.c \
  $(PKG_CONFIG_PATH="${c_prefix}/lib/pkgconfig" pkg-config --cflags --libs dynamite-c) \
  -o "${c_prefix}/hello"
hello_output="$(LD_LIBRARY_PATH="${c_prefix}/lib" "${c_prefix}/hello")"
echo "${hello_output}"
rm -rf "${c_prefix}"
if [[ "${hello_output}" != '{"Item":{"lang":{"S":"c"},"text":{"S":"hello from C"}}}' ]]; then
  echo "examples/c/hello printed the wrong item" >&2
  exit 1
fi
passed=$((passed + 1))

step "build-asan/: clang, address + undefined sanitizers, every test and 60s of fuzzing"
# Debug keeps assert() on; -O1 (as the sanitizers' manuals advise) makes the
# tests and the fuzzer several times faster than -O0, and -g1 (line tables)
# is all a sanitizer report needs to name files and lines. -Werror makes
# clang's warnings, its thread-safety analysis among them, fail the run.
CC=clang CXX=clang++ cmake -S . -B build-asan -G Ninja \
  -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS_DEBUG="-O1 -g1" \
  -DDYNAMITE_SANITIZE=address,undefined -DDYNAMITE_BUILD_FUZZERS=ON \
  -DDYNAMITE_BUILD_BENCHMARKS=OFF -DDYNAMITE_WERROR=ON
cmake --build build-asan -j "${jobs}"
run_ctest build-asan
# libFuzzer adds the inputs it finds to the corpus directory, so it gets a
# copy; a crashing input is written to build-asan/artifacts/ (git-ignored).
fuzz_corpus="${logs}/fuzz-corpus"
mkdir -p "${fuzz_corpus}" build-asan/artifacts
cp fuzz/corpus/* "${fuzz_corpus}/"
build-asan/fuzz/expression_fuzzer -dict=fuzz/expression.dict \
  -max_total_time=60 -timeout=25 -artifact_prefix=build-asan/artifacts/ \
  -verbosity=0 -print_funcs=0 -print_final_stats=1 "${fuzz_corpus}"
passed=$((passed + 1))

step "build-tsan/: clang, thread sanitizer, tests labelled concurrency"
# Only the executables those tests are in (the target concurrency_tests,
# tests/CMakeLists.txt).
CC=clang CXX=clang++ cmake -S . -B build-tsan -G Ninja \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo -DDYNAMITE_SANITIZE=thread \
  -DDYNAMITE_BUILD_BENCHMARKS=OFF
cmake --build build-tsan -j "${jobs}" --target concurrency_tests
run_ctest build-tsan -L concurrency --no-tests=ignore
# A test labelled concurrency whose executable concurrency_tests does not
# build would be left out here without a word: build/ ran them all.
concurrency_count() {
  ctest --test-dir "$1" -N -L concurrency |
    sed -n 's/^Total Tests: \([0-9]*\)$/\1/p'
}
if [[ "$(concurrency_count build)" != "${last_total}" ]]; then
  echo "build-tsan/ ran ${last_total} tests labelled concurrency, build/" \
    "has $(concurrency_count build): add the missing executable to" \
    "concurrency_tests (tests/CMakeLists.txt)" >&2
  exit 1
fi

ccache_summary
echo
echo "=== all steps passed in $((SECONDS - start_seconds))s"
echo "test.sh: ${passed} passed, 0 failed"
