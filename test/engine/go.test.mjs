// End to end for Go: the built CLI indexes a small Go module (go.mod + two packages, a test
// package, build-tagged files that redeclare a name, a go.mod elsewhere that does not parse) in a
// temporary git repository, and the export carries the call edges go/types would report. The same
// tree holds TypeScript and Python files with a `Run`: a Go `Run` never receives their edges.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { exportGraph, findEdge, gitRepo, indexJson, tempDir } from '../helpers/repo.mjs';

const goModule = {
  'go.mod': 'module example.com/app\n\ngo 1.21\n',
  'geom/point.go': [
    'package geom',
    '',
    '// Point is a position.',
    'type Point struct{ X, Y int }',
    '',
    'func (p *Point) Move(dx int) { p.X += dx }',
    '',
    'func (p Point) Norm() int { return abs(p.X) + abs(p.Y) }',
    '',
    'func NewPoint(x, y int) *Point { return &Point{X: x, Y: y} }',
    '',
  ].join('\n'),
  'geom/util.go': 'package geom\n\nfunc abs(v int) int {\n\tif v < 0 {\n\t\treturn -v\n\t}\n\treturn v\n}\n',
  'geom/os_linux.go': '//go:build linux\n\npackage geom\n\nfunc platform() string { return "linux" }\n',
  'geom/os_windows.go': '//go:build windows\n\npackage geom\n\nfunc platform() string { return "windows" }\n',
  'geom/platform.go': 'package geom\n\n// Platform names the OS.\nfunc Platform() string { return platform() }\n',
  'shapes/shape.go': [
    'package shapes',
    '',
    'import g "example.com/app/geom"',
    '',
    'type Shape interface{ Area() int }',
    '',
    'type Base struct{ g.Point }',
    '',
    'func (b *Base) Describe() string { return "base" }',
    '',
    'type Circle struct {',
    '\tBase',
    '\tRadius int',
    '}',
    '',
    'func NewCircle(r int) *Circle { return &Circle{Radius: r} }',
    '',
  ].join('\n'),
  'shapes/area.go': 'package shapes\n\nfunc (c *Circle) Area() int { return c.Radius * c.Radius * 3 }\n',
  'shapes/run.go': [
    'package shapes',
    '',
    'import (',
    '\t"fmt"',
    '\t"example.com/app/geom"',
    ')',
    '',
    'func Run() {',
    '\tc := NewCircle(2)',
    '\tc.Area()',
    '\tc.Describe()',
    '\tc.Move(1)',
    '\tvar s Shape = c',
    '\ts.Area()',
    '\tp := geom.NewPoint(1, 2)',
    '\tp.Norm()',
    '\tq := &geom.Point{}',
    '\tq.Move(3)',
    '\tfmt.Println(geom.Platform(), int(3))',
    '}',
    '',
  ].join('\n'),
  'shapes/run_test.go': 'package shapes_test\n\nimport (\n\t"testing"\n\n\t"example.com/app/shapes"\n)\n\nfunc TestRun(t *testing.T) { shapes.Run() }\n',
  'broken/go.mod': 'this is not a go.mod\n',
  'broken/b.go': 'package broken\n\nfunc B() {}\n\nfunc C() { B() }\n',
  'web/run.ts': 'export function run(): void {}\nexport function Run(): void {}\nrun();\nRun();\n',
  'tools/run.py': 'def Run():\n    pass\n\nRun()\nRun.Area()\n',
};

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
