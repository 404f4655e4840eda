/**
 * The two sides of a review or an `index.diff`: a base commit's baseline and either a head
 * commit's baseline or a live workspace's publication, both built from git objects when the store
 * lacks them (no checkout), reused when present; two commits' baselines bound and not yet stored
 * are read in memory (baseline-publications.ts). Hands the caller, while both readers are open,
 * the delta input (the change between the two manifests, each side's records and facts), the
 * readers themselves, the files git says differ (with lines and blob ids) and a way to read a
 * changed file's text on either side. Owns that pairing; what is computed from it is the caller's.
 *
 * Costs: the change is one merge of the two manifests; the analysis reads only what changed and
 * what it reaches. The function index the duplicate rule needs is built once per base commit
 * (from the fact cache, kept for the next review on that base); the head's is the base's with the
 * changed files replaced.
 */
import type { FileFacts } from '@repograph/core';
import { EXTRACTOR_VERSION } from '@repograph/extract';
import { diffFiles, type DiffEntry, type FileEntry, type RepoStore, type SnapshotReader } from '@repograph/store';
import { commitBytes, textThrough, workspaceBytes, type ReadBytes } from './side-files.js';
import type { DeltaInput } from './delta-view.js';
import type { LiveWorkspace } from './live-workspace.js';
import { baselineKey, ensureBaseline, openBaseline, resolveBaseCommit } from './baseline.js';
import type { ExtractionPool } from './pool.js';
import type { MaterialPolicy } from '@repograph/graph';
import { FunctionIndex } from './function-index.js';
import { ReaderSide } from './reader-side.js';
import { rebaseFacts } from './rebase.js';
import { changeOverBase, treeChange } from './workspace-tree.js';
import { isFullObjectId } from '@repograph/store';

/** What a review computation gets while both sides are open. */
export interface ReviewSides {
  base: string;
  /** The head commit, or null for a live workspace. */
  head: string | null;
  /** The workspace whose tree is the head side (when `head` is null). */
  workspace: string | null;
  /** Files git says differ from base to head (tracked and, for a workspace, untracked). */
  files: DiffEntry[];
  delta: DeltaInput;
  baseReader: SnapshotReader;
  headReader: SnapshotReader;
  /** A file's facts on one side, from the fact cache (null: not parsed there, or not cached). */
  factsOf(side: 'base' | 'head', path: string): FileFacts | null;
  /** The text of a file on one side, changed or not (null: absent, binary or over `maxBytes`). */
  readText(side: 'base' | 'head', path: string, maxBytes: number): Promise<string | null>;
  /** The bytes of a file on one side, changed or not (null: absent or over `maxBytes`). */
  readBytes: ReadBytes;
}

/** The files that differ between two commits, by (root, base, head): commits never change, so neither does this. */
const COMMIT_DIFFS = new Map<string, DiffEntry[]>();
const COMMIT_DIFFS_KEPT = 8;

/** diffFiles of two commits, kept for the next review of the same two (another spelling, a reader's recompute). */
async function commitDiff(root: string, base: string, head: string): Promise<DiffEntry[]> {
  const key = `${root}\0${base}\0${head}`;
  let files = COMMIT_DIFFS.get(key);
  if (!files) {
    files = await diffFiles(root, base, head);
    if (COMMIT_DIFFS.size >= COMMIT_DIFFS_KEPT) COMMIT_DIFFS.delete(COMMIT_DIFFS.keys().next().value!);
    COMMIT_DIFFS.set(key, files);
  }
  // Each review gets entries of its own (callers may annotate them).
  return files.map((entry) => ({ ...entry, hunks: entry.hunks.map((hunk) => ({ ...hunk })) }));
}

/** Function indexes of head commits, most recent last. */
const FUNCTION_INDEXES = new Map<string, FunctionIndex>();
const FUNCTION_INDEXES_KEPT = 4;

/** Facts of a blob from the fact cache (for its language), re-based onto `path`; null when not cached. */
export function blobFactsOf(store: RepoStore): (blobId: string, language: string, path: string) => FileFacts | null {
  return (blobId, language, path) => {
    const facts = store.getFacts(blobId, EXTRACTOR_VERSION, language);
    return facts ? rebaseFacts(facts, path) : null;
  };
}

