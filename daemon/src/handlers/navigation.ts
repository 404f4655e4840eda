/**
 * Navigation handlers: types.hierarchy, graph.path, symbols.definition and symbols.outline. Each reads one
 * snapshot through withSnapshot (a workspace's, or with `commit` that commit's baseline) and
 * answers the engine's result with `meta`. Owns their part of the method table.
 */
import { graphPathParams, outlineParams } from './navigation-params.js';
import { withSnapshot } from './query.js';
import { symbolIdParams } from './query-params.js';
import type { MethodTablePart } from './table.js';

type NavigationMethod = 'types.hierarchy' | 'graph.path' | 'symbols.definition' | 'symbols.outline';

export const navigationMethods: MethodTablePart<NavigationMethod> = {
  'types.hierarchy': { params: symbolIdParams, handle: (context, client, params) => withSnapshot(context, client, params, (session) => session.hierarchy(params)) },
  'graph.path': { params: graphPathParams, handle: (context, client, params) => withSnapshot(context, client, params, (session) => session.paths(params)) },
  'symbols.definition': { params: symbolIdParams, handle: (context, client, params) => withSnapshot(context, client, params, (session) => session.definition(params)) },
  'symbols.outline': { params: outlineParams, handle: (context, client, params) => withSnapshot(context, client, params, (session) => session.outline(params)) },
};
