// Keyplan's AWS CDK and Terraform exports, proved with the tools themselves and no network: for
// every design given, the CDK stack (TypeScript) is type-checked with tsc against aws-cdk-lib's own
// types, compiled, and synthesized in-process by aws-cdk-lib (App.synth(), what `cdk synth` runs);
// the table it synthesizes (an AWS::DynamoDB::GlobalTable, which is what TableV2 deploys) must be
// the table of Keyplan's CloudFormation export (an AWS::DynamoDB::Table): the same name, key
// schema, attribute definitions, GSIs and LSIs with their key schemas and projections, billing and
// capacity, point-in-time recovery, the stream's view type and the Time to Live attribute. The
// Terraform configuration is parsed with @cdktf/hcl2json (HashiCorp's HCL parser compiled to
// WebAssembly) and its aws_dynamodb_table must name the same.
// The CloudFormation export itself (JSON and YAML) and the synthesized stack pass AWS's offline
// CloudFormation validator (@aws/cloudformation-validate, which aws-cdk-lib bundles and runs on
// every synth) with no error or warning.
// A GSI whose partition or sort key is several attributes (AWS's multi-attribute keys) must come out
// of aws-cdk-lib and the HCL parser with the same KeySchema, in order.
// Usage: node check.mjs KEYPLAN_CLI DESIGN_DIR... (every *.keyplan.json in each)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import assert from 'node:assert/strict';
import ts from 'typescript';
import { parse as parseHcl } from '@cdktf/hcl2json';

const [cli, ...designDirs] = process.argv.slice(2);
if (!cli || designDirs.length === 0) { console.error('usage: node check.mjs KEYPLAN_CLI DESIGN_DIR...'); process.exit(2); }
const designs = new Map();  // name -> file
for (const dir of designDirs)
  for (const f of fs.readdirSync(dir).filter(f => f.endsWith('.keyplan.json'))) designs.set(f.replace('.keyplan.json', ''), path.join(dir, f));
const here = path.dirname(fileURLToPath(import.meta.url));
const work = fs.mkdtempSync(path.join(here, 'run-'));
const require = createRequire(path.join(here, 'check.mjs'));
const cdk = require('aws-cdk-lib');
const validator = createRequire(require.resolve('aws-cdk-lib/package.json'))('@aws/cloudformation-validate');
let passed = 0, failed = 0;

function keyplan(...args) {
  return execFileSync(cli, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 << 20 });
}

async function check(name, fn) {
  try { await fn(); passed++; console.log(`ok - ${name}`); }
  catch (e) { failed++; console.log(`not ok - ${name}: ${e.stack || e}`); }
}

// ---- The table both exports must describe, read off Keyplan's CloudFormation template ----------

function keySchema(schema) { return schema.map(k => `${k.AttributeName} ${k.KeyType}`); }
function projection(p) { return { type: p.ProjectionType, nonKey: p.NonKeyAttributes ?? [] }; }
function definitions(defs) { return Object.fromEntries(defs.map(d => [d.AttributeName, d.AttributeType])); }

function fromCloudFormation(template) {
  const tables = Object.values(template.Resources).filter(r => r.Type === 'AWS::DynamoDB::Table');
  assert.equal(tables.length, 1, 'one AWS::DynamoDB::Table');
  const p = tables[0].Properties;
  const capacity = t => t ? { read: t.ReadCapacityUnits, write: t.WriteCapacityUnits } : null;
  return {
    name: p.TableName,
    keySchema: keySchema(p.KeySchema),
    definitions: definitions(p.AttributeDefinitions),
    billing: p.BillingMode,
    capacity: capacity(p.ProvisionedThroughput),
    gsis: (p.GlobalSecondaryIndexes ?? []).map(g => ({ name: g.IndexName, keySchema: keySchema(g.KeySchema),
      projection: projection(g.Projection), capacity: capacity(g.ProvisionedThroughput) })),
    lsis: (p.LocalSecondaryIndexes ?? []).map(l => ({ name: l.IndexName, keySchema: keySchema(l.KeySchema), projection: projection(l.Projection) })),
    pitr: p.PointInTimeRecoverySpecification?.PointInTimeRecoveryEnabled === true,
    ...changeData(p),
  };
}

