#!/usr/bin/env bash
# Installs the Debian 12 (bookworm) packages that Dynamite's build and tests
# need. Run as root. Idempotent: when every package is already installed it
# does not call apt-get at all, so repeated runs take well under a second.
#
#   scripts/install-deps.sh && scripts/test.sh     # the whole test run
set -euo pipefail

packages=(
  cmake
  ninja-build
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
  libsqlite3-dev       # the SQLite baseline in bench/
  zlib1g-dev           # CRC32 for the wire protocol
  libssl-dev           # libcrypto for SigV4's HMAC-SHA256
  pkg-config
  python3
  git                  # scripts/test.sh lists the tracked sources with git
)

missing=()
for pkg in "${packages[@]}"; do
  status="$(dpkg-query -W -f='${db:Status-Status}' "${pkg}" 2>/dev/null || true)"
  if [[ "${status}" != "installed" ]]; then
    missing+=("${pkg}")
  fi
done

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
