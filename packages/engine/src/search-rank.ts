/**
 * Symbol search ranking: exact > prefix > word/camel-case parts > fuzzy (subsequence), then a
 * hand-written file before a generated one, then declarations before parameters and files,
 * shorter names, id. Also the one rule the other answers share: hand-written before generated
 * (callers, callees, context's callees, name resolution). Pure; owns the scores.
 */
import type { SymbolKind, SymbolRecord } from '@repograph/core';

/** One entry of the in-memory name table. */
export interface NameEntry {
  name: string;
  lower: string;
  id: string;
  kind: SymbolKind;
  generated: boolean;
  path: string;
  /** Bit i set when letter a+i (or digit/other, bit 26) occurs in `lower`: a cheap fuzzy pre-check. */
  letters: number;
}

const KIND_PENALTY: ReadonlyMap<SymbolKind, number> = new Map<SymbolKind, number>([['parameter', 3], ['file', 2], ['property', 1], ['variable', 1], ['field', 1]]);

/** Scores a name against a query (0 = no match). */
export function scoreName(entry: NameEntry, query: string, lowerQuery: string): number {
  const score = exactScore(entry, query, lowerQuery);
  if (score > 0) return score;
  const fuzzy = fuzzyScore(entry.lower, lowerQuery);
  return fuzzy > 0 ? 100 + fuzzy : 0;
}

/** The score of every match but the fuzzy one (400..1000), or 0. */
function exactScore(entry: NameEntry, query: string, lowerQuery: string): number {
  // Every kind below needs the query inside the name (lowercasing keeps positions for almost
  // every name; the rare one where it does not goes the long way).
  if (entry.lower.length === entry.name.length && !entry.lower.includes(lowerQuery)) return 0;
  if (entry.name === query) return 1000;
  if (entry.lower === lowerQuery) return 900;
  if (entry.lower.startsWith(lowerQuery)) return 700 - Math.min(100, entry.name.length - query.length);
  if (matchesWordParts(entry, lowerQuery)) return 500 - Math.min(100, entry.name.length - query.length);
  return 0;
}

/**
 * Ranks entries; returns the top `limit` by score and tie-breaks. Fuzzy matches score below
 * every other kind (at most 199 against at least 400), so they are only looked for when the
 * other kinds leave room in the top `limit`.
 */
export function rankEntries(entries: Iterable<NameEntry>, query: string, limit: number, accept: (e: NameEntry) => boolean): NameEntry[] {
  const lowerQuery = query.toLowerCase();
  const scored: Array<{ entry: NameEntry; score: number }> = [];
  const rest: NameEntry[] = [];
  for (const entry of entries) {
    const score = exactScore(entry, query, lowerQuery);
    if (score > 0) {
      if (accept(entry)) scored.push({ entry, score });
    } else {
      rest.push(entry);
    }
  }
  if (scored.length < limit) {
    const queryLetters = lettersOf(lowerQuery);
    for (const entry of rest) {
      if ((entry.letters & queryLetters) !== queryLetters) continue;
      const fuzzy = fuzzyScore(entry.lower, lowerQuery);
      if (fuzzy > 0 && accept(entry)) scored.push({ entry, score: 100 + fuzzy });
    }
  }
  scored.sort((a, b) =>
    b.score - a.score ||
    Number(a.entry.generated) - Number(b.entry.generated) ||
    (KIND_PENALTY.get(a.entry.kind) ?? 0) - (KIND_PENALTY.get(b.entry.kind) ?? 0) ||
    a.entry.name.length - b.entry.name.length ||
    (a.entry.id < b.entry.id ? -1 : a.entry.id > b.entry.id ? 1 : 0));
  return scored.slice(0, limit).map((s) => s.entry);
}

/**
 * The items whose symbol lies in a hand-written file, then those in a generated file, each part
 * in its given order (callers, callees and context's callees list what a person wrote first).
 */
export function handWrittenFirst<T>(items: readonly T[], symbolOf: (item: T) => Pick<SymbolRecord, 'generated'>): T[] {
  const written = items.filter((item) => !symbolOf(item).generated);
  return written.length === items.length ? [...items] : [...written, ...items.filter((item) => symbolOf(item).generated)];
}

/**
 * The symbol a name means among the symbols it matches: the only one, else the only one in a
 * hand-written file (a generated twin of a hand-written symbol does not make its name
 * ambiguous), else none.
 */
export function soleMatch<T extends Pick<SymbolRecord, 'generated'>>(matches: readonly T[]): T | undefined {
  if (matches.length === 1) return matches[0];
  const handWritten = matches.filter((symbol) => !symbol.generated);
  return handWritten.length === 1 ? handWritten[0] : undefined;
}

/** A name entry for a symbol. */
export function nameEntryOf(symbol: SymbolRecord): NameEntry {
  const lower = symbol.name.toLowerCase();
  return { name: symbol.name, lower, id: symbol.id, kind: symbol.kind, generated: symbol.generated, path: symbol.path, letters: lettersOf(lower) };
}

/** The letter mask of a lowercased name (see NameEntry.letters). */
function lettersOf(lower: string): number {
  let mask = 0;
  for (let i = 0; i < lower.length; i++) {
    const code = lower.charCodeAt(i) - 97;
    mask |= code >= 0 && code < 26 ? 1 << code : 1 << 26;
  }
  return mask;
}

/** True when the query is the start of a camelCase / snake_case / kebab part of the name. */
function matchesWordParts(entry: NameEntry, lowerQuery: string): boolean {
  const { name, lower } = entry;
  // Lowercasing keeps positions for almost every name; when it does not, compare slices.
  const aligned = lower.length === name.length;
  for (let i = 1; i < name.length; i++) {
    const ch = name[i]!;
    const prev = name[i - 1]!;
    const boundary = (ch >= 'A' && ch <= 'Z' && !(prev >= 'A' && prev <= 'Z')) || prev === '_' || prev === '-' || prev === '$' || prev === '.';
    if (!boundary) continue;
    if (aligned ? lower.startsWith(lowerQuery, i) : name.slice(i).toLowerCase().startsWith(lowerQuery)) return true;
  }
  return false;
}

/** Subsequence match; more contiguous runs score higher (1..99), 0 when not a subsequence. */
function fuzzyScore(lowerName: string, lowerQuery: string): number {
  if (lowerQuery.length < 2 || lowerQuery.length > lowerName.length) return 0;
  let position = 0;
  let runs = 0;
  let previous = -2;
  for (const ch of lowerQuery) {
    const found = lowerName.indexOf(ch, position);
    if (found < 0) return 0;
    if (found !== previous + 1) runs++;
    previous = found;
    position = found + 1;
  }
  return Math.max(1, 99 - runs * 10 - (lowerName.length - lowerQuery.length));
}
