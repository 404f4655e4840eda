/**
 * Edit and check tools: edit_apply (edit.apply: writes all or nothing, or a dry run, and answers
 * the structural delta) and check (delta.since: the workspace's delta against a base commit, as
 * `repograph check` prints it). Owns the delta answer every delta-bearing tool shares (index_diff
 * and workspace_refresh too): the counts in the head, one record per finding or changed symbol,
 * so a budget cuts a big delta at a finding boundary. (A write's later pages come from the
 * bridge's kept answer, never from running the write again: bridge.ts.)
 */
import { z } from 'zod';
import type { DeltaSinceResult, EditApplyResult, Meta } from '@repograph/protocol';
import { deltaCountLines, deltaCounts, deltaRecordLine, deltaRecordPaths, deltaRecords, keptDelta, type AnyDelta, type DeltaRecord } from '../render.js';
import { defineTool, flag, loose, workspaceArg, type Answer, type ToolSpec } from '../tool-kit.js';

/** The commit-ish bound of the daemon (MAX_REVISION_PARAM). */
export const MAX_REVISION = 1024;
/** The daemon's bound on edits in one request (MAX_EDITS). */
const MAX_EDITS = 10_000;
/** The daemon's bound on a repository-relative path (MAX_PATH_LENGTH). */
export const MAX_PATH = 4096;

const listOf = z.array(z.unknown());

/** The result schema of a delta-bearing tool (loose: the delta's other fields pass). */
export const deltaResultShape = {
  counts: loose({ failing: z.number(), changedFiles: z.number(), danglingCallers: z.number().nullable(), arityFindings: z.number().nullable() })
    .describe('Counts of the whole delta (also when the records below were cut); null: not computed.'),
  symbols: loose({ added: z.array(z.string()), removed: z.array(z.string()), renamed: listOf, changed: z.array(z.string()) }),
  danglingCallers: listOf.optional(),
  arityFindings: listOf.optional(),
  newDuplicates: listOf.optional(),
  newImportCycles: z.array(z.array(z.string())).optional(),
  signatureChanges: listOf.optional(),
  testsReaching: listOf.optional(),
  reparsed: z.array(z.string()),
  affected: z.array(z.string()),
  removedFiles: z.array(z.string()),
};

/**
 * A delta as an Answer: `lead` lines, then the counts (as check prints them), then one record per
 * finding, changed file or changed symbol. `extra` joins the structured result (base, rebind...).
 */
export function deltaAnswer(meta: Meta, lead: string[], delta: AnyDelta, extra: Record<string, unknown>, showCounts = true): Answer<DeltaRecord> {
  const counts = deltaCounts(delta);
  const records = deltaRecords(delta);
  return {
    meta,
    head: [...lead, ...(showCounts ? deltaCountLines(counts) : [])].join('\n'),
    records,
    renderRecord: deltaRecordLine,
    build: (kept: DeltaRecord[]) => ({
      ...extra, counts, paths: delta.paths, reparsed: delta.reparsed, affected: delta.affected, removedFiles: delta.removedFiles,
      reingestMs: delta.reingestMs, deltaMs: delta.deltaMs, ...keptDelta(delta, kept),
    }),
    evidence: [],
    evidenceOf: deltaRecordPaths,
    noun: 'findings and changes',
  };
}

// ---- edit_apply ----

const fileEdit = z.object({
  path: z.string().min(1).max(MAX_PATH).describe('Repository-relative path of the file (a new file is created by `content`).'),
  content: z.string().optional().describe('The whole new text of the file.'),
  replace: z.object({
    old: z.string().min(1, '`replace.old` must not be empty').describe('Text that occurs exactly once in the file (else EditConflict, and nothing is written).'),
    new: z.string().describe('Its replacement.'),
  }).strict().optional().describe('Replace one exact occurrence instead of writing the whole file.'),
}).strict().superRefine((edit, issues) => {
  if ((edit.content === undefined) === (edit.replace === undefined)) {
    issues.addIssue({ code: z.ZodIssueCode.custom, message: 'give `content` (the whole file) or `replace: {old, new}`, exactly one of them.' });
  }
});

