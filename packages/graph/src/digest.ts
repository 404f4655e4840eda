/**
 * The graph digest: SHA-256 over every path group's canonical bytes in path order, so the same
 * files with the same content give the same digest whatever order they arrived in. Owns the
 * canonical encoding (keys sorted, no whitespace).
 */
import * as crypto from 'node:crypto';
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
 * SHA-256 of one text, hex. Node's one-shot `crypto.hash` (20.12 on) skips the Hash object and
 * its stream state, which a small text pays for as much as for its bytes: over core-js's 3,500
 * groups, 60 -> 33 ms on a cold run. Earlier Node 20 releases take the Hash object.
 */
const sha256Hex: (text: string) => string = typeof (crypto as { hash?: unknown }).hash === 'function'
  ? (text) => crypto.hash('sha256', text, 'hex')
  : (text) => crypto.createHash('sha256').update(text).digest('hex');

/**
 * Hash of one path group (symbols and relations already sorted by the assembler). Records are
 * built by the assembler with a fixed field order, so plain JSON is canonical for them and much
 * cheaper than canonicalJson; diagnostics come from several stages and are canonicalized. One
 * text, hashed at once: the bytes are those the group's hash has always covered.
 */
export function groupHash(group: PathGroup): string {
  let text = `${group.path}${JSON.stringify(group.symbols)}\u0001${JSON.stringify(group.relations)}\u0001`;
  for (const diagnostic of sortDiagnostics(group.diagnostics)) text += `${canonicalDiagnostic(diagnostic)}\n`;
  return sha256Hex(text);
}

/** Canonical JSON of diagnostics, kept per object: a live session hashes the same ones on every refresh. */
const canonicalDiagnostics = new WeakMap<Diagnostic, string>();

function canonicalDiagnostic(diagnostic: Diagnostic): string {
  let text = canonicalDiagnostics.get(diagnostic);
  if (text === undefined) canonicalDiagnostics.set(diagnostic, (text = canonicalJson(diagnostic)));
  return text;
}

/** Groups hashed together into one chunk hash; the digest hashes the chunk hashes. */
const CHUNK_GROUPS = 128;

/**
 * Chunk hashes kept by the chunk's first group object, with the members they were computed for:
 * a live session replaces a few group objects per refresh, so most chunks are found unchanged
 * (the same objects in the same places) and not hashed again.
 */
const chunkHashes = new WeakMap<object, { members: object[]; hash: string }>();

function chunkHash(groups: ReadonlyArray<{ path: string; hash: string }>, start: number, end: number): string {
  const first = groups[start]!;
  const cached = chunkHashes.get(first);
  if (cached && cached.members.length === end - start && cached.members.every((member, i) => member === groups[start + i])) return cached.hash;
  let text = '';
  for (let i = start; i < end; i++) text += `${groups[i]!.path}\0${groups[i]!.hash}\n`;
  const hash = sha256Hex(text);
  chunkHashes.set(first, { members: groups.slice(start, end), hash });
  return hash;
}

/**
 * Digest over group hashes (sorted by path) and the build-wide diagnostics: SHA-256 over the
 * hashes of consecutive chunks of CHUNK_GROUPS `path NUL hash` lines, then the canonical
 * diagnostics. The same groups and diagnostics give the same digest however they arrived.
 */
export function graphDigest(groupHashes: ReadonlyArray<{ path: string; hash: string }>, diagnostics: Diagnostic[]): string {
  const hash = crypto.createHash('sha256');
  const byPath = (a: { path: string }, b: { path: string }): number => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);
  // Callers usually pass groups in path order already; one pass checks. Group objects must not
  // change once hashed (HashedGroup is immutable): chunk hashes are kept by object identity.
  let ordered = true;
  for (let i = 1; i < groupHashes.length && ordered; i++) ordered = byPath(groupHashes[i - 1]!, groupHashes[i]!) <= 0;
  const sorted = ordered ? groupHashes : [...groupHashes].sort(byPath);
  for (let start = 0; start < sorted.length; start += CHUNK_GROUPS) {
    hash.update(chunkHash(sorted, start, Math.min(sorted.length, start + CHUNK_GROUPS))).update('\n');
  }
  for (const diagnostic of sortDiagnostics(diagnostics)) hash.update(canonicalDiagnostic(diagnostic)).update('\n');
  return hash.digest('hex');
}

/** Diagnostics in a stable order. */
export function sortDiagnostics(diagnostics: Diagnostic[]): Diagnostic[] {
  if (diagnostics.length < 2) return [...diagnostics];
  // Each key is built once, not once per comparison.
  const keyed = diagnostics.map((diagnostic) => ({
    diagnostic, key: `${diagnostic.path}\0${String(diagnostic.line ?? 0).padStart(9, '0')}\0${diagnostic.code}\0${diagnostic.message}`,
  }));
  keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return keyed.map((entry) => entry.diagnostic);
}
