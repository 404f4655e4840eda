/**
 * What a refresh of a workspace looks at: the whole tree (git's list, or a .gitignore-aware walk)
 * or only the paths a watcher reported. A partial scan stats the given paths, asks git only about
 * paths it has not seen before, and falls back to a full scan whenever its answer could differ
 * from one (a .gitignore changed, a path inside an excluded folder, a new path outside git, a very
 * large batch). Owns that rule and the result shape; reads no file contents.
 */
import { lstat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Diagnostic } from '@repograph/core';
import { DEFAULT_MATERIAL_POLICY, type MaterialPolicy } from '@repograph/graph';
import { listWorktreeFiles } from '@repograph/store';
import { addSkippedEntries, insideExcludedFolder, scanDirectory, scanGitWorktree, scanListedPaths, type ScanResult } from './worktree-scan.js';

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

/**
 * Scans `paths` (or the whole tree when omitted). `known` answers whether a path is part of the
 * tree the workspace holds now.
 */
export async function scanWorkspace(
  root: string, isGit: boolean, paths: string[] | undefined, known: (path: string) => boolean,
  policy: MaterialPolicy = DEFAULT_MATERIAL_POLICY,
): Promise<FullScan | PartialScan> {
  const full = async (): Promise<FullScan> => ({ kind: 'full', scan: isGit ? await scanGitWorktree(root, policy) : await scanDirectory(root, policy) });
  if (!paths || paths.length > PARTIAL_SCAN_LIMIT) return full();
  const touched = [...new Set(paths)].sort();
  const listed: string[] = [];
  const ask: string[] = [];
  for (const path of touched) {
    if (path === '' || path.endsWith('.gitignore') || insideExcludedFolder(path, policy)) return full();
    let stats;
    try {
      stats = await lstat(join(root, path));
    } catch {
      continue; // gone: the caller drops it and everything under it
    }
    if (stats.isFile() && known(path)) listed.push(path);
    else if (!isGit) return full();
    else ask.push(path);
  }
  let skipped: Array<{ path: string; reason: string }> = [];
  if (ask.length > 0) {
    const listing = await listWorktreeFiles(root, ask);
    listed.push(...listing.paths);
    skipped = listing.skipped;
  }
  const scan = await scanListedPaths(root, [...new Set(listed)].sort(), policy);
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