/** Facts of a manifest entry's blob (none for a document or an entry without a blob). */
export function cachedFactsOf(store: RepoStore): (entry: FileEntry | undefined, path: string) => FileFacts | null {
  const ofBlob = blobFactsOf(store);
  return (entry, path) => (entry?.blobId && entry.language && entry.status !== 'document' ? ofBlob(entry.blobId, entry.language, path) : null);
}

/** The function index of a baseline's files (from the fact cache), kept for the next call. */
export function baselineFunctions(store: RepoStore, key: string, reader: SnapshotReader): FunctionIndex {
  const known = FUNCTION_INDEXES.get(key);
  if (known) {
    FUNCTION_INDEXES.delete(key);
    FUNCTION_INDEXES.set(key, known);
    return known;
  }
  const factsOf = cachedFactsOf(store);
  const index = new FunctionIndex();
  for (const entry of reader.files()) index.set(entry.path, factsOf(entry, entry.path));
  FUNCTION_INDEXES.set(key, index);
  if (FUNCTION_INDEXES.size > FUNCTION_INDEXES_KEPT) FUNCTION_INDEXES.delete(FUNCTION_INDEXES.keys().next().value!);
  return index;
}

/** The two sides asked for: commit `base` against commit `head`, or against a workspace. */
export interface ReviewRequest {
  base: string;
  head?: string | null;
  /** The workspace whose tree is the head side when `head` is absent (default: the default workspace). */
  workspace?: string;
  /** True when `base` and `head` are full commit ids the caller has just resolved (not resolved again). */
  resolved?: boolean;
}

export interface ReviewHost {
  store: RepoStore;
  root: string;
  policy: MaterialPolicy;
  getPool: () => ExtractionPool;
  workspace: (id: string) => LiveWorkspace;
}

/**
 * Resolves both refs (each must name one commit: BaseNotACommit otherwise), builds the missing
 * baselines from git objects, and runs `compute` over the two sides.
 */
export async function runReviewSides<A>(host: ReviewHost, request: ReviewRequest, compute: (sides: ReviewSides) => Promise<A>): Promise<A> {
  const { store, root, policy } = host;
  const resolve = (ref: string): Promise<string> => (request.resolved === true && isFullObjectId(ref) ? Promise.resolve(ref) : resolveBaseCommit(root, ref));
  const base = await resolve(request.base);
  // Two commits are read stored or, bound and not yet stored, in memory (a review holding the
  // publications answers first); a workspace sits on its base stored.
  const commits = request.head !== undefined && request.head !== null;
  const build = (commit: string): Promise<unknown> => ensureBaseline({ store, root, commit, getPool: host.getPool, policy, unpublished: commits });
  await build(base);
  if (request.head !== undefined && request.head !== null) {
    const head = await resolve(request.head);
    // git diffs the two commits while the head's baseline is built.
    const files = commitDiff(root, base, head);
    files.catch(() => undefined);
    if (head !== base) await build(head);
    return withCommitSides({ store, root, base, head, baseKey: baselineKey(base, policy), headKey: baselineKey(head, policy), files }, compute);
  }
  const workspace = host.workspace(request.workspace ?? DEFAULT_WORKSPACE_ID);
  return withWorkspaceSides({ store, base, baseKey: baselineKey(base, policy), workspace }, compute);
}

/**
 * Runs `read` over the head side's snapshot alone: a commit's baseline (built when missing) or a
 * workspace's current publication. Closed when `read` settles.
 */
export async function withHeadReader<A>(host: ReviewHost, head: { commit: string } | { workspace: string }, read: (reader: SnapshotReader) => A | Promise<A>): Promise<A> {
  const { store, root, policy } = host;
  let key: string;
  if ('commit' in head) {
    await ensureBaseline({ store, root, commit: head.commit, getPool: host.getPool, policy });
    key = baselineKey(head.commit, policy);
  } else {
    const workspace = host.workspace(head.workspace);
    await workspace.whenIdle();
    key = workspace.key;
  }
  const reader = store.reader(key);
  if (!reader) throw new Error(`${key} is not in the store`);
  try {
    return await read(reader);
  } finally {
    reader.close();
  }
}

