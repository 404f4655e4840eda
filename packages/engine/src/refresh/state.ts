/**
 * What a live workspace keeps between refreshes: its bound tree (files, facts, the GraphSession,
 * its selection) and the bookkeeping beside it (diagnostics, exclusions, manifests, entries, the
 * function index, the overlay, what the store holds). Owns the shape; the stages build it.
 */
import type { Diagnostic, FileFacts } from '@repograph/core';
import type { GraphSession, PolicySelection } from '@repograph/graph';
import type { FileEntry } from '@repograph/store';
import type { FunctionIndex } from '../function-index.js';
import type { TreeFile } from '../tree-files.js';
import type { Overlay } from '../workspace-tree.js';
import type { Publication } from '../workspace-stored.js';
import type { ExcludedEntry } from '../worktree-scan.js';

export interface LiveState {
  head: string | null;
  files: Map<string, TreeFile>;
  facts: Map<string, FileFacts>;
  /** The engine's own diagnostics per file (unreadable, extraction failed). */
  fileDiagnostics: Map<string, Diagnostic[]>;
  /** Scan diagnostics by the path they name (folders, links, unreadable entries). */
  scanDiagnostics: Map<string, Diagnostic[]>;
  /** Every exclusion (file, folder, link, nested repository) by the path it names. */
  excluded: Map<string, ExcludedEntry>;
  manifests: Map<string, string>;
  session: GraphSession;
  /** What the policy publishes of the session's output (the output itself in full mode). */
  selection: PolicySelection;
  buildDiagnosticsKey: string;
  baselineHashes: Map<string, string> | null;
  /** What the store holds for this workspace now. */
  published: Publication | null;
  /** Manifest entries by path (recomputed for changed and re-bound paths only). */
  entries: Map<string, FileEntry>;
  /** Functions by fingerprint and branch, for duplicate findings. */
  functions: FunctionIndex;
  /** Paths whose group differs from the baseline's, and baseline paths gone from the tree. */
  overlay?: Overlay;
}
