/**
 * What a refresh of a workspace looks at: the whole tree (git's list, or a .gitignore-aware walk)
 * or only the paths a watcher reported. A partial scan stats the given paths, asks git only about
 * paths it has not seen before, and falls back to a full scan whenever its answer could differ
 * from one (a .gitignore changed, a path inside an excluded folder, a new path outside git, a very
 * large batch). A path the watcher already stat'ed is not stat'ed again. Owns that rule and the
 * result shape; reads no file contents.
 */
import { lstat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Diagnostic } from '@repograph/core';
import { DEFAULT_MATERIAL_POLICY, type MaterialPolicy } from '@repograph/graph';
import { listWorktreeFiles } from '@repograph/store';
import { addSkippedEntries, insideExcludedFolder, pathStatOf, scanDirectory, scanGitWorktree, scanListedPaths, type PathStat, type ScanResult } from './worktree-scan.js';

/** Batches larger than this are scanned in full (one git listing beats thousands of lstat calls). */
const PARTIAL_SCAN_LIMIT = 400;

export interface FullScan {
  kind: 'full';
  scan: ScanResult;
}

export interface PartialScan {
  kind: 'partial';
  /** The touched paths (as given, normalized); files under a touched folder count as touched. */
  touched: string[];
  scan: ScanResult;
}

/** What to scan, and what is known of it already. */
export interface ScanRequest {
  root: string;
  isGit: boolean;
  /** Root-relative paths that changed (files or folders); undefined: the whole tree. */
  paths: readonly string[] | undefined;
  /** True when a path is part of the tree the workspace holds now. */
  known: (path: string) => boolean;
  /** Hears git's listing of a full scan of a git worktree before its files are stat'ed. */
  onListed?: ((paths: readonly string[]) => void) | undefined;
  policy?: MaterialPolicy;
  /**
   * Stats already taken (a watcher's batch): a path with a stat is not stat'ed again, a path
   * mapped to null is known to be gone.
   */
  stats?: ReadonlyMap<string, PathStat | null>;
}

/** Scans `paths` (or the whole tree when omitted). */
export async function scanWorkspace(request: ScanRequest): Promise<FullScan | PartialScan> {
  const { root, isGit, paths, known, policy = DEFAULT_MATERIAL_POLICY, stats: given } = request;
  const full = async (): Promise<FullScan> => ({ kind: 'full', scan: isGit ? await scanGitWorktree(root, policy, request.onListed) : await scanDirectory(root, policy) });
  if (!paths || paths.length > PARTIAL_SCAN_LIMIT) return full();
  const touched = [...new Set(paths)].sort();
  const listed: string[] = [];
  const ask: string[] = [];
  const taken = new Map<string, PathStat>();
  for (const path of touched) {
    if (path === '' || path.endsWith('.gitignore') || insideExcludedFolder(path, policy)) return full();
    const stat = given?.has(path) ? given.get(path)! : await statOrNull(join(root, path));
    if (stat === null) continue; // gone: the caller drops it and everything under it
    taken.set(path, stat);
    if (stat.kind === 'file' && known(path)) listed.push(path);
    else if (!isGit) return full();
    else ask.push(path);
  }
  let skipped: Array<{ path: string; reason: string }> = [];
  if (ask.length > 0) {
    const listing = await listWorktreeFiles(root, ask);
    listed.push(...listing.paths);
    skipped = listing.skipped;
  }
  const scan = await scanListedPaths(root, [...new Set(listed)].sort(), policy, taken);
  addSkippedEntries(scan, skipped);
  return { kind: 'partial', touched, scan };
}

/** True when `path` is one of `touched` or lies under one of them. */
export function isTouched(path: string, touched: readonly string[]): boolean {
  for (const prefix of touched) {
    if (path === prefix || path.startsWith(`${prefix}/`)) return true;
  }
  return false;
}

/** The lstat of `absolute`, or null when it cannot be stat'ed (gone). */
async function statOrNull(absolute: string): Promise<PathStat | null> {
  try {
    return pathStatOf(await lstat(absolute));
  } catch {
    return null;
  }
}
