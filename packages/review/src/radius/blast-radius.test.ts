import assert from 'node:assert/strict';
import { test } from 'node:test';
import { blastRadius } from './blast-radius.js';
import { memoryGraph, relation, symbolsWithFiles } from './testing/memory-graph.js';
import type { RelationRecord } from '@repograph/core';
import type { ReviewGraph } from '../types.js';

/** A graph whose symbols are every id the relations and `extra` name. */
function graphOf(relations: RelationRecord[], extra: string[] = []): ReviewGraph {
  const ids = [...extra, ...relations.flatMap((r) => [r.from, r.to ?? ''])].filter((id) => id !== '');
  return memoryGraph(symbolsWithFiles(ids), relations);
}

/** `id@depth` for each reached symbol, in output order. */
function reached(graph: ReviewGraph, seeds: string[], options = {}): string[] {
  return blastRadius(graph, seeds, options).symbols.map((node) => `${node.id}@${node.depth}`);
}

/** A chain f1 -> f0 -> ... : f(i+1) calls f(i); the seed is f0. */
function chain(length: number): ReviewGraph {
  const relations = Array.from({ length }, (_, i) => relation('calls', `c.go#f${i + 1}`, `c.go#f${i}`));
  return graphOf(relations);
}

test('a chain a <- b <- c gives each node its depth and its path to the seed', () => {
  const graph = graphOf([relation('calls', 'src/b.ts#b', 'src/a.ts#a'), relation('calls', 'src/c.ts#c', 'src/b.ts#b')]);
  const radius = blastRadius(graph, ['src/a.ts#a'], {});
  assert.deepEqual(radius.seeds, ['src/a.ts#a']);
  assert.deepEqual(radius.symbols, [
    { id: 'src/b.ts#b', path: 'src/b.ts', kind: 'function', depth: 1, through: ['src/b.ts#b', 'src/a.ts#a'], test: false },
    { id: 'src/c.ts#c', path: 'src/c.ts', kind: 'function', depth: 2, through: ['src/c.ts#c', 'src/b.ts#b', 'src/a.ts#a'], test: false },
  ]);
  assert.deepEqual(radius.files, [{ path: 'src/b.ts', depth: 1 }, { path: 'src/c.ts', depth: 2 }]);
  assert.deepEqual(radius.tests, []);
  assert.equal(radius.truncated, null);
});

test('a diamond takes the shortest path through the smaller id, whatever the relation order', () => {
  const relations = [
    relation('calls', 'm.ts#d', 'm.ts#c'), relation('calls', 'm.ts#d', 'm.ts#b'),
    relation('instantiates', 'm.ts#c', 'm.ts#a'), relation('references', 'm.ts#b', 'm.ts#a'),
    relation('calls', 'm.ts#e', 'm.ts#d'), relation('calls', 'm.ts#e', 'm.ts#a'),
  ];
  for (const order of [relations, [...relations].reverse()]) {
    const radius = blastRadius(graphOf(order), ['m.ts#a'], {});
    assert.deepEqual(radius.symbols.map((n) => [n.id, n.depth, n.through]), [
      ['m.ts#b', 1, ['m.ts#b', 'm.ts#a']],
      ['m.ts#c', 1, ['m.ts#c', 'm.ts#a']],
      ['m.ts#e', 1, ['m.ts#e', 'm.ts#a']],
      ['m.ts#d', 2, ['m.ts#d', 'm.ts#b', 'm.ts#a']],
    ]);
    assert.deepEqual(radius.files, [{ path: 'm.ts', depth: 1 }]);
  }
});

test('extends, implements and reads (a function passed as a value) are followed; contains and type_of are not', () => {
  const graph = graphOf([
    relation('extends', 'k.ts#Sub', 'k.ts#Base'), relation('implements', 'k.ts#Impl', 'k.ts#Base'),
    relation('contains', 'k.ts', 'k.ts#Base'), relation('reads', 'k.ts#r', 'k.ts#Base'), relation('type_of', 'k.ts#t', 'k.ts#Base'),
  ]);
  assert.deepEqual(reached(graph, ['k.ts#Base']), ['k.ts#Impl@1', 'k.ts#Sub@1', 'k.ts#r@1']);
});

