/**
 * The BuildReport of a published tree: materials, analysis, selection, publication, timings,
 * diagnostics (capped; counts by code always complete) and digest. Owns the figures.
 */
import type { BuildReport, Diagnostic, SelectionReport } from '@repograph/core';
import type { GraphOutput } from '@repograph/graph';
import type { TreeFile } from './tree-files.js';

/** Diagnostics kept in a report; the counts by code are always complete. */
const REPORT_DIAGNOSTIC_LIMIT = 500;

export interface ReportInput {
  root: string;
  head: string | null;
  files: Iterable<TreeFile>;
  /** The bound graph (analysis figures) ... */
  graph: GraphOutput;
  /** ... and what selection published of it (publication figures, digest). */
  selection: { output: GraphOutput; report: SelectionReport };
  materials: { submitted: number; excluded: Record<string, number>; cached: number; extracted: number; failed: number };
  timings: Record<string, number>;
}

/** The report of one build (generation 0 until published). */
export function buildReport(input: ReportInput): BuildReport {
  const { graph } = input;
  const diagnostics: Diagnostic[] = [...graph.diagnostics];
  for (const group of graph.groups) diagnostics.push(...group.diagnostics);
  const diagnosticCounts: Record<string, number> = {};
  for (const diagnostic of diagnostics) diagnosticCounts[diagnostic.code] = (diagnosticCounts[diagnostic.code] ?? 0) + 1;
  let bytes = 0;
  let admitted = 0;
  for (const file of input.files) {
    bytes += file.size;
    admitted++;
  }
  return {
    repoRoot: input.root,
    commit: input.head,
    generation: 0,
    materials: {
      submitted: input.materials.submitted,
      admitted,
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
    selection: input.selection.report,
    publication: { nodes: input.selection.output.counts.symbols, relations: input.selection.output.counts.relations },
    timings: input.timings,
    diagnostics: diagnostics.slice(0, REPORT_DIAGNOSTIC_LIMIT),
    diagnosticCounts,
    digest: input.selection.output.digest,
    unchanged: false,
  };
}
