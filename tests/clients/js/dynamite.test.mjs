// The AWS SDK for JavaScript v3 (DynamoDBClient and the DocumentClient of
// @aws-sdk/lib-dynamodb) against a running `dynamite serve`.
// tests/clients/run.sh starts the server and runs `node --test` here with
// DYNAMITE_ENDPOINT set; tests/clients/install-js.sh installs the SDK.
import assert from 'node:assert/strict';
import {randomUUID} from 'node:crypto';
import {after, before, test} from 'node:test';

import {
  ConditionalCheckFailedException,
  CreateTableCommand,
  DeleteTableCommand,
  DescribeContinuousBackupsCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ListTablesCommand,
  QueryCommand as RawQueryCommand,
  ResourceNotFoundException,
  TransactionCanceledException,
  UpdateContinuousBackupsCommand,
  UpdateTableCommand,
  waitUntilTableExists,
  waitUntilTableNotExists,
} from '@aws-sdk/client-dynamodb';
import {
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  ScanCommand,
  TransactGetCommand,
  TransactWriteCommand,
  UpdateCommand,
  paginateQuery,
  paginateScan,
} from '@aws-sdk/lib-dynamodb';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
  ListStreamsCommand,
} from '@aws-sdk/client-dynamodb-streams';

const endpoint = process.env.DYNAMITE_ENDPOINT;
if (!endpoint) {
  throw new Error('DYNAMITE_ENDPOINT is not set: run tests/clients/run.sh');
}

const client = new DynamoDBClient({
  endpoint,
  region: 'us-east-1',
  credentials: {accessKeyId: 'fake', secretAccessKey: 'fake'},
  maxAttempts: 1,
});
const doc = DynamoDBDocumentClient.from(client);
// The Streams API is served on the same endpoint.
const streams = new DynamoDBStreamsClient({
  endpoint,
  region: 'us-east-1',
  credentials: {accessKeyId: 'fake', secretAccessKey: 'fake'},
  maxAttempts: 1,
});
const created = [];

async function createTable(prefix, hashKey, rangeKey, rangeType = 'S') {
  const TableName = `${prefix}-${randomUUID().slice(0, 12)}`;
  const KeySchema = [{AttributeName: hashKey, KeyType: 'HASH'}];
  const AttributeDefinitions = [{AttributeName: hashKey, AttributeType: 'S'}];
  if (rangeKey) {
    KeySchema.push({AttributeName: rangeKey, KeyType: 'RANGE'});
    AttributeDefinitions.push({AttributeName: rangeKey, AttributeType: rangeType});
  }
  const out = await client.send(new CreateTableCommand({
    TableName, KeySchema, AttributeDefinitions, BillingMode: 'PAY_PER_REQUEST',
  }));
  assert.equal(out.TableDescription.TableName, TableName);
  created.push(TableName);
  await waitUntilTableExists({client, minDelay: 1, maxWaitTime: 10}, {TableName});
  return TableName;
}

after(async () => {
  for (const TableName of created) {
    try {
      await client.send(new DeleteTableCommand({TableName}));
    } catch {
      // Already deleted by its test.
    }
  }
  client.destroy();
  streams.destroy();
});

// --- the leaderboard story ---------------------------------------------------

const SEASON = 'SEASON#2026-SPRING';
const SEASON_SCORES = [
  ['p_cleo', 240, 1781600400000],
  ['p_eve', 240, 1781596800000],
  ['p_bea', 1500, 1781604000000],
  ['p_ana', 10, 1781607600000],
  ['p_dan', 9, 1781611200000],
];

// Inverted score padded to 10 digits, padded epoch millis, player id.
function rankKey(score, ts, player) {
  return `${String(9999999999 - score).padStart(10, '0')}#` +
      `${String(ts).padStart(16, '0')}#${player}`;
}

let leaderboard;
before(async () => {
  leaderboard = await createTable('js-leaderboard', 'leaderboardId', 'rankKey');
  for (const [playerId, score, ts] of SEASON_SCORES) {
    await doc.send(new PutCommand({
      TableName: leaderboard,
      Item: {leaderboardId: SEASON, rankKey: rankKey(score, ts, playerId),
        playerId, score, ts},
    }));
  }
});

