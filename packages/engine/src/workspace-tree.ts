/**
 * The bookkeeping a live workspace keeps beside its bound graph, as pure steps: manifest entries
 * and the function index updated for the touched paths only, the overlay's difference from the
 * baseline kept the same way, the scan's diagnostics and exclusions replaced for the touched
 * paths, the files a global selection changed, the change of a whole tree against a baseline
 * (for deltas since a commit), and small comparisons. Owns these steps; the refresh
 * stages that call them are in refresh/.
 */
import type { Diagnostic, FileFacts } from '@repograph/core';
import type { GraphOutput, HashedGroup } from '@repograph/graph';
import { hashBlob, type FileEntry, type SnapshotReader } from '@repograph/store';
import { fileEntries } from './baseline.js';
import { FunctionIndex } from './function-index.js';
import { findGroup, type GraphChangeSummary } from './graph-change.js';
import type { TreeFile } from './tree-files.js';
import { isTouched } from './workspace-scan.js';
import type { ExcludedEntry, ScanResult } from './worktree-scan.js';

/**
 * The manifest entries after a refresh: the previous ones, with `touched` paths (or, on a cold
 * start, every path) recomputed from their file and group, and removed paths dropped.
 */
export function entriesAfter(
  previous: Map<string, FileEntry> | undefined, files: Map<string, TreeFile>, graph: GraphOutput,
  touched: string[] | null, removed: string[],
): Map<string, FileEntry> {
  if (!previous || touched === null) {
    return new Map(fileEntries(graph.groups.map((g) => files.get(g.path)!), graph).map((e) => [e.path, e] as const));
  }
  const entries = previous;
  for (const path of removed) entries.delete(path);
  const wanted = [...new Set(touched)].filter((path) => files.has(path));
  const groups = { groups: wanted.map((path) => findGroup(graph.groups, path)).filter((g): g is HashedGroup => g !== undefined) } as GraphOutput;
  for (const entry of fileEntries(wanted.map((path) => files.get(path)!), groups)) entries.set(entry.path, entry);
  return entries;
}

/** The function index after a refresh: the previous one with `touched` paths replaced (or built whole). */
export function functionsAfter(previous: FunctionIndex | undefined, facts: Map<string, FileFacts>, touched: string[] | null): FunctionIndex {
  if (!previous || touched === null) {
    const index = new FunctionIndex();
    for (const [path, fileFacts] of facts) index.set(path, fileFacts);
    return index;
  }
  for (const path of new Set(touched)) previous.set(path, facts.get(path) ?? null);
  return previous;
}

/**
 * The change of a whole tree against a baseline: files whose blob differs, files bound
 * differently, files gone. The worktree scan does not hash documents (a commit's listing has
 * their blob ids), so a document of the same size is hashed here, through `bytesOf`.
 */
export function treeChange(base: SnapshotReader, after: ReadonlyMap<string, FileEntry>, reingestMs: number, bytesOf: (path: string) => Uint8Array | null): GraphChangeSummary {
  const reparsed: string[] = [];
  const affected: string[] = [];
  const removedFiles: string[] = [];
  const sameBlob = (entry: FileEntry, now: FileEntry): boolean => {
    if (now.blobId !== null || entry.blobId === null) return now.blobId === entry.blobId;
    if (now.size !== entry.size) return false;
    const bytes = bytesOf(entry.path);
    return bytes !== null && hashBlob(bytes) === entry.blobId;
  };
  for (const entry of base.files()) {
    const now = after.get(entry.path);
    if (!now) removedFiles.push(entry.path);
    else if (now.status !== entry.status || !sameBlob(entry, now)) reparsed.push(entry.path);
    else if (now.groupHash !== entry.groupHash) affected.push(entry.path);
  }
  for (const path of after.keys()) if (!base.file(path)) reparsed.push(path);
  reparsed.sort();
  return {
    paths: [...new Set([...reparsed, ...affected, ...removedFiles])].sort(), reparsed, affected, removedFiles,
    symbols: { added: [], removed: [], changed: [] }, reingestMs,
  };
}

/**
 * treeChange of a snapshot that sits on `base` (a delta baseline over the review's base): its own
 * manifest holds exactly the entries that differ from the base's, so the change is read from
 * those alone, at the cost of what changed rather than of the tree. Same answer as treeChange.
 */
