/**
 * The query API in domain terms over one immutable snapshot: search, card, callers, callees,
 * references, export, and the navigation facts (type hierarchies, paths between symbols, a
 * declaration's source). Every answer names the generation it was read from. The snapshot is a
 * workspace's publication or a commit's baseline; its text comes from the matching SessionText
 * (session-text.ts). Owns traversal bounds and the query budgets (results, depth, rows visited,
 * time: BudgetExceeded past them); knows nothing of sockets or JSON-RPC (the daemon converts at
 * its boundary).
 */
import { DEFAULT_BUDGETS, RepographError, type Budgets, type RelationKind, type RelationRecord, type Site, type SymbolKind, type SymbolRecord } from '@repograph/core';
import type { SnapshotReader } from '@repograph/store';
import { HierarchyWalk, type TypeHierarchy } from './hierarchy.js';
import { checkPatternLength, compileLinearRegex } from './linear-regex.js';
import { outlineOf, type FileOutline } from './outline.js';
import { findPaths, type PathSearch } from './path-search.js';
import { QueryMeter } from './query-budget.js';
import { handWrittenFirst, nameEntryOf, rankEntries, soleMatch, type NameEntry } from './search-rank.js';
import type { SessionText, TextSource } from './session-text.js';
import { repositoryPath, repositoryPrefix, sourceProblemError } from './source-text.js';
import { surfaceIndexOf, warmSurfaceIndex, type SurfaceIndex, type SymbolSurfaceFact } from './surfaces-index.js';
import { listConfigKeys, listDbTables, listEndpoints, type ConfigKeyList, type DbTableList, type EndpointList, type SurfaceListParams } from './surfaces-query.js';
import { architectureFactsOf, type ArchitectureFacts } from './architecture-facts.js';
import { snapshotHasSyntaxTierFiles } from './syntax-tier-presence.js';
import { scanText, type TextMatch } from './text-search.js';
import { yieldTurn } from './yield-turn.js';
import { summarizeSnapshot, summaryTextPaths, type RepoSummary, type SummaryOptions } from './summarize.js';
import { TRACE_DEFAULT_DEPTH, TRACE_MAX_DEPTH, TRACE_MAX_NODES, traceFrom, traceRoots, type CallTrace } from './trace.js';

/** What every answer carries about where it was read. */
export type { TextMatch } from './text-search.js';

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
  /**
   * Set on a caller found through `followInterface`: the id of the interface or base method it
   * calls, which the symbol above it implements or overrides (absent for a direct caller).
   */
  via?: string;
}

/** A declaration's source: the whole lines of its range. */
export interface DefinitionSource {
  id: string;
  path: string;
  range: SymbolRecord['range'];
  /** Lines range.start.line..range.end.line, whole (the first from column 1). */
  text: string;
  /** True when the lines were cut at the span bound. */
  truncated: boolean;
}

export interface SymbolCard {
  symbol: SymbolRecord;
  callers: number;
  callees: number;
  references: number;
  /** Architecture facts whose owner or target (handler, model) is the symbol (surfaces-index.ts); absent when none. */
  surfaces?: SymbolSurfaceFact[];
}

export interface ReferenceHit {
  relation: RelationRecord;
  excerpt: string;
}

const CALL_KINDS: ReadonlySet<RelationKind> = new Set(['calls', 'instantiates']);
const CONTEXT_CALLEES = 20;
const CONTEXT_SYMBOL_LINES = 400;
const CONTEXT_CALLEE_LINES = 80;
const MAX_SPAN_LINES = 5000;
/** The default of `graph.path`'s maxDepth and maxPaths. */
const PATH_DEPTH = 6;
const PATH_COUNT = 3;

/** Source lines of a file: `text` holds lines startLine..endLine (cut at the bound). */
export interface SourceSpan {
  path: string;
  startLine: number;
  endLine: number;
  text: string;
  truncated: boolean;
}

