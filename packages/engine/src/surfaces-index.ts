/**
 * The surface index of one snapshot (issue 17): every file symbol's architecture facts (graph
 * surfaces-bind.ts puts them on the file symbol), composed into the answers of `surfaces.*`
 * (surfaces-compose.ts). Owns reading them and the caches that keep answers within milliseconds
 * on every generation; the rules of composition are surfaces-compose.ts's.
 *
 * API (for the daemon's handlers, graph.trace and repo.summarize):
 *   const index = surfaceIndexOf(reader);            // one snapshot's index (cached, see below)
 *   index.endpoints({ path?, kind?, keyPrefix? })   // Endpoint[]: by full path, method, site
 *   index.configKeys({ path?, kind?, keyPrefix? })  // ConfigKey[]: one per key, sites by site
 *   index.tables({ path?, kind?, keyPrefix? })      // DbTable[]: one per table, sites by site
 *   index.factsOf(symbolId)                         // SymbolSurfaceFact[]: owner or target is the id
 *   index.stats                                     // counts and the build time
 *   await warmSurfaceIndex(reader, pause, stopped)  // the same, built in slices ahead of a query
 * Filters: `path` keeps facts whose site is that file or lies under that folder; `kind` is the
 * HTTP method or the framework (endpoints), the access form (config keys: `process.env`,
 * `os.getenv`, ...) or the access (tables: `model`, `read`, `write`); `keyPrefix` is a prefix of
 * the full path, key or table name. A filtered entry lists only the sites that pass. Answers are
 * shared, frozen in spirit: callers must not modify them.
 *
 * Caching: a snapshot is its own layer over a base's (store reader.ts). A layer's files are read
 * and composed once per layer storage id (a committed sid never changes: store README) and kept
 * for the last few layers; a workspace overlay's index patches its base's composition with the
 * overlay's own path groups (usually a handful): their endpoints are composed through the base's
 * mount chains and merged in (surfaces-compose.ts recomposeSurfaces), and only when an overlay
 * file's mounts differ from the base's is everything composed again. An edit so costs its own
 * groups and a merge, never a scan of the tree. The composed index is kept per (store, overlay
 * sid, base sid), so every query of a generation reuses it.
 */
import type { SymbolRecord } from '@repograph/core';
import type { SnapshotLayerName, SnapshotReader } from '@repograph/store';
import {
  composeSurfaces, groupConfigKeys, recomposeSurfaces, groupTables, type ComposedSurfaces, type ConfigKey, type DbTable, type Endpoint,
  type FileSurfaces, type SymbolSurfaceFact,
} from './surfaces-compose.js';

export type {
  ConfigKey, ConfigKeySite, DbTable, Endpoint, EndpointMount, FileSurfaces, SurfaceSite, SymbolSurfaceFact, TableSite,
} from './surfaces-compose.js';
export { joinPath, MAX_MOUNT_CHAINS, MAX_MOUNT_DEPTH } from './surfaces-compose.js';

/** Filters of the surfaces queries (see the header). */
export interface SurfaceFilter {
  path?: string;
  kind?: string;
  keyPrefix?: string;
}

/** What an index holds and what it cost. */
export interface SurfaceIndexStats {
  /** Files with at least one fact or mount. */
  files: number;
  endpoints: number;
  configKeys: number;
  tables: number;
  mounts: number;
  /** Time to build this index (read and compose), ms. */
  buildMs: number;
}

/** The architecture facts of one snapshot. */
export interface SurfaceIndex {
  endpoints(filter?: SurfaceFilter): readonly Endpoint[];
  configKeys(filter?: SurfaceFilter): readonly ConfigKey[];
  tables(filter?: SurfaceFilter): readonly DbTable[];
  /** Facts whose owner or target (handler, model) is `symbolId`, by kind, key and site. */
  factsOf(symbolId: string): readonly SymbolSurfaceFact[];
  readonly stats: SurfaceIndexStats;
}

/** Layers whose composition is kept (baselines asked about most recently). */
const LAYERS_KEPT = 8;
/** Composed indexes kept (snapshots asked about most recently). */
const INDEXES_KEPT = 16;

const layerCache = new Map<string, ComposedSurfaces>();
const indexCache = new Map<string, SurfaceIndex>();

