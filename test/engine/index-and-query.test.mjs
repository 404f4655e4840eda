// End to end: the built CLI indexes a real git repository (worker pool, LMDB, git objects) and
// answers export and query commands from the store.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { exportGraph, findEdge, gitRepo, indexJson, repograph, tempDir } from '../helpers/repo.mjs';
import { sampleProject } from '../helpers/sample-project.mjs';

describe('index and query a git repository', () => {
  const repo = tempDir();
  const home = tempDir();
  let report;
  let graph;

  before(() => {
    gitRepo(repo.dir, sampleProject);
    report = indexJson(repo.dir, home.dir);
    graph = exportGraph(repo.dir, home.dir);
  });
  after(() => { repo.cleanup(); home.cleanup(); });

  test('the report counts materials and names the commit', () => {
    assert.match(report.commit, /^[0-9a-f]{40}$/);
    assert.equal(report.materials.extracted, 9);
    assert.equal(report.materials.excluded.dependency, 1);
    assert.equal(report.materials.excluded.build_output, 1);
    assert.equal(report.materials.excluded.test_fixture, 1, 'test fixtures are not indexed');
    assert.equal(report.unchanged, false);
    assert.match(report.digest, /^[0-9a-f]{64}$/);
    assert.ok(report.publication.nodes > 20);
  });

  test('symbols carry ids, kinds, ranges and docs', () => {
    const shape = graph.symbols.find((s) => s.id === 'src/shapes/base.ts#Shape');
    assert.equal(shape.kind, 'class');
    assert.equal(shape.exported, true);
    assert.equal(shape.doc, 'A shape with an area.');
    assert.deepEqual(shape.selection.start, { line: 2, column: 23 });
    const grow = graph.symbols.find((s) => s.id === 'src/shapes/circle.ts#Circle.grow');
    assert.equal(grow.kind, 'method');
    assert.equal(grow.container, 'src/shapes/circle.ts#Circle');
    assert.deepEqual(grow.params.map((p) => p.name), ['by']);
    assert.ok(graph.symbols.some((s) => s.id === 'README.md' && s.kind === 'file'));
    assert.ok(!graph.symbols.some((s) => s.path.startsWith('node_modules/') || s.path.startsWith('dist/')));
  });

  test('calls bind through imports, barrels, return types, this and the extends chain', () => {
    const { edges } = graph;
    assert.equal(findEdge(edges, 'calls', 'src/main.ts#main', 'src/registry.ts#createRegistry')?.confidence, 'exact');
    assert.equal(findEdge(edges, 'calls', 'src/main.ts#main', 'src/registry.ts#Registry.makeCircle')?.confidence, 'typed');
    assert.ok(findEdge(edges, 'calls', 'src/main.ts#main', 'src/shapes/circle.ts#Circle.grow'), 'through the renaming re-export');
    assert.ok(findEdge(edges, 'calls', 'src/main.ts#main', 'src/shapes/base.ts#Shape.describe'), 'inherited method on a return value');
    assert.ok(findEdge(edges, 'calls', 'src/main.ts#main', 'src/util.ts#helpers.twice'), 'object-literal method');
    assert.ok(findEdge(edges, 'calls', 'src/main.ts#run', 'src/main.ts#run.callback'), 'a parameter called as a function');
    assert.ok(findEdge(edges, 'calls', 'src/shapes/base.ts#Shape.describe', 'src/shapes/base.ts#Shape.area'), 'this.area()');
    assert.equal(findEdge(edges, 'calls', 'src/shapes/circle.ts#Circle.grow', 'src/shapes/base.ts#Shape.log')?.confidence, 'typed');
    assert.ok(findEdge(edges, 'instantiates', 'src/shapes/circle.ts#Circle.grow', 'src/shapes/circle.ts#Circle'));
    assert.ok(findEdge(edges, 'calls', 'src/registry.ts#Registry.add', 'src/util.ts#note'), 'namespace import member');
    assert.ok(findEdge(edges, 'extends', 'src/shapes/circle.ts#Circle', 'src/shapes/base.ts#Shape'));
    // As the TypeScript compiler reads CommonJS: `module.exports = { legacyHelper }` (shorthand
    // only) is an export list, so the call reaches the function; with any other member the
    // object's properties are declarations, and the call reaches the property (which reads the
    // function).
    assert.ok(findEdge(edges, 'calls', 'lib/use.js#useIt', 'lib/legacy.js#legacyHelper'), 'CommonJS require + module.exports');
    assert.ok(findEdge(edges, 'calls', 'lib/use.js#useIt', 'lib/mixed.js#module.exports.mixedHelper'));
    assert.ok(findEdge(edges, 'reads', 'lib/mixed.js#module.exports.mixedHelper', 'lib/mixed.js#mixedHelper'));
    assert.ok(findEdge(edges, 'imports', 'src/registry.ts', 'src/shapes/index.ts'));
  });

  test('unresolved references are kept with their name', () => {
    const log = graph.edges.find((e) => e.kind === 'calls' && e.name === 'log' && e.from === 'src/shapes/base.ts#Shape.log');
    assert.ok(log, 'console.log is kept');
    assert.equal(log.to, null);
  });

  test('the export is sorted: symbols by id, then edges by site', () => {
    const ids = graph.symbols.map((s) => s.id);
    assert.deepEqual(ids, [...ids].sort());
    const firstEdge = graph.rows.findIndex((r) => r.type === 'edge');
    assert.ok(graph.rows.slice(firstEdge).every((r) => r.type === 'edge'));
    const again = exportGraph(repo.dir, home.dir);
    assert.deepEqual(again.rows, graph.rows);
  });

  test('search ranks exact before prefix before fuzzy', () => {
    const result = repograph(['search', 'Circle', '--repo', repo.dir, '--json'], { home: home.dir });
    assert.equal(result.status, 0, result.stderr);
    const { symbols, meta } = JSON.parse(result.stdout);
    assert.equal(symbols[0].id, 'src/shapes/circle.ts#Circle');
    assert.ok(symbols.some((s) => s.name === 'makeCircle'));
    assert.equal(typeof meta.generation, 'number');
  });

  test('callers, callees, card and refs answer from the store', () => {
    const callers = JSON.parse(repograph(['callers', 'src/registry.ts#Registry.makeCircle', '--repo', repo.dir, '--json'], { home: home.dir }).stdout);
    assert.deepEqual(callers.callers.map((c) => c.symbol.id).sort(), ['src/main.ts#main']);
    const callees = JSON.parse(repograph(['callees', 'main', '--repo', repo.dir, '--json'], { home: home.dir }).stdout);
    assert.ok(callees.callees.some((c) => c.symbol.id === 'src/registry.ts#createRegistry'));
    const card = JSON.parse(repograph(['card', 'src/shapes/base.ts#Shape.area', '--repo', repo.dir, '--json'], { home: home.dir }).stdout);
    assert.ok(card.callers >= 1);
    const refs = repograph(['refs', 'src/shapes/base.ts#Shape', '--repo', repo.dir], { home: home.dir });
    assert.equal(refs.status, 0, refs.stderr);
    assert.match(refs.stdout, /src\/shapes\/circle\.ts:3:\d+ extends export class Circle extends Shape/);
  });

  test('a symbol may be named by its qualified name when that is unique', () => {
    const result = repograph(['callers', 'Registry.makeCircle', '--repo', repo.dir, '--json'], { home: home.dir });
    assert.equal(result.status, 0, result.stderr);
    assert.equal(JSON.parse(result.stdout).root.id, 'src/registry.ts#Registry.makeCircle');
  });

  test('an export read only in part (`| head`) ends quietly with exit code 0', async () => {
    const { spawn } = await import('node:child_process');
    const { cliPath } = await import('../helpers/repo.mjs');
    const big = tempDir();
    try {
      const files = {};
      for (let i = 0; i < 400; i++) files[`src/m${i}.ts`] = `export function f${i}(x: number): number { return x + ${i}; }\nexport class C${i} { m(): number { return f${i}(1); } }\n`;
      gitRepo(big.dir, files);
      indexJson(big.dir, home.dir);
      const child = spawn(process.execPath, [cliPath, 'export', '--repo', big.dir, '--format', 'jsonl'], { env: { ...process.env, REPOGRAPH_HOME: home.dir } });
      let stderr = '';
      child.stderr.on('data', (chunk) => { stderr += chunk; });
      child.stdout.once('data', () => child.stdout.destroy());
      const code = await new Promise((resolve) => child.on('close', resolve));
      assert.equal(code, 0, stderr);
      assert.equal(stderr, '');
    } finally {
      big.cleanup();
    }
  });

  test('an unknown symbol is a clear error with exit code 2', () => {
    const result = repograph(['card', 'src/nope.ts#Nothing', '--repo', repo.dir], { home: home.dir });
    assert.equal(result.status, 2);
    assert.match(result.stderr, /No symbol with id 'src\/nope\.ts#Nothing'.*repograph search/);
  });

  test('re-indexing with nothing changed reuses everything', () => {
    const again = indexJson(repo.dir, home.dir);
    assert.equal(again.unchanged, true);
    assert.equal(again.digest, report.digest);
  });
});