function spanOf(source: TextSource, path: string, startLine: number, endLine: number, maxLines: number): SourceSpan | null {
  const lines = source.linesOf(path);
  if (!lines) return null;
  const last = Math.min(endLine, lines.length, startLine + maxLines - 1);
  return { path, startLine, endLine: last, text: lines.slice(startLine - 1, last).join('\n'), truncated: last < Math.min(endLine, lines.length) };
}
const MAX_CHILDREN = 200;

/** A read session over one snapshot; close it to release the snapshot. */
export class QuerySession {
  private readonly reader: SnapshotReader;
  private readonly text: SessionText;
  private names: NameEntry[] | null = null;
  private facts: ArchitectureFacts | null = null;
  private syntaxTier: boolean | undefined;
  private readonly budgets: Budgets;

  constructor(reader: SnapshotReader, text: SessionText, budgets: Budgets = DEFAULT_BUDGETS) {
    this.reader = reader;
    this.text = text;
    this.budgets = budgets;
  }

  /** True when the snapshot holds the file (admitted and indexed). */
  hasFile(path: string): boolean {
    return this.reader.file(path) !== undefined;
  }

  /** The name table when it has been built (a later session may adopt it). */
  builtNames(): readonly NameEntry[] | null {
    return this.names;
  }

  /**
   * Takes the name table of an earlier generation of the same workspace instead of reading
   * every symbol again: entries of `changedPaths` are replaced by what this snapshot holds.
   * Exact when `changedPaths` holds every path whose records differ between the two.
   */
  adoptNames(previous: readonly NameEntry[], changedPaths: Iterable<string>): void {
    const changed = new Set(changedPaths);
    const names = previous.filter((entry) => !changed.has(entry.path));
    for (const path of changed) for (const symbol of this.reader.symbolsInFile(path)) names.push(nameEntryOf(symbol));
    this.names = names;
  }

  /** A reader of this snapshot's source text (a workspace's unsaved buffers first, or a commit's blobs). */
  source(): TextSource {
    return this.text.open();
  }

  /**
   * A source with `paths` read ahead without holding the thread: a commit's blobs come through
   * the repository's object reader (commit-text.ts), so an answer quoting them forks no git
   * process and waits for none on the thread that answers everyone.
   */
  private async sourceWith(paths: readonly string[]): Promise<TextSource> {
    const source = this.source();
    await source.preloadAsync(paths);
    return source;
  }

  /** The generation this session reads. */
  get generation(): number {
    return this.reader.info.generation;
  }

  get info(): SnapshotReader['info'] {
    return this.reader.info;
  }

  /** True when the snapshot may hold a file of the syntax tier (syntax-tier-presence.ts); false means none. */
  hasSyntaxTierFiles(): boolean {
    this.syntaxTier ??= snapshotHasSyntaxTierFiles(this.reader);
    return this.syntaxTier;
  }

  /** Ranked symbols for a query (exact > prefix > word parts > fuzzy). */
  search(params: { query: string; kinds?: SymbolKind[]; path?: string; limit?: number }): { symbols: SymbolRecord[]; meta: AnswerMeta } {
    const started = performance.now();
    const query = params.query.trim();
    if (query === '') throw new RepographError('InvalidParams', 'search: `query` is empty; give a name or part of one.', { field: 'query' });
    checkPatternLength(query, 'query');
    const meter = this.meter(started);
    const limit = meter.results(params.limit ?? 20);
    const kinds = params.kinds && params.kinds.length > 0 ? new Set(params.kinds) : null;
    const path = params.path === undefined ? undefined : repositoryPrefix(params.path, 'path');
    if (path) this.text.checkPath(path, 'path');
    const accept = (entry: NameEntry): boolean =>
      (!kinds || kinds.has(entry.kind)) && (path === undefined || path === '' || entry.path === path || entry.path.startsWith(`${path}/`));
    const table = this.nameTable();
    meter.work(table.length);
    const ranked = rankEntries(table, query, limit, accept);
    const symbols = ranked.map((entry) => this.reader.getSymbol(entry.id)).filter((s): s is SymbolRecord => s !== undefined);
    return { symbols, meta: this.meta(started) };
  }

