/**
 * Workspace and index tools: workspace_create, workspace_list, workspace_refresh, workspace_reset,
 * workspace_delete, index_ensure_baseline, index_list_baselines, index_cleanup, index_status and
 * index_diff. Thin views over workspace.* and index.*: which trees the daemon holds, how current
 * they are, the baselines they sit on, and the delta between two commits.
 */
import { z } from 'zod';
import type {
  BaselineInfo, IndexCleanupResult, IndexDiffResult, IndexEnsureBaselineResult, IndexListBaselinesResult, IndexStatusResult,
  WorkspaceCreateResult, WorkspaceDeleteResult, WorkspaceInfo, WorkspaceListResult, WorkspaceRefreshResult, WorkspaceResetResult,
} from '@repograph/protocol';
import { diagnosticLines, reportLine, shortReport } from '../render.js';
import { defineTool, flag, loose, single, workspaceArg, type ToolSpec } from '../tool-kit.js';
import { deltaAnswer, deltaResultShape, MAX_PATH, MAX_REVISION } from './edits.js';

const read = { readOnly: true } as const;
const write = { readOnly: false } as const;

/** What the engine accepts as a new workspace's id. */
const WORKSPACE_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/** An existing workspace's id, named explicitly (no default: these tools change or remove it). */
const workspaceIdArg = z.string().min(1).max(200);

const commit = (text: string | null) => (text === null ? 'no commit (not a git tree)' : text.slice(0, 12));

const workspaceShape = loose({
  id: z.string(), root: z.string(), baseCommit: z.string().nullable(), stale: z.boolean(), overlayFiles: z.number(), generation: z.number(),
  clients: z.number(), lastRefreshMs: z.number().nullable(),
});
const baselineShape = loose({ commit: z.string(), generation: z.number(), createdAt: z.string(), bytes: z.number(), fileCount: z.number(), symbolCount: z.number(), usedBy: z.array(z.string()) });

export const workspaceCreate = defineTool({
  name: 'workspace_create',
  title: 'Create a workspace of your own',
  description: 'Creates a workspace: an index of its own over a baseline commit, so your unsaved buffers (workspace_refresh contents) ' +
    'do not mix with other agents\'. Pass its id as `workspace` to the other tools. It reads the daemon\'s worktree unless `root` names ' +
    'another git worktree of this repository; edit_apply writes the files of the workspace\'s root, so for edits of your own give it a ' +
    'worktree of your own. Builds it before answering; workspace_delete it when done.',
  input: {
    id: z.string().regex(WORKSPACE_ID, 'use 1-64 letters, digits, \'.\', \'_\' or \'-\', starting with a letter or digit').optional()
      .describe('The new workspace\'s id, e.g. `agent-7` (default: the daemon picks one and answers it).'),
    root: z.string().min(1).max(64 * 1024).optional()
      .describe('Absolute path of another git worktree of this repository (`git worktree add`) to read; default the daemon\'s worktree.'),
    baseCommit: z.string().min(1).max(MAX_REVISION).optional()
      .describe('Pin the baseline to this commit-ish (`main`, a sha); default the root\'s HEAD, followed as it moves.'),
  },
  result: loose({ id: z.string(), root: z.string(), baseCommit: z.string().nullable() }),
  readOnly: false,
  pages: false,
  run: async (context, args) => {
    const created = await context.link.call<WorkspaceCreateResult>('workspace.create', args, write);
    const { meta, ...payload } = created;
    const text = `Created workspace ${created.id} (generation ${meta.generation}): root ${created.root}, baseline ${commit(created.baseCommit)}` +
      `${created.baseCommit === null ? '' : args.baseCommit ? ` (pinned to ${args.baseCommit})` : ' (follows the root\'s HEAD)'}. Pass workspace: ${JSON.stringify(created.id)} to read or edit it.`;
    return single(meta, text, payload);
  },
});

function workspaceLine(info: WorkspaceInfo): string {
  const parts = [
    `${info.id} — ${info.root} @ ${commit(info.baseCommit)}`, `generation ${info.generation}`, `${info.overlayFiles} overlay files`,
    `${info.clients} client${info.clients === 1 ? '' : 's'}`,
    info.lastRefreshMs === null ? 'never refreshed' : `last refresh ${Math.round(info.lastRefreshMs)} ms`,
    info.warm === undefined ? '' : info.warm ? 'warm' : 'cold',
    info.stale ? 'STALE (its root\'s HEAD moved, or its last refresh failed: workspace_refresh or workspace_reset)' : '',
    info.unsavedFiles?.length ? `unsaved: ${info.unsavedFiles.slice(0, 5).join(', ')}${info.unsavedFiles.length > 5 ? ` +${info.unsavedFiles.length - 5}` : ''}` : '',
  ];
  return parts.filter(Boolean).join(' · ');
}

