// Keyplan's library-schema exports, proved with the libraries themselves and no network: for every
// sample design, export it as ElectroDB entities, a OneTable schema and DynamoDB Toolbox
// definitions (TypeScript, type-checked with tsc against the library's own types), load each,
// and for every example item Keyplan renders (keyplan-cli examples) ask the library for the
// request parameters of a put and of a key lookup (ElectroDB .params(), OneTable execute: false,
// Toolbox build commands' .params()). The keys the library would write and look up must be the
// keys Keyplan's templates render for the same values, and the item must carry the design's type
// attribute. An index whose key is several attributes (a multi-attribute GSI) is proved by the
// request each library builds to query it for every example item in it (ElectroDB's composite
// index, Toolbox's partitionKeys/sortKeys): each key attribute named with `=` and the item's own
// value; OneTable, which cannot hold one, must refuse the export (exit 3) naming every such index.
// Usage: node check.mjs KEYPLAN_CLI DESIGN_DIR... (every *.keyplan.json in each)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL, fileURLToPath } from 'node:url';
import assert from 'node:assert/strict';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { Table as OneTable } from 'dynamodb-onetable';
import { PutItemCommand, GetItemCommand, QueryCommand } from 'dynamodb-toolbox';
import ts from 'typescript';

const [cli, ...designDirs] = process.argv.slice(2);
if (!cli || designDirs.length === 0) { console.error('usage: node check.mjs KEYPLAN_CLI DESIGN_DIR...'); process.exit(2); }
const designPaths = new Map();  // name -> file
for (const dir of designDirs)
  for (const f of fs.readdirSync(dir).filter(f => f.endsWith('.keyplan.json'))) designPaths.set(f.replace('.keyplan.json', ''), path.join(dir, f));
const designFile = sample => designPaths.get(sample);
const here = path.dirname(fileURLToPath(import.meta.url));
const work = fs.mkdtempSync(path.join(here, 'run-'));
let passed = 0, failed = 0;

function keyplan(...args) {
  return execFileSync(cli, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 << 20 });
}

// The design's multi-attribute indexes, read off its file: { name, partition: [...], sort: [...] }.
function multiAttributeIndexes(sample) {
  const names = key => key === undefined ? [] : (Array.isArray(key) ? key : [key]).map(k => typeof k === 'string' ? k : k.name);
  return (JSON.parse(fs.readFileSync(designFile(sample), 'utf8')).indexes ?? [])
    .filter(i => Array.isArray(i.partitionKey) || Array.isArray(i.sortKey))
    .map(i => ({ name: i.name, partition: names(i.partitionKey), sort: names(i.sortKey) }));
}

// A KeyConditionExpression as [attribute, operator, value] triples, its placeholders resolved
// (ElectroDB and Toolbox both write `#name = :value` clauses joined by AND).
function keyConditions(params) {
  return params.KeyConditionExpression.split(' AND ').map(clause => {
    const [name, op, value] = clause.trim().replace(/^\(|\)$/g, '').split(/\s+/);
    return [params.ExpressionAttributeNames[name], op, params.ExpressionAttributeValues[value]];
  });
}

// The conditions a Query of `index` for the example's own values must hold: every key attribute
// of the index with `=` and the item's value, in key order.
function expectedConditions(index, item) {
  return [...index.partition, ...index.sort].map(a => [a, '=', item[a]]);
}

async function check(name, fn) {
  try { await fn(); passed++; console.log(`ok - ${name}`); }
  catch (e) { failed++; console.log(`not ok - ${name}: ${e.stack || e}`); }
}

// The attribute values a caller would give the library for an example item: everything but the
// key attributes and the discriminator, plus the key-only values Keyplan keeps inside its keys.
function inputOf(example, examples) {
  const item = unmarshall(example.item);
  // A key attribute that is the entity's own attribute (a multi-attribute index's) stays, typed.
  for (const k of examples.keyAttributes) if (!(k in example.values)) delete item[k];
  delete item[examples.typeAttribute];
  for (const [name, text] of Object.entries(example.values)) if (!(name in item)) item[name] = text;
  return item;
}