  /** The symbol, with counts of callers, callees and references. */
  card(params: { id: string }): SymbolCard & { meta: AnswerMeta } {
    const started = performance.now();
    const symbol = this.symbol(params.id);
    const incoming = this.reader.relationsTo(symbol.id);
    const outgoing = this.reader.relationsFrom(symbol.id);
    const surfaces = this.surfaceIndex().factsOf(symbol.id);
    return {
      symbol,
      callers: new Set(incoming.filter((r) => CALL_KINDS.has(r.kind)).map((r) => r.from)).size,
      callees: new Set(outgoing.filter((r) => CALL_KINDS.has(r.kind) && r.to !== null).map((r) => r.to)).size,
      references: incoming.filter((r) => r.kind !== 'contains').length,
      ...(surfaces.length > 0 ? { surfaces: [...surfaces] } : {}),
      meta: this.meta(started),
    };
  }

  /**
   * Who calls the symbol, to `depth` levels. With `followInterface`, callers of the interface and
   * base methods a method implements or overrides (hierarchy.ts) count too, at every level, each
   * marked `via` the method it calls; a caller of both is listed once, as a direct caller.
   */
  callers(params: { id: string; depth?: number; followInterface?: boolean }): { root: SymbolRecord; callers: CallTreeNode[]; meta: AnswerMeta } {
    const started = performance.now();
    const root = this.symbol(params.id);
    const meter = this.meter(started);
    const depth = meter.depth(params.depth ?? 1);
    const hierarchy = params.followInterface === true ? this.hierarchyWalk(meter) : null;
    const callers = this.walk(root.id, depth, 'in', new Set([root.id]), meter, hierarchy);
    return { root, callers, meta: this.meta(started) };
  }

  /** What the symbol calls, to `depth` levels. */
  callees(params: { id: string; depth?: number }): { root: SymbolRecord; callees: CallTreeNode[]; meta: AnswerMeta } {
    const started = performance.now();
    const root = this.symbol(params.id);
    const meter = this.meter(started);
    const depth = meter.depth(params.depth ?? 1);
    const callees = this.walk(root.id, depth, 'out', new Set([root.id]), meter);
    return { root, callees, meta: this.meta(started) };
  }

  /** Relations into the symbol (all kinds but `contains`, or the given kinds), with excerpts. */
  async refs(params: { id: string; kinds?: RelationKind[] }): Promise<{ symbol: SymbolRecord; references: ReferenceHit[]; meta: AnswerMeta }> {
    const started = performance.now();
    const symbol = this.symbol(params.id);
    const kinds = params.kinds && params.kinds.length > 0 ? new Set(params.kinds) : null;
    const incoming = this.reader.relationsTo(symbol.id);
    const meter = this.meter(started);
    meter.work(incoming.length);
    const kept = incoming.filter((r) => (kinds ? kinds.has(r.kind) : r.kind !== 'contains'));
    const source = await this.sourceWith([...new Set(kept.map((relation) => relation.site.path))]);
    const references = kept
      .map((relation) => ({ relation, excerpt: source.linesOf(relation.site.path)?.[relation.site.line - 1]?.trim().slice(0, 200) ?? '' }));
    meter.returned(references.length);
    return { symbol, references, meta: this.meta(started) };
  }

