/**
 * A snapshot reader seen as a ReviewGraph (the reader has every read but `hasFile`), and the
 * changed files of a review with what each side's manifest says of them. Owns that adaptation.
 */
import type { DiffEntry, SnapshotReader } from '@repograph/engine';
import type { ChangedFile, ReviewGraph } from './types.js';

export function graphOf(reader: SnapshotReader): ReviewGraph {
  return {
    hasFile: (path) => reader.file(path) !== undefined,
    symbol: (id) => reader.getSymbol(id),
    symbolsInFile: (path) => reader.symbolsInFile(path),
    relationsFrom: (idOrPath) => reader.relationsFrom(idOrPath),
    relationsTo: (id) => reader.relationsTo(id),
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
