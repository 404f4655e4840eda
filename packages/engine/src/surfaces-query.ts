/**
 * The answers of `surfaces.endpoints`, `surfaces.configKeys` and `surfaces.dbTables` over one
 * snapshot's surface index: the filters, the limit (default 200) and `truncated`. Owns those
 * answer shapes; the index and its order are surfaces-index.ts's, the params checks the daemon's.
 */
import type { QueryMeter } from './query-budget.js';
import type { ConfigKey, DbTable, Endpoint, SurfaceFilter, SurfaceIndex } from './surfaces-index.js';

/** The default number of entries a surfaces answer lists. */
export const SURFACES_LIMIT = 200;

/** Params of the three list queries (the path already normalized). */
export interface SurfaceListParams extends SurfaceFilter {
  limit?: number;
}

export interface EndpointList {
  endpoints: Endpoint[];
  truncated: boolean;
}

export interface ConfigKeyList {
  configKeys: ConfigKey[];
  truncated: boolean;
}

export interface DbTableList {
  dbTables: DbTable[];
  truncated: boolean;
}

/** Endpoints by full path, method, site; at most `limit`. */
export function listEndpoints(index: SurfaceIndex, params: SurfaceListParams, meter: QueryMeter): EndpointList {
  const { entries, truncated } = cut(index.endpoints(filterOf(params)), params.limit, meter);
  return { endpoints: entries, truncated };
}

/** Configuration keys by key (their sites by site); at most `limit` keys. */
export function listConfigKeys(index: SurfaceIndex, params: SurfaceListParams, meter: QueryMeter): ConfigKeyList {
  const { entries, truncated } = cut(index.configKeys(filterOf(params)), params.limit, meter);
  return { configKeys: entries, truncated };
}

/** Tables by name (their sites by site); at most `limit` tables. */
export function listDbTables(index: SurfaceIndex, params: SurfaceListParams, meter: QueryMeter): DbTableList {
  const { entries, truncated } = cut(index.tables(filterOf(params)), params.limit, meter);
  return { dbTables: entries, truncated };
}

function filterOf(params: SurfaceListParams): SurfaceFilter {
  const filter: SurfaceFilter = {};
  if (params.path !== undefined && params.path !== '') filter.path = params.path;
  if (params.kind !== undefined) filter.kind = params.kind;
  if (params.keyPrefix !== undefined && params.keyPrefix !== '') filter.keyPrefix = params.keyPrefix;
  return filter;
}

function cut<T>(all: readonly T[], limit: number | undefined, meter: QueryMeter): { entries: T[]; truncated: boolean } {
  const bound = meter.results(limit ?? SURFACES_LIMIT);
  meter.work(Math.min(all.length, bound));
  const entries = all.slice(0, bound);
  meter.returned(entries.length);
  return { entries, truncated: all.length > entries.length };
}
