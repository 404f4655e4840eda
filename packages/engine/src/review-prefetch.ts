/**
 * What a review of two commits can start before the index it waits for is done: both commits'
 * listings (kept by tree-files.ts for the baseline builds) and the extraction of the head's
 * changed blobs that are neither cached nor under way (facts-flights.ts), so that building the
 * head's baseline later finds its facts cached or under way. Nothing when the head is built. Pure warm-up: it changes no result, and a failure here is left for the
 * review itself to meet and report.
 */
import { readBlobs, type RepoStore } from '@repograph/store';
import type { MaterialPolicy } from '@repograph/graph';
import { baselineKey } from './baseline.js';
import { extractAhead, flightOf, type FlightFile } from './facts-flights.js';
import { factsCacheKey, hasCachedFacts } from './facts-source.js';
import type { ExtractionPool } from './pool.js';
import { loadCommitFiles } from './tree-files.js';

export interface PrefetchHost {
  store: RepoStore;
  root: string;
  policy: MaterialPolicy;
  getPool: () => ExtractionPool;
}

/** The most changed blobs started ahead (a larger change is extracted when the head is built). */
const MAX_PREFETCHED_BLOBS = 2_000;

/** Lists `base` and `head` (full commit ids) and starts extracting the head's parsed files that differ from the base. */
export async function prefetchReviewCommits(host: PrefetchHost, base: string, head: string): Promise<void> {
  const { store, root, policy } = host;
  // A head already built needs nothing (a review computed again, another spelling of the refs).
  if (store.hasSnapshot(baselineKey(head, policy))) return;
  // The base first: the head's listing is then derived from it (only what differs is read).
  const baseFiles = await loadCommitFiles(root, base, policy);
  if (base === head) return;
  const headFiles = await loadCommitFiles(root, head, policy);
  const blobAt = new Map(baseFiles.files.map((file) => [file.path, file.blobId] as const));
  const wanted = new Map<string, { path: string; language: NonNullable<FlightFile['language']> }>();
  for (const file of headFiles.files) {
    if (file.action !== 'parse' || !file.blobId || !file.language || blobAt.get(file.path) === file.blobId) continue;
    if (flightOf(store, factsCacheKey(file.blobId, file.language)) || hasCachedFacts(store, file.blobId, file.language)) continue;
    if (!wanted.has(file.blobId)) wanted.set(file.blobId, { path: file.path, language: file.language });
    if (wanted.size >= MAX_PREFETCHED_BLOBS) break;
  }
  if (wanted.size === 0) return;
  const files: FlightFile[] = [];
  await readBlobs(root, [...wanted.keys()].sort(), (blob) => {
    const at = wanted.get(blob.blobId);
    if (at) files.push({ key: factsCacheKey(blob.blobId, at.language), blobId: blob.blobId, language: at.language, path: at.path, bytes: blob.bytes });
  });
  extractAhead(files, store, host.getPool);
}
