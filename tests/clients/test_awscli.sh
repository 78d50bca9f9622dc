#!/usr/bin/env bash
# The AWS CLI against a running `dynamite serve` (tests/clients/run.sh starts
# it and sets DYNAMITE_ENDPOINT, fake credentials and an empty AWS config).
# Each step runs one `aws dynamodb` command and checks its JSON output; each
# counts as one case. Ends with "awscli: N passed, M failed"; exits non-zero
# if any step failed.
#
# AWS_CLI names the aws command (default: aws), PYTHON the python3 that reads
# the JSON (default: python3).
set -uo pipefail

aws_cli="${AWS_CLI:-aws}"
python="${PYTHON:-python3}"
if [[ -z "${DYNAMITE_ENDPOINT:-}" ]]; then
  echo "test_awscli.sh: DYNAMITE_ENDPOINT is not set: run tests/clients/run.sh" >&2
  echo "awscli: 0 passed, 1 failed"
  exit 1
fi
table="awscli-$(date +%s)-$$-${RANDOM}"
out="$(mktemp)"
trap 'rm -f "${out}"' EXIT
passed=0
failed=0
first_three='{}'  # a scan page, for the --starting-token step's check

# Usage: ddb SUBCOMMAND ARGS... — runs `aws dynamodb` against the server,
# its JSON output in ${out}.
ddb() {
  "${aws_cli}" dynamodb "$@" --endpoint-url "${DYNAMITE_ENDPOINT}" \
    --region us-east-1 --output json --no-cli-pager >"${out}"
}

# Usage: check NAME PYTHON_EXPRESSION — the expression sees the output as `r`.
check() {
  local name="$1" expression="$2"
  if "${python}" -c '
import json, sys
r = json.load(open(sys.argv[1])) if open(sys.argv[1]).read().strip() else {}
ok = eval("(" + sys.argv[2] + ")")
if not ok:
    print("    output was:", json.dumps(r, sort_keys=True)[:2000])
sys.exit(0 if ok else 1)' "${out}" "${expression}" "${first_three}"; then
    echo "ok   ${name}"
    passed=$((passed + 1))
  else
    echo "FAIL ${name}: the output does not satisfy: ${expression}"
    failed=$((failed + 1))
  fi
}

# Usage: expect_error NAME ERROR_CODE -- SUBCOMMAND ARGS...: the command must
# fail with ERROR_CODE on stderr.
expect_error() {
  local name="$1" code="$2"
  shift 3
  if ddb "$@" 2>"${out}.err"; then
    echo "FAIL ${name}: aws dynamodb $1 succeeded; wanted ${code}"
    failed=$((failed + 1))
  elif grep -q "(${code})" "${out}.err"; then
    echo "ok   ${name}"
    passed=$((passed + 1))
  else
    echo "FAIL ${name}: wanted ${code}; stderr was:"
    cat "${out}.err"
    failed=$((failed + 1))
  fi
  rm -f "${out}.err"
}

# Usage: step NAME EXPRESSION -- SUBCOMMAND ARGS...
step() {
  local name="$1" expression="$2"
  shift 3
  if ddb "$@"; then
    check "${name}" "${expression}"
  else
    echo "FAIL ${name}: aws dynamodb $1 exited non-zero (its stderr is above)"
    failed=$((failed + 1))
  fi
}

step "create-table" \
  "r['TableDescription']['TableName'] == '${table}' and
   r['TableDescription']['KeySchema'] == [
     {'AttributeName': 'PK', 'KeyType': 'HASH'},
     {'AttributeName': 'SK', 'KeyType': 'RANGE'}]" -- \
  create-table --table-name "${table}" \
  --attribute-definitions AttributeName=PK,AttributeType=S \
  AttributeName=SK,AttributeType=S \
  --key-schema AttributeName=PK,KeyType=HASH AttributeName=SK,KeyType=RANGE \
  --billing-mode PAY_PER_REQUEST

if ddb wait table-exists --table-name "${table}"; then
  step "wait table-exists, describe-table" \
    "r['Table']['TableName'] == '${table}' and
     r['Table']['TableStatus'] == 'ACTIVE' and r['Table']['ItemCount'] == 0 and
     r['Table']['BillingModeSummary']['BillingMode'] == 'PAY_PER_REQUEST' and
     r['Table']['TableArn'].endswith(':table/${table}')" -- \
    describe-table --table-name "${table}"
else
  echo "FAIL wait table-exists exited non-zero"
  failed=$((failed + 1))
fi

# Five items: four events of one actor (ISO-8601 sort keys), one of another.
put_ok=1
for sk in "EVT#2026-06-22T23:59:59.999Z#0001" \
  "EVT#2026-06-23T00:00:00.123Z#0001" "EVT#2026-06-23T10:15:30.123Z#0001" \
  "EVT#2026-06-23T23:59:59.999Z#0001"; do
  ddb put-item --table-name "${table}" \
    --item "{\"PK\":{\"S\":\"ACTOR#u_42\"},\"SK\":{\"S\":\"${sk}\"},\"action\":{\"S\":\"read\"}}" ||
    put_ok=0
