#!/usr/bin/env bash
# Installs the AWS SDK for JavaScript v3 that tests/clients/js/ tests, at the
# exact versions of tests/clients/js/package-lock.json, into
# tests/clients/js/node_modules (git-ignored) with `npm ci`.
#
# Idempotent and fast: when node_modules already matches the lock file (npm
# keeps a copy of it in node_modules/.package-lock.json), it does nothing.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/js"
if ! command -v npm >/dev/null 2>&1; then
  echo "install-js: npm not found: the machine's nodejs brings it" \
    "(scripts/install-deps.sh installs nodejs)" >&2
  exit 1
fi
stamp="node_modules/.dynamite-installed-lock.json"
if [[ -f "${stamp}" ]] && cmp -s package-lock.json "${stamp}" &&
  [[ -f node_modules/@aws-sdk/client-dynamodb/package.json &&
    -f node_modules/@aws-sdk/lib-dynamodb/package.json ]]; then
  echo "install-js: tests/clients/js/node_modules is up to date"
  exit 0
fi
echo "install-js: npm ci in tests/clients/js"
npm ci --no-audit --no-fund --loglevel=error
cp package-lock.json "${stamp}"
echo "install-js: installed $(node -p "require('./node_modules/@aws-sdk/client-dynamodb/package.json').version") of @aws-sdk/client-dynamodb"