// The stream's view type and the Time to Live attribute, where CloudFormation has them (on an
// AWS::DynamoDB::Table and on an AWS::DynamoDB::GlobalTable alike).
function changeData(p) {
  return {
    stream: p.StreamSpecification?.StreamViewType ?? null,
    ttl: p.TimeToLiveSpecification?.Enabled === true ? p.TimeToLiveSpecification.AttributeName : null,
  };
}

// ---- AWS's CloudFormation validator ------------------------------------------------------------

// An error or warning is a failure, with one exception: E1029 ("an embedded parameter outside of an
// Fn::Sub") on a name holding `${`, which CloudFormation reads literally outside Fn::Sub, as DynamoDB
// allows in an attribute name (the edge-case design has one on purpose).
function findings(list) {
  return list.filter(f => /^(error|warn|warning)$/i.test(f.severity))
    .filter(f => !(f.rule === 'E1029' && /AttributeName/.test(f.message)))
    .map(f => `${f.severity} ${f.rule}: ${f.message}`);
}

function validateTemplate(engine, text, name) {
  const report = engine.validateTemplate(new validator.TemplateContent(text, name));
  return findings(report.diagnostics.map(d => ({ severity: d.severity, rule: d.ruleId, message: d.message })));
}

// What aws-cdk-lib's own run of the validator found in a synthesized stack (its validation report,
// written only when something was found).
function synthFindings(outdir) {
  const file = path.join(outdir, 'validation-report.json');
  if (!fs.existsSync(file)) return [];
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  return findings(report.pluginReports.flatMap(p => p.violations.map(v => ({ severity: v.severity, rule: v.ruleName, message: v.description }))));
}

// ---- CDK: type-check, compile, synthesize, read the GlobalTable back ---------------------------

function typeErrors(files) {
  const options = { strict: true, noEmit: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext, skipLibCheck: true, types: [] };
  const program = ts.createProgram(files, options);
  return ts.getPreEmitDiagnostics(program).map(d => ts.flattenDiagnosticMessageText(d.messageText, '\n') +
    (d.file ? ` (${path.basename(d.file.fileName)}:${d.file.getLineAndCharacterOfPosition(d.start).line + 1})` : ''));
}

// A write capacity TableV2 can hold only as auto scaled, pinned (minimum = maximum): the fixed
// capacity it stands for, or a description of what it is instead.
function pinnedWrite(settings) {
  const a = settings?.WriteCapacityAutoScalingSettings;
  assert.ok(a, `write capacity: ${JSON.stringify(settings)}`);
  assert.equal(a.MinCapacity, a.MaxCapacity, 'write capacity pinned: minimum = maximum');
  return a.MinCapacity;
}

function synthesize(file, className) {
  const js = ts.transpileModule(fs.readFileSync(file, 'utf8'), { compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 } });
  const jsFile = file.replace(/\.ts$/, '.cjs');
  fs.writeFileSync(jsFile, js.outputText);
  const mod = require(jsFile);
  assert.equal(typeof mod[className], 'function', `the module exports ${className}`);
  const outdir = fs.mkdtempSync(path.join(work, 'cdk.out-'));
  const app = new cdk.App({ outdir });
  new mod[className](app, className, { env: { account: '123456789012', region: 'us-east-1' } });
  const template = app.synth().getStackByName(className).template;
  assert.deepEqual(synthFindings(outdir), [], 'the CloudFormation validator on the synthesized stack');
  return template;
}

