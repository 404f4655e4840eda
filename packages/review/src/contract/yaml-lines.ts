/**
 * Line positions of JSON pointers in a YAML document parsed by the `yaml` library: the pointer's
 * tokens are followed through the document's maps (by key text, so `200:` matches "200") and
 * sequences (by index), aliases resolved. A token that is not there (a merged `<<` key, say)
 * gives the nearest ancestor's line. Owns the lookup only; parsing is source-text.ts's.
 */
import type { Document, LineCounter, Pair, YAMLMap } from 'yaml';
import { yamlLibrary } from '../libraries.js';

type MapIndex = Map<string, Pair<unknown, unknown>>;

/** Returns a lookup from pointer tokens to a 1-based line. */
export function yamlLineLookup(document: Document, lineCounter: LineCounter): (tokens: readonly string[]) => number {
  const { isAlias, isMap, isScalar, isSeq } = yamlLibrary();
  const indexes = new WeakMap<YAMLMap<unknown, unknown>, MapIndex>();
  const lineOf = (offset: number | undefined): number => (offset === undefined ? 1 : lineCounter.linePos(offset).line);
  const indexOf = (map: YAMLMap<unknown, unknown>): MapIndex => {
    let index = indexes.get(map);
    if (index) return index;
    index = new Map();
    for (const pair of map.items) {
      const key = isScalar(pair.key) ? String(pair.key.value) : typeof pair.key === 'string' ? pair.key : undefined;
      if (key !== undefined) index.set(key, pair);
    }
    indexes.set(map, index);
    return index;
  };
  return (tokens) => {
    let node: unknown = document.contents;
    let line = isScalar(node) || isMap(node) || isSeq(node) ? lineOf(node.range?.[0]) : 1;
    for (const token of tokens) {
      if (isAlias(node)) node = node.resolve(document);
      if (isMap(node)) {
        const pair = indexOf(node).get(token);
        if (!pair) return line;
        const key = pair.key;
        line = isScalar(key) ? lineOf(key.range?.[0]) : line;
        node = pair.value;
      } else if (isSeq(node)) {
        const item: unknown = node.items[Number(token)];
        if (!(isScalar(item) || isMap(item) || isSeq(item) || isAlias(item))) return line;
        line = lineOf(item.range?.[0]);
        node = item;
      } else {
        return line;
      }
    }
    return line;
  };
}
