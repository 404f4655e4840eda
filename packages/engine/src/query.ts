/**
 * The query API in domain terms over one immutable snapshot: search, card, callers, callees,
 * references, export. Every answer names the generation it was read from. Owns traversal
 * bounds; knows nothing of sockets or JSON-RPC (the daemon converts at its boundary).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { normalizeRelativePath, RepographError, type RelationKind, type RelationRecord, type Site, type SymbolKind, type SymbolRecord } from '@repograph/core';
import type { SnapshotReader } from '@repograph/store';
import { nameEntryOf, rankEntries, type NameEntry } from './search-rank.js';

/** What every answer carries about where it was read. */
export interface AnswerMeta {
  generation: number;
  snapshot: string;
  timings: { totalMs: number };
}

/** A node of a caller/callee tree. */
export interface CallTreeNode {
  symbol: SymbolRecord;
  /** Where the call happens (in the caller). */
  sites: Array<Site & { confidence: RelationRecord['confidence'] }>;
  children: CallTreeNode[];
}

export interface SymbolCard {
  symbol: SymbolRecord;
  callers: number;
  callees: number;
  references: number;
}

export interface ReferenceHit {
  relation: RelationRecord;
  excerpt: string;
}

const CALL_KINDS: ReadonlySet<RelationKind> = new Set(['calls', 'instantiates']);
const MAX_DEPTH = 8;
const MAX_CHILDREN = 200;

/** A read session over one snapshot; close it to release the snapshot. */
export class QuerySession {
  private readonly reader: SnapshotReader;
  private readonly root: string;
  private names: NameEntry[] | null = null;

  constructor(reader: SnapshotReader, root: string) {
    this.reader = reader;
    this.root = root;
  }

  /** The generation this session reads. */
  get generation(): number {
    return this.reader.info.generation;
  }

  get info(): SnapshotReader['info'] {
    return this.reader.info;
  }

  /** Ranked symbols for a query (exact > prefix > word parts > fuzzy). */
  search(params: { query: string; kinds?: SymbolKind[]; path?: string; limit?: number }): { symbols: SymbolRecord[]; meta: AnswerMeta } {
    const started = performance.now();
    const query = params.query.trim();
    if (query === '') throw new RepographError('InvalidParams', 'search: `query` is empty; give a name or part of one.', { field: 'query' });
    const limit = clampLimit(params.limit ?? 20);
    const kinds = params.kinds && params.kinds.length > 0 ? new Set(params.kinds) : null;
    const path = params.path === undefined ? undefined : normalizeRelativePath(params.path);
    if (path === null) {
      throw new RepographError('PathOutsideRepo', `search: path '${params.path}' is outside the repository; give a path relative to its root.`, { field: 'path', path: params.path });
    }
    const accept = (entry: NameEntry): boolean =>
      (!kinds || kinds.has(entry.kind)) && (path === undefined || path === '' || entry.path === path || entry.path.startsWith(`${path}/`));
    const ranked = rankEntries(this.nameTable(), query, limit, accept);
    const symbols = ranked.map((entry) => this.reader.getSymbol(entry.id)).filter((s): s is SymbolRecord => s !== undefined);
    return { symbols, meta: this.meta(started) };
  }

  /** The symbol, with counts of callers, callees and references. */
  card(params: { id: string }): SymbolCard & { meta: AnswerMeta } {
    const started = performance.now();
    const symbol = this.symbol(params.id);
    const incoming = this.reader.relationsTo(symbol.id);
    const outgoing = this.reader.relationsFrom(symbol.id);
    return {
      symbol,
      callers: new Set(incoming.filter((r) => CALL_KINDS.has(r.kind)).map((r) => r.from)).size,
      callees: new Set(outgoing.filter((r) => CALL_KINDS.has(r.kind) && r.to !== null).map((r) => r.to)).size,
      references: incoming.filter((r) => r.kind !== 'contains').length,
      meta: this.meta(started),
    };
  }

  /** Who calls the symbol, to `depth` levels. */
  callers(params: { id: string; depth?: number }): { root: SymbolRecord; callers: CallTreeNode[]; meta: AnswerMeta } {
    const started = performance.now();
    const root = this.symbol(params.id);
    const depth = clampDepth(params.depth ?? 1);
    const callers = this.walk(root.id, depth, 'in', new Set([root.id]));
    return { root, callers, meta: this.meta(started) };
  }

  /** What the symbol calls, to `depth` levels. */
  callees(params: { id: string; depth?: number }): { root: SymbolRecord; callees: CallTreeNode[]; meta: AnswerMeta } {
    const started = performance.now();
    const root = this.symbol(params.id);
    const depth = clampDepth(params.depth ?? 1);
    const callees = this.walk(root.id, depth, 'out', new Set([root.id]));
    return { root, callees, meta: this.meta(started) };
  }

