// An example to copy: hooks that seed a Dynamite server once and give
// every test the seeded state, through the checkpoints of DynamiteControl
// (README, "Tests that start from a seeded database"). Written for
// `node --test`; under Jest the same three steps go in beforeAll,
// beforeEach and afterAll.
//
// `before` starts `dynamite serve` on a free port, creates and fills the
// tables and takes a checkpoint; `beforeEach` restores it, which costs
// O(tables + partitions), not O(items). tests/clients/run.sh runs this
// file with DYNAMITE_BINARY set; elsewhere `dynamite` on the PATH is used.
import assert from 'node:assert/strict';
import {spawn} from 'node:child_process';
import {createInterface} from 'node:readline';
import {after, before, beforeEach, test} from 'node:test';

import {
  CreateTableCommand,
  DynamoDBClient,
  ListTablesCommand,
} from '@aws-sdk/client-dynamodb';
import {
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';

const REGION = 'us-east-1';
let server;
let endpoint;
let doc;

// One DynamiteControl operation. A server started without --credentials
// accepts any well-formed signature, as DynamoDB Local does, so a fixed
// one will do here.
async function control(operation, body) {
  const date = new Date().toISOString().replace(/[-:]|\.\d+/g, '');
  const response = await fetch(endpoint, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-amz-json-1.0',
      'X-Amz-Target': `DynamiteControl_20261204.${operation}`,
      'X-Amz-Date': date,
      'Authorization':
        `AWS4-HMAC-SHA256 Credential=fake/${date.slice(0, 8)}/${REGION}` +
        '/dynamodb/aws4_request, SignedHeaders=host;x-amz-date, Signature=0',
    },
    body: JSON.stringify(body),
  });
  const answer = await response.json();
  if (!response.ok) {
    throw new Error(`${operation}: ${answer.__type}: ${answer.message}`);
  }
  return answer;
}

before(async () => {
  server = spawn(
      process.env.DYNAMITE_BINARY ?? 'dynamite',
      ['serve', '--port', '0', '--host', '127.0.0.1', '--console', 'off'],
      {stdio: ['ignore', 'pipe', 'ignore']});
  const lines = createInterface({input: server.stdout});
  const [ready] = await Promise.race([
    new Promise((resolve) => lines.once('line', (line) => resolve([line]))),
    new Promise((resolve) => server.once('exit', () => resolve(['']))),
  ]);
  const found = /dynamite serve: listening on (http:\/\/\S+)/.exec(ready);
  assert.ok(found, `dynamite serve did not start: ${ready}`);
  endpoint = found[1];
  const client = new DynamoDBClient({
    endpoint,
    region: REGION,
    credentials: {accessKeyId: 'fake', secretAccessKey: 'fake'},
  });
  doc = DynamoDBDocumentClient.from(client);
  await client.send(new CreateTableCommand({
    TableName: 'Accounts',
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: [{AttributeName: 'id', AttributeType: 'S'}],
    KeySchema: [{AttributeName: 'id', KeyType: 'HASH'}],
  }));
  for (let i = 0; i < 500; ++i) {
    const id = `acct-${String(i).padStart(4, '0')}`;
    await doc.send(new PutCommand({
      TableName: 'Accounts', Item: {id, balance: 100}}));
  }
  await control('CreateCheckpoint', {Name: 'seeded'});
});

beforeEach(async () => {
  await control('RestoreCheckpoint', {Name: 'seeded'});
});

after(() => {
  server?.kill();
});

async function balance(id) {
  const {Item} = await doc.send(new GetCommand({
    TableName: 'Accounts', Key: {id}}));
  return Item?.balance;
}

// The tests below change the seed in conflicting ways; each passes
// whichever runs first, because each starts from the checkpoint.
test('a withdrawal changes one balance', async () => {
  assert.equal(await balance('acct-0007'), 100);
  await doc.send(new UpdateCommand({
    TableName: 'Accounts',
    Key: {id: 'acct-0007'},
    UpdateExpression: 'SET balance = balance - :amount',
    ExpressionAttributeValues: {':amount': 30},
  }));
  assert.equal(await balance('acct-0007'), 70);
});

test('closing an account deletes it', async () => {
  assert.equal(await balance('acct-0007'), 100);
  await doc.send(new DeleteCommand({
    TableName: 'Accounts', Key: {id: 'acct-0007'}}));
  assert.equal(await balance('acct-0007'), undefined);
});

test('every test starts from the seed', async () => {
  const {TableNames} = await doc.send(new ListTablesCommand({}));
  assert.deepEqual(TableNames, ['Accounts']);
  assert.equal(await balance('acct-0007'), 100);
  const restored = await control('RestoreCheckpoint', {Name: 'seeded'});
  assert.deepEqual(restored, {Name: 'seeded', TableCount: 1, ItemCount: 500});
});

test('an unknown checkpoint is refused', async () => {
  await assert.rejects(control('RestoreCheckpoint', {Name: 'missing'}),
      /ResourceNotFoundException: Checkpoint not found: missing/);
});
