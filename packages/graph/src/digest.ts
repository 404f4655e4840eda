/**
 * The graph digest: SHA-256 over every path group's canonical bytes in path order, so the same
 * files with the same content give the same digest whatever order they arrived in. Owns the
 * canonical encoding (keys sorted, no whitespace).
 */
import { createHash } from 'node:crypto';
import type { Diagnostic } from '@repograph/core';
import type { PathGroup } from './assemble.js';

/** JSON with object keys sorted at every level; undefined fields omitted. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record).filter((k) => record[k] !== undefined).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(record[k])}`).join(',')}}`;
}

/**
 * Hash of one path group (symbols and relations already sorted by the assembler). Records are
 * built by the assembler with a fixed field order, so plain JSON is canonical for them and much
 * cheaper than canonicalJson; diagnostics come from several stages and are canonicalized.
 */
export function groupHash(group: PathGroup): string {
  const hash = createHash('sha256');
  hash.update(group.path);
  hash.update(JSON.stringify(group.symbols));
  hash.update('\u0001');
  hash.update(JSON.stringify(group.relations));
  hash.update('\u0001');
  for (const diagnostic of sortDiagnostics(group.diagnostics)) hash.update(canonicalJson(diagnostic)).update('\n');
  return hash.digest('hex');
}

/** Digest over group hashes (sorted by path) and the build-wide diagnostics. */
export function graphDigest(groupHashes: ReadonlyArray<{ path: string; hash: string }>, diagnostics: Diagnostic[]): string {
  const hash = createHash('sha256');
  const byPath = (a: { path: string }, b: { path: string }): number => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);
  // Callers usually pass groups in path order already; one pass checks, and one string makes
  // one hash update instead of four per group (the same bytes either way).
  let ordered = true;
  for (let i = 1; i < groupHashes.length && ordered; i++) ordered = byPath(groupHashes[i - 1]!, groupHashes[i]!) <= 0;
  const sorted = ordered ? groupHashes : [...groupHashes].sort(byPath);
  const lines: string[] = new Array(sorted.length);
  for (let i = 0; i < sorted.length; i++) lines[i] = `${sorted[i]!.path}\0${sorted[i]!.hash}\n`;
  hash.update(lines.join(''));
  for (const diagnostic of sortDiagnostics(diagnostics)) hash.update(canonicalJson(diagnostic)).update('\n');
  return hash.digest('hex');
}

/** Diagnostics in a stable order. */
export function sortDiagnostics(diagnostics: Diagnostic[]): Diagnostic[] {
  return [...diagnostics].sort((a, b) => {
    const ka = `${a.path}\0${String(a.line ?? 0).padStart(9, '0')}\0${a.code}\0${a.message}`;
    const kb = `${b.path}\0${String(b.line ?? 0).padStart(9, '0')}\0${b.code}\0${b.message}`;
    return ka < kb ? -1 : ka > kb ? 1 : 0;
  });
}
