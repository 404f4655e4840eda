/**
 * The pure part of the surface index: from every file's published surfaces and mounts (engine
 * surfaces-index.ts reads them) to the answers of `surfaces.*`: endpoints with their full paths
 * (mounts composed across files), configuration keys and database tables, each grouped and in
 * their deterministic order. Owns the composition rules and the answer shapes; knows nothing of
 * the store.
 *
 * Composition: an endpoint is registered on a router identity (graph surfaces-bind.ts). Every
 * mount whose `mounted` is that identity puts it under the mount's prefix on the mount's parent
 * (`on`; absent: the mount file's own module, which is the application root unless that module is
 * itself mounted, as a Django `urls.py` that includes another is), and so on up: a chain ends at a
 * parent nothing mounts, at a bound of MAX_MOUNT_DEPTH mounts, or where a mount would repeat (a
 * cycle; the chain stops before it). An endpoint whose router is mounted in several places appears
 * once per chain (at most MAX_MOUNT_CHAINS); one whose router nothing mounts keeps the path it was
 * registered with (`mounts: []`), unless that router is a sub-router (`routerKind: 'router'`, or a
 * function's parameter or returned router, `<fn>(<n>)`, of any kind: an app a function makes and
 * returns is served wherever its caller puts it, often through a project's own mounting helper we
 * do not read): it is then served under a prefix nobody showed, so its path is `*` before the
 * pattern, `partial`, and it is marked `unmounted: true` (core surfaces.ts: never as if served at
 * the root). The same holds for a chain whose outermost mount's parent (`on`) is such a sub-router
 * that nothing mounts (its `onKind`): the chain's path gets the `*` in front. A serving site
 * (MountRecord.serves: `http.createServer(createApp())`, `app.listen()` on its result) is no link
 * of a chain: it marks its `mounted` identity as served at the root, so a chain (or an endpoint)
 * that ends there is complete; a module-level `app` nothing mounts is the root as it is. A mount that `replacesPrefix` (Flask
 * `register_blueprint(bp, url_prefix=...)`) takes the router's own prefix (`routerPrefix`) off
 * the registered pattern before putting its own on.
 */
import type { MountRecord, SurfaceRecord } from '@repograph/core';
import type { ConfigKey, ConfigKeySite, DbTable, Endpoint, EndpointMount, FileSurfaces, SurfaceSite, TableSite } from './surfaces-shapes.js';

export type {
  ConfigKey, ConfigKeySite, DbTable, Endpoint, EndpointMount, FileSurfaces, SurfaceSite, SymbolSurfaceFact, TableSite,
} from './surfaces-shapes.js';

/** A router identity that names a function's parameter or returned router (`<fn>(<n>)`, `<fn>(-1)`). */
const PARAMETER_ROUTER = /\(-?\d+\)$/;

/** Mounts followed up from one router at most. */
export const MAX_MOUNT_DEPTH = 16;
/** Mount chains listed per endpoint at most. */
export const MAX_MOUNT_CHAINS = 64;

interface PlacedMount {
  record: MountRecord;
  site: SurfaceSite;
  /** Unique per mount (its site). */
  key: string;
  /** The mount's parent (`on`) is a sub-router that nothing mounts (set by mountChains). */
  topUnmounted?: boolean;
}

/** A fact with its site. */
interface Placed {
  record: SurfaceRecord;
  site: SurfaceSite;
}

type ConfigSiteEntry = { key: string; partial: boolean; framework: string; site: ConfigKeySite };
type TableSiteEntry = { table: string; partial: boolean; model: string | null; site: TableSite };

/** Everything composed: endpoints, keys and tables in answer order, plus the flat facts behind them. */
export interface ComposedSurfaces {
  endpoints: Endpoint[];
  configSites: ConfigSiteEntry[];
  tableSites: TableSiteEntry[];
  configKeys: ConfigKey[];
  tables: DbTable[];
  mountCount: number;
  fileCount: number;
  /** What recomposeSurfaces patches. */
  state: CompositionState;
}

/** The inputs of a composition, kept so that a later one can patch it. */
interface CompositionState {
  files: ReadonlyMap<string, FileSurfaces>;
  /** Each file's mounts as JSON (files with mounts only). */
  mountKeys: ReadonlyMap<string, string>;
  chainsOf: (router: string) => PlacedMount[][];
  /** Router identities a serving site reaches (MountRecord.serves). */
  served: ReadonlySet<string>;
  tableFacts: Placed[];
}