/** The surface index of the reader's snapshot (see the header for caching). */
export function surfaceIndexOf(reader: SnapshotReader): SurfaceIndex {
  const { storeId, sid, baseSid } = reader.storage;
  const key = `${storeId}\0${sid}\0${baseSid ?? ''}`;
  const cached = touch(indexCache, key);
  if (cached) return cached;
  const started = performance.now();
  let composed: ComposedSurfaces;
  if (baseSid === null) {
    composed = layerComposition(reader, 'own', `${storeId}\0${sid}`);
  } else {
    const base = layerComposition(reader, 'base', `${storeId}\0${baseSid}`);
    const changed = new Map<string, FileSurfaces | null>();
    for (const { path } of reader.layerGroups('own')) changed.set(path, null);
    for (const file of readLayer(reader, 'own')) changed.set(file.path, file);
    composed = recomposeSurfaces(base, changed) ?? composeSurfaces(merged(base.state.files, changed));
  }
  const index = new SnapshotSurfaceIndex(composed, started);
  remember(indexCache, key, index, INDEXES_KEPT);
  return index;
}

/**
 * Builds the reader's index ahead of its first query (the daemon, after a publish): each layer
 * not cached yet is read a slice of at most `sliceMs` at a time, `pause()` awaited between
 * slices so queued requests run, then the index is composed and its by-symbol table built, as
 * surfaceIndexOf and factsOf would. `stopped()` is asked after each pause: true (the store is
 * closing) ends the warming before it reads again. A query meanwhile builds what it needs itself.
 */
export async function warmSurfaceIndex(
  reader: SnapshotReader, pause: () => Promise<void>, stopped: () => boolean, sliceMs = 8,
): Promise<SurfaceIndex | null> {
  const { storeId, sid, baseSid } = reader.storage;
  const which: SnapshotLayerName = baseSid === null ? 'own' : 'base';
  const key = `${storeId}\0${baseSid ?? sid}`;
  if (layerCache.get(key) === undefined) {
    const files: FileSurfaces[] = [];
    let sliceStarted = performance.now();
    for (const symbol of reader.layerFileSymbols(which)) {
      if (symbol.surfaces !== undefined || symbol.mounts !== undefined) files.push(fileSurfacesOf(symbol));
      if (performance.now() - sliceStarted < sliceMs) continue;
      await pause();
      if (stopped()) return null;
      sliceStarted = performance.now();
    }
    if (layerCache.get(key) === undefined) remember(layerCache, key, composeSurfaces(files), LAYERS_KEPT);
    await pause();
    if (stopped()) return null;
  }
  const index = surfaceIndexOf(reader);
  await pause();
  if (stopped()) return null;
  index.factsOf('');
  return index;
}

/** Drops every cached layer and index (tests; a store closed for good). */
export function clearSurfaceCaches(): void {
  layerCache.clear();
  indexCache.clear();
}

/** The composition of one layer's files alone, read once per storage id. */
function layerComposition(reader: SnapshotReader, which: SnapshotLayerName, key: string): ComposedSurfaces {
  const cached = touch(layerCache, key);
  if (cached) return cached;
  const composed = composeSurfaces(readLayer(reader, which));
  remember(layerCache, key, composed, LAYERS_KEPT);
  return composed;
}

function* merged(base: ReadonlyMap<string, FileSurfaces>, changed: ReadonlyMap<string, FileSurfaces | null>): Generator<FileSurfaces> {
  for (const [path, file] of base) if (!changed.has(path)) yield file;
  for (const file of changed.values()) if (file !== null) yield file;
}

function* readLayer(reader: SnapshotReader, which: SnapshotLayerName): Generator<FileSurfaces> {
  for (const symbol of reader.layerFileSymbols(which)) {
    if (symbol.surfaces === undefined && symbol.mounts === undefined) continue;
    yield fileSurfacesOf(symbol);
  }
}

function fileSurfacesOf(symbol: SymbolRecord): FileSurfaces {
  return { path: symbol.path, surfaces: symbol.surfaces ?? [], mounts: symbol.mounts ?? [] };
}

function touch<V>(cache: Map<string, V>, key: string): V | undefined {
  const value = cache.get(key);
  if (value !== undefined) {
    cache.delete(key);
    cache.set(key, value);
  }
  return value;
}

