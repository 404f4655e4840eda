/**
 * Baselines: the immutable graph of one commit, built from git objects (`ls-tree`, one
 * `cat-file --batch` for blobs the fact cache lacks), so any commit is indexed without a
 * checkout and without touching the worktree. Owns commit validation for callers (a single
 * commit, never a range or an option) and the baseline build; publishing is one transaction,
 * which may wait while a review answers from the bound graph (baseline-publications.ts).
 */
import type { BuildReport, Diagnostic, FileFacts } from '@repograph/core';
import { RepographError } from '@repograph/core';
import { chargeMaterials, GraphSession, DEFAULT_MATERIAL_POLICY, isResolutionManifest, selectForPublication, type GraphOutput, type HashedGroup, type MaterialPolicy, type PolicySelection } from '@repograph/graph';
import { gitObjects, MAX_REVISION_LENGTH, readBlobs, resolveCommit, type FileEntry, type PublishInput, type RepoStore, type SnapshotReader } from '@repograph/store';
import { collectFacts, factsCacheKey, hasCachedFacts, type FactsRequest } from './facts-source.js';
import { flightOf } from './facts-flights.js';
import type { ExtractionPool } from './pool.js';
import { graphInputOf, readCommitManifests } from './graph-input.js';
import { buildFingerprint } from './build-fingerprint.js';
import { buildReport } from './report.js';
import { yieldTurn } from './yield-turn.js';
import { rebaseFacts } from './rebase.js';
import { deltaOver } from './baseline-delta.js';
import { diagnosticsKeyOf, keepNeighbour, takeNeighbour, type BoundCommit } from './baseline-neighbour.js';
import { offerBaseline, offeredPublication, offeredReader } from './baseline-publications.js';
import { loadCommitFiles, type TreeFile } from './tree-files.js';
import { seedLayerImports } from './layer-imports.js';

/**
 * The snapshot key of a commit's baseline: `baseline:<commit>+<build fingerprint>` (extractor,
 * graph rules and policy), so a baseline built by other rules or under another policy is never
 * read as this one's; older stores' `baseline:<commit>` keys are simply not found again.
 */
export function baselineKey(commit: string, policy: MaterialPolicy = DEFAULT_MATERIAL_POLICY): string {
  return `baseline:${commit}+${buildFingerprint(policy)}`;
}

/**
 * How the store holds the snapshot `key` (a baseline): complete, as a delta over another
 * baseline (baseline-delta.ts), or not at all. A workspace's overlay sits only on a complete one.
 */
export function storedBaselineForm(store: RepoStore, key: string): 'complete' | 'delta' | null {
  const reader = store.reader(key);
  if (!reader) return null;
  const form = reader.storage.baseSid === null ? 'complete' : 'delta';
  reader.close();
  return form;
}

/** The commit a baseline key names. */
export function commitOfBaselineKey(key: string): string {
  const commit = key.slice('baseline:'.length);
  const plus = commit.indexOf('+');
  return plus < 0 ? commit : commit.slice(0, plus);
}

/**
 * The full commit id `ref` names. A range (`A..B`), anything starting with `-` or holding
 * whitespace is refused (BaseNotACommit), as is a ref that names no commit.
 */
export async function resolveBaseCommit(root: string, ref: string): Promise<string> {
  assertSingleCommitRef(ref);
  const commit = await resolveCommit(root, ref);
  if (!commit) throw noSuchCommit(root, ref);
  return commit;
}

/** A ref that can name one commit: not over-long, not empty, no range, option or whitespace (BaseNotACommit, InvalidParams). */
export function assertSingleCommitRef(ref: string): void {
  if (ref.length > MAX_REVISION_LENGTH) {
    throw new RepographError('InvalidParams', `a commit-ish of ${ref.length} characters is not a commit id, branch or tag (at most ${MAX_REVISION_LENGTH}).`, { field: 'commit' });
  }
  if (ref === '' || ref.startsWith('-') || ref.includes('..') || /\s|\0/.test(ref)) {
    throw new RepographError('BaseNotACommit',
      `'${ref}' is not a single commit; give one commit id, branch or tag (not a range or an option).`, { commit: ref });
  }
}