/** Composes the facts of every file (any order) into the answers. */
export function composeSurfaces(input: Iterable<FileSurfaces>): ComposedSurfaces {
  const files = new Map<string, FileSurfaces>();
  for (const file of input) files.set(file.path, file);
  const endpointsFacts: Placed[] = [];
  const configFacts: Placed[] = [];
  const tableFacts: Placed[] = [];
  const byMounted = new Map<string, PlacedMount[]>();
  const served = new Set<string>();
  const mountKeys = new Map<string, string>();
  let mountCount = 0;
  for (const file of files.values()) {
    placeFacts(file, endpointsFacts, configFacts, tableFacts);
    if (file.mounts.length > 0) mountKeys.set(file.path, mountsKey(file));
    for (const record of file.mounts) {
      mountCount++;
      if (record.mounted === null) continue;
      if (record.serves === true) {
        served.add(record.mounted);
        continue;
      }
      const placed: PlacedMount = { record, site: { path: file.path, line: record.line, column: record.column }, key: `${file.path}:${record.line}:${record.column}:${record.prefix}` };
      const list = byMounted.get(record.mounted);
      if (list) list.push(placed);
      else byMounted.set(record.mounted, [placed]);
    }
  }
  for (const list of byMounted.values()) list.sort((a, b) => compareSites(a.site, b.site) || compare(a.key, b.key));

  const chainsOf = mountChains(byMounted, served);
  const endpoints = endpointsOf(endpointsFacts, chainsOf, served);
  const configSites = configSitesOf(configFacts);
  const tableSites = tableSitesOf(tableFacts);
  return {
    endpoints, configSites, tableSites,
    configKeys: groupConfigKeys(configSites), tables: groupTables(tableSites),
    mountCount, fileCount: files.size,
    state: { files, mountKeys, chainsOf, served, tableFacts },
  };
}

/**
 * `base` with the files of `changed` replaced (null: the path has no facts now), patched rather
 * than composed again: the other files' endpoints and config sites are kept, the changed files'
 * are composed through the base's mount chains and merged in. Only valid while the mounts stay
 * as they were, so null when any changed file's mounts differ from its base version (compose
 * the merged files instead). Tables, which a TableName anywhere can rename, are redone from the
 * kept table facts.
 */
export function recomposeSurfaces(base: ComposedSurfaces, changed: ReadonlyMap<string, FileSurfaces | null>): ComposedSurfaces | null {
  for (const [path, file] of changed) {
    if ((file === null ? '' : mountsKey(file)) !== (base.state.mountKeys.get(path) ?? '')) return null;
  }
  const endpointsFacts: Placed[] = [];
  const configFacts: Placed[] = [];
  const newTableFacts: Placed[] = [];
  const files = new Map(base.state.files);
  for (const [path, file] of changed) {
    if (file === null) files.delete(path);
    else {
      files.set(path, file);
      placeFacts(file, endpointsFacts, configFacts, newTableFacts);
    }
  }
  const kept = <T>(items: readonly T[], pathOf: (item: T) => string): T[] => items.filter((item) => !changed.has(pathOf(item)));
  const endpoints = mergeSorted(kept(base.endpoints, (e) => e.site.path), endpointsOf(endpointsFacts, base.state.chainsOf, base.state.served), compareEndpoints);
  const configSites = mergeSorted(kept(base.configSites, (c) => c.site.site.path), configSitesOf(configFacts), compareConfigSites);
  const tableFacts = [...kept(base.state.tableFacts, (t) => t.site.path), ...newTableFacts];
  const tableSites = tableSitesOf(tableFacts);
  return {
    endpoints, configSites, tableSites,
    configKeys: groupConfigKeys(configSites), tables: groupTables(tableSites),
    mountCount: base.mountCount, fileCount: files.size,
    state: { files, mountKeys: base.state.mountKeys, chainsOf: base.state.chainsOf, served: base.state.served, tableFacts },
  };
}

function placeFacts(file: FileSurfaces, endpoints: Placed[], config: Placed[], tables: Placed[]): void {
  for (const record of file.surfaces) {
    const placed = { record, site: { path: file.path, line: record.line, column: record.column } };
    if (record.kind === 'endpoint') endpoints.push(placed);
    else if (record.kind === 'config') config.push(placed);
    else if (record.kind === 'table') tables.push(placed);
  }
}

function mountsKey(file: FileSurfaces): string {
  return file.mounts.length === 0 ? '' : JSON.stringify(file.mounts);
}

function endpointsOf(facts: readonly Placed[], chainsOf: (router: string) => PlacedMount[][], served: ReadonlySet<string>): Endpoint[] {
  const endpoints: Endpoint[] = [];
  for (const { record, site } of facts) {
    const router = record.router ?? site.path;
    for (const chain of chainsOf(router)) endpoints.push(endpointOf(record, site, chain, router, served));
  }
  return endpoints.sort(compareEndpoints);
}

function configSitesOf(facts: readonly Placed[]): ConfigSiteEntry[] {
  return facts.map(({ record, site }) => {
    const entry: ConfigKeySite = { access: record.access ?? '', owner: record.owner, site };
    if (record.default !== undefined) entry.default = record.default;
    return { key: record.key, partial: record.partial === true, framework: record.framework, site: entry };
  }).sort(compareConfigSites);
}