export const workspaceList = defineTool({
  name: 'workspace_list',
  title: 'The daemon\'s workspaces',
  description: 'Every workspace the daemon holds (`default` is the worktree itself): its root, baseline commit, generation, overlay and ' +
    'unsaved files, connected clients, and whether it is stale. Use to find your workspace again or to see who else is indexing.',
  input: {},
  result: loose({ workspaces: z.array(workspaceShape) }),
  readOnly: true,
  pages: true,
  run: async (context) => {
    const found = await context.link.call<WorkspaceListResult>('workspace.list', {}, read);
    return {
      meta: found.meta,
      head: `${found.workspaces.length} workspace${found.workspaces.length === 1 ? '' : 's'}:`,
      records: found.workspaces,
      renderRecord: workspaceLine,
      build: (kept: WorkspaceInfo[]) => ({ workspaces: kept }),
      evidence: [],
      noun: 'workspaces',
    };
  },
});

export const workspaceRefresh = defineTool({
  name: 'workspace_refresh',
  title: 'Re-read changed files (or index unsaved buffers)',
  description: 'Re-indexes a workspace after files changed outside edit_apply (your editor tool, git checkout, a generator), so the ' +
    'answers after it are current; or indexes unsaved buffers (`contents`) without writing them to disk. Answers the structural delta ' +
    'of the change (dangling callers, arity, duplicates, cycles, tests reaching). Not needed after edit_apply.',
  input: {
    paths: z.array(z.string().min(1).max(MAX_PATH)).optional()
      .describe('Only re-read these repository-relative paths (default: every path the watcher or a scan finds changed).'),
    contents: z.record(z.string().min(1).max(MAX_PATH), z.string().nullable()).optional()
      .describe('Unsaved buffers, {"src/a.ts": "<whole text>"}, indexed without touching disk; null for a path drops its buffer (disk again).'),
    workspace: workspaceArg.describe('The workspace to refresh (default: the bridge\'s workspace).'),
  },
  result: loose({ rebind: loose({ mode: z.string(), files: z.number() }), ...deltaResultShape }),
  readOnly: false,
  pages: true,
  run: async (context, args) => {
    const workspace = args.workspace ?? context.workspace;
    const params = { id: workspace, ...(args.paths ? { paths: args.paths } : {}), ...(args.contents ? { contents: args.contents } : {}) };
    const result = await context.link.call<WorkspaceRefreshResult>('workspace.refresh', params, write);
    const { meta, rebind, ...delta } = result;
    const lead = `Refreshed workspace ${workspace} at generation ${meta.generation} (${rebind.files} file${rebind.files === 1 ? '' : 's'} bound, ${rebind.mode}):`;
    return deltaAnswer(meta, [lead], delta, { rebind });
  },
});

export const workspaceReset = defineTool({
  name: 'workspace_reset',
  title: 'Reset a workspace',
  description: 'Drops a workspace\'s unsaved buffers and rebuilds it from its root\'s files from scratch (a pinned one then counts as caught up ' +
    'with its root). Use when a workspace is stale or its answers look wrong; `default` can be reset too.',
  input: { id: workspaceIdArg.describe('The workspace to reset, e.g. `default` or the id workspace_create answered.') },
  result: loose({ id: z.string(), baseCommit: z.string().nullable() }),
  readOnly: false,
  pages: false,
  run: async (context, args) => {
    const reset = await context.link.call<WorkspaceResetResult>('workspace.reset', { id: args.id }, write);
    const { meta, ...payload } = reset;
    return single(meta, `Reset workspace ${reset.id}: unsaved buffers dropped, rebuilt from its root on ${commit(reset.baseCommit)} (generation ${meta.generation}).`, payload);
  },
});

export const workspaceDelete = defineTool({
  name: 'workspace_delete',
  title: 'Delete a workspace',
  description: 'Deletes a workspace and its index (never `default`; never the files of its root). Refused with WorkspaceInUse while another ' +
    'connection uses it. Delete the workspaces you created when you are done: the daemon holds a bounded number.',
  input: { id: workspaceIdArg.describe('The workspace to delete (as workspace_create answered it).') },
  result: loose({ id: z.string(), deleted: z.literal(true) }),
  readOnly: false,
  pages: false,
  run: async (context, args) => {
    const deleted = await context.link.call<WorkspaceDeleteResult>('workspace.delete', { id: args.id }, write);
    const { meta, ...payload } = deleted;
    return single(meta, `Deleted workspace ${deleted.id}.`, payload);
  },
});

