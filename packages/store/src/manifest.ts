/**
 * The manifest run (`files`): a snapshot's FileEntry list by path. Owns its block format, the
 * delta of an overlay's manifest against its base's, and putting a full manifest back together.
 * It does not own the block mechanics (runs.ts) or the merge of other runs (reader.ts).
 *
 * Every entry is a patch: a field mask and the fields it sets. A snapshot without a base stores
 * complete entries (every field bit set). An overlay stores, per path, only the fields that differ
 * from its base's entry (typically the stat fields: a commit's tree has no mtime or inode), a
 * complete entry for a path the base lacks, a removal for a base path it lacks, and nothing for an
 * identical entry. Blob ids and group hashes (lowercase hex) are stored as bytes, half the size.
 *
 * A delta is only valid against the base it was made from, so republishing a baseline rewrites
 * the manifests of the overlays on it (publish.ts). Manifest blocks are therefore cached only under
 * the version they were read as, (sid, base sid), and read past the cache when that is unknown.
 *
 * The complete manifest last published stays in memory (KeptManifest), for the overlay's delta on
 * it and, when its entries decode to themselves (isStoredExactly), for readers (layer.ts).
 */
import { sharedPrefixLength } from './codecs.js';
import { compareCodePoints } from './keys.js';
import { BlockReader, BlockWriter, type StreamValue } from './streams.js';
import type { FileEntry } from './types.js';

const FIELDS = ['blobId', 'size', 'mtimeMs', 'ino', 'language', 'status', 'generated', 'groupHash'] as const;
const KNOWN_FIELDS = new Set<string>(['path', ...FIELDS]);
/** Mask bits: one per field in FIELDS order, then one for the fields outside FileEntry's (`rest`). */
const COMPLETE = (1 << FIELDS.length) - 1;
const REST = 1 << FIELDS.length;
const REMOVED = -1;
const LANGUAGES = ['typescript', 'tsx', 'javascript', 'python', 'go'] as const;
const FILE_STATUSES = ['parsed', 'partial', 'document', 'excluded', 'failed'] as const;

/** One decoded entry of a manifest run. */
export interface ManifestEntry {
  path: string;
  /** Field bits (see FIELDS, then REST), or -1 for a path removed from the base's manifest. */
  mask: number;
  /** By bit: the fields in FIELDS order, then the unknown fields (an object, or null for none). */
  values: unknown[];
}

/**
 * A snapshot's complete manifest kept in memory (StoreEnvironment.lastManifest). `readable`: its
 * entries are what decoding the stored blocks gives (isStoredExactly), so readers may use them.
 */
export interface KeptManifest {
  sid: string;
  entries: ManifestEntry[];
  readable: boolean;
}

/**
 * True when decoding the stored `entries` gives them back exactly: no field outside FileEntry's
 * (those travel as a msgpack value), no -0 (msgpack stores 0), a boolean `generated`, and no
 * surrogate in a text (msgpack writes an unpaired one as U+FFFD). Entries made from the engine's
 * files always are; the check keeps readers exact for any input.
 */
export function isStoredExactly(entries: readonly ManifestEntry[]): boolean {
  for (const { path, mask, values } of entries) {
    if ((mask & REST) !== 0 || typeof values[6] !== 'boolean' || SURROGATE.test(path)) return false;
    if (Object.is(values[1], -0) || Object.is(values[2], -0) || Object.is(values[3], -0)) return false;
    for (const bit of TEXT_FIELDS) {
      const value = values[bit];
      if (typeof value === 'string' && SURROGATE.test(value)) return false;
    }
  }
  return true;
}

/** The FIELDS that are texts (blobId, language, status, groupHash), and a surrogate in one. */
const TEXT_FIELDS = [0, 4, 5, 7] as const;
const SURROGATE = /[\uD800-\uDFFF]/;

/**
 * The entries to store for `files` (sorted by path) over `base` (the complete entries of the
 * base's manifest, sorted by path; null without a base).
 */
