// The AWS SDK for JavaScript v3 against `keyplan-cli serve --auth`: accepted with the right key,
// refused with a wrong secret, an unknown key and a clock 20 minutes off, with DynamoDB's
// exception names. Usage: node auth.mjs URL KEY_ID SECRET
import assert from 'node:assert/strict';
import { DynamoDBClient, ListTablesCommand, CreateTableCommand, PutItemCommand, GetItemCommand } from '@aws-sdk/client-dynamodb';

const [url, keyId, secret] = process.argv.slice(2);
const client = (accessKeyId, secretAccessKey, systemClockOffset = 0) =>
  new DynamoDBClient({ endpoint: url, region: 'eu-west-1', credentials: { accessKeyId, secretAccessKey }, maxAttempts: 1,
                       systemClockOffset });
let failed = 0;
async function check(name, fn) {
  try { await fn(); console.log(`ok - ${name}`); } catch (e) { failed++; console.log(`not ok - ${name}: ${e.stack || e}`); }
}
async function refused(db, name, message) {
  try {
    await db.send(new ListTablesCommand({}));
  } catch (e) {
    assert.equal(e.name, name);
    assert.equal(e.$metadata.httpStatusCode, 400);
    if (message) assert.match(e.message, message);
    return;
  }
  assert.fail('the request was accepted');
}

await check('the right key is accepted, writes and reads', async () => {
  const db = client(keyId, secret);
  await db.send(new CreateTableCommand({ TableName: 'js_auth', BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }], KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }] }));
  await db.send(new PutItemCommand({ TableName: 'js_auth', Item: { pk: { S: 'zoë ✓' }, n: { N: '1' } } }));
  const r = await db.send(new GetItemCommand({ TableName: 'js_auth', Key: { pk: { S: 'zoë ✓' } } }));
  assert.equal(r.Item.n.N, '1');
});
await check('a wrong secret is refused', () => refused(client(keyId, secret + 'x'), 'InvalidSignatureException',
  /^The request signature we calculated does not match the signature you provided/));
await check('an unknown key is refused', () => refused(client('AKIDNOBODY', secret), 'UnrecognizedClientException',
  /^The security token included in the request is invalid/));
await check('a clock 20 minutes slow is refused', () => refused(client(keyId, secret, -20 * 60 * 1000), 'InvalidSignatureException',
  /^Signature expired: /));
await check('a clock 20 minutes fast is refused', () => refused(client(keyId, secret, 20 * 60 * 1000), 'InvalidSignatureException',
  /^Signature not yet current: /));
process.exit(failed ? 1 : 0);
