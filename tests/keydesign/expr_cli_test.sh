#!/bin/sh
# `dynamite expr` as a user runs it: the printed fragment must equal the
# golden files in expr_data/, and a usage error must exit 2 with the usage
# text on standard error. Usage: expr_cli_test.sh DYNAMITE DATA_DIR
set -u
dynamite=$1
data=$2
out=$(mktemp)
trap 'rm -f "$out"' EXIT
status=0

"$dynamite" expr --table Events --pk 'pk=USER#1' --sk sk --prefix 'EVT#' \
  --day 2026-06-23 --precision ms --suffix '#9999' --filter 'status=OPEN' \
  >"$out" || status=1
diff -u "$data/day_window.expected" "$out" || status=1

"$dynamite" expr --table Events --condition 'attribute_exists(pk)' \
  --set 'status=DONE' --add 'count={"N":"1"}' --remove data >"$out" ||
  status=1
diff -u "$data/update.expected" "$out" || status=1

for bad in "--bogus" "--pk" "--pk pk=A --sk sk --day 2026-06-23"; do
  # shellcheck disable=SC2086  # split the flags on purpose
  "$dynamite" expr $bad >/dev/null 2>"$out"
  code=$?
  if [ "$code" -ne 2 ] || ! grep -q '^Usage: dynamite' "$out"; then
    echo "dynamite expr $bad: exit $code, want 2 with the usage text"
    status=1
  fi
done
exit $status
