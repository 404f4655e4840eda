/**
 * Params validators of the queries (symbols.*, code.*, refs.find, graph.callers/callees,
 * repo.export), of the QueryScope every query takes (`workspace?`, `sync?`) and of the
 * ReadScope of the read-only queries (QueryScope, or `commit?` instead of `workspace`): raw JSON
 * in, the protocol's declared params out, InvalidParams naming the field otherwise. The session
 * runs them before the handler, so a bad query is refused before any `sync` wait, or the wait
 * for a first index: a `path` outside the repository (absolute, `..` above the root) is refused
 * here with PathOutsideRepo (the engine normalizes it and checks it again against the tree: no
 * link out of it). Owns these checks only.
 */
import {
  WIRE_RELATION_KINDS, WIRE_SYMBOL_KINDS, type CallTreeParams, type CodeSearchTextParams, type CodeSpanParams, type GraphCallersParams,
  type QueryScope, type ReadScope, type RefsFindParams, type RepoExportParams, type SymbolIdParams, type SymbolsContextParams, type SymbolsSearchParams,
  type WireRelationKind, type WireSymbolKind,
} from '@repograph/protocol';
import {
  invalid, optionalBoolean, optionalInteger, optionalRevision, optionalString, optionalStringArray, requiredInteger, requiredString, type Params,
} from '../params.js';
import { repositoryPath, repositoryPrefix } from '@repograph/engine';

/** `workspace?` and `sync?`, as every query takes them. */
export function queryScope(raw: Params): QueryScope {
  const workspace = optionalString(raw, 'workspace');
  const sync = optionalBoolean(raw, 'sync');
  return { ...(workspace !== undefined ? { workspace } : {}), ...(sync !== undefined ? { sync } : {}) };
}

/** QueryScope, or `commit` (a commit-ish, at most MAX_REVISION_PARAM characters) instead of `workspace`. */
export function readScope(raw: Params): ReadScope {
  const scope = queryScope(raw);
  const commit = optionalRevision(raw, 'commit');
  if (commit === undefined) return scope;
  if (scope.workspace !== undefined) throw invalid('commit', 'give `workspace` or `commit`, not both: `commit` reads that commit\'s baseline, with no workspace overlay.');
  return { ...scope, commit };
}

export function symbolsSearchParams(raw: Params): SymbolsSearchParams {
  const query = requiredString(raw, 'query');
  const kinds = optionalStringArray(raw, 'kinds', WIRE_SYMBOL_KINDS) as WireSymbolKind[] | undefined;
  const path = optionalPrefix(raw, 'path');
  const limit = optionalInteger(raw, 'limit', 1, Number.MAX_SAFE_INTEGER);
  return { ...readScope(raw), query, ...(kinds ? { kinds } : {}), ...(path ? { path } : {}), ...(limit ? { limit } : {}) };
}

/** `path` as given, once repositoryPath accepts it (PathOutsideRepo, InvalidParams otherwise). */
export function insideRepository(path: string, field: string): string {
  repositoryPath(path, field);
  return path;
}

/**
 * An optional path prefix (a folder or a file; '.' is the whole tree) as given, once
 * repositoryPrefix accepts it (PathOutsideRepo, InvalidParams otherwise).
 */
export function optionalPrefix(raw: Params, field: string, maxLength?: number): string | undefined {
  const path = optionalString(raw, field, maxLength);
  if (path !== undefined && path !== '') repositoryPrefix(path, field);
  return path;
}

export function symbolIdParams(raw: Params): SymbolIdParams {
  return { ...readScope(raw), id: requiredString(raw, 'id') };
}

export function symbolsContextParams(raw: Params): SymbolsContextParams {
  const maxCallees = optionalInteger(raw, 'maxCallees', 0, 1000);
  return { ...symbolIdParams(raw), ...(maxCallees !== undefined ? { maxCallees } : {}) };
}

export function codeSpanParams(raw: Params): CodeSpanParams {
  return {
    ...readScope(raw),
    path: insideRepository(requiredString(raw, 'path'), 'path'),
    startLine: requiredInteger(raw, 'startLine', 1, Number.MAX_SAFE_INTEGER),
    endLine: requiredInteger(raw, 'endLine', 1, Number.MAX_SAFE_INTEGER),
  };
}

export function codeSearchTextParams(raw: Params): CodeSearchTextParams {
  const pattern = requiredString(raw, 'pattern');
  const regex = optionalBoolean(raw, 'regex');
  const path = optionalPrefix(raw, 'path');
  const limit = optionalInteger(raw, 'limit', 1, Number.MAX_SAFE_INTEGER);
  return { ...readScope(raw), pattern, ...(regex !== undefined ? { regex } : {}), ...(path ? { path } : {}), ...(limit ? { limit } : {}) };
}

export function refsFindParams(raw: Params): RefsFindParams {
  const kinds = optionalStringArray(raw, 'kinds', WIRE_RELATION_KINDS) as WireRelationKind[] | undefined;
  return { ...symbolIdParams(raw), ...(kinds ? { kinds } : {}) };
}

export function callTreeParams(raw: Params): CallTreeParams {
  const depth = optionalInteger(raw, 'depth', 1, Number.MAX_SAFE_INTEGER);
  return { ...symbolIdParams(raw), ...(depth ? { depth } : {}) };
}

/** callTreeParams and `followInterface?`. */
export function callersParams(raw: Params): GraphCallersParams {
  const followInterface = optionalBoolean(raw, 'followInterface');
  return { ...callTreeParams(raw), ...(followInterface !== undefined ? { followInterface } : {}) };
}

/** `format` defaults to 'jsonl', the only format. */
export function repoExportParams(raw: Params): RepoExportParams {
  const format = raw.format ?? 'jsonl';
  if (format !== 'jsonl') throw invalid('format', "only 'jsonl' is supported.");
  const exportId = optionalString(raw, 'exportId');
  return { ...queryScope(raw), format, ...(exportId !== undefined ? { exportId } : {}) };
}
