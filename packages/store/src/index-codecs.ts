/**
 * The stored forms of the entries of a snapshot's index runs (runs.ts): the name index, the
 * incoming index and the group summaries, written to and read from a block's stream (streams.ts).
 * Names, targets and paths are front-coded against the entry before; the record runs (symbols,
 * relations) are in codecs.ts, the manifest in manifest.ts.
 */
import { isInFile, sharedPrefixLength } from './codecs.js';
import { BlockReader, BlockWriter, type StreamValue } from './streams.js';

/** A name-index entry: the lowercased name and the symbol id, sorted by both. */
export interface NameEntry {
  lowerName: string;
  id: string;
}

/** A block of name entries, each name front-coded against the one before. */
export function writeNames(entries: readonly NameEntry[]): StreamValue {
  const writer = new BlockWriter();
  let previous = '';
  for (const { lowerName, id } of entries) {
    const shared = sharedPrefixLength(previous, lowerName);
    writer.uint(shared);
    writer.text(lowerName.slice(shared));
    writer.text(id);
    previous = lowerName;
  }
  return writer.finish();
}

export function readNames(stream: StreamValue): NameEntry[] {
  const reader = new BlockReader(stream);
  const entries: NameEntry[] = [];
  let previous = '';
  while (!reader.done) {
    previous = previous.slice(0, reader.uint()) + reader.text();
    entries.push({ lowerName: previous, id: reader.text() });
  }
  return entries;
}

/** An entry of the incoming index: a relation to `to` at (path, ordinal) of its path group. */
export interface IncomingEntry {
  to: string;
  path: string;
  ordinal: number;
}

/**
 * A block of incoming entries. Each is `flags, [to], path, ordinal`: `to` only when it differs
 * from the entry before (the first entry's is the block key's), front-coded; the path as its
 * length when it is the file of `to`.
 */
export function writeIncoming(entries: readonly IncomingEntry[]): StreamValue {
  const writer = new BlockWriter();
  let previous = entries[0]?.to ?? '';
  for (const { to, path, ordinal } of entries) {
    const pathOfTo = isInFile(to, path);
    writer.uint((to !== previous ? 1 : 0) | (pathOfTo ? 2 : 0));
    if (to !== previous) {
      const shared = sharedPrefixLength(previous, to);
      writer.uint(shared);
      writer.text(to.slice(shared));
      previous = to;
    }
    if (pathOfTo) writer.uint(path.length);
    else writer.text(path);
    writer.uint(ordinal);
  }
  return writer.finish();
}

/** Reads writeIncoming's block; `firstTo` is the block key's. */
export function readIncoming(stream: StreamValue, firstTo: string): IncomingEntry[] {
  const reader = new BlockReader(stream);
  const entries: IncomingEntry[] = [];
  let to = firstTo;
  while (!reader.done) {
    const flags = reader.uint();
    if ((flags & 1) !== 0) to = to.slice(0, reader.uint()) + reader.text();
    const path = (flags & 2) !== 0 ? to.slice(0, reader.uint()) : reader.text();
    entries.push({ to, path, ordinal: reader.uint() });
  }
  return entries;
}

/** Per path group of a snapshot: whether it removes the path, and its counts. */
export interface GroupSummary {
  path: string;
  removed: boolean;
  symbolCount: number;
  relationCount: number;
  unresolvedCount: number;
}

export function writeGroups(entries: readonly GroupSummary[]): StreamValue {
  const writer = new BlockWriter();
  let previous = '';
  for (const group of entries) {
    const shared = sharedPrefixLength(previous, group.path);
    writer.uint(shared);
    writer.text(group.path.slice(shared));
    writer.uint(group.removed ? 1 : 0);
    writer.uint(group.symbolCount);
    writer.uint(group.relationCount);
    writer.uint(group.unresolvedCount);
    previous = group.path;
  }
  return writer.finish();
}

export function readGroups(stream: StreamValue): GroupSummary[] {
  const reader = new BlockReader(stream);
  const entries: GroupSummary[] = [];
  let previous = '';
  while (!reader.done) {
    previous = previous.slice(0, reader.uint()) + reader.text();
    entries.push({ path: previous, removed: reader.uint() === 1, symbolCount: reader.uint(), relationCount: reader.uint(),
      unresolvedCount: reader.uint() });
  }
  return entries;
}