  /** The card, the symbol's source and the source of each direct callee (bounded). */
  async context(params: { id: string; maxCallees?: number }): Promise<SymbolCard & {
    source: SourceSpan; calleeSources: Array<{ symbol: SymbolRecord; source: SourceSpan }>; truncated: boolean; meta: AnswerMeta;
  }> {
    const started = performance.now();
    const card = this.card(params);
    const maxCallees = Math.min(Math.max(0, Math.floor(params.maxCallees ?? CONTEXT_CALLEES)), CONTEXT_CALLEES);
    const calleeIds = new Set<string>();
    for (const relation of this.reader.relationsFrom(card.symbol.id)) {
      if (CALL_KINDS.has(relation.kind) && relation.to !== null && relation.to !== card.symbol.id) calleeIds.add(relation.to);
    }
    const callees = handWrittenFirst([...calleeIds].map((id) => this.reader.getSymbol(id)).filter((s): s is SymbolRecord => s !== undefined), (s) => s);
    let truncated = callees.length > maxCallees;
    const source = await this.sourceWith([...new Set([card.symbol.path, ...callees.slice(0, maxCallees).map((symbol) => symbol.path)])]);
    const read = (symbol: SymbolRecord, lines: number): SourceSpan => {
      const span = spanOf(source, symbol.path, symbol.range.start.line, symbol.range.end.line, lines)
        ?? { path: symbol.path, startLine: symbol.range.start.line, endLine: symbol.range.end.line, text: '', truncated: true };
      if (span.truncated) truncated = true;
      return span;
    };
    const own = read(card.symbol, CONTEXT_SYMBOL_LINES);
    const calleeSources = callees.slice(0, maxCallees).map((symbol) => ({ symbol, source: read(symbol, CONTEXT_CALLEE_LINES) }));
    return { ...card, source: own, calleeSources, truncated, meta: this.meta(started) };
  }

  /** Lines `startLine..endLine` (1-based, inclusive) of a file of the workspace. */
  async span(params: { path: string; startLine: number; endLine: number }): Promise<SourceSpan & { meta: AnswerMeta }> {
    const started = performance.now();
    const path = repositoryPath(params.path, 'path');
    for (const field of ['startLine', 'endLine'] as const) {
      if (!Number.isInteger(params[field]) || params[field] < 1) {
        throw new RepographError('InvalidParams', `\`${field}\` must be a positive line number.`, { field });
      }
    }
    if (params.endLine < params.startLine) throw new RepographError('InvalidParams', '`endLine` is before `startLine`.', { field: 'endLine' });
    const text = (await this.sourceWith([path])).read(path, 'path');
    if (typeof text !== 'string') throw sourceProblemError(path, text);
    const lines = text.split(/\r?\n/);
    const last = Math.min(params.endLine, lines.length, params.startLine + MAX_SPAN_LINES - 1);
    const span = { path, startLine: params.startLine, endLine: last, text: lines.slice(params.startLine - 1, last).join('\n'), truncated: last < Math.min(params.endLine, lines.length) };
    return { ...span, meta: this.meta(started) };
  }

  /**
   * Text (or regular-expression) matches in the workspace's indexed files, bounded in count and
   * time. Regular expressions run in linear time (linear-regex.ts); the search gives the thread
   * away every few milliseconds, so other requests are answered meanwhile.
   */
  async searchText(params: { pattern: string; regex?: boolean; path?: string; limit?: number }): Promise<{ matches: TextMatch[]; truncated: boolean; meta: AnswerMeta }> {
    const started = performance.now();
    if (typeof params.pattern !== 'string' || params.pattern === '') {
      throw new RepographError('InvalidParams', '`pattern` must be a non-empty string.', { field: 'pattern' });
    }
    checkPatternLength(params.pattern, 'pattern');
    const expression = params.regex ? compileLinearRegex(params.pattern, 'pattern') : null;
    const meter = this.meter(started);
    const limit = meter.results(params.limit ?? 50);
    const prefix = params.path === undefined ? '' : repositoryPrefix(params.path, 'path');
    if (prefix !== '') this.text.checkPath(prefix, 'path');
    const paths = [...this.reader.files()].map((entry) => entry.path).filter((path) => prefix === '' || path === prefix || path.startsWith(`${prefix}/`));
    const { matches, truncated } = await scanText(this.source(), {
      pattern: params.pattern, expression, paths, limit, started, onLines: (count) => meter.work(count),
    });
    return { matches, truncated, meta: this.meta(started) };
  }

  /**
   * The type hierarchy of a class, interface or struct (bases nearest first, implemented
   * interfaces, derived types with depth), or of a method (the methods it overrides, the ones
   * overriding it). InvalidParams for another kind of symbol.
   */
  hierarchy(params: { id: string }): TypeHierarchy & { meta: AnswerMeta } {
    const started = performance.now();
    const symbol = this.symbol(params.id);
    const found = this.hierarchyWalk(this.meter(started)).hierarchy(symbol);
    return { ...found, meta: this.meta(started) };
  }

