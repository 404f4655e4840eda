/**
 * Trees as the build sees them: the worktree (stat'ed, blob ids computed or reused by stat) and
 * a commit's tree (from `git ls-tree`). Owns the stat-reuse rule and the minified-content check;
 * reads bytes only for files whose stat changed.
 */
import { join } from 'node:path';
import type { Diagnostic, LanguageId } from '@repograph/core';
import { languageOfPath } from '@repograph/extract';
import { admitPath, DEFAULT_MATERIAL_POLICY, looksMinified, type MaterialPolicy } from '@repograph/graph';
import { hashBlob, listTree, listTreeFrom, type FileEntry, type TreeEntry, type TreeListing } from '@repograph/store';
import { excludedAncestor, excludedCounts, excludedFileDiagnostic, excludeFolders, skippedEntryDiagnostic, type ScannedFile } from './worktree-scan.js';
import { readRegularFileSync } from './regular-file.js';
import { yieldTurn } from './yield-turn.js';
import { isFullObjectId } from '@repograph/store';

/** The largest file the indexer reads (admission keeps larger ones as Documents by size long before). */
export const MAX_INDEXED_BYTES = 256 * 1024 * 1024;

/** A file of one tree with what the build knows about it. */
export interface TreeFile {
  path: string;
  size: number;
  mtimeMs: number;
  ino: number;
  action: 'parse' | 'document';
  /** Why a file is a Document (minified, too_large, documentation, unreadable, no_extractor). */
  reason: string | undefined;
  language: LanguageId | null;
  blobId: string | null;
}

/** The worktree's files, with bytes kept for those read in this build. */
export interface WorktreeFiles {
  files: TreeFile[];
  bytesByPath: Map<string, Uint8Array>;
  diagnostics: Diagnostic[];
}

/** Files read to be parsed, handed over with their bytes as each slice of reads ends. */
export type ReadFilesHandOff = (read: Array<{ file: TreeFile; bytes: Uint8Array }>) => void;

/**
 * Blob ids for the worktree: reused when size, mtime and inode match the last build, else read
 * and hashed. Reads are synchronous (several times cheaper than fs.promises for small files) in
 * slices of a few milliseconds, so the event loop still turns between slices. With `handOff`, the
 * files read to be parsed go to it at the end of each slice (the caller starts extracting them
 * while reading goes on) instead of into `bytesByPath`.
 */
export async function loadWorktreeFiles(root: string, scanned: ScannedFile[], previous: Map<string, FileEntry>, handOff?: ReadFilesHandOff): Promise<WorktreeFiles> {
  const files: TreeFile[] = [];
  const bytesByPath = new Map<string, Uint8Array>();
  const diagnostics: Diagnostic[] = [];
  let handed: Array<{ file: TreeFile; bytes: Uint8Array }> = [];
  const handOver = (): void => {
    if (handed.length > 0) handOff!(handed);
    handed = [];
  };
  let sliceStart = performance.now();
  for (const scan of scanned) {
    if (performance.now() - sliceStart > SLICE_MS) {
      if (handOff) handOver();
      await yieldTurn();
      sliceStart = performance.now();
    }
    const file = treeFileOf(scan.path, scan.size, scan.mtimeMs, scan.ino, scan.decision.action === 'parse', scan.decision.reason);
    files.push(file);
    if (file.action !== 'parse') continue;
    const before = previous.get(scan.path);
    if (before?.blobId && before.status !== 'document' && before.size === scan.size && before.mtimeMs === scan.mtimeMs && before.ino === scan.ino) {
      file.blobId = before.blobId;
      continue;
    }
    const read = readRegularFileSync(join(root, scan.path), MAX_INDEXED_BYTES);
    try {
      if (!read.ok) throw Object.assign(new Error(read.problem), { code: read.errno ?? read.problem });
      const bytes = read.bytes;
      file.blobId = hashBlob(bytes);
      file.size = bytes.byteLength;
      if (looksMinified(bytes.toString('latin1', 0, Math.min(bytes.byteLength, 65536)))) {
        file.action = 'document';
        file.reason = 'minified';
        continue;
      }
      if (handOff) handed.push({ file, bytes });
      else bytesByPath.set(scan.path, bytes);
    } catch (error) {
      file.action = 'document';
      file.reason = 'unreadable';
      diagnostics.push({
        code: 'unreadable_file', severity: 'warning', path: scan.path,
        message: `${scan.path} could not be read (${(error as NodeJS.ErrnoException).code ?? String(error)}); it is kept without symbols. Check its permissions.`,
      });
    }
  }
  if (handOff) handOver();
  files.sort(byPath);
  return { files, bytesByPath, diagnostics };
}

