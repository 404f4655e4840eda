/**
 * The index build: scan the worktree, stop early when nothing changed (stat check), get facts
 * (cache or pool), build the HEAD baseline from git objects when it is missing, bind the
 * worktree, and publish it as an overlay over the baseline in one store transaction. Owns the
 * order of these steps; a failure anywhere leaves the previous generation published.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BuildReport, Diagnostic, FileFacts } from '@repograph/core';
import { rebaseFacts } from './rebase.js';
import { buildGraph, isResolutionManifest, type GraphFileInput, type GraphInput, type GraphOutput, type ManifestText } from '@repograph/graph';
import { readBlobs, type FileEntry, type RepoStore } from '@repograph/store';
import { collectFacts, factsCacheKey, hasCachedFacts, type FactsRequest } from './facts-source.js';
import type { ExtractionPool } from './pool.js';
import { publishBuild } from './publish.js';
import { hasSnapshot } from './snapshots.js';
import { loadCommitFiles, loadWorktreeFiles, type TreeFile } from './tree-files.js';
import { scanDirectory, scanGitWorktree, type ScannedFile } from './worktree-scan.js';

/** The snapshot key of the live worktree. */
export const WORKTREE_KEY = 'workspace:default';

export interface IndexContext {
  root: string;
  /** HEAD commit, or null outside git and in a repository without commits. */
  head: string | null;
  isGit: boolean;
  store: RepoStore;
  getPool: () => ExtractionPool;
  onProgress?: (progress: { phase: string; done: number; total: number }) => void;
}

/** Runs one build and returns its report. */
export async function runIndex(context: IndexContext): Promise<BuildReport> {
  const timings: Record<string, number> = {};
  let last = performance.now();
  const lap = (stage: string): void => {
    const now = performance.now();
    timings[stage] = Math.round((now - last) * 10) / 10;
    last = now;
  };
  const { store, root } = context;

  const scan = context.isGit ? await scanGitWorktree(root) : await scanDirectory(root);
  lap('scanMs');

  const previousFiles = new Map<string, FileEntry>();
  let previousReport: BuildReport | undefined;
  let previousHead: unknown;
  const previous = store.reader(WORKTREE_KEY);
  if (previous) {
    for (const entry of previous.files()) previousFiles.set(entry.path, entry);
    previousReport = previous.info.report;
    previousHead = previous.info.meta.head;
    previous.close();
  }
  if (previousReport && previousHead === context.head && statsUnchanged(scan.files, previousFiles)) {
    lap('checkMs');
    return { ...previousReport, unchanged: true, timings };
  }

  // Start the workers now: they load their grammars while the main thread reads and hashes.
  context.getPool();
  const worktree = await loadWorktreeFiles(root, scan.files, previousFiles);
  lap('readMs');

  const baselineKey = context.head ? `baseline:${context.head}` : null;
  const commit = context.head && baselineKey && !hasSnapshot(store, baselineKey)
    ? await loadCommitFiles(root, context.head)
    : null;
  const baselineFiles = commit?.files ?? null;

  // Facts for every parsed blob of both trees: worktree bytes first, git objects for the rest.
  const pathByBlob = new Map<string, string>();
  for (const file of worktree.files) if (file.blobId) pathByBlob.set(file.blobId, file.path);
  const gitBytes = new Map<string, Uint8Array>();
  const requests: FactsRequest[] = [];
  const requestFor = (file: TreeFile): FactsRequest => ({
    key: factsCacheKey(file.blobId!, file.language!),
    blobId: file.blobId!,
    language: file.language!,
    path: file.path,
    load: async () => {
      const onDisk = pathByBlob.get(file.blobId!);
      if (onDisk !== undefined) return worktree.bytesByPath.get(onDisk) ?? readFile(join(root, onDisk));
      return gitBytes.get(file.blobId!) ?? null;
    },
  });
  for (const file of worktree.files) if (file.action === 'parse') requests.push(requestFor(file));
  const wantedFromGit = new Set<string>();
  for (const file of baselineFiles ?? []) {
    if (file.action !== 'parse') continue;
    const request = requestFor(file);
    requests.push(request);
    if (!pathByBlob.has(file.blobId!) && !hasCachedFacts(store, file.blobId!, file.language!)) wantedFromGit.add(file.blobId!);
  }
  if (wantedFromGit.size > 0) await readBlobs(root, [...wantedFromGit].sort(), (blob) => { gitBytes.set(blob.blobId, blob.bytes); });
  const facts = await collectFacts(requests, store, context.getPool, (done, total) => context.onProgress?.({ phase: 'extract', done, total }));
  gitBytes.clear();
  worktree.bytesByPath.clear();
  lap('extractMs');

  const failedPaths = new Set(facts.failed.map((f) => f.path));
  const fileDiagnostics: Diagnostic[] = [...worktree.diagnostics];
  for (const failure of facts.failed) {
    fileDiagnostics.push({
      code: 'unreadable_file', severity: 'warning', path: failure.path,
      message: `${failure.path} could not be read (${failure.error}); it is kept without symbols.`,
    });
  }
  const factsOf = (file: TreeFile): FileFacts | null => {
    if (file.action !== 'parse' || failedPaths.has(file.path)) return null;
    const found = facts.facts.get(factsCacheKey(file.blobId!, file.language!));
    return found ? rebaseFacts(found, file.path) : null;
  };

  const worktreePaths = new Set(worktree.files.map((f) => f.path));
  const diagnosticsByPath = new Map<string, Diagnostic[]>();
  for (const diagnostic of fileDiagnostics) {
    const list = diagnosticsByPath.get(diagnostic.path);
    if (list) list.push(diagnostic);
    else diagnosticsByPath.set(diagnostic.path, [diagnostic]);
  }
  const worktreeInput: GraphInput = {
    files: worktree.files.map((file) => graphInputOf(file, factsOf(file), diagnosticsByPath.get(file.path) ?? [])),
    manifests: await readWorktreeManifests(root, worktree.files),
    buildDiagnostics: [...scan.diagnostics, ...fileDiagnostics.filter((d) => !worktreePaths.has(d.path))],
  };
  const worktreeGraph = buildGraph(worktreeInput);
  let baselineGraph: GraphOutput | null = null;
  if (commit) {
    const baselineInput: GraphInput = {
      files: commit.files.map((file) => graphInputOf(file, factsOf(file), [])),
      manifests: await readCommitManifests(root, commit.files),
      buildDiagnostics: commit.diagnostics,
    };
    // A worktree that matches its commit (the usual cold start) is bound once, not twice.
    baselineGraph = sameGraphInput(baselineInput, worktreeInput) ? worktreeGraph : buildGraph(baselineInput);
  }
  lap('bindMs');

  const report = await publishBuild({
    store, root, head: context.head, baselineKey, baselineFiles, baselineGraph,
    worktreeKey: WORKTREE_KEY, worktreeFiles: worktree.files, worktreeGraph,
    materials: {
      submitted: scan.files.length + Object.values(scan.excluded).reduce((a, b) => a + b, 0),
      excluded: scan.excluded,
      cached: facts.cached,
      extracted: facts.extracted,
      failed: facts.failed.length + worktree.diagnostics.length,
    },
    timings, lap,
  });
  return report;
}

