// The analysis preset end to end (`"preset": "analysis"` in .repograph.json): types, functions,
// module-scope data and structure context are published; locals and fields only as bridges
// between two core nodes; every published relation is one of the full graph's (none is
// synthesized); and a bridge that depends on another file (a local calling a function of a file
// that arrives later) follows that file's arrival and removal, equal to a fresh build each time.
import assert from 'node:assert/strict';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { suiteRepository, withBuiltTree } from '../helpers/engine.mjs';

const files = {
  'package.json': '{"name": "preset", "version": "1.0.0"}\n',
  'src/invoice.ts': [
    'export class Invoice {',
    '  currency: Currency = { rate: 1 };',
    '  lines = 2;',
    '  total(): number {',
    '    return this.lines * this.lines;',
    '  }',
    '}',
    'export interface Currency {',
    '  rate: number;',
    '}',
    '',
  ].join('\n'),
  'src/run.ts': [
    "import { makeHandler } from './handlers';",
    'export function run(): number {',
    '  const handler = makeHandler();',
    '  return handler();',
    '}',
    '',
  ].join('\n'),
};

// `limits.alias` reads `limits` itself: a path from limits back to limits (not a bridge) until
// another file reads `limits.alias`.
const linkFiles = {
  'src/limits.ts': 'export const limits = {\n  max: 10,\n  alias: limits,\n};\n',
  'src/walk.ts': "import { limits } from './limits';\nexport function walk(): number {\n  return 1;\n}\n",
};

const handlers = 'export function makeHandler(): () => number {\n  return () => 1;\n}\n';

/** A fresh build of `tree`: its refresh result and exported records. */
function build(tree) {
  return withBuiltTree(tree, (repository, result) => {
    const session = repository.query('default');
    const records = [...session.exportRecords()];
    session.close();
    return { result, symbols: records.filter((r) => r.type === 'symbol').map((r) => r.record), edges: records.filter((r) => r.type === 'edge').map((r) => r.record) };
  });
}

const analysisPolicy = { '.repograph.json': JSON.stringify({ preset: 'analysis' }) };

describe('the analysis preset', () => {
  const suite = suiteRepository({ ...files, ...linkFiles, ...analysisPolicy }, { build: false });

  test('publishes core, context and bridges only, and only relations of the full graph', async () => {
    const result = await suite.repository.refresh('default');
    const session = suite.repository.query('default');
    const records = [...session.exportRecords()];
    session.close();
    const ids = new Set(records.filter((r) => r.type === 'symbol').map((r) => r.record.id));
    assert.ok(ids.has('src/invoice.ts#Invoice.currency'), 'a field that references another core type is a bridge');
    assert.ok(!ids.has('src/invoice.ts#Invoice.lines'), 'a field read by its own class only is not published');
    assert.ok(!ids.has('src/invoice.ts#Currency.rate'), 'a field with no second core end is not published');
    assert.ok(!ids.has('src/run.ts#run.handler'), 'a local whose callee is unresolved has no second core end');
    assert.ok(ids.has('src/run.ts#run') && ids.has('src/invoice.ts#Invoice') && ids.has('src/invoice.ts#Currency'));

    const full = await build({ ...files, ...linkFiles });
    const fullEdges = new Set(full.edges.map((e) => JSON.stringify(e)));
    const edges = records.filter((r) => r.type === 'edge').map((r) => r.record);
    for (const edge of edges) {
      if (edge.from === '.repograph.json') continue;
      assert.ok(fullEdges.has(JSON.stringify(edge)), `published relation ${edge.kind} ${edge.from} -> ${edge.to} is one of the full graph's`);
      assert.ok(ids.has(edge.from) && (edge.to === null || ids.has(edge.to)), 'both ends are published');
    }
    assert.ok(!edges.some((e) => e.from === 'src/run.ts#run' && e.to === 'src/handlers.ts#makeHandler'), 'no call is synthesized');

    const selection = result.report.selection;
    assert.equal(selection.preset, 'analysis');
    assert.equal(selection.published, selection.core + selection.context + selection.bridges);
    assert.equal(selection.published + selection.dropped, full.symbols.length + 1, 'the policy file is one more Document');
    assert.equal(result.report.publication.nodes, ids.size);
    assert.ok(result.report.analysis.entities > 0);
  });

  test('a bridge follows the arrival and removal of its second core end, equal to a fresh build', async () => {
    writeFileSync(join(suite.root, 'src/handlers.ts'), handlers);
    let result = await suite.repository.refresh('default', { paths: ['src/handlers.ts'] });
    let session = suite.repository.query('default');
    assert.ok(session.card({ id: 'src/run.ts#run.handler' }).symbol, 'the local is now a bridge: run -> handler -> makeHandler');
    session.close();
    assert.equal(result.digest, (await build({ ...files, ...linkFiles, ...analysisPolicy, 'src/handlers.ts': handlers })).result.digest);

    rmSync(join(suite.root, 'src/handlers.ts'));
    result = await suite.repository.refresh('default', { paths: ['src/handlers.ts'] });
    session = suite.repository.query('default');
    assert.throws(() => session.card({ id: 'src/run.ts#run.handler' }), { code: 'SymbolNotFound' });
    session.close();
    assert.equal(result.digest, (await build({ ...files, ...linkFiles, ...analysisPolicy })).result.digest);
  });

  test('a body edit in one file that makes another file\'s field a bridge republishes that file too', async () => {
    let session = suite.repository.query('default');
    assert.throws(() => session.card({ id: 'src/limits.ts#limits.alias' }), { code: 'SymbolNotFound' }, 'limits -> alias -> limits returns to itself');
    session.close();
    const edited = linkFiles['src/walk.ts'].replace('return 1;', 'return limits.alias ? 2 : 1;');
    writeFileSync(join(suite.root, 'src/walk.ts'), edited);
    const result = await suite.repository.refresh('default', { paths: ['src/walk.ts'] });
    assert.equal(result.bind.mode, 'incremental');
    session = suite.repository.query('default');
    assert.equal(session.card({ id: 'src/limits.ts#limits.alias' }).symbol.kind, 'property', 'walk -> alias -> limits');
    assert.ok(session.search({ query: 'alias' }).symbols.some((s) => s.id === 'src/limits.ts#limits.alias'), 'search sees the re-selected file');
    session.close();
    assert.ok(result.change.paths.includes('src/limits.ts'), 'the delta names the re-selected file');
    assert.equal(result.digest, (await build({ ...files, ...linkFiles, ...analysisPolicy, 'src/walk.ts': edited })).result.digest);
    writeFileSync(join(suite.root, 'src/walk.ts'), linkFiles['src/walk.ts']);
    await suite.repository.refresh('default', { paths: ['src/walk.ts'] });
  });

  test('an edit that gives a field a second core end publishes it, equal to a fresh build', async () => {
    const path = join(suite.root, 'src/invoice.ts');
    const edited = files['src/invoice.ts'].replace('  lines = 2;', '  lines: Currency = { rate: 2 };').replace('this.lines * this.lines', '2');
    writeFileSync(path, edited);
    const result = await suite.repository.refresh('default', { paths: ['src/invoice.ts'] });
    const session = suite.repository.query('default');
    assert.equal(session.card({ id: 'src/invoice.ts#Invoice.lines' }).symbol.kind, 'property');
    session.close();
    assert.equal(result.digest, (await build({ ...files, ...linkFiles, ...analysisPolicy, 'src/invoice.ts': edited })).result.digest);
  });
});
