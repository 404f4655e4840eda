/**
 * The extract stage: facts for the changed parsed files, from the fact cache by blob, the rest
 * extracted in the worker pool; then the tree's facts and per-file diagnostics updated for the
 * changed and removed paths. Owns that update; the cache and the pool are facts-source.ts's.
 */
import { join } from 'node:path';
import type { Diagnostic, FileFacts } from '@repograph/core';
import { collectFacts, factsCacheKey, type FactsRequest } from '../facts-source.js';
import { rebaseFacts } from '../rebase.js';
import { readRegularFileSync } from '../regular-file.js';
import { MAX_INDEXED_BYTES } from '../tree-files.js';
import type { TreeRead } from './read.js';
import type { LiveState } from './state.js';
import type { RefreshContext } from './types.js';

export interface ExtractInput {
  context: RefreshContext;
  state: LiveState | null;
  read: TreeRead;
  onProgress?: (done: number, total: number) => void;
  /** False: facts extracted now are not written to the fact cache (a dry run writes nothing). */
  cacheFacts: boolean;
}

export interface ExtractedTree {
  /** Facts of every parsed file of the tree, by path (the bound tree's map, updated). */
  facts: Map<string, FileFacts>;
  /** The engine's own diagnostics per file (unreadable, extraction failed). */
  fileDiagnostics: Map<string, Diagnostic[]>;
  cached: number;
  extracted: number;
  /** Files whose facts could not be had, plus files that could not be read. */
  failed: number;
}

export async function extractFacts(input: ExtractInput): Promise<ExtractedTree> {
  const { context, state, read } = input;
  const root = context.spec.root;
  const requests: FactsRequest[] = read.changed.filter((f) => f.action === 'parse').map((file) => ({
    key: factsCacheKey(file.blobId!, file.language!), blobId: file.blobId!, language: file.language!, path: file.path,
    load: async () => read.bytes.get(file.path) ?? regularBytes(join(root, file.path)),
  }));
  const outcome = await collectFacts(requests, context.host.store, context.host.getPool, input.onProgress, input.cacheFacts);
  read.bytes.clear();

  const facts = state ? state.facts : new Map<string, FileFacts>();
  const fileDiagnostics = state ? state.fileDiagnostics : new Map<string, Diagnostic[]>();
  for (const path of read.removed) {
    facts.delete(path);
    fileDiagnostics.delete(path);
  }
  const unreadable = new Set<string>();
  for (const diagnostic of read.readDiagnostics) {
    fileDiagnostics.set(diagnostic.path, [diagnostic]);
    unreadable.add(diagnostic.path);
  }
  const failed = new Map(outcome.failed.map((f) => [f.path, f.error] as const));
  for (const file of read.changed) {
    if (!unreadable.has(file.path)) fileDiagnostics.delete(file.path);
    const found = file.action === 'parse' && !failed.has(file.path) ? outcome.facts.get(factsCacheKey(file.blobId!, file.language!)) : undefined;
    if (found) facts.set(file.path, rebaseFacts(found, file.path));
    else facts.delete(file.path);
    const error = failed.get(file.path);
    if (error !== undefined) {
      fileDiagnostics.set(file.path, [{
        code: 'unreadable_file', severity: 'warning', path: file.path,
        message: `${file.path} could not be read (${error}); it is kept without symbols.`,
      }]);
    }
  }
  return {
    facts, fileDiagnostics, cached: outcome.cached, extracted: outcome.extracted,
    failed: outcome.failed.length + read.readDiagnostics.length,
  };
}

/** The bytes of a file read for extraction; throws (the file becomes unreadable) unless it is a regular file. */
function regularBytes(absolute: string): Uint8Array {
  const read = readRegularFileSync(absolute, MAX_INDEXED_BYTES);
  if (!read.ok) throw new Error(`${read.problem}${read.errno ? ` ${read.errno}` : ''}`);
  return read.bytes;
}
