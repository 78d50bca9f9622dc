// The Dynamite console. It talks to the server only through DynamoDB's own
// API (POST / with X-Amz-Target, as any SDK does) and the read-only helper
// endpoints under /console/api (console/console_api.h). No framework, no
// build step: the server embeds this file as it is.
"use strict";

const PAGE_SIZE = 25;

// --- talking to the server -------------------------------------------------

class ApiError extends Error {
  constructor(type, message) {
    super(message ? `${type}: ${message}` : type);
    this.type = type;
  }
}

async function readAnswer(response) {
  const text = await response.text();
  let json = {};
  try {
    json = text ? JSON.parse(text) : {};
  } catch {
    throw new ApiError(`HTTP ${response.status}`, text);
  }
  if (!response.ok) {
    const type = (json.__type || `HTTP ${response.status}`).split("#").pop();
    throw new ApiError(type, json.message || json.Message || "");
  }
  return json;
}

// --- signing -------------------------------------------------------------
//
// Without --auth the server accepts any well-formed Authorization header,
// so the page sends a placeholder one. With --auth it verifies Signature
// Version 4: the page then asks for an access key (kept in this tab's
// sessionStorage only) and signs every request with the browser's Web
// Crypto, which browsers offer only in a secure context (loopback or HTTPS).

const SIGNING_ERRORS = new Set([
  "UnrecognizedClientException", "InvalidSignatureException",
  "IncompleteSignatureException", "MissingAuthenticationTokenException",
]);

function credentials() {
  const saved = sessionStorage.getItem("dynamite-console-credentials");
  return saved ? JSON.parse(saved) : null;
}

const encoder = new TextEncoder();

