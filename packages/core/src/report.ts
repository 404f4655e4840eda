/**
 * BuildReport: what one build did, stage by stage (PROTOCOL.md `index.report`). Owns the shape;
 * engine fills it in.
 */
import type { Diagnostic } from './diagnostics.js';

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
  selection: { published: number };
  publication: { nodes: number; relations: number };
  timings: Record<string, number>;
  diagnostics: Diagnostic[];
  /** Count of diagnostics by code (the list above may be truncated). */
  diagnosticCounts: Record<string, number>;
  digest: string;
  /** True when nothing changed since the last build and nothing was rebuilt. */
  unchanged: boolean;
}