done
ddb put-item --table-name "${table}" \
  --item '{"PK":{"S":"ACTOR#u_7"},"SK":{"S":"EVT#2026-06-23T12:00:00.000Z#0001"},"action":{"S":"login"},"n":{"N":"1.50"}}' ||
  put_ok=0
step "put-item x5, then one overwritten with ReturnValues ALL_OLD" \
  "${put_ok} == 1 and r['Attributes'] == {
     'PK': {'S': 'ACTOR#u_7'}, 'SK': {'S': 'EVT#2026-06-23T12:00:00.000Z#0001'},
     'action': {'S': 'login'}, 'n': {'N': '1.5'}}" -- \
  put-item --table-name "${table}" --return-values ALL_OLD \
  --item '{"PK":{"S":"ACTOR#u_7"},"SK":{"S":"EVT#2026-06-23T12:00:00.000Z#0001"},"action":{"S":"login"},"n":{"N":"2"}}'

expect_error "put-item with a failed condition: ConditionalCheckFailedException" \
  ConditionalCheckFailedException -- \
  put-item --table-name "${table}" \
  --item '{"PK":{"S":"ACTOR#u_7"},"SK":{"S":"EVT#2026-06-23T12:00:00.000Z#0001"}}' \
  --condition-expression 'attribute_not_exists(PK)'

step "query --key-condition-expression: one day, newest first" \
  "r['Count'] == 3 and [i['SK']['S'] for i in r['Items']] == [
     'EVT#2026-06-23T23:59:59.999Z#0001', 'EVT#2026-06-23T10:15:30.123Z#0001',
     'EVT#2026-06-23T00:00:00.123Z#0001']" -- \
  query --table-name "${table}" \
  --key-condition-expression 'PK = :a AND SK BETWEEN :from AND :to' \
  --expression-attribute-values '{":a":{"S":"ACTOR#u_42"},":from":{"S":"EVT#2026-06-23T00:00:00.000Z"},":to":{"S":"EVT#2026-06-23T23:59:59.999Z#9999"}}' \
  --no-scan-index-forward

step "query --page-size 2: all 4 of the actor's events, in order" \
  "r['Count'] == 4 and 'LastEvaluatedKey' not in r and
   [i['SK']['S'] for i in r['Items']] == sorted(i['SK']['S'] for i in r['Items'])" -- \
  query --table-name "${table}" --key-condition-expression 'PK = :a' \
  --expression-attribute-values '{":a":{"S":"ACTOR#u_42"}}' --page-size 2

step "scan --page-size 2: all 5 items through automatic pagination" \
  "r['Count'] == 5 and r['ScannedCount'] == 5 and len(r['Items']) == 5 and
   len({(i['PK']['S'], i['SK']['S']) for i in r['Items']}) == 5" -- \
  scan --table-name "${table}" --page-size 2

step "scan --page-size 2 --max-items 3: 3 items and a NextToken" \
  "len(r['Items']) == 3 and 'NextToken' in r" -- \
  scan --table-name "${table}" --page-size 2 --max-items 3
first_three="$(cat "${out}")"
next_token="$("${python}" -c 'import json,sys; print(json.load(open(sys.argv[1])).get("NextToken", ""))' "${out}" 2>/dev/null)"
step "scan --starting-token: the other 2 items" \
  "len(r['Items']) == 2 and 'NextToken' not in r and
   len({(i['PK']['S'], i['SK']['S']) for i in r['Items']} |
       {(i['PK']['S'], i['SK']['S']) for i in json.loads(sys.argv[3])['Items']}) == 5" -- \
  scan --table-name "${table}" --page-size 2 --starting-token "${next_token:-none}"

step "update-item SET and ADD, ReturnValues UPDATED_NEW" \
  "r['Attributes'] == {'views': {'N': '3'}, 'action': {'S': 'update'}}" -- \
  update-item --table-name "${table}" \
  --key '{"PK":{"S":"ACTOR#u_7"},"SK":{"S":"EVT#2026-06-23T12:00:00.000Z#0001"}}' \
  --update-expression 'SET #a = :u ADD #v :three' \
  --expression-attribute-names '{"#a":"action","#v":"views"}' \
  --expression-attribute-values '{":u":{"S":"update"},":three":{"N":"3"}}' \
  --return-values UPDATED_NEW

step "get-item" \
  "r['Item'] == {'PK': {'S': 'ACTOR#u_7'},
     'SK': {'S': 'EVT#2026-06-23T12:00:00.000Z#0001'}, 'action': {'S': 'update'},
     'views': {'N': '3'}, 'n': {'N': '2'}}" -- \
  get-item --table-name "${table}" \
  --key '{"PK":{"S":"ACTOR#u_7"},"SK":{"S":"EVT#2026-06-23T12:00:00.000Z#0001"}}'

