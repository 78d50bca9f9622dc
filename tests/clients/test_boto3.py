"""boto3 against a running `dynamite serve` (tests/clients/run.sh starts it).

The endpoint comes from DYNAMITE_ENDPOINT; credentials are fake. Every test
gets tables of its own, named after the test plus a random suffix, and
deletes them afterwards.
"""

import json
import os
import re
import subprocess
import time
import urllib.request
import uuid
from decimal import Decimal

import boto3
import pytest
from boto3.dynamodb.conditions import Attr, Key
from botocore.auth import SigV4Auth
from botocore.awsrequest import AWSRequest
from botocore.config import Config
from botocore.exceptions import ClientError

REGION = "us-east-1"


@pytest.fixture(scope="session")
def endpoint():
    value = os.environ.get("DYNAMITE_ENDPOINT")
    if not value:
        pytest.fail("DYNAMITE_ENDPOINT is not set: run tests/clients/run.sh")
    return value


def _session():
    return boto3.session.Session(
        aws_access_key_id="fake",
        aws_secret_access_key="fake",
        region_name=REGION,
    )


_CONFIG = Config(retries={"max_attempts": 1, "mode": "standard"},
                 connect_timeout=5, read_timeout=30)


@pytest.fixture(scope="session")
def client(endpoint):
    return _session().client("dynamodb", endpoint_url=endpoint, config=_CONFIG)


@pytest.fixture(scope="session")
def resource(endpoint):
    return _session().resource("dynamodb", endpoint_url=endpoint,
                               config=_CONFIG)


class Tables:
    """Creates uniquely named tables for one test and deletes them after."""

    def __init__(self, client, test_name):
        self._client = client
        self._prefix = re.sub(r"[^a-zA-Z0-9_.-]", "_", test_name)[:180]
        self._names = []

    def create(self, hash_key, range_key=None, hash_type="S", range_type="S"):
        name = f"{self._prefix}-{uuid.uuid4().hex[:12]}"
        key_schema = [{"AttributeName": hash_key, "KeyType": "HASH"}]
        definitions = [{"AttributeName": hash_key, "AttributeType": hash_type}]
        if range_key:
            key_schema.append({"AttributeName": range_key, "KeyType": "RANGE"})
            definitions.append({"AttributeName": range_key,
                                "AttributeType": range_type})
        response = self._client.create_table(
            TableName=name, KeySchema=key_schema,
            AttributeDefinitions=definitions, BillingMode="PAY_PER_REQUEST")
        self._names.append(name)
        assert response["TableDescription"]["TableName"] == name
        self._client.get_waiter("table_exists").wait(
            TableName=name, WaiterConfig={"Delay": 1, "MaxAttempts": 10})
        return name

    def adopt(self, name):
        """Deletes NAME, created by the test itself, after the test."""
        self._names.append(name)

    def forget(self, name):
        self._names.remove(name)

    def delete_all(self):
        for name in self._names:
            try:
                self._client.delete_table(TableName=name)
            except ClientError:
                pass


@pytest.fixture
def tables(client, request):
    made = Tables(client, request.node.name)
    yield made
    made.delete_all()


@pytest.fixture
def leaderboard(tables):
    return tables.create("leaderboardId", "rankKey")


@pytest.fixture
def audit_log(tables):
    return tables.create("PK", "SK")


def S(value):
    return {"S": value}


def N(value):
    return {"N": str(value)}


def error_of(excinfo):
    error = excinfo.value.response["Error"]
    return error["Code"], error["Message"]


# --- the leaderboard story ---------------------------------------------------

SEASON = "SEASON#2026-SPRING"
# player, score, epoch millis
SEASON_SCORES = [
    ("p_cleo", 240, 1781600400000),
    ("p_eve", 240, 1781596800000),
    ("p_bea", 1500, 1781604000000),
    ("p_ana", 10, 1781607600000),
    ("p_dan", 9, 1781611200000),
]


def rank_key(score, ts, player):
    """Inverted score padded to 10 digits, padded timestamp, player id."""
    return f"{9999999999 - score:010d}#{ts:016d}#{player}"


def put_season(client, table):
    for player, score, ts in SEASON_SCORES:
        client.put_item(TableName=table, Item={
            "leaderboardId": S(SEASON),
            "rankKey": S(rank_key(score, ts, player)),
            "playerId": S(player), "score": N(score), "ts": N(ts)})


def players(items):
    return [item["playerId"]["S"] for item in items]


def test_leaderboard_raw_padded_and_inverted_order(client, leaderboard):
    for score, player in [(240, "p_cleo"), (9, "p_dan"), (1500, "p_bea"),
                          (10, "p_ana")]:
        for board, key in [("RAW", str(score)), ("PADDED", f"{score:010d}"),
                           ("INVERTED", f"{9999999999 - score:010d}")]:
            client.put_item(TableName=leaderboard, Item={
                "leaderboardId": S(board), "rankKey": S(key),
                "playerId": S(player), "score": N(score)})

    def order(board):
        response = client.query(
            TableName=leaderboard, KeyConditionExpression="leaderboardId = :b",
            ExpressionAttributeValues={":b": S(board)})
        return [item["score"]["N"] for item in response["Items"]]

    assert order("RAW") == ["10", "1500", "240", "9"]
    assert order("PADDED") == ["9", "10", "240", "1500"]
    assert order("INVERTED") == ["1500", "240", "10", "9"]


def test_leaderboard_top3_then_next_page(client, leaderboard):
    put_season(client, leaderboard)
    top3 = client.query(
        TableName=leaderboard, KeyConditionExpression="leaderboardId = :s",
        ExpressionAttributeValues={":s": S(SEASON)}, Limit=3)
    # p_eve ahead of p_cleo on the 240 tie: she scored first.
    assert players(top3["Items"]) == ["p_bea", "p_eve", "p_cleo"]
    assert top3["Count"] == 3
    assert top3["ScannedCount"] == 3
    assert top3["Items"][0]["score"] == N(1500)
    assert top3["LastEvaluatedKey"] == {
        "leaderboardId": S(SEASON),
        "rankKey": S(rank_key(240, 1781600400000, "p_cleo"))}

    rest = client.query(
        TableName=leaderboard, KeyConditionExpression="leaderboardId = :s",
        ExpressionAttributeValues={":s": S(SEASON)}, Limit=3,
        ExclusiveStartKey=top3["LastEvaluatedKey"])
    assert players(rest["Items"]) == ["p_ana", "p_dan"]
    assert "LastEvaluatedKey" not in rest


def test_leaderboard_a_players_page(client, leaderboard):
    put_season(client, leaderboard)
    cleo = rank_key(240, 1781600400000, "p_cleo")
    # around: p_cleo and the players just below her.
    around = client.query(
        TableName=leaderboard,
        KeyConditionExpression="leaderboardId = :s AND rankKey >= :k",
        ExpressionAttributeValues={":s": S(SEASON), ":k": S(cleo)}, Limit=10)
    assert players(around["Items"]) == ["p_cleo", "p_ana", "p_dan"]
    # Everyone on exactly 240 points.
    ties = client.query(
        TableName=leaderboard,
        KeyConditionExpression=(
            "leaderboardId = :s AND begins_with(rankKey, :score)"),
        ExpressionAttributeValues={":s": S(SEASON),
                                   ":score": S("9999999759#")},
        Select="COUNT")
    assert ties["Count"] == 2
    assert "Items" not in ties
    # One player's entry, projected.
    got = client.get_item(
        TableName=leaderboard,
        Key={"leaderboardId": S(SEASON), "rankKey": S(cleo)},
        ProjectionExpression="playerId, score")
    assert got["Item"] == {"playerId": S("p_cleo"), "score": N(240)}
    missing = client.get_item(
        TableName=leaderboard,
        Key={"leaderboardId": S(SEASON), "rankKey": S("0")})
    assert "Item" not in missing


# --- the audit-log story -----------------------------------------------------

def test_audit_log_newest_20(client, audit_log):
    # 25 events for u_42, one a day at varying times, and one for u_7.
    sks = []
    for day in range(1, 26):
        sk = f"EVT#2026-06-{day:02d}T{day % 24:02d}:15:30.{day * 7:03d}Z#0001"
        sks.append(sk)
        client.put_item(TableName=audit_log, Item={
            "PK": S("ACTOR#u_42"), "SK": S(sk), "action": S("read"),
            "target": S(f"doc/{day}"), "ip": S("192.0.2.10"),
            "details": {"M": {"n": N(day), "ok": {"BOOL": True}}}})
    client.put_item(TableName=audit_log, Item={
        "PK": S("ACTOR#u_7"), "SK": S("EVT#2026-12-31T23:59:59.999Z#0001"),
        "action": S("login")})

    recent = client.query(
        TableName=audit_log, KeyConditionExpression="PK = :a",
        ExpressionAttributeValues={":a": S("ACTOR#u_42")},
        ScanIndexForward=False, Limit=20)
    newest_first = sorted(sks, reverse=True)
    assert [item["SK"]["S"] for item in recent["Items"]] == newest_first[:20]
    assert recent["Items"][0]["details"] == {
        "M": {"n": N(25), "ok": {"BOOL": True}}}
    assert recent["LastEvaluatedKey"] == {"PK": S("ACTOR#u_42"),
                                          "SK": S(newest_first[19])}
    older = client.query(
        TableName=audit_log, KeyConditionExpression="PK = :a",
        ExpressionAttributeValues={":a": S("ACTOR#u_42")},
        ScanIndexForward=False, Limit=20,
        ExclusiveStartKey=recent["LastEvaluatedKey"])
    assert [item["SK"]["S"] for item in older["Items"]] == newest_first[20:]


