"""Dynamite embedded in Python through its C entry point (dynamite/c.h),
with nothing but ctypes: no server, no port. The library's path is
DYNAMITE_C_LIBRARY (ctest sets it to build/capi/libdynamite.so)."""

import ctypes
import json
import os

import pytest


class Dynamite:
    """A thin wrapper a Python user would write around the C ABI."""

    def __init__(self, library, options=None):
        self._lib = library
        error = ctypes.c_void_p()
        encoded = json.dumps(options).encode() if options else None
        self._db = library.dynamite_open(encoded, ctypes.byref(error))
        if not self._db:
            message = ctypes.cast(error, ctypes.c_char_p).value.decode()
            library.dynamite_free(error)
            raise RuntimeError(message)

    def call(self, operation, request):
        response = ctypes.c_void_p()
        status = self._lib.dynamite_call(
            self._db, operation.encode(), json.dumps(request).encode(),
            ctypes.byref(response))
        body = ctypes.cast(response, ctypes.c_char_p).value.decode()
        self._lib.dynamite_free(response)
        return status, json.loads(body)

    def close(self):
        self._lib.dynamite_close(self._db)


@pytest.fixture(scope="module")
def library():
    lib = ctypes.CDLL(os.environ["DYNAMITE_C_LIBRARY"])
    lib.dynamite_open.restype = ctypes.c_void_p
    lib.dynamite_open.argtypes = [ctypes.c_char_p,
                                  ctypes.POINTER(ctypes.c_void_p)]
    lib.dynamite_call.restype = ctypes.c_int
    lib.dynamite_call.argtypes = [ctypes.c_void_p, ctypes.c_char_p,
                                  ctypes.c_char_p,
                                  ctypes.POINTER(ctypes.c_void_p)]
    lib.dynamite_free.argtypes = [ctypes.c_void_p]
    lib.dynamite_close.argtypes = [ctypes.c_void_p]
    return lib


@pytest.fixture
def db(library):
    database = Dynamite(library, {"region": "eu-west-1"})
    yield database
    database.close()


def test_creates_writes_and_queries_in_process(db):
    status, created = db.call("CreateTable", {
        "TableName": "audit", "BillingMode": "PAY_PER_REQUEST",
        "AttributeDefinitions": [
            {"AttributeName": "actor", "AttributeType": "S"},
            {"AttributeName": "at", "AttributeType": "S"}],
        "KeySchema": [{"AttributeName": "actor", "KeyType": "HASH"},
                      {"AttributeName": "at", "KeyType": "RANGE"}]})
    assert status == 200
    assert created["TableDescription"]["TableArn"] == (
        "arn:aws:dynamodb:eu-west-1:000000000000:table/audit")
    for at in ["2026-12-07T10:00:00Z", "2026-12-06T09:00:00Z",
               "2026-12-07T11:30:00Z"]:
        status, _ = db.call("PutItem", {"TableName": "audit", "Item": {
            "actor": {"S": "ann"}, "at": {"S": at}}})
        assert status == 200
    status, queried = db.call("Query", {
        "TableName": "audit",
        "KeyConditionExpression": "actor = :a AND begins_with(#t, :day)",
        "ExpressionAttributeNames": {"#t": "at"},
        "ExpressionAttributeValues": {":a": {"S": "ann"},
                                      ":day": {"S": "2026-12-07"}},
        "ScanIndexForward": False})
    assert status == 200
    assert [item["at"]["S"] for item in queried["Items"]] == [
        "2026-12-07T11:30:00Z", "2026-12-07T10:00:00Z"]


def test_errors_are_dynamodb_error_bodies(db):
    status, error = db.call("GetItem", {"TableName": "missing",
                                        "Key": {"k": {"S": "x"}}})
    assert status == 400
    assert error["__type"].endswith("#ResourceNotFoundException")
    status, error = db.call("NoSuchOperation", {})
    assert status == 400
    assert error["__type"].endswith("#UnknownOperationException")


def test_a_closed_handle_is_an_error_not_a_crash(library):
    database = Dynamite(library)
    database.close()
    status, error = database.call("ListTables", {})
    assert status == 400
    assert "closed or was never opened" in error["message"]


def test_bad_options_raise_with_the_message(library):
    with pytest.raises(RuntimeError, match="unknown option colour"):
        Dynamite(library, {"colour": "red"})


def test_a_durable_database_keeps_its_tables(library, tmp_path):
    options = {"db_path": str(tmp_path / "db"), "sync": "always"}
    first = Dynamite(library, options)
    status, _ = first.call("CreateTable", {
        "TableName": "kept", "BillingMode": "PAY_PER_REQUEST",
        "AttributeDefinitions": [{"AttributeName": "k",
                                  "AttributeType": "S"}],
        "KeySchema": [{"AttributeName": "k", "KeyType": "HASH"}]})
    assert status == 200
    first.close()
    second = Dynamite(library, options)
    status, tables = second.call("ListTables", {})
    assert tables["TableNames"] == ["kept"]
    second.close()
