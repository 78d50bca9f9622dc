// The console of `dynamite serve` (console/), driven in Debian's headless
// Chromium by playwright-core, as a user would: load the page, create a
// table from its form, add items in its editor (and see the server refuse a
// bad one), run a BETWEEN query and read both orders side by side, and see
// the linter's finding about the table's unpadded numeric sort keys. Each
// step writes a screenshot to DYNAMITE_TEST_OUTPUT. Then, against a server
// of its own started with --auth, the page must ask for an access key and
// sign every request (SigV4 in the browser's Web Crypto) for the server to
// answer it.
//
// tests/clients/run.sh runs this with DYNAMITE_ENDPOINT, DYNAMITE_BINARY
// and DYNAMITE_TEST_OUTPUT set; tests/clients/install-js.sh installs
// playwright-core here; scripts/install-deps.sh installs chromium.
import assert from 'node:assert/strict';
import {spawn} from 'node:child_process';
import {once} from 'node:events';
import {mkdirSync, mkdtempSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {createInterface} from 'node:readline';
import {after, before, test} from 'node:test';

import {chromium} from 'playwright-core';

const endpoint = process.env.DYNAMITE_ENDPOINT;
if (!endpoint) {
  throw new Error('DYNAMITE_ENDPOINT is not set: run tests/clients/run.sh');
}
const output = process.env.DYNAMITE_TEST_OUTPUT || '.';
mkdirSync(output, {recursive: true});
const executablePath = process.env.DYNAMITE_CHROMIUM || '/usr/bin/chromium';

// `user` is a reserved word: the generated expression must escape it.
const table = `console_scores_${Date.now().toString(36)}`;
// Sort keys that are numbers written without padding: "10" sorts before
// "2", which is what the linter warns about.
const ranks = ['2', '9', '10', '11', '30'];

let browser;
let page;

before(async () => {
  browser = await chromium.launch({
    executablePath,
    headless: true,
    // Root in CI: Chromium's sandbox needs an unprivileged user.
    args: ['--no-sandbox'],
  });
  page = await browser.newPage({viewport: {width: 1400, height: 900}});
  page.setDefaultTimeout(10_000);
});

after(async () => {
  await browser?.close();
});

async function shot(name) {
  await page.screenshot({path: join(output, `${name}.png`), fullPage: true});
}

test('the page loads with its tables view', async () => {
  const response = await page.goto(`${endpoint}/console`);
  assert.equal(response.status(), 200);
  assert.equal(await page.title(), 'Dynamite console');
  await page.getByTestId('view-tables').waitFor();
  await shot('1-tables');
});

test('a table is created from the form', async () => {
  const form = page.getByTestId('create-table');
  await form.locator('[name=name]').fill(table);
  await form.locator('[name=pk]').fill('user');
  await form.locator('[name=sk]').fill('rank');
  await form.getByRole('button', {name: 'Create'}).click();
  const row = page.locator(`tr[data-table="${table}"]`);
  await row.waitFor();
  assert.match(await row.textContent(), /user \(HASH, S\), rank \(RANGE, S\)/);
  assert.match(await page.getByTestId('notice').textContent(), /Created table/);
  await shot('2-created');
});

test('items are added in the editor, and a bad one is refused', async () => {
  await page.locator(`tr[data-table="${table}"]`)
      .getByRole('button', {name: 'Items'}).click();
  await page.getByTestId('view-items').waitFor();
  for (const rank of ranks) {
    await page.getByTestId('new-item').click();
    await page.getByTestId('editor-text').fill(JSON.stringify({
      user: {S: 'ana'},
      rank: {S: rank},
      points: {N: String(Number(rank) * 100)},
    }));
    await page.getByTestId('editor-save').click();
    await page.getByTestId('editor').waitFor({state: 'hidden'});
  }
  await page.getByTestId('new-item').click();
  await page.getByTestId('editor-text').fill('{"rank": {"S": "1"}}');
  await page.getByTestId('editor-save').click();
  const notice = page.getByTestId('notice');
  await page.waitForFunction(
      () => document.querySelector('#notice').className === 'error');
  assert.match(await notice.textContent(),
      /^ValidationException: One or more parameter values were invalid: Missing the key user in the item$/);
  assert.equal(await page.getByTestId('editor').isVisible(), true);
  await shot('3-items');
  const rows = page.getByTestId('items').locator('tbody tr');
  assert.equal(await rows.count(), ranks.length);
  // Key attributes first.
  const headers = await page.getByTestId('items').locator('th').allTextContents();
  assert.deepEqual(headers.slice(0, 3), ['user', 'rank', 'points']);
});

test('a BETWEEN query shows its expression and both orders', async () => {
  await page.locator('nav a[data-view=query]').click();
  await page.getByTestId('view-query').waitFor();
  await page.getByTestId('query-pk').fill('ana');
  await page.getByTestId('query-op').selectOption('BETWEEN');
  await page.getByTestId('query-v1').fill('10');
  await page.getByTestId('query-v2').fill('2');
  await page.getByTestId('query-run').click();
  const request = page.getByTestId('query-request');
  await request.waitFor();
  const sent = JSON.parse(await request.textContent());
  assert.equal(sent.TableName, table);
  assert.equal(sent.KeyConditionExpression,
      '#n0 = :v0 AND #n1 BETWEEN :v1 AND :v2');
  assert.deepEqual(sent.ExpressionAttributeNames, {'#n0': 'user', '#n1': 'rank'});
  assert.deepEqual(sent.ExpressionAttributeValues,
      {':v0': {S: 'ana'}, ':v1': {S: '10'}, ':v2': {S: '2'}});
  const ascending = page.getByTestId('query-ascending');
  const descending = page.getByTestId('query-descending');
  // Byte order: "10" < "11" < "2".
  const ranksOf = async (side) =>
    side.locator('tbody tr td:nth-child(2)').allTextContents();
  assert.deepEqual(await ranksOf(ascending), ['10', '11', '2']);
  assert.deepEqual(await ranksOf(descending), ['2', '11', '10']);
  assert.match(await ascending.locator('.summary').textContent(),
      /^Count 3 · ScannedCount 3 · 0\.5 RCU$/);
  assert.match(await page.locator('[data-snippet=cli]').textContent(),
      /^aws dynamodb query --endpoint-url http:\/\/127\.0\.0\.1:\d+/);
  await shot('4-query');
});

test('the key-design view shows the linter\'s finding', async () => {
  await page.locator('nav a[data-view=design]').click();
  await page.getByTestId('view-design').waitFor();
  const findings = page.getByTestId('lint-findings').locator('li');
  await findings.first().waitFor();
  const text = (await findings.allTextContents()).join('\n');
  assert.match(text, /numeric-sort-order: rank \(whole key\) holds numbers/);
  assert.match(await page.getByTestId('partitions-summary').textContent(),
      /^1 partition key, 5 items, /);
  await shot('5-key-design');
});

test('a multi-attribute GSI key gets one input per attribute', async () => {
  // Made through the page's own DynamoDB client: the form makes only
  // single-key tables.
  const events = `${table}_events`;
  await page.evaluate(async (name) => {
    await ddb('CreateTable', {
      TableName: name,
      KeySchema: [{AttributeName: 'id', KeyType: 'HASH'}],
      AttributeDefinitions: ['id', 'tenant', 'region', 'day'].map((a) => ({
        AttributeName: a, AttributeType: a === 'day' ? 'N' : 'S'})),
      BillingMode: 'PAY_PER_REQUEST',
      GlobalSecondaryIndexes: [{
        IndexName: 'by_place',
        KeySchema: [{AttributeName: 'tenant', KeyType: 'HASH'},
          {AttributeName: 'region', KeyType: 'HASH'},
          {AttributeName: 'day', KeyType: 'RANGE'}],
        Projection: {ProjectionType: 'ALL'},
      }],
    });
    for (const [id, region, day] of [['a', 'eu', 1], ['b', 'eu', 5],
      ['c', 'eu', 9], ['d', 'us', 5]]) {
      await ddb('PutItem', {TableName: name, Item: {
        id: {S: id}, tenant: {S: 't1'}, region: {S: region}, day: {N: String(day)}}});
    }
  }, events);
  await page.goto(`${endpoint}/console#query/${events}`);
  await page.getByTestId('query-index').selectOption('by_place');
  await page.getByTestId('query-pk').fill('t1');
  await page.getByTestId('query-pk-1').fill('eu');
  await page.getByTestId('query-op').selectOption('>=');
  await page.getByTestId('query-v1').fill('5');
  await page.getByTestId('query-run').click();
  const request = page.getByTestId('query-request');
  // The output of the earlier query stays on the page until these answers
  // replace it.
  await page.waitForFunction(() => /^Count 2 /.test(document.querySelector(
      '[data-testid=query-descending] .summary').textContent));
  const sent = JSON.parse(await request.textContent());
  assert.equal(sent.IndexName, 'by_place');
  assert.equal(sent.KeyConditionExpression,
      'tenant = :v0 AND #n0 = :v1 AND #n1 >= :v2');
  const ids = async (side) => page.getByTestId(`query-${side}`)
      .locator('tbody tr td:nth-child(4)').allTextContents();
  assert.deepEqual(await ids('ascending'), ['b', 'c']);
  assert.deepEqual(await ids('descending'), ['c', 'b']);
  await shot('5b-multi-attribute-query');
  await page.evaluate((name) => ddb('DeleteTable', {TableName: name}), events);
});

test('the table is deleted from the list', async () => {
  page.once('dialog', (dialog) => dialog.accept());
  await page.locator('nav a[data-view=tables]').click();
  await page.locator(`tr[data-table="${table}"]`)
      .getByRole('button', {name: 'Delete'}).click();
  await page.locator(`tr[data-table="${table}"]`).waitFor({state: 'detached'});
  assert.match(await page.getByTestId('notice').textContent(),
      new RegExp(`Deleted table ${table}`));
});

// The origin `dynamite serve` prints on its ready line.
async function readyOrigin(server) {
  const lines = createInterface({input: server.stdout});
  const timeout = setTimeout(() => lines.close(), 10_000);
  try {
    for await (const line of lines) {
      const match = line.match(/^dynamite serve: listening on (http:\/\/\S+) /);
      if (match) return match[1];
    }
  } finally {
    clearTimeout(timeout);
  }
  throw new Error('dynamite serve printed no ready line within 10 s');
}

test('with --auth, the page signs its requests with the key it is given',
    async () => {
      const binary = process.env.DYNAMITE_BINARY;
      assert.ok(binary, 'DYNAMITE_BINARY is not set: run tests/clients/run.sh');
      const dir = mkdtempSync(join(tmpdir(), 'dynamite-console-'));
      const keys = join(dir, 'keys');
      writeFileSync(keys, 'AKIDCONSOLE console-secret\n');
      const server = spawn(binary, ['serve', '--port', '0', '--auth', keys],
          {stdio: ['ignore', 'pipe', 'inherit']});
      const exited = once(server, 'exit');
      try {
        const origin = await readyOrigin(server);
        const signed = await browser.newPage({viewport: {width: 1400, height: 900}});
        signed.setDefaultTimeout(10_000);
        await signed.goto(`${origin}/console`);
        // The placeholder key is refused, as DynamoDB refuses an unknown one.
        const form = signed.getByTestId('sign-in');
        await form.waitFor();
        assert.match(await form.textContent(),
            /UnrecognizedClientException: The security token included in the request is invalid\./);
        // A wrong secret: the signature does not match.
        await form.locator('[name=accessKeyId]').fill('AKIDCONSOLE');
        await form.locator('[name=secret]').fill('not-the-secret');
        await form.getByRole('button', {name: 'Sign requests'}).click();
        await signed.waitForFunction(() => /InvalidSignatureException/.test(
            document.querySelector('#sign-in-reason').textContent));
        await form.locator('[name=accessKeyId]').fill('AKIDCONSOLE');
        await form.locator('[name=secret]').fill('console-secret');
        await form.getByRole('button', {name: 'Sign requests'}).click();
        await form.waitFor({state: 'hidden'});
        // DynamoDB's API, signed: a table created from the form.
        const create = signed.getByTestId('create-table');
        await create.locator('[name=name]').fill('signed_table');
        await create.locator('[name=pk]').fill('pk');
        await create.getByRole('button', {name: 'Create'}).click();
        await signed.locator('tr[data-table="signed_table"]').waitFor();
        // A helper endpoint, signed: the key-design view.
        await signed.locator('tr[data-table="signed_table"]')
            .getByRole('button', {name: 'Key design'}).click();
        await signed.getByTestId('partitions-summary').waitFor();
        await signed.waitForFunction(() => /^0 partition keys, 0 items/.test(
            document.querySelector('#partitions-summary').textContent));
        await signed.screenshot({path: join(output, '6-signed.png'), fullPage: true});
        // No request of the page was refused on the way.
        assert.notEqual(
            await signed.getByTestId('notice').getAttribute('class'), 'error');
        await signed.close();
      } finally {
        server.kill('SIGTERM');
        const [code] = await exited;
        assert.equal(code, 0);
      }
    });