function hex(buffer) {
  return [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

async function sha256Hex(text) {
  return hex(await crypto.subtle.digest("SHA-256", encoder.encode(text)));
}

async function hmac(key, text) {
  const imported = await crypto.subtle.importKey(
    "raw", typeof key === "string" ? encoder.encode(key) : key,
    { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return crypto.subtle.sign("HMAC", imported, encoder.encode(text));
}

// Adds X-Amz-Date and Authorization to `headers` for a POST of `body` to
// `path`: signed with `keys` (SigV4: host, content type, date and target
// signed), or a placeholder when there are no keys.
async function authorize(path, headers, body, keys) {
  const now = new Date().toISOString().replace(/[-:]|\.\d{3}/g, "");
  const day = now.slice(0, 8);
  headers["X-Amz-Date"] = now;
  if (!keys) {
    headers.Authorization =
      `AWS4-HMAC-SHA256 Credential=console/${day}/ddblocal/dynamodb/aws4_request, ` +
      `SignedHeaders=host;x-amz-date, Signature=${"0".repeat(64)}`;
    return;
  }
  if (!window.crypto || !crypto.subtle) {
    throw new ApiError("Cannot sign",
      "this page is not a secure context (loopback or HTTPS), so the browser " +
      "offers no Web Crypto to sign requests with");
  }
  const signed = { "content-type": headers["Content-Type"], host: location.host,
                   "x-amz-date": now };
  if (headers["X-Amz-Target"]) signed["x-amz-target"] = headers["X-Amz-Target"];
  const names = Object.keys(signed).sort();
  const canonical = [
    "POST", path, "",
    names.map((n) => `${n}:${signed[n]}\n`).join(""),
    names.join(";"),
    await sha256Hex(body),
  ].join("\n");
  const scope = `${day}/${keys.region}/dynamodb/aws4_request`;
  const toSign = ["AWS4-HMAC-SHA256", now, scope, await sha256Hex(canonical)].join("\n");
  let key = await hmac(`AWS4${keys.secret}`, day);
  for (const part of [keys.region, "dynamodb", "aws4_request"]) key = await hmac(key, part);
  headers.Authorization =
    `AWS4-HMAC-SHA256 Credential=${keys.accessKeyId}/${scope}, ` +
    `SignedHeaders=${names.join(";")}, Signature=${hex(await hmac(key, toSign))}`;
}

async function post(path, headers, request) {
  const body = JSON.stringify(request);
  await authorize(path, headers, body, credentials());
  const response = await fetch(path, { method: "POST", headers, body });
  try {
    return await readAnswer(response);
  } catch (error) {
    if (SIGNING_ERRORS.has(error.type)) showSignIn(error.message);
    throw error;
  }
}

// A DynamoDB operation, as an SDK sends it.
function ddb(operation, request) {
  return post("/", {
    "Content-Type": "application/x-amz-json-1.0",
    "X-Amz-Target": `DynamoDB_20120810.${operation}`,
  }, request);
}

function helper(endpoint, request) {
  return post(`/console/api/${endpoint}`,
    { "Content-Type": "application/json" }, request);
}

function showSignIn(reason) {
  $("#sign-in").hidden = false;
  $("#sign-in-reason").textContent =
    `The server verifies signatures (dynamite serve --auth): ${reason}`;
}

// --- small helpers ----------------------------------------------------------

const $ = (selector, root = document) => root.querySelector(selector);
const $$ = (selector, root = document) => [...root.querySelectorAll(selector)];

function element(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (name === "onclick") node.addEventListener("click", value);
    else if (name === "className") node.className = value;
    else node.setAttribute(name, value);
  }
  for (const child of children) {
    node.append(child instanceof Node ? child : String(child));
  }
  return node;
}

function notify(message, isError = false) {
  const notice = $("#notice");
  notice.textContent = message;
  notice.className = isError ? "error" : "";
  notice.hidden = !message;
}

// Runs an action, showing its error (the server's message, as DynamoDB
// words it) instead of throwing.
async function attempt(action) {
  try {
    return await action();
  } catch (error) {
    notify(error.message, true);
    return undefined;
  }
}

function bytes(n) {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

// One AttributeValue as a cell: S and N as their text, the rest as JSON.
function cellText(value) {
  if (value === undefined) return "";
  if ("S" in value) return value.S;
  if ("N" in value) return value.N;
  return JSON.stringify(value);
}

// The attribute names of `items`, the key attributes first.
function columns(items, keys) {
  const names = new Set();
  for (const item of items) for (const name of Object.keys(item)) names.add(name);
  for (const key of keys) names.delete(key);
  return [...keys, ...[...names].sort()];
}

function fillGrid(table, items, keys, actions) {
  const names = columns(items, keys);
  const head = element("tr");
  for (const name of names) {
    head.append(element("th", keys.includes(name) ? { className: "key" } : {}, name));
  }
  if (actions) head.append(element("th"));
  $("thead", table).replaceChildren(head);
  const rows = items.map((item) => {
    const row = element("tr");
    for (const name of names) {
      row.append(element("td", { className: "value" }, cellText(item[name])));
    }
    if (actions) row.append(element("td", {}, ...actions(item)));
    return row;
  });
  $("tbody", table).replaceChildren(...rows);
}

// --- state ------------------------------------------------------------------

const state = {
  tables: [],        // names
  table: null,       // the chosen table's name
  description: null, // its DescribeTable
  pages: [],         // ExclusiveStartKeys of the items pages seen
};

// A table's LSIs and GSIs.
function indexesOf(description) {
  return [...(description.LocalSecondaryIndexes || []),
          ...(description.GlobalSecondaryIndexes || [])];
}

// The key of the table, or of its index `indexName`, split into its
// partition-key and sort-key attributes in key order (a multi-attribute GSI
// key has up to four of each).
function keyParts(description, indexName) {
  const schema = indexName
    ? indexesOf(description).find((i) => i.IndexName === indexName).KeySchema
    : description.KeySchema;
  const names = (type) => schema.filter((k) => k.KeyType === type).map((k) => k.AttributeName);
  return { partition: names("HASH"), sort: names("RANGE") };
}

// The key attributes, partition key first.
function keyNames(description, indexName = "") {
  const { partition, sort } = keyParts(description, indexName);
  return [...partition, ...sort];
}

function attributeType(description, name) {
  const definition = description.AttributeDefinitions.find(
    (d) => d.AttributeName === name);
  return definition ? definition.AttributeType : "S";
}

async function loadTables() {
  const names = [];
  let start;
  do {
    const page = await ddb("ListTables",
      start ? { ExclusiveStartTableName: start } : {});
    names.push(...page.TableNames);
    start = page.LastEvaluatedTableName;
  } while (start);
  state.tables = names;
  const picker = $("#table-picker");
  picker.replaceChildren(...names.map((n) => element("option", { value: n }, n)));
  if (!names.includes(state.table)) state.table = names[0] || null;
  picker.value = state.table || "";
}

async function describe(name) {
  return (await ddb("DescribeTable", { TableName: name })).Table;
}

// --- Tables -------------------------------------------------------------------

function keySchemaText(keySchema, description) {
  return keySchema
    .map((k) => `${k.AttributeName} (${k.KeyType}, ${attributeType(description, k.AttributeName)})`)
    .join(", ");
}

function indexesText(description) {
  const indexes = [
    ...(description.LocalSecondaryIndexes || []).map((i) => ["LSI", i]),
    ...(description.GlobalSecondaryIndexes || []).map((i) => ["GSI", i]),
  ];
  return indexes
    .map(([kind, i]) => `${kind} ${i.IndexName}: ${i.KeySchema.map((k) => k.AttributeName).join(", ")}`)
    .join("; ");
}

async function showTables() {
  await loadTables();
  const descriptions = await Promise.all(state.tables.map(describe));
  const rows = descriptions.map((d) => element("tr", { "data-table": d.TableName },
    element("td", {}, d.TableName),
    element("td", {}, d.ItemCount),
    element("td", {}, bytes(d.TableSizeBytes)),
    element("td", {}, keySchemaText(d.KeySchema, d)),
    element("td", {}, indexesText(d)),
    element("td", {},
      element("button", { onclick: () => go("items", d.TableName) }, "Items"),
      element("button", { onclick: () => go("query", d.TableName) }, "Query"),
      element("button", { onclick: () => go("design", d.TableName) }, "Key design"),
      element("button", {
        className: "danger",
        onclick: () => attempt(async () => {
          if (!confirm(`Delete table ${d.TableName} and all its items?`)) return;
          await ddb("DeleteTable", { TableName: d.TableName });
          notify(`Deleted table ${d.TableName}`);
          await showTables();
        }),
      }, "Delete"))));
  $("#view-tables tbody").replaceChildren(...rows);
  $("[data-testid=no-tables]").hidden = rows.length > 0;
}

async function createTable(form) {
  const data = new FormData(form);
  const name = data.get("name").trim();
  const pk = data.get("pk").trim();
  const sk = data.get("sk").trim();
  const request = {
    TableName: name,
    KeySchema: [{ AttributeName: pk, KeyType: "HASH" }],
    AttributeDefinitions: [{ AttributeName: pk, AttributeType: data.get("pkType") }],
    BillingMode: "PAY_PER_REQUEST",
  };
  if (sk) {
    request.KeySchema.push({ AttributeName: sk, KeyType: "RANGE" });
    request.AttributeDefinitions.push({ AttributeName: sk, AttributeType: data.get("skType") });
  }
  await ddb("CreateTable", request);
  form.reset();
  notify(`Created table ${name}`);
  state.table = name;
  await showTables();
}

// --- Items --------------------------------------------------------------------

async function showItems(startKey) {
  if (!state.table) return;
  state.description = await describe(state.table);
  const keys = keyNames(state.description);
  const request = { TableName: state.table, Limit: PAGE_SIZE };
  if (startKey) request.ExclusiveStartKey = startKey;
  const page = await ddb("Scan", request);
  state.next = page.LastEvaluatedKey;
  $("#next-page").disabled = !page.LastEvaluatedKey;
  $("#items-summary").textContent =
    `${page.Count} item${page.Count === 1 ? "" : "s"} on this page of ` +
    `${state.description.ItemCount}`;
  fillGrid($("[data-testid=items]"), page.Items, keys, (item) => [
    element("button", { onclick: () => openEditor(item) }, "Edit"),
    element("button", {
      className: "danger",
      onclick: () => attempt(async () => {
        const key = Object.fromEntries(keys.map((k) => [k, item[k]]));
        await ddb("DeleteItem", { TableName: state.table, Key: key });
        notify("Deleted the item");
        await showItems(startKey);
      }),
    }, "Delete"),
  ]);
}

function openEditor(item) {
  const keys = keyNames(state.description);
  const template = item || Object.fromEntries(
    keys.map((k) => [k, { [attributeType(state.description, k)]: "" }]));
  $("#editor-text").value = JSON.stringify(template, null, 2);
  $("#editor").hidden = false;
  $("#editor-text").focus();
}

async function saveEditor() {
  let item;
  try {
    item = JSON.parse($("#editor-text").value);
  } catch (error) {
    throw new ApiError("Not JSON", error.message);
  }
  await ddb("PutItem", { TableName: state.table, Item: item });
  $("#editor").hidden = true;
  notify("Saved the item");
  await showItems(state.pages[state.pages.length - 1]);
}

// --- Query --------------------------------------------------------------------

async function showQuery() {
  if (!state.table) return;
  state.description = await describe(state.table);
  const d = state.description;
  const choices = [element("option", { value: "" }, `table ${d.TableName}`)];
  for (const i of indexesOf(d)) {
    choices.push(element("option", { value: i.IndexName }, `index ${i.IndexName}`));
  }
  const select = $("[data-testid=query-index]");
  const chosen = select.value;
  select.replaceChildren(...choices);
  if ([...select.options].some((o) => o.value === chosen)) select.value = chosen;
  labelQueryKeys();
}

const SORT_OPERATORS = ["=", "<", "<=", ">", ">=", "BETWEEN", "begins_with"];

// One input per partition-key attribute, and per sort-key attribute an
// operator and its values; test ids as the single-attribute form's, with
// "-N" after the first.
function labelQueryKeys() {
  const d = state.description;
  const { partition, sort } = keyParts(d, $("[data-testid=query-index]").value);
  const suffix = (i) => (i === 0 ? "" : `-${i}`);
  const inputs = partition.map((name, i) => element("label", {},
    `${name} (${attributeType(d, name)}) = `,
    element("input", { name: `pk${i}`, "data-testid": `query-pk${suffix(i)}`, required: "" })));
  sort.forEach((name, i) => {
    const op = element("select", { name: `op${i}`, "data-testid": `query-op${suffix(i)}` },
      element("option", { value: "" }, "(any)"),
      ...SORT_OPERATORS.map((o) => element("option", {}, o)));
    const upper = element("input", {
      name: `hi${i}`, "data-testid": `query-v2${suffix(i)}`, placeholder: "and", hidden: "" });
    op.addEventListener("change", () => { upper.hidden = op.value !== "BETWEEN"; });
    inputs.push(element("label", {}, `${name} (${attributeType(d, name)}) `, op),
      element("input", { name: `lo${i}`, "data-testid": `query-v1${suffix(i)}`, placeholder: "value" }),
      upper);
  });
  $("#key-inputs").replaceChildren(...inputs);
}

function typed(type, text) {
  return { [type]: text };
}

function snippets(request) {
  const json = JSON.stringify(request, null, 2);
  const origin = location.origin;
  return {
    boto3:
      `import boto3\n\nclient = boto3.client("dynamodb", endpoint_url="${origin}")\n` +
      `response = client.query(**${json})`,
    cli:
      `aws dynamodb query --endpoint-url ${origin} \\\n  --cli-input-json '` +
      `${JSON.stringify(request).replaceAll("'", "'\\''")}'`,
    js:
      `import { DynamoDBClient, QueryCommand } from "@aws-sdk/client-dynamodb";\n\n` +
      `const client = new DynamoDBClient({ endpoint: "${origin}" });\n` +
      `const response = await client.send(new QueryCommand(${json}));`,
  };
}

function capacityText(capacity) {
  return capacity ? ` · ${capacity.CapacityUnits} RCU` : "";
}

async function runQuery(form) {
  const data = new FormData(form);
  const indexName = data.get("index");
  const d = state.description;
  const { partition, sort } = keyParts(d, indexName);
  const request = {
    TableName: state.table,
    PartitionValues: partition.map((name, i) => typed(attributeType(d, name), data.get(`pk${i}`))),
  };
  if (indexName) request.IndexName = indexName;
  // The sort-key attributes tested: a run from the first, each `=` but
  // the last, as DynamoDB's key conditions allow.
  const tested = sort.map((name, i) => ({ name, i, op: data.get(`op${i}`) }))
    .filter((t) => t.op);
  if (tested.some((t, n) => t.i !== n)) {
    throw new ApiError("Key condition",
      `test the sort-key attributes in order from the first (${sort.join(", ")})`);
  }
  if (tested.slice(0, -1).some((t) => t.op !== "=")) {
    throw new ApiError("Key condition",
      "only the last sort-key attribute tested may use an operator other than =");
  }
  const value = (t, field) => typed(attributeType(d, t.name), data.get(`${field}${t.i}`));
  if (tested.length > 1) request.SortKeyEqualities = tested.slice(0, -1).map((t) => value(t, "lo"));
  if (tested.length > 0) {
    const last = tested[tested.length - 1];
    const values = [value(last, "lo")];
    if (last.op === "BETWEEN") values.push(value(last, "hi"));
    request.SortKeyCondition = { Operator: last.op, Values: values };
  }
  const built = await helper("expression", request);
  // The fragment comes with TableName first; the index and the page size
  // follow it, as a request would carry them.
  const query = { TableName: built.TableName };
  if (indexName) query.IndexName = indexName;
  Object.assign(query, built);
  const limit = Number(data.get("limit"));
  if (limit > 0) query.Limit = limit;
  $("#query-request").textContent = JSON.stringify(query, null, 2);
  const code = snippets(query);
  for (const pre of $$("[data-snippet]")) pre.textContent = code[pre.dataset.snippet];
  const [ascending, descending] = await Promise.all([true, false].map((forward) =>
    ddb("Query", { ...query, ScanIndexForward: forward, ReturnConsumedCapacity: "TOTAL" })));
  const keys = [...new Set([...keyNames(d, indexName), ...keyNames(d)])];
  for (const [side, page] of [["ascending", ascending], ["descending", descending]]) {
    const root = $(`[data-testid=query-${side}]`);
    $(".summary", root).textContent =
      `Count ${page.Count} · ScannedCount ${page.ScannedCount}` +
      capacityText(page.ConsumedCapacity) +
      (page.LastEvaluatedKey ? " · more pages" : "");
    fillGrid($("table", root), page.Items, keys);
  }
  $("#query-output").hidden = false;
  notify("");
}

// --- Key design -----------------------------------------------------------------

async function showDesign() {
  if (!state.table) return;
  const [lint, partitions] = await Promise.all([
    helper("lint", { TableName: state.table }),
    helper("partitions", { TableName: state.table }),
  ]);
  const report = lint.tables[0];
  const findings = report ? report.findings : [];
  $("#lint-summary").textContent = findings.length
    ? `${findings.length} finding${findings.length === 1 ? "" : "s"} from dynamite lint`
    : "dynamite lint finds nothing to fix in this table's keys.";
  $("#lint-findings").replaceChildren(...findings.map((f) => element("li", {},
    element("span", { className: `severity ${f.severity}` }, f.severity), " ",
    element("strong", {}, f.rule), f.index ? ` [${f.index}]` : "", ": ", f.message,
    element("div", { className: "examples" }, (f.examples || []).join("  ·  ")),
    f.fix ? element("div", {}, `Fix: ${f.fix}`) : "")));
  $("#partitions-summary").textContent =
    `${partitions.PartitionCount} partition key${partitions.PartitionCount === 1 ? "" : "s"}, ` +
    `${partitions.ItemCount} items, ${bytes(partitions.SizeBytes)}`;
  $("[data-testid=partitions] tbody").replaceChildren(...partitions.Partitions.map((p) =>
    element("tr", {},
      element("td", { className: "value" }, cellText(p.Key)),
      element("td", {}, p.ItemCount),
      element("td", {}, bytes(p.SizeBytes)),
      element("td", {}, partitions.SizeBytes
        ? `${((100 * p.SizeBytes) / partitions.SizeBytes).toFixed(1)}%` : ""))));
}

// --- navigation -------------------------------------------------------------------

const views = {
  tables: showTables,
  items: () => { state.pages = [undefined]; return showItems(); },
  query: showQuery,
  design: showDesign,
};

function go(view, table) {
  if (table) state.table = table;
  location.hash = state.table && view !== "tables"
    ? `${view}/${encodeURIComponent(state.table)}` : view;
}

async function route() {
  const [view, table] = location.hash.slice(1).split("/");
  const name = views[view] ? view : "tables";
  if (table) state.table = decodeURIComponent(table);
  if (state.tables.length === 0 || (state.table && !state.tables.includes(state.table))) {
    await attempt(loadTables);
  }
  $("#table-picker").value = state.table || "";
  for (const section of $$("main > section")) section.hidden = section.id !== `view-${name}`;
  for (const link of $$("nav a")) link.classList.toggle("active", link.dataset.view === name);
  for (const span of $$(".table-name")) span.textContent = state.table || "(no table)";
  $("#editor").hidden = true;
  notify("");
  await attempt(views[name]);
}

function wire() {
  window.addEventListener("hashchange", route);
  $("#sign-in").addEventListener("submit", (event) => {
    event.preventDefault();
    const data = new FormData(event.target);
    sessionStorage.setItem("dynamite-console-credentials", JSON.stringify({
      accessKeyId: data.get("accessKeyId").trim(),
      secret: data.get("secret"),
      region: data.get("region").trim() || "us-east-1",
    }));
    event.target.reset();
    $("#sign-in").hidden = true;
    notify("");
    state.tables = [];
    route();
  });
  $("#table-picker").addEventListener("change", (event) => {
    const [view] = location.hash.slice(1).split("/");
    go(views[view] && view !== "tables" ? view : "items", event.target.value);
  });
  $("#create-table").addEventListener("submit", (event) => {
    event.preventDefault();
    attempt(() => createTable(event.target));
  });
  $("#new-item").addEventListener("click", () => openEditor(null));
  $("#editor-save").addEventListener("click", () => attempt(saveEditor));
  $("#editor-cancel").addEventListener("click", () => { $("#editor").hidden = true; });
  $("#first-page").addEventListener("click", () => {
    state.pages = [undefined];
    attempt(() => showItems());
  });
  $("#next-page").addEventListener("click", () => {
    state.pages.push(state.next);
    attempt(() => showItems(state.next));
  });
  $("[data-testid=query-index]").addEventListener("change", labelQueryKeys);
  $("#query-form").addEventListener("submit", (event) => {
    event.preventDefault();
    attempt(() => runQuery(event.target));
  });
  for (const button of $$("[data-copy]")) {
    button.addEventListener("click", () => attempt(() => navigator.clipboard.writeText(
      $(`[data-snippet=${button.dataset.copy}]`).textContent)));
  }
}

wire();
route();
