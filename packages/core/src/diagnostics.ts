/**
 * Diagnostics: what a stage has to say about one file or the whole build, kept in the graph and
 * in the BuildReport. Owns the shape and the stable code strings.
 */

/** Stable diagnostic codes. */
export const DIAGNOSTIC_CODES = [
  'excluded_material', 'parse_error', 'binary_file', 'invalid_utf8', 'file_too_large',
  'unreadable_file', 'symlink_loop', 'unresolved_import', 'extractor_failure', 'masked_syntax',
  'outside_repository', 'duplicate_declaration',
] as const;
export type DiagnosticCode = (typeof DIAGNOSTIC_CODES)[number];

export type DiagnosticSeverity = 'error' | 'warning' | 'info';

/** One diagnostic; `path` is relative to the repository root. */
export interface Diagnostic {
  code: DiagnosticCode;
  severity: DiagnosticSeverity;
  path: string;
  message: string;
  line?: number;
  column?: number;
  /** Machine-readable detail (for `excluded_material`: `{reason}`). */
  data?: Record<string, string | number | boolean>;
}
