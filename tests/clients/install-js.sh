#!/usr/bin/env bash
# Installs the npm clients that tests/clients/run.sh drives, each at the
# exact versions of its folder's package-lock.json, into that folder's
# node_modules (git-ignored) with `npm ci`:
#
#   tests/clients/js/      the AWS SDK for JavaScript v3
#                          (@aws-sdk/client-dynamodb, @aws-sdk/lib-dynamodb)
#   tests/clients/admin/   dynamodb-admin, the web GUI for local DynamoDB
#   tests/clients/console/ playwright-core, which drives Debian's chromium
#                          through the console (tests/clients/run.sh)
#
# Idempotent and fast: a folder whose node_modules already matches its lock
# file (a copy of the lock file is kept in node_modules after each install)
# is left alone.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
if ! command -v npm >/dev/null 2>&1; then
  echo "install-js: npm not found: the machine's nodejs brings it" \
    "(scripts/install-deps.sh installs nodejs)" >&2
  exit 1
fi

# Usage: install FOLDER PACKAGE...: runs `npm ci` in tests/clients/FOLDER
# unless node_modules matches the lock file and holds every PACKAGE.
install() {
  local folder="$1"
  shift
  local stamp="node_modules/.dynamite-installed-lock.json"
  local package present=1
  cd "${here}/${folder}"
  for package in "$@"; do
    [[ -f "node_modules/${package}/package.json" ]] || present=0
  done
  if [[ ${present} -eq 1 && -f "${stamp}" ]] &&
    cmp -s package-lock.json "${stamp}"; then
    echo "install-js: tests/clients/${folder}/node_modules is up to date"
    return
  fi
  echo "install-js: npm ci in tests/clients/${folder}"
  npm ci --no-audit --no-fund --loglevel=error
  cp package-lock.json "${stamp}"
  for package in "$@"; do
    echo "install-js: installed ${package}" \
      "$(node -p "require('./node_modules/${package}/package.json').version")"
  done
}

install js @aws-sdk/client-dynamodb @aws-sdk/lib-dynamodb \
  @aws-sdk/client-dynamodb-streams
install admin dynamodb-admin @aws-sdk/client-dynamodb
install console playwright-core