  /**
   * Up to `maxPaths` (default 3) shortest paths of calls, instantiations, references and reads
   * from `from` to `to`, at most `maxDepth` (default 6, at most the depth budget: InvalidParams
   * past it) hops long; none for unrelated symbols.
   */
  paths(params: { from: string; to: string; maxDepth?: number; maxPaths?: number }): PathSearch & { from: SymbolRecord; to: SymbolRecord; meta: AnswerMeta } {
    const started = performance.now();
    const from = this.symbol(params.from, 'from');
    const to = this.symbol(params.to, 'to');
    const meter = this.meter(started);
    const maxDepth = params.maxDepth ?? Math.min(PATH_DEPTH, this.budgets.queries.depth);
    if (!Number.isInteger(maxDepth) || maxDepth < 1 || maxDepth > this.budgets.queries.depth) {
      throw new RepographError('InvalidParams',
        `maxDepth: must be an integer from 1 to ${this.budgets.queries.depth} (the queries.depth budget).`, { field: 'maxDepth', limit: this.budgets.queries.depth });
    }
    const maxPaths = params.maxPaths ?? PATH_COUNT;
    if (!Number.isInteger(maxPaths) || maxPaths < 1 || maxPaths > this.budgets.queries.results) {
      throw new RepographError('InvalidParams',
        `maxPaths: must be an integer from 1 to ${this.budgets.queries.results} (the queries.results budget).`, { field: 'maxPaths', limit: this.budgets.queries.results });
    }
    const found = findPaths(this.reader, from.id, to.id, { maxDepth, maxPaths, maxNodes: this.budgets.queries.results }, meter);
    return { from, to, ...found, meta: this.meta(started) };
  }

  /**
   * The call tree from `entry` (a function or method id, or an endpoint `METHOD /path`) to `depth`
   * levels (default 4, at most 8 and the `queries.depth` budget: InvalidParams past them), each
   * node with its endpoints, configuration keys and tables (trace.ts).
   */
  trace(params: { entry: string; depth?: number }): CallTrace & { meta: AnswerMeta } {
    const started = performance.now();
    const limit = Math.min(TRACE_MAX_DEPTH, this.budgets.queries.depth);
    const depth = params.depth ?? Math.min(TRACE_DEFAULT_DEPTH, limit);
    if (!Number.isInteger(depth) || depth < 1 || depth > limit) {
      throw new RepographError('InvalidParams',
        `depth: must be an integer from 1 to ${limit} (graph.trace goes at most ${TRACE_MAX_DEPTH} levels deep, and the queries.depth budget is ${this.budgets.queries.depth}).`,
        { field: 'depth', limit });
    }
    const facts = this.architectureFacts();
    const entry = traceRoots(this.reader, params.entry, facts, this.generation);
    const meter = this.meter(started);
    const walked = traceFrom(this.reader, entry.roots, facts, { depth, maxNodes: Math.min(TRACE_MAX_NODES, this.budgets.queries.results) }, meter);
    return {
      entry: params.entry,
      endpoints: entry.endpoints,
      roots: walked.roots, depth, nodes: walked.nodes, truncated: entry.truncated || walked.truncated, factsAvailable: facts.available,
      meta: this.meta(started),
    };
  }

  /** The repository overview of this snapshot (summarize.ts); `isTestFile` is the caller's test-file rule. */
  async summarize(options: SummaryOptions): Promise<RepoSummary & { meta: AnswerMeta }> {
    const started = performance.now();
    const source = await this.sourceWith(summaryTextPaths(this.reader));
    const summary = summarizeSnapshot(this.reader, source, this.architectureFacts(), options, this.meter(started));
    return { ...summary, meta: this.meta(started) };
  }

