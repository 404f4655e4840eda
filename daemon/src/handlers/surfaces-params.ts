/**
 * Params validators of `surfaces.endpoints`, `surfaces.configKeys` and `surfaces.dbTables`: raw
 * JSON in, the protocol's SurfacesParams out, InvalidParams naming the field otherwise (`path`
 * outside the repository is refused here, PathOutsideRepo, and checked again by the engine: no
 * link out of it). Owns these checks only.
 */
import type { SurfacesParams } from '@repograph/protocol';
import { invalid, optionalInteger, optionalString, type Params } from '../params.js';
import { optionalPrefix, readScope } from './query-params.js';

/** The most entries one surfaces answer lists (the results budget may be lower). */
export const MAX_SURFACES = 2000;
/** The longest `path` or `keyPrefix` accepted (the engine's path bound). */
const MAX_SURFACE_TEXT = 4096;
/** The longest `kind` accepted (a method, a framework or an access form is far shorter). */
const MAX_KIND = 128;
/** The access kinds of a table site, the only `kind` values surfaces.dbTables accepts. */
export const TABLE_ACCESS = ['model', 'read', 'write'] as const;

function surfacesParams(raw: Params): SurfacesParams {
  const path = optionalPrefix(raw, 'path', MAX_SURFACE_TEXT);
  const kind = optionalString(raw, 'kind', MAX_KIND);
  const keyPrefix = optionalString(raw, 'keyPrefix', MAX_SURFACE_TEXT);
  const limit = optionalInteger(raw, 'limit', 1, MAX_SURFACES);
  return {
    ...readScope(raw),
    ...(path !== undefined ? { path } : {}), ...(kind !== undefined ? { kind } : {}),
    ...(keyPrefix !== undefined ? { keyPrefix } : {}), ...(limit !== undefined ? { limit } : {}),
  };
}

/** surfaces.endpoints: `kind` is an HTTP method (any case) or a framework name. */
export function endpointsParams(raw: Params): SurfacesParams {
  return surfacesParams(raw);
}

/** surfaces.configKeys: `kind` is an access form (`process.env`, `os.getenv`, ...). */
export function configKeysParams(raw: Params): SurfacesParams {
  return surfacesParams(raw);
}

/** surfaces.dbTables: `kind` is one of TABLE_ACCESS. */
export function dbTablesParams(raw: Params): SurfacesParams {
  const params = surfacesParams(raw);
  if (params.kind !== undefined && !(TABLE_ACCESS as readonly string[]).includes(params.kind)) {
    throw invalid('kind', `must be one of ${TABLE_ACCESS.map((k) => `"${k}"`).join(', ')} (the access of a table site).`);
  }
  return params;
}