function fromCdk(template) {
  const tables = Object.values(template.Resources).filter(r => r.Type === 'AWS::DynamoDB::GlobalTable');
  assert.equal(tables.length, 1, 'one AWS::DynamoDB::GlobalTable');
  assert.deepEqual(Object.values(template.Resources).filter(r => r.Type === 'AWS::DynamoDB::Table'), []);
  const p = tables[0].Properties;
  assert.equal(p.Replicas.length, 1, 'one replica');
  const replica = p.Replicas[0];
  const provisioned = p.BillingMode === 'PROVISIONED';
  const gsiReads = Object.fromEntries((replica.GlobalSecondaryIndexes ?? []).map(g => [g.IndexName, g.ReadProvisionedThroughputSettings?.ReadCapacityUnits]));
  return {
    name: p.TableName,
    keySchema: keySchema(p.KeySchema),
    definitions: definitions(p.AttributeDefinitions),
    billing: p.BillingMode,
    capacity: provisioned ? { read: replica.ReadProvisionedThroughputSettings?.ReadCapacityUnits, write: pinnedWrite(p.WriteProvisionedThroughputSettings) } : null,
    gsis: (p.GlobalSecondaryIndexes ?? []).map(g => ({ name: g.IndexName, keySchema: keySchema(g.KeySchema), projection: projection(g.Projection),
      capacity: provisioned ? { read: gsiReads[g.IndexName], write: pinnedWrite(g.WriteProvisionedThroughputSettings) } : null })),
    lsis: (p.LocalSecondaryIndexes ?? []).map(l => ({ name: l.IndexName, keySchema: keySchema(l.KeySchema), projection: projection(l.Projection) })),
    pitr: replica.PointInTimeRecoverySpecification?.PointInTimeRecoveryEnabled === true,
    ...changeData(p),
  };
}

// ---- Terraform: parse, read the aws_dynamodb_table back ---------------------------------------

// hcl2json gives a string as its template text, escapes decoded but `$${` and `%%{` kept as
// written (an interpolation would come back as `${...}`): the literal Terraform would use, and
// a refusal of any interpolation or directive, which the export must never write.
function literal(text) {
  let out = '';
  for (let i = 0; i < text.length; ++i) {
    const two = text.slice(i, i + 2), three = text.slice(i, i + 3);
    if (three === '$${' || three === '%%{') { out += three.slice(1); i += 2; }
    else if (two === '${' || two === '%{') throw new Error(`an interpolation or directive in ${JSON.stringify(text)}`);
    else out += text[i];
  }
  return out;
}

// Every string of a parsed configuration read as its literal.
function literals(value) {
  if (typeof value === 'string') return literal(value);
  if (Array.isArray(value)) return value.map(literals);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, literals(v)]));
  return value;
}

function fromTerraform(parsed) {
  const config = { ...parsed, resource: literals(parsed.resource) };
  const resources = config.resource?.aws_dynamodb_table ?? {};
  const names = Object.keys(resources);
  assert.equal(names.length, 1, 'one aws_dynamodb_table');
  const [r] = resources[names[0]];
  const provisioned = r.billing_mode === 'PROVISIONED';
  const capacity = b => provisioned ? { read: b.read_capacity, write: b.write_capacity } : null;
  const project = b => ({ type: b.projection_type, nonKey: b.non_key_attributes ?? [] });
  const tableKeys = [`${r.hash_key} HASH`, ...(r.range_key ? [`${r.range_key} RANGE`] : [])];
  assert.ok(config.terraform?.[0]?.required_providers?.[0]?.aws, 'the AWS provider is required');
  for (const output of ['table_name', 'table_arn']) assert.ok(config.output?.[output], `output ${output}`);
  assert.equal(Boolean(config.output?.stream_arn), r.stream_enabled === true, 'output stream_arn with a stream alone');
  return {
    name: r.name,
    keySchema: tableKeys,
    definitions: Object.fromEntries((r.attribute ?? []).map(a => [a.name, a.type])),
    billing: r.billing_mode,
    capacity: capacity(r),
    gsis: (r.global_secondary_index ?? []).map(g => {
      assert.equal(g.hash_key, undefined, `${g.name}: keyed by key_schema, not the deprecated hash_key`);
      return { name: g.name, keySchema: g.key_schema.map(k => `${k.attribute_name} ${k.key_type}`), projection: project(g), capacity: capacity(g) };
    }),
    lsis: (r.local_secondary_index ?? []).map(l => ({ name: l.name, keySchema: [`${r.hash_key} HASH`, `${l.range_key} RANGE`], projection: project(l) })),
    pitr: r.point_in_time_recovery?.[0]?.enabled === true,
    stream: r.stream_enabled === true ? r.stream_view_type : null,
    ttl: r.ttl?.[0]?.enabled === true ? r.ttl[0].attribute_name : null,
  };
}