/** BaseNotACommit for a ref that names no commit. */
export function noSuchCommit(root: string, ref: string): RepographError {
  return new RepographError('BaseNotACommit',
    `'${ref}' names no commit of the repository at ${root}; give a commit id, branch or tag that exists (git fetch it first).`,
    { commit: ref, root });
}

export interface BaselineBuild {
  store: RepoStore;
  root: string;
  commit: string;
  getPool: () => ExtractionPool;
  /** Admission policy (default: the built-in one). */
  policy?: MaterialPolicy;
  /**
   * Store the baseline complete, replacing a delta baseline of the commit (baseline-delta.ts):
   * a workspace is about to sit on it. Default: a delta over a nearby complete baseline when
   * the commit was bound from a neighbour that has one and little differs.
   */
  complete?: boolean;
  /**
   * Return once the baseline is readable: stored, or offered with its publication held by a
   * review (baseline-publications.ts; a publication not held is waited for). Only a caller that
   * reads the baseline through openBaseline sets it: a review holding publications must.
   */
  unpublished?: boolean;
  onProgress?: (progress: { phase: string; done: number; total: number }) => void;
}

export interface BaselineResult {
  commit: string;
  alreadyExisted: boolean;
  report: BuildReport | null;
}

/**
 * Builds and publishes the baseline of `commit` unless the store has it, or waits for its
 * publication when it is offered (with `unpublished`, returns at once when it is offered).
 */
export async function ensureBaseline(build: BaselineBuild): Promise<BaselineResult> {
  const policy = build.policy ?? DEFAULT_MATERIAL_POLICY;
  const key = baselineKey(build.commit, policy);
  const offered = offeredPublication(build.store, key);
  if (offered) {
    if (build.unpublished === true && offered.held) return { commit: build.commit, alreadyExisted: true, report: null };
    // Bound already: its publication is under way or waits on a review (a failure binds it again below).
    await offered.published.catch(() => undefined);
  }
  const existing = build.store.reader(key);
  if (existing) {
    const report = existing.info.report ?? null;
    const replace = build.complete === true && existing.storage.baseSid !== null;
    existing.close();
    if (!replace) return { commit: build.commit, alreadyExisted: true, report };
  }
  const timings: Record<string, number> = {};
  let last = performance.now();
  const lap = (stage: string): void => {
    const now = performance.now();
    timings[stage] = Math.round((now - last) * 10) / 10;
    last = now;
  };
  const commit = await loadCommitFiles(build.root, build.commit, policy);
  chargeMaterials(commit.files, policy.budgets);
  lap('scanMs');
  const bound = await bindCommit(build, commit.files, commit.diagnostics, lap);
  const selection = selectForPublication(bound.session.output, policy);
  lap('selectMs');
  const anchor = build.complete === true ? null : bound.anchor;
  // Kept for the next nearby build now (it may start before this one is stored); its anchor is
  // corrected to what the baseline was stored over once it is.
  const neighbour: BoundCommit = {
    commit: build.commit, fingerprint: buildFingerprint(policy), files: new Map(commit.files.map((file) => [file.path, file] as const)),
    session: bound.session, diagnosticsKey: diagnosticsKeyOf(commit.diagnostics), anchor: anchor ?? key,
  };
  const published = publishBaseline(build.store, build.root, build.commit, commit.files, bound.session.output, selection, {
    submitted: commit.files.length + Object.values(commit.excluded).reduce((a, b) => a + b, 0),
    excluded: commit.excluded,
    timings,
  }, { anchor, replace: existing !== undefined });
  keepNeighbour(build.store, neighbour);
  const stored = published.then((result) => {
    neighbour.anchor = result.anchor ?? key;
    return result;
  });
  if (build.unpublished === true && offeredPublication(build.store, key)?.held === true) {
    // Whoever needs it stored waits for it (offeredPublication); a failure is theirs to meet.
    stored.catch(() => undefined);
    return { commit: build.commit, alreadyExisted: false, report: null };
  }
  const report = await stored;
  lap('publishMs');
  return { commit: build.commit, alreadyExisted: false, report: { ...report.report, timings } };
}