export function manifestDelta(files: readonly FileEntry[], base: readonly ManifestEntry[] | null): ManifestEntry[] {
  if (base === null) return files.map((file) => patchOf(file, undefined));
  const entries: ManifestEntry[] = [];
  let index = 0;
  for (const file of files) {
    while (index < base.length && compareCodePoints(base[index]!.path, file.path) < 0) {
      entries.push(removal(base[index++]!.path));
    }
    const before = base[index]?.path === file.path ? base[index++] : undefined;
    const entry = patchOf(file, before);
    if (entry.mask !== 0) entries.push(entry);
  }
  while (index < base.length) entries.push(removal(base[index++]!.path));
  return entries;
}

/**
 * The file an entry stands for over `base`, the base manifest's (complete) entry of its path;
 * undefined for a removal.
 */
export function applyEntry(entry: ManifestEntry, base: ManifestEntry | undefined): FileEntry | undefined {
  const { mask } = entry;
  if (mask === REMOVED) return undefined;
  const values = (mask & COMPLETE) === COMPLETE || base === undefined ? entry.values : merged(entry, base);
  const file: FileEntry = {
    path: entry.path, blobId: values[0] as string | null, size: values[1] as number, mtimeMs: values[2] as number,
    ino: values[3] as number, language: values[4] as FileEntry['language'], status: values[5] as FileEntry['status'],
    generated: values[6] as boolean, groupHash: values[7] as string,
  };
  const rest = (mask & REST) !== 0 || base === undefined ? entry.values[FIELDS.length] : base.values[FIELDS.length];
  if (rest !== null && rest !== undefined) Object.assign(file, rest);
  return file;
}

/** The full manifest of an overlay: its `entries` laid over the `base` manifest's (both by path). */
export function* mergeManifest(base: Iterable<ManifestEntry>, entries: Iterable<ManifestEntry>): Generator<FileEntry> {
  const below = base[Symbol.iterator]();
  let next = below.next();
  try {
    for (const entry of entries) {
      while (!next.done && compareCodePoints(next.value.path, entry.path) < 0) {
        yield applyEntry(next.value, undefined)!;
        next = below.next();
      }
      const under = !next.done && next.value.path === entry.path ? next.value : undefined;
      if (under !== undefined) next = below.next();
      const file = applyEntry(entry, under);
      if (file !== undefined) yield file;
    }
    while (!next.done) {
      yield applyEntry(next.value, undefined)!;
      next = below.next();
    }
  } finally {
    below.return?.();
  }
}

/** The field values of a patch over a complete entry. */
function merged(entry: ManifestEntry, base: ManifestEntry): unknown[] {
  const values = base.values.slice(0, FIELDS.length);
  for (let bit = 0; bit < FIELDS.length; bit++) if ((entry.mask & (1 << bit)) !== 0) values[bit] = entry.values[bit];
  return values;
}

/**
 * A block of entries: per entry the path (front-coded), the mask + 1 (0: a removal), then each
 * field the mask sets. A hash is `0` (null), `1` and its bytes, or `2` and its text; a word is
 * `0` (null), `1` and its text, or its index + 2.
 */
export function writeManifestBlock(entries: readonly ManifestEntry[]): StreamValue {
  const writer = new BlockWriter();
  let previousPath = '';
  for (const { path, mask, values } of entries) {
    const shared = sharedPrefixLength(previousPath, path);
    writer.uint(shared);
    writer.text(path.slice(shared));
    previousPath = path;
    writer.uint(mask + 1);
    if (mask === REMOVED) continue;
    if ((mask & 1) !== 0) writeHash(writer, values[0] as string | null);
    if ((mask & 2) !== 0) writer.number(values[1] as number);
    if ((mask & 4) !== 0) writer.number(values[2] as number);
    if ((mask & 8) !== 0) writer.number(values[3] as number);
    if ((mask & 16) !== 0) writeWord(writer, LANGUAGES, values[4] as string | null);
    if ((mask & 32) !== 0) writeWord(writer, FILE_STATUSES, values[5] as string);
    if ((mask & 64) !== 0) writer.uint(values[6] === true ? 1 : 0);
    if ((mask & 128) !== 0) writeHash(writer, values[7] as string);
    if ((mask & REST) !== 0) writer.value(values[FIELDS.length] ?? null);
  }
  return writer.finish();
}