test('imports reach the importing file: of a file seed, of a seed symbol\'s file, and on from a reached file', () => {
  const relations = [
    relation('imports', 'src/b.ts', 'src/a.ts'),
    relation('imports', 'src/d.ts', 'src/b.ts'),
    relation('calls', 'src/c.ts', 'src/a.ts#a'),
    relation('calls', 'src/e.ts#e', 'src/a.ts#a'),
    relation('imports', 'src/f.ts', 'src/e.ts'),
  ];
  const graph = graphOf(relations);
  const bySymbol = blastRadius(graph, ['src/a.ts#a'], {});
  assert.deepEqual(bySymbol.symbols.map((n) => [n.id, n.kind, n.depth, n.through]), [
    ['src/b.ts', 'file', 1, ['src/b.ts', 'src/a.ts#a']],
    ['src/c.ts', 'file', 1, ['src/c.ts', 'src/a.ts#a']],
    ['src/e.ts#e', 'function', 1, ['src/e.ts#e', 'src/a.ts#a']],
    ['src/d.ts', 'file', 2, ['src/d.ts', 'src/b.ts', 'src/a.ts#a']],
  ]);
  // src/f.ts imports the file of a reached symbol, not a changed one: a use of e would be its own relation.
  assert.deepEqual(reached(graph, ['src/a.ts']), ['src/b.ts@1', 'src/d.ts@2']);
  // A removed seed (no record on this side) is still reached through its file's importers.
  assert.deepEqual(reached(graph, ['src/a.ts#gone']), ['src/b.ts@1', 'src/d.ts@2']);
});

test('tests among the reached nodes are listed, by each language\'s conventions', () => {
  const graph = graphOf([
    relation('calls', 'src/a.test.ts', 'src/a.ts#a'),
    relation('calls', 'src/a.test.ts#helper', 'src/a.ts#a'),
    relation('calls', 'pkg/x.go#Wrap', 'src/a.ts#a'),
    relation('calls', 'pkg/x_test.go#TestWrap', 'pkg/x.go#Wrap'),
    relation('calls', 'tests/test_a.py#test_a', 'pkg/x_test.go#TestWrap'),
  ]);
  const radius = blastRadius(graph, ['src/a.ts#a'], {});
  assert.deepEqual(radius.tests.map((n) => `${n.id}@${n.depth}`), ['src/a.test.ts@1', 'pkg/x_test.go#TestWrap@2', 'tests/test_a.py#test_a@3']);
  assert.deepEqual(radius.files, [
    { path: 'pkg/x.go', depth: 1 }, { path: 'pkg/x_test.go', depth: 2 }, { path: 'src/a.test.ts', depth: 1 }, { path: 'tests/test_a.py', depth: 3 },
  ]);
});

test('the depth option bounds the walk, and says so only when nodes remain beyond it', () => {
  const graph = chain(5);
  const cut = blastRadius(graph, ['c.go#f0'], { depth: 2 });
  assert.deepEqual(cut.symbols.map((n) => n.id), ['c.go#f1', 'c.go#f2']);
  assert.deepEqual(cut.truncated, { budget: 'depth', limit: 2, unexplored: 1 });
  assert.equal(blastRadius(graph, ['c.go#f0'], { depth: 5 }).truncated, null);
  assert.equal(blastRadius(graph, ['c.go#f0'], { depth: 6 }).truncated, null);
  const long = blastRadius(chain(9), ['c.go#f0'], {});
  assert.equal(long.symbols.at(-1)?.depth, 6);
  assert.deepEqual(long.truncated, { budget: 'depth', limit: 6, unexplored: 1 });
  assert.equal(blastRadius(chain(25), ['c.go#f0'], { depth: 20 }).symbols.length, 20);
});

