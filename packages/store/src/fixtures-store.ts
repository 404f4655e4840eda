/**
 * Store helpers for the tests: a store in a mkdtemp data root, and a one-call publish of a
 * snapshot built from path groups. Test support only; not exported from the package entry.
 */
import type { RelationRecord, SymbolRecord } from '@repograph/core';
import { makeFileEntry, makeReport } from './fixtures-graph.js';
import { makeTempDir } from './fixtures-git.js';
import { openRepoStore } from './repo-store.js';
import type { FileEntry, PathGroup, RepoStore } from './types.js';

/** A writable store in a fresh data root. */
export async function openTestStore(repoId = 'test-repo'): Promise<{ store: RepoStore; dataRoot: string; repoId: string }> {
  const dataRoot = makeTempDir('repograph-data-');
  return { store: await openRepoStore({ dataRoot, repoId }), dataRoot, repoId };
}

/** A path group; symbols and relations default to none. */
export function group(path: string, symbols: SymbolRecord[] = [], relations: RelationRecord[] = []): PathGroup {
  return { path, removed: false, symbols, relations };
}

/** A removed path group (overlays only). */
export function removed(path: string): PathGroup {
  return { path, removed: true, symbols: [], relations: [] };
}

/**
 * Publishes `groups` under `key` (on `base` when given). The manifest is `files` when given,
 * else one entry per non-removed group.
 */
export function publish(
  store: RepoStore, key: string, base: string | null, groups: PathGroup[],
  options: { files?: FileEntry[]; digest?: string; replace?: boolean } = {},
): Promise<number> {
  const files = options.files ?? groups.filter((each) => !each.removed).map((each) => makeFileEntry(each.path));
  return store.publishSnapshot({
    key, base, files, groups, report: makeReport(key), digest: options.digest ?? `digest of ${key}`,
    meta: { key }, ...(options.replace === undefined ? {} : { replace: options.replace }),
  });
}
