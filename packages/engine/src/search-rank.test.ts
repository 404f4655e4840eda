// rankEntries skips fuzzy matching when the other kinds of match fill the top `limit`; it must
// answer exactly as scoring every entry would.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { rankEntries, scoreName, type NameEntry } from './search-rank.js';

const WORDS = ['get', 'set', 'Value', 'value', 'Observable', 'observe', 'map', 'Map', 'to', 'String', 'is', 'Callable', 'a', 'array', 'Array', 'at', 'x', 'Proxy', 'internal'];

function entries(count: number, seed: number): NameEntry[] {
  let state = seed;
  const next = (): number => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
  const list: NameEntry[] = [];
  for (let i = 0; i < count; i++) {
    const parts = Array.from({ length: 1 + Math.floor(next() * 3) }, () => WORDS[Math.floor(next() * WORDS.length)]!);
    const name = parts.join(next() < 0.3 ? '_' : '');
    list.push({ name, lower: name.toLowerCase(), id: `f${i % 7}.ts#${name}~${i}`, kind: next() < 0.2 ? 'variable' : 'function', generated: next() < 0.1, path: `f${i % 7}.ts` });
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
