import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  compareRelations, compareSymbols,
  type Diagnostic, type RelationKind, type RelationRecord, type SymbolKind, type SymbolRecord,
} from '@repograph/core';
import type { GraphOutput, HashedGroup } from './build.js';
import { graphDigest, groupHash } from './digest.js';
import { selectGraph, type Selection } from './selection.js';

const RANGE = { start: { line: 1, column: 1 }, end: { line: 1, column: 1 } };

/** A symbol; its path is the part of the id before '#', a bare path is a file. */
function sym(id: string, kind: SymbolKind, container?: string): SymbolRecord {
  const hash = id.indexOf('#');
  const path = hash < 0 ? id : id.slice(0, hash);
  const symbol: SymbolRecord = {
    id, kind, name: id.slice(hash + 1), qualifiedName: hash < 0 ? id : id.slice(hash + 1), path,
    range: RANGE, selection: RANGE, exported: false, generated: false,
  };
  if (container !== undefined) symbol.container = container;
  return symbol;
}

/** A relation; all sit at line 1, so the assembler's order falls back to kind, from, to. */
function rel(kind: RelationKind, from: string, to: string | null): RelationRecord {
  const path = from.split('#')[0]!;
  return { kind, from, to, name: (to ?? 'unresolved').split('#').pop()!, site: { path, line: 1, column: 1 }, confidence: 'exact' };
}

/** A hashed group with its file symbol added; symbols and relations sorted as the assembler does. */
function group(path: string, symbols: SymbolRecord[], relations: RelationRecord[]): HashedGroup {
  const plain = {
    path,
    symbols: [sym(path, 'file'), ...symbols].sort(compareSymbols),
    relations: [...relations].sort(compareRelations),
    diagnostics: [] as Diagnostic[],
  };
  return { ...plain, hash: groupHash(plain) };
}

const DIAGNOSTICS: Diagnostic[] = [{ code: 'unresolved_import', severity: 'warning', path: 'a.ts', message: 'x' }];

function graph(groups: HashedGroup[]): GraphOutput {
  let symbols = 0;
  let relations = 0;
  let unresolved = 0;
  for (const g of groups) {
    symbols += g.symbols.length;
    relations += g.relations.length;
    unresolved += g.relations.filter((r) => r.to === null).length;
  }
  return {
    groups, diagnostics: DIAGNOSTICS, digest: graphDigest(groups, DIAGNOSTICS),
    counts: { files: groups.length, symbols, relations, unresolved, references: 7, entities: 9 },
  };
}

function ids(selection: Selection): string[] {
  return selection.output.groups.flatMap((g) => g.symbols.map((s) => s.id)).sort();
}

function edges(selection: Selection): string[] {
  return selection.output.groups.flatMap((g) => g.relations.map((r) => `${r.from} ${r.kind} ${r.to}`)).sort();
}

function symbolOf(selection: Selection, id: string): SymbolRecord | undefined {
  return selection.output.groups.flatMap((g) => g.symbols).find((s) => s.id === id);
}

test('a multi-step path through locals publishes every local on it and synthesizes nothing', () => {
  const full = graph([group('a.ts', [
    sym('a.ts#A', 'function'), sym('a.ts#B', 'function'),
    sym('a.ts#A.l1', 'variable', 'a.ts#A'), sym('a.ts#A.l2', 'variable', 'a.ts#A'),
  ], [
    rel('calls', 'a.ts#A', 'a.ts#A.l1'), rel('reads', 'a.ts#A.l1', 'a.ts#A.l2'), rel('calls', 'a.ts#A.l2', 'a.ts#B'),
  ])]);
  const selection = selectGraph(full, 'analysis');
  assert.deepEqual(ids(selection), ['a.ts', 'a.ts#A', 'a.ts#A.l1', 'a.ts#A.l2', 'a.ts#B']);
  assert.deepEqual(edges(selection), [
    'a.ts#A calls a.ts#A.l1', 'a.ts#A.l1 reads a.ts#A.l2', 'a.ts#A.l2 calls a.ts#B',
  ]);
  assert.deepEqual(selection.report, {
    preset: 'analysis', published: 5, core: 2, context: 1, bridges: 2, dropped: 0, searchWork: selection.report.searchWork,
  });
  assert.ok(selection.report.searchWork > 0);
  assert.equal(selection.output.groups[0], full.groups[0]); // nothing dropped: the same group
});

