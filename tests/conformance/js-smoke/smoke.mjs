// Smoke test: the AWS SDK for JavaScript v3 against `keyplan-cli serve`. Starts the server on a
// free port, creates a table with a GSI, writes, queries (table and index), paginates with the
// SDK's paginator, runs a transaction (committed and cancelled), runs PartiQL (ExecuteStatement
// with parameters and its paginator, an INSERT refused as DuplicateItemException, a batch and a
// transaction), then stops the server with SIGTERM and expects a clean exit. Usage: node smoke.mjs /path/to/keyplan-cli
import { spawn } from 'node:child_process';
import assert from 'node:assert/strict';
import {
  DynamoDBClient, CreateTableCommand, DescribeTableCommand, PutItemCommand, BatchWriteItemCommand, GetItemCommand,
  QueryCommand, TransactWriteItemsCommand, TransactGetItemsCommand, paginateQuery, TransactionCanceledException,
  ExecuteStatementCommand, BatchExecuteStatementCommand, ExecuteTransactionCommand,
  DuplicateItemException,
} from '@aws-sdk/client-dynamodb';

const cli = process.argv[2];
if (!cli) { console.error('usage: node smoke.mjs KEYPLAN_CLI'); process.exit(2); }

function startServer() {
  return new Promise((resolve, reject) => {
    const proc = spawn(cli, ['serve', '--host', '127.0.0.1', '--port', '0', '--in-memory'], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    const timer = setTimeout(() => reject(new Error('server did not start: ' + out)), 15000);
    proc.stdout.on('data', d => {
      out += d;
      const m = out.match(/listening on (http:\/\/[\d.]+:\d+)/);
      if (m) { clearTimeout(timer); resolve({ proc, url: m[1] }); }
    });
    proc.on('exit', code => { clearTimeout(timer); reject(new Error(`server exited with ${code}: ${out}`)); });
  });
}

const S = s => ({ S: s }), N = n => ({ N: String(n) });
let passed = 0, failed = 0;
async function check(name, fn) {
  try { await fn(); passed++; console.log(`ok - ${name}`); }
  catch (e) { failed++; console.log(`not ok - ${name}: ${e.stack || e}`); }
}

const { proc, url } = await startServer();
const db = new DynamoDBClient({ endpoint: url, region: 'us-east-1', credentials: { accessKeyId: 'smoke', secretAccessKey: 'smoke' }, maxAttempts: 1 });
const TableName = 'smoke_orders';

try {
  await check('create a table with a GSI', async () => {
    const r = await db.send(new CreateTableCommand({
      TableName, BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [{ AttributeName: 'PK', AttributeType: 'S' }, { AttributeName: 'SK', AttributeType: 'S' },
        { AttributeName: 'status', AttributeType: 'S' }],
      KeySchema: [{ AttributeName: 'PK', KeyType: 'HASH' }, { AttributeName: 'SK', KeyType: 'RANGE' }],
      GlobalSecondaryIndexes: [{ IndexName: 'byStatus', KeySchema: [{ AttributeName: 'status', KeyType: 'HASH' },
        { AttributeName: 'SK', KeyType: 'RANGE' }], Projection: { ProjectionType: 'ALL' } }],
    }));
    assert.equal(r.TableDescription.TableName, TableName);
    const d = await db.send(new DescribeTableCommand({ TableName }));
    assert.equal(d.Table.TableStatus, 'ACTIVE');
    assert.equal(d.Table.GlobalSecondaryIndexes[0].IndexName, 'byStatus');
  });

  await check('write items (PutItem and BatchWriteItem)', async () => {
    await db.send(new PutItemCommand({ TableName, Item: { PK: S('CUST#1'), SK: S('PROFILE'), name: S('Ada') } }));
    const writes = [];
    for (let o = 1; o <= 12; o++) {
      writes.push({ PutRequest: { Item: { PK: S('CUST#1'), SK: S(`ORDER#${String(o).padStart(3, '0')}`), total: N(o * 2.5),
        status: S(o % 3 === 0 ? 'SHIPPED' : 'PENDING') } } });
    }
    const r = await db.send(new BatchWriteItemCommand({ RequestItems: { [TableName]: writes } }));
    assert.deepEqual(r.UnprocessedItems, {});
    const g = await db.send(new GetItemCommand({ TableName, Key: { PK: S('CUST#1'), SK: S('PROFILE') }, ConsistentRead: true }));
    assert.deepEqual(g.Item.name, S('Ada'));
  });

  await check('query the table and the GSI', async () => {
    const r = await db.send(new QueryCommand({ TableName, KeyConditionExpression: 'PK = :p AND begins_with(SK, :o)',
      ExpressionAttributeValues: { ':p': S('CUST#1'), ':o': S('ORDER#') }, ScanIndexForward: false, ReturnConsumedCapacity: 'TOTAL' }));
    assert.equal(r.Count, 12);
    assert.equal(r.Items[0].SK.S, 'ORDER#012');
    assert.equal(typeof r.ConsumedCapacity.CapacityUnits, 'number');
    const g = await db.send(new QueryCommand({ TableName, IndexName: 'byStatus', KeyConditionExpression: '#s = :s',
      ExpressionAttributeNames: { '#s': 'status' }, ExpressionAttributeValues: { ':s': S('SHIPPED') } }));
    assert.deepEqual(g.Items.map(i => i.SK.S), ['ORDER#003', 'ORDER#006', 'ORDER#009', 'ORDER#012']);
  });

  await check('paginate with the SDK paginator', async () => {
    const pages = [];
    for await (const page of paginateQuery({ client: db, pageSize: 5 }, { TableName, KeyConditionExpression: 'PK = :p',
      ExpressionAttributeValues: { ':p': S('CUST#1') } })) {
      pages.push(page.Items.map(i => i.SK.S));
    }
    assert.deepEqual(pages.map(p => p.length), [5, 5, 3]);
    assert.equal(pages.flat().length, 13);
    assert.equal(new Set(pages.flat()).size, 13);
  });

  await check('transact: commit, then a cancelled transaction changes nothing', async () => {
    await db.send(new TransactWriteItemsCommand({ TransactItems: [
      { Put: { TableName, Item: { PK: S('CUST#2'), SK: S('PROFILE'), name: S('Grace') }, ConditionExpression: 'attribute_not_exists(PK)' } },
      { Update: { TableName, Key: { PK: S('CUST#1'), SK: S('PROFILE') }, UpdateExpression: 'SET orders = :n', ExpressionAttributeValues: { ':n': N(12) } } },
    ] }));
    const got = await db.send(new TransactGetItemsCommand({ TransactItems: [
      { Get: { TableName, Key: { PK: S('CUST#1'), SK: S('PROFILE') } } }, { Get: { TableName, Key: { PK: S('CUST#2'), SK: S('PROFILE') } } }] }));
    assert.equal(got.Responses[0].Item.orders.N, '12');
    assert.equal(got.Responses[1].Item.name.S, 'Grace');
    await assert.rejects(db.send(new TransactWriteItemsCommand({ TransactItems: [
      { Put: { TableName, Item: { PK: S('CUST#3'), SK: S('PROFILE') } } },
      { ConditionCheck: { TableName, Key: { PK: S('CUST#2'), SK: S('PROFILE') }, ConditionExpression: 'attribute_not_exists(PK)' } },
    ] })), e => {
      assert.ok(e instanceof TransactionCanceledException, String(e));
      assert.deepEqual(e.CancellationReasons.map(r => r.Code), ['None', 'ConditionalCheckFailed']);
      return true;
    });
    const none = await db.send(new GetItemCommand({ TableName, Key: { PK: S('CUST#3'), SK: S('PROFILE') } }));
    assert.equal(none.Item, undefined);
  });
  await check('PartiQL: SELECT with parameters, pages by NextToken, capacity', async () => {
    const one = await db.send(new ExecuteStatementCommand({
      Statement: `SELECT name FROM "${TableName}" WHERE PK = ? AND SK = ?`, Parameters: [S('CUST#1'), S('PROFILE')],
      ReturnConsumedCapacity: 'TOTAL' }));
    assert.deepEqual(one.Items, [{ name: S('Ada') }]);
    assert.equal(one.ConsumedCapacity.CapacityUnits, 0.5);
    // ExecuteStatement has no paginator in the SDK: NextToken is followed by hand.
    const pages = [];
    let NextToken;
    do {
      const page = await db.send(new ExecuteStatementCommand({
        Statement: `SELECT SK FROM "${TableName}" WHERE PK = 'CUST#1' AND begins_with(SK, 'ORDER#')`, Limit: 5, NextToken }));
      if (page.Items.length) pages.push(page.Items.map(i => i.SK.S));
      NextToken = page.NextToken;
    } while (NextToken);
    assert.deepEqual(pages.map(p => p.length), [5, 5, 2]);
    assert.equal(new Set(pages.flat()).size, 12);
  });

  await check('PartiQL: INSERT of a key that is there is DuplicateItemException', async () => {
    await assert.rejects(db.send(new ExecuteStatementCommand({
      Statement: `INSERT INTO "${TableName}" VALUE {'PK': 'CUST#1', 'SK': 'PROFILE'}` })), e => {
      assert.ok(e instanceof DuplicateItemException, String(e));
      assert.equal(e.message, 'Duplicate primary key exists in table');
      return true;
    });
  });

  await check('PartiQL: a batch answers statement by statement, a transaction all or nothing', async () => {
    const batch = await db.send(new BatchExecuteStatementCommand({ Statements: [
      { Statement: `INSERT INTO "${TableName}" VALUE {'PK': 'CUST#4', 'SK': 'PROFILE', 'tags': <<'a', 'b'>>}` },
      { Statement: `UPDATE "${TableName}" SET name = 'x' WHERE PK = 'CUST#9' AND SK = 'PROFILE'` }] }));
    assert.equal(batch.Responses[0].Error, undefined);
    assert.equal(batch.Responses[1].Error.Code, 'ConditionalCheckFailed');
    await db.send(new ExecuteTransactionCommand({ TransactStatements: [
      { Statement: `EXISTS(SELECT * FROM "${TableName}" WHERE PK = 'CUST#4' AND SK = 'PROFILE' AND contains(tags, 'a'))` },
      { Statement: `UPDATE "${TableName}" SET visits = ? WHERE PK = 'CUST#1' AND SK = 'PROFILE'`, Parameters: [N(3)] }] }));
    const read = await db.send(new ExecuteTransactionCommand({ TransactStatements: [
      { Statement: `SELECT visits FROM "${TableName}" WHERE PK = 'CUST#1' AND SK = 'PROFILE'` }] }));
    assert.deepEqual(read.Responses[0].Item, { visits: N(3) });
  });
} finally {
  db.destroy();
  const exit = new Promise(resolve => proc.on('exit', (code, signal) => resolve({ code, signal })));
  proc.kill('SIGTERM');
  const { code, signal } = await exit;
  await check('SIGTERM stops the server cleanly', async () => assert.equal(code, 0, `exit ${code} ${signal}`));
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