export function changeOverBase(base: SnapshotReader, after: SnapshotReader): GraphChangeSummary {
  const reparsed: string[] = [];
  const affected: string[] = [];
  const removedFiles: string[] = [];
  for (const { path, file: now } of after.ownFiles()) {
    const entry = base.file(path);
    if (!now) {
      if (entry) removedFiles.push(path);
    } else if (!entry || now.status !== entry.status || now.blobId !== entry.blobId) reparsed.push(path);
    else if (now.groupHash !== entry.groupHash) affected.push(path);
  }
  return {
    paths: [...new Set([...reparsed, ...affected, ...removedFiles])].sort(), reparsed: reparsed.sort(), affected, removedFiles,
    symbols: { added: [], removed: [], changed: [] }, reingestMs: 0,
  };
}

/** True when both hold the same unsaved buffers. */
export function sameContents(a: ReadonlyMap<string, Uint8Array>, b: ReadonlyMap<string, Uint8Array>): boolean {
  if (a.size !== b.size) return false;
  for (const [path, bytes] of a) {
    const other = b.get(path);
    if (!other || !Buffer.from(other).equals(Buffer.from(bytes))) return false;
  }
  return true;
}

/** A manifest entry for a tree file (stat reuse needs only its blob, size, time and inode). */
export function entryOf(file: TreeFile): FileEntry {
  return {
    path: file.path, blobId: file.blobId, size: file.size, mtimeMs: file.mtimeMs, ino: file.ino, language: file.language,
    status: file.action === 'document' ? 'document' : 'parsed', generated: false, groupHash: '',
  };
}

/** Which paths of a workspace differ from its baseline, and which baseline paths are gone. */
export interface Overlay {
  base: string;
  differing: Set<string>;
  missing: Set<string>;
}

/**
 * The overlay after a refresh: the previous one updated for the paths this refresh touched, or
 * computed over every group when the baseline changed or nothing was kept (`touched` null).
 */
export function overlayAfter(
  previous: Overlay | undefined, base: string, baseHashes: ReadonlyMap<string, string>,
  groups: readonly HashedGroup[], touched: string[] | null,
): Overlay {
  if (!previous || previous.base !== base || touched === null) {
    const overlay: Overlay = { base, differing: new Set(), missing: new Set() };
    for (const group of groups) if (baseHashes.get(group.path) !== group.hash) overlay.differing.add(group.path);
    const present = new Set(groups.map((g) => g.path));
    for (const path of baseHashes.keys()) if (!present.has(path)) overlay.missing.add(path);
    return overlay;
  }
  for (const path of touched) {
    const group = findGroup(groups, path);
    if (group && baseHashes.get(path) !== group.hash) previous.differing.add(path);
    else previous.differing.delete(path);
    if (!group && baseHashes.has(path)) previous.missing.add(path);
    else previous.missing.delete(path);
  }
  return previous;
}

/**
 * The scan's diagnostics (by the path they name) and exclusions after a refresh: `previous` with
 * the entries under `touched` replaced by `scan`'s (a full scan: `previous` null, all of them).
 * Updates `previous`'s maps in place.
 */
export function scanStateAfter(
  previous: { scanDiagnostics: Map<string, Diagnostic[]>; excluded: Map<string, ExcludedEntry> } | null,
  touched: readonly string[], scan: ScanResult,
): { scanDiagnostics: Map<string, Diagnostic[]>; excluded: Map<string, ExcludedEntry> } {
  const scanDiagnostics = previous?.scanDiagnostics ?? new Map<string, Diagnostic[]>();
  const excluded = previous?.excluded ?? new Map<string, ExcludedEntry>();
  if (previous) {
    for (const path of [...scanDiagnostics.keys()]) if (isTouched(path, touched)) scanDiagnostics.delete(path);
    for (const path of [...excluded.keys()]) if (isTouched(path, touched)) excluded.delete(path);
  }
  for (const diagnostic of scan.diagnostics) {
    const list = scanDiagnostics.get(diagnostic.path);
    if (list) list.push(diagnostic);
    else scanDiagnostics.set(diagnostic.path, [diagnostic]);
  }
  for (const [path, entry] of scan.excluded) excluded.set(path, entry);
  return { scanDiagnostics, excluded };
}

/** `rebound` plus the paths whose selected group differs from the previous selection's (sorted). */
export function withReselected(rebound: string[], previous: readonly HashedGroup[], next: readonly HashedGroup[]): string[] {
  const before = new Map(previous.map((group) => [group.path, group.hash] as const));
  const paths = new Set(rebound);
  for (const group of next) {
    const hash = before.get(group.path);
    if (hash !== undefined && hash !== group.hash) paths.add(group.path);
  }
  return paths.size === rebound.length ? rebound : [...paths].sort();
}