  /** The source of a symbol's declaration: its path, range and the whole lines of the range. */
  async definition(params: { id: string }): Promise<DefinitionSource & { meta: AnswerMeta }> {
    const started = performance.now();
    const symbol = this.symbol(params.id);
    const text = (await this.sourceWith([symbol.path])).read(symbol.path, 'path');
    if (typeof text !== 'string') throw sourceProblemError(symbol.path, text);
    const lines = text.split(/\r?\n/);
    const first = symbol.range.start.line;
    const last = Math.min(symbol.range.end.line, lines.length, first + MAX_SPAN_LINES - 1);
    return {
      id: symbol.id, path: symbol.path, range: symbol.range, text: lines.slice(first - 1, last).join('\n'),
      truncated: last < Math.min(symbol.range.end.line, lines.length), meta: this.meta(started),
    };
  }

  /**
   * A file's published declarations (parameters and locals aside) in source order, each with its
   * lines and signature. `exportedOnly`: the declarations it exports (top level; ask without it
   * for the members of a type).
   */
  outline(params: { path: string; exportedOnly?: boolean; limit?: number }): FileOutline & { meta: AnswerMeta } {
    const started = performance.now();
    const path = repositoryPath(params.path, 'path');
    this.text.checkPath(path, 'path');
    if (this.reader.file(path) === undefined) {
      throw new RepographError('FileNotFound', `outline: ${path} is not an indexed file of this snapshot; check the path (relative to the repository root) or whether the policy excludes it.`, { field: 'path', path });
    }
    const meter = this.meter(started);
    const declared = this.reader.symbolsInFile(path);
    meter.work(declared.length);
    return { ...outlineOf(path, declared, params.exportedOnly === true, meter.results(params.limit ?? 200)), meta: this.meta(started) };
  }

  /** The snapshot's architecture facts: endpoints with mounts composed, config keys, tables (surfaces-index.ts). */
  surfaceIndex(): SurfaceIndex {
    return surfaceIndexOf(this.reader);
  }

  /** Builds the surface index ahead of its first query, giving the thread away between slices (surfaces-index.ts). */
  async warmSurfaceIndex(stopped: () => boolean): Promise<void> {
    await warmSurfaceIndex(this.reader, yieldTurn, stopped);
  }

  /** `surfaces.endpoints`: endpoints by full path, method and site (surfaces-query.ts). */
  endpoints(params: SurfaceListParams): EndpointList & { meta: AnswerMeta } {
    const started = performance.now();
    return { ...listEndpoints(this.surfaceIndex(), this.surfaceParams(params), this.meter(started)), meta: this.meta(started) };
  }

  /** `surfaces.configKeys`: one entry per configuration key, by key. */
  configKeys(params: SurfaceListParams): ConfigKeyList & { meta: AnswerMeta } {
    const started = performance.now();
    return { ...listConfigKeys(this.surfaceIndex(), this.surfaceParams(params), this.meter(started)), meta: this.meta(started) };
  }

  /** `surfaces.dbTables`: one entry per table, by name. */
  dbTables(params: SurfaceListParams): DbTableList & { meta: AnswerMeta } {
    const started = performance.now();
    return { ...listDbTables(this.surfaceIndex(), this.surfaceParams(params), this.meter(started)), meta: this.meta(started) };
  }

  /** The params of a surfaces list with `path` normalized and checked like symbols.search's. */
  private surfaceParams(params: SurfaceListParams): SurfaceListParams {
    if (params.path === undefined) return params;
    const path = repositoryPrefix(params.path, 'path');
    if (path) this.text.checkPath(path, 'path');
    return { ...params, path };
  }

  /** Every symbol, then every relation, in export order. */
  *exportRecords(): IterableIterator<{ type: 'symbol'; record: SymbolRecord } | { type: 'edge'; record: RelationRecord }> {
    for (const record of this.reader.allSymbols()) yield { type: 'symbol', record };
    for (const record of this.reader.allRelations()) yield { type: 'edge', record };
  }

