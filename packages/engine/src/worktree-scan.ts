/**
 * Worktree scan: lists the files of a tree (git's own list inside a repository, a .gitignore-
 * aware walk outside one), stats them (synchronous lstat in slices of a few milliseconds, the
 * event loop turning between slices) and applies admission. Owns the filesystem walk and the
 * symlink policy: links are never followed (so a loop or a link out of the tree cannot be
 * read), each is reported. Reads no file contents.
 */
import { lstatSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Diagnostic } from '@repograph/core';
import { admitPath, DEFAULT_MATERIAL_POLICY, excludedDirectoryReason, GitignoreRules, GitignoreStack, type AdmissionDecision, type MaterialPolicy } from '@repograph/graph';
import { listWorktreeFiles } from '@repograph/store';
import { yieldTurn } from './yield-turn.js';

/** One file found in the tree, with its stat and admission. */
export interface ScannedFile {
  path: string;
  size: number;
  mtimeMs: number;
  ino: number;
  decision: AdmissionDecision;
}

/**
 * What an lstat said about a path, as a watcher that already took it passes it on (so the scan
 * need not stat the path again). `kind` is the entry's own type: links are never followed.
 */
export interface PathStat {
  kind: 'file' | 'directory' | 'symlink' | 'special';
  size: number;
  mtimeMs: number;
  ino: number;
}

/** The PathStat of an lstat result. */
export function pathStatOf(stats: { isFile(): boolean; isDirectory(): boolean; isSymbolicLink(): boolean; size: number; mtimeMs: number; ino: number }): PathStat {
  const kind = stats.isFile() ? 'file' : stats.isDirectory() ? 'directory' : stats.isSymbolicLink() ? 'symlink' : 'special';
  return { kind, size: stats.size, mtimeMs: stats.mtimeMs, ino: stats.ino };
}

/** One excluded entry: a file, link or nested repository (count 1) or a folder (the files listed in it, at least 1). */
export interface ExcludedEntry {
  reason: string;
  count: number;
}

export interface ScanResult {
  files: ScannedFile[];
  /** Paths that were listed but are not regular files or could not be stat'ed. */
  diagnostics: Diagnostic[];
  /** Every exclusion by the path it names (each has one excluded_material diagnostic). */
  excluded: Map<string, ExcludedEntry>;
}

/** Excluded counts by reason (a folder counts the files listed in it). */
export function excludedCounts(entries: Iterable<ExcludedEntry>): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const { reason, count } of entries) counts[reason] = (counts[reason] ?? 0) + count;
  return counts;
}

/**
 * How long a synchronous slice of lstat calls may hold the event loop. Synchronous lstat is
 * several times cheaper than fs.promises' (3,500 files: ~25 ms of CPU against ~100-240 ms, and
 * far more on a busy loop), and slices keep the loop turning for requests between them.
 */
const STAT_SLICE_MS = 8;

/**
 * Splits listed paths into those inside excluded folders (reported once per outermost folder,
 * with a count) and the rest. Shared by the worktree scan and commit trees, so both report the
 * same exclusions for the same paths.
 */
export function excludeFolders(
  paths: string[], policy: MaterialPolicy = DEFAULT_MATERIAL_POLICY, ancestorOf: (path: string) => string = excludedAncestors(policy),
): { kept: string[]; diagnostics: Diagnostic[]; folders: Map<string, ExcludedEntry> } {
  const excludedDirectories = new Map<string, { reason: string; count: number }>();
  const kept: string[] = [];
  const diagnostics: Diagnostic[] = [];
  const folders = new Map<string, ExcludedEntry>();
  for (const path of paths) {
    const directory = ancestorOf(path);
    if (directory !== path) {
      const reason = excludedDirectoryReason(directory.slice(directory.lastIndexOf('/') + 1), policy)!;
      const entry = excludedDirectories.get(directory) ?? { reason, count: 0 };
      entry.count++;
      excludedDirectories.set(directory, entry);
      continue;
    }
    kept.push(path);
  }
  for (const [directory, { reason, count }] of [...excludedDirectories].sort()) {
    folders.set(directory, { reason, count });
    diagnostics.push(excludedDirectoryDiagnostic(directory, reason));
  }
  return { kept, diagnostics, folders };
}

/** The diagnostic for an entry git lists but we never read (symlink, submodule, nested repository). */
export function skippedEntryDiagnostic(path: string, reason: string): Diagnostic {
  return {
    code: 'excluded_material', severity: 'info', path,
    message: reason === 'symlink'
      ? `${path} is a symbolic link; links are not followed (index the file it points to instead).`
      : `${path} is a ${reason.replace('_', ' ')}; index it as its own repository.`,
    data: { reason },
  };
}

