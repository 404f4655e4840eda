/**
 * What graph.trace and repo.summarize read of a snapshot's architecture facts (issue 17): the
 * endpoints with their full paths, the configuration keys and the tables with their sites, and the
 * facts of one symbol (those whose owner or target it is). A read-only view over the per-snapshot
 * surface index (surfaces-index.ts), which owns finding, caching and composing them; this module
 * owns only the narrow interface trace and summarize depend on, so either can be tested with
 * facts of its own and neither reaches into the index's internals.
 */
import type { SnapshotReader } from '@repograph/store';
import { surfaceIndexOf, type ConfigKey, type DbTable, type Endpoint, type SymbolSurfaceFact } from './surfaces-index.js';

export type { ConfigKey, DbTable, Endpoint, SymbolSurfaceFact } from './surfaces-index.js';

/** A snapshot's architecture facts, each list sorted as the surface index sorts it. */
export interface ArchitectureFacts {
  /** False when the snapshot's facts could not be read: every list is then empty, not known empty. */
  readonly available: boolean;
  endpoints(): readonly Endpoint[];
  configKeys(): readonly ConfigKey[];
  tables(): readonly DbTable[];
  /** Facts whose owner or target (handler, model) is the symbol. */
  factsOf(symbolId: string): readonly SymbolSurfaceFact[];
}

/** The view of a snapshot without architecture facts. */
export const NO_ARCHITECTURE_FACTS: ArchitectureFacts = Object.freeze({
  available: false,
  endpoints: () => [],
  configKeys: () => [],
  tables: () => [],
  factsOf: () => [],
});

/** The architecture facts of the snapshot `reader` reads: its surface index, built on first use. */
export function architectureFactsOf(reader: SnapshotReader): ArchitectureFacts {
  let index: ReturnType<typeof surfaceIndexOf> | null = null;
  const read = () => (index ??= surfaceIndexOf(reader));
  return {
    available: true,
    endpoints: () => read().endpoints(),
    configKeys: () => read().configKeys(),
    tables: () => read().tables(),
    factsOf: (symbolId) => read().factsOf(symbolId),
  };
}
