/**
 * LiveWorkspace: one workspace's tree kept bound in memory (files, facts, a GraphSession) so a
 * refresh re-reads only what changed, extracts only new blobs and re-binds only the files a
 * change can affect, then publishes the whole tree as an overlay over its commit's baseline in
 * one transaction. The tree is the files of a worktree on disk plus unsaved buffers
 * (`contents`) that replace or add files without touching disk. Refreshes of one workspace run
 * one at a time; readers keep reading the previous generation until the new one is published,
 * and a failed refresh publishes nothing (the next one starts from scratch). Owns that cycle.
 */
import { join } from 'node:path';
import type { BuildReport, Diagnostic, FileFacts } from '@repograph/core';
import { canonicalJson, chargeMaterials, GraphSession, isResolutionManifest, selectForPublication, type GraphFileInput, type GraphOutput, type HashedGroup, type ManifestText, type PolicySelection } from '@repograph/graph';
import type { MaterialPolicy } from '@repograph/graph';
import type { FileEntry, RepoStore, SnapshotReader } from '@repograph/store';
import type { DeltaInput } from './delta-view.js';
import type { FunctionIndex } from './function-index.js';
import { PathGuard } from './path-guard.js';
import { readRegularFileSync } from './regular-file.js';
import { ReaderSide } from './reader-side.js';
import { baselineKey, ensureBaseline, publishBaseline } from './baseline.js';
import { buildFingerprint } from './build-fingerprint.js';
import { collectFacts, factsCacheKey, type FactsRequest } from './facts-source.js';
import { graphInputOf, readWorktreeManifest } from './graph-input.js';
import { findGroup, graphChangeOf, type GraphChangeSummary } from './graph-change.js';
import type { ExtractionPool } from './pool.js';
import { rebaseFacts } from './rebase.js';
import { buildReport } from './report.js';
import { bufferFile, byPath, loadCommitFiles, loadWorktreeFiles, MAX_INDEXED_BYTES, type TreeFile } from './tree-files.js';
import { entriesAfter, entryOf, functionsAfter, overlayAfter, sameContents, scanStateAfter, treeChange, withReselected, type Overlay } from './workspace-tree.js';
import { storedPublication, storedShortcut, type Publication } from './workspace-stored.js';
import { changeFromStored } from './stored-side.js';
import { isTouched, scanWorkspace } from './workspace-scan.js';
import { yieldTurn } from './yield-turn.js';
import { excludedCounts, type ExcludedEntry } from './worktree-scan.js';

/** Where a workspace's tree comes from. */
export interface WorkspaceSpec {
  id: string;
  /** Absolute real path of the worktree the workspace reads. */
  root: string;
  isGit: boolean;
  /** A pinned base commit; null follows the root's HEAD. */
  pinnedBase: string | null;
}

export interface WorkspaceHost {
  store: RepoStore;
  getPool: () => ExtractionPool;
  /** The commit HEAD of `root` names now (null outside git or before the first commit). */
  readHead: (root: string) => Promise<string | null>;
  /** Which material is parsed, kept as Documents or excluded (.repograph.json). */
  policy: MaterialPolicy;
  /** Folders no client path may enter besides each root's own git dir (the common git dir, the data root). */
  offLimits: readonly string[];
}

export interface RefreshOptions {
  /** Root-relative paths that changed (files or folders); omitted: the whole tree is scanned. */
  paths?: string[];
  /** Unsaved buffers to set (text) or drop (null), by root-relative path. */
  contents?: Record<string, string | null>;
  /** Drop every unsaved buffer first. */
  clearContents?: boolean;
  /** Skip all work when the stored snapshot's stats still match the tree (one-shot CLI builds). */
  allowStoredShortcut?: boolean;
  onProgress?: (progress: { phase: string; done: number; total: number }) => void;
  /**
   * Runs on the two sides of a published change (the previous generation and the new one),
   * inside the refresh, before the next one can start; its answer is the result's `analysis`.
   * Not called when nothing was published, nor on a cold start unless the store holds an earlier
   * generation of the workspace (after a restart): that generation is then the before side. A promise is awaited (the
   * readers of both sides stay open until it settles).
   */
  analyze?: (input: DeltaInput) => unknown;
  /** Renames the caller declared, passed on to `analyze`. */
  declaredRenames?: Array<{ old: string; new: string }>;
}

