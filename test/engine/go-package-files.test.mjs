// A Go file that comes into a package or leaves it changes the dependencies of every file of the
// package and of every file that imports it (Go lists them all), yet a Go file names packages,
// never files: only the files that look up a name it declares can bind otherwise, and an
// importer is assembled again only when its import's edge may now point elsewhere (the edge goes
// to the package's first file). Each step must equal a fresh build (go/binder.ts memberNames).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { callsFrom, sessionOf, step } from '../helpers/graph-tree.mjs';

const MODULE = new Map([
  ['go.mod', 'module example.com/app\n\ngo 1.21\n'],
  ['geom/point.go', 'package geom\n\ntype Point struct{ X, Y int }\n\nfunc NewPoint(x, y int) *Point { return &Point{X: x, Y: y} }\n'],
  ['geom/util.go', 'package geom\n\nfunc abs(v int) int { return v }\n'],
  ['geom/uses.go', 'package geom\n\nfunc Norm(p Point) int { return clamp(abs(p.X)) }\n'],
  ['shapes/shape.go', 'package shapes\n\nimport "example.com/app/geom"\n\nfunc Make() *geom.Point { return geom.NewPoint(1, 2) }\n'],
  ['shapes/scaled.go', 'package shapes\n\nimport "example.com/app/geom"\n\nfunc Scaled() int { return geom.Scale(2) }\n'],
  ['cmd/main.go', 'package main\n\nimport "example.com/app/shapes"\n\nfunc main() { shapes.Make() }\n'],
]);

test('a Go file that comes into a package re-binds the files that look its names up, not every file of the package and its importers', () => {
  const tree = new Map(MODULE);
  const session = sessionOf(tree);
  const added = step(session, tree, { add: [['geom/zz_scale.go', 'package geom\n\nfunc clamp(v int) int { return v }\n\nfunc Scale(k int) int { return k }\n']] });
  assert.equal(added.mode, 'incremental');
  assert.deepEqual(added.rebound, ['geom/uses.go', 'geom/zz_scale.go', 'shapes/scaled.go'],
    'uses.go calls clamp and scaled.go geom.Scale; point.go, util.go, shape.go and main.go name neither');
  assert.ok(callsFrom(session, 'shapes/scaled.go').some((to) => to.includes('zz_scale.go')), 'geom.Scale(2) now resolves');
  const removed = step(session, tree, { remove: ['geom/zz_scale.go'] });
  assert.ok(!removed.rebound.includes('geom/point.go'), 'nor when it goes');
  assert.ok(removed.rebound.includes('shapes/scaled.go'));
});

test('a Go file that comes first into an imported package re-assembles the importers, whose import edge moves to it', () => {
  const tree = new Map(MODULE);
  const session = sessionOf(tree);
  const added = step(session, tree, { add: [['geom/aaa.go', 'package geom\n\nfunc unused() {}\n']] });
  for (const path of ['shapes/shape.go', 'shapes/scaled.go']) assert.ok(added.rebound.includes(path), `${path} imports geom`);
  const edge = session.output.groups.find((g) => g.path === 'shapes/shape.go').relations.find((r) => r.kind === 'imports');
  assert.equal(edge.to, 'geom/aaa.go');
  step(session, tree, { remove: ['geom/aaa.go'] });
});

test('the locals and parameters of a Go file that comes are no other file\'s names: a package that uses the same words is not re-bound', () => {
  // Every file here has a parameter or local `v`, `p` or `k`; before, the new file's own `v` and
  // `k` counted as names it gives, which re-bound the whole package and, through their names,
  // its importers (a new file in x-tools' go/ssa re-bound 117 files: 250-300 ms).
  const tree = new Map(MODULE);
  const session = sessionOf(tree);
  const added = step(session, tree, { add: [['geom/zz_more.go', 'package geom\n\nfunc Twice(v int) int { k := v * 2; return k }\n']] });
  assert.deepEqual(added.rebound, ['geom/zz_more.go'], 'nobody names Twice; v and k are the new file\'s own');
  const removed = step(session, tree, { remove: ['geom/zz_more.go'] });
  assert.deepEqual(removed.rebound, [], 'nor when it goes');
});

test('a Go file that leaves re-assembles the importers only when their edge may have led to it', () => {
  const tree = new Map(MODULE);
  const session = sessionOf(tree);
  // util.go sorts after point.go, the package's first file: the importers' edges stay.
  const later = step(session, tree, { remove: ['geom/util.go'] });
  for (const path of ['shapes/shape.go', 'shapes/scaled.go']) assert.ok(!later.rebound.includes(path), `${path}: its edge goes to point.go still`);
  // point.go is first: the edges move to the next file.
  const first = step(session, tree, { remove: ['geom/point.go'] });
  for (const path of ['shapes/shape.go', 'shapes/scaled.go']) assert.ok(first.rebound.includes(path), `${path}: its edge moved`);
  // The last file of the package: the import resolves to nothing now.
  const last = step(session, tree, { remove: ['geom/uses.go'] });
  for (const path of ['shapes/shape.go', 'shapes/scaled.go']) assert.ok(last.rebound.includes(path), `${path}: its import is gone`);
  // A _test package is nobody's import.
  step(session, tree, { add: [['shapes/shape_test.go', 'package shapes_test\n\nfunc helper(v int) int { return v }\n']] });
  const test = step(session, tree, { remove: ['shapes/shape_test.go'] });
  assert.ok(!test.rebound.includes('cmd/main.go'), 'main.go imports shapes, not shapes_test');
});

test('a Go package that comes into a new folder binds the imports that named it, and they lose it when it goes', () => {
  const tree = new Map(MODULE);
  tree.set('cmd/tool.go', 'package main\n\nimport "example.com/app/extra"\n\nfunc tool() int { return extra.Value() }\n');
  const session = sessionOf(tree);
  const added = step(session, tree, { add: [['extra/value.go', 'package extra\n\nfunc Value() int { return 1 }\n']] });
  assert.ok(added.rebound.includes('cmd/tool.go'), 'its import resolves now');
  assert.ok(callsFrom(session, 'cmd/tool.go').some((to) => to.startsWith('extra/value.go')), 'extra.Value() resolves');
  assert.ok(!added.rebound.includes('shapes/shape.go'), 'an importer of another package is not');
  const removed = step(session, tree, { remove: ['extra/value.go'] });
  assert.ok(removed.rebound.includes('cmd/tool.go'));
});