/**
 * Facts (cache, else git objects through the pool) and the bound graph of a commit's files:
 * bound incrementally from a neighbour (the last commit bound, or the repository's nearby tree:
 * baseline-neighbour.ts) when that is near, else from scratch. Returns the session, to be kept as
 * the next build's neighbour, and the neighbour's anchor (a complete baseline near this tree).
 */
async function bindCommit(build: BaselineBuild, files: TreeFile[], diagnostics: Diagnostic[], lap: (stage: string) => void): Promise<{ session: GraphSession; anchor: string | null }> {
  const policy = build.policy ?? DEFAULT_MATERIAL_POLICY;
  const fingerprint = buildFingerprint(policy);
  const neighbour = await takeNeighbour(build.store, fingerprint, files, diagnostics);
  const factsOf = await commitFacts(build, neighbour ? neighbour.changed : files);
  lap('extractMs');
  let session: GraphSession;
  if (neighbour) {
    const manifestsChanged = [...neighbour.changed.map((file) => file.path), ...neighbour.removed].some(isResolutionManifest);
    session = neighbour.bound.session;
    await session.updatePausing({
      upserts: neighbour.changed.map((file) => graphInputOf(file, factsOf(file), [])),
      removed: neighbour.removed,
      ...(manifestsChanged ? { manifests: await readCommitManifests(build.root, files) } : {}),
      ...(neighbour.diagnosticsChanged ? { buildDiagnostics: diagnostics } : {}),
    }, yieldTurn);
  } else {
    session = await GraphSession.createPausing({
      files: files.map((file) => graphInputOf(file, factsOf(file), [])),
      manifests: await readCommitManifests(build.root, files),
      buildDiagnostics: diagnostics,
      budgets: policy.budgets,
    }, yieldTurn);
  }
  lap('bindMs');
  return { session, anchor: neighbour?.bound.anchor ?? null };
}

/** The facts of `files` that are parsed (cache, else their blobs through the pool), re-based onto each path. */
async function commitFacts(build: BaselineBuild, files: readonly TreeFile[]): Promise<(file: TreeFile) => FileFacts | null> {
  const wanted = new Set<string>();
  for (const file of files) {
    if (file.action !== 'parse' || flightOf(build.store, factsCacheKey(file.blobId!, file.language!))) continue;
    if (!hasCachedFacts(build.store, file.blobId!, file.language!)) wanted.add(file.blobId!);
  }
  const bytes = new Map<string, Uint8Array>();
  if (wanted.size > 0) await readBlobs(build.root, [...wanted].sort(), (blob) => { bytes.set(blob.blobId, blob.bytes); });
  const requests: FactsRequest[] = files.filter((f) => f.action === 'parse').map((file) => ({
    key: factsCacheKey(file.blobId!, file.language!), blobId: file.blobId!, language: file.language!, path: file.path,
    // (A blob skipped above as under way, whose extraction then failed, is read now.)
    load: async () => bytes.get(file.blobId!) ?? readOneBlob(build.root, file.blobId!),
  }));
  const facts = await collectFacts(requests, build.store, build.getPool,
    (done, total) => build.onProgress?.({ phase: 'extract', done, total }));
  bytes.clear();
  return (file) => {
    if (file.action !== 'parse') return null;
    const found = facts.facts.get(factsCacheKey(file.blobId!, file.language!));
    return found ? rebaseFacts(found, file.path) : null;
  };
}

/** One blob's bytes through the repository's long-lived object reader (null when git lacks it). */
async function readOneBlob(root: string, blobId: string): Promise<Uint8Array | null> {
  const object = await gitObjects(root).read(blobId);
  return object?.type === 'blob' ? object.bytes : null;
}

/** How publishBaseline stores the baseline. */
export interface BaselinePublishOptions {
  /** A complete baseline near this commit: the baseline is stored as a delta over it when little differs. */
  anchor?: string | null;
  /** Replace the stored baseline of the commit (a delta stored complete). */
  replace?: boolean;
  /** The bound tree, forked on demand, for a nearby build while this one waits to be stored. */
  neighbour?: () => BoundCommit | null;
}

