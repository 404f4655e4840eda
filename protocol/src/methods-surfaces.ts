/**
 * Architecture facts over one snapshot (issue 17): `surfaces.endpoints` (HTTP endpoints with
 * their full paths, mounts across files applied), `surfaces.configKeys` (configuration keys and
 * where they are read) and `surfaces.dbTables` (tables, the models mapping them, where they are
 * read and written), and the shape of a symbol's facts on `symbols.card` / `symbols.context`.
 * Each takes ReadScope (a workspace, or `commit` for that commit's baseline) and the filters of
 * SurfacesParams; answers are in a deterministic order (by path, key or table, then method, then
 * site) and cut at `limit` with `truncated: true`. @since 0.4.4
 */
import { RequestType } from 'vscode-jsonrpc';
import type { ErrorData } from './errors.js';
import type { ReadScope, WithMeta } from './shapes.js';

/**
 * Filters and bound of the three lists. `path`: a file, or a folder whose files' facts are kept
 * (the site's path). `kind`: endpoints, an HTTP method (`GET`; any case) or a framework
 * (`express`, `flask`, `gin`, ...); configKeys, the access form (`process.env`, `os.getenv`,
 * `os.Getenv`, `viper.GetString`, ...); dbTables, the access (`model`, `read`, `write`).
 * `keyPrefix`: a prefix of the endpoint's full path, the key, or the table name. `limit`: default
 * 200, at most 2000. A filtered entry lists only the sites that pass.
 */
export interface SurfacesParams extends ReadScope {
  path?: string;
  kind?: string;
  keyPrefix?: string;
  limit?: number;
}

/** Where a fact was found (1-based line and column, the column in UTF-16 units). */
export interface SurfaceSite {
  path: string;
  line: number;
  column: number;
}

/** One mount applied to an endpoint, outermost first. */
export interface EndpointMount {
  prefix: string;
  site: SurfaceSite;
}

/**
 * An HTTP endpoint. `path` is the full path (every mount's prefix applied: an endpoint whose
 * router is mounted in several places appears once per mount chain), `pattern` the path as
 * registered at the site. `partial`: a computed part of the pattern or of a prefix is unknown and
 * written `*`. `handler` the handler's id (null: it binds to nothing in the tree, `handlerName`
 * then says how it is written). `unmounted: true`: the router is a sub-router (`express.Router()`,
 * a Blueprint, a function's router parameter) that no mount reaches, so the prefix it is served
 * under is unknown: `path` is then `*` before the pattern and `partial` is true.
 */
export interface Endpoint {
  method: string;
  path: string;
  pattern: string;
  framework: string;
  partial: boolean;
  handler: string | null;
  handlerName?: string;
  owner: string;
  site: SurfaceSite;
  mounts: EndpointMount[];
  unmounted?: true;
}

export interface SurfacesEndpointsPayload {
  endpoints: Endpoint[];
  truncated: boolean;
}
export type SurfacesEndpointsResult = WithMeta<SurfacesEndpointsPayload>;

export const SurfacesEndpointsMethod = 'surfaces.endpoints';
export const SurfacesEndpointsRequest = new RequestType<SurfacesParams, SurfacesEndpointsResult, ErrorData>(SurfacesEndpointsMethod);

/** One site reading a configuration key: its access form, the default written there, the enclosing symbol. */
export interface ConfigKeySite {
  access: string;
  default?: string;
  owner: string;
  site: SurfaceSite;
}

/** A configuration key and every site that reads it. `partial`: a site computes part of the key. */
export interface ConfigKey {
  key: string;
  partial: boolean;
  sites: ConfigKeySite[];
}

export interface SurfacesConfigKeysPayload {
  configKeys: ConfigKey[];
  truncated: boolean;
}
export type SurfacesConfigKeysResult = WithMeta<SurfacesConfigKeysPayload>;

export const SurfacesConfigKeysMethod = 'surfaces.configKeys';
export const SurfacesConfigKeysRequest = new RequestType<SurfacesParams, SurfacesConfigKeysResult, ErrorData>(SurfacesConfigKeysMethod);

/** One site declaring or touching a table. */
export interface TableSite {
  /** `model` (a declaration maps it), `read` or `write`. */
  access: string;
  framework: string;
  owner: string;
  site: SurfaceSite;
}

/** A table: the models mapping it (ids, sorted), the distinct access kinds (model, read, write), every site. */
export interface DbTable {
  table: string;
  partial: boolean;
  models: string[];
  access: string[];
  sites: TableSite[];
}

export interface SurfacesDbTablesPayload {
  dbTables: DbTable[];
  truncated: boolean;
}
export type SurfacesDbTablesResult = WithMeta<SurfacesDbTablesPayload>;

export const SurfacesDbTablesMethod = 'surfaces.dbTables';
export const SurfacesDbTablesRequest = new RequestType<SurfacesParams, SurfacesDbTablesResult, ErrorData>(SurfacesDbTablesMethod);

/**
 * A fact naming a symbol as its owner (the registration or read lies in it) or its target (the
 * handler, the model), on `symbols.card` and `symbols.context` (`surfaces`, absent when none).
 * `key`: an endpoint's full path (one fact per mount chain), a config key, a table. @since 0.4.4
 */
export interface SymbolSurfaceFact {
  kind: 'endpoint' | 'config' | 'table';
  key: string;
  pattern?: string;
  method?: string;
  framework: string;
  access?: string;
  default?: string;
  partial: boolean;
  owner: string;
  target?: string | null;
  site: SurfaceSite;
}