AUDIT_EVENTS = [
    ("EVT#2026-06-22T23:59:59.999Z#0001", "login"),
    ("EVT#2026-06-23T00:00:00.123Z#0001", "read"),
    ("EVT#2026-06-23T10:15:30.123Z#0001", "update"),
    ("EVT#2026-06-23T10:15:30.123Z#0002", "share"),
    ("EVT#2026-06-23T23:59:59.999Z#0001", "logout"),
    ("EVT#2026-06-24T08:00:00.000Z#0001", "login"),
]


def test_audit_log_one_day_window_between(client, audit_log):
    for sk, action in AUDIT_EVENTS:
        client.put_item(TableName=audit_log, Item={
            "PK": S("ACTOR#u_42"), "SK": S(sk), "action": S(action)})

    def window(lo, hi, **extra):
        return client.query(
            TableName=audit_log,
            KeyConditionExpression="PK = :a AND SK BETWEEN :from AND :to",
            ExpressionAttributeValues={":a": S("ACTOR#u_42"),
                                       ":from": S(lo), ":to": S(hi)},
            **extra)

    day = window("EVT#2026-06-23T00:00:00.000Z",
                 "EVT#2026-06-23T23:59:59.999Z#9999")
    assert [item["action"]["S"] for item in day["Items"]] == [
        "read", "update", "share", "logout"]
    # The naive bounds miss the day's first and last events.
    naive = window("EVT#2026-06-23T00:00:00Z", "EVT#2026-06-23T23:59:59.999Z",
                   Select="COUNT")
    assert naive["Count"] == 2
    # begins_with on the day avoids both traps.
    day_prefix = client.query(
        TableName=audit_log,
        KeyConditionExpression="PK = :a AND begins_with(SK, :day)",
        ExpressionAttributeValues={":a": S("ACTOR#u_42"),
                                   ":day": S("EVT#2026-06-23")},
        Select="COUNT")
    assert day_prefix["Count"] == 4
    with pytest.raises(ClientError) as excinfo:
        # :x is not defined: a ValidationException, not an empty answer.
        window("EVT#2026-06-23T00:00:00.000Z",
               "EVT#2026-06-23T23:59:59.999Z#9999",
               FilterExpression="#action = :x",
               ExpressionAttributeNames={"#action": "action"})
    code, message = error_of(excinfo)
    assert code == "ValidationException"
    assert ":x" in message


def test_audit_log_filtered_window_and_month(client, audit_log):
    for sk, action in AUDIT_EVENTS:
        client.put_item(TableName=audit_log, Item={
            "PK": S("ACTOR#u_42"), "SK": S(sk), "action": S(action)})
    filtered = client.query(
        TableName=audit_log,
        KeyConditionExpression="PK = :a AND SK BETWEEN :from AND :to",
        FilterExpression="#action = :x",
        ExpressionAttributeNames={"#action": "action"},
        ExpressionAttributeValues={
            ":a": S("ACTOR#u_42"), ":x": S("share"),
            ":from": S("EVT#2026-06-23T00:00:00.000Z"),
            ":to": S("EVT#2026-06-23T23:59:59.999Z#9999")})
    assert filtered["Count"] == 1
    assert filtered["ScannedCount"] == 4
    assert filtered["Items"][0]["SK"] == S("EVT#2026-06-23T10:15:30.123Z#0002")
    month = client.query(
        TableName=audit_log,
        KeyConditionExpression="PK = :a AND begins_with(SK, :m)",
        ExpressionAttributeValues={":a": S("ACTOR#u_42"),
                                   ":m": S("EVT#2026-06")},
        Select="COUNT")
    assert month["Count"] == 6


# --- pagination through boto3's paginators -------------------------------------

def test_query_paginator(client, audit_log):
    sks = [f"EVT#2026-03-{i:02d}T08:00:00.000Z#0001" for i in range(1, 24)]
    for sk in sks:
        client.put_item(TableName=audit_log, Item={
            "PK": S("ACTOR#u_1"), "SK": S(sk)})
    client.put_item(TableName=audit_log, Item={
        "PK": S("ACTOR#u_2"), "SK": S(sks[0])})
    paginator = client.get_paginator("query")
    pages = list(paginator.paginate(
        TableName=audit_log, KeyConditionExpression="PK = :a",
        ExpressionAttributeValues={":a": S("ACTOR#u_1")},
        PaginationConfig={"PageSize": 5}))
    assert [page["Count"] for page in pages] == [5, 5, 5, 5, 3]
    got = [item["SK"]["S"] for page in pages for item in page["Items"]]
    assert got == sks
    # build_full_result stitches the pages together.
    full = paginator.paginate(
        TableName=audit_log, KeyConditionExpression="PK = :a",
        ExpressionAttributeValues={":a": S("ACTOR#u_1")},
        ScanIndexForward=False,
        PaginationConfig={"PageSize": 4}).build_full_result()
    assert [item["SK"]["S"] for item in full["Items"]] == sks[::-1]
    assert full["Count"] == 23


def test_scan_paginator(client, tables):
    table = tables.create("pk", "sk", range_type="N")
    expected = set()
    for partition in range(6):
        for sort in range(3):
            client.put_item(TableName=table, Item={
                "pk": S(f"p{partition}"), "sk": N(sort),
                "odd": {"BOOL": sort % 2 == 1}})
            expected.add((f"p{partition}", str(sort)))
    pages = list(client.get_paginator("scan").paginate(
        TableName=table, PaginationConfig={"PageSize": 4}))
    assert len(pages) >= 5
    assert all(page["Count"] <= 4 for page in pages)
    seen = [(item["pk"]["S"], item["sk"]["N"])
            for page in pages for item in page["Items"]]
    assert len(seen) == 18
    assert set(seen) == expected
    # Items of one partition come in sort-key order.
    for partition in range(6):
        sorts = [s for p, s in seen if p == f"p{partition}"]
        assert sorts == ["0", "1", "2"]
    # With a filter: ScannedCount sums to the table, Count to the matches.
    filtered = list(client.get_paginator("scan").paginate(
        TableName=table, FilterExpression="odd = :t",
        ExpressionAttributeValues={":t": {"BOOL": True}},
        PaginationConfig={"PageSize": 5}))
    assert sum(page["ScannedCount"] for page in filtered) == 18
    assert sum(page["Count"] for page in filtered) == 6


# --- conditional writes ------------------------------------------------------

def test_conditional_put_attribute_not_exists(client, tables):
    table = tables.create("pk")
    client.put_item(TableName=table, Item={"pk": S("user#1"), "v": N(1)},
                    ConditionExpression="attribute_not_exists(pk)")
    with pytest.raises(ClientError) as excinfo:
        client.put_item(TableName=table, Item={"pk": S("user#1"), "v": N(2)},
                        ConditionExpression="attribute_not_exists(pk)")
    assert error_of(excinfo) == ("ConditionalCheckFailedException",
                                 "The conditional request failed")
    assert excinfo.value.response["ResponseMetadata"]["HTTPStatusCode"] == 400
    # The modeled exception class catches it too.
    with pytest.raises(client.exceptions.ConditionalCheckFailedException):
        client.delete_item(TableName=table, Key={"pk": S("user#1")},
                           ConditionExpression="v = :two",
                           ExpressionAttributeValues={":two": N(2)})
    # Without ReturnValuesOnConditionCheckFailure no item comes back.
    assert "Item" not in excinfo.value.response
    # Nothing was written.
    got = client.get_item(TableName=table, Key={"pk": S("user#1")},
                          ConsistentRead=True)
    assert got["Item"] == {"pk": S("user#1"), "v": N(1)}


def _client_with_return_values_on_condition_check_failure(endpoint):
    """A client that can send ReturnValuesOnConditionCheckFailure.

    DynamoDB added the parameter in 2023; Debian 12's botocore (1.29) models
    neither it nor the Item in ConditionalCheckFailedException. Where the
    model lacks them, this client adds the parameter to the serialized JSON
    body before signing and copies Item from the raw error body into the
    parsed response, both through botocore's documented event hooks, so the
    test reads exactly what the server sent.
    """
    fresh = _session().client("dynamodb", endpoint_url=endpoint,
                              config=_CONFIG)
    put_input = fresh.meta.service_model.operation_model("PutItem").input_shape
    if "ReturnValuesOnConditionCheckFailure" in put_input.members:
        return fresh, {"ReturnValuesOnConditionCheckFailure": "ALL_OLD"}

    def add_parameter(params, **_):
        body = json.loads(params["body"])
        body["ReturnValuesOnConditionCheckFailure"] = "ALL_OLD"
        params["body"] = json.dumps(body).encode()

    def copy_item(http_response, parsed, **_):
        if http_response.status_code >= 300:
            raw = json.loads(http_response.content)
            if "Item" in raw:
                parsed["Item"] = raw["Item"]

    for operation in ("PutItem", "UpdateItem", "DeleteItem"):
        fresh.meta.events.register(f"before-call.dynamodb.{operation}",
                                   add_parameter)
        fresh.meta.events.register(f"after-call.dynamodb.{operation}",
                                   copy_item)
    return fresh, {}