  /**
   * Finds a symbol by id; else by exact name or qualified name (`Foo.bar`) when that names one
   * symbol (parameters aside), or one in a hand-written file besides others in generated files.
   */
  resolveSymbol(idOrName: string): SymbolRecord {
    const byId = this.reader.getSymbol(idOrName);
    if (byId) return byId;
    const name = idOrName.slice(idOrName.lastIndexOf('.') + 1);
    const matches = this.reader.searchNames(name.toLowerCase(), 200)
      .filter((s) => (s.name === idOrName || s.qualifiedName === idOrName) && s.kind !== 'parameter');
    const sole = soleMatch(matches);
    if (sole) return sole;
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

  private symbol(id: string, field = 'id'): SymbolRecord {
    if (typeof id !== 'string' || id === '') {
      throw new RepographError('InvalidParams', `\`${field}\` must be a symbol id such as \`src/a.ts#Foo.bar\`.`, { field });
    }
    const symbol = this.reader.getSymbol(id);
    if (!symbol) {
      throw new RepographError('SymbolNotFound', `No symbol with id '${id}' in generation ${this.generation}; find ids with \`repograph search NAME\`.`, { id, ...(field === 'id' ? {} : { field }) });
    }
    return symbol;
  }

  /** The snapshot's architecture facts (its surface index), made once per session. */
  private architectureFacts(): ArchitectureFacts {
    this.facts ??= architectureFactsOf(this.reader);
    return this.facts;
  }

  private hierarchyWalk(meter: QueryMeter): HierarchyWalk {
    return new HierarchyWalk(this.reader, meter, { depth: this.budgets.queries.depth, results: this.budgets.queries.results });
  }

  /**
   * One level of a call tree and, to `depth`, the levels below. With `hierarchy` (callers only),
   * the callers of the methods `id` overrides or implements join, marked `via`, after the direct ones.
   */
  private walk(id: string, depth: number, direction: 'in' | 'out', seen: Set<string>, meter: QueryMeter, hierarchy: HierarchyWalk | null = null): CallTreeNode[] {
    const byNeighbour = new Map<string, CallTreeNode>();
    const collect = (relations: RelationRecord[], via: string | undefined): void => {
      meter.work(relations.length);
      for (const relation of relations) {
        if (!CALL_KINDS.has(relation.kind)) continue;
        const neighbourId = direction === 'in' ? relation.from : relation.to;
        // A method calling the one it overrides (`super.m()`) is not its own caller.
        if (neighbourId === null || (via !== undefined && neighbourId === id)) continue;
        let node = byNeighbour.get(neighbourId);
        if (node && node.via !== via) continue; // already reached directly, or through a nearer method
        if (!node) {
          if (byNeighbour.size >= MAX_CHILDREN) continue;
          const symbol = this.reader.getSymbol(neighbourId);
          if (!symbol) continue;
          node = { symbol, sites: [], children: [], ...(via !== undefined ? { via } : {}) };
          byNeighbour.set(neighbourId, node);
        }
        node.sites.push({ ...relation.site, confidence: relation.confidence });
      }
    };
    collect(direction === 'in' ? this.reader.relationsTo(id) : this.reader.relationsFrom(id), undefined);
    if (hierarchy && direction === 'in') {
      const symbol = this.reader.getSymbol(id);
      for (const base of symbol ? hierarchy.overridden(symbol) : []) collect(this.reader.relationsTo(base.symbol.id), base.symbol.id);
    }
    const nodes = handWrittenFirst([...byNeighbour.values()], (node) => node.symbol);
    if (depth > 1) {
      for (const node of nodes) {
        if (seen.has(node.symbol.id)) continue;
        seen.add(node.symbol.id);
        node.children = this.walk(node.symbol.id, depth - 1, direction, seen, meter, hierarchy);
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

  /** The budget meter of one query that started at `started`. */
  private meter(started: number): QueryMeter {
    return new QueryMeter(this.budgets, started);
  }

  private meta(started: number): AnswerMeta {
    return {
      generation: this.generation,
      snapshot: this.reader.info.key,
      timings: { totalMs: Math.round((performance.now() - started) * 1000) / 1000 },
    };
  }
}