/** True when `path` lies inside a folder that admission excludes (node_modules, dist, .git...). */
export function insideExcludedFolder(path: string, policy: MaterialPolicy = DEFAULT_MATERIAL_POLICY): boolean {
  return excludedAncestor(path, policy) !== path;
}

/**
 * Scans the given repository-relative paths (as git lists them). `known` holds stats already
 * taken (a watcher's batch): those paths are not stat'ed again.
 */
export async function scanListedPaths(
  root: string, paths: string[], policy: MaterialPolicy = DEFAULT_MATERIAL_POLICY, known?: ReadonlyMap<string, PathStat>,
): Promise<ScanResult> {
  const folders = excludeFolders(paths, policy);
  const result: ScanResult = { files: [], diagnostics: folders.diagnostics, excluded: folders.folders };
  let sliceStart = performance.now();
  for (const path of folders.kept) {
    if (performance.now() - sliceStart > STAT_SLICE_MS) {
      await yieldTurn();
      sliceStart = performance.now();
    }
    addFile(root, path, result, policy, known?.get(path));
  }
  result.files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return result;
}

/**
 * Scans a git worktree: tracked and untracked-not-ignored files, as git lists them. `onListed`
 * hears git's listing before the files are stat'ed (a cold refresh warms its workers with it).
 */
export async function scanGitWorktree(root: string, policy: MaterialPolicy = DEFAULT_MATERIAL_POLICY, onListed?: (paths: readonly string[]) => void): Promise<ScanResult> {
  const listing = await listWorktreeFiles(root);
  // Turns of the event loop between git's listing, the workers' start and the stat pass: each
  // holds the thread 10-20 ms on a cold start, and queued requests are answered in between.
  await yieldTurn();
  if (onListed) {
    onListed(listing.paths);
    await yieldTurn();
  }
  const result = await scanListedPaths(root, listing.paths, policy);
  addSkippedEntries(result, listing.skipped);
  return result;
}

/** Adds what git listed but we never read (submodules, nested repositories, links): one entry each. */
export function addSkippedEntries(result: ScanResult, skipped: Array<{ path: string; reason: string }>): void {
  for (const entry of skipped) {
    const reason = entry.reason === 'nested-repository' ? 'nested_repository' : entry.reason;
    result.excluded.set(entry.path, { reason, count: 1 });
    result.diagnostics.push(skippedEntryDiagnostic(entry.path, reason));
  }
}

/** Walks a directory that is not a git repository, honouring .gitignore files on the way. */
export async function scanDirectory(root: string, policy: MaterialPolicy = DEFAULT_MATERIAL_POLICY): Promise<ScanResult> {
  const result: ScanResult = { files: [], diagnostics: [], excluded: new Map() };
  const ignore = new GitignoreStack();
  const listed: string[] = [];
  const walk = async (relativeDir: string): Promise<void> => {
    const absolute = relativeDir === '' ? root : join(root, relativeDir);
    let entries;
    try {
      entries = await readdir(absolute, { withFileTypes: true });
    } catch (error) {
      result.diagnostics.push(unreadableDiagnostic(relativeDir || '.', error));
      return;
    }
    let pushed = false;
    if (entries.some((e) => e.name === '.gitignore' && e.isFile())) {
      try {
        ignore.push(new GitignoreRules(relativeDir, await readFile(join(absolute, '.gitignore'), 'utf8')));
        pushed = true;
      } catch (error) {
        result.diagnostics.push(unreadableDiagnostic(relativeDir === '' ? '.gitignore' : `${relativeDir}/.gitignore`, error));
      }
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      const path = relativeDir === '' ? entry.name : `${relativeDir}/${entry.name}`;
      if (entry.isDirectory()) {
        const reason = excludedDirectoryReason(entry.name, policy);
        if (reason) {
          result.excluded.set(path, { reason, count: 1 });
          result.diagnostics.push(excludedDirectoryDiagnostic(path, reason));
          continue;
        }
        if (ignore.ignores(path, true)) continue;
        await walk(path);
      } else if (!ignore.ignores(path, false)) {
        listed.push(path);
      }
    }
    if (pushed) ignore.pop();
  };
  await walk('');
  const files = await scanListedPaths(root, listed, policy);
  result.files = files.files;
  result.diagnostics.push(...files.diagnostics);
  for (const [path, entry] of files.excluded) result.excluded.set(path, entry);
  return result;
}

