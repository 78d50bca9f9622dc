// dynamodb-admin (npm), the web GUI many teams run against their local
// DynamoDB, started against a running `dynamite serve`. The tables and
// items are written beforehand with the AWS SDK for JavaScript v3; the test
// then reads dynamodb-admin's pages over HTTP, as a browser would.
//
// How dynamodb-admin 5 builds its pages: the table list (GET /) is rendered
// on its server from ListTables and DescribeTable. A table's page
// (GET /tables/NAME) is rendered with the table's description only; a
// script in it then fetches GET /tables/NAME/items (same query string),
// JSON made from Scan or Query pages, and draws the rows. So the items are
// checked in that JSON, the data a browser would draw. An item's page
// (GET /tables/NAME/items/KEY) is rendered from GetItem.
//
// tests/clients/run.sh runs this with DYNAMITE_ENDPOINT set;
// tests/clients/install-js.sh installs dynamodb-admin here.
import assert from 'node:assert/strict';
import {spawn} from 'node:child_process';
import {randomUUID} from 'node:crypto';
import {createRequire} from 'node:module';
import {dirname, join} from 'node:path';
import {after, before, test} from 'node:test';

import {
  CreateTableCommand,
  DeleteTableCommand,
  DynamoDBClient,
  GetItemCommand,
  PutItemCommand,
  waitUntilTableExists,
} from '@aws-sdk/client-dynamodb';

const endpoint = process.env.DYNAMITE_ENDPOINT;
if (!endpoint) {
  throw new Error('DYNAMITE_ENDPOINT is not set: run tests/clients/run.sh');
}
const require = createRequire(import.meta.url);
const adminPackage = require.resolve('dynamodb-admin/package.json');
const adminVersion = require(adminPackage).version;
const adminBin = join(dirname(adminPackage), 'dist', 'dynamodb-admin.js');

const client = new DynamoDBClient({
  endpoint,
  region: 'us-east-1',
  credentials: {accessKeyId: 'fake', secretAccessKey: 'fake'},
  maxAttempts: 1,
});

// A table with a sort key, over two partitions, and a table without one.
// The '.' and '_' in the names must survive dynamodb-admin's URLs.
const suffix = randomUUID().slice(0, 8);
const scores = `admin.scores_${suffix}`;
const audit = `admin-audit_${suffix}`;
// The items as dynamodb-admin shows them: its DocumentClient turns
// DynamoDB JSON into plain JSON (N into numbers, M into objects, ...).
const scoreItems = [
  {player: 'ana', game: 1, points: 10, won: false},
  {player: 'ana', game: 2, points: 25, won: true, note: null},
  {player: 'ana', game: 3, points: 40, won: true, moves: ['e4', 'e5']},
  {player: 'bea', game: 1, points: 1500, won: true, meta: {by: 'cleo'}},
];
const auditItems = [
  {id: 'evt-1', actor: 'ana', action: 'login'},
];
// A table with a GSI (byStatus: status, placedAt), which the table page's
// Query form offers beside the table itself.
const orders = `admin-orders_${suffix}`;
const orderItems = [
  {id: 'o1', status: 'PENDING', placedAt: '2026-06-01T10:00:00Z', total: 120},
  {id: 'o2', status: 'SHIPPED', placedAt: '2026-05-28T09:30:00Z', total: 35.5},
  {id: 'o3', status: 'PENDING', placedAt: '2026-05-30T17:45:00Z', total: 9},
  {id: 'o4', note: 'a draft, in no index'},
];

let admin;  // the dynamodb-admin child process
let adminUrl;  // http://127.0.0.1:PORT
let adminOutput = '';

// DynamoDB JSON for the plain values used above.
function marshall(value) {
  if (value === null) return {NULL: true};
  if (typeof value === 'string') return {S: value};
  if (typeof value === 'number') return {N: String(value)};
  if (typeof value === 'boolean') return {BOOL: value};
  if (Array.isArray(value)) return {L: value.map(marshall)};
  return {M: marshallItem(value)};
}

function marshallItem(item) {
  return Object.fromEntries(
      Object.entries(item).map(([name, value]) => [name, marshall(value)]));
}

