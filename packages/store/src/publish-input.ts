/**
 * Validation of a PublishInput before any transaction starts: key shapes, group membership,
 * duplicates and key sizes, so nothing fails (or silently corrupts) halfway through a write.
 * Owns those rules and the choice of string order for sorting the writes; it writes nothing.
 */
import { RepographError, type SymbolRecord } from '@repograph/core';
import { checkKey, compareCodePoints } from './keys.js';
import type { PublishInput } from './types.js';

/** Snapshot key prefixes (PublishInput.key). */
export const BASELINE_PREFIX = 'baseline:';
export const WORKSPACE_PREFIX = 'workspace:';

/** The longest sid and ordinal the size check assumes (8 and 6 characters cover 36^7 and 36^5). */
const SID_PLACEHOLDER = 'zzzzzzzz';
const ORDINAL_PLACEHOLDER = 'zzzzzz';
const SURROGATE = /[\uD800-\uDFFF]/;

/** Key-string order for sorting the writes: code-point order, by the fastest exact means. */
export type KeyStringOrder = (a: string, b: string) => number;

/**
 * Throws InvalidParams for a malformed input and StoreError for a key the store cannot hold.
 * Returns the comparator to sort key strings with: plain `<` when no key string has a
 * supplementary character (then UTF-16 order equals code-point order), else compareCodePoints.
 */
export function validatePublishInput(input: PublishInput, maxKeySize: number): KeyStringOrder {
  const { key, base } = input;
  const isBaseline = hasPrefix(key, BASELINE_PREFIX);
  if (!isBaseline && !hasPrefix(key, WORKSPACE_PREFIX)) {
    throw invalid(`snapshot key "${key}" must be "${BASELINE_PREFIX}<commit>" or "${WORKSPACE_PREFIX}<id>"`, { key });
  }
  if (isBaseline && base !== null) throw invalid(`baseline ${key} cannot have a base (got ${base})`, { key, base });
  if (base !== null && !hasPrefix(base, BASELINE_PREFIX)) {
    throw invalid(`the base of ${key} must be a baseline key, got "${base}"`, { key, base });
  }
  checkKey([key], maxKeySize, `snapshot key ${key}`);
  let surrogates = false;
  const filePaths = new Set<string>();
  for (const file of input.files) {
    if (filePaths.has(file.path)) throw invalid(`${key}: the manifest lists ${file.path} twice`, { key, path: file.path });
    filePaths.add(file.path);
    checkKey([SID_PLACEHOLDER, file.path], maxKeySize, `file ${file.path}`);
    surrogates ||= SURROGATE.test(file.path);
  }
  const groupPaths = new Set<string>();
  const symbolIds = new Set<string>();
  for (const group of input.groups) {
    const path = group.path;
    if (groupPaths.has(path)) throw invalid(`${key}: two path groups for ${path}`, { key, path });
    groupPaths.add(path);
    if (group.removed && (group.symbols.length > 0 || group.relations.length > 0)) {
      throw invalid(`${key}: the removed path ${path} cannot have symbols or relations`, { key, path });
    }
    if (group.removed && base === null) {
      throw invalid(`${key}: the path ${path} is marked removed in a snapshot without a base`, { key, path });
    }
    checkKey([SID_PLACEHOLDER, path], maxKeySize, `path ${path}`);
    surrogates ||= SURROGATE.test(path);
    for (const symbol of group.symbols) {
      validateSymbol(key, path, symbol, symbolIds, maxKeySize);
      surrogates ||= SURROGATE.test(symbol.id) || SURROGATE.test(symbol.name);
    }
    for (const relation of group.relations) {
      if (relation.site.path !== path) {
        throw invalid(`${key}: a relation at ${relation.site.path} is in the path group of ${path}`,
          { key, path, sitePath: relation.site.path });
      }
      checkKey([SID_PLACEHOLDER, relation.from, path, ORDINAL_PLACEHOLDER], maxKeySize, `relation from ${relation.from} at ${path}`);
      surrogates ||= SURROGATE.test(relation.from);
      if (relation.to !== null) {
        checkKey([SID_PLACEHOLDER, relation.to, path, ORDINAL_PLACEHOLDER], maxKeySize, `relation to ${relation.to} at ${path}`);
        surrogates ||= SURROGATE.test(relation.to);
      }
    }
  }
  return surrogates ? compareCodePoints : compareUnits;
}

function compareUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function hasPrefix(key: string, prefix: string): boolean {
  return key.startsWith(prefix) && key.length > prefix.length;
}

function validateSymbol(key: string, path: string, symbol: SymbolRecord, symbolIds: Set<string>, maxKeySize: number): void {
  if (symbol.path !== path) {
    throw invalid(`${key}: symbol ${symbol.id} (path ${symbol.path}) is in the path group of ${path}`,
      { key, path, symbol: symbol.id });
  }
  if (symbolIds.has(symbol.id)) throw invalid(`${key}: symbol id ${symbol.id} appears twice`, { key, symbol: symbol.id });
  symbolIds.add(symbol.id);
  checkKey([SID_PLACEHOLDER, path, symbol.id], maxKeySize, `symbol ${symbol.id}`);
  checkKey([SID_PLACEHOLDER, symbol.name.toLowerCase(), symbol.id], maxKeySize, `symbol ${symbol.id}`);
}

function invalid(message: string, data: Record<string, unknown>): RepographError {
  return new RepographError('InvalidParams', `${message}; fix the publish input (a bug in the caller)`, data);
}
