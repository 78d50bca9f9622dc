"""An example to copy: pytest fixtures that seed a Dynamite server once and
give every test the seeded state, through the checkpoints of
DynamiteControl (README, "Tests that start from a seeded database").

The session fixture starts `dynamite serve` on a free port, creates and
fills the tables, and takes a checkpoint; the function fixture restores it
before each test, which costs O(tables + partitions), not O(items), so a
large seed is paid once. tests/clients/run.sh runs this file with
DYNAMITE_BINARY set; elsewhere `dynamite` on the PATH is used.
"""

import datetime
import json
import os
import re
import subprocess
import urllib.error
import urllib.request

import boto3
import pytest

REGION = "us-east-1"


def control(endpoint, operation, body):
    """One DynamiteControl operation. A server started without --credentials
    accepts any well-formed signature, as DynamoDB Local does, so a fixed
    one will do here (sign it with botocore's SigV4Auth against a server
    that checks signatures)."""
    now = datetime.datetime.now(datetime.timezone.utc)
    request = urllib.request.Request(endpoint, method="POST",
                                     data=json.dumps(body).encode(), headers={
        "Content-Type": "application/x-amz-json-1.0",
        "X-Amz-Target": f"DynamiteControl_20261204.{operation}",
        "X-Amz-Date": now.strftime("%Y%m%dT%H%M%SZ"),
        "Authorization": (
            "AWS4-HMAC-SHA256 Credential=fake/"
            f"{now.strftime('%Y%m%d')}/{REGION}/dynamodb/aws4_request, "
            "SignedHeaders=host;x-amz-date, Signature=0")})
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.loads(answer.read())


@pytest.fixture(scope="session")
def seeded_server():
    """Starts a server, seeds it and checkpoints the seed as "seeded"."""
    binary = os.environ.get("DYNAMITE_BINARY", "dynamite")
    server = subprocess.Popen(
        [binary, "serve", "--port", "0", "--host", "127.0.0.1",
         "--console", "off"],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        line = server.stdout.readline()  # the ready line, or "" if it died
        found = re.match(r"dynamite serve: listening on (http://\S+)", line)
        assert found, f"dynamite serve did not start: {line!r}"
        endpoint = found.group(1)
        client = boto3.client(
            "dynamodb", endpoint_url=endpoint, region_name=REGION,
            aws_access_key_id="fake", aws_secret_access_key="fake")
        client.create_table(
            TableName="Accounts", BillingMode="PAY_PER_REQUEST",
            AttributeDefinitions=[{"AttributeName": "id",
                                   "AttributeType": "S"}],
            KeySchema=[{"AttributeName": "id", "KeyType": "HASH"}])
        for i in range(500):
            client.put_item(TableName="Accounts", Item={
                "id": {"S": f"acct-{i:04d}"}, "balance": {"N": "100"}})
        control(endpoint, "CreateCheckpoint", {"Name": "seeded"})
        yield endpoint
    finally:
        server.terminate()
        server.wait(timeout=10)


@pytest.fixture
def dynamodb(seeded_server):
    """A client of the seeded server, whose tables are as seeded."""
    control(seeded_server, "RestoreCheckpoint", {"Name": "seeded"})
    return boto3.client(
        "dynamodb", endpoint_url=seeded_server, region_name=REGION,
        aws_access_key_id="fake", aws_secret_access_key="fake")


def balance(dynamodb, account):
    item = dynamodb.get_item(TableName="Accounts",
                             Key={"id": {"S": account}}).get("Item")
    return None if item is None else int(item["balance"]["N"])


# The two tests below change the seed in conflicting ways; each passes
# whichever runs first, because each starts from the checkpoint.
def test_a_withdrawal_changes_one_balance(dynamodb):
    assert balance(dynamodb, "acct-0007") == 100
    dynamodb.update_item(
        TableName="Accounts", Key={"id": {"S": "acct-0007"}},
        UpdateExpression="SET balance = balance - :amount",
        ExpressionAttributeValues={":amount": {"N": "30"}})
    assert balance(dynamodb, "acct-0007") == 70


def test_closing_an_account_deletes_it_and_a_new_table_goes_too(dynamodb):
    assert balance(dynamodb, "acct-0007") == 100
    dynamodb.delete_item(TableName="Accounts", Key={"id": {"S": "acct-0007"}})
    assert balance(dynamodb, "acct-0007") is None
    dynamodb.create_table(
        TableName="Scratch", BillingMode="PAY_PER_REQUEST",
        AttributeDefinitions=[{"AttributeName": "id", "AttributeType": "S"}],
        KeySchema=[{"AttributeName": "id", "KeyType": "HASH"}])


def test_every_test_starts_from_the_seed(dynamodb):
    assert dynamodb.list_tables()["TableNames"] == ["Accounts"]
    assert dynamodb.describe_table(TableName="Accounts")["Table"][
        "ItemCount"] == 500
    assert balance(dynamodb, "acct-0007") == 100


def test_an_unknown_checkpoint_is_resource_not_found(seeded_server):
    with pytest.raises(urllib.error.HTTPError) as refused:
        control(seeded_server, "RestoreCheckpoint", {"Name": "missing"})
    body = json.loads(refused.value.read())
    assert body["__type"].endswith("#ResourceNotFoundException")
    assert body["message"] == "Checkpoint not found: missing"
