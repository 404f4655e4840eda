/**
 * The architecture fact lists: surfaces_list_endpoints, surfaces_list_config_keys and
 * surfaces_list_db_tables, thin views over surfaces.endpoints, surfaces.configKeys and
 * surfaces.dbTables. One record per endpoint, key or table (render-overview.ts), each with its
 * sites, so the agent goes straight to the line; each reads a workspace, or a commit with `commit`.
 */
import { z } from 'zod';
import type {
  ConfigKey, DbTable, Endpoint, SurfacesConfigKeysResult, SurfacesDbTablesResult, SurfacesEndpointsResult,
} from '@repograph/protocol';
import { configKeyLine, endpointLine, tableLine } from '../render-overview.js';
import { count, defineTool, loose, workspaceArg, type ToolSpec } from '../tool-kit.js';
import { commitArg, scopeOf } from './navigation-more.js';

const read = { readOnly: true } as const;
const siteShape = loose({ path: z.string(), line: z.number(), column: z.number() });

/** The filters every list takes (surfaces.* SurfacesParams). */
function filters(kind: string, keyPrefix: string) {
  return {
    path: z.string().min(1).max(4000).optional().describe('Only facts whose site is this file or lies under this folder.'),
    kind: z.string().min(1).max(200).optional().describe(kind),
    keyPrefix: z.string().min(1).max(4000).optional().describe(keyPrefix),
    limit: count('At most this many entries from the daemon (default 200).', 2000),
    workspace: workspaceArg,
    commit: commitArg,
  };
}

type FilterArgs = { path?: string; kind?: string; keyPrefix?: string; limit?: number; workspace?: string; commit?: string };

function paramsOf(context: Parameters<ToolSpec['run']>[0], args: FilterArgs): Record<string, unknown> {
  const { workspace: _workspace, commit: _commit, ...rest } = args;
  return { ...Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined)), ...scopeOf(context, args) };
}

function cutNote(truncated: boolean, shown: number): string {
  return truncated ? ` (the first ${shown}: the daemon's limit cut the list; raise \`limit\` or narrow with path, kind or keyPrefix)` : '';
}

export const surfacesListEndpoints = defineTool({
  name: 'surfaces_list_endpoints',
  title: 'The HTTP endpoints',
  description: 'Every HTTP endpoint the code registers (express, fastify, koa-router, hono, NestJS, Next.js routes; flask, FastAPI, Django; ' +
    'net/http, gorilla/mux, gin, echo, chi): method, full path with the mounts that prefix it, the handler\'s id and the site. ' +
    'A path computed at run time is `partial`, its unknown part written `*`. Use instead of grepping for routes; trace one with graph_trace_feature.',
  input: filters('An HTTP method (`GET`) or a framework (`express`, `flask`, `gin`...).', 'A prefix of the full path (`/api/users`).'),
  result: loose({ endpoints: z.array(loose({ method: z.string(), path: z.string(), handler: z.string().nullable(), site: siteShape })), truncated: z.boolean() }),
  readOnly: true,
  pages: true,
  run: async (context, args) => {
    const found = await context.link.call<SurfacesEndpointsResult>('surfaces.endpoints', paramsOf(context, args), read);
    return {
      meta: found.meta,
      head: found.endpoints.length === 0 ? 'No endpoints found (the index sees none registered by a known framework form).'
        : `${found.endpoints.length} endpoint${found.endpoints.length === 1 ? '' : 's'}${cutNote(found.truncated, found.endpoints.length)}:`,
      records: found.endpoints,
      renderRecord: endpointLine,
      build: (kept: Endpoint[]) => ({ endpoints: kept, truncated: found.truncated }),
      evidence: [],
      evidenceOf: (endpoint: Endpoint) => [endpoint.site.path, ...endpoint.mounts.map((mount) => mount.site.path), ...(endpoint.handler ? [endpoint.handler.split('#')[0]!] : [])],
      noun: 'endpoints',
    };
  },
});

export const surfacesListConfigKeys = defineTool({
  name: 'surfaces_list_config_keys',
  title: 'The configuration keys',
  description: 'Every configuration key the code reads (process.env / import.meta.env, os.environ / os.getenv, os.Getenv / LookupEnv, viper, ' +
    'known config loaders), one per key with each site: the access form, the default written there, the enclosing symbol. ' +
    'A key computed at run time is `partial` (`PREFIX_*`). Use instead of grepping for env reads.',
  input: filters('The access form (`process.env`, `os.getenv`, `os.Getenv`, `viper.GetString`...).', 'A prefix of the key (`DATABASE_`).'),
  result: loose({ configKeys: z.array(loose({ key: z.string(), sites: z.array(loose({ access: z.string(), site: siteShape })) })), truncated: z.boolean() }),
  readOnly: true,
  pages: true,
  run: async (context, args) => {
    const found = await context.link.call<SurfacesConfigKeysResult>('surfaces.configKeys', paramsOf(context, args), read);
    return {
      meta: found.meta,
      head: found.configKeys.length === 0 ? 'No configuration keys found (the index sees no read of a known form).'
        : `${found.configKeys.length} configuration key${found.configKeys.length === 1 ? '' : 's'}${cutNote(found.truncated, found.configKeys.length)}:`,
      records: found.configKeys,
      renderRecord: configKeyLine,
      build: (kept: ConfigKey[]) => ({ configKeys: kept, truncated: found.truncated }),
      evidence: [],
      evidenceOf: (entry: ConfigKey) => entry.sites.map((each) => each.site.path),
      noun: 'configuration keys',
    };
  },
});

export const surfacesListDbTables = defineTool({
  name: 'surfaces_list_db_tables',
  title: 'The database tables',
  description: 'Every database table the code declares or touches: models (Prisma, TypeORM, Sequelize, Drizzle, SQLAlchemy, Django, GORM) ' +
    'and table names in SQL text passed to a query call (read / write), one per table with the mapping models and each site. ' +
    'Use instead of grepping for table names.',
  input: filters('The access: `model`, `read` or `write`.', 'A prefix of the table name.'),
  result: loose({ dbTables: z.array(loose({ table: z.string(), models: z.array(z.string()), sites: z.array(loose({ access: z.string(), site: siteShape })) })), truncated: z.boolean() }),
  readOnly: true,
  pages: true,
  run: async (context, args) => {
    const found = await context.link.call<SurfacesDbTablesResult>('surfaces.dbTables', paramsOf(context, args), read);
    return {
      meta: found.meta,
      head: found.dbTables.length === 0 ? 'No database tables found (the index sees no model or query of a known form).'
        : `${found.dbTables.length} table${found.dbTables.length === 1 ? '' : 's'}${cutNote(found.truncated, found.dbTables.length)}:`,
      records: found.dbTables,
      renderRecord: tableLine,
      build: (kept: DbTable[]) => ({ dbTables: kept, truncated: found.truncated }),
      evidence: [],
      evidenceOf: (entry: DbTable) => [...entry.sites.map((each) => each.site.path), ...entry.models.map((id) => id.split('#')[0]!)],
      noun: 'tables',
    };
  },
});

export const SURFACE_TOOLS: ToolSpec<any>[] = [surfacesListEndpoints, surfacesListConfigKeys, surfacesListDbTables];
