#!/usr/bin/env bash
# Installs the Debian 12 (bookworm) packages that Dynamite's build and tests
# need. Run as root. Idempotent: when every package is already installed it
# does not call apt-get at all, so repeated runs take well under a second.
#
#   scripts/install-deps.sh && scripts/test.sh     # the whole test run
#   scripts/install-deps.sh --bench                 # also what bench/run.sh
#                                                   # needs
#   scripts/install-deps.sh --serve                 # only what building
#                                                   # `dynamite` needs (the
#                                                   # README's first command)
set -euo pipefail

bench=0
serve=0
case "${1:-}" in
  --bench) bench=1 ;;
  --serve) serve=1 ;;
  "") ;;
  *) echo "usage: scripts/install-deps.sh [--bench | --serve]" >&2; exit 2 ;;
esac

# What `cmake --build build --target dynamite` needs, configured with
# -DDYNAMITE_BUILD_TESTS=OFF -DDYNAMITE_BUILD_BENCHMARKS=OFF.
serve_packages=(
  cmake
  ninja-build
  ccache
  g++
  libabsl-dev
  rapidjson-dev
  libboost1.81-dev
  zlib1g-dev
  libssl-dev
  pkg-config
)

packages=(
  cmake
  ninja-build
  ccache               # compiler cache: every tree, and across clones
  g++
  clang
  clang-format
  libclang-rt-14-dev   # sanitizer and libFuzzer runtimes for clang
  libabsl-dev
  libgtest-dev
  libgmock-dev
  googletest
  libbenchmark-dev
  rapidjson-dev
  libboost1.81-dev     # Boost.Beast/Asio (header-only) for `dynamite serve`
  libsqlite3-dev       # the SQLite baseline in bench/
  zlib1g-dev           # CRC32 for the wire protocol
  libssl-dev           # libcrypto for SigV4's HMAC-SHA256
  pkg-config
  python3
  git                  # scripts/test.sh lists the tracked sources with git
  python3-boto3        # tests/clients: boto3 against `dynamite serve`
  python3-pytest       # tests/clients: runs the boto3 tests
  awscli               # tests/clients: the AWS CLI against `dynamite serve`
  nodejs               # tests/clients: AWS SDK for JavaScript v3 (npm comes
                       # with the machine's nodejs; Debian's npm conflicts with it)
  chromium             # tests/clients/console: the console in a real browser
)

if [[ ${serve} -eq 1 ]]; then
  packages=("${serve_packages[@]}")
fi

# bench/run.sh's extras: matplotlib draws docs/scaling.svg; DynamoDB Local
# (a jar) needs Java 17, installed only when there is no java at all.
if [[ ${bench} -eq 1 ]]; then
  packages+=(python3-matplotlib)
  if ! command -v java >/dev/null 2>&1; then
    packages+=(openjdk-17-jre-headless)
  fi
fi

missing=()
for pkg in "${packages[@]}"; do
  status="$(dpkg-query -W -f='${db:Status-Status}' "${pkg}" 2>/dev/null || true)"
  if [[ "${status}" != "installed" ]]; then
    missing+=("${pkg}")
  fi
done
# npm: NodeSource's nodejs (on these machines) includes it and conflicts
# with Debian's npm package, so Debian's is installed only when there is no
# npm at all (a fresh Debian 12 with Debian's nodejs).
if [[ ${serve} -eq 0 ]] && ! command -v npm >/dev/null 2>&1; then
  missing+=(npm)
fi

if [[ ${#missing[@]} -eq 0 ]]; then
  echo "install-deps: all ${#packages[@]} packages already installed"
  exit 0
fi

echo "install-deps: installing ${missing[*]}"
sudo=()
if [[ "$(id -u)" -ne 0 ]]; then
  sudo=(sudo)
fi
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update -q
"${sudo[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"
echo "install-deps: done"