test('leaderboard: top 3 with Limit, then the next page', async () => {
  const top3 = await doc.send(new QueryCommand({
    TableName: leaderboard,
    KeyConditionExpression: 'leaderboardId = :s',
    ExpressionAttributeValues: {':s': SEASON},
    Limit: 3,
  }));
  assert.deepEqual(top3.Items.map((i) => i.playerId), ['p_bea', 'p_eve', 'p_cleo']);
  assert.equal(top3.Items[0].score, 1500);
  assert.deepEqual(top3.LastEvaluatedKey, {
    leaderboardId: SEASON, rankKey: rankKey(240, 1781600400000, 'p_cleo')});
  const rest = await doc.send(new QueryCommand({
    TableName: leaderboard,
    KeyConditionExpression: 'leaderboardId = :s',
    ExpressionAttributeValues: {':s': SEASON},
    Limit: 3,
    ExclusiveStartKey: top3.LastEvaluatedKey,
  }));
  assert.deepEqual(rest.Items.map((i) => i.playerId), ['p_ana', 'p_dan']);
  assert.equal(rest.LastEvaluatedKey, undefined);
});

test("leaderboard: a player's page and one entry", async () => {
  const cleo = rankKey(240, 1781600400000, 'p_cleo');
  const around = await doc.send(new QueryCommand({
    TableName: leaderboard,
    KeyConditionExpression: 'leaderboardId = :s AND rankKey >= :k',
    ExpressionAttributeValues: {':s': SEASON, ':k': cleo},
    Limit: 10,
  }));
  assert.deepEqual(around.Items.map((i) => i.playerId), ['p_cleo', 'p_ana', 'p_dan']);
  const got = await doc.send(new GetCommand({
    TableName: leaderboard,
    Key: {leaderboardId: SEASON, rankKey: cleo},
    ProjectionExpression: 'playerId, score',
  }));
  assert.deepEqual(got.Item, {playerId: 'p_cleo', score: 240});
});

test('leaderboard: paginateQuery with a page size of 2', async () => {
  const pages = [];
  for await (const page of paginateQuery({client: doc, pageSize: 2}, {
    TableName: leaderboard,
    KeyConditionExpression: 'leaderboardId = :s',
    ExpressionAttributeValues: {':s': SEASON},
  })) {
    pages.push(page);
  }
  assert.deepEqual(pages.map((p) => p.Count), [2, 2, 1]);
  assert.deepEqual(pages.flatMap((p) => p.Items.map((i) => i.playerId)),
      ['p_bea', 'p_eve', 'p_cleo', 'p_ana', 'p_dan']);
});

// --- the audit-log story -----------------------------------------------------

const AUDIT_EVENTS = [
  ['EVT#2026-06-22T23:59:59.999Z#0001', 'login'],
  ['EVT#2026-06-23T00:00:00.123Z#0001', 'read'],
  ['EVT#2026-06-23T10:15:30.123Z#0001', 'update'],
  ['EVT#2026-06-23T10:15:30.123Z#0002', 'share'],
  ['EVT#2026-06-23T23:59:59.999Z#0001', 'logout'],
  ['EVT#2026-06-24T08:00:00.000Z#0001', 'login'],
];

let auditLog;
before(async () => {
  auditLog = await createTable('js-audit-log', 'PK', 'SK');
  for (const [SK, action] of AUDIT_EVENTS) {
    await doc.send(new PutCommand({
      TableName: auditLog,
      Item: {PK: 'ACTOR#u_42', SK, action, details: {ip: '192.0.2.10', tries: 1}},
    }));
  }
  for (let day = 1; day <= 24; day++) {
    const dd = String(day).padStart(2, '0');
    await doc.send(new PutCommand({
      TableName: auditLog,
      Item: {PK: 'ACTOR#u_7', SK: `EVT#2026-05-${dd}T12:00:00.000Z#0001`, action: 'read'},
    }));
  }
});

test('audit log: newest 20 with ScanIndexForward false', async () => {
  const recent = await doc.send(new QueryCommand({
    TableName: auditLog,
    KeyConditionExpression: 'PK = :a',
    ExpressionAttributeValues: {':a': 'ACTOR#u_7'},
    ScanIndexForward: false,
    Limit: 20,
  }));
  assert.equal(recent.Count, 20);
  assert.equal(recent.Items[0].SK, 'EVT#2026-05-24T12:00:00.000Z#0001');
  assert.equal(recent.Items[19].SK, 'EVT#2026-05-05T12:00:00.000Z#0001');
  assert.deepEqual(recent.LastEvaluatedKey,
      {PK: 'ACTOR#u_7', SK: 'EVT#2026-05-05T12:00:00.000Z#0001'});
});