async function createTable(TableName, keys) {
  await client.send(new CreateTableCommand({
    TableName,
    KeySchema: keys.map(([AttributeName, KeyType]) => ({AttributeName, KeyType})),
    AttributeDefinitions: keys.map(([AttributeName, , AttributeType]) =>
      ({AttributeName, AttributeType})),
    BillingMode: 'PAY_PER_REQUEST',
  }));
  await waitUntilTableExists({client, minDelay: 1, maxWaitTime: 10}, {TableName});
}

// Starts dynamodb-admin on a free loopback port (its own --port option;
// DYNAMO_ENDPOINT points it at dynamite) and resolves with its URL once it
// prints "dynamodb-admin listening on http://127.0.0.1:PORT".
function startAdmin() {
  const env = {...process.env, DYNAMO_ENDPOINT: endpoint};
  delete env.NODE_ENV;  // dynamodb-admin refuses to run in "production"
  admin = spawn(process.execPath,
      [adminBin, '--host', '127.0.0.1', '--port', '0'],
      {env, stdio: ['ignore', 'pipe', 'pipe']});
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(
        `dynamodb-admin printed no "listening on" line within 20 s:\n${adminOutput}`)),
        20000);
    const onData = (chunk) => {
      adminOutput += chunk;
      const match = /dynamodb-admin listening on (http:\/\/127\.0\.0\.1:\d+)/
          .exec(adminOutput);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    admin.stdout.on('data', onData);
    admin.stderr.on('data', onData);
    admin.on('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`dynamodb-admin exited (${code ?? signal}):\n${adminOutput}`));
    });
  });
}

// GET path from dynamodb-admin; returns {status, type, body}.
async function get(path) {
  const response = await fetch(adminUrl + path);
  return {
    status: response.status,
    type: response.headers.get('content-type') ?? '',
    body: await response.text(),
  };
}

async function getHtml(path) {
  const page = await get(path);
  assert.equal(page.status, 200, `GET ${path}: ${page.body.slice(0, 300)}`);
  assert.match(page.type, /^text\/html/, `GET ${path}`);
  return page.body;
}

async function getJson(path) {
  const page = await get(path);
  assert.equal(page.status, 200, `GET ${path}: ${page.body.slice(0, 300)}`);
  assert.match(page.type, /^application\/json/, `GET ${path}`);
  return JSON.parse(page.body);
}

// The items JSON of a table's page, as the page's script fetches it.
function itemsPath(table, query = {}) {
  const search = new URLSearchParams(query).toString();
  return `/tables/${encodeURIComponent(table)}/items${search ? '?' + search : ''}`;
}

// The item without the __key dynamodb-admin adds to each row.
function withoutKey({__key, ...item}) {
  return item;
}

const byPlayerAndGame = (a, b) =>
  a.player.localeCompare(b.player) || a.game - b.game;