def test_condition_failure_returns_all_old(endpoint, tables):
    fresh, extra = _client_with_return_values_on_condition_check_failure(
        endpoint)
    table = tables.create("pk")
    old = {"pk": S("order#9"), "status": S("shipped"), "n": N("1.50"),
           "tags": {"SS": ["a", "b"]}}
    fresh.put_item(TableName=table, Item=old)
    with pytest.raises(ClientError) as excinfo:
        fresh.put_item(TableName=table,
                       Item={"pk": S("order#9"), "status": S("new")},
                       ConditionExpression="attribute_not_exists(pk)", **extra)
    assert error_of(excinfo)[0] == "ConditionalCheckFailedException"
    item = excinfo.value.response["Item"]
    assert item["status"] == S("shipped")
    assert item["n"] == N("1.5")  # numbers come back canonical
    assert sorted(item["tags"]["SS"]) == ["a", "b"]
    assert set(item) == {"pk", "status", "n", "tags"}

    with pytest.raises(ClientError) as excinfo:
        fresh.update_item(TableName=table, Key={"pk": S("order#9")},
                          UpdateExpression="SET #s = :new",
                          ConditionExpression="#s = :expected",
                          ExpressionAttributeNames={"#s": "status"},
                          ExpressionAttributeValues={":new": S("delivered"),
                                                     ":expected": S("new")},
                          **extra)
    assert excinfo.value.response["Item"]["status"] == S("shipped")

    # A missing item has nothing to return.
    with pytest.raises(ClientError) as excinfo:
        fresh.delete_item(TableName=table, Key={"pk": S("order#404")},
                          ConditionExpression="attribute_exists(pk)", **extra)
    assert error_of(excinfo)[0] == "ConditionalCheckFailedException"
    assert "Item" not in excinfo.value.response


# --- transactions ------------------------------------------------------------

def test_transact_write_cancelled_reports_reasons(client, tables):
    table = tables.create("pk")
    old = {"pk": S("order#1"), "status": S("shipped"), "n": N(1)}
    client.put_item(TableName=table, Item=old)
    with pytest.raises(client.exceptions.TransactionCanceledException) as \
            excinfo:
        client.transact_write_items(TransactItems=[
            {"Put": {"TableName": table,
                     "Item": {"pk": S("order#1"), "status": S("new")},
                     "ConditionExpression": "attribute_not_exists(pk)",
                     "ReturnValuesOnConditionCheckFailure": "ALL_OLD"}},
            {"Put": {"TableName": table,
                     "Item": {"pk": S("order#2"), "status": S("new")}}},
        ])
    assert error_of(excinfo) == (
        "TransactionCanceledException",
        "Transaction cancelled, please refer cancellation reasons for "
        "specific reasons [ConditionalCheckFailed, None]")
    assert excinfo.value.response["ResponseMetadata"]["HTTPStatusCode"] == 400
    # One reason per action, in order; the failed one carries the old item.
    assert excinfo.value.response["CancellationReasons"] == [
        {"Code": "ConditionalCheckFailed",
         "Message": "The conditional request failed", "Item": old},
        {"Code": "None"}]
    # All or nothing: the valid second Put was not written either.
    got = client.get_item(TableName=table, Key={"pk": S("order#2")},
                          ConsistentRead=True)
    assert "Item" not in got
    got = client.get_item(TableName=table, Key={"pk": S("order#1")},
                          ConsistentRead=True)
    assert got["Item"] == old


def test_transact_write_then_transact_get(client, tables):
    accounts = tables.create("pk")
    transfers = tables.create("pk")
    client.put_item(TableName=accounts,
                    Item={"pk": S("acct#1"), "balance": N(100)})
    client.put_item(TableName=accounts,
                    Item={"pk": S("acct#2"), "balance": N(5)})
    client.put_item(TableName=transfers, Item={"pk": S("stale")})
    written = client.transact_write_items(TransactItems=[
        {"Update": {"TableName": accounts, "Key": {"pk": S("acct#1")},
                    "UpdateExpression": "SET balance = balance - :x",
                    "ConditionExpression": "balance >= :x",
                    "ExpressionAttributeValues": {":x": N(30)}}},
        {"Update": {"TableName": accounts, "Key": {"pk": S("acct#2")},
                    "UpdateExpression": "SET balance = balance + :x",
                    "ExpressionAttributeValues": {":x": N(30)}}},
        {"Put": {"TableName": transfers,
                 "Item": {"pk": S("transfer#1"), "amount": N(30)},
                 "ConditionExpression": "attribute_not_exists(pk)"}},
        {"Delete": {"TableName": transfers, "Key": {"pk": S("stale")}}},
    ])
    assert set(written) == {"ResponseMetadata"}
    got = client.transact_get_items(TransactItems=[
        {"Get": {"TableName": accounts, "Key": {"pk": S("acct#1")}}},
        {"Get": {"TableName": accounts, "Key": {"pk": S("acct#2")},
                 "ProjectionExpression": "balance"}},
        {"Get": {"TableName": transfers, "Key": {"pk": S("transfer#1")}}},
        {"Get": {"TableName": transfers, "Key": {"pk": S("stale")}}},
    ])
    # One response per Get, in order; a missing item is an empty one.
    assert got["Responses"] == [
        {"Item": {"pk": S("acct#1"), "balance": N(70)}},
        {"Item": {"balance": N(35)}},
        {"Item": {"pk": S("transfer#1"), "amount": N(30)}},
        {}]


# --- UpdateItem ----------------------------------------------------------------

def test_update_item_add_and_set_updated_new(client, leaderboard):
    key = {"leaderboardId": S(SEASON), "rankKey": S("player#p_ana")}
    first = client.update_item(
        TableName=leaderboard, Key=key,
        UpdateExpression="SET #n = :name, updatedAt = :t ADD score :d, badges :b",
        ExpressionAttributeNames={"#n": "name"},
        ExpressionAttributeValues={":name": S("Ana"), ":t": N(1),
                                   ":d": N(15), ":b": {"SS": ["first"]}},
        ReturnValues="UPDATED_NEW")
    assert first["Attributes"] == {"name": S("Ana"), "updatedAt": N(1),
                                   "score": N(15), "badges": {"SS": ["first"]}}
    second = client.update_item(
        TableName=leaderboard, Key=key,
        UpdateExpression="SET updatedAt = updatedAt + :one ADD score :d",
        ExpressionAttributeValues={":one": N(1), ":d": N("-2.5")},
        ReturnValues="UPDATED_NEW")
    assert second["Attributes"] == {"updatedAt": N(2), "score": N("12.5")}
    old = client.update_item(
        TableName=leaderboard, Key=key, UpdateExpression="REMOVE badges",
        ReturnValues="UPDATED_OLD")
    assert old["Attributes"] == {"badges": {"SS": ["first"]}}
    none = client.update_item(
        TableName=leaderboard, Key=key, UpdateExpression="SET #n = :n",
        ExpressionAttributeNames={"#n": "name"},
        ExpressionAttributeValues={":n": S("Ana B.")})
    assert "Attributes" not in none
    got = client.get_item(TableName=leaderboard, Key=key)["Item"]
    assert got == {**key, "name": S("Ana B."), "updatedAt": N(2),
                   "score": N("12.5")}


# --- errors --------------------------------------------------------------------

def test_resource_not_found(client, tables):
    missing = f"missing-{uuid.uuid4().hex[:12]}"
    with pytest.raises(ClientError) as excinfo:
        client.get_item(TableName=missing, Key={"pk": S("a")})
    assert error_of(excinfo) == ("ResourceNotFoundException",
                                 "Requested resource not found")
    with pytest.raises(client.exceptions.ResourceNotFoundException) as excinfo:
        client.describe_table(TableName=missing)
    assert error_of(excinfo) == (
        "ResourceNotFoundException",
        f"Requested resource not found: Table: {missing} not found")
    with pytest.raises(ClientError) as excinfo:
        client.query(TableName=missing, KeyConditionExpression="pk = :a",
                     ExpressionAttributeValues={":a": S("x")})
    assert error_of(excinfo)[0] == "ResourceNotFoundException"
    # A deleted table is gone.
    table = tables.create("pk")
    client.delete_table(TableName=table)
    tables.forget(table)
    client.get_waiter("table_not_exists").wait(
        TableName=table, WaiterConfig={"Delay": 1, "MaxAttempts": 10})
    with pytest.raises(ClientError) as excinfo:
        client.put_item(TableName=table, Item={"pk": S("a")})
    assert error_of(excinfo)[0] == "ResourceNotFoundException"


