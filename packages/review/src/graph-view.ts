/**
 * A snapshot reader seen as a ReviewGraph (the reader has every read but `hasFile`; relations
 * are kept for the view's life, which is one computation over one open reader), and the
 * changed files of a review with what each side's manifest says of them. Owns that adaptation.
 */
import type { DiffEntry, SnapshotReader } from '@repograph/engine';
import type { ChangedFile, ReviewGraph } from './types.js';

export function graphOf(reader: SnapshotReader): ReviewGraph {
  // A review walks the same users many times over (each cohort's radius, the impact of each):
  // the reader's answers for one open snapshot never change, so the incoming ones are kept.
  const into = new Map<string, ReturnType<SnapshotReader['relationsTo']>>();
  const from = new Map<string, ReturnType<SnapshotReader['relationsFrom']>>();
  return {
    hasFile: (path) => reader.file(path) !== undefined,
    symbol: (id) => reader.getSymbol(id),
    symbolsInFile: (path) => reader.symbolsInFile(path),
    relationsFrom: (idOrPath) => {
      let relations = from.get(idOrPath);
      if (relations === undefined) from.set(idOrPath, (relations = reader.relationsFrom(idOrPath)));
      return relations;
    },
    relationsTo: (id) => {
      let relations = into.get(id);
      if (relations === undefined) into.set(id, (relations = reader.relationsTo(id)));
      return relations;
    },
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