export const indexEnsureBaseline = defineTool({
  name: 'index_ensure_baseline',
  title: 'Index a commit',
  description: 'Makes sure the index of a commit (a baseline) exists, building it from git objects when missing (nothing is checked out). ' +
    'Use ahead of check, index_diff or workspace_create {baseCommit} on a commit not indexed yet, so they answer at once.',
  input: {
    commit: z.string().min(1).max(MAX_REVISION).optional().describe('Any commit-ish: `HEAD~3`, a tag, a branch, a sha (default HEAD).'),
  },
  result: loose({ commit: z.string(), alreadyExisted: z.boolean(), report: loose({}).nullable() }),
  readOnly: false,
  pages: false,
  run: async (context, args) => {
    const found = await context.link.call<IndexEnsureBaselineResult>('index.ensureBaseline', args.commit ? { commit: args.commit } : {}, write);
    const { meta, report, ...payload } = found;
    const text = found.alreadyExisted || report === null
      ? `The baseline of ${found.commit} already existed; nothing was built.`
      : [`Built the baseline of ${found.commit} (generation ${report.generation}): ${reportLine(report)}`, ...diagnosticLines(report, 5)].join('\n');
    return single(meta, text, { ...payload, report: report === null ? null : shortReport(report) });
  },
});

function baselineLine(baseline: BaselineInfo): string {
  const size = baseline.bytes >= 1024 * 1024 ? `${(baseline.bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.ceil(baseline.bytes / 1024)} KB`;
  return `${baseline.commit} · generation ${baseline.generation} · ${baseline.fileCount} files, ${baseline.symbolCount} symbols · ${size} · ` +
    `created ${baseline.createdAt} · ${baseline.usedBy.length > 0 ? `used by ${baseline.usedBy.join(', ')}` : 'unused'}`;
}

export const indexListBaselines = defineTool({
  name: 'index_list_baselines',
  title: 'The indexed commits',
  description: 'Every baseline (the index of one commit) in the store: its commit, size, files and symbols, and the workspaces built on it. ' +
    'Unused ones are what index_cleanup removes.',
  input: {},
  result: loose({ baselines: z.array(baselineShape) }),
  readOnly: true,
  pages: true,
  run: async (context) => {
    const found = await context.link.call<IndexListBaselinesResult>('index.listBaselines', {}, read);
    return {
      meta: found.meta,
      head: found.baselines.length === 0 ? 'No baselines (no commit is indexed yet).' : `${found.baselines.length} baseline${found.baselines.length === 1 ? '' : 's'}:`,
      records: found.baselines,
      renderRecord: baselineLine,
      build: (kept: BaselineInfo[]) => ({ baselines: kept }),
      evidence: [],
      noun: 'baselines',
    };
  },
});

export const indexCleanup = defineTool({
  name: 'index_cleanup',
  title: 'Remove unused baselines',
  description: 'Removes the baselines no workspace uses, to free store space. By default a dry run that only says what would go; pass ' +
    'dryRun: false to remove them. Baselines in use are always kept.',
  input: { dryRun: flag('Default true: report what would be removed and remove nothing. false: remove them.') },
  result: loose({ dryRun: z.boolean(), removed: z.array(z.string()), skippedInUse: z.array(z.string()) }),
  readOnly: false,
  pages: false,
  run: async (context, args) => {
    const dryRun = args.dryRun ?? true;
    const found = await context.link.call<IndexCleanupResult>('index.cleanup', { dryRun }, dryRun ? read : write);
    const { meta, ...payload } = found;
    const list = (commits: string[]) => commits.map((c) => c.slice(0, 12)).join(', ');
    const lines = [
      found.removed.length === 0 ? `No unused baseline${found.dryRun ? ' to remove' : ' was removed'}.`
        : `${found.dryRun ? 'Would remove' : 'Removed'} ${found.removed.length} unused baseline(s): ${list(found.removed)}.`,
      found.skippedInUse.length > 0 ? `Kept ${found.skippedInUse.length} in use: ${list(found.skippedInUse)}.` : '',
      found.dryRun && found.removed.length > 0 ? 'Dry run: nothing was removed; call again with dryRun: false to remove them.' : '',
    ];
    return single(meta, lines.filter(Boolean).join('\n'), payload);
  },
});

