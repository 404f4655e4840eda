/**
 * What a diagram node stands for in the graph: its symbol and every symbol it contains (a class
 * its methods, a file its declarations), so an edge drawn between two classes is supported by a
 * call between their methods. Owns that expansion; it reads containment from the records
 * (`container`, and `contains` relations for symbols that contain across files), never from the
 * shape of ids. Deciding what an edge needs is verify.ts.
 */
import type { SymbolRecord } from '@repograph/core';
import type { ReviewGraph } from '../types.js';

/** The most members one node expands to; a node past it is searched over its first members. */
export const MAX_MEMBERS = 20_000;

export interface Members {
  /** The symbol's id, and the ids of everything it contains. */
  ids: Set<string>;
  /** True when MAX_MEMBERS cut the expansion. */
  truncated: boolean;
}

/** The symbol and the symbols it contains, transitively. */
export function membersOf(graph: ReviewGraph, symbol: SymbolRecord): Members {
  const ids = new Set<string>();
  const queue: string[] = [];
  const files = new Map<string, FileMembers>();
  const add = (id: string): boolean => {
    if (ids.has(id)) return true;
    if (ids.size >= MAX_MEMBERS) return false;
    ids.add(id);
    queue.push(id);
    return true;
  };
  add(symbol.id);
  for (let next = 0; next < queue.length; next++) {
    const id = queue[next]!;
    const record = id === symbol.id ? symbol : graph.symbol(id);
    const contained: string[] = [];
    if (record !== undefined) {
      const file = cached(files, record.path, () => fileMembers(graph, record.path));
      contained.push(...(record.kind === 'file' || record.id === record.path ? file.all : file.children.get(id) ?? []));
    }
    for (const relation of graph.relationsFrom(id)) {
      if (relation.kind === 'contains' && relation.to !== null) contained.push(relation.to);
    }
    for (const child of contained) {
      if (!add(child)) return { ids, truncated: true };
    }
  }
  return { ids, truncated: false };
}

/** A file's symbol ids, and each symbol's direct children by their `container` field. */
interface FileMembers {
  all: string[];
  children: Map<string, string[]>;
}

function fileMembers(graph: ReviewGraph, path: string): FileMembers {
  const inFile = graph.symbolsInFile(path);
  const children = new Map<string, string[]>();
  for (const member of inFile) {
    if (member.container === undefined) continue;
    const list = children.get(member.container) ?? [];
    list.push(member.id);
    children.set(member.container, list);
  }
  return { all: inFile.map((member) => member.id), children };
}

/** The value cached under `key`, computed on first use. */
export function cached<T>(cache: Map<string, T>, key: string, compute: () => T): T {
  let value = cache.get(key);
  if (value === undefined) {
    value = compute();
    cache.set(key, value);
  }
  return value;
}
