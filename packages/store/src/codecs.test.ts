/**
 * Tests of the stored forms: every record survives its tuple (codecs.ts) and every manifest its
 * delta (manifest.ts) deep-equal, including values outside the vocabularies, fields the codecs do
 * not know, and the cases the elisions must not misread.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { RelationRecord, SymbolRecord } from '@repograph/core';
import {
  readRelation, readRelationSlots, readSymbol, readSymbolSlots, sharedPrefixLength, writeRelations, writeSymbols,
} from './codecs.js';
import { oneByteText } from './streams.js';
import { readGroups, readIncoming, readNames, writeGroups, writeIncoming, writeNames } from './index-codecs.js';
import { makeFileEntry, makeRelation, makeSymbol } from './fixtures-graph.js';
import { applyEntry, manifestDelta, mergeManifest, readManifestBlock, writeManifestBlock } from './manifest.js';
import type { FileEntry } from './types.js';

/** Round-trips records through msgpack-like structured cloning, as lmdb stores tuples. */
function stored<T>(value: T): T {
  return structuredClone(value);
}

describe('symbol and relation tuples', () => {
  const path = 'src/w.ts';
  const symbols: SymbolRecord[] = [
    { ...makeSymbol(path, 'file'), id: path, kind: 'file', name: 'w.ts', qualifiedName: path },
    makeSymbol(path, 'Widget', { kind: 'class', doc: 'A widget.', signature: 'class Widget', exported: true }),
    makeSymbol(path, 'Widget.size', { kind: 'property', signature: 'size', container: `${path}#Widget`, generated: true }),
    { ...makeSymbol(path, 'Widget.size'), id: `${path}#Widget.size~2`, params: [
      { name: 'x', optional: true, hasDefault: false, variadic: false, typeText: 'number' },
      { name: 'rest', optional: false, hasDefault: true, variadic: true, keywordOnly: true },
    ] },
    { ...makeSymbol(path, 'odd'), name: 'notDerivable', qualifiedName: 'Other.name', container: 'src/other.ts#Outer' },
    { ...makeSymbol(path, 'future'), kind: 'macro' as SymbolRecord['kind'], novel: { nested: [1, 2] } } as SymbolRecord,
    { ...makeSymbol(path, 'ünïcode😀'), range: { start: { line: 40, column: 3 }, end: { line: 2, column: 1 } } },
  ];

  test('symbols come back deep-equal, front-coded against the previous id', () => {
    const stream = stored(writeSymbols(symbols));
    const slots = readSymbolSlots(stream);
    assert.deepEqual(slots.map((slot) => slot.id), symbols.map((symbol) => symbol.id));
    assert.deepEqual(slots.map((slot) => readSymbol(stream, slot)), symbols);
  });

  test('relations come back deep-equal, including unknown words and fields, across paths', () => {
    const other = 'src/x.ts';
    const relations: RelationRecord[] = [
      makeRelation(path, path, 'src/other.ts', 1, 'imports'),
      makeRelation(path, `${path}#Widget`, `${path}#Widget.size`, 9),
      makeRelation(path, `${path}#Widget`, null, 3),
      { ...makeRelation(path, `${path}#odd`, 'src/x.ts#Y.z~2', 4), name: 'z' },
      { ...makeRelation(path, `${path}#odd`, path, 2), kind: 'summons' as RelationRecord['kind'], confidence: 'vibes' as RelationRecord['confidence'] },
      { ...makeRelation(path, path, `${path}#a`, 1), site: { path, line: 1, column: 2, endColumn: 9 } as RelationRecord['site'], weight: 3 } as RelationRecord,
      { ...makeRelation(other, other, `${path}#a`, 2 ** 40), site: { path: other, line: 2 ** 40, column: 1.5 } },
      { ...makeRelation(other, `${other}#q`, other, -3), site: { path: other, line: -3, column: -0 } },
    ];
    const stream = stored(writeRelations(relations.slice(2)));
    const slots = readRelationSlots(stream, path, 2);
    assert.deepEqual(slots.map((slot) => [slot.path, slot.ordinal]), [[path, 2], [path, 3], [path, 4], [path, 5], [other, 0], [other, 1]]);
    assert.deepEqual(slots.map((slot) => readRelation(stream, slot)), relations.slice(2));
    assert.deepEqual(readRelationSlots(stored(writeRelations(relations)), path, 0).length, relations.length);
  });

  test('a name comes back whether or not it is the one its id derives', () => {
    // Each (to, name) sits at another edge of the writer's test for a derivable name.
    const cases: Array<[string, string]> = [
      [`${path}#a.b`, 'a.b'], [`${path}#a.b`, 'b'], [`${path}#`, ''], ['b', 'b'], ['xab', 'ab'], [`${path}#x/ab`, 'ab'],
      ['src/x.ts#Y.z~2', 'z~2'], ['src/x.ts#Y.z~2', 'Y.z~2'], ['a#b', 'a#b'], ['a#b', 'c'],
    ];
    const relations = cases.map(([to, name], index) => ({ ...makeRelation(path, path, to, index + 1), name }));
    const stream = stored(writeRelations(relations));
    assert.deepEqual(readRelationSlots(stream, path, 0).map((slot) => readRelation(stream, slot)), relations);
    const symbols: SymbolRecord[] = [
      { ...makeSymbol(path, 'file'), id: path, kind: 'file' as const, name: 'w.ts', qualifiedName: '' },
      { ...makeSymbol(path, 'A.b'), name: 'A.b' },
      { ...makeSymbol(path, 'A.b'), id: `${path}#A.b~1`, name: 'b', qualifiedName: 'A.b' },
      { ...makeSymbol(path, 'Ab'), name: 'b' },
      { ...makeSymbol(path, 'x'), name: 'w.ts', qualifiedName: path },
      { ...makeSymbol(path, 'y'), name: 'ts', qualifiedName: 'w.ts' },
    ].sort((a, b) => (a.id < b.id ? -1 : 1));
    const symbolStream = stored(writeSymbols(symbols));
    assert.deepEqual(readSymbolSlots(symbolStream).map((slot) => readSymbol(symbolStream, slot)), symbols);
  });

  test('names, incoming entries and group summaries round-trip', () => {
    const names = [{ lowerName: 'widget', id: 'a#Widget' }, { lowerName: 'widget', id: 'b#widget' }, { lowerName: 'widgets', id: 'c#x' }];
    assert.deepEqual(readNames(stored(writeNames(names))), names);
    const incoming = [{ to: 'a.ts#X', path: 'a.ts', ordinal: 3 }, { to: 'a.ts#X', path: 'b.ts', ordinal: 0 },
      { to: 'a.ts#Y', path: 'a.ts#Y', ordinal: 1 }, { to: 'b#c.ts', path: 'b', ordinal: 2 }];
    assert.deepEqual(readIncoming(stored(writeIncoming(incoming)), 'a.ts#X'), incoming);
    const groups = [{ path: 'a.ts', removed: false, symbolCount: 2, relationCount: 5, unresolvedCount: 1 },
      { path: 'a.tsx', removed: true, symbolCount: 0, relationCount: 0, unresolvedCount: 0 }];
    assert.deepEqual(readGroups(stored(writeGroups(groups))), groups);
  });

  test('front coding never splits a surrogate pair', () => {
    assert.equal(sharedPrefixLength('a😀', 'a😁'), 1);
    assert.equal(sharedPrefixLength('abc', 'abd'), 2);
    assert.equal(sharedPrefixLength('', 'x'), 0);
  });

  test('texts of a block with a wide character keep their characters (the Latin-1 ones are copied one-byte)', () => {
    const wideBlock = 'src/a.ts\u2019 said ünïcode😀';
    assert.equal(oneByteText(wideBlock.slice(0, 8)), 'src/a.ts');
    assert.equal(oneByteText(wideBlock.slice(15, 22)), 'ünïcode');
    assert.equal(oneByteText(wideBlock.slice(8, 14)), '\u2019 said');
    assert.equal(oneByteText(wideBlock.slice(22)), '😀');
    assert.equal(oneByteText(wideBlock.slice(23)), '\ude00');
    assert.equal(oneByteText(''), '');
  });
});