function tableSitesOf(facts: Placed[]): TableSiteEntry[] {
  return withTableNames(facts).map(({ record, site }) => ({
    table: record.key, partial: record.partial === true,
    model: modelOf(record),
    site: { access: record.access ?? '', framework: record.framework, owner: record.owner, site },
  })).sort((a, b) => compare(a.table, b.table) || compareSites(a.site.site, b.site.site) || compare(a.site.access, b.site.access));
}

function compareConfigSites(a: ConfigSiteEntry, b: ConfigSiteEntry): number {
  return compare(a.key, b.key) || compareSites(a.site.site, b.site.site) || compare(a.site.access, b.site.access);
}

/** Two sorted lists as one, `a`'s first on ties. */
function mergeSorted<T>(a: readonly T[], b: readonly T[], order: (x: T, y: T) => number): T[] {
  if (b.length === 0) return a as T[];
  const out: T[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) out.push(order(a[i]!, b[j]!) <= 0 ? a[i++]! : b[j++]!);
  while (i < a.length) out.push(a[i++]!);
  while (j < b.length) out.push(b[j++]!);
  return out;
}

/** Groups config sites (sorted by key) into one entry per key. */
export function groupConfigKeys(sites: readonly ConfigSiteEntry[]): ConfigKey[] {
  const keys: ConfigKey[] = [];
  for (const { key, partial, site } of sites) {
    const last = keys[keys.length - 1];
    if (last && last.key === key) {
      last.sites.push(site);
      if (partial) last.partial = true;
    } else {
      keys.push({ key, partial, sites: [site] });
    }
  }
  return keys;
}

const ACCESS_ORDER = ['model', 'read', 'write'];

/** Groups table sites (sorted by table) into one entry per table. */
export function groupTables(sites: readonly TableSiteEntry[]): DbTable[] {
  const tables: DbTable[] = [];
  let models = new Set<string>();
  let access = new Set<string>();
  const finish = (): void => {
    const last = tables[tables.length - 1];
    if (!last) return;
    last.models = [...models].sort(compare);
    last.access = [...access].sort((a, b) => rank(a) - rank(b) || compare(a, b));
  };
  for (const { table, partial, model, site } of sites) {
    const last = tables[tables.length - 1];
    if (!last || last.table !== table) {
      finish();
      tables.push({ table, partial, models: [], access: [], sites: [] });
      models = new Set();
      access = new Set();
    }
    const entry = tables[tables.length - 1]!;
    entry.sites.push(site);
    if (partial) entry.partial = true;
    if (model !== null) models.add(model);
    if (site.access !== '') access.add(site.access);
  }
  finish();
  return tables;
}

function rank(access: string): number {
  const index = ACCESS_ORDER.indexOf(access);
  return index < 0 ? ACCESS_ORDER.length : index;
}

/** The model a table fact names: its target, else (for a declaration mapping it) its owner. */
function modelOf(record: SurfaceRecord): string | null {
  if (record.target !== undefined) return record.target;
  return record.access === 'model' && record.owner.includes('#') ? record.owner : null;
}

/**
 * GORM: a `TableName()` method's fact names the table of its receiver struct (its target), which
 * replaces the struct's default (snake-case plural) name: the struct's other `model` facts of
 * framework `gorm` are dropped. A TableName fact is one whose owner is a method `<T>.TableName`.
 */
function withTableNames(facts: Placed[]): Placed[] {
  const overridden = new Set<string>();
  const isTableName = (record: SurfaceRecord): boolean => record.framework === 'gorm' && /#[^#]*\.TableName$/.test(record.owner);
  for (const { record } of facts) {
    if (isTableName(record) && typeof record.target === 'string') overridden.add(record.target);
  }
  if (overridden.size === 0) return facts;
  return facts.filter(({ record }) => {
    if (record.framework !== 'gorm' || record.access !== 'model' || isTableName(record)) return true;
    const model = modelOf(record);
    return model === null || !overridden.has(model);
  });
}