step "list-tables" "'${table}' in r['TableNames']" -- list-tables

step "delete-table" \
  "r['TableDescription']['TableName'] == '${table}'" -- \
  delete-table --table-name "${table}"

expect_error "describe-table after delete-table: ResourceNotFoundException" \
  ResourceNotFoundException -- describe-table --table-name "${table}"

# --- a table with a GSI: describe-table shows it, query --index-name uses it
shop="${table}-shop"
step "create-table --global-secondary-indexes" \
  "[g['IndexName'] for g in r['TableDescription']['GlobalSecondaryIndexes']] == ['GSI1']" -- \
  create-table --table-name "${shop}" \
  --attribute-definitions AttributeName=PK,AttributeType=S \
  AttributeName=SK,AttributeType=S AttributeName=GSI1PK,AttributeType=S \
  AttributeName=GSI1SK,AttributeType=S \
  --key-schema AttributeName=PK,KeyType=HASH AttributeName=SK,KeyType=RANGE \
  --global-secondary-indexes '[{"IndexName":"GSI1","KeySchema":[{"AttributeName":"GSI1PK","KeyType":"HASH"},{"AttributeName":"GSI1SK","KeyType":"RANGE"}],"Projection":{"ProjectionType":"INCLUDE","NonKeyAttributes":["total"]}}]' \
  --billing-mode PAY_PER_REQUEST

step "describe-table shows the GSI" \
  "[(g['IndexName'], g['IndexStatus'], g['Projection']['ProjectionType'],
     g['Projection']['NonKeyAttributes'], [k['AttributeName'] for k in g['KeySchema']])
    for g in r['Table']['GlobalSecondaryIndexes']] ==
   [('GSI1', 'ACTIVE', 'INCLUDE', ['total'], ['GSI1PK', 'GSI1SK'])] and
   r['Table']['GlobalSecondaryIndexes'][0]['IndexArn'] == r['Table']['TableArn'] + '/index/GSI1'" -- \
  describe-table --table-name "${shop}"

put_ok=1
for spec in "c1 o1 PENDING 2026-06-01T10:00:00Z 120" \
  "c1 o2 SHIPPED 2026-05-28T09:30:00Z 35.5" \
  "c1 o3 PENDING 2026-06-02T08:15:00Z 9" \
  "c2 o4 PENDING 2026-05-30T17:45:00Z 500"; do
  read -r customer order status placed total <<<"${spec}"
  ddb put-item --table-name "${shop}" \
    --item "{\"PK\":{\"S\":\"CUSTOMER#${customer}\"},\"SK\":{\"S\":\"ORDER#${order}\"},\"GSI1PK\":{\"S\":\"STATUS#${status}\"},\"GSI1SK\":{\"S\":\"${placed}\"},\"total\":{\"N\":\"${total}\"},\"note\":{\"S\":\"not projected\"}}" ||
    put_ok=0
done
step "query --index-name: pending orders, newest first, INCLUDE projection" \
  "${put_ok} == 1 and r['Count'] == 3 and
   [i['SK']['S'] for i in r['Items']] == ['ORDER#o3', 'ORDER#o1', 'ORDER#o4'] and
   r['Items'][1] == {'PK': {'S': 'CUSTOMER#c1'}, 'SK': {'S': 'ORDER#o1'},
     'GSI1PK': {'S': 'STATUS#PENDING'}, 'GSI1SK': {'S': '2026-06-01T10:00:00Z'},
     'total': {'N': '120'}}" -- \
  query --table-name "${shop}" --index-name GSI1 \
  --key-condition-expression 'GSI1PK = :s' \
  --expression-attribute-values '{":s":{"S":"STATUS#PENDING"}}' \
  --no-scan-index-forward

step "query --index-name --page-size 1: every page followed" \
  "r['Count'] == 3 and 'LastEvaluatedKey' not in r and
   [i['SK']['S'] for i in r['Items']] == ['ORDER#o4', 'ORDER#o1', 'ORDER#o3']" -- \
  query --table-name "${shop}" --index-name GSI1 \
  --key-condition-expression 'GSI1PK = :s AND GSI1SK BETWEEN :a AND :b' \
  --expression-attribute-values '{":s":{"S":"STATUS#PENDING"},":a":{"S":"2026-05"},":b":{"S":"2026-07"}}' \
  --page-size 1

expect_error "query --index-name --consistent-read: ValidationException" \
  ValidationException -- \
  query --table-name "${shop}" --index-name GSI1 --consistent-read \
  --key-condition-expression 'GSI1PK = :s' \
  --expression-attribute-values '{":s":{"S":"STATUS#PENDING"}}'

step "delete-table (the GSI table)" \
  "r['TableDescription']['TableName'] == '${shop}'" -- \
  delete-table --table-name "${shop}"

echo "awscli: ${passed} passed, ${failed} failed"
[[ ${failed} -eq 0 ]]