test('a cycle among candidates terminates; with one core end it publishes nothing', () => {
  const twoEnds = graph([group('a.ts', [
    sym('a.ts#A', 'function'), sym('a.ts#B', 'function'),
    sym('a.ts#A.l1', 'variable', 'a.ts#A'), sym('a.ts#A.l2', 'variable', 'a.ts#A'),
  ], [
    rel('calls', 'a.ts#A', 'a.ts#A.l1'), rel('reads', 'a.ts#A.l1', 'a.ts#A.l2'),
    rel('writes', 'a.ts#A.l2', 'a.ts#A.l1'), rel('calls', 'a.ts#A.l1', 'a.ts#B'),
  ])]);
  const selected = selectGraph(twoEnds, 'analysis');
  assert.equal(selected.report.bridges, 2);
  assert.ok(symbolOf(selected, 'a.ts#A.l1') && symbolOf(selected, 'a.ts#A.l2'));

  const oneEnd = graph([group('a.ts', [
    sym('a.ts#A', 'function'), sym('a.ts#A.l1', 'variable', 'a.ts#A'), sym('a.ts#A.l2', 'variable', 'a.ts#A'),
  ], [
    rel('calls', 'a.ts#A', 'a.ts#A.l1'), rel('reads', 'a.ts#A.l1', 'a.ts#A.l2'),
    rel('writes', 'a.ts#A.l2', 'a.ts#A.l1'), rel('calls', 'a.ts#A.l2', 'a.ts#A'),
  ])]);
  const alone = selectGraph(oneEnd, 'analysis');
  assert.deepEqual(ids(alone), ['a.ts', 'a.ts#A']);
  assert.deepEqual(edges(alone), []);
  assert.equal(alone.report.dropped, 2);
});

test('a field bridges its class to the interface it references; a field with one core end is dropped', () => {
  const full = graph([group('a.ts', [
    sym('a.ts#C', 'class'), sym('a.ts#I', 'interface'),
    sym('a.ts#C.p', 'property', 'a.ts#C'), sym('a.ts#C.q', 'property', 'a.ts#C'),
  ], [
    rel('contains', 'a.ts', 'a.ts#C'), rel('contains', 'a.ts', 'a.ts#I'),
    rel('contains', 'a.ts#C', 'a.ts#C.p'), rel('contains', 'a.ts#C', 'a.ts#C.q'),
    rel('references', 'a.ts#C.p', 'a.ts#I'), rel('references', 'a.ts#C.q', 'a.ts#C'),
  ])]);
  const selection = selectGraph(full, 'analysis');
  assert.deepEqual(ids(selection), ['a.ts', 'a.ts#C', 'a.ts#C.p', 'a.ts#I']);
  assert.deepEqual(edges(selection), [
    'a.ts contains a.ts#C', 'a.ts contains a.ts#I', 'a.ts#C contains a.ts#C.p', 'a.ts#C.p references a.ts#I',
  ]);
  assert.deepEqual(
    { ...selection.report, searchWork: 0 },
    { preset: 'analysis', published: 4, core: 2, context: 1, bridges: 1, dropped: 1, searchWork: 0 },
  );
});

test('a local with no second core end is dropped with the relations that touch it', () => {
  const full = graph([group('a.ts', [sym('a.ts#A', 'function'), sym('a.ts#A.x', 'variable', 'a.ts#A')], [
    rel('contains', 'a.ts', 'a.ts#A'), rel('contains', 'a.ts#A', 'a.ts#A.x'), rel('reads', 'a.ts#A', 'a.ts#A.x'),
  ])]);
  const selection = selectGraph(full, 'analysis');
  assert.deepEqual(ids(selection), ['a.ts', 'a.ts#A']);
  assert.deepEqual(edges(selection), ['a.ts contains a.ts#A']);
  const [selected] = selection.output.groups;
  assert.notEqual(selected, full.groups[0]);
  assert.notEqual(selected!.hash, full.groups[0]!.hash);
  assert.deepEqual(selection.output.counts, { files: 1, symbols: 2, relations: 1, unresolved: 0, references: 7, entities: 9 });
  assert.equal(selection.output.diagnostics, full.diagnostics);
});

test('a path that returns to its own start is not a bridge', () => {
  const full = graph([group('a.ts', [sym('a.ts#A', 'function'), sym('a.ts#A.l', 'variable', 'a.ts#A')], [
    rel('calls', 'a.ts#A', 'a.ts#A.l'), rel('calls', 'a.ts#A.l', 'a.ts#A'),
  ])]);
  const selection = selectGraph(full, 'analysis');
  assert.deepEqual(ids(selection), ['a.ts', 'a.ts#A']);
  assert.equal(selection.report.bridges, 0);
});