// The keys the library put: every key Keyplan renders is there with the same value, and no other
// key attribute is written (a sparse index stays sparse). A `lenient` key may be missing or
// present, but when written it holds the value Keyplan renders.
function expectKeys(written, example, examples, label, lenient = []) {
  for (const [k, v] of Object.entries(example.keys)) {
    if (lenient.includes(k) && written[k] === undefined) continue;
    // A number key the library was given as a number (an attribute that is a multi-attribute
    // index's key) is compared as one: 12.5 is the key Keyplan writes as 12.50.
    if (typeof written[k] === 'number') assert.equal(written[k], Number(v), `${label}: ${k}`);
    else assert.equal(String(written[k]), v, `${label}: ${k}`);
  }
  for (const k of examples.keyAttributes) {
    if (!(k in example.keys) && !lenient.includes(k)) assert.equal(written[k], undefined, `${label}: ${k} should be absent`);
  }
}

function tableKeyOf(example, examples) {
  const key = {};
  for (const k of examples.tableKeys) key[k] = example.keys[k];
  return key;
}

const client = new DynamoDBClient({ region: 'us-east-1', credentials: { accessKeyId: 'none', secretAccessKey: 'none' } });

async function checkElectroDb(sample, examples) {
  const file = path.join(work, `${sample}.electrodb.mjs`);
  fs.writeFileSync(file, keyplan('export', designFile(sample), '--format', 'electrodb'));
  const mod = await import(pathToFileURL(file));
  const entities = Object.values(mod.service.entities);
  for (const [i, example] of examples.items.entries()) {
    await check(`${sample}: ElectroDB ${example.entity} #${i}`, async () => {
      const entity = entities.find(e => e.model.entity === example.type);
      assert.ok(entity, `no ElectroDB entity for ${example.type}`);
      const input = inputOf(example, examples);
      const put = entity.put(input).params();
      // ElectroDB's condition holds for an index as a whole: where a conditional key is not
      // written, it writes neither of that index's keys, where the design writes the other one
      // alone (the export says so). The item is in the index in neither case.
      const skipped = examples.indexes.filter(keys => keys.some(k => example.conditionalKeys.includes(k) && !(k in example.keys)));
      expectKeys(put.Item, example, examples, 'put', skipped.flat());
      for (const keys of skipped) assert.ok(keys.some(k => put.Item[k] === undefined), `put: the item is in the index of ${keys}`);
      assert.equal(put.Item[examples.typeAttribute], example.type);
      assert.equal(put.TableName, examples.table);
      const get = entity.get(input).params();
      assert.deepEqual(get.Key, tableKeyOf(example, examples));
      for (const index of multiAttributeIndexes(sample)) {
        if (![...index.partition, ...index.sort].every(a => a in example.keys)) continue;
        const item = unmarshall(example.item);
        const query = entity.query[index.name](Object.fromEntries([...index.partition, ...index.sort].map(a => [a, item[a]]))).params();
        assert.equal(query.IndexName, index.name);
        assert.deepEqual(keyConditions(query), expectedConditions(index, item), `query ${index.name}`);
      }
    });
  }
}

// OneTable cannot hold a multi-attribute index key: the export writes nothing and exits 3, naming
// every such index.
function oneTableRefuses(sample, indexes) {
  try {
    keyplan('export', designFile(sample), '--format', 'onetable');
  } catch (e) {
    assert.equal(e.status, 3, `exit status: ${e.stderr}`);
    assert.equal(e.stdout, '');
    for (const index of indexes) assert.match(e.stderr, new RegExp(`cannot hold the multi-attribute key.*${index.name}`));
    return;
  }
  assert.fail('the OneTable export of a multi-attribute index key was not refused');
}

async function checkOneTable(sample, examples) {
  const multi = multiAttributeIndexes(sample);
  if (multi.length) return check(`${sample}: OneTable refuses ${multi.map(i => i.name).join(', ')}`, async () => oneTableRefuses(sample, multi));
  const text = keyplan('export', designFile(sample), '--format', 'onetable');
  const table = new OneTable({ name: examples.table, client, schema: JSON.parse(text), partial: false });
  for (const [i, example] of examples.items.entries()) {
    await check(`${sample}: OneTable ${example.entity} #${i}`, async () => {
      const model = table.getModel(example.type);
      const input = inputOf(example, examples);
      const put = await model.create(input, { execute: false, exists: null });
      const item = unmarshall(put.Item);
      // A key written only under a condition is a known limit of a OneTable schema (the export
      // warns about it): OneTable writes it whatever the condition says.
      expectKeys(item, example, examples, 'put', example.conditionalKeys);
      assert.equal(item[examples.typeAttribute], example.type);
      assert.equal(put.TableName, examples.table);
      const get = await model.get(input, { execute: false });
      assert.deepEqual(unmarshall(get.Key), tableKeyOf(example, examples));
    });
  }
}

