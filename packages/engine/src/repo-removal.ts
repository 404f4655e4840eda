/**
 * Removing a repository's store (`index.removeRepo`): what would go (the store folder, its size,
 * the workspaces whose overlays and the baselines and reviews it holds) and the removal itself,
 * which deletes that one folder and nothing else. The folder must be `<data root>/stores/<id>`
 * as the store names it, a real folder (no symbolic link on the way: `stores` or the folder
 * itself being a link is refused), and its real path must lie inside the data root's real path;
 * the recursive delete unlinks links inside it without following them. Workspace roots (git
 * worktrees) are the user's files and are never touched. Owns the plan and those checks.
 */
import { lstatSync, readdirSync, realpathSync, rmSync } from 'node:fs';
import { basename, dirname, join, resolve, sep } from 'node:path';
import { RepographError } from '@repograph/core';

/** What a removal deletes. */
export interface RemovalPlan {
  /** The store folder (absolute). */
  store: string;
  /** The size of the files in it, in bytes. */
  bytes: number;
  /** Workspaces whose overlays the store holds (`default` included once indexed). */
  workspaces: string[];
  /** Commits whose baselines the store holds. */
  baselines: string[];
  /** Stored reviews. */
  reviews: number;
}

/** The sum of the sizes of the regular files under `folder` (links not followed); 0 when unreadable. */
export function folderBytes(folder: string): number {
  let total = 0;
  let entries;
  try {
    entries = readdirSync(folder, { withFileTypes: true });
  } catch {
    return 0;
  }
  for (const entry of entries) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) total += folderBytes(path);
    else if (entry.isFile()) {
      try { total += lstatSync(path).size; } catch { /* gone meanwhile */ }
    }
  }
  return total;
}

/**
 * Checks that `store` is a store folder of the data root `dataRoot` (see the header) and returns
 * its real path; StoreError naming what is wrong otherwise.
 */
export function checkedStoreFolder(dataRoot: string, store: string): string {
  const refuse = (why: string): RepographError => new RepographError('StoreError',
    `will not remove ${store}: ${why}; remove it by hand if it is really this repository's store.`, { store, dataRoot });
  if (basename(dirname(store)) !== 'stores' || resolve(dirname(dirname(store))) !== resolve(dataRoot)) throw refuse(`it is not <data root>/stores/<id> under ${dataRoot}`);
  for (const path of [dirname(store), store]) {
    let stats;
    try {
      stats = lstatSync(path);
    } catch {
      throw refuse(`${path} does not exist`);
    }
    if (stats.isSymbolicLink() || !stats.isDirectory()) throw refuse(`${path} is not a real folder (a symbolic link or a file)`);
  }
  const realRoot = realpathSync.native(dataRoot);
  const real = realpathSync.native(store);
  if (!real.startsWith(`${realRoot}${sep}`)) throw refuse(`its real path ${real} lies outside the data root ${realRoot}`);
  return real;
}

/** Deletes the store folder after checkedStoreFolder accepted it (the store must be closed). */
export function removeStoreFolder(dataRoot: string, store: string): void {
  const real = checkedStoreFolder(dataRoot, store);
  rmSync(real, { recursive: true, force: true });
}
