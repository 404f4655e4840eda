/**
 * More navigation tools: types_hierarchy, graph_path and repo_remove, thin views over
 * types.hierarchy, graph.path and index.removeRepo; and committed mode for the query tools of
 * discovery.ts and navigation.ts: the `commit` argument (read a commit's baseline instead of a
 * workspace), how a tool sends its scope, and how a symbol name is resolved in that scope.
 */
import { z } from 'zod';
import type {
  CallTreeNode, GraphPathResult, HierarchyMethod, HierarchyType, IndexRemoveRepoResult, SymbolPath, TypesHierarchyResult,
} from '@repograph/protocol';
import type { DaemonLink } from '../daemon-link.js';
import { siteText, symbolLine, treeLines } from '../render.js';
import { resolveSymbol } from '../resolve-symbol.js';
import { count, defineTool, flag, loose, single, symbolArg, workspaceArg, type ToolContext, type ToolSpec } from '../tool-kit.js';
import { MAX_REVISION } from './edits.js';

const read = { readOnly: true } as const;

/** The committed-mode argument of the query tools. */
export const commitArg = z.string().min(1).max(MAX_REVISION).optional()
  .describe('Read this commit instead of a workspace (a branch, tag, sha or `HEAD~1`): its committed graph and text, whatever is checked out or edited. Not with `workspace`.');

/** What a query sends as its scope: the commit when one is given (with `workspace` only if the agent gave both: the daemon refuses that), else the workspace. */
export function scopeOf(context: ToolContext, args: { workspace?: string | undefined; commit?: string | undefined }): { workspace?: string; commit?: string } {
  if (args.commit !== undefined) return { commit: args.commit, ...(args.workspace !== undefined ? { workspace: args.workspace } : {}) };
  return { workspace: args.workspace ?? context.workspace };
}

/** A symbol id from an id or a name, looked up where the query reads (the commit's symbols in committed mode). */
export function resolveInScope(context: ToolContext, symbol: string, args: { workspace?: string | undefined; commit?: string | undefined }): Promise<string> {
  if (args.commit === undefined) return resolveSymbol(context, symbol, args.workspace ?? context.workspace);
  const commit = args.commit;
  // resolve-symbol.ts searches a workspace; the same lookup, its searches sent with `commit` instead.
  const link = { call: (method: string, params: object, options: { readOnly: boolean }) => {
    const { workspace: _workspace, ...rest } = params as { workspace?: string };
    return context.link.call(method, { ...rest, commit }, options);
  } } as unknown as DaemonLink;
  return resolveSymbol({ ...context, link }, symbol, `commit:${commit}`);
}

/** render.ts treeLines (one line per node, in pre-order), each node found through followInterface marked `via <method id>`. */
export function treeLinesWithVia(node: CallTreeNode): string {
  const nodes: CallTreeNode[] = [];
  const visit = (each: CallTreeNode): void => { nodes.push(each); each.children.forEach(visit); };
  visit(node);
  return treeLines(node).split('\n').map((line, index) => (nodes[index]?.via ? `${line} via ${nodes[index]!.via}` : line)).join('\n');
}

type HierarchyList = 'bases' | 'interfaces' | 'derived' | 'overrides' | 'overriddenBy';
type HierarchyRecord = { list: 'bases' | 'interfaces' | 'derived'; entry: HierarchyType } | { list: 'overrides' | 'overriddenBy'; entry: HierarchyMethod };
const LISTS: HierarchyList[] = ['bases', 'interfaces', 'derived', 'overrides', 'overriddenBy'];
const LIST_NAMES: Record<HierarchyList, string> = {
  bases: 'base', interfaces: 'interface', derived: 'derived', overrides: 'overrides', overriddenBy: 'overridden by',
};

export const typesHierarchy = defineTool({
  name: 'types_hierarchy',
  title: 'A type\'s hierarchy, or a method\'s overrides',
  description: 'For a class, interface or struct: its bases (nearest first), the interfaces it implements, and every type deriving from it, ' +
    'with depth and the site of each extends/implements clause. For a method: the methods it overrides or implements up its type\'s bases, ' +
    'and the methods overriding it below. Only edges the binder resolved (Go: embedding as bases, no implements). Use before changing an ' +
    'interface or a base method.',
  input: { symbol: symbolArg, workspace: workspaceArg, commit: commitArg },
  result: loose({
    symbol: loose({ id: z.string() }), subject: z.string(),
    bases: z.array(z.unknown()), interfaces: z.array(z.unknown()), derived: z.array(z.unknown()),
    overrides: z.array(z.unknown()), overriddenBy: z.array(z.unknown()),
  }),
  readOnly: true,
  pages: true,
  run: async (context, args) => {
    const scope = scopeOf(context, args);
    const id = await resolveInScope(context, args.symbol, args);
    const found = await context.link.call<TypesHierarchyResult>('types.hierarchy', { id, ...scope }, read);
    const records = LISTS.flatMap((list) => (found[list] as Array<HierarchyType | HierarchyMethod>).map((entry) => ({ list, entry }) as HierarchyRecord));
    const counts = LISTS.filter((list) => found[list].length > 0).map((list) => `${found[list].length} ${LIST_NAMES[list]}`);
    const head = [
      `${symbolLine(found.symbol)}${found.subject === 'method' && found.type ? ` (in ${found.type.id})` : ''}: ${counts.length > 0 ? counts.join(', ') : 'no hierarchy'}`,
      ...found.notes,
      ...found.unresolved.map((base) => `unresolved ${base.relation} ${base.name} (${base.from} at ${siteText(base.site)})`),
      found.truncated ? 'truncated: the walk stopped at the query budgets (depth or results); deeper types were left out.' : '',
    ].filter(Boolean).join('\n');
    return {
      meta: found.meta,
      head,
      records,
      renderRecord: (record: HierarchyRecord) => record.list === 'overrides' || record.list === 'overriddenBy'
        ? `${LIST_NAMES[record.list]} ${symbolLine(record.entry.symbol)} (depth ${record.entry.depth}, in ${(record.entry as HierarchyMethod).owner})`
        : `${LIST_NAMES[record.list]} ${symbolLine(record.entry.symbol)} (depth ${record.entry.depth}, ${record.entry.relation} at ${siteText((record.entry as HierarchyType).site)})`,
      build: (kept: HierarchyRecord[]) => {
        const { meta: _meta, ...rest } = found;
        return { ...rest, ...Object.fromEntries(LISTS.map((list) => [list, kept.filter((record) => record.list === list).map((record) => record.entry)])) };
      },
      evidence: [found.symbol.path],
      evidenceOf: (record: HierarchyRecord) => [record.entry.symbol.path],
      noun: 'types and methods',
    };
  },
});