function remember<V>(cache: Map<string, V>, key: string, value: V, kept: number): void {
  cache.set(key, value);
  while (cache.size > kept) cache.delete(cache.keys().next().value!);
}

/** True when a site's path is `prefix` or lies under the folder `prefix` ('' matches all). */
function underPath(path: string, prefix: string | undefined): boolean {
  return prefix === undefined || prefix === '' || path === prefix || path.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`);
}

class SnapshotSurfaceIndex implements SurfaceIndex {
  readonly stats: SurfaceIndexStats;
  private bySymbol: Map<string, SymbolSurfaceFact[]> | null = null;

  constructor(private readonly composed: ComposedSurfaces, started: number) {
    this.stats = {
      files: composed.fileCount, endpoints: composed.endpoints.length, configKeys: composed.configKeys.length,
      tables: composed.tables.length, mounts: composed.mountCount, buildMs: Math.round((performance.now() - started) * 100) / 100,
    };
  }

  endpoints(filter: SurfaceFilter = {}): readonly Endpoint[] {
    const { path, kind, keyPrefix } = filter;
    if (path === undefined && kind === undefined && (keyPrefix === undefined || keyPrefix === '')) return this.composed.endpoints;
    const method = kind?.toUpperCase();
    return this.composed.endpoints.filter((endpoint) =>
      underPath(endpoint.site.path, path)
      && (kind === undefined || endpoint.method === method || endpoint.framework === kind)
      && (keyPrefix === undefined || endpoint.path.startsWith(keyPrefix)));
  }

  configKeys(filter: SurfaceFilter = {}): readonly ConfigKey[] {
    const { path, kind, keyPrefix } = filter;
    if (path === undefined && kind === undefined) {
      return keyPrefix === undefined || keyPrefix === '' ? this.composed.configKeys : this.composed.configKeys.filter((entry) => entry.key.startsWith(keyPrefix));
    }
    return groupConfigKeys(this.composed.configSites.filter(({ key, site }) =>
      underPath(site.site.path, path) && (kind === undefined || site.access === kind) && (keyPrefix === undefined || key.startsWith(keyPrefix))));
  }

  tables(filter: SurfaceFilter = {}): readonly DbTable[] {
    const { path, kind, keyPrefix } = filter;
    if (path === undefined && kind === undefined) {
      return keyPrefix === undefined || keyPrefix === '' ? this.composed.tables : this.composed.tables.filter((entry) => entry.table.startsWith(keyPrefix));
    }
    return groupTables(this.composed.tableSites.filter(({ table, site }) =>
      underPath(site.site.path, path) && (kind === undefined || site.access === kind) && (keyPrefix === undefined || table.startsWith(keyPrefix))));
  }

  factsOf(symbolId: string): readonly SymbolSurfaceFact[] {
    this.bySymbol ??= this.indexBySymbol();
    return this.bySymbol.get(symbolId) ?? [];
  }

  private indexBySymbol(): Map<string, SymbolSurfaceFact[]> {
    const bySymbol = new Map<string, SymbolSurfaceFact[]>();
    const add = (fact: SymbolSurfaceFact): void => {
      for (const id of new Set([fact.owner, ...(typeof fact.target === 'string' ? [fact.target] : [])])) {
        const list = bySymbol.get(id);
        if (list) list.push(fact);
        else bySymbol.set(id, [fact]);
      }
    };
    for (const endpoint of this.composed.endpoints) {
      add({
        kind: 'endpoint', key: endpoint.path, pattern: endpoint.pattern, method: endpoint.method, framework: endpoint.framework,
        partial: endpoint.partial, owner: endpoint.owner, target: endpoint.handler, site: endpoint.site,
      });
    }
    for (const { key, partial, framework, site } of this.composed.configSites) {
      const fact: SymbolSurfaceFact = { kind: 'config', key, framework, access: site.access, partial, owner: site.owner, site: site.site };
      if (site.default !== undefined) fact.default = site.default;
      add(fact);
    }
    for (const { table, partial, model, site } of this.composed.tableSites) {
      add({ kind: 'table', key: table, framework: site.framework, access: site.access, partial, owner: site.owner, target: model, site: site.site });
    }
    return bySymbol;
  }
}