test('contains is followed only from container to contained', () => {
  // G reads x; going on to x's container F would need contains backwards.
  const backwards = graph([group('a.ts', [
    sym('a.ts#F', 'function'), sym('a.ts#G', 'function'), sym('a.ts#F.x', 'variable', 'a.ts#F'),
  ], [
    rel('contains', 'a.ts#F', 'a.ts#F.x'), rel('reads', 'a.ts#G', 'a.ts#F.x'),
  ])]);
  assert.deepEqual(ids(selectGraph(backwards, 'analysis')), ['a.ts', 'a.ts#F', 'a.ts#G']);

  // Forwards through a candidate's contains: A reads obj, obj contains p, p references I.
  const forwards = graph([group('a.ts', [
    sym('a.ts#A', 'function'), sym('a.ts#I', 'interface'),
    sym('a.ts#A.obj', 'constant', 'a.ts#A'), sym('a.ts#A.obj.p', 'property', 'a.ts#A.obj'),
  ], [
    rel('reads', 'a.ts#A', 'a.ts#A.obj'), rel('contains', 'a.ts#A.obj', 'a.ts#A.obj.p'), rel('references', 'a.ts#A.obj.p', 'a.ts#I'),
  ])]);
  assert.equal(selectGraph(forwards, 'analysis').report.bridges, 2);

  // The same shape needing p -> obj backwards: A reads p, obj references I.
  const reversed = graph([group('a.ts', [
    sym('a.ts#A', 'function'), sym('a.ts#I', 'interface'),
    sym('a.ts#A.obj', 'constant', 'a.ts#A'), sym('a.ts#A.obj.p', 'property', 'a.ts#A.obj'),
  ], [
    rel('reads', 'a.ts#A', 'a.ts#A.obj.p'), rel('contains', 'a.ts#A.obj', 'a.ts#A.obj.p'), rel('references', 'a.ts#A.obj', 'a.ts#I'),
  ])]);
  assert.equal(selectGraph(reversed, 'analysis').report.bridges, 0);
});

test('imports/exports are not followed; module-level relations start at the file; module data is core', () => {
  const full = graph([
    group('a.ts', [sym('a.ts#K', 'constant'), sym('a.ts#f', 'function'), sym('a.ts#f.v', 'variable', 'a.ts#f')], [
      rel('imports', 'a.ts', 'b.ts'), rel('reads', 'a.ts', 'a.ts#f.v'), rel('imports', 'a.ts#f.v', 'b.ts'),
      rel('calls', 'a.ts#f', null), rel('calls', 'a.ts#f.v', null),
    ]),
    group('b.ts', [sym('b.ts#N', 'namespace'), sym('b.ts#N.k', 'constant', 'b.ts#N'), sym('b.ts#C', 'class'), sym('b.ts#C.m', 'method', 'b.ts#C'), sym('b.ts#C.m.t', 'constant', 'b.ts#C.m')], [
      rel('reads', 'b.ts', 'b.ts#C.m.t'), rel('writes', 'b.ts#C.m.t', 'b.ts#N.k'),
    ]),
  ]);
  const selection = selectGraph(full, 'analysis');
  assert.deepEqual(ids(selection), [
    'a.ts', 'a.ts#K', 'a.ts#f', 'b.ts', 'b.ts#C', 'b.ts#C.m', 'b.ts#C.m.t', 'b.ts#N', 'b.ts#N.k',
  ]);
  assert.deepEqual(edges(selection), [
    'a.ts imports b.ts', 'a.ts#f calls null', 'b.ts reads b.ts#C.m.t', 'b.ts#C.m.t writes b.ts#N.k',
  ]);
  assert.equal(selection.output.counts.unresolved, 1);
  assert.equal(selection.output.counts.relations, 4);
  assert.equal(selection.report.core, 5);
  assert.equal(selection.report.context, 3);
});