export const graphPath = defineTool({
  name: 'graph_path',
  title: 'How one symbol reaches another',
  description: 'The shortest chains of calls, instantiations, references and reads from `from` to `to` (at most `maxPaths`, shortest first), ' +
    'each hop with its site and confidence. Answers "how does this entry point end up in that function?" without reading the code between; ' +
    'no path means none within `maxDepth` hops that the binder resolved.',
  input: {
    from: symbolArg.describe('Where the paths start: a symbol id or a name that names one symbol.'),
    to: symbolArg.describe('Where they end: a symbol id or a name that names one symbol.'),
    maxDepth: count('Longest path in hops (default 6; the daemon\'s depth budget caps it, 8 by default).', 50),
    maxPaths: count('At most this many paths (default 3).', 100),
    workspace: workspaceArg,
    commit: commitArg,
  },
  result: loose({ from: loose({ id: z.string() }), to: loose({ id: z.string() }), paths: z.array(loose({ length: z.number(), symbols: z.array(z.string()) })), truncated: z.boolean() }),
  readOnly: true,
  pages: true,
  run: async (context, args) => {
    const scope = scopeOf(context, args);
    const from = await resolveInScope(context, args.from, args);
    const to = await resolveInScope(context, args.to, args);
    const found = await context.link.call<GraphPathResult>('graph.path', {
      from, to, ...scope, ...(args.maxDepth ? { maxDepth: args.maxDepth } : {}), ...(args.maxPaths ? { maxPaths: args.maxPaths } : {}),
    }, read);
    const head = (found.paths.length === 0
      ? `No path from ${found.from.id} to ${found.to.id} within ${args.maxDepth ?? 6} hops of calls, instantiations, references and reads.`
      : `${found.paths.length} shortest path${found.paths.length === 1 ? '' : 's'} from ${found.from.id} to ${found.to.id}:`) +
      (found.truncated ? `\ntruncated: the search stopped at the query budgets after ${found.explored} symbols; a path may be missing.` : '');
    return {
      meta: found.meta,
      head,
      records: found.paths,
      renderRecord: (path: SymbolPath) => `${path.length} hop${path.length === 1 ? '' : 's'}: ${path.symbols[0]}` +
        path.hops.map((hop) => ` -${hop.kind}@${siteText(hop.site)}${hop.confidence === 'exact' ? '' : `(${hop.confidence})`}-> ${hop.to}`).join(''),
      build: (kept: SymbolPath[]) => ({ from: found.from, to: found.to, paths: kept, truncated: found.truncated, explored: found.explored }),
      evidence: [found.from.path, found.to.path],
      evidenceOf: (path: SymbolPath) => path.hops.map((hop) => hop.site.path),
      noun: 'paths',
    };
  },
});

export const repoRemove = defineTool({
  name: 'repo_remove',
  title: 'Remove this repository\'s index',
  description: 'Removes the daemon\'s store of this repository (every baseline, workspace index, cached fact and stored review; never a file of ' +
    'the repository or its worktrees). By default a dry run that lists what would go. A real removal (dryRun: false) is refused while another ' +
    'client uses a workspace; it stops the daemon, and the next tool call starts a fresh one that indexes from scratch.',
  input: { dryRun: flag('Default true: only list what would be removed. false removes it.') },
  result: loose({ dryRun: z.boolean(), store: z.string(), workspaces: z.array(z.string()), baselines: z.array(z.string()), daemon: z.string() }),
  readOnly: false,
  pages: false,
  run: async (context, args) => {
    const removed = await context.link.call<IndexRemoveRepoResult>('index.removeRepo', args.dryRun === undefined ? {} : { dryRun: args.dryRun }, { readOnly: false });
    const { meta, ...payload } = removed;
    const what = `the store ${removed.store} (${(removed.bytes / (1024 * 1024)).toFixed(1)} MiB): workspaces ${removed.workspaces.join(', ') || 'none'}, ` +
      `${removed.baselines.length} baseline${removed.baselines.length === 1 ? '' : 's'}, ${removed.reviews} review${removed.reviews === 1 ? '' : 's'}`;
    const inUse = removed.inUse.map((use) => `${use.workspace} (${use.clients} other client${use.clients === 1 ? '' : 's'})`).join(', ');
    const text = removed.dryRun
      ? `Dry run: would remove ${what}.${inUse ? ` In use by other clients, so a real removal is refused now: ${inUse}.` : ' Pass dryRun: false to remove it.'}`
      : `Removed ${what}. The daemon is stopping; the next tool call starts a fresh one, which indexes the repository again.`;
    return single(meta, text, payload);
  },
});

export const NAVIGATION_MORE_TOOLS: ToolSpec<any>[] = [typesHierarchy, graphPath, repoRemove];