test('audit log: a one-day window with BETWEEN', async () => {
  const day = await doc.send(new QueryCommand({
    TableName: auditLog,
    KeyConditionExpression: 'PK = :a AND SK BETWEEN :from AND :to',
    ExpressionAttributeValues: {
      ':a': 'ACTOR#u_42',
      ':from': 'EVT#2026-06-23T00:00:00.000Z',
      ':to': 'EVT#2026-06-23T23:59:59.999Z#9999',
    },
  }));
  assert.deepEqual(day.Items.map((i) => i.action), ['read', 'update', 'share', 'logout']);
  assert.deepEqual(day.Items[0].details, {ip: '192.0.2.10', tries: 1});
  const naive = await doc.send(new QueryCommand({
    TableName: auditLog,
    KeyConditionExpression: 'PK = :a AND SK BETWEEN :from AND :to',
    ExpressionAttributeValues: {
      ':a': 'ACTOR#u_42',
      ':from': 'EVT#2026-06-23T00:00:00Z',
      ':to': 'EVT#2026-06-23T23:59:59.999Z',
    },
    Select: 'COUNT',
  }));
  assert.equal(naive.Count, 2);
  assert.equal(naive.Items, undefined);
});

test('audit log: paginateScan with a page size of 4 sees every item', async () => {
  const pages = [];
  for await (const page of paginateScan({client: doc, pageSize: 4}, {
    TableName: auditLog,
    FilterExpression: '#action = :read',
    ExpressionAttributeNames: {'#action': 'action'},
    ExpressionAttributeValues: {':read': 'read'},
  })) {
    pages.push(page);
  }
  assert.ok(pages.length >= 7, `only ${pages.length} pages`);
  assert.equal(pages.reduce((n, p) => n + p.ScannedCount, 0), 30);
  const items = pages.flatMap((p) => p.Items);
  assert.equal(items.length, 25);  // 24 of u_7, one of u_42
  assert.equal(new Set(items.map((i) => `${i.PK}|${i.SK}`)).size, 25);
});

// --- conditional writes and UpdateItem ------------------------------------------

test('conditional put: ConditionalCheckFailedException with the old item', async () => {
  const TableName = await createTable('js-conditions', 'pk');
  await doc.send(new PutCommand({
    TableName, Item: {pk: 'user#1', v: 1, tags: new Set(['a', 'b'])},
    ConditionExpression: 'attribute_not_exists(pk)',
  }));
  await assert.rejects(
      doc.send(new PutCommand({
        TableName, Item: {pk: 'user#1', v: 2},
        ConditionExpression: 'attribute_not_exists(pk)',
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      })),
      (error) => {
        assert.ok(error instanceof ConditionalCheckFailedException,
            `got ${error.name}: ${error.message}`);
        assert.equal(error.name, 'ConditionalCheckFailedException');
        assert.equal(error.message, 'The conditional request failed');
        assert.equal(error.$metadata.httpStatusCode, 400);
        // The SDK leaves the item in DynamoDB's JSON form.
        assert.deepEqual(error.Item.v, {N: '1'});
        assert.deepEqual(error.Item.pk, {S: 'user#1'});
        assert.deepEqual([...error.Item.tags.SS].sort(), ['a', 'b']);
        return true;
      });
  const got = await doc.send(new GetCommand({TableName, Key: {pk: 'user#1'}}));
  assert.equal(got.Item.v, 1);
  assert.deepEqual(got.Item.tags, new Set(['a', 'b']));
  await assert.rejects(
      doc.send(new DeleteCommand({
        TableName, Key: {pk: 'user#1'}, ConditionExpression: 'v = :two',
        ExpressionAttributeValues: {':two': 2},
      })),
      ConditionalCheckFailedException);
});

test('UpdateCommand: SET and ADD with ReturnValues UPDATED_NEW', async () => {
  const Key = {leaderboardId: 'PROFILES', rankKey: 'player#p_ana'};
  const first = await doc.send(new UpdateCommand({
    TableName: leaderboard, Key,
    UpdateExpression: 'SET #n = :name ADD score :d, badges :b',
    ExpressionAttributeNames: {'#n': 'name'},
    ExpressionAttributeValues: {':name': 'Ana', ':d': 15, ':b': new Set(['first'])},
    ReturnValues: 'UPDATED_NEW',
  }));
  assert.deepEqual(first.Attributes, {name: 'Ana', score: 15, badges: new Set(['first'])});
  const second = await doc.send(new UpdateCommand({
    TableName: leaderboard, Key,
    UpdateExpression: 'ADD score :d SET history = list_append(if_not_exists(history, :empty), :h)',
    ExpressionAttributeValues: {':d': 27, ':empty': [], ':h': [{at: 2, score: 42}]},
    ReturnValues: 'UPDATED_NEW',
  }));
  assert.deepEqual(second.Attributes, {score: 42, history: [{at: 2, score: 42}]});
  const all = await doc.send(new UpdateCommand({
    TableName: leaderboard, Key,
    UpdateExpression: 'REMOVE badges',
    ReturnValues: 'ALL_NEW',
  }));
  assert.deepEqual(all.Attributes, {...Key, name: 'Ana', score: 42,
    history: [{at: 2, score: 42}]});
});