test('full returns the same object; analysis is independent of group order and reuses unchanged groups', () => {
  const groups = [
    group('a.ts', [sym('a.ts#A', 'function'), sym('a.ts#A.l', 'variable', 'a.ts#A'), sym('a.ts#A.m', 'variable', 'a.ts#A')], [
      rel('calls', 'a.ts#A', 'a.ts#A.l'), rel('calls', 'a.ts#A.l', 'b.ts#B'), rel('reads', 'a.ts#A', 'a.ts#A.m'),
    ]),
    group('b.ts', [sym('b.ts#B', 'function'), sym('b.ts#B.y', 'parameter', 'b.ts#B')], [
      rel('contains', 'b.ts#B', 'b.ts#B.y'), rel('reads', 'b.ts#B.y', 'c.ts#C'),
    ]),
    group('c.ts', [sym('c.ts#C', 'class')], []),
    group('d.ts', [sym('d.ts#D', 'class'), sym('d.ts#D.f', 'field', 'd.ts#D')], [rel('type_of', 'd.ts#D.f', 'd.ts#D')]),
  ];
  const full = graph(groups);
  const same = selectGraph(full, 'full');
  assert.equal(same.output, full);
  assert.deepEqual(same.report, { preset: 'full', published: 12, core: 4, context: 4, bridges: 0, dropped: 0, searchWork: 0 });

  const selection = selectGraph(full, 'analysis');
  assert.equal(selection.report.bridges, 2);
  assert.equal(selection.output.groups[1], full.groups[1]);
  assert.equal(selection.output.groups[2], full.groups[2]);
  assert.notEqual(selection.output.groups[0], full.groups[0]);
  assert.notEqual(selection.output.groups[3], full.groups[3]);
  assert.notEqual(selection.output.digest, full.digest);
  for (const order of [[3, 2, 1, 0], [2, 0, 3, 1], [1, 3, 0, 2]]) {
    const shuffled = selectGraph({ ...full, groups: order.map((i) => groups[i]!) }, 'analysis');
    assert.equal(shuffled.output.digest, selection.output.digest);
    assert.deepEqual(shuffled.output, selection.output);
    assert.deepEqual(shuffled.report, selection.report);
  }
  assert.equal(selectGraph(full, 'analysis').output.digest, selection.output.digest);
});

test('the selected hash tells apart which relations to another group were dropped', () => {
  // a.ts is byte-identical in both graphs; b.ts decides which of its locals bridges.
  const a = (): HashedGroup => group('a.ts', [sym('a.ts#A', 'function')], [
    rel('reads', 'a.ts#A', 'b.ts#B.x'), rel('reads', 'a.ts#A', 'b.ts#B.y'),
  ]);
  const withBridge = (bridge: string): GraphOutput => graph([a(), group('b.ts', [
    sym('b.ts#B', 'function'), sym('b.ts#B.x', 'variable', 'b.ts#B'), sym('b.ts#B.y', 'variable', 'b.ts#B'),
  ], [rel('calls', bridge, 'b.ts#B')])]);
  const keepX = selectGraph(withBridge('b.ts#B.x'), 'analysis');
  const keepY = selectGraph(withBridge('b.ts#B.y'), 'analysis');
  assert.equal(withBridge('b.ts#B.x').groups[0]!.hash, withBridge('b.ts#B.y').groups[0]!.hash);
  assert.deepEqual(edges(keepX).filter((e) => e.startsWith('a.ts')), ['a.ts#A reads b.ts#B.x']);
  assert.deepEqual(edges(keepY).filter((e) => e.startsWith('a.ts')), ['a.ts#A reads b.ts#B.y']);
  assert.notEqual(keepX.output.groups[0]!.hash, keepY.output.groups[0]!.hash);
});

test('a kept property inside a dropped local points to its nearest published ancestor', () => {
  // F contains o contains p; G writes p, p calls F. o only leads back to F (dropped); p bridges G -> F.
  const full = graph([group('a.ts', [
    sym('a.ts#F', 'function'), sym('a.ts#G', 'function'),
    sym('a.ts#F.o', 'variable', 'a.ts#F'), sym('a.ts#F.o.p', 'property', 'a.ts#F.o'),
  ], [
    rel('contains', 'a.ts#F', 'a.ts#F.o'), rel('contains', 'a.ts#F.o', 'a.ts#F.o.p'),
    rel('writes', 'a.ts#G', 'a.ts#F.o.p'), rel('calls', 'a.ts#F.o.p', 'a.ts#F'),
  ])]);
  const selection = selectGraph(full, 'analysis');
  assert.deepEqual(ids(selection), ['a.ts', 'a.ts#F', 'a.ts#F.o.p', 'a.ts#G']);
  assert.equal(symbolOf(selection, 'a.ts#F.o.p')!.container, 'a.ts#F');
  assert.equal(full.groups[0]!.symbols.find((s) => s.id === 'a.ts#F.o.p')!.container, 'a.ts#F.o'); // input untouched
  assert.deepEqual(edges(selection), ['a.ts#F.o.p calls a.ts#F', 'a.ts#G writes a.ts#F.o.p']);
});