def test_validation_errors(client, tables, audit_log):
    table = tables.create("pk", hash_type="N")
    with pytest.raises(ClientError) as excinfo:
        client.get_item(TableName=table, Key={"pk": S("1")})
    assert error_of(excinfo) == (
        "ValidationException",
        "The provided key element does not match the schema")
    assert excinfo.value.response["ResponseMetadata"]["HTTPStatusCode"] == 400

    with pytest.raises(ClientError) as excinfo:
        client.query(
            TableName=audit_log,
            KeyConditionExpression="PK = :a AND #action = :x",
            ExpressionAttributeNames={"#action": "action"},
            ExpressionAttributeValues={":a": S("ACTOR#u_42"),
                                       ":x": S("login")})
    assert error_of(excinfo) == (
        "ValidationException", "Query condition missed key schema element: SK")

    with pytest.raises(ClientError) as excinfo:
        client.query(
            TableName=audit_log,
            KeyConditionExpression="PK = :a AND SK BETWEEN :to AND :from",
            ExpressionAttributeValues={
                ":a": S("ACTOR#u_42"),
                ":from": S("EVT#2026-06-23T00:00:00.000Z"),
                ":to": S("EVT#2026-06-23T23:59:59.999Z#9999")})
    assert error_of(excinfo) == (
        "ValidationException",
        "Invalid KeyConditionExpression: The BETWEEN operator requires upper "
        "bound to be greater than or equal to lower bound; lower bound "
        "operand: AttributeValue: {S:EVT#2026-06-23T23:59:59.999Z#9999}, "
        "upper bound operand: AttributeValue: {S:EVT#2026-06-23T00:00:00.000Z}")

    with pytest.raises(ClientError) as excinfo:
        client.create_table(
            TableName=audit_log,
            KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"}],
            AttributeDefinitions=[{"AttributeName": "PK",
                                   "AttributeType": "S"}],
            BillingMode="PAY_PER_REQUEST")
    assert error_of(excinfo)[0] == "ResourceInUseException"
    assert audit_log in error_of(excinfo)[1]


# --- the Table resource with Key and Attr ---------------------------------------

def test_table_resource_key_and_attr(resource, audit_log):
    table = resource.Table(audit_log)
    assert table.key_schema == [{"AttributeName": "PK", "KeyType": "HASH"},
                                {"AttributeName": "SK", "KeyType": "RANGE"}]
    for sk, action in AUDIT_EVENTS:
        table.put_item(Item={"PK": "ACTOR#u_42", "SK": sk, "action": action,
                             "bytes": Decimal("1024.5"),
                             "details": {"tries": 2, "tags": ["x", "y"]}})
    day = table.query(
        KeyConditionExpression=(Key("PK").eq("ACTOR#u_42")
                                & Key("SK").begins_with("EVT#2026-06-23")),
        FilterExpression=Attr("action").is_in(["update", "share"]))
    assert [item["action"] for item in day["Items"]] == ["update", "share"]
    assert day["ScannedCount"] == 4
    assert day["Items"][0]["bytes"] == Decimal("1024.5")
    assert day["Items"][0]["details"] == {"tries": Decimal(2),
                                         "tags": ["x", "y"]}

    window = table.query(
        KeyConditionExpression=(
            Key("PK").eq("ACTOR#u_42")
            & Key("SK").between("EVT#2026-06-23T00:00:00.000Z",
                                "EVT#2026-06-23T23:59:59.999Z#9999")),
        ScanIndexForward=False, Limit=2)
    assert [item["action"] for item in window["Items"]] == ["logout", "share"]

    logins = table.scan(FilterExpression=Attr("action").eq("login")
                        & Attr("details.tries").gte(2))
    assert sorted(item["SK"] for item in logins["Items"]) == [
        AUDIT_EVENTS[0][0], AUDIT_EVENTS[5][0]]

    key = {"PK": "ACTOR#u_42", "SK": AUDIT_EVENTS[1][0]}
    updated = table.update_item(
        Key=key, UpdateExpression="ADD details.tries :one SET seen = :t",
        ConditionExpression=Attr("action").eq("read"),
        ExpressionAttributeValues={":one": 1, ":t": True},
        ReturnValues="ALL_NEW")
    assert updated["Attributes"]["details"]["tries"] == 3
    assert updated["Attributes"]["seen"] is True
    with pytest.raises(ClientError) as excinfo:
        table.delete_item(Key=key, ConditionExpression=Attr("seen").ne(True))
    assert error_of(excinfo)[0] == "ConditionalCheckFailedException"
    table.delete_item(Key=key)
    assert "Item" not in table.get_item(Key=key)


# --- batches -----------------------------------------------------------------------

def test_batch_writer_and_batch_get_item(client, resource, tables):
    songs = tables.create("artist", "track", range_type="N")
    users = tables.create("id")
    # 60 puts: batch_writer sends them as BatchWriteItem requests of 25.
    with resource.Table(songs).batch_writer() as batch:
        for track in range(60):
            batch.put_item(Item={"artist": "Ada", "track": track,
                                 "title": f"t{track}"})
    with resource.Table(users).batch_writer() as batch:
        batch.put_item(Item={"id": "u1", "name": "Bo"})
        batch.put_item(Item={"id": "u2", "name": "Cy"})
    with resource.Table(songs).batch_writer() as batch:
        for track in range(50, 60):
            batch.delete_item(Key={"artist": "Ada", "track": track})
    count = client.scan(TableName=songs, Select="COUNT")
    assert count["Count"] == 50

    reply = client.batch_get_item(RequestItems={
        songs: {"Keys": [{"artist": S("Ada"), "track": N(1)},
                         {"artist": S("Ada"), "track": N(55)},
                         {"artist": S("Ada"), "track": N(2)}],
                "ProjectionExpression": "#t",
                "ExpressionAttributeNames": {"#t": "title"},
                "ConsistentRead": True},
        users: {"Keys": [{"id": S("u2")}, {"id": S("nobody")}]},
    })
    assert reply["UnprocessedKeys"] == {}
    assert sorted(item["title"]["S"] for item in reply["Responses"][songs]) \
        == ["t1", "t2"]
    assert reply["Responses"][users] == [{"id": S("u2"), "name": S("Cy")}]

    # The resource layer deserialises the same answer.
    got = resource.batch_get_item(RequestItems={
        users: {"Keys": [{"id": "u1"}], "AttributesToGet": ["name"]}})
    assert got["Responses"][users] == [{"name": "Bo"}]
    written = client.batch_write_item(RequestItems={
        users: [{"DeleteRequest": {"Key": {"id": S("u1")}}}]})
    assert written["UnprocessedItems"] == {}


def test_batch_errors_write_nothing(client, resource, tables):
    users = tables.create("id")
    with pytest.raises(ClientError) as excinfo:
        with resource.Table(users).batch_writer() as batch:
            batch.put_item(Item={"id": "a"})
            batch.put_item(Item={"id": "a", "x": 1})
    assert error_of(excinfo) == (
        "ValidationException",
        "Provided list of item keys contains duplicates")
    with pytest.raises(ClientError) as excinfo:
        client.batch_write_item(RequestItems={users: [
            {"PutRequest": {"Item": {"id": S("b")}}},
            {"PutRequest": {"Item": {"id": N(1)}}}]})
    assert error_of(excinfo) == (
        "ValidationException",
        "The provided key element does not match the schema")
    missing = f"missing-{uuid.uuid4().hex[:12]}"
    with pytest.raises(ClientError) as excinfo:
        client.batch_write_item(RequestItems={
            users: [{"PutRequest": {"Item": {"id": S("c")}}}],
            missing: [{"PutRequest": {"Item": {"id": S("c")}}}]})
    assert error_of(excinfo) == ("ResourceNotFoundException",
                                 "Requested resource not found")
    with pytest.raises(ClientError) as excinfo:
        client.batch_write_item(RequestItems={users: [
            {"PutRequest": {"Item": {"id": S(str(i))}}} for i in range(26)]})
    assert error_of(excinfo)[0] == "ValidationException"
    assert "Member must have length less than or equal to 25" in \
        error_of(excinfo)[1]
    assert client.scan(TableName=users, Select="COUNT")["Count"] == 0

    with pytest.raises(ClientError) as excinfo:
        client.batch_get_item(RequestItems={
            users: {"Keys": [{"id": S("a")}, {"id": S("a")}]}})
    assert error_of(excinfo) == (
        "ValidationException",
        "Provided list of item keys contains duplicates")
    with pytest.raises(ClientError) as excinfo:
        client.batch_get_item(RequestItems={
            users: {"Keys": [{"id": S(str(i))} for i in range(101)]}})
    assert error_of(excinfo)[0] == "ValidationException"


# --- waiters and the table lifecycle ---------------------------------------------

