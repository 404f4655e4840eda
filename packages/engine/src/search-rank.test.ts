// rankEntries skips fuzzy matching when the other kinds of match fill the top `limit`; it must
// answer exactly as scoring every entry would. handWrittenFirst and soleMatch put generated
// files' symbols after hand-written ones.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { handWrittenFirst, nameEntryOf, rankEntries, scoreName, soleMatch, type NameEntry } from './search-rank.js';

const WORDS = ['get', 'set', 'Value', 'value', 'Observable', 'observe', 'map', 'Map', 'to', 'String', 'is', 'Callable', 'a', 'array', 'Array', 'at', 'x', 'Proxy', 'internal'];

function entries(count: number, seed: number): NameEntry[] {
  let state = seed;
  const next = (): number => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
  const list: NameEntry[] = [];
  for (let i = 0; i < count; i++) {
    const parts = Array.from({ length: 1 + Math.floor(next() * 3) }, () => WORDS[Math.floor(next() * WORDS.length)]!);
    const name = parts.join(next() < 0.3 ? '_' : '');
    list.push(nameEntryOf({
      id: `f${i % 7}.ts#${name}~${i}`, kind: next() < 0.2 ? 'variable' : 'function', name, qualifiedName: name, path: `f${i % 7}.ts`,
      range: { start: { line: 1, column: 1 }, end: { line: 1, column: 1 } }, selection: { start: { line: 1, column: 1 }, end: { line: 1, column: 1 } },
      exported: false, generated: next() < 0.1,
    }));
  }
  return list;
}

function reference(list: NameEntry[], query: string, limit: number, accept: (e: NameEntry) => boolean): string[] {
  const lowerQuery = query.toLowerCase();
  const all = list.map((entry) => ({ entry, score: scoreName(entry, query, lowerQuery) })).filter((s) => s.score > 0 && accept(s.entry));
  // Same tie-breaks as rankEntries: rank the scored entries with it (fuzzy pass forced by limit).
  return rankEntries(all.map((s) => s.entry), query, Number.MAX_SAFE_INTEGER, () => true).slice(0, limit).map((e) => e.id);
}

test('ranking with the fuzzy pass skipped equals scoring everything', () => {
  const list = entries(3000, 7);
  for (const query of ['get', 'val', 'gv', 'Map', 'obs', 'toString', 'isCall', 'arr', 'xyz', 'Value', 'ta', 'internal']) {
    for (const limit of [1, 5, 20, 200]) {
      for (const accept of [() => true, (e: NameEntry) => e.path !== 'f3.ts']) {
        assert.deepEqual(rankEntries(list, query, limit, accept).map((e) => e.id), reference(list, query, limit, accept), `${query} limit ${limit}`);
      }
    }
  }
});

/** Whether `name` matches `query` at all, written plainly (no pre-filter, no early exit). */
function naiveMatch(name: string, query: string): boolean {
  const lower = name.toLowerCase();
  const lowerQuery = query.toLowerCase();
  if (lower.startsWith(lowerQuery)) return true;
  for (let i = 1; i < name.length; i++) {
    const ch = name[i]!;
    const prev = name[i - 1]!;
    const boundary = (ch >= 'A' && ch <= 'Z' && !(prev >= 'A' && prev <= 'Z')) || '_-$.'.includes(prev);
    if (boundary && name.slice(i).toLowerCase().startsWith(lowerQuery)) return true;
  }
  if (lowerQuery.length < 2 || lowerQuery.length > lower.length) return false;
  let position = 0;
  for (const ch of lowerQuery) {
    position = lower.indexOf(ch, position) + 1;
    if (position === 0) return false;
  }
  return true;
}

test('the pre-filters (substring, letter mask) never drop a match', () => {
  const list = [...entries(2000, 11), ...['Ärger_Ωmega', 'x2y', 'a.b.c', '$scope', 'İstanbul', 'HTTPServer', 'load3D'].map((name, i) => nameEntryOf({
    id: `u.ts#${name}~${i}`, kind: 'function', name, qualifiedName: name, path: 'u.ts',
    range: { start: { line: 1, column: 1 }, end: { line: 1, column: 1 } }, selection: { start: { line: 1, column: 1 }, end: { line: 1, column: 1 } },
    exported: false, generated: false,
  }))];
  for (const query of ['get', 'gv', 'mega', 'ωm', 'x2', '2y', 'b.c', 'scope', 'stan', 'server', 'hs', '3d', 'zz', 'valueget', 'İst']) {
    const found = new Set(rankEntries(list, query, Number.MAX_SAFE_INTEGER, () => true).map((e) => e.id));
    const expected = new Set(list.filter((e) => naiveMatch(e.name, query)).map((e) => e.id));
    assert.deepEqual([...found].sort(), [...expected].sort(), query);
  }
});

test('hand-written symbols come first, each part in its given order; a name means its only hand-written symbol', () => {
  const symbols = [
    { id: 'g1', generated: true }, { id: 'w1', generated: false }, { id: 'g2', generated: true }, { id: 'w2', generated: false },
  ];
  assert.deepEqual(handWrittenFirst(symbols, (x) => x).map((x) => x.id), ['w1', 'w2', 'g1', 'g2']);
  assert.deepEqual(handWrittenFirst(symbols.slice(1, 2), (x) => x).map((x) => x.id), ['w1']);
  assert.equal(soleMatch([symbols[0]!])?.id, 'g1', 'a lone generated match is the match');
  assert.equal(soleMatch([symbols[0]!, symbols[1]!, symbols[2]!])?.id, 'w1');
  assert.equal(soleMatch(symbols), undefined, 'two hand-written matches stay ambiguous');
  assert.equal(soleMatch([symbols[0]!, symbols[2]!]), undefined, 'two generated matches stay ambiguous');
});