export function readManifestBlock(stream: StreamValue): ManifestEntry[] {
  const reader = new BlockReader(stream);
  const entries: ManifestEntry[] = [];
  let previousPath = '';
  while (!reader.done) {
    const path = previousPath.slice(0, reader.uint()) + reader.text();
    previousPath = path;
    const mask = reader.uint() - 1;
    const values: unknown[] = [];
    if (mask !== REMOVED) {
      if ((mask & 1) !== 0) values[0] = readHash(reader);
      if ((mask & 2) !== 0) values[1] = reader.number();
      if ((mask & 4) !== 0) values[2] = reader.number();
      if ((mask & 8) !== 0) values[3] = reader.number();
      if ((mask & 16) !== 0) values[4] = readWord(reader, LANGUAGES);
      if ((mask & 32) !== 0) values[5] = readWord(reader, FILE_STATUSES);
      if ((mask & 64) !== 0) values[6] = reader.uint() === 1;
      if ((mask & 128) !== 0) values[7] = readHash(reader);
      if ((mask & REST) !== 0) values[FIELDS.length] = reader.value() ?? null;
    }
    entries.push({ path, mask, values });
  }
  return entries;
}

/** The entry for `file` over `before` (a complete entry of the base; undefined: a complete entry). */
function patchOf(file: FileEntry, before: ManifestEntry | undefined): ManifestEntry {
  const values: unknown[] = [file.blobId, file.size, file.mtimeMs, file.ino, file.language, file.status, file.generated,
    file.groupHash];
  let mask = COMPLETE;
  if (before !== undefined) {
    mask = 0;
    for (let bit = 0; bit < FIELDS.length; bit++) if (!Object.is(values[bit], before.values[bit])) mask |= 1 << bit;
  }
  const rest = restOf(file);
  const restBefore = before === undefined ? null : (before.values[FIELDS.length] ?? null);
  if ((rest !== null || restBefore !== null) && JSON.stringify(rest) !== JSON.stringify(restBefore)) {
    mask |= REST;
    values[FIELDS.length] = rest;
  }
  return { path: file.path, mask, values };
}

function removal(path: string): ManifestEntry {
  return { path, mask: REMOVED, values: [] };
}

/** The fields of `file` outside FileEntry's, or null. */
function restOf(file: FileEntry): Record<string, unknown> | null {
  let rest: Record<string, unknown> | null = null;
  for (const key in file) {
    if (KNOWN_FIELDS.has(key) || !Object.hasOwn(file, key)) continue;
    const value = (file as unknown as Record<string, unknown>)[key];
    if (value === undefined) continue;
    rest ??= {};
    rest[key] = value;
  }
  return rest;
}

function writeHash(writer: BlockWriter, value: string | null): void {
  if (value === null) {
    writer.uint(0);
  } else if (!writer.taggedHex(1, value)) {
    writer.uint(2);
    writer.text(value);
  }
}

function readHash(reader: BlockReader): string | null {
  const kind = reader.uint();
  return kind === 0 ? null : kind === 1 ? reader.hex() : reader.text();
}

function writeWord(writer: BlockWriter, vocabulary: readonly string[], value: string | null): void {
  if (value === null) {
    writer.uint(0);
    return;
  }
  const index = vocabulary.indexOf(value);
  writer.uint(index < 0 ? 1 : index + 2);
  if (index < 0) writer.text(value);
}

function readWord(reader: BlockReader, vocabulary: readonly string[]): string | null {
  const code = reader.uint();
  return code === 0 ? null : code === 1 ? reader.text() : vocabulary[code - 2]!;
}