export const indexStatus = defineTool({
  name: 'index_status',
  title: 'Is the index current?',
  description: 'The state of a workspace\'s index: idle, indexing (with progress) or error (what failed and what to do); the HEAD and ' +
    'baseline commits; files, symbols and relations; and the last build. Call at the start of a session, and when answers look stale.',
  input: {
    sync: flag('true: first wait until every change made on disk before this call is indexed.'),
    workspace: workspaceArg,
  },
  result: loose({
    state: z.string().describe('idle, indexing or error'), head: z.string().nullable(), baseline: z.string().nullable(), stale: z.boolean().optional(), files: z.number(), symbols: z.number(),
    relations: z.number(), unresolved: z.number(), progress: loose({ done: z.number(), total: z.number() }), lastReport: loose({}).nullable(), error: z.string().optional(),
  }),
  readOnly: true,
  pages: false,
  run: async (context, args) => {
    const workspace = args.workspace ?? context.workspace;
    const status = await context.link.call<IndexStatusResult>('index.status', { workspace, ...(args.sync !== undefined ? { sync: args.sync } : {}) }, read);
    const { meta, lastReport, ...payload } = status;
    const lines = [
      `workspace ${meta.workspace}: ${status.state}${status.state === 'indexing' && status.progress.total > 0 ? ` (${status.progress.done}/${status.progress.total})` : ''}` +
        ` · HEAD ${status.head?.slice(0, 12) ?? 'none'} · baseline ${status.baseline?.slice(0, 12) ?? 'none'} · ${status.files} file${status.files === 1 ? '' : 's'} · ${status.symbols} symbols · ` +
        `${status.relations} relations (${status.unresolved} unresolved)${status.warm === undefined ? '' : status.warm ? ' · warm' : ' · cold'}`,
      status.error ? `error${status.errorCode ? ` ${status.errorCode}` : ''}: ${status.error}` : '',
      status.stale
        ? 'STALE: the root\'s HEAD moved off what this workspace answers from; workspace_refresh (or workspace_reset for a pinned one) before trusting answers.'
        : status.head !== null && status.baseline !== null && status.head !== status.baseline ? 'HEAD differs from the baseline commit: the overlay holds the difference.' : '',
      lastReport ? `last build (generation ${lastReport.generation}): ${reportLine(lastReport)}` : 'no build yet',
      ...(lastReport && status.state === 'error' ? diagnosticLines(lastReport, 5) : []),
    ];
    return single(meta, lines.filter(Boolean).join('\n'), { ...payload, lastReport: lastReport ? shortReport(lastReport) : null });
  },
});

export const indexDiff = defineTool({
  name: 'index_diff',
  title: 'The structural delta between two commits',
  description: 'The structural delta from a base commit to a head commit (or, without head, to a workspace\'s live tree), with every changed ' +
    'file (status, lines added and removed): dangling callers, arity findings, new duplicates, new import cycles, changed signatures, ' +
    'tests reaching, symbols added/removed/renamed/changed. Use to review a branch or a commit range without checking anything out; ' +
    'for "did my uncommitted work break anything?" use check.',
  input: {
    base: z.string().min(1).max(MAX_REVISION).describe('The before side: one commit (`main`, `HEAD~5`, a sha), not a range.'),
    head: z.string().min(1).max(MAX_REVISION).optional().describe('The after side: one commit (default: the workspace\'s live tree). Give head or workspace, not both.'),
    workspace: z.string().min(1).max(64).optional()
      .describe('Without head: the workspace whose live tree is the after side (default: the bridge\'s workspace). Give head or workspace, not both.'),
  },
  result: loose({ base: z.string(), head: z.string().nullable(), files: z.array(loose({ path: z.string(), status: z.string() })), ...deltaResultShape }),
  readOnly: true,
  pages: true,
  run: async (context, args) => {
    const workspace = args.head === undefined ? args.workspace ?? context.workspace : args.workspace;
    const params = { base: args.base, ...(args.head !== undefined ? { head: args.head } : {}), ...(workspace !== undefined ? { workspace } : {}) };
    const result = await context.link.call<IndexDiffResult>('index.diff', params, read);
    const { meta, base, head, ...delta } = result;
    const lead = `index diff ${base.slice(0, 12)} (${args.base}) -> ${head === null ? `workspace ${workspace ?? meta.workspace}` : `${head.slice(0, 12)} (${args.head})`}: ` +
      `${delta.files.length} file${delta.files.length === 1 ? '' : 's'} in the diff`;
    return deltaAnswer(meta, [lead], delta, { base, head });
  },
});

export const WORKSPACE_TOOLS: ToolSpec<any>[] = [
  workspaceCreate, workspaceList, workspaceRefresh, workspaceReset, workspaceDelete,
  indexEnsureBaseline, indexListBaselines, indexCleanup, indexStatus, indexDiff,
];
