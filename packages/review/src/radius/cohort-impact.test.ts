import assert from 'node:assert/strict';
import { test } from 'node:test';
import { blastRadius } from './blast-radius.js';
import { cohortImpact, radiusSize } from './cohort-impact.js';
import { memoryGraph, relation, symbolsWithFiles } from './testing/memory-graph.js';

const relations = [
  relation('calls', 'b.ts#b1', 'a.ts#a1'), relation('calls', 'b.ts#b2', 'a.ts#a2'),
  relation('calls', 'c.ts#c', 'b.ts#b1'), relation('imports', 'd.ts', 'a.ts'),
];
const graph = memoryGraph(symbolsWithFiles(relations.flatMap((r) => [r.from, r.to ?? ''])), relations);

test('a cohort\'s impact is the blast radius of its own symbols', () => {
  const impact = cohortImpact(graph, ['a.ts#a1'], {});
  assert.deepEqual(impact, blastRadius(graph, ['a.ts#a1'], {}));
  assert.deepEqual(impact.symbols.map((n) => `${n.id}@${n.depth}`), ['b.ts#b1@1', 'd.ts@1', 'c.ts#c@2']);
});

test('radiusSize counts the reached symbols, within its budget', () => {
  assert.equal(radiusSize(graph, ['a.ts#a1', 'a.ts#a2'], {}), blastRadius(graph, ['a.ts#a1', 'a.ts#a2'], {}).symbols.length);
  assert.equal(radiusSize(graph, ['a.ts#a1', 'a.ts#a2'], {}), 4);
  assert.equal(radiusSize(graph, ['a.ts#a1'], { depth: 1 }), 2);
  assert.equal(radiusSize(graph, ['a.ts#a1', 'a.ts#a2'], { maxNodes: 2 }), 2);
  assert.equal(radiusSize(graph, [], {}), 0);
});
