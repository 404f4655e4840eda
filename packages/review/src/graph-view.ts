/**
 * A snapshot reader seen as a ReviewGraph (the reader has every read but `hasFile`; a relation's
 * users and a symbol's record are kept per snapshot across computations, snapshot-reads.ts, and
 * the relations from an id for the view's life, which is one computation over one open reader),
 * and the changed files of a review with what each side's manifest says of them. Owns that
 * adaptation.
 */
import type { DiffEntry, SnapshotReader } from '@repograph/engine';
import { keptReads } from './snapshot-reads.js';
import type { ChangedFile, ReviewGraph } from './types.js';

export function graphOf(reader: SnapshotReader): ReviewGraph {
  // A review walks the same users many times over (each cohort's radius, the impact of each,
  // every blastRadius call after the compute): the answers for one stored snapshot never change.
  const kept = keptReads(reader);
  const from = new Map<string, ReturnType<SnapshotReader['relationsFrom']>>();
  return {
    hasFile: (path) => reader.file(path) !== undefined,
    symbol: kept.symbol,
    symbolsInFile: (path) => reader.symbolsInFile(path),
    relationsFrom: (idOrPath) => {
      let relations = from.get(idOrPath);
      if (relations === undefined) from.set(idOrPath, (relations = reader.relationsFrom(idOrPath)));
      return relations;
    },
    relationsTo: kept.relationsTo,
  };
}

/**
 * The review's changed files: git's list, each with the graph's language on the side that has it
 * (null when the graph does not parse the file, or admitted it as a document) and whether the
 * graph took it for generated code.
 */
export function changedFilesOf(entries: readonly DiffEntry[], base: SnapshotReader, head: SnapshotReader): ChangedFile[] {
  return entries.map((entry) => {
    const file = (entry.status === 'removed' ? base : head).file(entry.path) ?? base.file(entry.path);
    const parsed = file !== undefined && file.language !== null && file.status !== 'document' && file.status !== 'excluded';
    return {
      path: entry.path, status: entry.status,
      language: parsed ? file!.language : null,
      generated: file?.generated ?? false,
      binary: entry.binary,
      linesAdded: entry.linesAdded, linesRemoved: entry.linesRemoved,
    };
  });
}
