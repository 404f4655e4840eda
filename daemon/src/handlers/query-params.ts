/**
 * Params validators of the queries (symbols.*, code.*, refs.find, graph.callers/callees,
 * repo.export) and of the QueryScope every query takes (`workspace?`, `sync?`): raw JSON in,
 * the protocol's declared params out, InvalidParams naming the field otherwise. The session
 * runs them before the handler, so a bad query is refused before any `sync` wait. Owns these
 * checks only.
 */
import {
  WIRE_RELATION_KINDS, WIRE_SYMBOL_KINDS, type CallTreeParams, type CodeSearchTextParams, type CodeSpanParams, type QueryScope,
  type RefsFindParams, type RepoExportParams, type SymbolIdParams, type SymbolsContextParams, type SymbolsSearchParams,
  type WireRelationKind, type WireSymbolKind,
} from '@repograph/protocol';
import { invalid, optionalBoolean, optionalInteger, optionalString, optionalStringArray, requiredInteger, requiredString, type Params } from '../params.js';

/** `workspace?` and `sync?`, as every query takes them. */
export function queryScope(raw: Params): QueryScope {
  const workspace = optionalString(raw, 'workspace');
  const sync = optionalBoolean(raw, 'sync');
  return { ...(workspace !== undefined ? { workspace } : {}), ...(sync !== undefined ? { sync } : {}) };
}

export function symbolsSearchParams(raw: Params): SymbolsSearchParams {
  const query = requiredString(raw, 'query');
  const kinds = optionalStringArray(raw, 'kinds', WIRE_SYMBOL_KINDS) as WireSymbolKind[] | undefined;
  const path = optionalString(raw, 'path');
  const limit = optionalInteger(raw, 'limit', 1, Number.MAX_SAFE_INTEGER);
  return { ...queryScope(raw), query, ...(kinds ? { kinds } : {}), ...(path ? { path } : {}), ...(limit ? { limit } : {}) };
}

export function symbolIdParams(raw: Params): SymbolIdParams {
  return { ...queryScope(raw), id: requiredString(raw, 'id') };
}

export function symbolsContextParams(raw: Params): SymbolsContextParams {
  const maxCallees = optionalInteger(raw, 'maxCallees', 0, 1000);
  return { ...symbolIdParams(raw), ...(maxCallees !== undefined ? { maxCallees } : {}) };
}

export function codeSpanParams(raw: Params): CodeSpanParams {
  return {
    ...queryScope(raw),
    path: requiredString(raw, 'path'),
    startLine: requiredInteger(raw, 'startLine', 1, Number.MAX_SAFE_INTEGER),
    endLine: requiredInteger(raw, 'endLine', 1, Number.MAX_SAFE_INTEGER),
  };
}

export function codeSearchTextParams(raw: Params): CodeSearchTextParams {
  const pattern = requiredString(raw, 'pattern');
  const regex = optionalBoolean(raw, 'regex');
  const path = optionalString(raw, 'path');
  const limit = optionalInteger(raw, 'limit', 1, Number.MAX_SAFE_INTEGER);
  return { ...queryScope(raw), pattern, ...(regex !== undefined ? { regex } : {}), ...(path ? { path } : {}), ...(limit ? { limit } : {}) };
}

export function refsFindParams(raw: Params): RefsFindParams {
  const kinds = optionalStringArray(raw, 'kinds', WIRE_RELATION_KINDS) as WireRelationKind[] | undefined;
  return { ...symbolIdParams(raw), ...(kinds ? { kinds } : {}) };
}

export function callTreeParams(raw: Params): CallTreeParams {
  const depth = optionalInteger(raw, 'depth', 1, Number.MAX_SAFE_INTEGER);
  return { ...symbolIdParams(raw), ...(depth ? { depth } : {}) };
}

/** `format` defaults to 'jsonl', the only format. */
export function repoExportParams(raw: Params): RepoExportParams {
  const format = raw.format ?? 'jsonl';
  if (format !== 'jsonl') throw invalid('format', "only 'jsonl' is supported.");
  const exportId = optionalString(raw, 'exportId');
  return { ...queryScope(raw), format, ...(exportId !== undefined ? { exportId } : {}) };
}
