/**
 * What the store already holds for a workspace: its last published snapshot (after a restart,
 * the generation a live workspace starts from) and the one-shot shortcut when that snapshot
 * still matches the scanned tree by stat (a re-index with nothing changed reads no file). Owns
 * these reads.
 */
import type { BuildReport } from '@repograph/core';
import type { FileEntry, RepoStore } from '@repograph/store';
import type { WorkspaceRefresh } from './refresh/types.js';
import type { ScanResult } from './worktree-scan.js';

/** A workspace's published snapshot as the live workspace tracks it. */
export interface Publication {
  generation: number;
  report: BuildReport;
  head: string | null;
  contents: Map<string, Uint8Array>;
  /** The build fingerprint it was published under (build-fingerprint.ts; '' in older stores). */
  policy: string;
}

/** The workspace's snapshot as the store holds it, or null before its first publication. */
export function storedPublication(store: RepoStore, key: string): Publication | null {
  const reader = store.reader(key);
  if (!reader) return null;
  try {
    const info = reader.info;
    const contents = new Map<string, Uint8Array>();
    for (const [path, text] of Object.entries((info.meta.contents as Record<string, string> | undefined) ?? {})) {
      contents.set(path, Buffer.from(text, 'utf8'));
    }
    return {
      generation: info.generation, report: { ...info.report, generation: info.generation },
      head: (info.meta.head as string | null | undefined) ?? null, contents, policy: (info.meta.policy as string | undefined) ?? '',
    };
  } finally {
    reader.close();
  }
}

/** A ready answer when the stored snapshot still matches the scanned tree by stat, else null. */
export function storedShortcut(
  store: RepoStore, key: string, scan: ScanResult, head: string | null, policy: string,
): ((timings: Record<string, number>) => WorkspaceRefresh) | null {
  const reader = store.reader(key);
  if (!reader) return null;
  try {
    const info = reader.info;
    if (info.meta.head !== head || Object.keys((info.meta.contents as Record<string, string> | undefined) ?? {}).length > 0) return null;
    // Built under another policy (.repograph.json changed): the tree must be bound again.
    if ((info.meta.policy ?? '') !== policy) return null;
    const previous = new Map<string, FileEntry>();
    for (const entry of reader.files()) previous.set(entry.path, entry);
    if (previous.size !== scan.files.length) return null;
    for (const file of scan.files) {
      const before = previous.get(file.path);
      if (!before || before.size !== file.size || before.mtimeMs !== file.mtimeMs || before.ino !== file.ino) return null;
    }
    const report: BuildReport = info.report;
    const generation = info.generation;
    return (timings) => ({
      generation, published: false, report: { ...report, unchanged: true, timings }, digest: report.digest,
      change: { paths: [], reparsed: [], affected: [], removedFiles: [], symbols: { added: [], removed: [], changed: [] }, reingestMs: 0 },
      bind: { mode: 'full', files: 0 }, coldStart: true,
    });
  } finally {
    reader.close();
  }
}