// ejs escapes what a page embeds: undo it to read the JSON inside.
function unescapeHtml(text) {
  return text.replace(/&#34;/g, '"').replace(/&#39;/g, '\'')
      .replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

before(async () => {
  await createTable(scores, [['player', 'HASH', 'S'], ['game', 'RANGE', 'N']]);
  await createTable(audit, [['id', 'HASH', 'S']]);
  for (const item of scoreItems) {
    await client.send(new PutItemCommand({TableName: scores, Item: marshallItem(item)}));
  }
  for (const item of auditItems) {
    await client.send(new PutItemCommand({TableName: audit, Item: marshallItem(item)}));
  }
  await client.send(new CreateTableCommand({
    TableName: orders,
    KeySchema: [{AttributeName: 'id', KeyType: 'HASH'}],
    AttributeDefinitions: ['id', 'status', 'placedAt'].map(
        (AttributeName) => ({AttributeName, AttributeType: 'S'})),
    BillingMode: 'PAY_PER_REQUEST',
    GlobalSecondaryIndexes: [{
      IndexName: 'byStatus',
      KeySchema: [{AttributeName: 'status', KeyType: 'HASH'},
        {AttributeName: 'placedAt', KeyType: 'RANGE'}],
      Projection: {ProjectionType: 'ALL'},
    }],
  }));
  await waitUntilTableExists({client, minDelay: 1, maxWaitTime: 10}, {TableName: orders});
  for (const item of orderItems) {
    await client.send(new PutItemCommand({TableName: orders, Item: marshallItem(item)}));
  }
  adminUrl = await startAdmin();
  console.log(`dynamodb-admin ${adminVersion} listening on ${adminUrl}`);
});

after(async () => {
  if (admin && admin.exitCode === null) {
    admin.removeAllListeners('exit');
    admin.kill('SIGTERM');
  }
  for (const TableName of [scores, audit, orders]) {
    await client.send(new DeleteTableCommand({TableName})).catch(() => {});
  }
  client.destroy();
});

test('the table list page lists every table, linked, with its item count', async () => {
  const html = await getHtml('/');
  for (const [table, count] of [[scores, scoreItems.length], [audit, auditItems.length]]) {
    const entry = new RegExp(
        `<li class="list-group-item" data-table-name="${table.replace(/\./g, '\\.')}">` +
        `([\\s\\S]*?)</li>`).exec(html);
    assert.ok(entry, `${table} is not in the table list:\n${html}`);
    assert.ok(entry[1].includes(`href='/tables/${encodeURIComponent(table)}'`),
        `${table}'s entry has no link to its page:\n${entry[1]}`);
    const badge = /badge-secondary[^>]*>\s*(\d+)\s*</.exec(entry[1]);
    assert.ok(badge, `${table}'s entry shows no item count:\n${entry[1]}`);
    assert.equal(Number(badge[1]), count, `${table}'s item count`);
  }
});

test('GET /api/tables describes the tables as created', async () => {
  const tables = await getJson('/api/tables');
  const described = Object.fromEntries(tables.map((t) => [t.TableName, t]));
  assert.deepEqual(described[scores]?.KeySchema, [
    {AttributeName: 'player', KeyType: 'HASH'},
    {AttributeName: 'game', KeyType: 'RANGE'},
  ]);
  assert.deepEqual(described[audit]?.KeySchema, [{AttributeName: 'id', KeyType: 'HASH'}]);
  assert.equal(described[scores].TableStatus, 'ACTIVE');
  assert.equal(described[scores].ItemCount, scoreItems.length);
});

test('a table\'s page describes it, and its items JSON holds every item', async () => {
  const html = await getHtml(`/tables/${encodeURIComponent(scores)}`);
  assert.ok(html.includes(`[Table] ${scores}`), 'the page names its table');
  assert.match(html, /data-key-hash="player"/);
  assert.match(html, /data-key-range="game"/);
  // The page's script fetches its own path + '/items' + its query string.
  assert.ok(html.includes('document.location.pathname + \'/items\''),
      'dynamodb-admin\'s page no longer fetches /items: update this test');

  const page = await getJson(itemsPath(scores));
  assert.equal(page.Table.TableName, scores);
  assert.equal(page.nextKey, null);
  assert.deepEqual(page.Items.map(withoutKey).sort(byPlayerAndGame), scoreItems);
  for (const item of page.Items) {
    assert.deepEqual(item.__key, {player: item.player, game: item.game});
  }
  // Key attributes first, then the others in order of appearance.
  assert.deepEqual(page.uniqueKeys.slice(0, 2), ['player', 'game']);
  assert.deepEqual([...page.uniqueKeys].sort(),
      ['game', 'meta', 'moves', 'note', 'player', 'points', 'won']);

  const auditPage = await getJson(itemsPath(audit));
  assert.deepEqual(auditPage.Items.map(withoutKey), auditItems);
  assert.deepEqual(auditPage.Items[0].__key, {id: 'evt-1'});
});

test('the items pages follow nextKey to the end (ExclusiveStartKey)', async () => {
  const seen = [];
  let startKey;
  for (let pageNum = 1; pageNum <= scoreItems.length + 1; pageNum++) {
    const query = {pageSize: '2', pageNum: String(pageNum)};
    if (startKey) query.startKey = startKey;
    const page = await getJson(itemsPath(scores, query));
    assert.ok(page.Items.length >= 1 && page.Items.length <= 2,
        `page ${pageNum} has ${page.Items.length} items`);
    seen.push(...page.Items.map(withoutKey));
    if (page.nextKey === null) break;
    startKey = decodeURIComponent(page.nextKey);
    assert.deepEqual(JSON.parse(startKey), page.Items.at(-1).__key);
  }
  assert.equal(seen.length, scoreItems.length, 'each item is on exactly one page');
  assert.deepEqual(seen.sort(byPlayerAndGame), scoreItems);
});

test('the table page\'s Query form: key condition and filter', async () => {
  const filters = {
    player: {type: 'S', value: 'ana', operator: '='},
    game: {type: 'N', value: '2', operator: '>='},
  };
  const page = await getJson(itemsPath(scores, {
    operationType: 'query',
    queryableSelection: 'table',
    filters: JSON.stringify(filters),
  }));
  // A Query returns a partition in sort key order.
  assert.deepEqual(page.Items.map(withoutKey), scoreItems.slice(1, 3));

  // A non-key attribute becomes a FilterExpression of a Scan.
  const scanned = await getJson(itemsPath(scores, {
    operationType: 'scan',
    filters: JSON.stringify({points: {type: 'N', value: '30', operator: '>'}}),
  }));
  assert.deepEqual(scanned.Items.map(withoutKey).sort(byPlayerAndGame),
      [scoreItems[2], scoreItems[3]]);
});

test('an item\'s page shows the item; a missing one is 404', async () => {
  const html = await getHtml(`/tables/${encodeURIComponent(scores)}/items/ana,3`);
  const editor = /<div id='documentTextarea'[^>]*>([\s\S]*?)<\/div>/.exec(html);
  assert.ok(editor, `the item page has no document editor:\n${html}`);
  assert.deepEqual(JSON.parse(unescapeHtml(editor[1])), scoreItems[2]);

  const missing = await get(`/tables/${encodeURIComponent(scores)}/items/ana,99`);
  assert.equal(missing.status, 404);
});

test('the meta page shows the table\'s description', async () => {
  const html = await getHtml(`/tables/${encodeURIComponent(audit)}/meta`);
  const area = /<div id="documentArea"[^>]*>([\s\S]*?)<\/div>/.exec(html);
  assert.ok(area, `the meta page has no document area:\n${html}`);
  const table = JSON.parse(unescapeHtml(area[1]));
  assert.equal(table.TableName, audit);
  assert.equal(table.ItemCount, auditItems.length);
});

test('an item created and deleted in the GUI is written to dynamite', async () => {
  const path = `/tables/${encodeURIComponent(audit)}`;
  const item = {id: 'evt-2', actor: 'bea', action: 'logout', attempts: 3};
  const created = await fetch(`${adminUrl}${path}/add-item`, {
    method: 'PUT',
    headers: {'Content-Type': 'application/json'},
    body: JSON.stringify(item),
  });
  assert.equal(created.status, 200, await created.clone().text());
  assert.deepEqual(await created.json(), {id: 'evt-2'});
  const stored = await client.send(new GetItemCommand({
    TableName: audit, Key: {id: {S: 'evt-2'}}, ConsistentRead: true,
  }));
  assert.deepEqual(stored.Item, marshallItem(item));

  const deleted = await fetch(`${adminUrl}${path}/items/evt-2`, {method: 'DELETE'});
  assert.equal(deleted.status, 204);
  const gone = await client.send(new GetItemCommand({
    TableName: audit, Key: {id: {S: 'evt-2'}}, ConsistentRead: true,
  }));
  assert.equal(gone.Item, undefined);
});

test('a GSI is offered by the table page\'s Query form, and querying it works', async () => {
  const html = await getHtml(`/tables/${encodeURIComponent(orders)}`);
  const option = /<option value="byStatus"([\s\S]*?)<\/option>/.exec(html);
  assert.ok(option, `the Query form offers no byStatus index:\n${html}`);
  assert.match(option[1], /data-key-hash="status"/);
  assert.match(option[1], /data-key-range="placedAt"/);
  assert.match(option[1], /\[Index\] byStatus: status, placedAt/);

  const page = await getJson(itemsPath(orders, {
    operationType: 'query',
    queryableSelection: 'byStatus',
    filters: JSON.stringify({status: {type: 'S', value: 'PENDING', operator: '='}}),
  }));
  // A Query on the index: its partition, in placedAt order.
  assert.deepEqual(page.Items.map(withoutKey), [orderItems[2], orderItems[0]]);
  assert.deepEqual(page.Items.map((item) => item.__key), [{id: 'o3'}, {id: 'o1'}]);

  const later = await getJson(itemsPath(orders, {
    operationType: 'query',
    queryableSelection: 'byStatus',
    filters: JSON.stringify({
      status: {type: 'S', value: 'PENDING', operator: '='},
      placedAt: {type: 'S', value: '2026-05-31', operator: '>'},
    }),
  }));
  assert.deepEqual(later.Items.map(withoutKey), [orderItems[0]]);
});
