// The AWS SDK for JavaScript v3's DynamoDB Streams client against `keyplan-cli serve`: a table
// created with a stream, its records read shard by shard as a poller reads them (ListStreams,
// DescribeStream, GetShardIterator, GetRecords until a closed shard ends), a Time to Live deletion
// seen with DynamoDB's service identity, and a disabled stream read to its end.
// Usage: node streams.mjs /path/to/keyplan-cli
import { spawn } from 'node:child_process';
import assert from 'node:assert/strict';
import {
  DynamoDBClient, CreateTableCommand, PutItemCommand, UpdateItemCommand, DeleteItemCommand, BatchWriteItemCommand,
  UpdateTimeToLiveCommand, DescribeTimeToLiveCommand, UpdateTableCommand,
} from '@aws-sdk/client-dynamodb';
import {
  DynamoDBStreamsClient, ListStreamsCommand, DescribeStreamCommand, GetShardIteratorCommand, GetRecordsCommand,
} from '@aws-sdk/client-dynamodb-streams';

const cli = process.argv[2];
if (!cli) { console.error('usage: node streams.mjs KEYPLAN_CLI'); process.exit(2); }

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
const config = { endpoint: url, region: 'eu-west-2', credentials: { accessKeyId: 'smoke', secretAccessKey: 'smoke' }, maxAttempts: 1 };
const db = new DynamoDBClient(config);
const streams = new DynamoDBStreamsClient(config);
const TableName = 'smoke_events';

// Every record of a stream, shard by shard, parents first, as a poller reads them.
async function readStream(StreamArn) {
  const { StreamDescription } = await streams.send(new DescribeStreamCommand({ StreamArn }));
  const records = [];
  for (const shard of StreamDescription.Shards) {
    let { ShardIterator } = await streams.send(new GetShardIteratorCommand({ StreamArn, ShardId: shard.ShardId, ShardIteratorType: 'TRIM_HORIZON' }));
    while (ShardIterator) {
      const page = await streams.send(new GetRecordsCommand({ ShardIterator, Limit: 2 }));
      records.push(...page.Records);
      if (page.Records.length === 0) break;  // an open shard read to its newest record
      ShardIterator = page.NextShardIterator;
    }
  }
  return { StreamDescription, records };
}

try {
  let StreamArn;
  await check('create a table with a stream', async () => {
    const r = await db.send(new CreateTableCommand({
      TableName, BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [{ AttributeName: 'PK', AttributeType: 'S' }],
      KeySchema: [{ AttributeName: 'PK', KeyType: 'HASH' }],
      StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' },
    }));
    assert.equal(r.TableDescription.StreamSpecification.StreamViewType, 'NEW_AND_OLD_IMAGES');
    StreamArn = r.TableDescription.LatestStreamArn;
    const listed = await streams.send(new ListStreamsCommand({ TableName }));
    assert.deepEqual(listed.Streams.map(s => s.StreamArn), [StreamArn]);
  });

  await check('read a record of every change, in order, with both images', async () => {
    await db.send(new PutItemCommand({ TableName, Item: { PK: S('a'), v: N(1) } }));
    await db.send(new UpdateItemCommand({ TableName, Key: { PK: S('a') }, UpdateExpression: 'SET v = :v', ExpressionAttributeValues: { ':v': N(2) } }));
    await db.send(new UpdateItemCommand({ TableName, Key: { PK: S('a') }, UpdateExpression: 'SET v = :v', ExpressionAttributeValues: { ':v': N(2) } }));
    await db.send(new BatchWriteItemCommand({ RequestItems: { [TableName]: [{ PutRequest: { Item: { PK: S('b') } } }, { PutRequest: { Item: { PK: S('c') } } }] } }));
    await db.send(new DeleteItemCommand({ TableName, Key: { PK: S('a') } }));
    const { records } = await readStream(StreamArn);
    assert.deepEqual(records.map(r => r.eventName), ['INSERT', 'MODIFY', 'INSERT', 'INSERT', 'REMOVE']);
    assert.deepEqual(records.map(r => r.dynamodb.Keys.PK.S), ['a', 'a', 'b', 'c', 'a']);
    assert.equal(records[1].dynamodb.OldImage.v.N, '1');
    assert.equal(records[1].dynamodb.NewImage.v.N, '2');
    assert.equal(records[4].dynamodb.NewImage, undefined);
    for (const r of records) {
      assert.equal(r.awsRegion, 'eu-west-2');
      assert.equal(r.eventSource, 'aws:dynamodb');
      assert.ok(r.dynamodb.ApproximateCreationDateTime instanceof Date);
      assert.ok(r.dynamodb.SizeBytes > 0);
    }
    const sequence = records.map(r => BigInt(r.dynamodb.SequenceNumber));
    for (let i = 1; i < sequence.length; i++) assert.ok(sequence[i] > sequence[i - 1], 'sequence numbers increase');
  });

  await check('see a Time to Live deletion with DynamoDB\'s service identity', async () => {
    await db.send(new UpdateTimeToLiveCommand({ TableName, TimeToLiveSpecification: { AttributeName: 'expires', Enabled: true } }));
    const ttl = await db.send(new DescribeTimeToLiveCommand({ TableName }));
    assert.equal(ttl.TimeToLiveDescription.TimeToLiveStatus, 'ENABLED');
    await db.send(new PutItemCommand({ TableName, Item: { PK: S('session'), expires: N(Math.floor(Date.now() / 1000) - 60) } }));
    const deadline = Date.now() + 20000;
    let removal;
    while (!removal && Date.now() < deadline) {
      const { records } = await readStream(StreamArn);
      removal = records.find(r => r.eventName === 'REMOVE' && r.dynamodb.Keys.PK.S === 'session');
      if (!removal) await new Promise(r => setTimeout(r, 200));
    }
    assert.ok(removal, 'the expired item was deleted');
    assert.deepEqual(removal.userIdentity, { PrincipalId: 'dynamodb.amazonaws.com', Type: 'Service' });
    assert.equal(removal.dynamodb.OldImage.PK.S, 'session');
  });

  await check('read a disabled stream to the end of its closed shard', async () => {
    await db.send(new UpdateTableCommand({ TableName, StreamSpecification: { StreamEnabled: false } }));
    const { StreamDescription, records } = await readStream(StreamArn);
    assert.equal(StreamDescription.StreamStatus, 'DISABLED');
    const last = StreamDescription.Shards.at(-1);
    assert.ok(last.SequenceNumberRange.EndingSequenceNumber);
    assert.equal(records.at(-1).dynamodb.SequenceNumber, last.SequenceNumberRange.EndingSequenceNumber);
  });
} finally {
  db.destroy();
  streams.destroy();
  const exit = new Promise(resolve => proc.on('exit', (code, signal) => resolve({ code, signal })));
  proc.kill('SIGTERM');
  await exit;
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
