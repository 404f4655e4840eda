/**
 * The functions of a workspace by skeleton fingerprint and by branch-shape hash, for the
 * duplicate findings of a delta. Entries depend only on a file's own facts (ids are per file),
 * so a refresh replaces the entries of changed and removed files and nothing else. Owns the
 * index and which declarations are functions; the findings are the analysis's.
 */
import type { FileFacts } from '@repograph/core';
import { assignIds } from '@repograph/graph';

const FUNCTION_KINDS = new Set(['function', 'method', 'constructor']);

/** What the delta reads of an index: function ids by fingerprint and by branch shape, sorted. */
export interface FunctionLookup {
  withFingerprint(fingerprint: string): string[];
  withBranch(hash: string): string[];
}

interface Entry {
  id: string;
  fingerprint: string | undefined;
  branches: string[];
}

export class FunctionIndex implements FunctionLookup {
  private readonly byPath = new Map<string, Entry[]>();
  private readonly byFingerprint = new Map<string, Set<string>>();
  private readonly byBranch = new Map<string, Set<string>>();

  /** A copy that later updates of this one do not change. */
  clone(): FunctionIndex {
    const copy = new FunctionIndex();
    for (const [path, entries] of this.byPath) copy.byPath.set(path, entries);
    for (const [key, ids] of this.byFingerprint) copy.byFingerprint.set(key, new Set(ids));
    for (const [key, ids] of this.byBranch) copy.byBranch.set(key, new Set(ids));
    return copy;
  }

  /**
   * This index with the entries of `replaced`'s paths replaced by those of their facts (null: the
   * file left), without copying it: a review's head is its base with the changed files replaced,
   * so this costs what changed. Later updates of this index show through (use it at once).
   */
  overlay(replaced: ReadonlyMap<string, FileFacts | null>): FunctionLookup {
    const own = new FunctionIndex();
    const hidden = new Set<string>();
    for (const [path, facts] of replaced) {
      for (const entry of this.byPath.get(path) ?? []) hidden.add(entry.id);
      own.set(path, facts);
    }
    const merge = (below: string[], above: string[]): string[] => [...below.filter((id) => !hidden.has(id)), ...above].sort();
    return {
      withFingerprint: (fingerprint) => merge(this.withFingerprint(fingerprint), own.withFingerprint(fingerprint)),
      withBranch: (hash) => merge(this.withBranch(hash), own.withBranch(hash)),
    };
  }

  /** Replaces the entries of `path` with those of its facts (null: the file left or has none). */
  set(path: string, facts: FileFacts | null): void {
    for (const entry of this.byPath.get(path) ?? []) {
      if (entry.fingerprint) this.byFingerprint.get(entry.fingerprint)?.delete(entry.id);
      for (const branch of entry.branches) this.byBranch.get(branch)?.delete(entry.id);
    }
    this.byPath.delete(path);
    if (!facts) return;
    const ids = assignIds([{ path, facts }]).get(path) ?? [];
    const entries: Entry[] = [];
    facts.declarations.forEach((declaration, index) => {
      const id = ids[index];
      if (id === undefined || !FUNCTION_KINDS.has(declaration.kind)) return;
      const entry = { id, fingerprint: declaration.fingerprint, branches: declaration.branches ?? [] };
      entries.push(entry);
      if (entry.fingerprint) add(this.byFingerprint, entry.fingerprint, id);
      for (const branch of entry.branches) add(this.byBranch, branch, id);
    });
    if (entries.length > 0) this.byPath.set(path, entries);
  }

  withFingerprint(fingerprint: string): string[] {
    return [...(this.byFingerprint.get(fingerprint) ?? [])].sort();
  }

  withBranch(hash: string): string[] {
    return [...(this.byBranch.get(hash) ?? [])].sort();
  }
}

function add(map: Map<string, Set<string>>, key: string, id: string): void {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(id);
}
