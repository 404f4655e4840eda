/**
 * Validation of a PublishInput: key shapes and the base rule (before the write transaction), then
 * every file, group, symbol and relation as the writer passes over them (inside it, before its
 * first write of the group's records is committed: a throw aborts the whole transaction). Owns
 * those rules (group membership: a symbol's id and a relation's `from` lie in the group's file;
 * duplicates; key sizes) and the choice of string order for sorting the writes; it writes nothing.
 */
import { RepographError, type RelationRecord, type SymbolRecord } from '@repograph/core';
import { isInFile } from './codecs.js';
import { checkKey, compareCodePoints } from './keys.js';
import type { FileEntry, PathGroup, PublishInput } from './types.js';

/** Snapshot key prefixes (PublishInput.key). */
export const BASELINE_PREFIX = 'baseline:';
export const WORKSPACE_PREFIX = 'workspace:';

/** The longest sid and ordinal the size check assumes (8 and 6 characters cover 36^7 and 36^5). */
const SID_PLACEHOLDER = 'zzzzzzzz';
const ORDINAL_PLACEHOLDER = 'zzzzzz';
/** U+0000 (not allowed in a key) or half of a surrogate pair (a supplementary character). */
const SPECIAL = /[\u0000\uD800-\uDFFF]/;

/** Key-string order for sorting the writes: code-point order, by the fastest exact means. */
export type KeyStringOrder = (a: string, b: string) => number;

/**
 * Throws InvalidParams for a malformed snapshot key or base, StoreError for an oversize key. A
 * workspace sits on a baseline; a baseline may sit on another (a delta baseline, engine
 * baseline-delta.ts). That the base is complete itself is checked in the transaction (publish.ts).
 */
export function validateSnapshotKey(input: PublishInput, maxKeySize: number): void {
  const { key, base } = input;
  const isBaseline = hasPrefix(key, BASELINE_PREFIX);
  if (!isBaseline && !hasPrefix(key, WORKSPACE_PREFIX)) {
    throw invalid(`snapshot key "${key}" must be "${BASELINE_PREFIX}<commit>" or "${WORKSPACE_PREFIX}<id>"`, { key });
  }
  if (base !== null && !hasPrefix(base, BASELINE_PREFIX)) {
    throw invalid(`the base of ${key} must be a baseline key, got "${base}"`, { key, base });
  }
  checkKey([key], maxKeySize, `snapshot key ${key}`);
}

/**
 * Checks the records of one snapshot as the writer meets them: throws InvalidParams for a
 * malformed record and StoreError for a key the store cannot hold. order() then gives the
 * comparator to sort key strings with: plain `<` when no key string has a supplementary
 * character (then UTF-16 order equals code-point order), else compareCodePoints.
 */
export class InputChecker {
  private surrogates = false;

  constructor(private readonly key: string, private readonly hasBase: boolean, private readonly maxKeySize: number) {}

  /** Checks a manifest entry; `previous` is the one before it in path order. */
  file(file: FileEntry, previous: FileEntry | undefined): void {
    const { key } = this;
    if (previous?.path === file.path) throw invalid(`${key}: the manifest lists ${file.path} twice`, { key, path: file.path });
    this.keyString(`file ${file.path}`, file.path);
  }

  /** Checks a path group; `previous` is the one before it in path order. */
  group(group: PathGroup, previous: PathGroup | undefined): void {
    const { key } = this;
    const path = group.path;
    if (previous?.path === path) throw invalid(`${key}: two path groups for ${path}`, { key, path });
    if (group.removed && (group.symbols.length > 0 || group.relations.length > 0)) {
      throw invalid(`${key}: the removed path ${path} cannot have symbols or relations`, { key, path });
    }
    if (group.removed && !this.hasBase) {
      throw invalid(`${key}: the path ${path} is marked removed in a snapshot without a base`, { key, path });
    }
    this.keyString(`path ${path}`, path, ORDINAL_PLACEHOLDER);
  }

  symbol(path: string, symbol: SymbolRecord): void {
    const { key } = this;
    if (symbol.path !== path) {
      throw invalid(`${key}: symbol ${symbol.id} (path ${symbol.path}) is in the path group of ${path}`,
        { key, path, symbol: symbol.id });
    }
    if (!isInFile(symbol.id, path)) {
      throw invalid(`${key}: symbol id ${symbol.id} is neither its path ${path} nor "${path}#..."`, { key, path, symbol: symbol.id });
    }
    const subject = `symbol ${symbol.id}`;
    this.keyString(subject, symbol.id);
    this.inspect(subject, symbol.name);
    // The name-index key: lowercasing can lengthen a name, hence the factor 2.
    if ((SID_PLACEHOLDER.length + symbol.name.length * 2 + symbol.id.length) * 3 + 6 > this.maxKeySize) {
      checkKey([SID_PLACEHOLDER, symbol.name.toLowerCase(), symbol.id], this.maxKeySize, subject);
    }
  }

  relation(path: string, relation: RelationRecord): void {
    const { key } = this;
    if (relation.site.path !== path) {
      throw invalid(`${key}: a relation at ${relation.site.path} is in the path group of ${path}`,
        { key, path, sitePath: relation.site.path });
    }
    if (!isInFile(relation.from, path)) {
      throw invalid(`${key}: a relation at ${path} is from ${relation.from}, which is neither ${path} nor a ` +
        `symbol id of it ("${path}#...")`, { key, path, from: relation.from });
    }
    if (relation.to !== null) this.keyString(`relation to ${relation.to} at ${path}`, relation.to, path, ORDINAL_PLACEHOLDER);
  }

  /** Checks that no id appears twice in `symbols` (sorted by id). */
  uniqueIds(symbols: readonly SymbolRecord[]): void {
    for (let index = 1; index < symbols.length; index++) {
      const id = symbols[index]!.id;
      if (symbols[index - 1]!.id === id) throw invalid(`${this.key}: symbol id ${id} appears twice`, { key: this.key, symbol: id });
    }
  }

  order(): KeyStringOrder {
    return this.surrogates ? compareCodePoints : compareUnits;
  }

  /** Checks `text` as the first element after the sid of a key that continues with `others`. */
  private keyString(subject: string, text: string, other = '', last = ''): void {
    this.inspect(subject, text);
    const bound = (SID_PLACEHOLDER.length + text.length + other.length + last.length) * 3 + 8;
    if (bound > this.maxKeySize) {
      checkKey([SID_PLACEHOLDER, text, ...[other, last].filter((part) => part !== '')], this.maxKeySize, subject);
    }
  }

  private inspect(subject: string, text: string): void {
    if (!SPECIAL.test(text)) return;
    if (text.includes('\u0000')) checkKey([text], this.maxKeySize, subject);
    this.surrogates = true;
  }
}

/** UTF-16 order: what order() gives when no key string has a supplementary character. */
export function compareUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function hasPrefix(key: string, prefix: string): boolean {
  return key.startsWith(prefix) && key.length > prefix.length;
}

function invalid(message: string, data: Record<string, unknown>): RepographError {
  return new RepographError('InvalidParams', `${message}; fix the publish input (a bug in the caller)`, data);
}