/** How long a synchronous slice of file reads may hold the event loop. */
const SLICE_MS = 8;

/** The last commits listed, by repository root (most recent last): a commit's listing never changes. */
const LISTINGS = new Map<string, Array<{ commit: string; listing: TreeListing }>>();
const LISTINGS_KEPT = 3;
/** Listings of more entries are not kept (their memory would outweigh a git process). */
const MAX_KEPT_ENTRIES = 50_000;

/**
 * The listing of `commit`: kept from an earlier call, else derived from the listing of the last
 * commit listed by comparing the two trees (a push, a review's head after its base: only what
 * differs is read; store git-tree-diff.ts), else `git ls-tree`.
 */
async function commitListing(root: string, commit: string): Promise<TreeListing> {
  const kept = LISTINGS.get(root) ?? [];
  const known = kept.find((entry) => entry.commit === commit);
  if (known) return known.listing;
  const near = kept[kept.length - 1];
  const listing = (near && near.commit.length === commit.length ? await listTreeFrom(root, near.commit, near.listing, commit) : null)
    ?? await listTree(root, commit);
  if (listing.entries.length <= MAX_KEPT_ENTRIES) {
    LISTINGS.set(root, [...kept.filter((entry) => entry.commit !== commit), { commit, listing }].slice(-LISTINGS_KEPT));
  }
  return listing;
}

/** A commit's files, and what its listing excluded (reported as the worktree scan reports it). */
export interface CommitFiles {
  files: TreeFile[];
  diagnostics: Diagnostic[];
  excluded: Record<string, number>;
}

/** The files of a commit's tree, admitted by path and size (no checkout); shared: read-only. */
export async function loadCommitFiles(root: string, commit: string, policy: MaterialPolicy = DEFAULT_MATERIAL_POLICY): Promise<CommitFiles> {
  // A commit's admitted files never change under one policy (the policy object is replaced, never
  // changed): the last few are kept, and callers share them read-only.
  // Only a full object id names one tree for good; a ref name moves, so it is never kept.
  // A listing under way is shared (a cold refresh starts its HEAD's early; a review both sides').
  if (!isFullObjectId(commit)) return admitCommitFiles(root, commit, policy);
  const key = `${root}\0${commit}`;
  let byCommit = COMMIT_FILES.get(policy);
  if (!byCommit) COMMIT_FILES.set(policy, (byCommit = new Map()));
  const kept = byCommit.get(key);
  if (kept) return kept;
  const files = admitCommitFiles(root, commit, policy);
  if (byCommit.size >= LISTINGS_KEPT) byCommit.delete(byCommit.keys().next().value!);
  byCommit.set(key, files);
  const forget = (): void => { if (byCommit.get(key) === files) byCommit.delete(key); };
  files.then((listed) => { if (listed.files.length > MAX_KEPT_ENTRIES) forget(); }, forget);
  return files;
}

/** loadCommitFiles's results (settled or under way) by policy, then by (root, commit). */
const COMMIT_FILES = new WeakMap<MaterialPolicy, Map<string, Promise<CommitFiles>>>();

