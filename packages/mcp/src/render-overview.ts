/**
 * Compact text for the architecture tools: endpoints, configuration keys and tables (one line
 * each, with their sites), trace nodes (one line per node, indented by depth, its facts after the
 * call sites) and the lines of a repository summary. Like render.ts: ids name files, so nothing is
 * said twice; sites are `path:line:column`, the path left out where it is the symbol's own file.
 */
import type {
  ConfigKey, DbTable, Endpoint, GraphTracePayload, RepoSummarizePayload, SurfaceSite, TraceNode,
} from '@repograph/protocol';

/** Sites shown per record before `+N`. */
const SITES_SHOWN = 4;

function site(at: SurfaceSite, ownPath?: string): string {
  return `${at.path === ownPath ? '' : `${at.path}:`}${at.line}:${at.column}`;
}

function more(count: number): string {
  return count > SITES_SHOWN ? ` +${count - SITES_SHOWN}` : '';
}

/** `GET /api/users/:id -> src/users.ts#getUser (express) @src/routes.ts:12:9, mounted /api@src/app.ts:4:1`. */
export function endpointLine(endpoint: Endpoint): string {
  const handler = endpoint.handler ?? `${endpoint.handlerName ?? '?'} (unbound)`;
  const flags = [endpoint.partial ? 'partial' : '', endpoint.unmounted ? 'unmounted' : ''].filter(Boolean).join(',');
  const mounts = endpoint.mounts.length > 0 ? `, mounted ${endpoint.mounts.map((mount) => `${mount.prefix}@${site(mount.site)}`).join(' > ')}` : '';
  const pattern = endpoint.pattern !== endpoint.path ? ` (registered ${endpoint.pattern})` : '';
  return `${endpoint.method} ${endpoint.path} -> ${handler} (${endpoint.framework})${flags ? ` [${flags}]` : ''} @${site(endpoint.site)}${pattern}${mounts}`;
}

/** `DATABASE_URL: 2 reads: process.env src/db.ts:3:21 in src/db.ts#connect default '...'; ...`. */
export function configKeyLine(entry: ConfigKey): string {
  const sites = entry.sites.slice(0, SITES_SHOWN).map((each) =>
    `${each.access} ${site(each.site)} in ${each.owner}${each.default !== undefined ? ` default ${each.default.slice(0, 60)}` : ''}`);
  return `${entry.key}${entry.partial ? ' [partial]' : ''}: ${entry.sites.length} read${entry.sites.length === 1 ? '' : 's'}: ${sites.join('; ')}${more(entry.sites.length)}`;
}

/** `users [model, read]: models src/models.py#User; 3 sites: model src/models.py:4:5 (sqlalchemy) in ...; ...`. */
export function tableLine(entry: DbTable): string {
  const models = entry.models.length > 0 ? ` models ${entry.models.join(', ')};` : '';
  const sites = entry.sites.slice(0, SITES_SHOWN).map((each) => `${each.access} ${site(each.site)} (${each.framework}) in ${each.owner}`);
  return `${entry.table}${entry.partial ? ' [partial]' : ''} [${entry.access.join(', ')}]:${models} ${entry.sites.length} site${entry.sites.length === 1 ? '' : 's'}: ${sites.join('; ')}${more(entry.sites.length)}`;
}

/** One node of a trace with its depth (0: a root), as pre-order records. */
export interface TraceRecord {
  depth: number;
  node: TraceNode;
}

/** The nodes of a trace in pre-order (what a budget cuts, node by node). */
export function traceRecords(trace: GraphTracePayload): TraceRecord[] {
  const out: TraceRecord[] = [];
  const visit = (node: TraceNode, depth: number): void => {
    out.push({ depth, node });
    for (const child of node.children) visit(child, depth + 1);
  };
  for (const root of trace.roots) visit(root, 0);
  return out;
}

/**
 * The trees of the kept records (a run of the pre-order), each node with only its kept children.
 * A later page starts inside a tree: a node whose parent is on an earlier page is a root of this
 * page's answer and carries its `depth` below the trace's root.
 */
export function traceTrees(kept: readonly TraceRecord[]): Array<TraceNode & { depth?: number }> {
  const roots: Array<TraceNode & { depth?: number }> = [];
  const stack: Array<TraceNode | undefined> = [];
  for (const { depth, node } of kept) {
    stack.length = depth;
    const parent = depth > 0 ? stack[depth - 1] : undefined;
    const copy: TraceNode & { depth?: number } = { ...node, children: [], ...(parent === undefined && depth > 0 ? { depth } : {}) };
    if (parent) parent.children.push(copy);
    else roots.push(copy);
    stack[depth] = copy;
  }
  return roots;
}