export const editApply = defineTool({
  name: 'edit_apply',
  title: 'Edit files and see what the edit breaks',
  description: 'Writes edits to files, all or nothing (whole contents, or replacements of text that occurs exactly once), re-indexes ' +
    'them at once and answers the structural delta: callers left dangling, calls whose argument count no longer fits (too_many/too_few), ' +
    'new duplicates, new import cycles, changed signatures and the tests reaching the change, each with its path:line. Use instead of ' +
    'writing files with an editor tool (no workspace_refresh needed after it). dryRun: true answers the same delta and writes nothing: ' +
    'use it before a risky change (a signature, a rename, a removal).',
  input: {
    edits: z.array(fileEdit).min(1).max(MAX_EDITS).describe('The edits, applied together: [{path, content}] or [{path, replace: {old, new}}].'),
    dryRun: flag('true: write nothing, publish nothing; answer the delta the edits would cause (default false: write them).'),
    renames: z.array(z.object({
      old: z.string().min(1).describe('The symbol id before the edit, e.g. `src/a.ts#parse`.'),
      new: z.string().min(1).describe('The symbol id after it, e.g. `src/a.ts#parseConfig`.'),
    }).strict()).optional().describe('Symbol renames the edits make on purpose: the delta reports them as renamed, and their callers as dangling with `renamedTo`.'),
    workspace: workspaceArg.describe('The workspace whose files are edited (default: the bridge\'s workspace). The files are written in that workspace\'s root on disk.'),
  },
  result: loose({
    dryRun: z.boolean(), written: z.array(z.string()), indexed: z.boolean(), noDelta: z.string().optional(),
    rebind: loose({ mode: z.string(), files: z.number() }).optional(), ...deltaResultShape,
  }),
  readOnly: false,
  pages: true,
  run: async (context, args) => {
    const workspace = args.workspace ?? context.workspace;
    const dryRun = args.dryRun === true;
    const params = { edits: args.edits, workspace, ...(args.dryRun !== undefined ? { dryRun: args.dryRun } : {}), ...(args.renames ? { renames: args.renames } : {}) };
    // A dry run writes nothing, so losing the daemon during one may be retried.
    const result = await context.link.call<EditApplyResult>('edit.apply', params, { readOnly: dryRun });
    const { meta, dryRun: wasDry, written, indexed, noDelta, rebind, ...delta } = result;
    const names = (paths: string[]) => `${paths.slice(0, 5).join(', ')}${paths.length > 5 ? ` +${paths.length - 5} more` : ''}`;
    const bound = rebind ? `; ${wasDry ? 'it would bind' : 'bound'} ${rebind.files} file${rebind.files === 1 ? '' : 's'}, ${rebind.mode}` : '';
    const lead = wasDry
      ? `Dry run (nothing written): what editing ${names([...new Set(args.edits.map((edit) => edit.path))])} would do at generation ${meta.generation}${bound}:`
      : `Wrote ${names(written)} (generation ${meta.generation}${bound}):`;
    const lines = indexed ? [lead] : [lead, `No structural delta: ${noDelta ?? 'the edited files are not indexed.'}`];
    return deltaAnswer(meta, lines, delta, { dryRun: wasDry, written, indexed, ...(noDelta ? { noDelta } : {}), ...(rebind ? { rebind } : {}) }, indexed);
  },
});

// ---- check ----

export const check = defineTool({
  name: 'check',
  title: 'Did I break anything? (the delta against a commit)',
  description: 'The structural delta of the workspace\'s whole tree (tracked and untracked files, unsaved buffers) against a base commit: ' +
    'callers left dangling, calls with too many or too few arguments, new duplicates, new import cycles, changed signatures, the tests ' +
    'reaching the change and the symbols added, removed, renamed or changed, each with its path:line. Replaces `repograph check --base` and ' +
    'a manual git diff review before committing. Nothing is checked out; the base\'s index is built from git when missing (the first call may take a while).',
  input: {
    base: z.string().min(1).max(MAX_REVISION).describe('The commit to compare with: a branch, tag, sha or `HEAD~1` (one commit, not a range), e.g. `main` or `HEAD`.'),
    workspace: workspaceArg,
  },
  result: loose({ base: z.string(), ...deltaResultShape }),
  readOnly: true,
  pages: true,
  run: async (context, args) => {
    const workspace = args.workspace ?? context.workspace;
    const result = await context.link.call<DeltaSinceResult>('delta.since', { base: args.base, workspace }, { readOnly: true });
    const { meta, base, ...delta } = result;
    return deltaAnswer(meta, [`check of workspace ${meta.workspace} against ${base.slice(0, 12)} (${args.base}):`], delta, { base });
  },
});

export const EDIT_TOOLS: ToolSpec<any>[] = [editApply, check];
