/**
 * BuildReport: what one build did, stage by stage (PROTOCOL.md `index.report`). Owns the shape;
 * engine fills it in.
 */
import type { Diagnostic } from './diagnostics.js';

/** Which nodes are published: everything, or the analysis preset (core, context and bridges). */
export type SelectionPreset = 'full' | 'analysis';

/**
 * What selection kept. `core`: types, functions and module-scope data; `context`: files,
 * directories, modules, packages, namespaces; `bridges`: locals and fields on a path between two
 * core nodes (analysis preset only; in full mode every local and field is published and counted
 * in neither); `dropped`: nodes not published; `searchWork`: edge visits of the bridge search.
 */
export interface SelectionReport {
  preset: SelectionPreset;
  published: number;
  core: number;
  context: number;
  bridges: number;
  dropped: number;
  searchWork: number;
}

export interface BuildReport {
  repoRoot: string;
  /** The commit the baseline was built from, or null for a directory outside git. */
  commit: string | null;
  generation: number;
  materials: {
    submitted: number;
    admitted: number;
    excluded: Record<string, number>;
    failed: number;
    /** Files whose facts came from the cache / were extracted in this build. */
    cached: number;
    extracted: number;
    partial: number;
    bytes: number;
  };
  analysis: { entities: number; references: number; relations: number; unresolved: number };
  selection: SelectionReport;
  publication: { nodes: number; relations: number };
  timings: Record<string, number>;
  diagnostics: Diagnostic[];
  /** Count of diagnostics by code (the list above may be truncated). */
  diagnosticCounts: Record<string, number>;
  digest: string;
  /** True when nothing changed since the last build and nothing was rebuilt. */
  unchanged: boolean;
}