def test_table_exists_waiter_and_lifecycle(client, resource, tables):
    name = f"waiter-{uuid.uuid4().hex[:12]}"
    created = client.create_table(
        TableName=name,
        KeySchema=[{"AttributeName": "id", "KeyType": "HASH"}],
        AttributeDefinitions=[{"AttributeName": "id", "AttributeType": "S"}],
        ProvisionedThroughput={"ReadCapacityUnits": 5,
                               "WriteCapacityUnits": 5})
    tables.adopt(name)
    assert created["TableDescription"]["TableStatus"] in ("CREATING", "ACTIVE")
    client.get_waiter("table_exists").wait(
        TableName=name, WaiterConfig={"Delay": 1, "MaxAttempts": 10})
    described = client.describe_table(TableName=name)["Table"]
    assert described["TableStatus"] == "ACTIVE"
    assert described["KeySchema"] == [{"AttributeName": "id",
                                       "KeyType": "HASH"}]
    assert described["TableArn"].endswith(f":table/{name}")
    assert described["ProvisionedThroughput"]["ReadCapacityUnits"] == 5
    assert name in client.list_tables()["TableNames"]

    listed = []
    for page in client.get_paginator("list_tables").paginate(
            PaginationConfig={"PageSize": 1}):
        listed.extend(page["TableNames"])
    assert name in listed
    assert listed == sorted(listed)

    table = resource.Table(name)
    table.wait_until_exists()
    assert table.table_status == "ACTIVE"
    table.delete()
    tables.forget(name)
    client.get_waiter("table_not_exists").wait(
        TableName=name, WaiterConfig={"Delay": 1, "MaxAttempts": 10})
    assert name not in client.list_tables()["TableNames"]


def test_botocore_checks_crc32_and_request_id(client, tables):
    """Every response carries x-amz-crc32 (which botocore verifies when it is
    present) and a request id."""
    table = tables.create("pk")
    text = "\u00e9t\u00e9 \U0001f600 " * 1000  # multi-byte UTF-8, ~10 KB
    response = client.put_item(TableName=table,
                               Item={"pk": S("k"), "text": S(text)})
    headers = response["ResponseMetadata"]["HTTPHeaders"]
    assert "x-amz-crc32" in headers
    assert response["ResponseMetadata"]["RequestId"]
    got = client.get_item(TableName=table, Key={"pk": S("k")})
    assert got["Item"]["text"]["S"] == text
    assert "x-amz-crc32" in got["ResponseMetadata"]["HTTPHeaders"]


# --- secondary indexes: a single-table design with two GSIs -------------------
#
# An online shop: customers (PK CUSTOMER#id, SK PROFILE) and their orders
# (PK CUSTOMER#id, SK ORDER#id) in one table, with
#   GSI1 (ALL):       GSI1PK = STATUS#<status>, GSI1SK = placed-at time
#   ByEmail (KEYS_ONLY): email, on the profiles only (a sparse index).

SHOP_ORDERS = [
    # customer, order, status, placed at, total
    ("c1", "o1", "PENDING", "2026-06-01T10:00:00Z", 120),
    ("c1", "o2", "SHIPPED", "2026-05-28T09:30:00Z", Decimal("35.5")),
    ("c1", "o3", "PENDING", "2026-06-02T08:15:00Z", 9),
    ("c2", "o4", "PENDING", "2026-05-30T17:45:00Z", 500),
]


@pytest.fixture
def shop(client, resource, tables):
    name = f"shop-{uuid.uuid4().hex[:12]}"
    created = client.create_table(
        TableName=name,
        KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"},
                   {"AttributeName": "SK", "KeyType": "RANGE"}],
        AttributeDefinitions=[
            {"AttributeName": a, "AttributeType": "S"}
            for a in ("PK", "SK", "GSI1PK", "GSI1SK", "email")],
        BillingMode="PAY_PER_REQUEST",
        GlobalSecondaryIndexes=[
            {"IndexName": "GSI1",
             "KeySchema": [{"AttributeName": "GSI1PK", "KeyType": "HASH"},
                           {"AttributeName": "GSI1SK", "KeyType": "RANGE"}],
             "Projection": {"ProjectionType": "ALL"}},
            {"IndexName": "ByEmail",
             "KeySchema": [{"AttributeName": "email", "KeyType": "HASH"}],
             "Projection": {"ProjectionType": "KEYS_ONLY"}},
        ])
    tables.adopt(name)
    assert [g["IndexName"] for g in
            created["TableDescription"]["GlobalSecondaryIndexes"]] == [
                "GSI1", "ByEmail"]
    client.get_waiter("table_exists").wait(
        TableName=name, WaiterConfig={"Delay": 1, "MaxAttempts": 10})
    table = resource.Table(name)
    with table.batch_writer() as batch:
        batch.put_item(Item={"PK": "CUSTOMER#c1", "SK": "PROFILE",
                             "email": "ana@example.com", "name": "Ana"})
        batch.put_item(Item={"PK": "CUSTOMER#c2", "SK": "PROFILE",
                             "email": "bea@example.com", "name": "Bea"})
        for customer, order, status, placed, total in SHOP_ORDERS:
            batch.put_item(Item={
                "PK": f"CUSTOMER#{customer}", "SK": f"ORDER#{order}",
                "GSI1PK": f"STATUS#{status}", "GSI1SK": placed,
                "status": status, "total": total})
        # A draft: no status yet, so it is in neither index.
        batch.put_item(Item={"PK": "CUSTOMER#c2", "SK": "ORDER#o5",
                             "total": 60})
    return name


def test_gsi_describe_table_shows_both_indexes(client, shop):
    described = client.describe_table(TableName=shop)["Table"]
    by_name = {g["IndexName"]: g for g in described["GlobalSecondaryIndexes"]}
    assert set(by_name) == {"GSI1", "ByEmail"}
    assert by_name["GSI1"]["KeySchema"] == [
        {"AttributeName": "GSI1PK", "KeyType": "HASH"},
        {"AttributeName": "GSI1SK", "KeyType": "RANGE"}]
    assert by_name["GSI1"]["Projection"] == {"ProjectionType": "ALL"}
    assert by_name["ByEmail"]["Projection"] == {"ProjectionType": "KEYS_ONLY"}
    for index in by_name.values():
        assert index["IndexStatus"] == "ACTIVE"
        assert index["IndexArn"] == (
            f"{described['TableArn']}/index/{index['IndexName']}")
    assert by_name["GSI1"]["ItemCount"] == 4
    assert by_name["ByEmail"]["ItemCount"] == 2
    assert "LocalSecondaryIndexes" not in described


def test_gsi_query_with_resource_key_conditions(resource, shop):
    table = resource.Table(shop)
    pending = table.query(
        IndexName="GSI1",
        KeyConditionExpression=Key("GSI1PK").eq("STATUS#PENDING"))
    assert [i["SK"] for i in pending["Items"]] == [
        "ORDER#o4", "ORDER#o1", "ORDER#o3"]
    assert pending["Items"][0] == {
        "PK": "CUSTOMER#c2", "SK": "ORDER#o4", "GSI1PK": "STATUS#PENDING",
        "GSI1SK": "2026-05-30T17:45:00Z", "status": "PENDING",
        "total": Decimal(500)}
    june = table.query(
        IndexName="GSI1",
        KeyConditionExpression=(Key("GSI1PK").eq("STATUS#PENDING") &
                                Key("GSI1SK").begins_with("2026-06")),
        FilterExpression=Attr("total").gt(10),
        ScanIndexForward=False)
    assert [i["SK"] for i in june["Items"]] == ["ORDER#o1"]
    assert (june["Count"], june["ScannedCount"]) == (1, 2)

    # Shipping o1 moves it from the PENDING partition of GSI1 to SHIPPED.
    table.update_item(
        Key={"PK": "CUSTOMER#c1", "SK": "ORDER#o1"},
        UpdateExpression="SET GSI1PK = :s, #st = :st",
        ExpressionAttributeNames={"#st": "status"},
        ExpressionAttributeValues={":s": "STATUS#SHIPPED", ":st": "SHIPPED"})
    shipped = table.query(
        IndexName="GSI1",
        KeyConditionExpression=(Key("GSI1PK").eq("STATUS#SHIPPED") &
                                Key("GSI1SK").between("2026-05-01",
                                                      "2026-06-30")),
        ProjectionExpression="SK, #st",
        ExpressionAttributeNames={"#st": "status"})
    assert shipped["Items"] == [{"SK": "ORDER#o2", "status": "SHIPPED"},
                                {"SK": "ORDER#o1", "status": "SHIPPED"}]
    still_pending = table.query(
        IndexName="GSI1",
        KeyConditionExpression=Key("GSI1PK").eq("STATUS#PENDING"),
        Select="COUNT")
    assert still_pending["Count"] == 2
    assert "Items" not in still_pending