/**
 * `  method src/a.ts#Svc.create @12:5 [seen] · GET /orders · env ORDERS_URL:14 · table orders write:20`: the
 * node's kind and id, where its parent calls it, its marks, then its facts.
 */
export function traceLine({ depth, node }: TraceRecord): string {
  const own = node.symbol.path;
  const sites = node.sites.slice(0, SITES_SHOWN).map((each) => `${site(each, own)}${each.confidence === 'exact' ? '' : `(${each.confidence})`}`).join(', ');
  const marks = [node.cycle ? 'cycle' : '', node.seen ? 'seen' : '', node.generated ? 'generated' : ''].filter(Boolean).join(',');
  const facts = [
    ...node.endpoints.map((endpoint) => `${endpoint.method} ${endpoint.path}${endpoint.handler === node.symbol.id ? '' : ' (registers)'}`),
    ...node.configKeys.map((key) => `config ${key.key}${key.partial ? '*' : ''}:${site(key.site, own)}`),
    ...node.tables.map((table) => `table ${table.table} ${table.access}:${site(table.site, own)}`),
  ];
  return `${'  '.repeat(depth)}${node.symbol.kind} ${node.symbol.id}${sites ? ` @${sites}${more(node.sites.length)}` : ''}` +
    `${marks ? ` [${marks}]` : ''}${facts.length > 0 ? ` · ${facts.join(' · ')}` : ''}`;
}

/** The lines of a repository summary, section by section (what a budget cuts, line by line). */
export function summaryLines(summary: RepoSummarizePayload): string[] {
  const files = summary.files;
  const count = <T>(list: { total: number; items: T[] }) => (list.total > list.items.length ? `${list.items.length} of ${list.total}` : `${list.total}`);
  const lines = [
    `Files: ${files.indexed} indexed of ${files.total} (${files.partial} partial, ${files.failed} failed, ${files.documents} documents, ${files.excluded} excluded)` +
      `${summary.languages.length > 0 ? `; ${summary.languages.map((entry) => `${entry.language} ${entry.files}`).join(', ')}` : ''}`,
    `Packages (${count(summary.packages)}):`,
    ...summary.packages.items.map((entry) => {
      const points = entry.entryPoints.map((point) => `${point.kind}${point.name !== undefined && point.name !== '' ? ` ${point.name}` : ''} ${point.target}`);
      return `  ${entry.ecosystem} ${entry.name ?? '(no name)'} (${entry.manifest})${entry.problem ? ` [${entry.problem}]` : ''}` +
        `${points.length > 0 ? `: ${points.join(' · ')}${entry.entryPointsOmitted > 0 ? ` +${entry.entryPointsOmitted}` : ''}` : ''}`;
    }),
  ];
  if (!summary.factsAvailable) lines.push('Endpoints, config keys, tables: not indexed in this snapshot.');
  else {
    lines.push(`Endpoints (${count(summary.endpoints)}):`,
      ...summary.endpoints.items.map((entry) => `  ${entry.method} ${entry.path}${entry.partial ? ' [partial]' : ''} -> ${entry.handler ?? '(unbound)'} @${site(entry.site)}`));
    lines.push(`Config keys (${count(summary.configKeys)}):`,
      ...summary.configKeys.items.map((entry) => `  ${entry.key}${entry.partial ? ' [partial]' : ''}: ${entry.reads} read${entry.reads === 1 ? '' : 's'}, first @${site(entry.site)}`));
    lines.push(`Tables (${count(summary.tables)}):`,
      ...summary.tables.items.map((entry) => `  ${entry.table}${entry.partial ? ' [partial]' : ''}: ${entry.uses} use${entry.uses === 1 ? '' : 's'}` +
        `${entry.models.length > 0 ? `, models ${entry.models.join(', ')}` : ''}, first @${site(entry.site)}`));
  }
  lines.push(`Most imported (${count(summary.dependedOn)}): ${summary.dependedOn.items.map((entry) => `${entry.id} (${entry.importers} file${entry.importers === 1 ? '' : 's'})`).join(' · ') || 'none'}`);
  const folders = (list: RepoSummarizePayload['tests']['folders']) =>
    list.items.map((entry) => `${entry.folder === '' ? '.' : entry.folder} (${entry.files} of ${entry.of})`).join(' · ') + (list.total > list.items.length ? ` +${list.total - list.items.length} folders` : '');
  lines.push(`Tests: ${summary.tests.files} file${summary.tests.files === 1 ? '' : 's'}${summary.tests.files > 0 ? ` in ${folders(summary.tests.folders)}` : ''}`);
  lines.push(`Generated: ${summary.generated.files} file${summary.generated.files === 1 ? '' : 's'}${summary.generated.files > 0 ? ` in ${folders(summary.generated.folders)}` : ''}`);
  return lines;
}