/** True when the same paths are present with the same size, mtime and inode as last time. */
function statsUnchanged(files: ScannedFile[], previous: Map<string, FileEntry>): boolean {
  if (files.length !== previous.size) return false;
  for (const file of files) {
    const before = previous.get(file.path);
    if (!before || before.size !== file.size || before.mtimeMs !== file.mtimeMs || before.ino !== file.ino) return false;
  }
  return true;
}

function graphInputOf(file: TreeFile, facts: FileFacts | null, diagnostics: Diagnostic[]): GraphFileInput {
  const own = [...diagnostics];
  if (file.action === 'document' && file.reason && file.reason !== 'documentation' && file.reason !== 'unreadable') {
    own.push({
      code: file.reason === 'too_large' ? 'file_too_large' : 'excluded_material', severity: 'info', path: file.path,
      message: file.reason === 'too_large'
        ? `${file.path} is larger than 1 MiB; it is kept without symbols.`
        : `${file.path} is not parsed (${file.reason}); it is kept without symbols.`,
      data: { reason: file.reason },
    });
  }
  return { path: file.path, facts, generated: facts?.generated ?? false, lineCount: facts?.lineCount ?? 1, diagnostics: own };
}

async function readWorktreeManifests(root: string, files: TreeFile[]): Promise<ManifestText[]> {
  const manifests: ManifestText[] = [];
  for (const file of files) {
    if (!isResolutionManifest(file.path)) continue;
    try {
      manifests.push({ path: file.path, text: await readFile(join(root, file.path), 'utf8') });
    } catch {
      // An unreadable manifest is the same as a missing one for resolution.
    }
  }
  return manifests;
}

async function readCommitManifests(root: string, files: TreeFile[]): Promise<ManifestText[]> {
  const wanted = files.filter((f) => isResolutionManifest(f.path) && f.blobId);
  const pathsByBlob = new Map<string, string[]>();
  for (const file of wanted) pathsByBlob.set(file.blobId!, [...(pathsByBlob.get(file.blobId!) ?? []), file.path]);
  const manifests: ManifestText[] = [];
  if (pathsByBlob.size === 0) return manifests;
  await readBlobs(root, [...pathsByBlob.keys()], (blob) => {
    const text = blob.bytes.toString('utf8');
    for (const path of pathsByBlob.get(blob.blobId) ?? []) manifests.push({ path, text });
  });
  return manifests;
}


/** True when two graph inputs bind to the same graph: same files, contents, manifests, diagnostics. */
function sameGraphInput(a: GraphInput, b: GraphInput): boolean {
  if (a.files.length !== b.files.length || a.manifests.length !== b.manifests.length) return false;
  const manifests = (input: GraphInput): string => JSON.stringify([...input.manifests].sort((x, y) => (x.path < y.path ? -1 : 1)));
  const diagnostics = (input: GraphInput): string => JSON.stringify([...input.buildDiagnostics].map((d) => JSON.stringify(d)).sort());
  const byPath = new Map(b.files.map((f) => [f.path, f] as const));
  for (const file of a.files) {
    const other = byPath.get(file.path);
    if (!other || other.facts !== file.facts || other.generated !== file.generated || other.lineCount !== file.lineCount) return false;
    if (JSON.stringify(other.diagnostics) !== JSON.stringify(file.diagnostics)) return false;
  }
  return manifests(a) === manifests(b) && diagnostics(a) === diagnostics(b);
}
