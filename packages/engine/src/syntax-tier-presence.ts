/**
 * Whether a snapshot holds any file of the syntax tier (core `syntaxLanguageOfPath`): the daemon
 * asks before it scans an answer for such paths (`meta.semanticLevel`), so a repository without
 * them pays nothing per answer. Owns that question and its cache only: each layer's paths are
 * read once per storage id (a committed sid never changes, store README) and the answer kept for
 * the last few layers, so a workspace overlay costs its own few groups after an edit.
 */
import { syntaxLanguageOfPath } from '@repograph/core';
import type { SnapshotLayerName, SnapshotReader } from '@repograph/store';

/** Layers whose answer is kept. */
const LAYERS_KEPT = 16;
const layerAnswers = new Map<string, boolean>();

/**
 * True when a layer of the snapshot (its own or its base's) has a group for a syntax-tier path.
 * A base path that the overlay removes still counts: the answer may be true when no such file is
 * left, never false when one is (the daemon's scan then decides).
 */
export function snapshotHasSyntaxTierFiles(reader: SnapshotReader): boolean {
  const { storeId, sid, baseSid } = reader.storage;
  return layerHasSyntaxTierFiles(reader, 'own', `${storeId}\0${sid}`)
    || (baseSid !== null && layerHasSyntaxTierFiles(reader, 'base', `${storeId}\0${baseSid}`));
}

function layerHasSyntaxTierFiles(reader: SnapshotReader, which: SnapshotLayerName, key: string): boolean {
  const cached = layerAnswers.get(key);
  if (cached !== undefined) {
    // Most recently asked last, so a baseline under many overlay generations stays kept.
    layerAnswers.delete(key);
    layerAnswers.set(key, cached);
    return cached;
  }
  const answer = reader.layerGroups(which).some(({ path }) => syntaxLanguageOfPath(path) !== null);
  layerAnswers.set(key, answer);
  while (layerAnswers.size > LAYERS_KEPT) layerAnswers.delete(layerAnswers.keys().next().value!);
  return answer;
}