function compileToolbox(sources) {
  const options = { strict: true, noEmit: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext, skipLibCheck: true, types: [] };
  const program = ts.createProgram(sources, options);
  const diagnostics = ts.getPreEmitDiagnostics(program);
  return diagnostics.map(d => ts.flattenDiagnosticMessageText(d.messageText, '\n') +
    (d.file ? ` (${path.basename(d.file.fileName)}:${d.file.getLineAndCharacterOfPosition(d.start).line + 1})` : ''));
}

async function checkToolbox(sample, examples, typeErrors) {
  const tsFile = path.join(work, `${sample}.toolbox.ts`);
  await check(`${sample}: Toolbox definitions type-check`, async () => {
    const mine = typeErrors.filter(e => e.includes(`${sample}.toolbox.ts`));
    assert.deepEqual(mine, []);
  });
  const js = ts.transpileModule(fs.readFileSync(tsFile, 'utf8'), { compilerOptions: { module: ts.ModuleKind.ES2022, target: ts.ScriptTarget.ES2022 } });
  const jsFile = path.join(work, `${sample}.toolbox.mjs`);
  fs.writeFileSync(jsFile, js.outputText);
  const mod = await import(pathToFileURL(jsFile));
  const entities = Object.values(mod).filter(v => v && v.type === 'entity');
  for (const [i, example] of examples.items.entries()) {
    await check(`${sample}: Toolbox ${example.entity} #${i}`, async () => {
      const entity = entities.find(e => e.entityName === example.type);
      assert.ok(entity, `no Toolbox entity for ${example.type}`);
      const input = inputOf(example, examples);
      const put = entity.build(PutItemCommand).item(input).params();
      expectKeys(put.Item, example, examples, 'put');
      assert.equal(put.Item[examples.typeAttribute], example.type);
      assert.equal(put.TableName, examples.table);
      const get = entity.build(GetItemCommand).key(input).params();
      assert.deepEqual(get.Key, tableKeyOf(example, examples));
      for (const index of multiAttributeIndexes(sample)) {
        if (![...index.partition, ...index.sort].every(a => a in example.keys)) continue;
        const item = unmarshall(example.item);
        const query = entity.table.build(QueryCommand)
          .query({ index: index.name, partition: index.partition.map(a => item[a]), range: index.sort.map(a => item[a]) }).params();
        assert.equal(query.IndexName, index.name);
        assert.deepEqual(keyConditions(query), expectedConditions(index, item), `query ${index.name}`);
      }
    });
  }
}

// Composite (multi-attribute) indexes came with ElectroDB 3.7, partitionKeys with Toolbox 2.10.
const versionOf = name => JSON.parse(fs.readFileSync(path.join(here, 'node_modules', name, 'package.json'), 'utf8')).version;
const atLeast = (version, [major, minor]) => { const [a, b] = version.split('.').map(Number); return a > major || (a === major && b >= minor); };
await check('ElectroDB 3.7 or later and DynamoDB Toolbox 2.10 or later are installed', async () => {
  assert.ok(atLeast(versionOf('electrodb'), [3, 7]), versionOf('electrodb'));
  assert.ok(atLeast(versionOf('dynamodb-toolbox'), [2, 10]), versionOf('dynamodb-toolbox'));
});

try {
  const samples = [...designPaths.keys()].sort();
  assert.ok(samples.length > 0, `no designs in ${designDirs.join(', ')}`);
  const tsFiles = samples.map(sample => {
    const file = path.join(work, `${sample}.toolbox.ts`);
    fs.writeFileSync(file, keyplan('export', designFile(sample), '--format', 'toolbox'));
    return file;
  });
  const typeErrors = compileToolbox(tsFiles);
  for (const sample of samples) {
    const examples = JSON.parse(keyplan('examples', designFile(sample)));
    assert.ok(examples.items.length > 0);
    await checkElectroDb(sample, examples);
    await checkOneTable(sample, examples);
    await checkToolbox(sample, examples, typeErrors);
  }
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