function addFile(root: string, path: string, result: ScanResult, policy: MaterialPolicy, known: PathStat | undefined): void {
  let stats = known;
  if (!stats) {
    try {
      const taken = lstatSync(join(root, path), { throwIfNoEntry: false });
      // Listed by git but gone from disk (deleted, or a race with an editor): not part of the tree.
      if (taken === undefined) return;
      stats = pathStatOf(taken);
    } catch (error) {
      result.diagnostics.push(unreadableDiagnostic(path, error));
      return;
    }
  }
  if (stats.kind === 'symlink') {
    result.excluded.set(path, { reason: 'symlink', count: 1 });
    result.diagnostics.push(skippedEntryDiagnostic(path, 'symlink'));
    return;
  }
  if (stats.kind === 'directory') return;
  if (stats.kind !== 'file') {
    // A FIFO, socket or device is never opened (reading a FIFO blocks until a writer comes).
    result.excluded.set(path, { reason: 'special_file', count: 1 });
    result.diagnostics.push(specialFileDiagnostic(path));
    return;
  }
  const decision = admitPath(path, stats.size, policy);
  if (decision.action === 'exclude') {
    const reason = decision.reason ?? 'excluded';
    result.excluded.set(path, { reason, count: 1 });
    result.diagnostics.push(excludedFileDiagnostic(path, reason));
    return;
  }
  result.files.push({ path, size: stats.size, mtimeMs: stats.mtimeMs, ino: stats.ino, decision });
}

/**
 * excludedAncestor for many paths: each folder is judged once, not once per file under it
 * (core-js's 3,500 files sit in 168 folders).
 */
export function excludedAncestors(policy: MaterialPolicy): (path: string) => string {
  const byFolder = new Map<string, string | null>();
  const folderAncestor = (folder: string): string | null => {
    let known = byFolder.get(folder);
    if (known !== undefined) return known;
    const slash = folder.lastIndexOf('/');
    const outer = slash < 0 ? null : folderAncestor(folder.slice(0, slash));
    known = outer ?? (excludedDirectoryReason(folder.slice(slash + 1), policy) ? folder : null);
    byFolder.set(folder, known);
    return known;
  };
  return (path) => {
    const slash = path.lastIndexOf('/');
    return slash < 0 ? path : folderAncestor(path.slice(0, slash)) ?? path;
  };
}

/** The outermost ancestor directory of `path` that admission excludes (`path` itself when none). */
export function excludedAncestor(path: string, policy: MaterialPolicy): string {
  const segments = path.split('/');
  for (let i = 0; i < segments.length - 1; i++) {
    if (excludedDirectoryReason(segments[i]!, policy)) return segments.slice(0, i + 1).join('/');
  }
  return path;
}

/**
 * The diagnostic of an excluded folder. It names no file count: the watcher never looks inside
 * an excluded folder, so a count could not stay equal to a fresh scan's (the counts by reason
 * are in the BuildReport's materials instead).
 */
function excludedDirectoryDiagnostic(path: string, reason: string): Diagnostic {
  return {
    code: 'excluded_material', severity: 'info', path,
    message: `${path}: directory excluded as ${reason}; its files are not indexed (the "material" policy in .repograph.json decides).`,
    data: { reason },
  };
}

/** The diagnostic of a FIFO, socket or device in the tree: listed, never read. */
export function specialFileDiagnostic(path: string): Diagnostic {
  return {
    code: 'excluded_material', severity: 'info', path,
    message: `${path} is not a regular file (a FIFO, socket or device); it is never read or indexed.`,
    data: { reason: 'special_file' },
  };
}

/** The diagnostic of one file that admission excludes by its own tags (tooling, minified...). */
export function excludedFileDiagnostic(path: string, reason: string): Diagnostic {
  return {
    code: 'excluded_material', severity: 'info', path,
    message: `${path}: excluded as ${reason}; it is not indexed (the "material" policy in .repograph.json decides).`,
    data: { reason },
  };
}

function unreadableDiagnostic(path: string, error: unknown): Diagnostic {
  const code = (error as NodeJS.ErrnoException).code ?? 'error';
  const loop = code === 'ELOOP';
  return {
    code: loop ? 'symlink_loop' : 'unreadable_file', severity: 'warning', path,
    message: loop
      ? `${path}: symbolic link loop; it is skipped. Remove or fix the link.`
      : `${path} could not be read (${code}); it is skipped. Check its permissions.`,
  };
}
