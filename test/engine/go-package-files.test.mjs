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