test('an option out of range is refused, never clamped', () => {
  const graph = chain(2);
  for (const options of [{ depth: 21 }, { depth: 0 }, { depth: 1.5 }, { maxNodes: 0 }, { maxEdges: -1 }]) {
    assert.throws(() => blastRadius(graph, ['c.go#f0'], options), { name: 'RepographError', code: 'InvalidParams' });
  }
});

test('the node budget stops the walk with the nodes left unexplored', () => {
  const relations = Array.from({ length: 10 }, (_, i) => relation('calls', `s.ts#u${i}`, 's.ts#a'));
  relations.push(relation('calls', 's.ts#far', 's.ts#u0'));
  const radius = blastRadius(graphOf(relations), ['s.ts#a'], { maxNodes: 3 });
  assert.deepEqual(radius.symbols.map((n) => n.id), ['s.ts#u0', 's.ts#u1', 's.ts#u2']);
  assert.equal(radius.truncated?.budget, 'nodes');
  assert.equal(radius.truncated?.limit, 3);
  assert.ok((radius.truncated?.unexplored ?? 0) >= 7);
  assert.equal(blastRadius(graphOf(relations), ['s.ts#a'], { maxNodes: 11 }).truncated, null);
});

test('the edge budget stops the walk with the nodes left unexplored', () => {
  const radius = blastRadius(chain(5), ['c.go#f0'], { maxEdges: 2 });
  assert.deepEqual(radius.symbols.map((n) => n.id), ['c.go#f1', 'c.go#f2']);
  assert.equal(radius.truncated?.budget, 'edges');
  assert.equal(radius.truncated?.limit, 2);
  assert.ok((radius.truncated?.unexplored ?? 0) > 0);
});

test('a cycle terminates and never lists a seed', () => {
  const graph = graphOf([
    relation('calls', 'y.py#b', 'y.py#a'), relation('calls', 'y.py#c', 'y.py#b'),
    relation('calls', 'y.py#b', 'y.py#c'), relation('calls', 'y.py#a', 'y.py#c'), relation('calls', 'y.py#b', 'y.py#b'),
  ]);
  assert.deepEqual(reached(graph, ['y.py#a']), ['y.py#b@1', 'y.py#c@2']);
  assert.deepEqual(reached(graph, ['y.py#a', 'y.py#c']), ['y.py#b@1']);
});

test('permuted and repeated seeds give the identical radius', () => {
  const graph = graphOf([
    relation('calls', 'p.ts#x', 'p.ts#s1'), relation('calls', 'p.ts#x', 'q.ts#s2'), relation('calls', 'p.ts#y', 'q.ts#s2'),
    relation('imports', 'r.ts', 'q.ts'), relation('calls', 'r.ts#z', 'p.ts#x'),
  ]);
  const expected = blastRadius(graph, ['p.ts#s1', 'q.ts#s2'], { depth: 3 });
  assert.deepEqual(blastRadius(graph, ['q.ts#s2', 'p.ts#s1', 'q.ts#s2'], { depth: 3 }), expected);
  assert.deepEqual(expected.seeds, ['p.ts#s1', 'q.ts#s2']);
  assert.deepEqual(expected.symbols.map((n) => [n.id, n.through]), [
    ['p.ts#x', ['p.ts#x', 'p.ts#s1']], ['p.ts#y', ['p.ts#y', 'q.ts#s2']], ['r.ts', ['r.ts', 'q.ts#s2']], ['r.ts#z', ['r.ts#z', 'p.ts#x', 'p.ts#s1']],
  ]);
});

test('no seeds give an empty radius', () => {
  assert.deepEqual(blastRadius(chain(2), [], {}), { seeds: [], symbols: [], files: [], tests: [], truncated: null });
});