/**
 * Offers a bound commit as its baseline (readable in memory from now on:
 * baseline-publications.ts), publishes it when no review it was offered under holds it, and
 * returns the report and the anchor it was stored over (null: stored complete): `graph` is the
 * bound graph, `selection` what the policy publishes of it (selectForPublication).
 */
export function publishBaseline(
  store: RepoStore, root: string, commit: string, files: TreeFile[], graph: GraphOutput, selection: PolicySelection,
  materials: { submitted: number; excluded: Record<string, number>; timings: Record<string, number> },
  options: BaselinePublishOptions = {},
): Promise<{ report: BuildReport; anchor: string | null }> {
  const report = buildReport({
    root, head: commit, files, graph, selection,
    materials: { submitted: materials.submitted, excluded: materials.excluded, cached: 0, extracted: 0, failed: 0 },
    timings: materials.timings,
  });
  const published = selection.output;
  const key = baselineKey(commit, selection.policy);
  const complete: PublishInput = {
    key, base: null, files: fileEntries(files, published),
    groups: published.groups.map((g) => ({ path: g.path, removed: false, symbols: g.symbols, relations: g.relations })),
    report, digest: published.digest, meta: { head: commit, commit, policy: buildFingerprint(selection.policy) },
    ...(options.replace === true ? { replace: true } : {}),
  };
  const anchor = options.anchor ?? null;
  return offerBaseline(store, complete, async () => {
    // The anchor is read when the publication runs: it may itself have been stored meanwhile.
    const delta = deltaOver(store, anchor, published.groups);
    const generation = await store.publishSnapshot(delta === null ? complete : {
      ...complete, base: delta.anchor,
      groups: [
        ...delta.groups.map((g) => ({ path: g.path, removed: false, symbols: g.symbols, relations: g.relations })),
        ...delta.removed.map((path) => ({ path, removed: true, symbols: [], relations: [] })),
      ],
    });
    if (delta === null) seedFromPublished(store, key, published.groups);
    return { report: { ...report, generation }, anchor: delta?.anchor ?? null };
  }, { complete: anchor === null, ...(options.neighbour ? { neighbour: options.neighbour } : {}) });
}

/**
 * A reader of the baseline `key`: the stored one, else the one offered and not yet stored
 * (in memory: baseline-publications.ts); undefined when neither. The caller closes it.
 */
export function openBaseline(store: RepoStore, key: string): SnapshotReader | undefined {
  return store.reader(key) ?? offeredReader(store, key) ?? undefined;
}

/** A whole baseline's import edges, kept for the reviews that walk them (layer-imports.ts). */
function seedFromPublished(store: RepoStore, key: string, groups: GraphOutput['groups']): void {
  const reader = store.reader(key);
  if (!reader) return;
  try {
    seedLayerImports(store.storeId, reader.storage.sid, groups);
  } finally {
    reader.close();
  }
}

/**
 * Each group's manifest entry with the tree file it was made from. Groups are immutable and a
 * tree file never changes once made, so a push's (or a refresh's) unchanged files, which keep
 * both objects, reuse their entries instead of making 3,500 new ones per build (core-js).
 */
const ENTRIES = new WeakMap<HashedGroup, { file: TreeFile; entry: FileEntry }>();

/** The manifest entries of a tree's files with their group hashes. */
export function fileEntries(files: Iterable<TreeFile>, graph: GraphOutput): FileEntry[] {
  const groupByPath = new Map(graph.groups.map((g) => [g.path, g] as const));
  const entries: FileEntry[] = [];
  for (const file of files) {
    const group = groupByPath.get(file.path);
    const kept = group ? ENTRIES.get(group) : undefined;
    if (kept?.file === file) {
      entries.push(kept.entry);
      continue;
    }
    const partial = group?.diagnostics.some((d) => d.code === 'parse_error') ?? false;
    const entry: FileEntry = {
      path: file.path, blobId: file.blobId, size: file.size, mtimeMs: file.mtimeMs, ino: file.ino,
      language: file.language, status: file.action === 'document' ? 'document' : partial ? 'partial' : 'parsed',
      generated: group?.symbols[0]?.generated ?? false, groupHash: group?.hash ?? '',
    };
    if (group) ENTRIES.set(group, { file, entry });
    entries.push(entry);
  }
  return entries;
}
