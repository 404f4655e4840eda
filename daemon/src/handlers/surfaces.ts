/**
 * Architecture facts handlers: surfaces.endpoints, surfaces.configKeys and surfaces.dbTables.
 * Each reads one snapshot through withSnapshot (a workspace's, or with `commit` that commit's
 * baseline; `sync` waits for the watcher first) and answers the engine's surface index
 * (surfaces-index.ts) with `meta`. Owns their part of the method table.
 */
import { configKeysParams, dbTablesParams, endpointsParams } from './surfaces-params.js';
import { withSnapshot } from './query.js';
import type { MethodTablePart } from './table.js';

type SurfacesMethod = 'surfaces.endpoints' | 'surfaces.configKeys' | 'surfaces.dbTables';

export const surfacesMethods: MethodTablePart<SurfacesMethod> = {
  'surfaces.endpoints': { params: endpointsParams, handle: (context, client, params) => withSnapshot(context, client, params, (session) => session.endpoints(params)) },
  'surfaces.configKeys': { params: configKeysParams, handle: (context, client, params) => withSnapshot(context, client, params, (session) => session.configKeys(params)) },
  'surfaces.dbTables': { params: dbTablesParams, handle: (context, client, params) => withSnapshot(context, client, params, (session) => session.dbTables(params)) },
};