export interface WorkspaceRefresh {
  generation: number;
  /** False when nothing changed (no new generation). */
  published: boolean;
  report: BuildReport;
  change: GraphChangeSummary;
  digest: string;
  /** How the graph was bound: only the changed files and their dependents, or all of it. */
  bind: { mode: 'incremental' | 'full'; files: number };
  /** What `analyze` answered, when it ran. */
  analysis?: unknown;
  /**
   * True when the tree was bound from scratch (after a start): `change` lists nothing then, and
   * `analysis` (when asked for and the store held an earlier generation) is the change against it.
   */
  coldStart: boolean;
}

interface LiveState {
  head: string | null;
  files: Map<string, TreeFile>;
  facts: Map<string, FileFacts>;
  /** The engine's own diagnostics per file (unreadable, extraction failed). */
  fileDiagnostics: Map<string, Diagnostic[]>;
  /** Scan diagnostics by the path they name (folders, links, unreadable entries). */
  scanDiagnostics: Map<string, Diagnostic[]>;
  /** Every exclusion (file, folder, link, nested repository) by the path it names. */
  excluded: Map<string, ExcludedEntry>;
  manifests: Map<string, string>;
  session: GraphSession;
  /** What the policy publishes of the session's output (the output itself in full mode). */
  selection: PolicySelection;
  buildDiagnosticsKey: string;
  baselineHashes: Map<string, string> | null;
  /** What the store holds for this workspace now. */
  published: Publication | null;
  /** Manifest entries by path (recomputed for changed and re-bound paths only). */
  entries: Map<string, FileEntry>;
  /** Functions by fingerprint and branch, for duplicate findings. */
  functions: FunctionIndex;
  /** Paths whose group differs from the baseline's, and baseline paths gone from the tree. */
  overlay?: Overlay;
}


/** The snapshot key of a workspace. */
export function workspaceKey(id: string): string {
  return `workspace:${id}`;
}

export class LiveWorkspace {
  readonly spec: WorkspaceSpec;
  readonly key: string;
  private readonly host: WorkspaceHost;
  private state: LiveState | null = null;
  private readonly overrides = new Map<string, Uint8Array>();
  private queue: Promise<unknown> = Promise.resolve();
  private pathGuard: PathGuard | null = null;
  lastRefreshMs = 0;

  constructor(host: WorkspaceHost, spec: WorkspaceSpec, contents?: Record<string, string>) {
    this.host = host;
    this.spec = spec;
    this.key = workspaceKey(spec.id);
    for (const [path, text] of Object.entries(contents ?? {})) this.overrides.set(path, Buffer.from(text, 'utf8'));
  }

  /** The check every client path of this workspace goes through (its root, minus .git and the data root). */
  get guard(): PathGuard {
    return (this.pathGuard ??= PathGuard.forWorktree(this.spec.root, this.host.offLimits));
  }

  /** The unsaved buffers as of now (a copy: later edits do not change it). */
  buffers(): ReadonlyMap<string, Uint8Array> {
    return new Map(this.overrides);
  }

  /** Paths held as unsaved buffers. */
  get overridePaths(): string[] {
    return [...this.overrides.keys()].sort();
  }

  /** True once the tree is bound in memory (the next change is incremental). */
  get warm(): boolean {
    return this.state !== null;
  }