try {
  const names = [...designs.keys()].sort();
  assert.ok(names.length > 0, `no designs in ${designDirs.join(', ')}`);
  const runs = [];
  for (const name of names) {
    for (const pitr of [false, true]) {
      const flags = pitr ? ['--pitr'] : [];
      const label = `${name}${pitr ? ' (--pitr)' : ''}`;
      const file = path.join(work, `${name}${pitr ? '-pitr' : ''}.cdk.ts`);
      fs.writeFileSync(file, keyplan('export', designs.get(name), '--format', 'cdk', ...flags));
      const expected = fromCloudFormation(JSON.parse(keyplan('export', designs.get(name), '--format', 'cloudformation', ...flags)));
      const className = /export class (\w+) extends cdk\.Stack/.exec(fs.readFileSync(file, 'utf8'))?.[1];
      runs.push({ name, label, file, className, expected, flags });
    }
  }
  // The designs must include a multi-attribute index key (data/infrastructure/tournament), so that
  // partitionKeys/sortKeys and key_schema blocks are proved, not only single keys.
  const multiAttribute = runs.flatMap(r => r.expected.gsis).filter(g => g.keySchema.length > 2 || g.keySchema.filter(k => k.endsWith(' HASH')).length > 1);
  await check('a multi-attribute index key is among the designs checked', async () => assert.ok(multiAttribute.length > 0));
  const errors = typeErrors(runs.map(r => r.file));
  const engine = new validator.CompositeEngine();
  for (const run of runs) {
    await check(`${run.label}: CloudFormation export (JSON and YAML) passes AWS's validator`, async () => {
      for (const format of ['cloudformation', 'cloudformation-yaml']) {
        const text = keyplan('export', designs.get(run.name), '--format', format, ...run.flags);
        assert.deepEqual(validateTemplate(engine, text, `${run.name}.${format === 'cloudformation' ? 'json' : 'yaml'}`), [], format);
      }
    });
    await check(`${run.label}: CDK stack type-checks against aws-cdk-lib`, async () => {
      assert.deepEqual(errors.filter(e => e.includes(`(${path.basename(run.file)}:`)), []);
    });
    await check(`${run.label}: CDK synthesizes the CloudFormation export's table`, async () => {
      assert.ok(run.className, 'a stack class');
      const template = synthesize(run.file, run.className);
      assert.deepEqual(fromCdk(template), run.expected);
      assert.deepEqual(Object.keys(template.Outputs ?? {}).filter(k => /^(Table(Name|Arn)|StreamArn)$/.test(k)).sort(),
        run.expected.stream ? ['StreamArn', 'TableArn', 'TableName'] : ['TableArn', 'TableName']);
    });
    await check(`${run.label}: Terraform parses and names the same table`, async () => {
      const text = keyplan('export', designs.get(run.name), '--format', 'terraform', ...run.flags);
      assert.deepEqual(fromTerraform(await parseHcl(`${run.name}.tf`, text)), run.expected);
    });
  }
  engine.free();
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