/** The default workspace's id (repository.ts DEFAULT_WORKSPACE). */
const DEFAULT_WORKSPACE_ID = 'default';

export interface CommitSidesInput {
  store: RepoStore;
  root: string;
  base: string;
  head: string;
  baseKey: string;
  headKey: string;
  /** The files that differ, when the caller has started reading them (else read here). */
  files?: Promise<DiffEntry[]>;
}

/**
 * Opens both baselines (the caller ensured them: stored, or offered and read in memory) and runs
 * `compute` while they are open.
 */
export async function withCommitSides<A>(input: CommitSidesInput, compute: (sides: ReviewSides) => Promise<A>): Promise<A> {
  const { store } = input;
  const files = await (input.files ?? commitDiff(input.root, input.base, input.head));
  const baseReader = openBaseline(store, input.baseKey);
  const headReader = openBaseline(store, input.headKey);
  try {
    if (!baseReader || !headReader) throw new Error(`the baselines of ${input.base} and ${input.head} are not both in the store or bound`);
    // A head stored as a delta over the base (baseline-delta.ts) says what changed by its own
    // manifest alone; else the two manifests are compared whole.
    const change = headReader.storage.baseSid === baseReader.storage.sid
      ? changeOverBase(baseReader, headReader)
      : treeChange(baseReader, new Map(Array.from(headReader.files(), (entry) => [entry.path, entry] as const)), 0, () => null);
    const factsOf = cachedFactsOf(store);
    const baseFacts = (path: string): FileFacts | null => factsOf(baseReader.file(path), path);
    const headFacts = (path: string): FileFacts | null => factsOf(headReader.file(path), path);
    // The head's function index is the base's with the files that differ replaced: an entry
    // depends only on its file's own facts, so this costs what changed (a push reads a few files).
    const beforeFunctions = baselineFunctions(store, input.baseKey, baseReader);
    const afterFunctions = beforeFunctions.overlay(new Map([...change.reparsed, ...change.removedFiles].map((path) => [path, headFacts(path)] as const)));
    const delta: DeltaInput = {
      workspace: `commit:${input.head}`,
      paths: change.paths, reparsed: change.reparsed, affected: change.affected, removedFiles: change.removedFiles,
      before: new ReaderSide(baseReader, baseFacts, beforeFunctions),
      after: new ReaderSide(headReader, headFacts, afterFunctions),
      reingestMs: 0,
    };
    const readBytes = commitBytes(input.root, input.base, input.head, files);
    return await compute({
      base: input.base, head: input.head, workspace: null, files, delta, baseReader, headReader,
      factsOf: (side, path) => (side === 'base' ? baseFacts : headFacts)(path),
      readBytes, readText: textThrough(readBytes),
    });
  } finally {
    baseReader?.close();
    headReader?.close();
  }
}

export interface WorkspaceSidesInput {
  store: RepoStore;
  base: string;
  baseKey: string;
  workspace: LiveWorkspace;
}

/**
 * Refreshes the workspace and runs `compute` over the baseline and the workspace's publication,
 * inside the workspace's queue (no refresh publishes meanwhile), while both readers are open.
 */
export async function withWorkspaceSides<A>(input: WorkspaceSidesInput, compute: (sides: ReviewSides) => Promise<A>): Promise<A> {
  const { store, workspace, base } = input;
  const factsOf = cachedFactsOf(store);
  const { analysis } = await workspace.deltaAgainst(input.baseKey, blobFactsOf(store), async (delta) => {
    const files = await diffFiles(workspace.spec.root, base, null);
    const baseReader = store.reader(input.baseKey)!;
    const headReader = store.reader(workspace.key)!;
    try {
      return await compute({
        base, head: null, workspace: workspace.spec.id, files, delta, baseReader, headReader,
        factsOf: (side, path) => factsOf((side === 'base' ? baseReader : headReader).file(path), path),
        readBytes: workspaceBytes(workspace.spec.root, base, files), readText: textThrough(workspaceBytes(workspace.spec.root, base, files)),
      });
    } finally {
      baseReader.close();
      headReader.close();
    }
  });
  return analysis;
}
