/**
 * The admit stage: which paths this refresh looks at and what admission says of each. A warm
 * workspace scans only what changed (the given paths, the watcher's batch with the stats it took,
 * the unsaved buffers just set or dropped); a cold one, or a change that could alter what a full
 * scan finds, scans the whole tree (and, on a first index, starts the extraction workers at once
 * and warms them with the languages git lists). Owns that choice; the scan itself is
 * workspace-scan.ts.
 */
import { languageOfPath } from '@repograph/extract';
import type { PathStat } from '../worktree-scan.js';
import { scanWorkspace, type FullScan, type PartialScan } from '../workspace-scan.js';
import type { LiveState } from './state.js';
import type { ChangeBatch, RefreshContext } from './types.js';

export interface AdmitInput {
  context: RefreshContext;
  /** The bound tree; null on a cold start (the whole tree is scanned). */
  state: LiveState | null;
  /** Paths a caller named; undefined with no batch: everything may have changed. */
  paths: readonly string[] | undefined;
  batch: ChangeBatch | undefined;
  /** Unsaved buffers this refresh set or dropped. */
  touchedBuffers: readonly string[];
  /** Every buffer was dropped (a reset): the whole tree is looked at. */
  clearedBuffers: boolean;
}

/** The admitted scan: of the whole tree, or of the touched paths only. */
export type Admitted = FullScan | PartialScan;

export async function admit(input: AdmitInput): Promise<Admitted> {
  const { context, state } = input;
  const firstIndex = state === null && !context.host.store.hasSnapshot(context.key);
  // A first index extracts most of the tree: its workers start now and boot (~140 ms each on an
  // idle machine) while git lists the tree, not after.
  if (firstIndex) context.host.getPool();
  const named = input.paths !== undefined || input.batch !== undefined
    ? [...(input.paths ?? []), ...(input.batch?.changed ?? []), ...(input.batch?.removed ?? [])]
    : undefined;
  // Unsaved buffers alone re-read only their own paths; given paths add them to the scan.
  const paths = named !== undefined ? [...named, ...input.touchedBuffers]
    : input.touchedBuffers.length > 0 && !input.clearedBuffers ? [...input.touchedBuffers] : undefined;
  return scanWorkspace({
    root: context.spec.root, isGit: context.spec.isGit, policy: context.host.policy,
    paths: state ? paths : undefined,
    known: (path) => state?.files.has(path) ?? false,
    stats: batchStats(input.batch),
    onListed: firstIndex ? (listed) => warmFirstIndex(context, listed) : undefined,
  });
}

/**
 * A first index (nothing of this workspace in the store) will extract most of the tree: the
 * workers load the walkers of the listed languages while the files are stat'ed and read. A
 * restart over a stored publication finds its facts cached and starts no worker.
 */
function warmFirstIndex(context: RefreshContext, listed: readonly string[]): void {
  const byLanguage = new Map<string, string>();
  for (const path of listed) {
    const language = languageOfPath(path);
    if (language !== null && !byLanguage.has(language)) byLanguage.set(language, path);
  }
  if (byLanguage.size > 0) context.host.getPool().warm([...byLanguage.values()]);
}

/** What the watcher's batch already knows: the stat of each changed path, and that removed ones are gone. */
function batchStats(batch: ChangeBatch | undefined): Map<string, PathStat | null> | undefined {
  if (!batch) return undefined;
  const stats = new Map<string, PathStat | null>();
  for (const path of batch.removed) stats.set(path, null);
  for (const path of batch.changed) {
    const stat = batch.stats?.get(path);
    if (stat) stats.set(path, stat);
  }
  return stats;
}