describe('manifest deltas', () => {
  const git = (path: string, extra: Partial<FileEntry> = {}): FileEntry => ({ ...makeFileEntry(path), mtimeMs: 0, ino: 0, ...extra });
  const base: FileEntry[] = [
    git('a.ts', { groupHash: 'ab'.repeat(32) }), git('b.ts'), git('c.ts', { blobId: null, groupHash: '' }),
    git('d.ts', { blobId: 'ABCDEF', language: null }), { ...git('e.ts'), flagged: true } as FileEntry, git('f.ts'),
  ];
  const worktree: FileEntry[] = [
    { ...base[0]!, mtimeMs: 1_700_000_000_123.25, ino: 77 }, // stat fields only
    base[1]!, // identical: nothing stored
    { ...base[2]!, blobId: 'cd'.repeat(20), status: 'partial' }, // changed content
    // d.ts removed
    git('e.ts'), // its unknown field dropped
    { ...base[5]!, extra: 'x' } as FileEntry, // an unknown field added
    git('g.ts', { language: 'kotlin' as FileEntry['language'] }), // added, outside the vocabulary
  ];

  test('store only what differs from the base, and rebuild the full manifest', () => {
    const baseEntries = readManifestBlock(stored(writeManifestBlock(manifestDelta(base, null))));
    const entries = manifestDelta(worktree, baseEntries);
    assert.deepEqual(entries.map((entry) => entry.path), ['a.ts', 'c.ts', 'd.ts', 'e.ts', 'f.ts', 'g.ts']);
    const decoded = readManifestBlock(stored(writeManifestBlock(entries)));
    assert.deepEqual([...mergeManifest(baseEntries, decoded)], worktree);
    assert.deepEqual(applyEntry(decoded[0]!, baseEntries[0]), worktree[0]);
    assert.equal(applyEntry(decoded[2]!, baseEntries[3]), undefined, 'a removal');
  });

  test('a hash that is not lowercase hex of whole bytes comes back as the same text', () => {
    // Each is refused at another point of the one-pass check (BlockWriter.taggedHex).
    const files = [git('g.ts', { blobId: 'abc', groupHash: 'abcdef0g' }), git('h.ts', { blobId: 'ab\u0100c', groupHash: 'f' }),
      git('i.ts', { blobId: 'g0', groupHash: '0123456789abcdeF' })];
    const decoded = readManifestBlock(stored(writeManifestBlock(manifestDelta(files, null))));
    assert.deepEqual(decoded.map((entry) => applyEntry(entry, undefined)), files);
  });

  test('a manifest without a base is stored complete', () => {
    const decoded = readManifestBlock(stored(writeManifestBlock(manifestDelta(base, null))));
    assert.deepEqual(decoded.map((entry) => applyEntry(entry, undefined)), base);
  });
});