async function admitCommitFiles(root: string, commit: string, policy: MaterialPolicy): Promise<CommitFiles> {
  const listing = await commitListing(root, commit);
  const admissions = listing.entries.map((entry) => admissionOf(entry, policy));
  const ancestors = new Map(admissions.map((admission, i) => [listing.entries[i]!.path, admission.ancestor] as const));
  const folders = excludeFolders(listing.entries.map((e) => e.path), policy, (path) => ancestors.get(path)!);
  const diagnostics = folders.diagnostics;
  const excluded = excludedCounts(folders.folders.values());
  for (const skipped of listing.skipped) {
    const reason = skipped.reason === 'nested-repository' ? 'nested_repository' : skipped.reason;
    excluded[reason] = (excluded[reason] ?? 0) + 1;
    diagnostics.push(skippedEntryDiagnostic(skipped.path, reason));
  }
  const files: TreeFile[] = [];
  listing.entries.forEach((entry, i) => {
    const admission = admissions[i]!;
    if (admission.excluded !== null) {
      excluded[admission.excluded.reason] = (excluded[admission.excluded.reason] ?? 0) + 1;
      diagnostics.push(admission.excluded.diagnostic);
    } else if (admission.file) {
      files.push(admission.file);
    }
  });
  files.sort(byPath);
  return { files, diagnostics, excluded };
}

/** What admission makes of one entry of a commit's listing: its path, size and blob decide it. */
interface EntryAdmission {
  /** The outermost excluded folder the entry lies in (its own path when none). */
  ancestor: string;
  /** The entry as a file of the tree (null: inside an excluded folder, or excluded itself). */
  file: TreeFile | null;
  /** Why admission excludes the file itself, with its diagnostic (null: it is admitted, or lies in an excluded folder). */
  excluded: { reason: string; diagnostic: Diagnostic } | null;
}

/**
 * Admissions by listing entry, per policy. A commit's listing derived from the last one (a push,
 * a review's head after its base) shares the entry objects of every path that did not change,
 * so admitting it costs what changed, not the tree: ~5-15 ms per push on core-js's 3,500 files
 * before. The tree files and diagnostics are shared read-only, as loadCommitFiles's results are
 * (and a diagnostic seen before keeps its canonical text: baseline-neighbour.ts).
 */
const ADMISSIONS = new WeakMap<MaterialPolicy, WeakMap<TreeEntry, EntryAdmission>>();

function admissionOf(entry: TreeEntry, policy: MaterialPolicy): EntryAdmission {
  let byEntry = ADMISSIONS.get(policy);
  if (!byEntry) ADMISSIONS.set(policy, (byEntry = new WeakMap()));
  let admission = byEntry.get(entry);
  if (admission) return admission;
  const ancestor = excludedAncestor(entry.path, policy);
  if (ancestor !== entry.path) {
    admission = { ancestor, file: null, excluded: null };
  } else {
    const decision = admitPath(entry.path, entry.size ?? 0, policy);
    if (decision.action === 'exclude') {
      const reason = decision.reason ?? 'excluded';
      admission = { ancestor, file: null, excluded: { reason, diagnostic: excludedFileDiagnostic(entry.path, reason) } };
    } else {
      const file = treeFileOf(entry.path, entry.size ?? 0, 0, 0, decision.action === 'parse', decision.reason);
      file.blobId = entry.blobId;
      admission = { ancestor, file, excluded: null };
    }
  }
  byEntry.set(entry, admission);
  return admission;
}

function treeFileOf(path: string, size: number, mtimeMs: number, ino: number, parse: boolean, reason: string | undefined): TreeFile {
  const language = languageOfPath(path);
  const action = parse && language ? 'parse' : 'document';
  return { path, size, mtimeMs, ino, action, reason: action === 'parse' ? undefined : reason ?? 'no_extractor', language, blobId: null };
}

/** The tree file of an unsaved buffer (held in memory, not on disk); null when admission excludes its path. */
export function bufferFile(path: string, bytes: Uint8Array, policy: MaterialPolicy = DEFAULT_MATERIAL_POLICY): TreeFile | null {
  const decision = admitPath(path, bytes.byteLength, policy);
  if (decision.action === 'exclude') return null;
  const file = treeFileOf(path, bytes.byteLength, 0, 0, decision.action === 'parse', decision.reason);
  file.blobId = hashBlob(bytes);
  if (file.action === 'parse' && looksMinified(Buffer.from(bytes).toString('latin1', 0, Math.min(bytes.byteLength, 65536)))) {
    file.action = 'document';
    file.reason = 'minified';
  }
  return file;
}

/** Orders files by path (code-unit order). */
export function byPath(a: { path: string }, b: { path: string }): number {
  return a.path < b.path ? -1 : a.path > b.path ? 1 : 0;
}
