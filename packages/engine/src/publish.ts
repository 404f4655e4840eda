/**
 * Publication: writes a new baseline (when one was built) and the worktree snapshot, an overlay
 * holding only the path groups that differ from the baseline, each in one atomic store write,
 * and composes the BuildReport. Owns the overlay diff and the report's figures.
 */
import type { BuildReport, Diagnostic } from '@repograph/core';
import type { GraphOutput, HashedGroup } from '@repograph/graph';
import type { FileEntry, RepoStore } from '@repograph/store';
import { hasSnapshot } from './snapshots.js';
import type { TreeFile } from './tree-files.js';

/** Diagnostics kept in a report; the counts by code are always complete. */
const REPORT_DIAGNOSTIC_LIMIT = 500;

export interface PublishInput {
  store: RepoStore;
  root: string;
  head: string | null;
  baselineKey: string | null;
  baselineFiles: TreeFile[] | null;
  baselineGraph: GraphOutput | null;
  worktreeKey: string;
  worktreeFiles: TreeFile[];
  worktreeGraph: GraphOutput;
  materials: { submitted: number; excluded: Record<string, number>; cached: number; extracted: number; failed: number };
  timings: Record<string, number>;
  lap: (stage: string) => void;
}

/** Publishes the build and returns its report. */
export async function publishBuild(input: PublishInput): Promise<BuildReport> {
  const { store, worktreeGraph } = input;
  if (input.baselineKey && input.baselineFiles && input.baselineGraph) {
    const baselineReport = reportOf(input, input.baselineFiles, input.baselineGraph, 0);
    await store.publishSnapshot({
      key: input.baselineKey, base: null,
      files: fileEntries(input.baselineFiles, input.baselineGraph),
      groups: input.baselineGraph.groups.map((g) => ({ path: g.path, removed: false, symbols: g.symbols, relations: g.relations })),
      report: baselineReport, digest: input.baselineGraph.digest,
      meta: { head: input.head, commit: input.head },
    });
  }

  let base: string | null = null;
  let groups: HashedGroup[] = worktreeGraph.groups;
  const removed: string[] = [];
  if (input.baselineKey && hasSnapshot(store, input.baselineKey)) {
    base = input.baselineKey;
    const baseHashes = new Map<string, string>();
    if (input.baselineGraph) {
      for (const group of input.baselineGraph.groups) baseHashes.set(group.path, group.hash);
    } else {
      const reader = store.reader(input.baselineKey)!;
      for (const entry of reader.files()) baseHashes.set(entry.path, entry.groupHash);
      reader.close();
    }
    groups = worktreeGraph.groups.filter((group) => baseHashes.get(group.path) !== group.hash);
    const present = new Set(worktreeGraph.groups.map((g) => g.path));
    for (const path of baseHashes.keys()) if (!present.has(path)) removed.push(path);
  }

  const report = reportOf(input, input.worktreeFiles, worktreeGraph, 0);
  const generation = await store.publishSnapshot({
    key: input.worktreeKey, base,
    files: fileEntries(input.worktreeFiles, worktreeGraph),
    groups: [
      ...groups.map((g) => ({ path: g.path, removed: false, symbols: g.symbols, relations: g.relations })),
      ...removed.sort().map((path) => ({ path, removed: true, symbols: [], relations: [] })),
    ],
    report, digest: worktreeGraph.digest,
    meta: { head: input.head, overlayPaths: groups.length + removed.length },
  });
  input.lap('publishMs');
  return { ...report, generation, timings: input.timings };
}

function fileEntries(files: TreeFile[], graph: GraphOutput): FileEntry[] {
  const hashByPath = new Map(graph.groups.map((g) => [g.path, g] as const));
  return files.map((file) => {
    const group = hashByPath.get(file.path);
    const partial = group?.diagnostics.some((d) => d.code === 'parse_error') ?? false;
    return {
      path: file.path, blobId: file.blobId, size: file.size, mtimeMs: file.mtimeMs, ino: file.ino,
      language: file.language, status: file.action === 'document' ? 'document' : partial ? 'partial' : 'parsed',
      generated: group?.symbols[0]?.generated ?? false, groupHash: group?.hash ?? '',
    };
  });
}

function reportOf(input: PublishInput, files: TreeFile[], graph: GraphOutput, generation: number): BuildReport {
  const diagnostics: Diagnostic[] = [...graph.diagnostics];
  for (const group of graph.groups) diagnostics.push(...group.diagnostics);
  const diagnosticCounts: Record<string, number> = {};
  for (const diagnostic of diagnostics) diagnosticCounts[diagnostic.code] = (diagnosticCounts[diagnostic.code] ?? 0) + 1;
  const bytes = files.reduce((sum, f) => sum + f.size, 0);
  return {
    repoRoot: input.root,
    commit: input.head,
    generation,
    materials: {
      submitted: input.materials.submitted,
      admitted: files.length,
      excluded: input.materials.excluded,
      failed: input.materials.failed,
      cached: input.materials.cached,
      extracted: input.materials.extracted,
      partial: diagnosticCounts.parse_error ?? 0,
      bytes,
    },
    analysis: {
      entities: graph.counts.entities,
      references: graph.counts.references,
      relations: graph.counts.relations,
      unresolved: graph.counts.unresolved,
    },
    selection: { published: graph.counts.symbols },
    publication: { nodes: graph.counts.symbols, relations: graph.counts.relations },
    timings: input.timings,
    diagnostics: diagnostics.slice(0, REPORT_DIAGNOSTIC_LIMIT),
    diagnosticCounts,
    digest: graph.digest,
    unchanged: false,
  };
}