def test_gsi_query_keys_only_with_low_level_client(client, shop):
    got = client.query(
        TableName=shop, IndexName="ByEmail",
        KeyConditionExpression="email = :e",
        ExpressionAttributeValues={":e": S("bea@example.com")})
    # KEYS_ONLY: the index key and the table's keys, nothing else.
    assert got["Items"] == [{"email": S("bea@example.com"),
                             "PK": S("CUSTOMER#c2"), "SK": S("PROFILE")}]
    none = client.query(
        TableName=shop, IndexName="ByEmail",
        KeyConditionExpression="email = :e",
        ExpressionAttributeValues={":e": S("nobody@example.com")})
    assert (none["Items"], none["Count"]) == ([], 0)
    scanned = client.scan(TableName=shop, IndexName="ByEmail")
    assert sorted(i["email"]["S"] for i in scanned["Items"]) == [
        "ana@example.com", "bea@example.com"]
    with pytest.raises(ClientError) as excinfo:
        client.query(TableName=shop, IndexName="ByEmail",
                     KeyConditionExpression="email = :e",
                     ExpressionAttributeValues={":e": S("ana@example.com")},
                     Select="ALL_ATTRIBUTES")
    assert error_of(excinfo) == (
        "ValidationException",
        "One or more parameter values were invalid: Select type "
        "ALL_ATTRIBUTES is not supported for global secondary index ByEmail "
        "because its projection type is not ALL")


def test_gsi_query_paginator(client, shop):
    for i in range(7):
        client.put_item(TableName=shop, Item={
            "PK": S("CUSTOMER#c3"), "SK": S(f"ORDER#p{i}"),
            "GSI1PK": S("STATUS#RETURNED"),
            "GSI1SK": S(f"2026-07-0{i + 1}T00:00:00Z")})
    first = client.query(
        TableName=shop, IndexName="GSI1",
        KeyConditionExpression="GSI1PK = :s",
        ExpressionAttributeValues={":s": S("STATUS#RETURNED")}, Limit=3)
    # The index's keys plus the table's keys.
    assert first["LastEvaluatedKey"] == {
        "GSI1PK": S("STATUS#RETURNED"), "GSI1SK": S("2026-07-03T00:00:00Z"),
        "PK": S("CUSTOMER#c3"), "SK": S("ORDER#p2")}
    paginator = client.get_paginator("query")
    pages = list(paginator.paginate(
        TableName=shop, IndexName="GSI1",
        KeyConditionExpression="GSI1PK = :s",
        ExpressionAttributeValues={":s": S("STATUS#RETURNED")},
        ScanIndexForward=False,
        PaginationConfig={"PageSize": 3}))
    assert [page["Count"] for page in pages][:3] == [3, 3, 1]
    assert sum(page["Count"] for page in pages) == 7
    got = [item["SK"]["S"] for page in pages for item in page["Items"]]
    assert got == [f"ORDER#p{i}" for i in range(6, -1, -1)]


def test_gsi_consistent_read_and_unknown_index_errors(client, resource, shop):
    with pytest.raises(ClientError) as excinfo:
        client.query(TableName=shop, IndexName="GSI1",
                     KeyConditionExpression="GSI1PK = :s",
                     ExpressionAttributeValues={":s": S("STATUS#PENDING")},
                     ConsistentRead=True)
    assert error_of(excinfo) == (
        "ValidationException",
        "Consistent reads are not supported on global secondary indexes")
    assert excinfo.value.response["ResponseMetadata"]["HTTPStatusCode"] == 400
    with pytest.raises(ClientError) as excinfo:
        resource.Table(shop).query(
            IndexName="GSI9",
            KeyConditionExpression=Key("GSI1PK").eq("STATUS#PENDING"))
    assert error_of(excinfo) == (
        "ValidationException",
        "The table does not have the specified index: GSI9")


# --- ReturnConsumedCapacity on a Query ------------------------------------------

def test_query_return_consumed_capacity(client, shop):
    table_query = {
        "TableName": shop, "KeyConditionExpression": "PK = :c",
        "ExpressionAttributeValues": {":c": S("CUSTOMER#c1")}}
    # Small items, eventually consistent: half a read unit.
    total = client.query(**table_query, ReturnConsumedCapacity="TOTAL")
    assert total["Count"] == 4
    assert total["ConsumedCapacity"] == {
        "TableName": shop, "CapacityUnits": 0.5}
    strong = client.query(**table_query, ReturnConsumedCapacity="TOTAL",
                          ConsistentRead=True)
    assert strong["ConsumedCapacity"] == {
        "TableName": shop, "CapacityUnits": 1.0}
    # The table's own share, when the query reads the table.
    indexes = client.query(**table_query, ReturnConsumedCapacity="INDEXES")
    assert indexes["ConsumedCapacity"] == {
        "TableName": shop, "CapacityUnits": 0.5,
        "Table": {"CapacityUnits": 0.5}}
    assert "ConsumedCapacity" not in client.query(
        **table_query, ReturnConsumedCapacity="NONE")
    assert "ConsumedCapacity" not in client.query(**table_query)
    # Reads are rounded up to 4 KB: about 10 KB is 3 units, halved.
    client.put_item(TableName=shop, Item={
        "PK": S("CUSTOMER#c9"), "SK": S("PROFILE"), "blob": S("x" * 10000)})
    big = client.query(
        TableName=shop, KeyConditionExpression="PK = :c",
        ExpressionAttributeValues={":c": S("CUSTOMER#c9")},
        ReturnConsumedCapacity="TOTAL")
    assert big["ConsumedCapacity"] == {
        "TableName": shop, "CapacityUnits": 1.5}

    # A GSI query: the index's share by name, nothing from the table.
    gsi = client.query(
        TableName=shop, IndexName="GSI1",
        KeyConditionExpression="GSI1PK = :s",
        ExpressionAttributeValues={":s": S("STATUS#PENDING")},
        ReturnConsumedCapacity="INDEXES")
    assert gsi["Count"] == 3
    assert gsi["ConsumedCapacity"] == {
        "TableName": shop, "CapacityUnits": 0.5,
        "Table": {"CapacityUnits": 0.0},
        "GlobalSecondaryIndexes": {
            "GSI1": {"CapacityUnits": 0.5}}}
    gsi_total = client.query(
        TableName=shop, IndexName="GSI1",
        KeyConditionExpression="GSI1PK = :s",
        ExpressionAttributeValues={":s": S("STATUS#PENDING")},
        ReturnConsumedCapacity="TOTAL")
    assert gsi_total["ConsumedCapacity"] == {
        "TableName": shop, "CapacityUnits": 0.5}


def test_sets_come_back_sorted(client, tables):
    """Sets written in any order come back in DynamoDB Local's order.

    SS and BS are sorted by bytes and NS numerically, through GetItem,
    UpdateItem's ADD and ReturnValues, and Scan.
    """
    table = tables.create("pk")
    client.put_item(TableName=table, Item={
        "pk": S("a"),
        "tags": {"SS": ["zeta", "Alpha", "beta"]},
        "sizes": {"NS": ["10", "-2", "9.5"]},
        "blobs": {"BS": [b"\xff", b"\x00", b"a"]},
    })
    item = client.get_item(TableName=table, Key={"pk": S("a")})["Item"]
    assert item["tags"]["SS"] == ["Alpha", "beta", "zeta"]
    assert item["sizes"]["NS"] == ["-2", "9.5", "10"]
    assert item["blobs"]["BS"] == [b"\x00", b"a", b"\xff"]
    updated = client.update_item(
        TableName=table, Key={"pk": S("a")},
        UpdateExpression="ADD tags :t, sizes :s",
        ExpressionAttributeValues={":t": {"SS": ["gamma", "Beta"]},
                                   ":s": {"NS": ["1", "100"]}},
        ReturnValues="UPDATED_NEW")["Attributes"]
    assert updated["tags"]["SS"] == ["Alpha", "Beta", "beta", "gamma", "zeta"]
    assert updated["sizes"]["NS"] == ["-2", "1", "9.5", "10", "100"]
    scanned = client.scan(TableName=table)["Items"][0]
    assert scanned["tags"]["SS"] == ["Alpha", "Beta", "beta", "gamma", "zeta"]