test('the budget hook is charged with the search work and its error stops the selection', () => {
  const full = graph([group('a.ts', [
    sym('a.ts#A', 'function'), sym('a.ts#B', 'function'), sym('a.ts#A.l', 'variable', 'a.ts#A'),
  ], [rel('calls', 'a.ts#A', 'a.ts#A.l'), rel('calls', 'a.ts#A.l', 'a.ts#B')])]);
  let charged = 0;
  const selection = selectGraph(full, 'analysis', (unit, used, adding) => {
    assert.equal(unit, 'work');
    assert.equal(used, charged);
    charged += adding;
  });
  assert.equal(charged, selection.report.searchWork);
  assert.equal(charged, 4); // two seeds, two forwards
  const over = new Error('over budget');
  assert.throws(() => selectGraph(full, 'analysis', (_unit, used, adding) => {
    if (used + adding > 3) throw over;
  }), (error) => error === over);
  assert.doesNotThrow(() => selectGraph(full, 'full', () => { throw over; }));
});

test('long chains are charged in chunks of 4096 edge visits', () => {
  const locals = Array.from({ length: 3000 }, (_, i) => sym(`a.ts#A.l${i}`, 'variable', 'a.ts#A'));
  const chain = ['a.ts#A', ...locals.map((l) => l.id), 'a.ts#B'];
  const full = graph([group('a.ts', [sym('a.ts#A', 'function'), sym('a.ts#B', 'function'), ...locals],
    chain.slice(1).map((to, i) => rel('calls', chain[i]!, to)))]);
  const calls: Array<[number, number]> = [];
  const selection = selectGraph(full, 'analysis', (_unit, used, adding) => { calls.push([used, adding]); });
  assert.deepEqual(calls, [[0, 4096], [4096, 6002 - 4096]]);
  assert.equal(selection.report.bridges, 3000);
  assert.equal(selection.report.searchWork, 6002);
});

/** Deterministic pseudo-random numbers (mulberry32). */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The bridge rule by brute force: the core/context ends reachable through candidates only. */
function bruteBridges(kinds: Map<string, boolean>, pairs: Array<[string, string]>): string[] {
  const ends = (start: string, step: (id: string) => string[]): Set<string> => {
    const found = new Set<string>();
    const seen = new Set([start]);
    const stack = [start];
    while (stack.length > 0) {
      for (const next of step(stack.pop()!)) {
        if (kinds.get(next)) found.add(next);
        else if (!seen.has(next)) { seen.add(next); stack.push(next); }
      }
    }
    return found;
  };
  const out = (id: string): string[] => pairs.filter(([f]) => f === id).map(([, t]) => t);
  const into = (id: string): string[] => pairs.filter(([, t]) => t === id).map(([f]) => f);
  return [...kinds].filter(([id, terminal]) => {
    if (terminal) return false;
    const from = ends(id, into);
    const to = ends(id, out);
    return [...from].some((a) => [...to].some((b) => a !== b));
  }).map(([id]) => id).sort();
}

test('random graphs: bridges match brute force whatever the group order', () => {
  const followed: RelationKind[] = ['calls', 'reads', 'writes', 'references', 'contains', 'type_of'];
  for (let seed = 1; seed <= 200; seed++) {
    const next = random(seed);
    const pick = <T>(items: T[]): T => items[Math.floor(next() * items.length)]!;
    const paths = ['a.ts', 'b.ts', 'c.ts'];
    const symbols = new Map<string, SymbolRecord[]>(paths.map((p) => [p, []]));
    const terminal = new Map<string, boolean>(paths.map((p) => [p, true]));
    const count = 3 + Math.floor(next() * 10);
    for (let i = 0; i < count; i++) {
      const path = pick(paths);
      const core = next() < 0.3;
      const id = `${path}#n${i}`;
      symbols.get(path)!.push(core ? sym(id, 'function') : sym(id, 'variable', `${path}#n999`));
      terminal.set(id, core);
    }
    const ids = [...terminal.keys()];
    const relations = new Map<string, RelationRecord[]>(paths.map((p) => [p, []]));
    const pairs: Array<[string, string]> = [];
    const edgeCount = Math.floor(next() * count * 2);
    for (let i = 0; i < edgeCount; i++) {
      const from = pick(ids);
      const to = pick(ids);
      const kind = next() < 0.15 ? 'imports' : pick(followed);
      relations.get(from.split('#')[0]!)!.push(rel(kind, from, to));
      if (kind !== 'imports') pairs.push([from, to]);
    }
    const groups = paths.map((p) => group(p, symbols.get(p)!, relations.get(p)!));
    const expected = bruteBridges(terminal, pairs);
    const selection = selectGraph(graph(groups), 'analysis');
    const bridges = ids.filter((id) => !terminal.get(id) && symbolOf(selection, id) !== undefined).sort();
    assert.deepEqual(bridges, expected, `seed ${seed}`);
    const reversed = selectGraph(graph([...groups].reverse()), 'analysis');
    assert.equal(reversed.output.digest, selection.output.digest, `seed ${seed}`);
  }
});
