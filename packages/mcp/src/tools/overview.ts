/**
 * graph_trace_feature and repo_summarize, thin views over graph.trace and repo.summarize. A trace
 * is rendered one node a line in pre-order (render-overview.ts), so a budget cuts it node by node
 * and a cursor goes on from the next node; its structured result is the kept nodes as trees. The
 * summary is one line per package, endpoint, key, table and section.
 */
import { z } from 'zod';
import type { GraphTraceResult, RepoSummarizeResult } from '@repograph/protocol';
import { summaryLines, traceLine, traceRecords, traceTrees, type TraceRecord } from '../render-overview.js';
import { count, defineTool, loose, workspaceArg, type ToolSpec } from '../tool-kit.js';
import { commitArg, resolveInScope, scopeOf } from './navigation-more.js';

const read = { readOnly: true } as const;
/** An endpoint entry as graph.trace takes it: `METHOD /path`, or `/path` alone. */
const ENDPOINT_ENTRY = /^\s*(?:[A-Za-z]+\s+)?\//;

export const graphTraceFeature = defineTool({
  name: 'graph_trace_feature',
  title: 'Trace a feature through the code',
  description: 'What happens when an endpoint is hit or a function runs: the call tree from `entry` (an endpoint `POST /orders/:id`, ' +
    'or a function or method id or name) to `depth` levels (default 4, at most 8), each node with its call sites and facts: ' +
    'the endpoints it handles, the config keys it reads, the tables it touches, whether it is generated. A node already on the path ' +
    'is marked cycle, one shown earlier seen (not expanded again). Use instead of reading handler after handler.',
  input: {
    entry: z.string().min(1).max(2000).describe('An endpoint `METHOD /path` (path parameters match loosely: `/users/42` finds `/users/:id`), or a function or method: an id or a name that names one symbol.'),
    depth: count('Levels below the entry (default 4, at most 8).', 8),
    workspace: workspaceArg,
    commit: commitArg,
  },
  result: loose({
    entry: z.string(), endpoints: z.array(z.unknown()), depth: z.number(), nodes: z.number(), truncated: z.boolean(),
    roots: z.array(loose({ symbol: loose({ id: z.string() }), children: z.array(z.unknown()) })),
  }),
  readOnly: true,
  pages: true,
  run: async (context, args) => {
    const entry = ENDPOINT_ENTRY.test(args.entry) ? args.entry.trim() : await resolveInScope(context, args.entry, args);
    const found = await context.link.call<GraphTraceResult>('graph.trace', { entry, ...scopeOf(context, args), ...(args.depth ? { depth: args.depth } : {}) }, read);
    const records = traceRecords(found);
    const head = [
      found.endpoints.length > 0
        ? `${found.endpoints.length} endpoint${found.endpoints.length === 1 ? ' matches' : 's match'} ${found.entry}: ` +
          found.endpoints.map((endpoint) => `${endpoint.method} ${endpoint.path} -> ${endpoint.handler ?? '(unbound handler)'} (${endpoint.framework}) @${endpoint.site.path}:${endpoint.site.line}`).join('; ')
        : '',
      found.roots.length === 0 ? 'No handler to trace: every matching endpoint\'s handler is unbound.'
        : `Calls from ${found.endpoints.length === 0 ? found.entry : found.roots.length === 1 ? 'its handler' : `their ${found.roots.length} handlers`} to depth ${found.depth}, ${found.nodes} node${found.nodes === 1 ? '' : 's'}` +
          ` (seen: expanded above; cycle: on its own path):`,
      found.truncated ? 'truncated: a bound cut the tree (2,000 nodes or the results budget, 200 calls per node, the work or time budget); narrow with a deeper entry or a smaller depth.' : '',
      found.factsAvailable ? '' : 'This snapshot has no architecture facts: nodes list no endpoints, config keys or tables.',
    ].filter(Boolean).join('\n');
    return {
      meta: found.meta,
      head,
      records,
      renderRecord: traceLine,
      build: (kept: TraceRecord[]) => {
        const { meta: _meta, roots: _roots, ...rest } = found;
        return { ...rest, roots: traceTrees(kept) };
      },
      evidence: [...found.endpoints.map((endpoint) => endpoint.site.path)],
      evidenceOf: (record: TraceRecord) => [record.node.symbol.path, ...record.node.sites.map((site) => site.path)],
      noun: 'nodes',
    };
  },
});

export const repoSummarize = defineTool({
  name: 'repo_summarize',
  title: 'What this repository is',
  description: 'The overview to read first in a session: languages and file counts, packages and their entry points (package.json, ' +
    'pyproject.toml, setup.cfg, go.mod), endpoints, config keys and tables (counts and the first of each), the most imported modules, ' +
    'where the tests are and where generated files cluster. Bounded and deterministic.',
  input: { workspace: workspaceArg, commit: commitArg },
  result: loose({
    files: loose({ total: z.number(), indexed: z.number() }), languages: z.array(loose({ language: z.string(), files: z.number() })),
    packages: loose({ total: z.number(), items: z.array(z.unknown()) }), dependedOn: loose({ total: z.number(), items: z.array(z.unknown()) }),
    tests: loose({ files: z.number() }), generated: loose({ files: z.number() }),
  }),
  readOnly: true,
  pages: true,
  run: async (context, args) => {
    const summary = await context.link.call<RepoSummarizeResult>('repo.summarize', scopeOf(context, args), read);
    const { meta, ...payload } = summary;
    const manifests = payload.packages.items.map((entry) => entry.manifest);
    return {
      meta,
      head: '',
      records: summaryLines(payload),
      renderRecord: (line: string) => line,
      build: () => payload,
      evidence: [
        ...manifests, ...payload.dependedOn.items.map((entry) => entry.path),
        ...[...payload.endpoints.items, ...payload.configKeys.items, ...payload.tables.items].map((entry) => entry.site.path),
      ],
      noun: 'summary lines',
    };
  },
});

export const OVERVIEW_TOOLS: ToolSpec<any>[] = [graphTraceFeature, repoSummarize];
