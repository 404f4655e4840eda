// End to end for Go: the built CLI indexes a small Go module (go.mod + two packages, a test
// package, build-tagged files that redeclare a name, a go.mod elsewhere that does not parse) in a
// temporary git repository, and the export carries the call edges go/types would report. The same
// tree holds TypeScript and Python files with a `Run`: a Go `Run` never receives their edges.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { exportGraph, findEdge, gitRepo, indexJson, tempDir } from '../helpers/repo.mjs';
import { goModule } from '../helpers/go-project.mjs';

describe('index a Go module', () => {
  const repo = tempDir();
  const home = tempDir();
  let report;
  let graph;

  before(() => {
    gitRepo(repo.dir, goModule);
    report = indexJson(repo.dir, home.dir);
    graph = exportGraph(repo.dir, home.dir);
  });
  after(() => { repo.cleanup(); home.cleanup(); });

  const calls = (from, to) => findEdge(graph.edges, 'calls', from, to);

  test('Go files are extracted with methods attached by receiver type', () => {
    assert.ok(report.materials.extracted >= 11);
    const move = graph.symbols.find((s) => s.id === 'geom/point.go#Point.Move');
    assert.equal(move?.kind, 'method');
    assert.equal(graph.symbols.find((s) => s.id === 'shapes/area.go#Circle.Area')?.kind, 'method');
    assert.equal(graph.symbols.find((s) => s.id === 'shapes/shape.go#Circle')?.kind, 'struct');
    assert.equal(graph.symbols.find((s) => s.id === 'shapes/shape.go#Shape.Area')?.kind, 'method');
  });

  test('package scope spans files; pkg.F crosses packages', () => {
    assert.ok(calls('shapes/run.go#Run', 'shapes/shape.go#NewCircle'), 'same package, other file');
    assert.ok(calls('geom/point.go#Point.Norm', 'geom/util.go#abs'), 'same package, other file');
    assert.ok(calls('shapes/run.go#Run', 'geom/point.go#NewPoint'), 'pkg.F');
    assert.ok(calls('shapes/run.go#Run', 'geom/platform.go#Platform'), 'pkg.F');
    assert.ok(calls('shapes/run_test.go#TestRun', 'shapes/run.go#Run'), 'external test package');
  });

  test('methods bind through the receiver type, embedding and interfaces', () => {
    assert.equal(calls('shapes/run.go#Run', 'shapes/area.go#Circle.Area')?.confidence, 'typed', 'constructor-typed variable');
    assert.ok(calls('shapes/run.go#Run', 'shapes/shape.go#Base.Describe'), 'promoted through Base');
    assert.ok(calls('shapes/run.go#Run', 'geom/point.go#Point.Move'), 'promoted through Base.Point, and &geom.Point{}');
    assert.ok(calls('shapes/run.go#Run', 'geom/point.go#Point.Norm'), 'result type of geom.NewPoint');
    assert.ok(calls('shapes/run.go#Run', 'shapes/shape.go#Shape.Area'), 'interface method spec');
    assert.ok(findEdge(graph.edges, 'instantiates', 'shapes/run.go#Run', 'geom/point.go#Point'), 'composite literal');
  });

  test('a name split across build tags binds to the default build and is reported', () => {
    assert.ok(calls('geom/platform.go#Platform', 'geom/os_linux.go#platform'));
    assert.ok(!calls('geom/platform.go#Platform', 'geom/os_windows.go#platform'));
    const withDuplicate = graph.edges.filter((e) => e.to === 'geom/os_windows.go#platform');
    assert.equal(withDuplicate.length, 1, 'only the contains edge');
    assert.ok(report.diagnostics.some((d) => d.code === 'duplicate_declaration' && d.path === 'geom/os_windows.go'));
  });

  test('conversions and builtins draw no edges', () => {
    const fromRun = graph.edges.filter((e) => e.kind === 'calls' && e.from === 'shapes/run.go#Run' && e.to !== null);
    assert.ok(fromRun.every((e) => graph.symbols.find((s) => s.id === e.to)?.kind.match(/^(function|method)$/)));
  });

  test('a go.mod that does not parse keeps its files indexed', () => {
    assert.ok(report.diagnostics.some((d) => d.code === 'parse_error' && d.path === 'broken/go.mod'));
    assert.ok(calls('broken/b.go#C', 'broken/b.go#B'));
  });

  test('names never cross languages', () => {
    assert.ok(calls('web/run.ts', 'web/run.ts#Run'));
    assert.ok(!graph.edges.some((e) => e.site?.path === 'tools/run.py' && e.to?.includes('.go')), 'Python never reaches Go');
    const intoGo = graph.edges.filter((e) => e.to?.startsWith('shapes/') || e.to?.startsWith('geom/'));
    assert.ok(intoGo.every((e) => e.site.path.endsWith('.go')));
    const fromGo = graph.edges.filter((e) => e.site?.path.endsWith('.go') && e.to !== null && e.kind !== 'imports');
    assert.ok(fromGo.every((e) => e.to.split('#')[0].endsWith('.go')));
  });
});