def test_tag_list_untag_and_errors(client, tables):
    """TagResource, ListTagsOfResource, UntagResource on a table's ARN.

    Tag changes are visible at once (DynamoDB takes a second or two); the
    listing is in key order; errors carry DynamoDB's kinds and messages.
    """
    table = tables.create("pk")
    arn = client.describe_table(TableName=table)["Table"]["TableArn"]
    assert client.list_tags_of_resource(ResourceArn=arn)["Tags"] == []
    response = client.tag_resource(ResourceArn=arn, Tags=[
        {"Key": "team", "Value": "billing"}, {"Key": "env", "Value": "prod"}])
    assert set(response) == {"ResponseMetadata"}
    assert client.list_tags_of_resource(ResourceArn=arn)["Tags"] == [
        {"Key": "env", "Value": "prod"}, {"Key": "team", "Value": "billing"}]
    client.untag_resource(ResourceArn=arn, TagKeys=["env", "never-set"])
    assert client.list_tags_of_resource(ResourceArn=arn)["Tags"] == [
        {"Key": "team", "Value": "billing"}]

    with pytest.raises(ClientError) as excinfo:
        client.tag_resource(ResourceArn=arn,
                            Tags=[{"Key": "aws:owner", "Value": "x"}])
    assert error_of(excinfo) == (
        "ValidationException",
        "Tag Key cannot be prefixed with aws:, Key: aws:owner")
    with pytest.raises(ClientError) as excinfo:
        client.tag_resource(ResourceArn=arn, Tags=[
            {"Key": f"k{i}", "Value": "v"} for i in range(50)])
    assert error_of(excinfo) == (
        "ValidationException",
        "Number of Tags exceed the current limit for the provided ResourceArn")
    missing = arn + "x"
    with pytest.raises(client.exceptions.ResourceNotFoundException) as excinfo:
        client.list_tags_of_resource(ResourceArn=missing)
    assert error_of(excinfo) == (
        "ResourceNotFoundException",
        f"Requested resource not found: ResourceArn: {missing} not found")
    with pytest.raises(ClientError) as excinfo:
        client.list_tags_of_resource(ResourceArn=table)
    assert error_of(excinfo) == (
        "ValidationException",
        "One or more parameter values were invalid: ARNs must start with "
        f"'arn:': {table}")
    assert client.list_tags_of_resource(ResourceArn=arn)["Tags"] == [
        {"Key": "team", "Value": "billing"}]


def test_create_table_with_tags(client, tables):
    name = f"tagged-{uuid.uuid4().hex[:12]}"
    client.create_table(
        TableName=name, BillingMode="PAY_PER_REQUEST",
        KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}],
        AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"}],
        Tags=[{"Key": "env", "Value": "prod"}])
    tables.adopt(name)
    arn = client.describe_table(TableName=name)["Table"]["TableArn"]
    assert client.list_tags_of_resource(ResourceArn=arn)["Tags"] == [
        {"Key": "env", "Value": "prod"}]


# --- DynamoDB Streams (run.sh serves with --stream-shard-records 5) ----------

@pytest.fixture(scope="session")
def streams(endpoint):
    return _session().client("dynamodbstreams", endpoint_url=endpoint,
                             config=_CONFIG)


def read_stream(streams, arn):
    """Every record of the stream, following shards by ParentShardId from
    the stream's first shard until a closed shard has no child."""
    shards = streams.describe_stream(StreamArn=arn)["StreamDescription"]["Shards"]
    children = {s.get("ParentShardId"): s["ShardId"] for s in shards}
    shard, records, followed = children[None], [], 0
    while shard is not None:
        iterator = streams.get_shard_iterator(
            StreamArn=arn, ShardId=shard,
            ShardIteratorType="TRIM_HORIZON")["ShardIterator"]
        while iterator is not None:
            page = streams.get_records(ShardIterator=iterator, Limit=3)
            records.extend(page["Records"])
            iterator = page.get("NextShardIterator")
            if not page["Records"] and iterator is not None:
                return records, followed  # the open shard's head
        shard = children.get(shard)
        followed += 1
    return records, followed


def test_stream_consumer_reads_every_change_across_shards(client, streams,
                                                          tables):
    name = tables.create("pk")
    client.update_table(TableName=name, StreamSpecification={
        "StreamEnabled": True, "StreamViewType": "NEW_AND_OLD_IMAGES"})
    described = client.describe_table(TableName=name)["Table"]
    assert described["StreamSpecification"] == {
        "StreamEnabled": True, "StreamViewType": "NEW_AND_OLD_IMAGES"}
    arn = described["LatestStreamArn"]
    listed = streams.list_streams(TableName=name)["Streams"]
    assert [s["StreamArn"] for s in listed] == [arn]

    for i in range(6):
        client.put_item(TableName=name, Item={"pk": S(f"k{i}"), "v": N(i)})
    client.put_item(TableName=name, Item={"pk": S("k0"), "v": N(0)})  # same
    client.update_item(TableName=name, Key={"pk": S("k1")},
                       UpdateExpression="SET v = :v",
                       ExpressionAttributeValues={":v": N(10)})
    client.delete_item(TableName=name, Key={"pk": S("k2")})

    records, followed = read_stream(streams, arn)
    assert followed >= 1  # 8 records, shards of 5: one roll-over
    summary = [(r["eventName"], r["dynamodb"]["Keys"]["pk"]["S"],
                r["dynamodb"].get("OldImage", {}).get("v", {}).get("N"),
                r["dynamodb"].get("NewImage", {}).get("v", {}).get("N"))
               for r in records]
    assert summary == [("INSERT", f"k{i}", None, str(i)) for i in range(6)] + [
        ("MODIFY", "k1", "1", "10"), ("REMOVE", "k2", "2", None)]
    numbers = [int(r["dynamodb"]["SequenceNumber"]) for r in records]
    assert numbers == sorted(numbers) and len(set(numbers)) == len(numbers)
    for r in records:
        assert r["eventSource"] == "aws:dynamodb"
        assert r["dynamodb"]["StreamViewType"] == "NEW_AND_OLD_IMAGES"
        assert r["dynamodb"]["SizeBytes"] > 0
    shards = streams.describe_stream(StreamArn=arn)["StreamDescription"]["Shards"]
    assert "EndingSequenceNumber" in shards[0]["SequenceNumberRange"]
    assert shards[1]["ParentShardId"] == shards[0]["ShardId"]

    client.update_table(TableName=name,
                        StreamSpecification={"StreamEnabled": False})
    status = streams.describe_stream(StreamArn=arn)["StreamDescription"]
    assert status["StreamStatus"] == "DISABLED"
    with pytest.raises(ClientError) as excinfo:
        client.update_table(TableName=name,
                            StreamSpecification={"StreamEnabled": False})
    assert error_of(excinfo)[0] == "ValidationException"


def test_stream_errors_through_the_client(streams):
    with pytest.raises(ClientError) as excinfo:
        streams.get_records(ShardIterator="not-an-iterator")
    assert error_of(excinfo) == ("ValidationException", "Invalid ShardIterator")
    with pytest.raises(ClientError) as excinfo:
        streams.describe_stream(
            StreamArn="arn:aws:dynamodb:ddblocal:000000000000:table/none/"
                      "stream/2026-01-01T00:00:00.000")
    assert error_of(excinfo)[0] == "ResourceNotFoundException"


def control(endpoint, operation, body):
    """Sends one of Dynamite's control operations (wire/dynamite_control_json.h),
    signed as boto3 signs a DynamoDB request, and returns the parsed
    answer."""
    data = json.dumps(body).encode()
    request = AWSRequest(method="POST", url=endpoint, data=data, headers={
        "Content-Type": "application/x-amz-json-1.0",
        "X-Amz-Target": f"DynamiteControl_20261204.{operation}"})
    SigV4Auth(_session().get_credentials(), "dynamodb", REGION).add_auth(
        request)
    prepared = urllib.request.Request(endpoint, data=data, method="POST",
                                      headers=dict(request.headers.items()))
    with urllib.request.urlopen(prepared, timeout=10) as answer:
        return json.loads(answer.read())


def test_ttl_item_expires_when_the_clock_moves(client, streams, endpoint,
                                               tables):
    name = tables.create("pk")
    client.update_table(TableName=name, StreamSpecification={
        "StreamEnabled": True, "StreamViewType": "NEW_AND_OLD_IMAGES"})
    arn = client.describe_table(TableName=name)["Table"]["LatestStreamArn"]
    assert client.describe_time_to_live(TableName=name)[
        "TimeToLiveDescription"] == {"TimeToLiveStatus": "DISABLED"}
    answer = client.update_time_to_live(TableName=name, TimeToLiveSpecification={
        "Enabled": True, "AttributeName": "expiresAt"})
    assert answer["TimeToLiveSpecification"] == {
        "Enabled": True, "AttributeName": "expiresAt"}
    assert client.describe_time_to_live(TableName=name)[
        "TimeToLiveDescription"] == {"TimeToLiveStatus": "ENABLED",
                                     "AttributeName": "expiresAt"}

    now = int(control(endpoint, "AdvanceClock", {"Seconds": 0})["Now"])
    client.put_item(TableName=name, Item={
        "pk": S("soon"), "expiresAt": N(now + 3600)})
    client.put_item(TableName=name, Item={
        "pk": S("later"), "expiresAt": N(now + 86400)})
    # The server sweeps every second: an hour on, only "soon" goes.
    control(endpoint, "AdvanceClock", {"Seconds": 3601})
    for _ in range(100):  # at most 10 s
        if "Item" not in client.get_item(TableName=name,
                                         Key={"pk": S("soon")}):
            break
        time.sleep(0.1)
    assert "Item" not in client.get_item(TableName=name, Key={"pk": S("soon")})
    assert "Item" in client.get_item(TableName=name, Key={"pk": S("later")})

    records, _ = read_stream(streams, arn)
    assert [(r["eventName"], r["dynamodb"]["Keys"]["pk"]["S"])
            for r in records] == [("INSERT", "soon"), ("INSERT", "later"),
                                  ("REMOVE", "soon")]
    removed = records[-1]
    assert removed["userIdentity"] == {"Type": "Service",
                                       "PrincipalId": "dynamodb.amazonaws.com"}
    assert removed["dynamodb"]["OldImage"]["expiresAt"] == N(now + 3600)
    assert all("userIdentity" not in r for r in records[:-1])

    with pytest.raises(ClientError) as excinfo:
        client.update_time_to_live(TableName=name, TimeToLiveSpecification={
            "Enabled": True, "AttributeName": "expiresAt"})
    assert error_of(excinfo) == ("ValidationException",
                                 "TimeToLive is already enabled")
    with pytest.raises(ClientError) as excinfo:
        client.describe_time_to_live(TableName=name + "-missing")
    assert error_of(excinfo)[0] == "ResourceNotFoundException"


