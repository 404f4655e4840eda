/**
 * The read stage: the tree after this refresh. Untouched files stay; touched ones come from the
 * scan, their blob ids reused by stat or read and hashed; unsaved buffers replace or add files.
 * The result says which files changed against the bound tree (every file, on a cold start) and
 * which left. The bound tree's maps are updated in place: a refresh that fails drops the whole
 * state, so nothing half-done is kept. Owns that comparison and the materials budget charge.
 */
import type { Diagnostic, FileFacts } from '@repograph/core';
import { chargeMaterials } from '@repograph/graph';
import type { FileEntry } from '@repograph/store';
import { bufferFile, byPath, loadWorktreeFiles, type ReadFilesHandOff, type TreeFile } from '../tree-files.js';
import { entryOf, scanStateAfter } from '../workspace-tree.js';
import { isTouched } from '../workspace-scan.js';
import type { ExcludedEntry, ScanResult } from '../worktree-scan.js';
import type { Admitted } from './admit.js';
import type { LiveState } from './state.js';
import type { RefreshContext } from './types.js';

export interface ReadInput {
  context: RefreshContext;
  state: LiveState | null;
  admitted: Admitted;
  /** The unsaved buffers in force for this refresh, by path. */
  buffers: ReadonlyMap<string, Uint8Array>;
  /** Takes the files read to be parsed as they are read (their bytes are then not kept in `bytes`). */
  handOff?: ReadFilesHandOff | undefined;
}

export interface TreeRead {
  /** Every file of the tree after this refresh, by path (the bound tree's map, updated). */
  files: Map<string, TreeFile>;
  /** Files added or whose blob, admission or language changed, sorted by path. */
  changed: TreeFile[];
  /** Paths that left the tree, sorted. */
  removed: string[];
  /** The facts each changed or removed path had before (undefined: none). */
  previousFacts: Map<string, FileFacts | undefined>;
  /** Bytes already in memory for a path (a buffer, or a file read for its blob id and not handed off). */
  bytes: Map<string, Uint8Array>;
  /** Files that could not be read (kept as Documents). */
  readDiagnostics: Diagnostic[];
  /** The touched paths of a partial scan; null after a full one. */
  touched: string[] | null;
  scan: ScanResult;
  scanDiagnostics: Map<string, Diagnostic[]>;
  excluded: Map<string, ExcludedEntry>;
}

export async function readTree(input: ReadInput): Promise<TreeRead> {
  const { context, state, admitted, buffers } = input;
  const scan = admitted.scan;
  const loaded = await loadWorktreeFiles(context.spec.root, scan.files.filter((f) => !buffers.has(f.path)), previousEntries(input), input.handOff);
  const touched = admitted.kind === 'partial' ? admitted.touched : null;
  const incoming = new Map<string, TreeFile>();
  for (const file of loaded.files) incoming.set(file.path, file);
  const bytes = loaded.bytesByPath;
  for (const [path, buffer] of buffers) {
    const file = bufferFile(path, buffer, context.host.policy);
    if (!file) continue;
    incoming.set(path, file);
    if (file.action === 'parse') bytes.set(path, buffer);
  }
  const files = state ? state.files : new Map<string, TreeFile>();
  const changed: TreeFile[] = [];
  const removed: string[] = [];
  const previousFacts = new Map<string, FileFacts | undefined>();
  for (const path of candidatePaths(state, touched, incoming, buffers)) {
    const before = state?.files.get(path);
    const file = incoming.get(path);
    if (!file) {
      if (before) {
        removed.push(path);
        files.delete(path);
        previousFacts.set(path, state!.facts.get(path));
      }
      continue;
    }
    if (!before || before.blobId !== file.blobId || before.action !== file.action || before.reason !== file.reason || before.language !== file.language) {
      changed.push(file);
      if (state) previousFacts.set(path, state.facts.get(path));
    }
    files.set(path, file);
  }
  changed.sort(byPath);
  removed.sort();
  chargeMaterials(files.values(), context.host.policy.budgets);
  const { scanDiagnostics, excluded } = scanStateAfter(state && touched ? state : null, touched ?? [], scan);
  return { files, changed, removed, previousFacts, bytes, readDiagnostics: loaded.diagnostics, touched, scan, scanDiagnostics, excluded };
}

/** The entries whose stats let a file's blob id be reused: the bound tree's, or the store's on a cold start. */
function previousEntries(input: ReadInput): Map<string, FileEntry> {
  const { context, state, admitted } = input;
  const entries = new Map<string, FileEntry>();
  if (state) {
    for (const scanned of admitted.scan.files) {
      const file = state.files.get(scanned.path);
      if (file) entries.set(file.path, entryOf(file));
    }
    return entries;
  }
  const reader = context.host.store.reader(context.key);
  if (reader) {
    for (const entry of reader.files()) entries.set(entry.path, entry);
    reader.close();
  }
  return entries;
}

/**
 * The paths this refresh may change: all of them after a full scan, else the touched ones (a
 * known file path is itself; anything else may be a folder: every path under it).
 */
function candidatePaths(
  state: LiveState | null, touched: string[] | null, incoming: ReadonlyMap<string, TreeFile>, buffers: ReadonlyMap<string, Uint8Array>,
): Set<string> {
  if (!state || !touched) return new Set([...(state?.files.keys() ?? []), ...incoming.keys()]);
  const set = new Set<string>([...incoming.keys(), ...buffers.keys()]);
  for (const path of touched) {
    set.add(path);
    if (!state.files.has(path)) for (const known of state.files.keys()) if (isTouched(known, [path])) set.add(known);
  }
  return set;
}