  /** Runs refreshes one at a time, in call order. */
  refresh(options: RefreshOptions = {}): Promise<WorkspaceRefresh> {
    const run = this.queue.then(() => this.refreshNow(options));
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Resolves once every refresh asked so far has finished. */
  whenIdle(): Promise<void> {
    return this.queue.then(() => undefined);
  }

  /** Drops the in-memory tree; the next refresh binds from scratch. */
  forget(): void {
    this.state = null;
  }

  /** Drops the in-memory tree once the refreshes queued so far have finished (a policy change). */
  forgetWhenIdle(): Promise<void> {
    const run = this.queue.then(() => { this.state = null; });
    this.queue = run;
    return run;
  }

  private async refreshNow(options: RefreshOptions): Promise<WorkspaceRefresh> {
    const started = performance.now();
    const timings: Record<string, number> = {};
    let last = started;
    const lap = (stage: string): void => {
      const now = performance.now();
      timings[stage] = Math.round((now - last) * 10) / 10;
      last = now;
    };
    const touchedOverrides = this.applyContents(options);
    const { store } = this.host;
    const head = this.spec.pinnedBase ?? (this.spec.isGit ? await this.host.readHead(this.spec.root) : null);
    const state = this.state;
    // Unsaved buffers alone re-read only their own paths; given paths add them to the scan.
    const paths = options.paths !== undefined ? [...options.paths, ...touchedOverrides]
      : touchedOverrides.length > 0 && !options.clearContents ? touchedOverrides : undefined;
    const scanned = await scanWorkspace(this.spec.root, this.spec.isGit, state ? paths : undefined, (p) => state?.files.has(p) ?? false, this.host.policy);
    lap('scanMs');

    // A one-shot build whose stored snapshot still matches the tree does nothing.
    if (!state && options.allowStoredShortcut && this.overrides.size === 0) {
      const stored = storedShortcut(this.host.store, this.key, scanned.scan, head, buildFingerprint(this.host.policy));
      if (stored) {
        lap('checkMs');
        return stored(timings);
      }
    }

    try {
      return await this.rebuild(state, scanned, head, options, timings, lap, started);
    } catch (error) {
      this.state = null;
      throw error;
    }
  }

  private async rebuild(
    state: LiveState | null, scanned: Awaited<ReturnType<typeof scanWorkspace>>, head: string | null,
    options: RefreshOptions, timings: Record<string, number>, lap: (stage: string) => void, started: number,
  ): Promise<WorkspaceRefresh> {
    const { store } = this.host;
    const root = this.spec.root;
    const scan = scanned.scan;

    // The tree after this refresh: untouched files stay, touched ones come from the scan.
    const previousEntries = new Map<string, FileEntry>();
    if (state) {
      for (const scannedFile of scan.files) {
        const file = state.files.get(scannedFile.path);
        if (file) previousEntries.set(file.path, entryOf(file));
      }
    } else {
      const reader = store.reader(this.key);
      if (reader) {
        for (const entry of reader.files()) previousEntries.set(entry.path, entry);
        reader.close();
      }
    }
    const overridden = new Set(this.overrides.keys());
    const loaded = await loadWorktreeFiles(root, scan.files.filter((f) => !overridden.has(f.path)), previousEntries);
    const touched = scanned.kind === 'partial' ? scanned.touched : null;
    const incoming = new Map<string, TreeFile>();
    for (const file of loaded.files) incoming.set(file.path, file);
    const overrideBytes = new Map<string, Uint8Array>();
    for (const [path, bytes] of this.overrides) {
      const file = bufferFile(path, bytes, this.host.policy);
      if (!file) continue;
      incoming.set(path, file);
      if (file.action === 'parse') overrideBytes.set(path, bytes);
    }
    // The paths this refresh may change: all of them after a full scan, else the touched ones
    // (a known file path is itself; anything else may be a folder: every path under it).
    let candidates: Iterable<string>;
    if (state && touched) {
      const set = new Set<string>([...incoming.keys(), ...overridden]);
      for (const path of touched) {
        set.add(path);
        if (!state.files.has(path)) for (const known of state.files.keys()) if (isTouched(known, [path])) set.add(known);
      }
      candidates = set;
    } else {
      candidates = new Set([...(state?.files.keys() ?? []), ...incoming.keys()]);
    }
    // What changed against the bound tree (everything, on a cold start). The tree is updated in
    // place: a refresh that fails drops the whole state, so nothing half-done is kept.
    const nextFiles = state ? state.files : new Map<string, TreeFile>();
    const changed: TreeFile[] = [];
    const removed: string[] = [];
    const previousFacts = new Map<string, FileFacts | undefined>();
    for (const path of candidates) {
      const before = state?.files.get(path);
      const file = incoming.get(path);
      if (!file) {
        if (before) {
          removed.push(path);
          nextFiles.delete(path);
          previousFacts.set(path, state!.facts.get(path));
        }
        continue;
      }
      if (!before || before.blobId !== file.blobId || before.action !== file.action || before.reason !== file.reason || before.language !== file.language) {
        changed.push(file);
        if (state) previousFacts.set(path, state.facts.get(path));
      }
      nextFiles.set(path, file);
    }
    changed.sort(byPath);
    removed.sort();
    chargeMaterials(nextFiles.values(), this.host.policy.budgets);
    lap('readMs');

    // Facts for changed parsed files: the cache, else the pool.
    const requests: FactsRequest[] = changed.filter((f) => f.action === 'parse').map((file) => ({
      key: factsCacheKey(file.blobId!, file.language!), blobId: file.blobId!, language: file.language!, path: file.path,
      load: async () => overrideBytes.get(file.path) ?? loaded.bytesByPath.get(file.path) ?? regularBytes(join(root, file.path)),
    }));
    const facts = await collectFacts(requests, store, this.host.getPool,
      (done, total) => options.onProgress?.({ phase: 'extract', done, total }));
    loaded.bytesByPath.clear();
    lap('extractMs');

    const nextFacts = state ? state.facts : new Map<string, FileFacts>();
    const fileDiagnostics = state ? state.fileDiagnostics : new Map<string, Diagnostic[]>();
    for (const path of removed) {
      nextFacts.delete(path);
      fileDiagnostics.delete(path);
    }
    for (const diagnostic of loaded.diagnostics) fileDiagnostics.set(diagnostic.path, [diagnostic]);
    const failed = new Map(facts.failed.map((f) => [f.path, f.error] as const));
    for (const file of changed) {
      if (!loaded.diagnostics.some((d) => d.path === file.path)) fileDiagnostics.delete(file.path);
      const found = file.action === 'parse' && !failed.has(file.path) ? facts.facts.get(factsCacheKey(file.blobId!, file.language!)) : undefined;
      if (found) nextFacts.set(file.path, rebaseFacts(found, file.path));
      else nextFacts.delete(file.path);
      const error = failed.get(file.path);
      if (error !== undefined) {
        fileDiagnostics.set(file.path, [{
          code: 'unreadable_file', severity: 'warning', path: file.path,
          message: `${file.path} could not be read (${error}); it is kept without symbols.`,
        }]);
      }
    }

    const { scanDiagnostics, excluded } = scanStateAfter(state && touched ? state : null, touched ?? [], scan);

    // Manifests steer module resolution: re-read the changed ones.
    const manifests = state ? state.manifests : new Map<string, string>();
    let manifestsChanged = !state;
    for (const path of removed) if (manifests.delete(path)) manifestsChanged = true;
    for (const file of state ? changed : nextFiles.values()) {
      if (!isResolutionManifest(file.path)) continue;
      const text = await readWorktreeManifest(root, file.path, this.overrides.get(file.path));
      if (text === null) manifests.delete(file.path);
      else manifests.set(file.path, text);
      manifestsChanged = true;
    }

    const buildDiagnostics: Diagnostic[] = [];
    for (const list of scanDiagnostics.values()) for (const d of list) if (!nextFiles.has(d.path)) buildDiagnostics.push(d);
    for (const [path, list] of fileDiagnostics) if (!nextFiles.has(path)) buildDiagnostics.push(...list);
    const buildDiagnosticsKey = buildDiagnostics.map((d) => canonicalJson(d)).sort().join('\n');
    const inputOf = (file: TreeFile): GraphFileInput => graphInputOf(file, nextFacts.get(file.path) ?? null, fileDiagnostics.get(file.path) ?? []);
    const manifestList = (): ManifestText[] => [...manifests].map(([path, text]) => ({ path, text }));

    // Let queued requests run between the stages of a refresh (each stage is synchronous).
    await yieldTurn();
    const previousGroups = state ? state.selection.output.groups : [];
    let session: GraphSession;
    let rebound: string[];
    let mode: 'incremental' | 'full' = 'full';
    if (!state) {
      session = await GraphSession.createPausing({ files: [...nextFiles.values()].map(inputOf), manifests: manifestList(), buildDiagnostics, budgets: this.host.policy.budgets }, yieldTurn);
      rebound = [...nextFiles.keys()];
    } else {
      session = state.session;
      const update = await session.updatePausing({
        upserts: changed.map(inputOf),
        removed,
        ...(manifestsChanged ? { manifests: manifestList() } : {}),
        ...(buildDiagnosticsKey !== state.buildDiagnosticsKey ? { buildDiagnostics } : {}),
      }, yieldTurn);
      rebound = update.rebound;
      mode = update.mode;
    }
    lap('bindMs');
    const selection = selectForPublication(session.output, this.host.policy);
    const graph = selection.output;
    // Selection is global: a change can keep or drop records of files nobody re-bound (a read
    // from an edited file makes another file's field a bridge). Those count as re-bound.
    if (state && graph !== session.output) rebound = withReselected(rebound, previousGroups, graph.groups);
    lap('selectMs');
    await yieldTurn();

    const change = graphChangeOf(previousGroups, graph.groups, {
      reparsed: changed.map((f) => f.path).sort(), removedFiles: removed.sort(), rebound, cold: !state,
    });
    const excludedByReason = excludedCounts(excluded.values());
    const materials = {
      submitted: nextFiles.size + Object.values(excludedByReason).reduce((a, b) => a + b, 0),
      excluded: excludedByReason, cached: facts.cached, extracted: facts.extracted,
      failed: facts.failed.length + loaded.diagnostics.length,
    };

    const nextState: LiveState = {
      head, files: nextFiles, facts: nextFacts, fileDiagnostics, scanDiagnostics, excluded, manifests,
      session, selection, buildDiagnosticsKey, baselineHashes: state && state.head === head ? state.baselineHashes : null,
      published: state?.published ?? storedPublication(this.host.store, this.key),
      entries: entriesAfter(state?.entries, nextFiles, graph, state ? [...changed.map((f) => f.path), ...rebound] : null, removed),
      functions: functionsAfter(state?.functions, nextFacts, state ? [...changed.map((f) => f.path), ...removed] : null),
      ...(state?.overlay ? { overlay: state.overlay } : {}),
    };
    // Nothing to publish when the bound tree is the one already published.
    // The change, the entries and the function index are each linear in what changed; the
    // publication after them is linear in the overlay: a turn between them keeps a batch of
    // 20,000 files from holding queued requests for the sum.
    await yieldTurn();
    const current = nextState.published;
    // (Published under another policy, the same graph is published again: its report and policy
    // fingerprint must say what is in force.)
    if (current && current.head === head && current.report.digest === graph.digest && sameContents(current.contents, this.overrides)
      && current.policy === buildFingerprint(this.host.policy)) {
      this.state = nextState;
      this.lastRefreshMs = Math.round(performance.now() - started);
      change.reingestMs = this.lastRefreshMs;
      const result: WorkspaceRefresh = { generation: current.generation, published: false, report: { ...current.report, unchanged: true, timings }, change, digest: graph.digest, bind: { mode, files: rebound.length }, coldStart: !state };
      // Files changed without changing the published graph (an edit inside a body): the graph is
      // the same on both sides, but the facts (fingerprints, call arguments) are not, and the
      // tests that reach the edited files still matter, so the change is analyzed all the same.
      if (state && options.analyze && (changed.length > 0 || removed.length > 0)) {
        const sameReader = this.host.store.reader(this.key);
        if (sameReader) {
          try {
            const currentFacts = nextState.facts;
            const beforeFacts = (path: string): FileFacts | null =>
              (previousFacts.has(path) ? previousFacts.get(path) : currentFacts.get(path)) ?? null;
            result.analysis = await this.analyzeWith(options, sameReader, beforeFacts, null, change);
          } finally {
            sameReader.close();
          }
        }
      }
      return result;
    }

    // The previous generation stays readable through this reader while the new one is published
    // (on a cold start, the stored one: what subscribers saw before a restart).
    const beforeReader = options.analyze ? this.host.store.reader(this.key) : undefined;
    try {
      const published = await this.publish(nextState, materials, timings, lap,
        state ? [...new Set([...changed.map((f) => f.path), ...removed, ...rebound])] : null);
      nextState.published = { generation: published.generation, report: published, head, contents: new Map(this.overrides), policy: buildFingerprint(this.host.policy) };
      this.state = nextState;
      this.lastRefreshMs = Math.round(performance.now() - started);
      change.reingestMs = this.lastRefreshMs;
      const result: WorkspaceRefresh = { generation: published.generation, published: true, report: published, change, digest: graph.digest, bind: { mode, files: rebound.length }, coldStart: !state };
      if (state && beforeReader && options.analyze) {
        await yieldTurn();
        const currentFacts = nextState.facts;
        const beforeFacts = (path: string): FileFacts | null =>
          (previousFacts.has(path) ? previousFacts.get(path) : currentFacts.get(path)) ?? null;
        result.analysis = await this.analyzeWith(options, beforeReader, beforeFacts, null, change);
      } else if (beforeReader && options.analyze) {
        // A cold start over a stored generation (the catch-up after a restart): its delta is the
        // whole tree's change against that generation, so nothing that changed unwatched is silent.
        await yieldTurn();
        const stored = changeFromStored(this.host.store, beforeReader, nextState.entries, this.spec.root, this.overrides, change.reingestMs);
        result.analysis = await this.analyzeWith(options, beforeReader, stored.beforeFacts, null, stored.change);
      }
      return result;
    } finally {
      beforeReader?.close();
    }
  }

  /**
   * Runs `analyze` over a before side and the current published generation (the after side),
   * awaiting its answer (a pausing analysis gives the thread away) before the readers close.
   */
  private async analyzeWith(
    options: RefreshOptions, beforeReader: SnapshotReader, beforeFacts: (path: string) => FileFacts | null,
    beforeFunctions: FunctionIndex | null, change: GraphChangeSummary,
  ): Promise<unknown> {
    const state = this.state!;
    const afterReader = this.host.store.reader(this.key)!;
    try {
      const facts = state.facts;
      const session = state.session;
      return await options.analyze!({
        workspace: this.spec.id,
        paths: change.paths, reparsed: change.reparsed, affected: change.affected, removedFiles: change.removedFiles,
        before: new ReaderSide(beforeReader, beforeFacts, beforeFunctions),
        after: new ReaderSide(afterReader, (path) => facts.get(path) ?? null, state.functions, (id) => session.callersOf(id)),
        ...(options.declaredRenames ? { declaredRenames: options.declaredRenames } : {}),
        reingestMs: change.reingestMs,
      });
    } finally {
      afterReader.close();
    }
  }

  /**
   * Refreshes the workspace, then runs `analyze` with the baseline snapshot `baseKey` as the
   * before side and the workspace as the after side: the change of the whole tree against that
   * commit. Runs in the workspace's queue, so no refresh interleaves.
   */
  deltaAgainst(baseKey: string, factsOfBlob: (blobId: string, language: string, path: string) => FileFacts | null, options: RefreshOptions & { analyze: (input: DeltaInput) => unknown }): Promise<{ refresh: WorkspaceRefresh; analysis: unknown }> {
    const run = this.queue.then(async () => {
      const refresh = await this.refreshNow({ ...options, analyze: undefined });
      const baseReader = this.host.store.reader(baseKey);
      if (!baseReader) throw new Error(`${baseKey} is not in the store`);
      try {
        const bytesOf = (path: string): Uint8Array | null => {
          const buffer = this.overrides.get(path);
          if (buffer) return buffer;
          const read = readRegularFileSync(join(this.spec.root, path), MAX_INDEXED_BYTES);
          return read.ok ? read.bytes : null;
        };
        const change = treeChange(baseReader, this.state!.entries, refresh.change.reingestMs, bytesOf);
        const entries = new Map<string, FileEntry>();
        for (const entry of baseReader.files()) entries.set(entry.path, entry);
        const beforeFacts = (path: string): FileFacts | null => {
          const entry = entries.get(path);
          return entry?.blobId && entry.language && entry.status !== 'document' ? factsOfBlob(entry.blobId, entry.language, path) : null;
        };
        return { refresh, analysis: await this.analyzeWith(options, baseReader, beforeFacts, null, change) };
      } finally {
        baseReader.close();
      }
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Publishes the tree as an overlay over its baseline (built first when missing). */
  private async publish(
    state: LiveState, materials: Parameters<typeof buildReport>[0]['materials'],
    timings: Record<string, number>, lap: (stage: string) => void, touchedPaths: string[] | null,
  ): Promise<BuildReport> {
    const { store } = this.host;
    const graph = state.selection.output;
    const head = state.head;
    let base: string | null = null;
    let groups: HashedGroup[] = graph.groups;
    const removed: string[] = [];
    if (head) {
      base = baselineKey(head, this.host.policy);
      if (!state.baselineHashes) {
        const reader = store.reader(base);
        if (!reader) {
          await this.publishOwnBaseline(state, head, timings);
        } else {
          reader.close();
        }
        const baseReader = store.reader(base)!;
        state.baselineHashes = new Map();
        for (const entry of baseReader.files()) state.baselineHashes.set(entry.path, entry.groupHash);
        baseReader.close();
      }
      const baseHashes = state.baselineHashes;
      const overlay = overlayAfter(state.overlay, base, baseHashes, graph.groups, touchedPaths);
      state.overlay = overlay;
      groups = [...overlay.differing].sort().map((path) => findGroup(graph.groups, path)!);
      removed.push(...overlay.missing);
    }
    await yieldTurn();
    const report = buildReport({ root: this.spec.root, head, files: state.files.values(), graph: state.session.output, selection: state.selection, materials, timings });
    await yieldTurn();
    const generation = await store.publishSnapshot({
      key: this.key, base,
      files: graph.groups.map((group) => state.entries.get(group.path)!),
      groups: [
        ...groups.map((g) => ({ path: g.path, removed: false, symbols: g.symbols, relations: g.relations })),
        ...removed.sort().map((path) => ({ path, removed: true, symbols: [], relations: [] })),
      ],
      report, digest: graph.digest,
      meta: {
        head, overlayPaths: groups.length + removed.length, policy: buildFingerprint(this.host.policy),
        workspace: { id: this.spec.id, root: this.spec.root, pinnedBase: this.spec.pinnedBase },
        contents: Object.fromEntries([...this.overrides].map(([path, bytes]) => [path, Buffer.from(bytes).toString('utf8')])),
      },
    });
    lap('publishMs');
    return { ...report, generation, timings };
  }

  /**
   * The baseline of `head` when the store lacks it: when the tree equals the commit (the usual
   * cold start) the bound tree is published as the baseline too; otherwise it is built from git
   * objects.
   */
  private async publishOwnBaseline(state: LiveState, head: string, timings: Record<string, number>): Promise<void> {
    const commit = await loadCommitFiles(this.spec.root, head, this.host.policy);
    const key = (d: Diagnostic): string => canonicalJson(d);
    const sameTree = this.overrides.size === 0 && state.fileDiagnostics.size === 0
      && commit.files.length === state.files.size
      && commit.files.every((f) => {
        const mine = state.files.get(f.path);
        return mine !== undefined && mine.blobId === f.blobId && mine.action === f.action && mine.reason === f.reason;
      })
      && commit.diagnostics.map(key).sort().join('\n') === state.buildDiagnosticsKey;
    if (sameTree) {
      await publishBaseline(this.host.store, this.spec.root, head, commit.files, state.session.output, state.selection, {
        submitted: commit.files.length + Object.values(commit.excluded).reduce((a, b) => a + b, 0),
        excluded: commit.excluded, timings: { ...timings },
      });
      return;
    }
    await ensureBaseline({ store: this.host.store, root: this.spec.root, commit: head, getPool: this.host.getPool, policy: this.host.policy });
  }

  /** Applies `contents`/`clearContents` to the unsaved buffers; returns the paths they touched. */
  private applyContents(options: RefreshOptions): string[] {
    const touched: string[] = [];
    if (options.clearContents) {
      touched.push(...this.overrides.keys());
      this.overrides.clear();
    }
    for (const [path, text] of Object.entries(options.contents ?? {})) {
      touched.push(path);
      if (text === null) this.overrides.delete(path);
      else this.overrides.set(path, Buffer.from(text, 'utf8'));
    }
    return touched;
  }
}

/** The bytes of a file read for extraction; throws (the file becomes unreadable) unless it is a regular file. */
function regularBytes(absolute: string): Uint8Array {
  const read = readRegularFileSync(absolute, MAX_INDEXED_BYTES);
  if (!read.ok) throw new Error(`${read.problem}${read.errno ? ` ${read.errno}` : ''}`);
  return read.bytes;
}