def test_control_plane_calls_tools_make(client, tables):
    limits = client.describe_limits()
    assert limits["TableMaxReadCapacityUnits"] == 40000
    assert limits["AccountMaxWriteCapacityUnits"] == 80000
    endpoints = client.describe_endpoints()["Endpoints"]
    assert endpoints[0]["CachePeriodInMinutes"] == 1440

    name = tables.create("pk")
    backups = client.describe_continuous_backups(TableName=name)[
        "ContinuousBackupsDescription"]
    assert backups["PointInTimeRecoveryDescription"] == {
        "PointInTimeRecoveryStatus": "DISABLED"}
    updated = client.update_continuous_backups(
        TableName=name, PointInTimeRecoverySpecification={
            "PointInTimeRecoveryEnabled": True})["ContinuousBackupsDescription"]
    pitr = updated["PointInTimeRecoveryDescription"]
    assert pitr["PointInTimeRecoveryStatus"] == "ENABLED"
    # RecoveryPeriodInDays is newer than Debian's botocore model, which
    # drops it (tests/golden/control_plane.ddb checks it on the wire).
    assert "EarliestRestorableDateTime" in pitr  # a datetime to botocore
    with pytest.raises(ClientError) as excinfo:
        client.describe_continuous_backups(TableName=name + "-missing")
    assert error_of(excinfo)[0] == "TableNotFoundException"
    assert client.describe_contributor_insights(TableName=name)[
        "ContributorInsightsStatus"] == "DISABLED"

    # DeletionProtectionEnabled is newer than Debian's botocore model: the
    # JS SDK's test covers it (tests/clients/js/dynamite.test.mjs).
    client.update_table(TableName=name, TableClass="STANDARD_INFREQUENT_ACCESS")
    assert client.describe_table(TableName=name)["Table"]["TableClassSummary"][
        "TableClass"] == "STANDARD_INFREQUENT_ACCESS"

    with pytest.raises(ClientError) as excinfo:
        client.list_exports()
    assert error_of(excinfo) == (
        "ValidationException",
        "Dynamite does not support the operation ListExports yet")


def test_backup_and_restore_a_table(client, tables):
    """A backup keeps the table as it was; a restore brings that back under
    another name, and the backup can then be deleted."""
    name = tables.create("pk", "sk")
    client.put_item(TableName=name, Item={"pk": S("p"), "sk": S("1")})
    details = client.create_backup(TableName=name, BackupName="before")[
        "BackupDetails"]
    assert details["BackupStatus"] == "CREATING"
    arn = details["BackupArn"]
    assert f":table/{name}/backup/" in arn
    client.put_item(TableName=name, Item={"pk": S("p"), "sk": S("2")})

    described = client.describe_backup(BackupArn=arn)["BackupDescription"]
    assert described["SourceTableDetails"]["TableName"] == name
    assert described["SourceTableDetails"]["ItemCount"] == 1
    listed = client.list_backups(TableName=name)["BackupSummaries"]
    assert [b["BackupArn"] for b in listed] == [arn]

    restored_name = name + "-restored"
    restored = client.restore_table_from_backup(
        TargetTableName=restored_name, BackupArn=arn)["TableDescription"]
    tables.adopt(restored_name)
    assert restored["RestoreSummary"]["SourceBackupArn"] == arn
    assert restored["RestoreSummary"]["RestoreInProgress"] is False
    items = client.query(
        TableName=restored_name, KeyConditionExpression="pk = :p",
        ExpressionAttributeValues={":p": S("p")})["Items"]
    assert items == [{"pk": S("p"), "sk": S("1")}]

    with pytest.raises(ClientError) as excinfo:
        client.restore_table_from_backup(TargetTableName=name, BackupArn=arn)
    assert error_of(excinfo) == ("TableAlreadyExistsException",
                                 f"Table already exists: {name}")
    deleted = client.delete_backup(BackupArn=arn)["BackupDescription"]
    assert deleted["BackupDetails"]["BackupStatus"] == "DELETED"
    with pytest.raises(ClientError) as excinfo:
        client.describe_backup(BackupArn=arn)
    assert error_of(excinfo) == ("BackupNotFoundException",
                                 f"Backup not found: {arn}")


@pytest.fixture(scope="module")
def delayed_client():
    """A client of a second server, started with --delay-transient-statuses
    so that tables pass through CREATING, UPDATING and DELETING."""
    binary = os.environ.get("DYNAMITE_BINARY")
    if not binary:
        pytest.fail("DYNAMITE_BINARY is not set: run tests/clients/run.sh")
    server = subprocess.Popen(
        [binary, "serve", "--port", "0", "--host", "127.0.0.1",
         "--console", "off", "--delay-transient-statuses=1s"],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        line = server.stdout.readline()  # the ready line, or "" if it died
        found = re.match(r"dynamite serve: listening on (http://\S+)", line)
        assert found, f"the delayed server did not start: {line!r}"
        yield _session().client("dynamodb", endpoint_url=found.group(1),
                                config=_CONFIG)
    finally:
        server.terminate()
        assert server.wait(timeout=10) == 0


def test_waiters_wait_for_delayed_statuses(delayed_client):
    client = delayed_client
    name = f"waiters-{uuid.uuid4().hex[:12]}"
    fast = {"Delay": 0.2, "MaxAttempts": 50}  # at most 10 s
    created = client.create_table(
        TableName=name, BillingMode="PAY_PER_REQUEST",
        AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"}],
        KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}])
    assert created["TableDescription"]["TableStatus"] == "CREATING"
    with pytest.raises(ClientError) as refused:
        client.put_item(TableName=name, Item={"pk": S("a")})
    assert refused.value.response["Error"]["Code"] == \
        "ResourceNotFoundException"

    started = time.monotonic()
    client.get_waiter("table_exists").wait(TableName=name, WaiterConfig=fast)
    assert time.monotonic() - started > 0.5  # it really waited
    assert client.describe_table(TableName=name)["Table"]["TableStatus"] == \
        "ACTIVE"
    client.put_item(TableName=name, Item={"pk": S("a"), "owner": S("ann")})

    updated = client.update_table(
        TableName=name,
        AttributeDefinitions=[{"AttributeName": "owner", "AttributeType": "S"}],
        GlobalSecondaryIndexUpdates=[{"Create": {
            "IndexName": "byOwner",
            "KeySchema": [{"AttributeName": "owner", "KeyType": "HASH"}],
            "Projection": {"ProjectionType": "ALL"}}}])
    assert updated["TableDescription"]["TableStatus"] == "UPDATING"
    index = updated["TableDescription"]["GlobalSecondaryIndexes"][0]
    assert (index["IndexStatus"], index["Backfilling"]) == ("CREATING", True)
    query = {"TableName": name, "IndexName": "byOwner",
             "KeyConditionExpression": "#o = :o",
             "ExpressionAttributeNames": {"#o": "owner"},
             "ExpressionAttributeValues": {":o": S("ann")}}
    with pytest.raises(ClientError) as backfilling:
        client.query(**query)
    assert backfilling.value.response["Error"]["Message"] == \
        "Cannot read from backfilling global secondary index: byOwner"
    client.get_waiter("table_exists").wait(TableName=name, WaiterConfig=fast)
    for _ in range(50):  # the index is ACTIVE with the table
        table = client.describe_table(TableName=name)["Table"]
        if table["GlobalSecondaryIndexes"][0]["IndexStatus"] == "ACTIVE":
            break
        time.sleep(0.2)
    assert table["GlobalSecondaryIndexes"][0]["IndexStatus"] == "ACTIVE"
    assert client.query(**query)["Count"] == 1

    deleted = client.delete_table(TableName=name)
    assert deleted["TableDescription"]["TableStatus"] == "DELETING"
    assert client.describe_table(TableName=name)["Table"]["TableStatus"] == \
        "DELETING"
    assert name in client.list_tables()["TableNames"]
    started = time.monotonic()
    client.get_waiter("table_not_exists").wait(TableName=name,
                                               WaiterConfig=fast)
    assert time.monotonic() - started > 0.5
    with pytest.raises(ClientError) as gone:
        client.describe_table(TableName=name)
    assert gone.value.response["Error"]["Code"] == "ResourceNotFoundException"