  /** Relations into the symbol (all kinds but `contains`, or the given kinds), with excerpts. */
  refs(params: { id: string; kinds?: RelationKind[] }): { symbol: SymbolRecord; references: ReferenceHit[]; meta: AnswerMeta } {
    const started = performance.now();
    const symbol = this.symbol(params.id);
    const kinds = params.kinds && params.kinds.length > 0 ? new Set(params.kinds) : null;
    const lines = new Map<string, string[] | null>();
    const references = this.reader.relationsTo(symbol.id)
      .filter((r) => (kinds ? kinds.has(r.kind) : r.kind !== 'contains'))
      .map((relation) => ({ relation, excerpt: this.excerpt(lines, relation.site) }));
    return { symbol, references, meta: this.meta(started) };
  }

  /** Every symbol, then every relation, in export order. */
  *exportRecords(): IterableIterator<{ type: 'symbol'; record: SymbolRecord } | { type: 'edge'; record: RelationRecord }> {
    for (const record of this.reader.allSymbols()) yield { type: 'symbol', record };
    for (const record of this.reader.allRelations()) yield { type: 'edge', record };
  }

  /**
   * Finds a symbol by id; else by exact name or qualified name (`Foo.bar`) when that names one
   * symbol (parameters aside).
   */
  resolveSymbol(idOrName: string): SymbolRecord {
    const byId = this.reader.getSymbol(idOrName);
    if (byId) return byId;
    const name = idOrName.slice(idOrName.lastIndexOf('.') + 1);
    const matches = this.reader.searchNames(name.toLowerCase(), 200)
      .filter((s) => (s.name === idOrName || s.qualifiedName === idOrName) && s.kind !== 'parameter');
    if (matches.length === 1) return matches[0]!;
    if (matches.length > 1) {
      throw new RepographError('SymbolNotFound',
        `'${idOrName}' names ${matches.length} symbols; give one id: ${matches.slice(0, 8).map((m) => m.id).join(', ')}${matches.length > 8 ? ', ...' : ''}`,
        { id: idOrName, candidates: matches.map((m) => m.id) });
    }
    return this.symbol(idOrName);
  }

  close(): void {
    this.reader.close();
  }

  private symbol(id: string): SymbolRecord {
    if (typeof id !== 'string' || id === '') {
      throw new RepographError('InvalidParams', '`id` must be a symbol id such as `src/a.ts#Foo.bar`.', { field: 'id' });
    }
    const symbol = this.reader.getSymbol(id);
    if (!symbol) {
      throw new RepographError('SymbolNotFound', `No symbol with id '${id}' in generation ${this.generation}; find ids with \`repograph search NAME\`.`, { id });
    }
    return symbol;
  }

  private walk(id: string, depth: number, direction: 'in' | 'out', seen: Set<string>): CallTreeNode[] {
    const relations = direction === 'in' ? this.reader.relationsTo(id) : this.reader.relationsFrom(id);
    const byNeighbour = new Map<string, CallTreeNode>();
    for (const relation of relations) {
      if (!CALL_KINDS.has(relation.kind)) continue;
      const neighbourId = direction === 'in' ? relation.from : relation.to;
      if (neighbourId === null) continue;
      let node = byNeighbour.get(neighbourId);
      if (!node) {
        if (byNeighbour.size >= MAX_CHILDREN) continue;
        const symbol = this.reader.getSymbol(neighbourId);
        if (!symbol) continue;
        node = { symbol, sites: [], children: [] };
        byNeighbour.set(neighbourId, node);
      }
      node.sites.push({ ...relation.site, confidence: relation.confidence });
    }
    const nodes = [...byNeighbour.values()];
    if (depth > 1) {
      for (const node of nodes) {
        if (seen.has(node.symbol.id)) continue;
        seen.add(node.symbol.id);
        node.children = this.walk(node.symbol.id, depth - 1, direction, seen);
      }
    }
    return nodes;
  }

  private nameTable(): NameEntry[] {
    if (!this.names) {
      const names: NameEntry[] = [];
      for (const symbol of this.reader.allSymbols()) names.push(nameEntryOf(symbol));
      this.names = names;
    }
    return this.names;
  }

  private excerpt(cache: Map<string, string[] | null>, site: Site): string {
    let lines = cache.get(site.path);
    if (lines === undefined) {
      try {
        lines = readFileSync(join(this.root, site.path), 'utf8').split('\n');
      } catch {
        lines = null;
      }
      cache.set(site.path, lines);
    }
    return lines?.[site.line - 1]?.trim().slice(0, 200) ?? '';
  }

  private meta(started: number): AnswerMeta {
    return {
      generation: this.generation,
      snapshot: this.reader.info.key,
      timings: { totalMs: Math.round((performance.now() - started) * 1000) / 1000 },
    };
  }
}

function clampLimit(limit: number): number {
  if (!Number.isInteger(limit) || limit < 1) throw new RepographError('InvalidParams', '`limit` must be a positive integer.', { field: 'limit' });
  return Math.min(limit, 1000);
}

function clampDepth(depth: number): number {
  if (!Number.isInteger(depth) || depth < 1) throw new RepographError('InvalidParams', '`depth` must be a positive integer.', { field: 'depth' });
  return Math.min(depth, MAX_DEPTH);
}
