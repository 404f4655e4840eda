/**
 * The answers of the surface index (issue 17): endpoints with full paths, configuration keys,
 * tables, a symbol's facts, and the published facts of one file as the index reads them. Owns the
 * shapes only (protocol methods-surfaces.ts holds their wire twins); surfaces-compose.ts builds them.
 */
import type { MountRecord, SurfaceRecord } from '@repograph/core';

/** Where a fact was found. */
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

/** An HTTP endpoint with its full path. */
export interface Endpoint {
  /** Upper-case HTTP method, `ANY` where every method is routed. */
  method: string;
  /** The full path: every mount's prefix applied. */
  path: string;
  /** The path as registered at the site. */
  pattern: string;
  framework: string;
  /** A computed part of the pattern or of a prefix is unknown (written `*`). */
  partial: boolean;
  /** The handler's id, null when it binds to nothing in the tree. */
  handler: string | null;
  /** The handler's name as written, when `handler` is null. */
  handlerName?: string;
  /** The innermost symbol enclosing the registration (or the file). */
  owner: string;
  site: SurfaceSite;
  mounts: EndpointMount[];
  /** The router is a sub-router (or a function's parameter) that no mount reaches: `path` starts with `*` (see the header). */
  unmounted?: true;
}

/** One site reading a configuration key. */
export interface ConfigKeySite {
  access: string;
  default?: string;
  owner: string;
  site: SurfaceSite;
}

/** A configuration key and every site that reads it. */
export interface ConfigKey {
  key: string;
  partial: boolean;
  sites: ConfigKeySite[];
}

/** One site declaring or touching a table. */
export interface TableSite {
  /** `model` (a declaration maps it), `read` or `write`. */
  access: string;
  framework: string;
  owner: string;
  site: SurfaceSite;
}

/** A database table: the models mapping it and every site. */
export interface DbTable {
  table: string;
  partial: boolean;
  /** Ids of the model declarations that map it, sorted. */
  models: string[];
  /** The distinct access kinds of its sites: model, read, write (in that order), then any other. */
  access: string[];
  sites: TableSite[];
}

/** A fact that names a symbol as its owner or its target (symbols.card, graph.trace). */
export interface SymbolSurfaceFact {
  kind: 'endpoint' | 'config' | 'table';
  /** endpoint: the full path (one fact per mount chain); config: the key; table: the table. */
  key: string;
  /** endpoint: the path as registered. */
  pattern?: string;
  method?: string;
  framework: string;
  access?: string;
  default?: string;
  partial: boolean;
  owner: string;
  /** The handler or model id (null: it binds to nothing); absent where the fact has no target. */
  target?: string | null;
  site: SurfaceSite;
}

/** The published facts of one file. */
export interface FileSurfaces {
  path: string;
  surfaces: readonly SurfaceRecord[];
  mounts: readonly MountRecord[];
}