// --- transactions --------------------------------------------------------------

test('TransactWriteCommand: a failed condition cancels every action', async () => {
  const TableName = await createTable('js-transact-cancel', 'pk');
  await doc.send(new PutCommand({TableName, Item: {pk: 'order#1', status: 'shipped', n: 1}}));
  await assert.rejects(
      doc.send(new TransactWriteCommand({TransactItems: [
        {Put: {TableName, Item: {pk: 'order#1', status: 'new'},
          ConditionExpression: 'attribute_not_exists(pk)',
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD'}},
        {Put: {TableName, Item: {pk: 'order#2', status: 'new'}}},
      ]})),
      (error) => {
        assert.ok(error instanceof TransactionCanceledException,
            `got ${error.name}: ${error.message}`);
        assert.equal(error.name, 'TransactionCanceledException');
        assert.equal(error.message, 'Transaction cancelled, please refer cancellation ' +
            'reasons for specific reasons [ConditionalCheckFailed, None]');
        assert.equal(error.$metadata.httpStatusCode, 400);
        // One reason per action, in order; the old item stays in DynamoDB's
        // JSON form (the DocumentClient does not unmarshall errors).
        assert.deepEqual(error.CancellationReasons, [
          {Code: 'ConditionalCheckFailed', Message: 'The conditional request failed',
            Item: {pk: {S: 'order#1'}, status: {S: 'shipped'}, n: {N: '1'}}},
          {Code: 'None'},
        ]);
        return true;
      });
  // All or nothing: the valid second Put was not written either.
  const second = await doc.send(new GetCommand({
    TableName, Key: {pk: 'order#2'}, ConsistentRead: true}));
  assert.equal(second.Item, undefined);
  const first = await doc.send(new GetCommand({
    TableName, Key: {pk: 'order#1'}, ConsistentRead: true}));
  assert.deepEqual(first.Item, {pk: 'order#1', status: 'shipped', n: 1});
});

test('TransactWriteCommand then TransactGetCommand', async () => {
  const accounts = await createTable('js-transact-accounts', 'pk');
  const transfers = await createTable('js-transact-transfers', 'pk');
  await doc.send(new PutCommand({TableName: accounts, Item: {pk: 'acct#1', balance: 100}}));
  await doc.send(new PutCommand({TableName: accounts, Item: {pk: 'acct#2', balance: 5}}));
  await doc.send(new PutCommand({TableName: transfers, Item: {pk: 'stale'}}));
  await doc.send(new TransactWriteCommand({TransactItems: [
    {Update: {TableName: accounts, Key: {pk: 'acct#1'},
      UpdateExpression: 'SET balance = balance - :x',
      ConditionExpression: 'balance >= :x', ExpressionAttributeValues: {':x': 30}}},
    {Update: {TableName: accounts, Key: {pk: 'acct#2'},
      UpdateExpression: 'SET balance = balance + :x', ExpressionAttributeValues: {':x': 30}}},
    {Put: {TableName: transfers, Item: {pk: 'transfer#1', amount: 30, tags: new Set(['eur'])},
      ConditionExpression: 'attribute_not_exists(pk)'}},
    {Delete: {TableName: transfers, Key: {pk: 'stale'}}},
  ]}));
  const got = await doc.send(new TransactGetCommand({TransactItems: [
    {Get: {TableName: accounts, Key: {pk: 'acct#1'}}},
    {Get: {TableName: accounts, Key: {pk: 'acct#2'}, ProjectionExpression: 'balance'}},
    {Get: {TableName: transfers, Key: {pk: 'transfer#1'}}},
    {Get: {TableName: transfers, Key: {pk: 'stale'}}},
  ]}));
  // One response per Get, in order; a missing item is an empty one.
  assert.deepEqual(got.Responses, [
    {Item: {pk: 'acct#1', balance: 70}},
    {Item: {balance: 35}},
    {Item: {pk: 'transfer#1', amount: 30, tags: new Set(['eur'])}},
    {},
  ]);
});

// --- errors and the table lifecycle ---------------------------------------------

test('errors: ResourceNotFoundException and ValidationException', async () => {
  const missing = `missing-${randomUUID().slice(0, 12)}`;
  await assert.rejects(
      client.send(new DescribeTableCommand({TableName: missing})),
      (error) => {
        assert.ok(error instanceof ResourceNotFoundException, error.name);
        assert.equal(error.message, `Requested resource not found: Table: ${missing} not found`);
        return true;
      });
  await assert.rejects(
      doc.send(new GetCommand({TableName: missing, Key: {pk: 'a'}})),
      {name: 'ResourceNotFoundException', message: 'Requested resource not found'});
  await assert.rejects(
      doc.send(new GetCommand({TableName: leaderboard, Key: {leaderboardId: SEASON}})),
      {name: 'ValidationException',
        message: 'The provided key element does not match the schema'});
  await assert.rejects(
      doc.send(new QueryCommand({
        TableName: auditLog,
        KeyConditionExpression: 'PK = :a AND #action = :x',
        ExpressionAttributeNames: {'#action': 'action'},
        ExpressionAttributeValues: {':a': 'ACTOR#u_42', ':x': 'login'},
      })),
      {name: 'ValidationException',
        message: 'Query condition missed key schema element: SK'});
});

test('tables: create, describe, list, delete', async () => {
  const TableName = await createTable('js-lifecycle', 'pk', 'n', 'N');
  const described = await client.send(new DescribeTableCommand({TableName}));
  assert.equal(described.Table.TableStatus, 'ACTIVE');
  assert.deepEqual(described.Table.AttributeDefinitions.map((d) => d.AttributeType).sort(),
      ['N', 'S']);
  const listed = await client.send(new ListTablesCommand({}));
  assert.ok(listed.TableNames.includes(TableName));
  for (const n of [3, 1, 2]) {
    await doc.send(new PutCommand({TableName, Item: {pk: 'a', n}}));
  }
  const scanned = await doc.send(new ScanCommand({TableName}));
  assert.deepEqual(scanned.Items.map((i) => i.n), [1, 2, 3]);
  const deleted = await client.send(new DeleteTableCommand({TableName}));
  assert.equal(deleted.TableDescription.TableName, TableName);
  await waitUntilTableNotExists({client, minDelay: 1, maxWaitTime: 10}, {TableName});
});

// --- secondary indexes: a single-table design with two GSIs ---------------------
//
// An online shop: customers (PK CUSTOMER#id, SK PROFILE) and their orders
// (PK CUSTOMER#id, SK ORDER#id) in one table, with
//   GSI1 (ALL):          GSI1PK = STATUS#<status>, GSI1SK = placed-at time
//   ByEmail (KEYS_ONLY): email, on the profiles only (a sparse index).

let shop;
before(async () => {
  shop = `js-shop-${randomUUID().slice(0, 12)}`;
  const out = await client.send(new CreateTableCommand({
    TableName: shop,
    KeySchema: [{AttributeName: 'PK', KeyType: 'HASH'}, {AttributeName: 'SK', KeyType: 'RANGE'}],
    AttributeDefinitions: ['PK', 'SK', 'GSI1PK', 'GSI1SK', 'email'].map(
        (AttributeName) => ({AttributeName, AttributeType: 'S'})),
    BillingMode: 'PAY_PER_REQUEST',
    GlobalSecondaryIndexes: [
      {IndexName: 'GSI1',
        KeySchema: [{AttributeName: 'GSI1PK', KeyType: 'HASH'},
          {AttributeName: 'GSI1SK', KeyType: 'RANGE'}],
        Projection: {ProjectionType: 'ALL'}},
      {IndexName: 'ByEmail',
        KeySchema: [{AttributeName: 'email', KeyType: 'HASH'}],
        Projection: {ProjectionType: 'KEYS_ONLY'}},
    ],
  }));
  created.push(shop);
  assert.deepEqual(out.TableDescription.GlobalSecondaryIndexes.map((g) => g.IndexName),
      ['GSI1', 'ByEmail']);
  await waitUntilTableExists({client, minDelay: 1, maxWaitTime: 10}, {TableName: shop});
  const items = [
    {PK: 'CUSTOMER#c1', SK: 'PROFILE', email: 'ana@example.com', name: 'Ana'},
    {PK: 'CUSTOMER#c2', SK: 'PROFILE', email: 'bea@example.com', name: 'Bea'},
    {PK: 'CUSTOMER#c1', SK: 'ORDER#o1', GSI1PK: 'STATUS#PENDING',
      GSI1SK: '2026-06-01T10:00:00Z', total: 120},
    {PK: 'CUSTOMER#c1', SK: 'ORDER#o2', GSI1PK: 'STATUS#SHIPPED',
      GSI1SK: '2026-05-28T09:30:00Z', total: 35.5},
    {PK: 'CUSTOMER#c1', SK: 'ORDER#o3', GSI1PK: 'STATUS#PENDING',
      GSI1SK: '2026-06-02T08:15:00Z', total: 9},
    {PK: 'CUSTOMER#c2', SK: 'ORDER#o4', GSI1PK: 'STATUS#PENDING',
      GSI1SK: '2026-05-30T17:45:00Z', total: 500},
    {PK: 'CUSTOMER#c2', SK: 'ORDER#o5', total: 60},  // a draft: in neither index
  ];
  for (let i = 0; i < 5; i++) {
    items.push({PK: 'CUSTOMER#c3', SK: `ORDER#p${i}`, GSI1PK: 'STATUS#RETURNED',
      GSI1SK: `2026-07-0${i + 1}T00:00:00Z`, total: i});
  }
  for (const Item of items) {
    await doc.send(new PutCommand({TableName: shop, Item}));
  }
});

test('GSIs: DescribeTable shows both indexes ACTIVE', async () => {
  const {Table} = await client.send(new DescribeTableCommand({TableName: shop}));
  const byName = Object.fromEntries(Table.GlobalSecondaryIndexes.map((g) => [g.IndexName, g]));
  assert.deepEqual(Object.keys(byName).sort(), ['ByEmail', 'GSI1']);
  assert.equal(byName.GSI1.IndexStatus, 'ACTIVE');
  assert.deepEqual(byName.GSI1.Projection, {ProjectionType: 'ALL'});
  assert.deepEqual(byName.ByEmail.KeySchema, [{AttributeName: 'email', KeyType: 'HASH'}]);
  assert.equal(byName.ByEmail.IndexArn, `${Table.TableArn}/index/ByEmail`);
});

test('GSIs: DocumentClient QueryCommand on each index', async () => {
  const pending = await doc.send(new QueryCommand({
    TableName: shop, IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :s AND begins_with(GSI1SK, :m)',
    ExpressionAttributeValues: {':s': 'STATUS#PENDING', ':m': '2026-'},
  }));
  assert.deepEqual(pending.Items.map((i) => i.SK), ['ORDER#o4', 'ORDER#o1', 'ORDER#o3']);
  assert.deepEqual(pending.Items[0], {PK: 'CUSTOMER#c2', SK: 'ORDER#o4',
    GSI1PK: 'STATUS#PENDING', GSI1SK: '2026-05-30T17:45:00Z', total: 500});
  const byEmail = await doc.send(new QueryCommand({
    TableName: shop, IndexName: 'ByEmail',
    KeyConditionExpression: 'email = :e',
    ExpressionAttributeValues: {':e': 'ana@example.com'},
  }));
  // KEYS_ONLY: the index key and the table's keys.
  assert.deepEqual(byEmail.Items, [{email: 'ana@example.com', PK: 'CUSTOMER#c1', SK: 'PROFILE'}]);
});

test('GSIs: DynamoDBClient QueryCommand, Limit and ExclusiveStartKey', async () => {
  const first = await client.send(new RawQueryCommand({
    TableName: shop, IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :s AND GSI1SK < :t',
    ExpressionAttributeValues: {':s': {S: 'STATUS#PENDING'}, ':t': {S: '2026-06-30'}},
    ScanIndexForward: false, Limit: 2, ProjectionExpression: 'SK',
  }));
  assert.deepEqual(first.Items, [{SK: {S: 'ORDER#o3'}}, {SK: {S: 'ORDER#o1'}}]);
  assert.deepEqual(first.LastEvaluatedKey, {
    GSI1PK: {S: 'STATUS#PENDING'}, GSI1SK: {S: '2026-06-01T10:00:00Z'},
    PK: {S: 'CUSTOMER#c1'}, SK: {S: 'ORDER#o1'}});
  const rest = await client.send(new RawQueryCommand({
    TableName: shop, IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :s AND GSI1SK < :t',
    ExpressionAttributeValues: {':s': {S: 'STATUS#PENDING'}, ':t': {S: '2026-06-30'}},
    ScanIndexForward: false, Limit: 2, ProjectionExpression: 'SK',
    ExclusiveStartKey: first.LastEvaluatedKey,
  }));
  assert.deepEqual(rest.Items, [{SK: {S: 'ORDER#o4'}}]);
  const emails = await client.send(new RawQueryCommand({
    TableName: shop, IndexName: 'ByEmail',
    KeyConditionExpression: 'email = :e',
    ExpressionAttributeValues: {':e': {S: 'bea@example.com'}},
    Select: 'COUNT',
  }));
  assert.equal(emails.Count, 1);
  assert.equal(emails.Items, undefined);
});

test('GSIs: paginateQuery over an index, and an UpdateCommand that moves an item', async () => {
  const pages = [];
  for await (const page of paginateQuery({client: doc, pageSize: 2}, {
    TableName: shop, IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :s',
    ExpressionAttributeValues: {':s': 'STATUS#RETURNED'},
  })) {
    pages.push(page);
  }
  assert.deepEqual(pages.map((p) => p.Count).slice(0, 3), [2, 2, 1]);
  assert.deepEqual(pages.flatMap((p) => p.Items.map((i) => i.SK)),
      ['ORDER#p0', 'ORDER#p1', 'ORDER#p2', 'ORDER#p3', 'ORDER#p4']);

  await doc.send(new UpdateCommand({
    TableName: shop, Key: {PK: 'CUSTOMER#c3', SK: 'ORDER#p4'},
    UpdateExpression: 'SET GSI1PK = :s',
    ExpressionAttributeValues: {':s': 'STATUS#REFUNDED'},
  }));
  const refunded = await doc.send(new QueryCommand({
    TableName: shop, IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :s',
    ExpressionAttributeValues: {':s': 'STATUS#REFUNDED'},
  }));
  assert.deepEqual(refunded.Items.map((i) => i.SK), ['ORDER#p4']);
  const returned = await doc.send(new QueryCommand({
    TableName: shop, IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :s',
    ExpressionAttributeValues: {':s': 'STATUS#RETURNED'},
    Select: 'COUNT',
  }));
  assert.equal(returned.Count, 4);
});

test('GSIs: ConsistentRead and an unknown index are ValidationExceptions', async () => {
  await assert.rejects(
      doc.send(new QueryCommand({
        TableName: shop, IndexName: 'GSI1',
        KeyConditionExpression: 'GSI1PK = :s',
        ExpressionAttributeValues: {':s': 'STATUS#PENDING'},
        ConsistentRead: true,
      })),
      {name: 'ValidationException',
        message: 'Consistent reads are not supported on global secondary indexes'});
  await assert.rejects(
      client.send(new RawQueryCommand({
        TableName: shop, IndexName: 'GSI9',
        KeyConditionExpression: 'GSI1PK = :s',
        ExpressionAttributeValues: {':s': {S: 'STATUS#PENDING'}},
      })),
      {name: 'ValidationException',
        message: 'The table does not have the specified index: GSI9'});
});

test('GSIs: ReturnConsumedCapacity TOTAL and INDEXES on a Query', async () => {
  // Small items, eventually consistent: half a read unit.
  const total = await doc.send(new QueryCommand({
    TableName: shop, KeyConditionExpression: 'PK = :c',
    ExpressionAttributeValues: {':c': 'CUSTOMER#c1'},
    ReturnConsumedCapacity: 'TOTAL',
  }));
  assert.equal(total.Count, 4);
  assert.deepEqual(total.ConsumedCapacity,
      {TableName: shop, CapacityUnits: 0.5});
  const none = await doc.send(new QueryCommand({
    TableName: shop, KeyConditionExpression: 'PK = :c',
    ExpressionAttributeValues: {':c': 'CUSTOMER#c1'},
    ReturnConsumedCapacity: 'NONE',
  }));
  assert.equal(none.ConsumedCapacity, undefined);
  // A GSI query: the index's share by name, nothing from the table.
  const indexes = await client.send(new RawQueryCommand({
    TableName: shop, IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :s',
    ExpressionAttributeValues: {':s': {S: 'STATUS#PENDING'}},
    ReturnConsumedCapacity: 'INDEXES',
  }));
  assert.equal(indexes.Count, 3);
  assert.deepEqual(indexes.ConsumedCapacity, {
    TableName: shop, CapacityUnits: 0.5,
    Table: {CapacityUnits: 0},
    GlobalSecondaryIndexes: {GSI1: {CapacityUnits: 0.5}},
  });
});

// --- DynamoDB Streams (run.sh serves with --stream-shard-records 5) ----------

// Every record of the stream, following shards by ParentShardId from its
// first shard, up to the open shard's head; and how many shards ended.
async function readStream(StreamArn) {
  const {StreamDescription} =
    await streams.send(new DescribeStreamCommand({StreamArn}));
  const childOf = new Map(
    StreamDescription.Shards.map((s) => [s.ParentShardId ?? null, s.ShardId]));
  const records = [];
  let shard = childOf.get(null);
  let ended = 0;
  while (shard !== undefined) {
    let {ShardIterator} = await streams.send(new GetShardIteratorCommand({
      StreamArn, ShardId: shard, ShardIteratorType: 'TRIM_HORIZON',
    }));
    while (ShardIterator !== undefined) {
      const page = await streams.send(
        new GetRecordsCommand({ShardIterator, Limit: 4}));
      records.push(...page.Records);
      ShardIterator = page.NextShardIterator;
      if (page.Records.length === 0 && ShardIterator !== undefined) {
        return {records, ended};
      }
    }
    ended += 1;
    shard = childOf.get(shard);
  }
  return {records, ended};
}

test('a streams consumer reads INSERT, MODIFY, REMOVE across a roll-over',
  async () => {
    const TableName = await createTable('js-stream', 'pk');
    const updated = await client.send(new UpdateTableCommand({
      TableName,
      StreamSpecification: {StreamEnabled: true,
        StreamViewType: 'NEW_AND_OLD_IMAGES'},
    }));
    const StreamArn = updated.TableDescription.LatestStreamArn;
    const listed = await streams.send(new ListStreamsCommand({TableName}));
    assert.deepEqual(listed.Streams.map((s) => s.StreamArn), [StreamArn]);

    for (let i = 0; i < 6; i++) {
      await doc.send(new PutCommand({TableName, Item: {pk: `k${i}`, v: i}}));
    }
    await doc.send(new PutCommand({TableName, Item: {pk: 'k0', v: 0}}));
    await doc.send(new UpdateCommand({
      TableName, Key: {pk: 'k1'}, UpdateExpression: 'SET v = :v',
      ExpressionAttributeValues: {':v': 10},
    }));
    await doc.send(new DeleteCommand({TableName, Key: {pk: 'k2'}}));

    const {records, ended} = await readStream(StreamArn);
    assert.ok(ended >= 1, 'eight records in shards of five: one roll-over');
    const summary = records.map((r) => [
      r.eventName, r.dynamodb.Keys.pk.S,
      r.dynamodb.OldImage?.v?.N ?? null, r.dynamodb.NewImage?.v?.N ?? null]);
    assert.deepEqual(summary, [
      ...[0, 1, 2, 3, 4, 5].map((i) => ['INSERT', `k${i}`, null, `${i}`]),
      ['MODIFY', 'k1', '1', '10'],
      ['REMOVE', 'k2', '2', null],
    ]);
    const numbers = records.map((r) => BigInt(r.dynamodb.SequenceNumber));
    for (let i = 1; i < numbers.length; i++) {
      assert.ok(numbers[i - 1] < numbers[i]);
    }
    for (const r of records) {
      assert.equal(r.eventSource, 'aws:dynamodb');
      assert.ok(r.dynamodb.ApproximateCreationDateTime instanceof Date);
    }
  });

test('the Streams errors reach the JS client with their kinds', async () => {
  await assert.rejects(
    streams.send(new GetRecordsCommand({ShardIterator: 'not-an-iterator'})),
    (e) => e.name === 'ValidationException' &&
      e.message === 'Invalid ShardIterator');
  await assert.rejects(
    streams.send(new DescribeStreamCommand({StreamArn:
      'arn:aws:dynamodb:ddblocal:000000000000:table/none/stream/' +
      '2026-01-01T00:00:00.000'})),
    (e) => e.name === 'ResourceNotFoundException');
});

// --- deletion protection and point-in-time recovery ---------------------------

test('DeletionProtectionEnabled: DeleteTable is refused until it is off', async () => {
  const TableName = await createTable('protect', 'pk');
  await client.send(new UpdateTableCommand({TableName, DeletionProtectionEnabled: true}));
  const described = await client.send(new DescribeTableCommand({TableName}));
  assert.equal(described.Table.DeletionProtectionEnabled, true);
  await assert.rejects(client.send(new DeleteTableCommand({TableName})), (error) => {
    assert.equal(error.name, 'ValidationException');
    assert.equal(error.message, 'Resource cannot be deleted as it is currently ' +
        'protected against deletion. Disable deletion protection first.');
    return true;
  });
  await client.send(new UpdateTableCommand({TableName, DeletionProtectionEnabled: false}));
  await client.send(new DeleteTableCommand({TableName}));
});

test('UpdateContinuousBackups: the recovery period is kept and described', async () => {
  const TableName = await createTable('pitr', 'pk');
  const out = await client.send(new UpdateContinuousBackupsCommand({
    TableName,
    PointInTimeRecoverySpecification: {PointInTimeRecoveryEnabled: true, RecoveryPeriodInDays: 7},
  }));
  const pitr = out.ContinuousBackupsDescription.PointInTimeRecoveryDescription;
  assert.equal(pitr.PointInTimeRecoveryStatus, 'ENABLED');
  assert.equal(pitr.RecoveryPeriodInDays, 7);
  assert.ok(pitr.EarliestRestorableDateTime instanceof Date);
  const described = await client.send(new DescribeContinuousBackupsCommand({TableName}));
  assert.equal(described.ContinuousBackupsDescription.ContinuousBackupsStatus, 'ENABLED');
});