function endpointOf(record: SurfaceRecord, site: SurfaceSite, chain: readonly PlacedMount[], router: string, served: ReadonlySet<string>): Endpoint {
  let path = '';
  let partial = record.partial === true;
  for (const mount of chain) {
    path = path === '' ? mount.record.prefix : joinPath(path, mount.record.prefix, mount.record.framework);
    if (mount.record.partial === true) partial = true;
  }
  let key = record.key;
  const innermost = chain[chain.length - 1];
  if (innermost?.record.replacesPrefix === true && record.routerPrefix !== undefined && key.startsWith(record.routerPrefix)) {
    // The mount's prefix stands in for the router's own (Flask register_blueprint url_prefix).
    key = key.slice(record.routerPrefix.length);
    if (key !== '' && !key.startsWith('/') && record.framework !== 'django') key = `/${key}`;
  }
  const unmounted = chain.length === 0
    ? isSubRouter(record.routerKind, router, served)
    : chain[0]!.record.on !== undefined && chain[0]!.record.on !== null && chain[0]!.topUnmounted === true;
  if (unmounted) {
    // A sub-router nothing mounts: served under a prefix we do not know (core surfaces.ts).
    const known = chain.length === 0 ? key : joinPath(path, key, record.framework);
    path = `*${known.startsWith('/') || record.framework === 'django' ? '' : '/'}${known}`;
    partial = true;
  } else {
    path = chain.length === 0 ? key : joinPath(path, key, record.framework);
  }
  const endpoint: Endpoint = {
    method: record.method ?? 'ANY', path, pattern: record.key, framework: record.framework, partial,
    handler: record.target ?? null, owner: record.owner, site,
    mounts: chain.map((mount) => ({ prefix: mount.record.prefix, site: mount.site })),
  };
  if (endpoint.handler === null && record.targetName !== undefined) endpoint.handlerName = record.targetName;
  if (unmounted) endpoint.unmounted = true;
  return endpoint;
}

/**
 * A router of this kind and identity, which nothing mounts, is served under a prefix nobody
 * showed: one no serving site reaches (`served`) that is of kind `router`, or a function's
 * parameter or returned router (`<fn>(<n>)`) of any kind: an `app` a function makes and returns
 * is served wherever its caller puts it, which may be a project's own mounting helper; only a
 * module-level (or otherwise named) `app` is taken to be the root.
 */
function isSubRouter(kind: 'app' | 'router' | undefined, identity: string, served: ReadonlySet<string>): boolean {
  return !served.has(identity) && (kind === 'router' || PARAMETER_ROUTER.test(identity));
}

/**
 * Joins a prefix and a path the way the framework does: Django concatenates (`api/` +
 * `users/`); the others put one slash between, and Express and koa-router serve a router's `/`
 * at the prefix itself (`/users` + `/` is `/users`).
 */
export function joinPath(prefix: string, path: string, framework: string): string {
  if (framework === 'django') return prefix + path;
  if (prefix === '') return path;
  if (path === '') return prefix;
  const head = prefix.endsWith('/') ? prefix.slice(0, -1) : prefix;
  if (path === '/' && (framework === 'express' || framework === 'koa-router')) return head === '' ? '/' : head;
  return head + (path.startsWith('/') ? path : `/${path}`);
}

/** The mount chains (outermost first) of each router identity, memoized. */
function mountChains(byMounted: ReadonlyMap<string, PlacedMount[]>, served: ReadonlySet<string>): (router: string) => PlacedMount[][] {
  const memo = new Map<string, PlacedMount[][]>();
  const expand = (router: string, visiting: Set<string>, depth: number): PlacedMount[][] => {
    const mounts = byMounted.get(router);
    if (!mounts || depth >= MAX_MOUNT_DEPTH) return [[]];
    // A router both served and mounted: once at the root, and once per chain.
    const chains: PlacedMount[][] = served.has(router) ? [[]] : [];
    for (const mount of mounts) {
      if (visiting.has(mount.key)) continue;
      visiting.add(mount.key);
      // `on` absent: the mount file's own module (the root unless something mounts that module).
      const parent = mount.record.on === undefined ? mount.site.path : mount.record.on;
      if (parent !== null && mount.record.on !== undefined && !byMounted.has(parent)) {
        mount.topUnmounted = isSubRouter(mount.record.onKind, parent, served);
      }
      const above = parent === null || parent === router ? [[]] : expand(parent, visiting, depth + 1);
      visiting.delete(mount.key);
      for (const chain of above) {
        if (chains.length >= MAX_MOUNT_CHAINS) break;
        chains.push([...chain, mount]);
      }
    }
    return chains.length === 0 ? [[]] : chains;
  };
  return (router) => {
    let chains = memo.get(router);
    if (!chains) memo.set(router, (chains = expand(router, new Set(), 0)));
    return chains;
  };
}

function compareEndpoints(a: Endpoint, b: Endpoint): number {
  return compare(a.path, b.path) || compare(a.method, b.method) || compareSites(a.site, b.site)
    || compare(a.mounts.map(mountKey).join('\n'), b.mounts.map(mountKey).join('\n'));
}

function mountKey(mount: EndpointMount): string {
  return `${mount.site.path}\0${String(mount.site.line).padStart(9, '0')}\0${String(mount.site.column).padStart(9, '0')}`;
}

export function compareSites(a: SurfaceSite, b: SurfaceSite): number {
  return compare(a.path, b.path) || a.line - b.line || a.column - b.column;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
